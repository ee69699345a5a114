/**
 * Differential test: every `a2a` conformance case gets the same verdict from the official A2A
 * v0.3.0 JSON Schema (../shared/reference/a2a-v0.3.0.schema.json, draft-07, read at run time and
 * never copied here) as the fixture gives it, except the cases SPEC-NOTES.md lists as deliberate
 * differences. The list lives in SPEC-NOTES.md itself: every `a2a/<file>#<id>` written in an
 * `### A2A-n` section is an excepted case of that entry. A case that differs without being listed
 * fails, and so does a listed case that does not differ (or no longer exists).
 *
 * The schema of a case is the official definition of the same name: a type's definition; for a
 * method part (registry of the `a2a` variant), the request type, its `params`, the success
 * response type, its `result`, or JSONRPCErrorResponse. The undeclared-code rule of the error part
 * is not JSON Schema, so an error case invalid only by that rule must be valid here (counted apart).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../../src/library/conformance/backend.js';
import { fixtureSchemaValidator, lintVariant } from '../../src/library/conformance/lint.js';
import { readVariantFiles } from '../../src/library/conformance/load-fixtures.js';
import type { ResolvedCase } from '../../src/library/conformance/fixture.js';
import { variants } from '../../src/library/typebox-variants.js';
import { ROOT, SHARED } from '../helpers.js';

const OFFICIAL_PATH = join(SHARED, 'reference', 'a2a-v0.3.0.schema.json');
/** An $id for the in-memory copy, so that wrappers can point into it. */
const OFFICIAL_ID = 'https://a2a-protocol.org/v0.3.0/a2a.schema.json';

type Json = Record<string, unknown>;

function readOfficial(): Json & { definitions: Record<string, Json> } {
  if (!existsSync(OFFICIAL_PATH))
    throw new Error(`the official A2A v0.3.0 schema is not at ${OFFICIAL_PATH} (../shared must sit beside the checkout)`);
  return JSON.parse(readFileSync(OFFICIAL_PATH, 'utf8')) as Json & { definitions: Record<string, Json> };
}

// ---------------------------------------------------------------------------------------------
// The documented differences, read from SPEC-NOTES.md
// ---------------------------------------------------------------------------------------------

interface Documented {
  /** `A2A-1`, `A2A-2`, ... */
  readonly entry: string;
  /** The property names the entry says must be absent (`FileWithBytes.uri` gives `uri`). */
  readonly properties: ReadonlySet<string>;
}

