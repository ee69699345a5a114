/**
 * scripts/lib/compile-closed.ts against ajv: for every variant and every type, the closed module the
 * build wrote (generated/validators, our generator) and the same closed schema compiled by ajv give the
 * same verdict on every conformance fixture and on values mutated from them (keys dropped, added, set
 * to `undefined` or to values of other types, `__proto__`/`constructor` keys, arrays for objects, deep
 * nesting), and the same first error (path and keyword) unless ours is a composite's (`anyOf`, `oneOf`),
 * where ajv names a member's error instead.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, describe, expect, it } from 'vitest';
import { emitValidators, VALIDATORS_DIR } from '../../../scripts/emit-validators.js';
import { compileClosed } from '../../../scripts/lib/compile-closed.js';
import { variantDefinitions } from '../../../scripts/lib/json-schema.js';
import { SCHEMA_SETS, VARIANTS } from '../../../scripts/lib/variants.js';
import type { Schema } from '../../../src/engine/schema-places.js';
import { ROOT } from '../../helpers.js';

type Validator = ((data: unknown) => boolean) & { errors?: { instancePath: string; keyword: string }[] | null };

// Inside the package, so that the modules resolve `ajv/dist/runtime/…` as the generated ones do.
const SCRATCH = join(ROOT, 'node_modules', '.cache', `compile-closed-test-${process.pid}`);
const load = createRequire(join(ROOT, 'package.json'));
afterAll(() => rmSync(SCRATCH, { recursive: true, force: true }));

/** Every fixture value of a variant (valid or not), with the type its group targets when it names one. */
function fixtures(variant: string): { type?: string; data: unknown }[] {
  const out: { type?: string; data: unknown }[] = [];
  for (const kind of ['types', 'methods']) {
    const dir = join(ROOT, 'conformance', variant, kind);
    let files: string[];
    try {
      files = readdirSync(dir).filter((file) => file.endsWith('.json'));
    } catch {
      continue;
    }
    for (const file of files) {
      const groups = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
        target: { type?: string };
        tests: { data?: unknown }[];
      }[];
      for (const group of groups)
        for (const test of group.tests) if ('data' in test) out.push({ type: group.target.type, data: test.data });
    }
  }
  return out;
}

const WRONG: unknown[] = [null, 0, 1.5, -1, '', 'x', true, [], {}, [null], { zz: 1 }];

/** Values mutated from `value`, at most about `limit` of them, spread over its nodes. */
function mutants(value: unknown, limit: number): unknown[] {
  const out: unknown[] = [];
  const paths: (string | number)[][] = [];
  const walk = (node: unknown, path: (string | number)[]) => {
    paths.push(path);
    if (Array.isArray(node)) for (const [i, child] of node.entries()) walk(child, [...path, i]);
    else if (node && typeof node === 'object') for (const [key, child] of Object.entries(node)) walk(child, [...path, key]);
  };
  walk(value, []);
  const at = (root: unknown, path: (string | number)[]) =>
    path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], root);
  const edit = (path: (string | number)[], change: (node: unknown, parent: Record<string | number, unknown> | undefined) => unknown) => {
    const copy = structuredClone(value);
    if (path.length === 0) {
      out.push(change(copy, undefined));
      return;
    }
    const parent = at(copy, path.slice(0, -1)) as Record<string | number, unknown>;
    parent[path.at(-1)!] = change(parent[path.at(-1)!], parent);
    out.push(copy);
  };
  const stride = Math.max(1, Math.floor((paths.length * 12) / limit));
  let n = 0;
  for (const path of paths) {
    const node = at(value, path);
    const key = path.at(-1);
    const pick = (k: number) => (n++ + k) % stride === 0;
    WRONG.forEach((wrong, k) => {
      if (pick(k)) edit(path, () => structuredClone(wrong));
    });
    if (node && typeof node === 'object' && !Array.isArray(node)) {
      if (pick(1)) edit(path, (object) => ({ ...(object as object), zzUnknown: 1 }));
      if (pick(2)) edit(path, (object) => Object.assign(object as object, { constructor: 'x' }));
      if (pick(3))
        edit(path, (object) =>
          Object.defineProperty(object as object, '__proto__', { value: 1, enumerable: true, writable: true, configurable: true }),
        );
      if (pick(4)) edit(path, (object) => Object.values(object as object));
      for (const [k, member] of Object.keys(node).entries()) {
        if (pick(5 + k))
          edit(path, (object) => {
            const { [member]: _dropped, ...rest } = object as Record<string, unknown>;
            return rest;
          });
        if (pick(6 + k)) edit(path, (object) => ({ ...(object as object), [member]: undefined }));
      }
      if (pick(7)) edit(path, (object) => ({ ...(object as object), zz: undefined }));
      // Two defects at once, a property of the wrong type beside an unknown key (ajv reports the key first) or beside
      // a key set to `undefined` (which is not unknown).
      const first = Object.keys(node)[0];
      if (first !== undefined) {
        if (pick(10)) edit(path, (object) => ({ ...(object as object), [first]: 1.5, zzUnknown: 1 }));
        if (pick(11)) edit(path, (object) => ({ ...(object as object), [first]: 1.5, zz: undefined }));
      }
    }
    if (Array.isArray(node) && node.length > 0 && pick(8)) edit(path, (array) => [...(array as unknown[]), structuredClone(node[0])]);
    if (key !== undefined && pick(9)) edit(path, (inner) => ({ nested: { deeper: [inner] } }));
  }
  return out;
}

