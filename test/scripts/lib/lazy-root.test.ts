/**
 * The ES module package root as bundled (dist/index.mjs with its chunks, scripts/lib/lazy-root.ts): the same exports
 * as the sources, each chunk loaded only when one of its functions is first called, no module in two files, and the
 * same results as the sources. Reads the dist/ the build wrote.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { chunkFile, LAZY_CHUNKS } from '../../../scripts/lib/lazy-chunks.js';
import { stubSource } from '../../../scripts/lib/lazy-root.js';
import * as sources from '../../../src/index.js';
import { ROOT, runNode } from '../../helpers.js';

const DIST_ROOT = join(ROOT, 'dist', 'index.mjs');
const bundled = (await import(pathToFileURL(DIST_ROOT).href)) as Record<string, unknown>;

/** The valid and invalid payloads of a conformance file, by id. */
function fixtures(variant: string, file: string): Map<string, unknown> {
  const groups = JSON.parse(readFileSync(join(ROOT, 'conformance', variant, 'types', `${file}.json`), 'utf8')) as {
    tests: { id: string; data?: unknown }[];
  }[];
  return new Map(groups.flatMap((group) => group.tests.map((test) => [test.id, test.data] as const)));
}

/** Runs `body` in a fresh ES module process that imported the bundled root as `m`; prints the chunks loaded, by group. */
function chunksLoadedAfter(body: string): string[] {
  const script = `
    import { createRequire } from 'node:module';
    const m = await import(${JSON.stringify(pathToFileURL(DIST_ROOT).href)});
    ${body}
    const chunks = Object.keys(createRequire(import.meta.url).cache).map((f) => /index-([a-z]+)\\.cjs$/.exec(f)?.[1]).filter(Boolean);
    console.log(JSON.stringify(chunks.sort()));`;
  const result = runNode(['--input-type=module', '-e', script], { cwd: ROOT });
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout) as string[];
}

