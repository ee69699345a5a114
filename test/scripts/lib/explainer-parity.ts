/**
 * What the generated explainers' parity tests share (test/scripts/lib/compile-explainer.test.ts, test/fuzz/suite.ts):
 * the interpreter alone, as the runtime would run it without the generated code, and a comparable form of raw issues.
 */
import { Explainer, type RawIssue } from '../../../src/engine/explain.js';
import { formats } from '../../../src/engine/formats.js';
import type { LoadedVariant } from '../../../src/engine/load-validators.js';
import { partialDefinitions } from '../../../src/engine/schema-places.js';

const interpreters = new WeakMap<LoadedVariant, Explainer>();

/** The interpreter alone, with the variant's closed validators to skip what passes (as the runtime's explainer); one per variant. */
export function interpreterOf(variant: LoadedVariant): Explainer {
  let explainer = interpreters.get(variant);
  if (!explainer) {
    const definitions = variant.definitions;
    explainer = new Explainer({
      definitions,
      partial: partialDefinitions(definitions),
      formats: formats as never,
      passes: (definition, value) => variant.closedValidator(definition)?.(value) ?? false,
    });
    interpreters.set(variant, explainer);
  }
  return explainer;
}

/** Raw issues in a form compared by content (a Set as its sorted names). */
export function comparable(issues: readonly RawIssue[]): unknown {
  const plain = (value: unknown): unknown => {
    if (value instanceof Set) return { set: [...(value as Set<string>)].sort() };
    if (Array.isArray(value)) return value.map(plain);
    if (typeof value === 'object' && value !== null)
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plain(inner)]));
    return value;
  };
  return plain(issues);
}

/**
 * Where the type's closed validator found its first error in `value` (what `validate` hands the explainer as
 * `failedAt`), or undefined when it passes the value.
 */
export function closedFailure(variant: LoadedVariant, type: string, value: unknown): string | undefined {
  const closed = variant.closedValidator(type);
  if (!closed || closed(value)) return undefined;
  return closed.errors?.[0]?.instancePath;
}
