/**
 * scripts/lib/compile-closed-python.ts: the Python closed validators (python/bindu_protocol/closed/) against
 * the JavaScript ones (generated/validators, scripts/lib/compile-closed.ts) and against the full Python check.
 * For every variant, every type on the conformance fixture values of its own type, on a seventh of the others
 * (each value meets every seventh type), and on values mutated from the fixtures of its own type (a node replaced by a value of another type, a key dropped or added, an array grown), and every
 * method part on its fixtures' members:
 *
 * - the Python closed verdict is the JavaScript closed verdict (the same closed schemas, the same fast path);
 * - when a Python closed validator passes a value, `validate` without it (jsonschema and the explainer) finds
 *   the value valid with no error and no warning, strict and not: the fast answer is the one it replaces.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { VALIDATORS_DIR } from '../../../scripts/emit-validators.js';
import { VARIANTS } from '../../../scripts/lib/variants.js';
import { ROOT } from '../../helpers.js';
import { needSystemTools } from '../../system-tools.js';

const PYTHON = process.env.BINDU_PYTHON ?? '/usr/bin/python3';
const load = createRequire(join(ROOT, 'package.json'));

/** The Python side: for each request {variant, type, part?, value}, the closed verdict and, when it passed, the full one. */
const SCRIPT = `
import json, sys
from bindu_protocol._validate import check, load
out = []
for line in sys.stdin:
    request = json.loads(line)
    variant = load(request["variant"])
    prop = request.get("part")
    closed = variant.closed(request["type"], prop)
    verdict = closed(request["value"])
    full = None
    if verdict:
        saved = variant.closed
        variant.closed = lambda *args: None
        try:
            full = [check(variant, request["type"], request["value"], strict, float("inf"), prop=prop).to_dict() for strict in (False, True)]
        finally:
            variant.closed = saved
    out.append({"closed": verdict, "full": full})
sys.stdout.write(json.dumps(out))
`;

const WRONG: unknown[] = [null, 0, 1.5, '', 'x', true, [], {}, { zz: 1 }];

/** Every fixture value of a variant, with the type its group targets when it names one. */
function fixtures(variant: string): { type?: string; data: unknown }[] {
  const out: { type?: string; data: unknown }[] = [];
  for (const kind of ['types', 'methods']) {
    const dir = join(ROOT, 'conformance', variant, kind);
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
      const groups = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { target: { type?: string }; tests: { data?: unknown }[] }[];
      for (const group of groups)
        for (const test of group.tests) if ('data' in test) out.push({ type: group.target.type, data: test.data });
    }
  }
  return out;
}

/** Up to about `limit` values mutated from `value`, spread over its nodes (deterministic). */
function mutants(value: unknown, limit: number): unknown[] {
  const paths: (string | number)[][] = [];
  const walk = (node: unknown, path: (string | number)[]) => {
    paths.push(path);
    if (Array.isArray(node)) for (const [i, child] of node.entries()) walk(child, [...path, i]);
    else if (node && typeof node === 'object') for (const [key, child] of Object.entries(node)) walk(child, [...path, key]);
  };
  walk(value, []);
  const out: unknown[] = [];
  const edit = (path: (string | number)[], change: (node: unknown) => unknown) => {
    const copy = structuredClone(value) as Record<string | number, unknown>;
    if (path.length === 0) {
      out.push(change(copy));
      return;
    }
    const parent = path.slice(0, -1).reduce<Record<string | number, unknown>>((node, key) => node[key] as never, copy);
    parent[path.at(-1)!] = change(parent[path.at(-1)!]);
    out.push(copy);
  };
  const stride = Math.max(1, Math.floor((paths.length * 8) / limit));
  let n = 0;
  for (const path of paths) {
    const node = path.reduce<unknown>((at, key) => (at as Record<string | number, unknown>)[key], value);
    const pick = () => n++ % stride === 0;
    for (const wrong of WRONG) if (pick()) edit(path, () => structuredClone(wrong));
    if (node && typeof node === 'object' && !Array.isArray(node)) {
      if (pick()) edit(path, (object) => ({ ...(object as object), zzUnknown: 1 }));
      for (const key of Object.keys(node))
        if (pick())
          edit(path, (object) => {
            const { [key]: _dropped, ...rest } = object as Record<string, unknown>;
            return rest;
          });
    }
    if (Array.isArray(node) && node.length > 0 && pick()) edit(path, (array) => [...(array as unknown[]), structuredClone(node[0])]);
  }
  return out;
}

