/**
 * Fixture lint: checks that fixture files are well formed and resolves their cases.
 *
 * A file must be valid JSON, sit at `<variant>/types/<Type>.json` or `<variant>/methods/<slug>.json`,
 * validate against conformance/fixture.schema.json, and hold only groups for its own target. Every
 * target must exist in the variant (a type, a method, a part the method has). Case ids are unique in
 * the file; `from` names a valid case of the same file (no cycles); patches apply; every expected
 * error's path designates a value in the case's data (for `required`, the object lacking the property).
 * Cases of a file with problems are still resolved where possible; a case with a problem is not run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type { Ajv2020 as Ajv2020Class, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type { FixtureFile } from './load-fixtures.js';
import { applyPatch, resolvePointer, type PatchOperation } from './patch.js';
import { methodSlug, targetName, type Catalogue, type LintIssue, type RawCase, type RawGroup, type ResolvedCase } from './fixture.js';

/** Compiles conformance/fixture.schema.json of the package. */
export function fixtureSchemaValidator(root: string): ValidateFunction {
  const schema = JSON.parse(readFileSync(join(root, 'conformance', 'fixture.schema.json'), 'utf8')) as object;
  // ajv is loaded here, when fixtures are linted, not when the CLI starts (its ~100 modules cost
  // more start-up time than every other command needs).
  const { Ajv2020 } = createRequire(import.meta.url)('ajv/dist/2020.js') as { Ajv2020: typeof Ajv2020Class };
  return new Ajv2020({ strict: true, strictRequired: false, strictTypes: false, allErrors: true }).compile(schema);
}

function schemaProblems(errors: readonly ErrorObject[]): string {
  // oneOf/anyOf/if produce a fan of errors; the leaf ones say what to fix.
  const leaves = errors.filter((error) => !['oneOf', 'anyOf', 'if', 'not', 'allOf'].includes(error.keyword));
  const shown = (leaves.length > 0 ? leaves : errors).slice(0, 5);
  const text = shown.map((error) => `${error.instancePath || '(file)'} ${error.message ?? 'is invalid'}`).join('; ');
  const more = errors.length - shown.length;
  return more > 0 ? `${text} (and ${more} more)` : text;
}

/** Where a fixture file sits: `types` or `methods`, and its stem; undefined when misplaced. */
function location(file: FixtureFile): { kind: 'types' | 'methods'; stem: string } | undefined {
  const match = /^[^/]+\/(types|methods)\/([^/]+)\.json$/.exec(file.file);
  return match ? { kind: match[1] as 'types' | 'methods', stem: match[2]! } : undefined;
}

export interface LintResult {
  readonly issues: LintIssue[];
  readonly cases: ResolvedCase[];
}

/**
 * Lints the files of one variant and resolves their cases. `catalogue` is undefined when the package
 * has no such variant; targets are then not checked (the runner reports the variant itself).
 */
