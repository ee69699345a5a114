/**
 * The property tests of one variant (each variant's file calls `fuzzVariant`, so that vitest
 * runs the variants in parallel). For every type of the variant:
 *
 * 1. hostile input: arbitrary JSON values, objects with keys such as `__proto__`, `constructor`,
 *    `kind`, `method`, and near misses (a valid value with one subtree replaced by any JSON, a key
 *    removed, or a hostile key added) never make `validate` (open or strict) or `validateMessage`
 *    throw, and the results have the documented shape (every message and hint readable);
 * 2. valid values generated from the TypeBox sources (arbitrary.ts) validate, also with
 *    `strict: true`, with no error and no warning; a method's request is also a valid message,
 *    and its success response a valid response to that method;
 * 3. one mutation from the fixed set (arbitrary.ts) makes the value invalid, open and strict,
 *    with an error at the path and with the keyword the mutation's convention names;
 * 4. (a variant with deprecated forms: a2a-v1, aion) the other accepted spelling of a generated value (a
 *    field under its proto name, an enum value by number) is valid with no warning, and strict
 *    validation reports it as `deprecated` at the renamed key or the value.
 *
 * On every input, two more checks: every reported path designates a value of the input (or, for
 * a key-level keyword, the object holding the key), and the verdicts agree with the explainer
 * walking the published JSON Schema on its own (no precompiled validator to skip what passes):
 * an independent implementation of the same schemas, so ajv's verdict and the explainer's are
 * compared on every case (open: no error; strict: no error, unknown key or deprecated form).
 *
 * Budget: `FUZZ_RUNS` is a MULTIPLIER (default 1) of the per-variant budget of 10,000 cases,
 * spread evenly over the variant's types and properties 1–3 (each of them runs
 * ceil(10,000 × FUZZ_RUNS / (types × 3)) cases per type; property 4 runs as many again, on top).
 * A summary line per variant (`fuzz a2a: 10,044 cases (…)`) gives the counts. The seed is fixed (`FUZZ_SEED`, default
 * 20261121), combined with the variant, the type and the property so that every property gets
 * its own stream; a failure names the seed and path fast-check needs to replay it.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { formats } from '../../src/engine/formats.js';
import { Explainer } from '../../src/engine/explain.js';
import { CALL_OPTIONS, loadVariant } from '../../src/engine/load-validators.js';
import { isErrorIssue } from '../../src/engine/validation-issue.js';
import { partialDefinitions, type Definitions } from '../../src/engine/schema-places.js';
import { closedFailure, comparable, interpreterOf } from '../scripts/lib/explainer-parity.js';
import { validate, type ValidationIssue, type ValidationResult } from '../../src/library/validate.js';
import { validateMessage } from '../../src/library/validate-message.js';
import { variants, type VariantName } from '../../src/library/typebox-variants.js';
import {
  arbitraryFor,
  certain,
  jsonArb,
  keyArb,
  MUTATION_KINDS,
  mutate,
  pointer,
  typeNames,
  type MutationKind,
  type Sample,
} from './arbitrary.js';

export const BUDGET = 10_000;
export const MULTIPLIER = (() => {
  const raw = process.env.FUZZ_RUNS;
  if (raw === undefined || raw === '') return 1;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`FUZZ_RUNS must be a positive number (a multiplier of ${BUDGET} cases per variant), not "${raw}"`);
  return value;
})();
export const SEED = (() => {
  const raw = process.env.FUZZ_SEED;
  if (raw === undefined || raw === '') return 20261121;
  const value = Number(raw);
  if (!Number.isInteger(value)) throw new Error(`FUZZ_SEED must be an integer, not "${raw}"`);
  return value;
})();

/** A 32-bit seed per property: the base seed mixed with its name (FNV-1a). */
export function seedFor(name: string): number {
  let hash = 0x811c9dc5 ^ SEED;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  return hash | 0;
}

/**
 * Types that cannot be generated, with the reason. Empty: every type of every variant has a
 * generator. The test fails if an entry is listed here but can be generated (a stale entry), or
 * if a type not listed cannot.
 */