/** Every `a2a/<stem>#<id>` in an `### A2A-n` section of SPEC-NOTES.md, with its entry. */
function documentedDifferences(specNotes: string): { cases: Map<string, Documented>; duplicates: string[] } {
  const cases = new Map<string, Documented>();
  const duplicates: string[] = [];
  const sections = specNotes.split(/^(?=#{2,3} )/m);
  for (const section of sections) {
    const heading = /^### (A2A-\d+)\b/.exec(section);
    if (!heading) continue;
    const entry = heading[1]!;
    const properties = new Set([...section.matchAll(/^- `[A-Za-z0-9]+\.([A-Za-z0-9_]+)`/gm)].map((match) => match[1]!));
    for (const match of section.matchAll(/`(a2a\/[A-Za-z0-9-]+#[a-z0-9]+(?:-[a-z0-9]+)*)`/g)) {
      const id = match[1]!;
      if (cases.has(id)) duplicates.push(id);
      cases.set(id, { entry, properties });
    }
  }
  return { cases, duplicates };
}

// ---------------------------------------------------------------------------------------------
// The a2a cases and the official verdicts
// ---------------------------------------------------------------------------------------------

const backend = createBackend(ROOT);
const { issues, cases } = lintVariant(
  readVariantFiles(join(ROOT, 'conformance'), 'a2a'),
  backend.catalogue('a2a'),
  fixtureSchemaValidator(ROOT),
);
const methods = new Map(variants.a2a.methods.map((method) => [method.method, method]));

/** The official definition and pointer a case is validated against. */
function officialTarget(c: ResolvedCase): { definition: string; pointer: string } {
  const target = c.target;
  if ('type' in target) return { definition: target.type, pointer: '' };
  const method = methods.get(target.method);
  if (!method) throw new Error(`${c.fullId}: the a2a variant has no method ${target.method}`);
  switch (target.part) {
    case 'request':
      return { definition: method.request, pointer: '' };
    case 'params':
      return { definition: method.request, pointer: '/properties/params' };
    case 'result':
      return { definition: method.successResponse, pointer: '/properties/result' };
    case 'response':
      return { definition: method.successResponse, pointer: '' };
    case 'error':
      return { definition: 'JSONRPCErrorResponse', pointer: '' };
  }
}

const isCodeOnly = (c: ResolvedCase) =>
  'method' in c.target && c.target.part === 'error' && !c.valid && c.errors.every((error) => error.keyword === 'code');

describe('a2a fixtures against the official A2A v0.3.0 schema', () => {
  const official = readOfficial();
  const ajv = new Ajv({ strict: false, allErrors: false });
  ajv.addSchema({ ...official, $id: OFFICIAL_ID });
  const compiled = new Map<string, ValidateFunction>();
  const officialVerdict = (c: ResolvedCase): boolean => {
    const { definition, pointer } = officialTarget(c);
    if (!(definition in official.definitions)) throw new Error(`${c.fullId}: the official schema has no definition ${definition}`);
    const ref = `${OFFICIAL_ID}#/definitions/${definition}${pointer}`;
    let validate = compiled.get(ref);
    if (!validate) {
      validate = ajv.compile({ $ref: ref });
      compiled.set(ref, validate);
    }
    return validate(c.data) as boolean;
  };

  const start = performance.now();
  const results = cases.map((c) => ({ c, official: officialVerdict(c), expected: isCodeOnly(c) ? true : c.valid }));
  const elapsed = performance.now() - start;
  const differing = results.filter((r) => r.official !== r.expected);
  const { cases: documented, duplicates } = documentedDifferences(readFileSync(join(ROOT, 'SPEC-NOTES.md'), 'utf8'));

  it('has lint-clean a2a fixtures', () => {
    expect(issues.map((issue) => `${issue.file}${issue.id ? `#${issue.id}` : ''}: ${issue.message}`)).toEqual([]);
    expect(cases.length).toBeGreaterThan(0);
  });

  it('checks every a2a case against the official schema', () => {
    const byEntry = new Map<string, number>();
    for (const r of differing) {
      const entry = documented.get(r.c.fullId)?.entry ?? 'undocumented';
      byEntry.set(entry, (byEntry.get(entry) ?? 0) + 1);
    }
    console.log(
      `official A2A v0.3.0 schema: ${results.length} a2a cases checked (${results.filter((r) => r.c.valid).length} valid, ${results.filter((r) => !r.c.valid).length} invalid; ` +
        `${results.filter((r) => isCodeOnly(r.c)).length} error cases invalid only by the undeclared-code rule, compared as schema-valid) in ${Math.round(elapsed)} ms; ` +
        `${results.length - differing.length} same verdict, ${differing.length} different (${[...byEntry].map(([entry, n]) => `${entry}: ${n}`).join(', ') || 'none'})`,
    );
    expect(results).toHaveLength(cases.length);
  });

  it('differs from the fixtures only on the cases SPEC-NOTES.md lists', () => {
    const undocumented = differing
      .filter((r) => !documented.has(r.c.fullId))
      .map(
        (r) =>
          `${r.c.fullId}: the official schema says ${r.official ? 'valid' : 'invalid'}, the fixture ${r.expected ? 'valid' : 'invalid'} (not listed in SPEC-NOTES.md)`,
      );
    expect(undocumented).toEqual([]);
  });

  it('lists in SPEC-NOTES.md only cases that exist and do differ, each once', () => {
    const byId = new Map(results.map((r) => [r.c.fullId, r]));
    const stale = [...documented.keys()]
      .filter((id) => byId.get(id)?.official === byId.get(id)?.expected || !byId.has(id))
      .map((id) =>
        byId.has(id)
          ? `${id}: listed under ${documented.get(id)!.entry}, but the official schema gives the fixture's verdict`
          : `${id}: listed under ${documented.get(id)!.entry}, but there is no such a2a case`,
      );
    expect(stale).toEqual([]);
    expect(duplicates).toEqual([]);
  });

  it('each listed case is one the official schema accepts and ours rejects for a must-be-absent property its entry names', () => {
    const check = backend.checker('a2a');
    for (const r of results.filter((r) => documented.has(r.c.fullId))) {
      const { entry, properties } = documented.get(r.c.fullId)!;
      expect(r.official, `${r.c.fullId} is valid under the official schema`).toBe(true);
      expect(check(r.c.target, r.c.data).valid, `${r.c.fullId} is invalid here`).toBe(false);
      for (const error of r.c.errors) {
        expect(error.keyword, `${r.c.fullId} fails a must-be-absent property`).toBe('not');
        const property = error.path.slice(error.path.lastIndexOf('/') + 1);
        expect([...properties], `${r.c.fullId}: ${entry} names the property "${property}"`).toContain(property);
      }
    }
  });
});
