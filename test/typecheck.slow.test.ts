/**
 * The TypeScript of the whole repository (schemas, runtime, build scripts, tests, the bench and the inspect page)
 * type-checks: vitest and tsx strip types without checking them, so nothing else would notice an error in a
 * script or a test.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runNode } from './helpers.js';

describe('typecheck', () => {
  it('tsc -p tsconfig.scripts.json reports no error', () => {
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const result = runNode([tsc, '-p', join(ROOT, 'tsconfig.scripts.json')]);
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  }, 300_000);

  it('tsc -p tsconfig.inspect-app.json reports no error (the page of inspect, and its tests)', () => {
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const result = runNode([tsc, '-p', join(ROOT, 'tsconfig.inspect-app.json')]);
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  }, 300_000);

  it('tsc -p bench/tsconfig.json reports no error', () => {
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const result = runNode([tsc, '-p', join(ROOT, 'bench', 'tsconfig.json')]);
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  }, 300_000);
});