export const UNGENERATABLE: Readonly<Record<VariantName, Readonly<Record<string, string>>>> = {
  a2a: {},
  bindu: {},
  'a2a-v1': {},
  aion: {},
};

const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'kind',
  'method',
  'jsonrpc',
  'id',
  'params',
  'result',
  'error',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'type',
  'role',
  'parts',
];

/** Objects whose keys are the ones naive code trips on, shaped like the protocol's objects. */
const hostileObject: fc.Arbitrary<unknown> = fc
  .dictionary(fc.oneof(fc.constantFrom(...HOSTILE_KEYS), keyArb), jsonArb, { minKeys: 1, maxKeys: 5, noNullPrototype: true })
  .map((value) => JSON.parse(JSON.stringify(value)) as unknown);

/** A near miss: a valid value with one subtree replaced, one key removed, or a hostile key added. */
function nearMiss(sample: fc.Arbitrary<Sample>): fc.Arbitrary<unknown> {
  return fc
    .tuple(sample, fc.nat(), jsonArb, fc.constantFrom(...HOSTILE_KEYS), fc.constantFrom('replace', 'delete', 'add'))
    .map(([{ value }, pick, replacement, key, how]) => {
      const copy = JSON.parse(JSON.stringify(value)) as unknown;
      const nodes: unknown[] = [];
      const collect = (node: unknown) => {
        if (typeof node !== 'object' || node === null) return;
        nodes.push(node);
        for (const child of Object.values(node)) collect(child);
      };
      collect(copy);
      if (nodes.length === 0) return replacement;
      const node = nodes[pick % nodes.length] as Record<string, unknown>;
      const keys = Object.keys(node);
      if (Array.isArray(node) && how === 'add') node.push(replacement);
      else if (how === 'add' || keys.length === 0)
        Object.defineProperty(node, key, { value: replacement, enumerable: true, writable: true, configurable: true });
      else if (how === 'delete' && Array.isArray(node)) node.splice(pick % node.length, 1);
      else if (how === 'delete') delete node[keys[pick % keys.length]!];
      else node[keys[pick % keys.length]!] = replacement;
      return copy;
    });
}

function checkIssues(issues: readonly ValidationIssue[], where: string): void {
  if (!Array.isArray(issues)) throw new Error(`${where} is not an array`);
  for (const issue of issues) {
    if (typeof issue.path !== 'string' || (issue.path !== '' && !issue.path.startsWith('/')))
      throw new Error(`${where}: bad path ${JSON.stringify(issue.path)}`);
    if (typeof issue.keyword !== 'string' || issue.keyword === '')
      throw new Error(`${where}: bad keyword ${JSON.stringify(issue.keyword)}`);
    if (typeof issue.message !== 'string' || issue.message === '')
      throw new Error(`${where}: bad message at ${issue.path} (${issue.keyword})`);
    if (issue.hint !== undefined && (typeof issue.hint !== 'string' || issue.hint === ''))
      throw new Error(`${where}: bad hint at ${issue.path} (${issue.keyword})`);
    JSON.stringify(issue);
  }
}

/** The documented shape of a result: a boolean verdict, errors and warnings of {path, keyword, message, hint?}. */
export function checkShape(result: ValidationResult): void {
  if (typeof result.valid !== 'boolean') throw new Error('valid is not a boolean');
  checkIssues(result.errors, 'errors');
  checkIssues(result.warnings, 'warnings');
  if (result.valid !== (result.errors.length === 0)) throw new Error(`valid is ${result.valid} with ${result.errors.length} error(s)`);
}

/** Whether a JSON Pointer designates a value in `root`. */
function designates(root: unknown, path: string): boolean {
  if (path === '') return true;
  let node = root;
  for (const raw of path.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, token)) return false;
    node = (node as Record<string, unknown>)[token];
  }
  return true;
}

function checkPaths(result: ValidationResult, value: unknown, what: string): void {
  for (const issue of [...result.errors, ...result.warnings]) {
    if (!designates(value, issue.path))
      throw new Error(`${what}: the path "${issue.path}" (${issue.keyword}) designates nothing in the input`);
  }
}

