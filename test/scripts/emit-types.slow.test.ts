/**
 * Runs the type-level parity proof (test/types/parity.ts) through the TypeScript compiler.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runNode } from '../helpers.js';

describe('static types', () => {
  it('TypeBox Static types and the generated declarations are assignable both ways', () => {
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const result = runNode([tsc, '-p', join(ROOT, 'test', 'types', 'tsconfig.json')]);
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  }, 300_000);
});
