/**
 * Which variant the proxy validates with: `--variant`, else the agent card's (src/live/agent-card.ts
 * `chooseVariant`, the rule check-server follows), else the traffic's. Without a card the wire comes from
 * the first JSON-RPC request (`message/send` is v0.3, `SendMessage` v1.0) and the variant is the wire's
 * base (a2a, a2a-v1) until a payload shows what only its extension has (bindu, aion): a method only the
 * extension's registry lists (generated/validators/<variant>.meta.json), or a payload the base rejects and
 * the extension accepts (Bindu's `taskId` where A2A has `id`). The proxy then says so and keeps the extension.
 */
import type { ValidationIssue } from '../../engine/issues.js';
import { loadVariant } from '../../engine/load-validators.js';
import { chooseVariant, type Wire } from '../../live/agent-card.js';
import { defaultVariant, VARIANT_TABLE, WIRE_OF_VARIANT } from '../../../schemas/variant-table.js';

export interface Choice {
  readonly wire: Wire;
  /** The variant chosen (what the card or --variant says). */
  readonly variant: string;
  /** The variant whose validators check it (every variant a wire carries has its own). */
  readonly validator: string;
  /** One sentence: why this variant. */
  readonly reason: string;
  /** Set when no card or --variant chose: the traffic may still show an extension's methods or fields. */
  readonly fromTraffic?: true;
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

/** The variant a wire's plain traffic is (the one of the table that extends none), and the one extending it. */
function wireBase(wire: Wire): { base: string; extension: string | undefined } {
  const base = VARIANT_TABLE.find((variant) => variant.wire === wire && !('base' in variant))!.name;
  const extension = VARIANT_TABLE.find((variant) => 'base' in variant && variant.base === base)?.name;
  return { base, extension };
}

/** The variant `variant` is extended by, when the traffic may still turn it into that one. */
export function extensionOf(variant: string): string | undefined {
  return VARIANT_TABLE.find((entry) => 'base' in entry && entry.base === variant)?.name;
}

const onlyCache = new Map<string, ReadonlySet<string>>();

/** The methods the registry of `extension` lists and the one of its base does not (Bindu's tasks/list, …). */
export function extensionOnlyMethods(base: string, extension: string): ReadonlySet<string> {
  const key = `${base} ${extension}`;
  let only = onlyCache.get(key);
  if (!only) {
    const inBase = new Set(loadVariant(base).meta.methods.map((method) => method.method));
    only = new Set(
      loadVariant(extension)
        .meta.methods.map((method) => method.method)
        .filter((name) => !inBase.has(name)),
    );
    onlyCache.set(key, only);
  }
  return only;
}

/** The variant a payload is checked with while nothing chose one (a request naming no method): the default's wire's plain one. */
export function provisionalVariant(): string {
  return wireBase(WIRE_OF_VARIANT[defaultVariant]!).base;
}

/**
 * The choice the first request's methods make when no card was seen (`methods` not empty): its wire's base
 * variant, or the extension when one of the methods is the extension's own.
 */
export function methodChoice(methods: readonly string[]): Choice {
  const first = methods[0]!;
  const wire: Wire = first.includes('/') ? 'v0.3' : 'v1.0';
  const { base, extension } = wireBase(wire);
  const own = extension ? methods.find((method) => extensionOnlyMethods(base, extension).has(method)) : undefined;
  const seen = `no agent card seen, and the first request's method "${own ?? first}"`;
  const choice =
    own !== undefined
      ? made(wire, extension!, `variant ${extension}: ${seen} is one only ${extension} has (A2A ${wire} wire)`)
      : made(
          wire,
          base,
          `variant ${base}: ${seen} is an A2A ${wire} name; plain ${base} until methods or fields only ` +
            `${extension ?? 'an extension'} has appear`,
        );
  return { ...choice, fromTraffic: true };
}

/** The choice once the traffic showed what only `extension` has (`what` says what, and where). */
export function extensionChoice(from: Choice, extension: string, what: string): Choice {
  return { ...made(from.wire, extension, `variant ${extension} from here on (was ${from.variant}): ${what}`), fromTraffic: true };
}

/** A verdict as the checks give it (./check.ts `Verdict`). */
interface Judged {
  readonly valid: boolean;
  readonly errors: readonly ValidationIssue[];
  readonly warnings: readonly ValidationIssue[];
}

const unknownKeys = (verdict: Judged): ValidationIssue[] => verdict.warnings.filter((item) => item.keyword === 'additionalProperties');
const where = (item: ValidationIssue): string => `${item.path || 'the root'} ${item.message}`;

/**
 * One JSON-RPC payload of exchange `seq` (its `part`: the request with `methods`, an answer or event with none)
 * judged by a variant the traffic chose: `check` runs a variant's checks. When the payload shows what only the
 * extension of that variant has, the verdict is the extension's and `choice` the new choice: a method only its
 * registry lists; a payload the base rejects and the extension accepts; or a key the base does not know (a
 * warning) and the extension does, in a payload the extension accepts.
 */
export function judgeFromTraffic<V extends Judged>(
  from: Choice,
  seq: number,
  part: string,
  methods: readonly string[],
  check: (variant: string) => V,
): { verdict: V; choice?: Choice } {
  const verdict = check(from.validator);
  const extension = from.fromTraffic ? extensionOf(from.validator) : undefined;
  if (extension === undefined) return { verdict };
  const own = methods.find((method) => extensionOnlyMethods(from.validator, extension).has(method));
  if (own !== undefined) {
    return {
      verdict: check(extension),
      choice: extensionChoice(from, extension, `exchange ${seq} calls "${own}", a method only ${extension} has`),
    };
  }
  const unknown = unknownKeys(verdict);
  if (verdict.valid && unknown.length === 0) return { verdict };
  const other = check(extension);
  if (!other.valid) return { verdict };
  const known = new Set(unknownKeys(other).map(where));
  const shown = verdict.valid ? unknown.find((item) => !known.has(where(item))) : verdict.errors[0];
  if (shown === undefined) return { verdict };
  const how = verdict.valid
    ? `${from.validator} does not know a key (${where(shown)}) that ${extension} knows`
    : `${from.validator} rejects it (${where(shown)}) and ${extension} accepts it`;
  return { verdict: other, choice: extensionChoice(from, extension, `exchange ${seq}'s ${part} has what only ${extension} has: ${how}`) };
}
