/**
 * The validation path runs wherever JavaScript runs: bundled by esbuild for the browser from the
 * package's own sources, it imports no Node built-in, and run in a bare V8 context (no `require`,
 * `process`, `Buffer` or file system: what a Worker or an edge runtime offers) it gives the same
 * verdicts, errors, hints and warnings as Node, loading a variant's validators only when used.
 */
import { buildSync } from 'esbuild';
import { createContext, runInContext } from 'node:vm';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';
import { validate, validateMessage, validateText } from '../../src/index.js';

/** The cases both runtimes check; each is [type, value, options]. */
const CASES: [string, unknown, Record<string, unknown>][] = [
  ['Task', { kind: 'task', id: 't1', contextId: 'c1', status: { state: 'completed' } }, { variant: 'a2a' }],
  ['Task', { kind: 'task', id: 't1', status: { state: 'complete' }, extra: 1 }, { variant: 'a2a' }],
  ['Message', { kind: 'message', role: 'user', parts: [{ kind: 'text', text: 'hi' }], messageId: 'not-a-uuid' }, {}],
  ['Message', { role: 'ROLE_USER', parts: [{ text: 'hi' }], message_id: 'm1' }, { variant: 'a2a-v1' }],
];

function browserBundle(): string {
  const entry = `import { validate, validateMessage, validateText } from './src/index.ts';
globalThis.run = (cases) => JSON.stringify({
  verdicts: cases.map(([type, value, options]) => validate(type, value, options)),
  text: validateText('Task', '{"kind":"task","id":"t","contextId":"c","status":{"state":"working"},"id":"u"}', { variant: 'a2a' }),
  message: validateMessage({ jsonrpc: '2.0', id: 1, method: 'tasks/get', params: {} }, { variant: 'a2a' }),
});`;
  const result = buildSync({
    stdin: { contents: entry, resolveDir: ROOT, sourcefile: 'entry.ts', loader: 'ts' },
    absWorkingDir: ROOT,
    bundle: true,
    platform: 'browser',
    format: 'iife',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

describe('the validation path outside Node', () => {
  const code = browserBundle();

  it('bundles for the browser with no Node built-in in it', () => {
    expect(code).not.toMatch(/(?:require\(|from |import\()\s*["']node:/);
    expect(code).not.toMatch(/\bcompileFunction\b|\bnew Function\(/);
  });

  it('gives the verdicts, errors and warnings of Node in a bare V8 context', () => {
    const context = createContext({ TextDecoder, console });
    runInContext(code, context);
    const seen = JSON.parse((context.run as (cases: unknown) => string)(JSON.parse(JSON.stringify(CASES)))) as Record<string, unknown>;
    expect(seen).toEqual(
      JSON.parse(
        JSON.stringify({
          verdicts: CASES.map(([type, value, options]) => validate(type as never, value, options as never)),
          text: validateText('Task', '{"kind":"task","id":"t","contextId":"c","status":{"state":"working"},"id":"u"}', {
            variant: 'a2a',
          }),
          message: validateMessage({ jsonrpc: '2.0', id: 1, method: 'tasks/get', params: {} }, { variant: 'a2a' }),
        }),
      ),
    );
    // Not vacuous: the cases hold both verdicts, an error with a hint and a warning.
    const verdicts = seen.verdicts as { valid: boolean; errors: { hint?: string }[]; warnings: unknown[] }[];
    expect(verdicts.map((verdict) => verdict.valid)).toContain(true);
    expect(verdicts.map((verdict) => verdict.valid)).toContain(false);
    expect(verdicts.some((verdict) => verdict.errors.some((error) => error.hint))).toBe(true);
    expect(verdicts.some((verdict) => verdict.warnings.length > 0)).toBe(true);
  });

  it('loads a variant through the registry: literal requires a bundler can follow', async () => {
    const registry = (await import(join(ROOT, 'generated', 'validators', 'index.cjs'))) as { default: Record<string, unknown> };
    expect(Object.keys(registry.default.variants as object).sort()).toEqual(['a2a', 'a2a-rest', 'a2a-v1', 'aion', 'bindu']);
  });
});