export function lintVariant(
  files: readonly FixtureFile[],
  catalogue: Catalogue | undefined,
  validateFixture: ValidateFunction,
): LintResult {
  const issues: LintIssue[] = [];
  const cases: ResolvedCase[] = [];
  const types = new Set(catalogue?.types ?? []);
  const methods = new Map((catalogue?.methods ?? []).map((method) => [method.method, new Set(method.parts)]));

  for (const file of files) {
    const problem = (message: string, id?: string) =>
      issues.push(id === undefined ? { file: file.file, message } : { file: file.file, id, message });
    if (file.readError !== undefined) {
      problem(file.readError);
      continue;
    }
    const where = location(file);
    if (!where) {
      problem('misplaced: fixture files go in <variant>/types/<Type>.json or <variant>/methods/<method-slug>.json');
      continue;
    }
    if (!validateFixture(file.content)) {
      problem(`does not match conformance/fixture.schema.json: ${schemaProblems(validateFixture.errors ?? [])}`);
      continue;
    }
    const groups = file.content as RawGroup[];

    // Targets: the file's own, and existing in the variant.
    const badGroups = new Set<RawGroup>();
    for (const group of groups) {
      const target = group.target;
      const name = targetName(target);
      if ('type' in target) {
        if (where.kind !== 'types' || target.type !== where.stem) {
          problem(`group "${group.description}" targets ${name}, which belongs in ${file.variant}/types/${target.type}.json`);
          badGroups.add(group);
        } else if (catalogue && !types.has(target.type)) {
          problem(`unknown target: ${file.variant} has no type "${target.type}"`);
          badGroups.add(group);
        }
      } else {
        const parts = methods.get(target.method);
        if (where.kind !== 'methods' || methodSlug(target.method) !== where.stem) {
          problem(
            `group "${group.description}" targets ${name}, which belongs in ${file.variant}/methods/${methodSlug(target.method)}.json`,
          );
          badGroups.add(group);
        } else if (catalogue && !parts) {
          problem(`unknown target: ${file.variant} has no method "${target.method}"`);
          badGroups.add(group);
        } else if (catalogue && !parts!.has(target.part)) {
          problem(`unknown target: ${target.method} has no ${target.part} part (it takes no params)`);
          badGroups.add(group);
        }
      }
    }

    // Ids unique within the file.
    const byId = new Map<string, { raw: RawCase; group: RawGroup }>();
    const duplicates = new Set<string>();
    for (const group of groups) {
      for (const raw of group.tests) {
        if (byId.has(raw.id)) {
          if (!duplicates.has(raw.id)) problem(`duplicate id "${raw.id}"`, raw.id);
          duplicates.add(raw.id);
        } else byId.set(raw.id, { raw, group });
      }
    }

    // Resolve data: `from` + `patch`, following chains, refusing cycles.
    const resolved = new Map<string, { ok: true; data: unknown } | { ok: false }>();
    const resolve = (id: string, chain: string[]): { ok: true; data: unknown } | { ok: false } => {
      const done = resolved.get(id);
      if (done) return done;
      const entry = byId.get(id)!;
      const raw = entry.raw;
      let result: { ok: true; data: unknown } | { ok: false };
      if (raw.from === undefined) {
        result = { ok: true, data: raw.data };
      } else {
        const base = byId.get(raw.from);
        if (!base) {
          problem(`"from" names "${raw.from}", which is not a case of this file`, id);
          result = { ok: false };
        } else if (!base.raw.valid) {
          problem(`"from" names "${raw.from}", which is an invalid case (it must start from a valid one)`, id);
          result = { ok: false };
        } else if (chain.includes(raw.from)) {
          problem(`"from" chain loops: ${[...chain, raw.from].join(' -> ')}`, id);
          result = { ok: false };
        } else {
          const from = resolve(raw.from, [...chain, raw.from]);
          if (!from.ok) {
            problem(`"from" case "${raw.from}" could not be resolved`, id);
            result = { ok: false };
          } else {
            try {
              result = { ok: true, data: applyPatch(from.data, raw.patch as PatchOperation[]) };
            } catch (error) {
              problem(`patch does not apply: ${(error as Error).message}`, id);
              result = { ok: false };
            }
          }
        }
      }
      resolved.set(id, result);
      return result;
    };

    const stem = where.stem;
    for (const group of groups) {
      for (const raw of group.tests) {
        if (duplicates.has(raw.id)) continue;
        const data = resolve(raw.id, [raw.id]);
        if (!data.ok || badGroups.has(group)) continue;
        const expected = raw.errors ?? [];
        const dangling = expected.filter((error) => {
          try {
            return !resolvePointer(data.data, error.path).found;
          } catch {
            return true;
          }
        });
        for (const error of dangling)
          problem(`expected error path "${error.path}" (${error.keyword}) designates nothing in the data`, raw.id);
        if (dangling.length > 0) continue;
        cases.push({
          fullId: `${file.variant}/${stem}#${raw.id}`,
          id: raw.id,
          variant: file.variant,
          file: file.file,
          description: raw.description,
          target: group.target,
          valid: raw.valid,
          data: data.data,
          errors: expected,
        });
      }
    }
  }
  return { issues, cases };
}