describe('the bundled ES module root', () => {
  it('exports what the sources export, each of the same kind', () => {
    const kinds = (module: Record<string, unknown>) => Object.fromEntries(Object.keys(module).map((name) => [name, typeof module[name]]));
    expect(kinds(bundled)).toEqual(kinds(sources as Record<string, unknown>));
    expect(bundled.CONVERTIBLE_TYPE_NAMES).toEqual(sources.CONVERTIBLE_TYPE_NAMES);
    expect(JSON.stringify(bundled.CONVERTIBLE_TYPE_NAMES)).toBe(JSON.stringify(sources.CONVERTIBLE_TYPE_NAMES));
    expect(bundled.SERVER_ERROR_CODES).toEqual(sources.SERVER_ERROR_CODES);
    expect(bundled.CONVERTIBLE_TYPES).toEqual(sources.CONVERTIBLE_TYPES);
  });

  it('loads a chunk only when one of its functions is first called', () => {
    const task = JSON.stringify(fixtures('a2a', 'Task').get('completed-with-artifacts'));
    expect(chunksLoadedAfter(`m.validate('Task', ${task}, { variant: 'a2a' });`)).toEqual([]);
    expect(chunksLoadedAfter(`m.validate('Task', { id: 1 }, { variant: 'a2a' }).errors.map((e) => e.message);`)).toEqual(['explain']);
    // toV1 normalizes first (deployed Bindu's spellings), so the receiving side's chunk comes with it.
    expect(chunksLoadedAfter(`m.toV1('Task', ${task});`)).toEqual(['convert', 'receive']);
    expect(chunksLoadedAfter(`m.validateText('Task', '{}', { variant: 'a2a' });`)).toEqual(['explain', 'message']);
    expect(
      chunksLoadedAfter(`m.validateMessage({ jsonrpc: '2.0', id: 1, method: 'tasks/get', params: { id: 't' } }, { variant: 'a2a' });`),
    ).toEqual(['message']);
  });

  it('puts the chunk’s function in place of its stub at the first call, so the calls after it go straight there', () => {
    const task = JSON.stringify(fixtures('a2a', 'Task').get('completed-with-artifacts'));
    const script = `
      const m = await import(${JSON.stringify(pathToFileURL(DIST_ROOT).href)});
      const stub = m.toV1;
      const first = JSON.stringify(m.toV1('Task', ${task}));
      const chunkFunction = m.toV1;
      const second = JSON.stringify(m.toV1('Task', ${task}));
      console.log(JSON.stringify([stub !== chunkFunction, m.toV1 === chunkFunction, first === second]));`;
    const result = runNode(['--input-type=module', '-e', script], { cwd: ROOT });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual([true, true, true]);
  });

  it('writes every module once: no chunk repeats a module of the root or of another chunk', () => {
    const modulesOf = (file: string) =>
      [...readFileSync(join(ROOT, 'dist', file), 'utf8').matchAll(/^\s*\/\/ ((?:src|schemas|node_modules)\/\S+)$/gm)].map((m) => m[1]!);
    const files = ['index.mjs', ...Object.keys(LAZY_CHUNKS).map(chunkFile)];
    const owner = new Map<string, string>();
    const repeated: string[] = [];
    for (const file of files) {
      for (const module of new Set(modulesOf(file))) {
        if (owner.has(module)) repeated.push(`${module} in ${owner.get(module)} and ${file}`);
        owner.set(module, file);
      }
    }
    expect(repeated).toEqual([]);
    expect(owner.get('src/library/validate.ts')).toBe('index.mjs');
    // Each lazy module is in its own chunk and not in the root.
    for (const [group, keys] of Object.entries(LAZY_CHUNKS)) for (const key of keys) expect(owner.get(key)).toBe(chunkFile(group));
  });

  it('gives the results of the sources, and throws the ConvertError the root exports', () => {
    const task = fixtures('a2a', 'Task').get('completed-with-artifacts');
    const call = (module: Record<string, unknown>, name: string, ...args: unknown[]) =>
      (module[name] as (...a: unknown[]) => unknown)(...args);
    const both = (name: string, ...args: unknown[]) => [
      call(bundled, name, ...args),
      call(sources as Record<string, unknown>, name, ...args),
    ];
    const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
    for (const [name, ...args] of [
      ['validate', 'Task', { id: 1, status: { state: 'done' } }, { variant: 'a2a' }],
      ['toV1', 'Task', task],
      ['toV03', 'Task', (sources.toV1('Task', task) as { value: unknown }).value],
      ['validateText', 'Task', '{"kind": "task", "id": 1,}', { variant: 'a2a' }],
      ['validateMessageText', '{"jsonrpc": "2.0", "id": 1, "method": "SendMessage"}', { variant: 'a2a' }],
      ['migrateCard', { name: 'agent', url: 'http://127.0.0.1/', protocolVersion: '0.3.0' }],
      ['detectWire', task],
    ] as [string, ...unknown[]][]) {
      const [ours, theirs] = both(name, ...args);
      expect(plain(ours), name).toEqual(plain(theirs));
    }
    let thrown: unknown;
    try {
      call(bundled, 'toV1', 'Task', 5);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(bundled.ConvertError as new () => Error);
  });
});

describe('a lazy module’s stub', () => {
  const root = mkdtempSync(join(tmpdir(), 'lazy-root-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const stubOf = (name: string, source: string) => {
    mkdirSync(join(root, 'dist'), { recursive: true });
    writeFileSync(join(root, 'package.json'), '{ "type": "module" }');
    writeFileSync(join(root, 'dist', `${name}.js`), source);
    return stubSource(root, 'group', `${name}.ts`);
  };

  it('forwards functions, writes primitives and reads a plain object’s keys from the chunk', async () => {
    const stub = await stubOf(
      'fine',
      'export function run() {}\nexport const VERSION = "1.0";\nexport const TABLE = { a: [1], b: [2] };\n',
    );
    expect(stub).toContain('export function run(...args) { run = chunk().run; return run(...args); }');
    expect(stub).toContain('export const VERSION = "1.0";');
    expect(stub).toContain('get "a"() { return chunk().TABLE["a"]; }');
  });

  it('stops the build for an export that cannot wait (a class, an array)', async () => {
    await expect(stubOf('classy', 'export class Thing {}\n')).rejects.toThrow(/export "Thing" is neither a function nor a plain object/);
    await expect(stubOf('listy', 'export const LIST = [1, 2];\n')).rejects.toThrow(/export "LIST"/);
  });
});
