/**
 * Which variant the proxy validates with: `--variant`, else the agent card's (src/wire.ts
 * `chooseVariant`, the rule check-server follows), else, when no card was ever seen, the wire of
 * the first JSON-RPC request (`message/send` is v0.3, `SendMessage` v1.0). The choice is made
 * once and kept for the session.
 */
import { availableVariants } from '../validate/load.js';
import { chooseVariant, type Wire } from '../wire.js';

/**
 * The variant whose validators are loaded for `name`: the name itself when the package has it.
 * `a2a-v1` falls back to `aion` (a2a-v1 plus the aion extension, so every A2A v1.0 payload it
 * accepts) until a2a-v1 lands.
 */
export function validatorVariant(name: string): string {
  if (name === 'a2a-v1' && !availableVariants().includes('a2a-v1')) return 'aion'; // until a2a-v1 lands
  return name;
}

export interface Choice {
  readonly wire: Wire;
  /** The variant chosen (what the card or --variant says). */
  readonly variant: string;
  /** The variant whose validators check it (see validatorVariant). */
  readonly validator: string;
  /** One sentence: why this variant. */
  readonly reason: string;
}

function made(wire: Wire, variant: string, reason: string): Choice {
  const validator = validatorVariant(variant);
  const note = validator === variant ? '' : ` (checked with ${validator}, which this package version has in its place)`;
  return { wire, variant, validator, reason: `${reason}${note}` };
}

/** The choice `--variant` makes, or undefined for a name no wire carries. */
export function requestedChoice(variant: string, card?: unknown): Choice | undefined {
  const chosen = chooseVariant(card, variant);
  return chosen ? made(chosen.wire, chosen.variant, chosen.reason) : undefined;
}

/** The choice an agent card makes, or undefined when the card shows neither wire. */
export function cardChoice(card: unknown): Choice | undefined {
  const chosen = chooseVariant(card);
  return chosen ? made(chosen.wire, chosen.variant, chosen.reason) : undefined;
}

/** The choice a JSON-RPC method name makes when no card was seen: v0.3 names have a slash. */
export function methodChoice(method: string): Choice {
  return method.includes('/')
    ? made('v0.3', 'bindu', `variant bindu: no agent card seen, and the first request's method "${method}" is an A2A v0.3 name`)
    : made('v1.0', 'a2a-v1', `variant a2a-v1: no agent card seen, and the first request's method "${method}" is an A2A v1.0 name`);
}