/** The explainer over the published bundle, without the precompiled validators (see the file comment). */
const standalone = new Map<VariantName, Explainer>();
function standaloneExplainer(variant: VariantName): Explainer {
  let explainer = standalone.get(variant);
  if (!explainer) {
    const bundle = JSON.parse(readFileSync(new URL(`../../generated/json-schema/${variant}.json`, import.meta.url), 'utf8')) as {
      $defs: Definitions;
    };
    explainer = new Explainer({ definitions: bundle.$defs, partial: partialDefinitions(bundle.$defs), formats: formats as never });
    standalone.set(variant, explainer);
  }
  return explainer;
}

/**
 * The open and strict verdicts, and the open validator's own, agree with the standalone explainer's; the generated
 * explainers (scripts/lib/compile-explainer.ts) find what the interpreter finds, in its order.
 */
function checkAgainstExplainer(variant: VariantName, type: string, value: unknown, open: ValidationResult, strict: ValidationResult): void {
  const raw = standaloneExplainer(variant).explainType(type, value);
  const errors = raw.filter(isErrorIssue);
  if (open.valid !== (errors.length === 0)) {
    throw new Error(
      `validate says ${open.valid ? 'valid' : 'invalid'}, the explainer finds ${errors.length} error(s): ${JSON.stringify(errors.map((issue) => `${issue.path} ${issue.keyword}`))}`,
    );
  }
  const loaded = loadVariant(variant);
  if (loaded.openValidator(type)(value, CALL_OPTIONS) !== (errors.length === 0)) {
    throw new Error(
      `the open validator and the explainer disagree: the explainer finds ${JSON.stringify(errors.map((issue) => `${issue.path} ${issue.keyword}`))}`,
    );
  }
  if (!strict.valid) {
    const compiled = JSON.stringify(comparable(loaded.explainer.explainType(type, value)));
    const interpreted = JSON.stringify(comparable(interpreterOf(loaded).explainType(type, value)));
    if (compiled !== interpreted) throw new Error(`the generated explainer finds ${compiled}, the interpreter ${interpreted}`);
    // As `validate` calls it, told where the closed validator failed.
    const failedAt = closedFailure(loaded, type, value);
    const told = JSON.stringify(comparable(loaded.explainer.explainType(type, value, failedAt)));
    if (told !== interpreted)
      throw new Error(
        `told the closed validator failed at "${failedAt}", the generated explainer finds ${told}, the interpreter ${interpreted}`,
      );
  }
  if (strict.valid !== (raw.length === 0)) {
    throw new Error(
      `strict validate says ${strict.valid ? 'valid' : 'invalid'}, the explainer finds ${JSON.stringify(raw.map((issue) => `${issue.kind} ${issue.path} ${issue.keyword}`))}`,
    );
  }
}

const describeResult = (result: ValidationResult) =>
  JSON.stringify(result.errors.map((issue) => ({ path: issue.path, keyword: issue.keyword, message: issue.message })));

