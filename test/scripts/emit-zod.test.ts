/**
 * The zod 4 schemas (scripts/emit-zod.ts, `bindu-protocol/zod/<variant>`): one export per type, and the verdict of
 * `validate(type, value, { variant })` on every conformance case of a type target, in every variant.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { createBackend } from '../../src/library/conformance/backend.js';
import { fixtureSchemaValidator, lintVariant } from '../../src/library/conformance/lint.js';
import { readVariantFiles } from '../../src/library/conformance/load-fixtures.js';
import { validate } from '../../src/library/validate.js';
import { variantNames } from '../../schemas/variant-table.js';
import { ROOT } from '../helpers.js';

const backend = createBackend(ROOT);
const validateFixture = fixtureSchemaValidator(ROOT);

describe('zod schemas: the verdict of validate', () => {
  it.each(variantNames)('%s: one schema per type, and the same verdict on every conformance case of a type target', async (variant) => {
    const schemas = (await import(join(ROOT, 'generated/zod', `${variant}.mjs`))) as Record<string, ZodType>;
    const catalogue = backend.catalogue(variant)!;
    expect(Object.keys(schemas).sort()).toEqual([...catalogue.types].sort());
    const { cases } = lintVariant(readVariantFiles(join(ROOT, 'conformance'), variant), catalogue, validateFixture);
    const disagreements: string[] = [];
    let compared = 0;
    for (const c of cases) {
      if (!('type' in c.target)) continue;
      compared++;
      const expected = validate(c.target.type, c.data, { variant }).valid;
      const got = schemas[c.target.type]!.safeParse(c.data).success;
      if (got !== expected) disagreements.push(`${c.fullId}: validate ${expected}, zod ${got}`);
    }
    expect(disagreements).toEqual([]);
    expect(compared).toBeGreaterThan(100);
  });

  it("formats are the package's own: a bindu id that is not a UUID, a timestamp without a zone", async () => {
    const { Task } = (await import(join(ROOT, 'generated/zod/bindu.mjs'))) as Record<string, ZodType>;
    const id = '3f2c9a1e-7b4d-4e8a-9c1f-000000000001';
    const task = { kind: 'task', id, contextId: id, status: { state: 'working', timestamp: '2026-01-01T00:00:00Z' } };
    expect(Task!.safeParse(task).success).toBe(true);
    expect(Task!.safeParse({ ...task, id: 'task-001' }).success).toBe(false);
    expect(Task!.safeParse({ ...task, status: { state: 'working', timestamp: '2026-01-01T00:00:00' } }).success).toBe(false);
    expect(validate('Task', { ...task, status: { state: 'working', timestamp: '2026-01-01T00:00:00' } }).valid).toBe(false);
  });
});
