/**
 * The type-level tests of the guards, the bound validators, the canonical and accepted types and the
 * `bindu-protocol/vitest/setup` matcher types (test/types/guards.ts, test/types/matchers.ts) and README's
 * example of them, run through
 * tsc against the built package (self-reference, as a consumer would import it). A control file
 * shows the harness reports an error when the guard does not narrow.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, runNode } from '../helpers.js';
import { README, codeBlocks } from '../readme-examples.js';

const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const scratch = mkdtempSync(join(ROOT, 'test', 'types', '.scratch-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const OPTIONS = ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--skipLibCheck'];

describe('guard and matcher types', () => {
  it('test/types/guards.ts and matchers.ts compile, every @ts-expect-error used', () => {
    const result = runNode([TSC, '-p', join(ROOT, 'test', 'types', 'tsconfig.guards.json')]);
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  }, 300_000);

  it("README's example of the guards compiles", () => {
    const section = README.slice(README.indexOf('### Types, guards and bound validators'));
    writeFileSync(join(scratch, 'readme.ts'), codeBlocks(section).find((block) => block.lang === 'ts')!.code);
    const result = runNode([TSC, ...OPTIONS, join(scratch, 'readme.ts')]);
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  }, 300_000);

  it('a non-strict guard does not narrow to the canonical type (the check can fail)', () => {
    // Inside test/types so that `bindu-protocol` resolves to this package, as in guards.ts.
    writeFileSync(
      join(scratch, 'control.ts'),
      "import { is } from 'bindu-protocol';\n" +
        "export function f(value: unknown): string { return is('Message', value, { variant: 'a2a-v1' }) ? value.messageId : ''; }\n",
    );
    const result = runNode([TSC, ...OPTIONS, join(scratch, 'control.ts')]);
    expect(result.stdout).toMatch(/control\.ts\(2,\d+\): error TS2322: Type 'string \| undefined' is not assignable to type 'string'/);
    expect(result.status).not.toBe(0);
  }, 300_000);
});
