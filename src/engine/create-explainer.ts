/**
 * Builds a variant's explainer (explain.ts) with the format checks (formats.ts) and the partial definitions
 * (schema-places.ts) it needs. A module of its own so that what only an invalid payload needs is reached through one
 * function: the package root's ES module bundle loads it, and all it imports, the first time a payload fails
 * (scripts/lib/lazy-chunks.ts).
 */
import { Explainer, type CompiledExplain, type FormatCheck } from './explain.js';
import { formats } from './formats.js';
import { partialDefinitions, type Definitions } from './schema-places.js';

/**
 * The explainer of the definitions `definitions`; `passes` tells whether a value passes a definition's closed
 * validator, `compiled` gives a definition's generated explainer (when there is one).
 */
export function createExplainer(
  definitions: Definitions,
  passes: (definition: string, value: unknown) => boolean,
  compiled?: (definition: string) => CompiledExplain | undefined,
): Explainer {
  return new Explainer({
    definitions,
    partial: partialDefinitions(definitions),
    formats: formats as Readonly<Record<string, FormatCheck>>,
    passes,
    compiled,
  });
}
