/**
 * src/engine/issues.ts `shapeIssues`: each defect reported once (the same keyword at the same path naming the same
 * key), whether the issues are few (compared one by one) or many (grouped by path), unknown keys as warnings, and the
 * cap on errors counted exactly.
 */
import { describe, expect, it } from 'vitest';
import type { RawIssue } from '../../src/engine/explain.js';
import { shapeIssues } from '../../src/engine/issues.js';

const missing = (path: string, key: string): RawIssue => ({ kind: 'error', path, keyword: 'required', params: { missingProperty: key } });
const wrongType = (path: string): RawIssue => ({ kind: 'error', path, keyword: 'type', value: 1, params: { types: ['string'] } });
const unknown = (path: string, key: string): RawIssue => ({
  kind: 'unknown',
  path,
  keyword: 'additionalProperties',
  value: 1,
  params: { property: key, declared: new Set(['id']) },
});

const described = (issues: readonly { path: string; keyword: string; params: unknown }[]) =>
  issues.map((issue) => `${issue.path} ${issue.keyword} ${JSON.stringify(issue.params)}`);

describe('shapeIssues', () => {
  it('reports a defect found twice once, and keeps the ones that differ by path, keyword or key', () => {
    const raw = [missing('/a', 'x'), wrongType('/b'), missing('/a', 'x'), missing('/a', 'y'), wrongType('/b'), wrongType('/c')];
    const { errors, warnings } = shapeIssues(raw, false);
    expect(described(errors)).toEqual([
      '/a required {"missingProperty":"x"}',
      '/b type {"type":"string"}',
      '/a required {"missingProperty":"y"}',
      '/c type {"type":"string"}',
    ]);
    expect(warnings).toEqual([]);
  });

  it('finds a repeat of the first issue among 32 (the last the bit set holds) and among many more', () => {
    for (const count of [32, 200]) {
      const raw = Array.from({ length: count - 1 }, (_, i) => wrongType(`/items/${i}`));
      raw.push(wrongType('/items/0'));
      const { errors } = shapeIssues(raw, false);
      expect(errors, `${count} issues`).toHaveLength(count - 1);
    }
  });

  it('reports unknown keys as warnings (errors when strict), each once', () => {
    const raw = [unknown('', 'somethingElse'), missing('', 'id'), unknown('', 'somethingElse')];
    const open = shapeIssues(raw, false);
    expect(described(open.errors)).toEqual([' required {"missingProperty":"id"}']);
    expect(described(open.warnings)).toEqual([' additionalProperties {"additionalProperty":"somethingElse"}']);
    const strict = shapeIssues(raw, true);
    expect(strict.errors).toHaveLength(2);
    expect(strict.warnings).toEqual([]);
  });

  it('keeps at most maxErrors errors and counts the others exactly', () => {
    const raw = Array.from({ length: 40 }, (_, i) => wrongType(`/${i}`));
    const { errors, omitted } = shapeIssues(raw, false, 5);
    expect(errors).toHaveLength(5);
    expect(omitted).toBe(35);
  });
});