const COMPOSITE = new Set(['anyOf', 'oneOf']);

describe('compile-closed: the closed validators agree with ajv', () => {
  for (const variant of [...VARIANTS, ...SCHEMA_SETS]) {
    it(`${variant.name}: every type, on fixtures and mutants`, () => {
      const ajvFiles = emitValidators(variant, variantDefinitions(variant), { closedBy: 'ajv' });
      const dir = join(SCRATCH, variant.name);
      for (const [path, text] of ajvFiles) {
        if (!path.startsWith(`${VALIDATORS_DIR}/`)) continue;
        const target = join(SCRATCH, path.slice(VALIDATORS_DIR.length + 1));
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, text);
      }
      const meta = JSON.parse(readFileSync(join(ROOT, VALIDATORS_DIR, `${variant.name}.meta.json`), 'utf8')) as {
        types: string[];
        parts?: Record<string, Record<string, string>>;
      };
      const pair = (type: string): [Validator, Validator] => [
        (load(join(ROOT, VALIDATORS_DIR, variant.name, `${type}.cjs`)) as { validate: Validator }).validate,
        (load(join(dir, `${type}.cjs`)) as { validate: Validator }).validate,
      ];
      const values = fixtures(variant.name === 'a2a-rest' ? 'a2a' : variant.name);
      const disagreements: string[] = [];
      let compared = 0;
      const compare = (type: string, value: unknown) => {
        const [ours, ajv] = pair(type);
        const verdict = ours(value);
        const expected = ajv(value);
        compared++;
        if (verdict !== expected) {
          disagreements.push(`${type}: ours ${verdict}, ajv ${expected} on ${JSON.stringify(value)?.slice(0, 300)}`);
          return;
        }
        if (verdict) return;
        const mine = ours.errors?.[0];
        const theirs = ajv.errors?.[0];
        if (!mine || COMPOSITE.has(mine.keyword)) return;
        if (mine.instancePath !== theirs?.instancePath || mine.keyword !== theirs?.keyword) {
          disagreements.push(
            `${type}: first error ours ${mine.instancePath} ${mine.keyword}, ajv ${theirs?.instancePath} ${theirs?.keyword} on ${JSON.stringify(value)?.slice(0, 300)}`,
          );
        }
      };
      for (const type of meta.types) for (const { data } of values) compare(type, data);
      for (const { type, data } of values) {
        if (type === undefined || !meta.types.includes(type)) continue;
        for (const mutant of mutants(data, 150)) compare(type, mutant);
      }
      // The part modules (a method's inline `params` or `result`), on every fixture's member of that name and its mutants.
      const partModules = Object.values(meta.parts ?? {}).flatMap((parts) =>
        Object.entries(parts).filter(([property, module]) => module.endsWith(`.${property}`)),
      );
      const beforeParts = compared;
      for (const [property, module] of partModules) {
        for (const { data } of values) {
          const member = data && typeof data === 'object' ? (data as Record<string, unknown>)[property] : undefined;
          if (member === undefined) continue;
          compare(module, member);
          for (const mutant of mutants(member, 30)) compare(module, mutant);
        }
      }
      if (partModules.length > 0) expect(compared).toBeGreaterThan(beforeParts);
      expect(disagreements.slice(0, 10)).toEqual([]);
      expect(compared).toBeGreaterThan(meta.types.length);
    }, 120_000);
  }
});