export function fuzzVariant(variant: VariantName): void {
  const types = typeNames(variant);
  const runs = Math.ceil((BUDGET * MULTIPLIER) / (types.length * 3));
  const methods = variants[variant].methods as readonly { method: string; request: string; successResponse: string }[];
  const counts = { hostile: 0, valid: 0, mutated: 0, unmutated: 0, alternate: 0 };
  const byKind: Record<MutationKind, number> = Object.fromEntries(MUTATION_KINDS.map((kind) => [kind, 0])) as Record<MutationKind, number>;
  const started = Date.now();
  const hasAlternates = JSON.stringify(variants[variant].definitions).includes('"deprecated":true');
  const hasOneOf = JSON.stringify(variants[variant].definitions).includes('"oneOf":');
  const options = { variant } as const;
  const strict = { variant, strict: true } as const;

  const assert = <T extends [unknown, ...unknown[]]>(name: string, property: fc.IProperty<T>) => {
    const seed = seedFor(name);
    try {
      fc.assert(property, { seed, numRuns: runs });
    } catch (error) {
      throw new Error(`${name} (FUZZ_SEED=${SEED}, property seed ${seed}): ${(error as Error).message}`);
    }
  };

  describe(`fuzz ${variant} (${runs} cases per property and type, ${runs * 3 * types.length} in all)`, () => {
    afterAll(() => {
      const total = counts.hostile + counts.valid + counts.mutated + counts.unmutated + counts.alternate;
      const kinds = MUTATION_KINDS.map((kind) => `${kind} ${byKind[kind]}`).join(', ');
      console.log(
        `fuzz ${variant}: ${total.toLocaleString('en')} cases (${counts.hostile} hostile, ${counts.valid} valid, ${counts.mutated} mutated: ${kinds}; ${counts.unmutated} with no certain mutation; ${counts.alternate} alternate spellings) in ${((Date.now() - started) / 1000).toFixed(1)} s, FUZZ_RUNS=${MULTIPLIER}, FUZZ_SEED=${SEED}`,
      );
    });

    it('can generate every type (and the list of exceptions is not stale)', () => {
      const failures: Record<string, string> = {};
      for (const type of types) {
        try {
          arbitraryFor(variant, type);
        } catch (error) {
          failures[type] = (error as Error).message;
        }
      }
      expect(Object.keys(failures).sort()).toEqual(Object.keys(UNGENERATABLE[variant]).sort());
    });

    describe.each(types.filter((type) => !(type in UNGENERATABLE[variant])))('%s', (type) => {
      const samples = () => arbitraryFor(variant, type);
      const request = methods.find((method) => method.request === type);
      const response = methods.find((method) => method.successResponse === type);

      it('hostile input never throws, and the result has the documented shape', () => {
        const input = fc.oneof(
          { arbitrary: jsonArb, weight: 2 },
          { arbitrary: hostileObject, weight: 1 },
          { arbitrary: nearMiss(samples()), weight: 3 },
        );
        assert(
          `${variant}:${type}:hostile`,
          fc.property(input, (value) => {
            counts.hostile++;
            const open = validate(type, value, options);
            const closed = validate(type, value, strict);
            for (const [result, what] of [
              [open, 'validate'],
              [closed, 'strict validate'],
              [validateMessage(value, options), 'validateMessage'],
              [validateMessage(value, strict), 'strict validateMessage'],
            ] as const) {
              checkShape(result);
              checkPaths(result, value, what);
            }
            if (closed.valid && !open.valid) throw new Error('valid when strict, invalid otherwise');
            checkAgainstExplainer(variant, type, value, open, closed);
          }),
        );
      });

      it('generated values are valid, also strict', () => {
        assert(
          `${variant}:${type}:valid`,
          fc.property(samples(), ({ value }) => {
            counts.valid++;
            checkAgainstExplainer(variant, type, value, validate(type, value, options), validate(type, value, strict));
            for (const mode of [options, strict]) {
              const result = validate(type, value, mode);
              if (!result.valid || result.warnings.length > 0)
                throw new Error(
                  `${mode === strict ? 'strict: ' : ''}${describeResult(result)} warnings ${JSON.stringify(result.warnings.map((w) => `${w.path} ${w.keyword}`))}`,
                );
            }
            if (request) {
              const result = validateMessage(value, strict);
              if (!result.valid || result.warnings.length > 0)
                throw new Error(`validateMessage of a ${request.method} request: ${describeResult(result)}`);
            }
            if (response) {
              const result = validateMessage(value, { ...strict, method: response.method });
              if (!result.valid || result.warnings.length > 0)
                throw new Error(`validateMessage of a ${response.method} response: ${describeResult(result)}`);
            }
          }),
        );
      });

      it('one mutation makes a value invalid, with an error at the mutated path', () => {
        // The counterexample fast-check prints is the mutation and the mutated value only.
        const mutations = fc.tuple(samples(), fc.nat()).map(([sample, pick]) => {
          const usable = sample.sites.filter((site) => (MUTATION_KINDS as readonly string[]).includes(site.kind) && certain(sample, site));
          if (usable.length === 0) return undefined;
          // The kind first (each equally likely), then a site of that kind: wrong-type sites, the most numerous, do not crowd out the rest.
          const kinds = MUTATION_KINDS.filter((kind) => usable.some((site) => site.kind === kind));
          const ofKind = usable.filter((site) => site.kind === kinds[pick % kinds.length]);
          const site = ofKind[Math.floor(pick / kinds.length) % ofKind.length]!;
          return {
            kind: site.kind,
            at: pointer(site.target),
            expected: { path: pointer(site.expectPath), keywords: site.keywords },
            value: mutate(sample.value, site),
          };
        });
        assert(
          `${variant}:${type}:mutation`,
          fc.property(mutations, (mutation) => {
            if (mutation === undefined) {
              counts.unmutated++;
              return;
            }
            counts.mutated++;
            byKind[mutation.kind as MutationKind]++;
            const { path, keywords } = mutation.expected;
            checkAgainstExplainer(
              variant,
              type,
              mutation.value,
              validate(type, mutation.value, options),
              validate(type, mutation.value, strict),
            );
            for (const mode of [options, strict]) {
              const result = validate(type, mutation.value, mode);
              checkShape(result);
              checkPaths(result, mutation.value, mode === strict ? 'strict validate' : 'validate');
              const found = result.errors.some((issue) => issue.path === path && keywords.includes(issue.keyword));
              if (result.valid || !found) {
                throw new Error(
                  `${mutation.kind} at "${mutation.at}"${mode === strict ? ' (strict)' : ''}: expected ${keywords.join('|')} at "${path}", got ${result.valid ? 'valid' : describeResult(result)}`,
                );
              }
            }
          }),
        );
      });

      // Only a variant with deprecated forms (a2a-v1, aion) has alternate spellings.
      if (hasAlternates)
        it('the other accepted spelling (proto name, enum number) is valid, and strict rejects it as deprecated', () => {
          const alternates = fc.tuple(samples(), fc.nat()).map(([sample, pick]) => {
            const usable = sample.sites.filter((site) => site.kind === 'proto-name' || site.kind === 'enum-number');
            if (usable.length === 0) return undefined;
            const site = usable[pick % usable.length]!;
            return { kind: site.kind, at: pointer(site.target), expected: pointer(site.expectPath), value: mutate(sample.value, site) };
          });
          assert(
            `${variant}:${type}:alternate`,
            fc.property(alternates, (alternate) => {
              if (alternate === undefined) return;
              counts.alternate++;
              const open = validate(type, alternate.value, options);
              if (!open.valid || open.warnings.length > 0)
                throw new Error(
                  `${alternate.kind} at "${alternate.at}": ${describeResult(open)} warnings ${JSON.stringify(open.warnings.map((w) => `${w.path} ${w.keyword}`))}`,
                );
              const closed = validate(type, alternate.value, strict);
              checkPaths(closed, alternate.value, 'strict validate');
              if (closed.valid || !closed.errors.some((issue) => issue.path === alternate.expected && issue.keyword === 'deprecated')) {
                throw new Error(
                  `${alternate.kind} at "${alternate.at}" (strict): expected deprecated at "${alternate.expected}", got ${closed.valid ? 'valid' : describeResult(closed)}`,
                );
              }
              checkAgainstExplainer(variant, type, alternate.value, open, closed);
            }),
          );
        });
    });

    it('exercised every mutation that applies to the variant', () => {
      // Runs last in the file: the counts are those of the properties above (none when a name filter left them out).
      if (counts.mutated + counts.unmutated === 0) return;
      const expected: MutationKind[] = [
        'drop-required',
        'break-enum',
        'wrong-type',
        'wrong-discriminator',
        ...(hasOneOf ? (['second-one-of'] as const) : []),
      ];
      for (const kind of expected) expect(byKind[kind], kind).toBeGreaterThan(0);
      expect(counts.mutated).toBeGreaterThan(counts.unmutated);
      if (hasAlternates) expect(counts.alternate).toBeGreaterThan(0);
    });
  });
}