type Validate = (value: unknown) => boolean;

beforeAll(() => needSystemTools('python3-jsonschema'), 15 * 60_000);

describe('compile-closed-python: the Python closed validators', () => {
  for (const variant of VARIANTS) {
    it(`${variant.name}: the JavaScript closed verdict on fixtures, mutants and method parts; a pass is the full check's clean verdict`, () => {
      const meta = JSON.parse(readFileSync(join(ROOT, VALIDATORS_DIR, `${variant.name}.meta.json`), 'utf8')) as {
        types: string[];
        parts: Record<string, Record<string, string>>;
      };
      const js = (module: string): Validate =>
        (load(join(ROOT, VALIDATORS_DIR, variant.name, `${module}.cjs`)) as { validate: Validate }).validate;
      const requests: { variant: string; type: string; part?: string; value: unknown; module: string }[] = [];
      const values = fixtures(variant.name).map(({ type, data }) => ({ type, data: JSON.parse(JSON.stringify(data)) as unknown }));
      // Each type on the fixtures of its own type and on a seventh of the others (all of them, over the seven types in turn).
      meta.types.forEach((type, t) => {
        values.forEach(({ type: own, data }, i) => {
          if (own === type || i % 7 === t % 7) requests.push({ variant: variant.name, type, value: data, module: type });
        });
      });
      for (const { type, data } of values) {
        if (type === undefined || !meta.types.includes(type)) continue;
        for (const mutant of mutants(data, 20)) requests.push({ variant: variant.name, type, value: mutant, module: type });
      }
      for (const [type, parts] of Object.entries(meta.parts)) {
        for (const [property, module] of Object.entries(parts)) {
          for (const { data } of values) {
            const member = data && typeof data === 'object' ? (data as Record<string, unknown>)[property] : undefined;
            if (member === undefined) continue;
            for (const value of [member, ...mutants(member, 10)])
              requests.push({ variant: variant.name, type, part: property, value, module });
          }
        }
      }
      const answer = spawnSync(PYTHON, ['-c', SCRIPT], {
        cwd: ROOT,
        env: { ...process.env, PYTHONPATH: join(ROOT, 'python') },
        input: requests.map(({ module: _module, ...request }) => JSON.stringify(request)).join('\n'),
        encoding: 'utf8',
        maxBuffer: 1 << 28,
        timeout: 240_000,
      });
      expect(answer.status, answer.stderr.slice(-3000)).toBe(0);
      const results = JSON.parse(answer.stdout) as {
        closed: boolean;
        full: { valid: boolean; errors: unknown[]; warnings: unknown[] }[] | null;
      }[];
      expect(results.length).toBe(requests.length);
      const differences: string[] = [];
      let passed = 0;
      requests.forEach((request, i) => {
        const { closed, full } = results[i]!;
        const where = `${request.type}${request.part ? `.${request.part}` : ''} ${JSON.stringify(request.value).slice(0, 200)}`;
        const expected = js(request.module)(request.value);
        if (closed !== expected) differences.push(`${where}: Python closed ${closed}, JavaScript closed ${expected}`);
        if (!closed) return;
        passed++;
        for (const [mode, result] of (full ?? []).entries()) {
          if (!result.valid || result.errors.length > 0 || result.warnings.length > 0)
            differences.push(
              `${where}: closed passed, the full check ${mode ? '(strict) ' : ''}says ${JSON.stringify(result).slice(0, 300)}`,
            );
        }
      });
      console.log(`${variant.name}: ${requests.length} values, ${passed} passed the closed validators`);
      expect(differences.slice(0, 10)).toEqual([]);
      expect(passed).toBeGreaterThan(100);
    }, 300_000);
  }
});