describe('compile-closed: a union dispatched on a discriminator', () => {
  // Members with tags of the same and of different lengths, a common property name (`note`), and one member
  // whose tag has a further constraint (a tag the union matched is then still checked against its schema).
  const member = (tag: unknown, extra: Record<string, unknown>, required: string[]) => ({
    type: 'object',
    properties: { kind: tag, note: { type: 'string' }, ...extra },
    required: ['kind', ...required],
    additionalProperties: false,
  });
  const types: Record<string, Schema> = {
    Key: member({ type: 'string', const: 'apiKey' }, { name: { type: 'string' } }, ['name']),
    Web: member({ type: 'string', const: 'http' }, { scheme: { type: 'string' } }, ['scheme']),
    Auth: member({ type: 'string', const: 'oauth2' }, { flows: { type: 'object' } }, ['flows']),
    Long: member({ type: 'string', const: 'openIdConnect', maxLength: 5 }, {}, []),
    Num: member({ type: 'integer', const: 7 }, {}, []),
  };
  const union: Schema = {
    'x-bindu-anyof': [
      { link: 'Key', equals: ['kind', 'apiKey'] },
      { link: 'Web', equals: ['kind', 'http'] },
      { link: 'Auth', equals: ['kind', 'oauth2'] },
      { link: 'Long', equals: ['kind', 'openIdConnect'] },
    ],
  };
  const numbers: Schema = {
    'x-bindu-anyof': [
      { link: 'Num', equals: ['kind', 7] },
      { link: 'Web', equals: ['kind', 'http'] },
    ],
  };
  const build = (schema: Schema): Validator => {
    const code = compileClosed(schema, { types, inline: () => true, file: (name) => `./${name}.cjs`, formatsModule: './formats.cjs' });
    const module = { exports: {} as { validate: Validator } };
    new Function('exports', 'require', 'module', code)(module.exports, load, module);
    return module.exports.validate;
  };
  const reference = (schema: Schema) => {
    const members = (schema['x-bindu-anyof'] as { link: string }[]).map(({ link }) => types[link]!);
    return new Ajv({ strict: false }).compile({ anyOf: members });
  };
  const values: unknown[] = [];
  for (const kind of ['apiKey', 'http', 'oauth2', 'openIdConnect', 'apiKez', 'oauth3', 'htt', '', 7, 7.5, null, undefined, ['apiKey']]) {
    for (const body of [{}, { name: 'n' }, { scheme: 's' }, { flows: {} }, { note: 'x' }, { note: 1 }, { name: 'n', zz: 1 }]) {
      values.push(kind === undefined ? body : { kind, ...body }, { ...body, kind });
    }
  }
  values.push(null, 'apiKey', [], [{ kind: 'http', scheme: 's' }]);

  it('gives ajv’s verdict on every value, for string and number tags', () => {
    for (const schema of [union, numbers]) {
      const ours = build(schema);
      const ajv = reference(schema);
      const disagreements = values.filter((value) => ours(value) !== ajv(value)).map((value) => JSON.stringify(value));
      expect(disagreements).toEqual([]);
      expect(values.filter((value) => ours(value)).length).toBeGreaterThan(3);
    }
  });

  it('gives ajv’s verdict for anyOf and oneOf of object schemas that share property names', () => {
    const options = ['Key', 'Web', 'Long'].map((name) => types[name]!);
    for (const schema of [{ anyOf: options }, { oneOf: options }, { oneOf: [types.Web!, { type: 'object', required: ['scheme'] }] }]) {
      const ours = build(schema as Schema);
      const ajv = new Ajv({ strict: false }).compile(schema);
      const disagreements = values.filter((value) => ours(value) !== ajv(value)).map((value) => JSON.stringify(value));
      expect(disagreements).toEqual([]);
      expect(values.some((value) => ours(value))).toBe(true);
    }
  });

  it('reads the tag once, compares a string tag’s length first, and keeps a tag constraint the union does not imply', () => {
    const code = compileClosed(union, { types, inline: () => true, file: (name) => `./${name}.cjs`, formatsModule: './formats.cjs' });
    expect(code.match(/\.kind\b/g)).toHaveLength(1);
    expect(code).toMatch(/=== 6 && tag\d+ === "apiKey"/);
    expect(code).toMatch(/\.length > 5/);
    const ours = build(union);
    expect(ours({ kind: 'openIdConnect' })).toBe(false);
    expect(ours({ kind: 'oauth2', flows: {}, note: 'x' })).toBe(true);
  });
});
