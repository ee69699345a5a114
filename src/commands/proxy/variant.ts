/**
 * Which variant the proxy validates with: `--variant`, else the agent card's (src/live/agent-card.ts
 * `chooseVariant`, the rule check-server follows), else, when no card was ever seen, the wire of
 * the first JSON-RPC request (`message/send` is v0.3, `SendMessage` v1.0). The choice is made
 * once and kept for the session.
 */
import { chooseVariant, type Wire } from '../../live/agent-card.js';

export interface Choice {
  readonly wire: Wire;
  /** The variant chosen (what the card or --variant says). */
  readonly variant: string;
  /** The variant whose validators check it (every variant a wire carries has its own). */
  readonly validator: string;
  /** One sentence: why this variant. */
  readonly reason: string;
}

function made(wire: Wire, variant: string, reason: string): Choice {
  return { wire, variant, validator: variant, reason };
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
