/**
 * The generated types against the conformance suite: every valid case that strict validation accepts
 * type-checks as the canonical type and as the accepted type of its target; every valid case that
 * only non-strict validation accepts (proto names, enum numbers, unknown keys) is rejected by the
 * canonical type (an `@ts-expect-error` on it). One generated file, compiled by tsc against the built package (self-reference).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validate, variantNames } from '../../src/index.js';
import { ROOT, runNode } from '../helpers.js';

interface Case {
  readonly id: string;
  readonly valid: boolean;
  readonly data?: unknown;
}

const scratch = mkdtempSync(join(ROOT, 'test', 'types', '.scratch-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('generated types and the conformance cases', () => {
  it('strict-valid cases fit the canonical and accepted types; the others do not fit the canonical one', () => {
    const lines = ["import type { Accepted, Canonical } from 'bindu-protocol';"];
    const counts = { strict: 0, loose: 0 };
    for (const variant of variantNames) {
      const dir = join(ROOT, 'conformance', variant, 'types');
      for (const file of readdirSync(dir)) {
        for (const group of JSON.parse(readFileSync(join(dir, file), 'utf8')) as { target: { type?: string }; tests: Case[] }[]) {
          const type = group.target.type;
          if (type === undefined) continue;
          for (const test of group.tests) {
            if (!test.valid || !('data' in test)) continue;
            const text = JSON.stringify(test.data);
            const at = `${variant} ${type} ${test.id}`;
            const name = `${variant}_${type}_${counts.strict + counts.loose}`.replace(/-/g, '_');
            if (validate(type as never, test.data, { variant, strict: true }).valid) {
              lines.push(`// ${at}`, `export const c_${name}: Canonical<'${type}', '${variant}'> = ${text};`);
              lines.push(`export const a_${name}: Accepted<'${type}', '${variant}'> = ${text};`);
              counts.strict++;
            } else {
              lines.push(`// ${at}: valid only without strict`, '// @ts-expect-error not the canonical form');
              lines.push(`export const c_${name}: Canonical<'${type}', '${variant}'> = ${text};`);
              counts.loose++;
            }
          }
        }
      }
    }
    // Enough cases of each kind for the comparison to mean something.
    expect(counts.strict).toBeGreaterThan(500);
    expect(counts.loose).toBeGreaterThan(10);
    const file = join(scratch, 'cases.ts');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const options = ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--skipLibCheck'];
    const result = runNode([tsc, ...options, file]);
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  }, 300_000);
});
