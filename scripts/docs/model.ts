/**
 * What the reference site is built from, gathered once: per variant the definitions, the error
 * catalogue, who refers to what, the methods touching each type, and the conformance run (the
 * examples are the valid fixture cases that passed, run as `bindu-protocol conformance` runs them); across
 * variants, SPEC-NOTES rendered, and which decisions mention which type; the Python package's guide
 * (python/README.md) rendered.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MethodSpec, VariantSpec } from '../../schemas/variant.js';
import type { ResolvedCase, Part } from '../../src/library/conformance/fixture.js';
import { errorCatalogue, type CatalogueEntry } from '../lib/catalogue.js';
import { directRefs, type JsonSchema } from '../lib/json-schema.js';
import { runFixtures, type CaseExtras, type FixtureRun } from './conformance.js';
import { renderMarkdown, type MarkdownResult } from './markdown.js';

export interface VariantDoc {
  readonly name: string;
  readonly spec: VariantSpec;
  readonly definitions: Map<string, JsonSchema>;
  readonly catalogue: readonly CatalogueEntry[];
  readonly errorByName: ReadonlyMap<string, CatalogueEntry>;
  /** Type → the types whose definitions refer to it directly. */
  readonly usedBy: ReadonlyMap<string, readonly string[]>;
  /** Type → the methods whose envelopes, params, result or errors name it directly. */
  readonly methodsByType: ReadonlyMap<string, readonly string[]>;
  readonly run: FixtureRun;
  /** Valid cases that passed, by target key (`type:Task`, `method:tasks/get:request`). */
  readonly examples: ReadonlyMap<string, readonly ResolvedCase[]>;
  /** Case counts by target key. */
  readonly counts: ReadonlyMap<string, { valid: number; invalid: number }>;
  readonly extras: ReadonlyMap<string, CaseExtras>;
}

export interface SiteModel {
  readonly variants: readonly VariantDoc[];
  readonly byName: ReadonlyMap<string, VariantDoc>;
  readonly specNotes: MarkdownResult;
  /** python/README.md, the Python package's guide, rendered (its HTML comments left out). */
  readonly python: MarkdownResult;
  /** README.md's "Check your agent in CI" section, rendered: check-server as a CI gate. */
  readonly ci: MarkdownResult;
  /** Type name → decision ids (`B-5`) whose text names it. */
  readonly mentions: ReadonlyMap<string, readonly string[]>;
}

export const typeKey = (name: string) => `type:${name}`;
export const partKey = (method: string, part: Part) => `method:${method}:${part}`;

/** The `params` schema of a method (its request's `params` property), if it takes params. */
export function paramsSchema(definitions: Map<string, JsonSchema>, method: MethodSpec): JsonSchema | undefined {
  return ((definitions.get(method.request)?.properties ?? {}) as Record<string, JsonSchema>).params;
}

/** The `result` schema of a method (its success response's `result` property). */
export function resultSchema(definitions: Map<string, JsonSchema>, method: MethodSpec): JsonSchema | undefined {
  return ((definitions.get(method.successResponse)?.properties ?? {}) as Record<string, JsonSchema>).result;
}

function usage(definitions: Map<string, JsonSchema>, methods: readonly MethodSpec[]) {
  const usedBy = new Map<string, string[]>();
  for (const [name, schema] of definitions) {
    for (const ref of directRefs(schema)) {
      if (ref === name) continue;
      usedBy.set(ref, [...(usedBy.get(ref) ?? []), name]);
    }
  }
  const methodsByType = new Map<string, string[]>();
  for (const method of methods) {
    const names = new Set<string>([method.request, method.successResponse, method.response, ...method.errors]);
    const params = paramsSchema(definitions, method);
    const result = resultSchema(definitions, method);
    if (params) for (const ref of directRefs(params)) names.add(ref);
    if (result) for (const ref of directRefs(result)) names.add(ref);
    for (const name of names) methodsByType.set(name, [...(methodsByType.get(name) ?? []), method.method]);
  }
  for (const list of usedBy.values()) list.sort();
  return { usedBy, methodsByType };
}

export interface ModelInput {
  readonly root: string;
  readonly variants: readonly { spec: VariantSpec; definitions: Map<string, JsonSchema> }[];
  /** The other outputs of this build, path → content: the conformance run uses its validators. */
  readonly files: ReadonlyMap<string, string>;
}

export function buildModel(input: ModelInput): SiteModel {
  const runs = runFixtures(
    input.root,
    input.variants.map((v) => v.spec),
    input.files,
  );
  const variants: VariantDoc[] = input.variants.map(({ spec, definitions }) => {
    const catalogue = errorCatalogue(definitions);
    const run = runs.get(spec.name)!;
    const examples = new Map<string, ResolvedCase[]>();
    const counts = new Map<string, { valid: number; invalid: number }>();
    for (const outcome of run.report.outcomes) {
      const c = outcome.case;
      const key = 'type' in c.target ? typeKey(c.target.type) : partKey(c.target.method, c.target.part);
      const count = counts.get(key) ?? { valid: 0, invalid: 0 };
      if (c.valid) count.valid++;
      else count.invalid++;
      counts.set(key, count);
      if (c.valid && outcome.passed) examples.set(key, [...(examples.get(key) ?? []), c]);
    }
    return {
      name: spec.name,
      spec,
      definitions,
      catalogue,
      errorByName: new Map(catalogue.map((entry) => [entry.name, entry])),
      ...usage(definitions, spec.methods),
      run,
      examples,
      counts,
      extras: run.extras,
    };
  });
  const specNotes = renderMarkdown(readFileSync(join(input.root, 'SPEC-NOTES.md'), 'utf8'));
  const names = new Set(variants.flatMap((v) => [...v.definitions.keys()]));
  const mentions = new Map<string, string[]>();
  for (const [id, entry] of specNotes.entries) {
    const words = new Set(`${entry.title}\n${entry.text}`.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []);
    for (const word of words) if (names.has(word)) mentions.set(word, [...(mentions.get(word) ?? []), id]);
  }
  const python = renderMarkdown(readFileSync(join(input.root, 'python', 'README.md'), 'utf8').replace(/<!--[\s\S]*?-->\n?/g, ''));
  const readme = readFileSync(join(input.root, 'README.md'), 'utf8');
  const ciStart = readme.indexOf('## Check your agent in CI');
  const ciEnd = readme.indexOf('\n## ', ciStart + 1);
  const ci = renderMarkdown(ciStart < 0 ? '' : readme.slice(ciStart, ciEnd < 0 ? undefined : ciEnd));
  return { variants, byName: new Map(variants.map((v) => [v.name, v])), specNotes, python, ci, mentions };
}
