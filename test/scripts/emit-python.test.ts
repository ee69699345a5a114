/**
 * scripts/emit-python.ts, run on the committed outputs (no whole build): what it puts in the Python
 * package is the published bundles and registries as they are, the hint table of src/engine/hint-table.ts,
 * every fixture, and TypedDicts of the canonical form; the same input gives the same bytes, and they
 * are the committed ones.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emitPython, pythonModule, PYTHON_PACKAGE } from '../../scripts/emit-python.js';
import { FORMAT_WORDS, HINT_TEMPLATES, fill } from '../../src/engine/hint-table.js';
import { validate } from '../../src/library/validate.js';
import { validateMessage } from '../../src/library/validate-message.js';
import { VARIANTS } from '../../scripts/lib/variants.js';
import { ROOT } from '../helpers.js';

function emitted(): Map<string, string> {
  const files = new Map<string, string>();
  for (const variant of VARIANTS) {
    for (const path of [`generated/json-schema/${variant.name}.json`, `generated/validators/${variant.name}.meta.json`])
      files.set(path, readFileSync(join(ROOT, path), 'utf8'));
  }
  return emitPython({ root: ROOT, variants: VARIANTS.map((spec) => ({ spec })), files });
}

const out = emitted();
const text = (path: string) => {
  const found = out.get(path);
  if (found === undefined) throw new Error(`not emitted: ${path}`);
  return found;
};

describe('emit-python', () => {
  it('is deterministic, and what it emits is what the repository holds', () => {
    const again = emitted();
    expect([...again.keys()]).toEqual([...out.keys()]);
    for (const [path, content] of out) {
      expect(again.get(path)).toBe(content);
      expect(readFileSync(join(ROOT, path), 'utf8'), `${path} is stale: npm run build`).toBe(content);
    }
  });

  it("puts each variant's published bundle and method registry in the package, byte for byte", () => {
    for (const variant of VARIANTS) {
      expect(text(`${PYTHON_PACKAGE}/data/${variant.name}.schema.json`)).toBe(
        readFileSync(join(ROOT, 'generated', 'json-schema', `${variant.name}.json`), 'utf8'),
      );
      const meta = JSON.parse(text(`${PYTHON_PACKAGE}/data/${variant.name}.meta.json`)) as { methods: { method: string }[] };
      expect(meta.methods.map((method) => method.method)).toEqual(variant.methods.map((method) => method.method));
    }
  });

  it('bundles every fixture file of every variant', () => {
    for (const variant of VARIANTS) {
      const bundled = JSON.parse(text(`${PYTHON_PACKAGE}/data/conformance/${variant.name}.json`)) as Record<string, unknown>;
      const onDisk: string[] = [];
      const walk = (dir: string) => {
        for (const entry of readdirSync(dir)) {
          const path = join(dir, entry);
          if (statSync(path).isDirectory()) walk(path);
          else if (entry.endsWith('.json')) onDisk.push(relative(join(ROOT, 'conformance'), path).split(sep).join('/'));
        }
      };
      walk(join(ROOT, 'conformance', variant.name));
      expect(Object.keys(bundled).sort()).toEqual(onDisk.sort());
      for (const file of onDisk) expect(bundled[file]).toEqual(JSON.parse(readFileSync(join(ROOT, 'conformance', file), 'utf8')));
    }
  });

  it("exports the hint table JavaScript fills (one table for both languages) and the other wire's enum spellings", () => {
    const hints = JSON.parse(text(`${PYTHON_PACKAGE}/data/hints.json`)) as {
      formats: unknown;
      templates: Record<string, string>;
      wire: Record<string, Record<string, string[]>>;
    };
    expect(hints.formats).toEqual(FORMAT_WORDS);
    expect(hints.templates).toEqual(HINT_TEMPLATES);
    expect(hints.wire['a2a-v1']!.completed).toEqual(['TASK_STATE_COMPLETED']);
    expect(hints.wire['a2a-v1']!.user).toEqual(['ROLE_USER']);
    expect(hints.wire.a2a!.TASK_STATE_INPUT_REQUIRED).toEqual(['input-required']);
    expect(hints.wire.bindu!.ROLE_AGENT).toEqual(['agent']);
    expect(hints.wire.aion!['auth-required']).toEqual(['TASK_STATE_AUTH_REQUIRED']);
    // The JavaScript hints are these templates, filled.
    const v03 = validate('TaskStatus', { state: 'completed' }, { variant: 'a2a-v1' });
    expect(v03.errors[0]!.hint).toBe(fill(HINT_TEMPLATES.valueV03Spelling, { value: 'completed', other: 'TASK_STATE_COMPLETED' }));
    const v1 = validate('TaskStatus', { state: 'TASK_STATE_COMPLETED' }, { variant: 'a2a' });
    expect(v1.errors[0]!.hint).toBe(fill(HINT_TEMPLATES.valueV1Name, { value: 'TASK_STATE_COMPLETED', other: 'completed' }));
    const method = validateMessage({ jsonrpc: '2.0', id: 1, method: 'GetTsk', params: {} }, { variant: 'a2a-v1' });
    expect(method.errors[0]!.hint).toBe(fill(HINT_TEMPLATES.methodNear, { names: '"GetTask"' }));
    expect(fill('a {x} {y}', { x: 1 })).toBe('a 1 {y}');
  });

  it('declares the canonical form as TypedDicts: wire keys, required keys required, no proto names, no must-be-absent keys, no enum numbers', () => {
    const aion = text(`${PYTHON_PACKAGE}/types/${pythonModule('aion')}.py`);
    const message =
      /class _MessageRequired\(_TypedDict\):\n([\s\S]*?)\n\n\nclass Message\(_MessageRequired, total=False\):\n([\s\S]*?)\n\n/.exec(aion);
    expect(message, 'the Message TypedDict of aion').not.toBeNull();
    const keys = (body: string) => [...body.matchAll(/^ {4}(\w+): /gm)].map((match) => match[1]);
    expect(keys(message![1]!).sort()).toEqual(['messageId', 'parts', 'role']);
    expect(keys(message![2]!)).toEqual(expect.arrayContaining(['contextId', 'taskId', 'metadata', 'extensions', 'referenceTaskIds']));
    expect(keys(message![2]!)).not.toContain('kind');
    expect(aion).not.toMatch(/^ {4}message_id: /m);
    expect(aion).toMatch(/^TaskState: _t\.TypeAlias = _t\.Literal\["TASK_STATE_UNSPECIFIED", [^\n\]0-9]*\]$/m);
    // A key that is no Python identifier: the functional form.
    const a2a = text(`${PYTHON_PACKAGE}/types/a2a.py`);
    expect(a2a).toMatch(/_APIKeySecuritySchemeRequired = _TypedDict\("_APIKeySecuritySchemeRequired", \{[^\n]*"in": /);
    expect(a2a).toMatch(/^class Task\(_TaskRequired, total=False\):\n {4}"""/m);
    // Aliases come after every TypedDict and name them directly (pydantic 1 cannot resolve a union of strings).
    expect(a2a).toMatch(/^Part: _t\.TypeAlias = _t\.Union\[TextPart, FilePart, DataPart\]$/m);
    expect(a2a.indexOf('Part: _t.TypeAlias')).toBeGreaterThan(a2a.lastIndexOf('\nclass '));
    for (const variant of VARIANTS) {
      const module = text(`${PYTHON_PACKAGE}/types/${pythonModule(variant.name)}.py`);
      for (const name of Object.keys(variant.definitions))
        expect(module, `${variant.name} ${name}`).toMatch(new RegExp(`^(class ${name}\\(|${name}: _t\\.TypeAlias = )`, 'm'));
    }
  });

  it("writes pyproject.toml with package.json's version, jsonschema as the one dependency, and the data as package data", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const pyproject = text('python/pyproject.toml');
    expect(pyproject).toContain(`version = "${pkg.version}"`);
    expect(pyproject).toMatch(/^dependencies = \["jsonschema>=4\.10"\]$/m);
    expect(pyproject).toMatch(/^requires-python = ">=3\.10"$/m);
    expect(pyproject).toMatch(/"data\/\*\.json", "data\/conformance\/\*\.json"/);
  });
});
