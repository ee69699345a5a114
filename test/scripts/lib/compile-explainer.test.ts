/**
 * The generated explainers (scripts/lib/compile-explainer.ts) against the interpreter they stand in for
 * (src/engine/explain.ts): on every bundled conformance case of every variant, and on the error-path bench's
 * payloads, the raw issues are the same, in the same order. The fuzz suites (test/fuzz/suite.ts) compare them on
 * every generated case too.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Explainer, RawIssue } from '../../../src/engine/explain.js';
import { availableVariants, loadVariant } from '../../../src/engine/load-validators.js';
import { isErrorIssue } from '../../../src/engine/validation-issue.js';
import { createBackend } from '../../../src/library/conformance/backend.js';
import { fixtureSchemaValidator, lintVariant } from '../../../src/library/conformance/lint.js';
import { readVariantFiles, variantDirectories } from '../../../src/library/conformance/load-fixtures.js';
import { errorPayloads } from '../../../bench/error-path.js';
import { ROOT } from '../../helpers.js';
import { closedFailure, comparable, interpreterOf } from './explainer-parity.js';

const CONFORMANCE = join(ROOT, 'conformance');

const backend = createBackend(ROOT);
const validateFixture = fixtureSchemaValidator(ROOT);

describe.each(variantDirectories(CONFORMANCE))('%s: generated explainers', (name) => {
  const variant = loadVariant(name);
  const interpreter = interpreterOf(variant);
  const { cases } = lintVariant(readVariantFiles(CONFORMANCE, name), backend.catalogue(name), validateFixture);

  it('every type has one', () => {
    const missing = variant.meta.types.filter((type) => typeof variant.compiledExplainer(type) !== 'function');
    expect(missing).toEqual([]);
  });

  it('find what the interpreter finds, in its order, on every conformance case', () => {
    let compared = 0;
    let invalid = 0;
    let skipped = 0;
    const differences: string[] = [];
    for (const testCase of cases) {
      const check = (explain: (explainer: Explainer) => RawIssue[]) => {
        const expected = explain(interpreter);
        const actual = explain(variant.explainer);
        compared++;
        if (expected.some(isErrorIssue)) invalid++;
        if (JSON.stringify(comparable(actual)) !== JSON.stringify(comparable(expected))) differences.push(testCase.fullId);
        else expect(comparable(actual)).toStrictEqual(comparable(expected));
      };
      const target = testCase.target;
      if ('type' in target) {
        check((explainer) => explainer.explainType(target.type, testCase.data));
        // As `validate` calls it: told where the closed validator failed (the properties before it are skipped).
        const failedAt = closedFailure(variant, target.type, testCase.data);
        if (failedAt !== undefined) {
          check((explainer) => explainer.explainType(target.type, testCase.data, failedAt));
          if (failedAt !== '') skipped++;
        }
      } else {
        const method = variant.method(target.method);
        if (!method) continue;
        if (target.part === 'request') check((explainer) => explainer.explainType(method.request, testCase.data));
        if (target.part === 'response') check((explainer) => explainer.explainType(method.response, testCase.data));
        if (target.part === 'params') check((explainer) => explainer.explainProperty(method.request, 'params', testCase.data));
        if (target.part === 'result') check((explainer) => explainer.explainProperty(method.successResponse, 'result', testCase.data));
      }
    }
    expect(differences).toEqual([]);
    // The comparison saw real failures, not only valid payloads.
    expect(compared).toBeGreaterThan(100);
    expect(invalid).toBeGreaterThan(20);
    // Explained as `validate` explains them: the closed validator failing at a property, not at the root.
    expect(skipped).toBeGreaterThan(5);
  });
});

describe.each(availableVariants())('%s: every type, on values of the wrong shape', (name) => {
  // Variants with no conformance directory (a2a-rest) are compared here only; the others here as well.
  it('find what the interpreter finds', () => {
    const variant = loadVariant(name);
    const interpreter = interpreterOf(variant);
    const values = [null, 'x', 1.5, true, [], [{}], {}, { unknownKey: 1, kind: 'x', type: 7 }];
    for (const type of variant.meta.types)
      for (const value of values) {
        const expected = comparable(interpreter.explainType(type, value));
        expect(comparable(variant.explainer.explainType(type, value)), `${type} ${JSON.stringify(value)}`).toStrictEqual(expected);
        const failedAt = closedFailure(variant, type, value);
        if (failedAt !== undefined)
          expect(
            comparable(variant.explainer.explainType(type, value, failedAt)),
            `${type} ${JSON.stringify(value)} ${failedAt}`,
          ).toStrictEqual(expected);
      }
  });
});

describe("the error path bench's payloads", () => {
  it.each(errorPayloads(ROOT).map((payload) => [payload.name, payload] as const))('%s', (_name, payload) => {
    const variant = loadVariant(payload.variant);
    const expected = interpreterOf(variant).explainType(payload.type, payload.value);
    expect(expected.length).toBeGreaterThan(0);
    expect(comparable(variant.explainer.explainType(payload.type, payload.value))).toStrictEqual(comparable(expected));
    const failedAt = closedFailure(variant, payload.type, payload.value);
    expect(failedAt).toBeDefined();
    expect(comparable(variant.explainer.explainType(payload.type, payload.value, failedAt))).toStrictEqual(comparable(expected));
  });
});

describe('a generated explainer', () => {
  it('writes the plain keywords itself and hands the others to the walk by a pointer it resolves', () => {
    const variant = loadVariant('bindu');
    const explain = variant.compiledExplainer('AgentCard')!;
    const handed: string[] = [];
    const runtime = {
      node(at: string, value: unknown, path: string, structural: boolean, out: RawIssue[]) {
        handed.push(at);
        variant.explainer.node(at, value, path, structural, out);
      },
      keyOrder: variant.explainer.keyOrder.bind(variant.explainer),
    };
    const out: RawIssue[] = [];
    // A kind outside the enum (written), a debug level that is neither 1 nor 2 (a union: handed over).
    explain({ kind: 'robot', debugLevel: 3 }, '/card', out, runtime);
    expect(out.find((issue) => issue.keyword === 'enum')).toMatchObject({ path: '/card/kind', value: 'robot' });
    expect(handed).toEqual(['AgentCard#/properties/debugLevel']);
    expect(out.some((issue) => issue.path === '/card/debugLevel')).toBe(true);
  });

  it('told where the closed validator failed, checks nothing it found to pass', () => {
    // What `validate` tells it, and what the closed validator guarantees then: the properties before `from`, the items
    // of its array before `fromItem`, and the keys (none unknown) passed. Told so, the walk does not look there again,
    // so what it would have found there had they failed is not reported: each part of the contract is seen to apply.
    const variant = loadVariant('bindu');
    const explain = variant.compiledExplainer('AgentCard')!;
    const card = structuredClone(errorPayloads(ROOT)[0]!.value) as { name: unknown; skills: unknown[] } & Record<string, unknown>;
    const summary = card.skills[0];
    Object.assign(card, { name: 7, skills: [summary, summary], unknownKey: 1 });
    const paths = (from?: string, fromItem?: number) => {
      const out: RawIssue[] = [];
      explain(card, '', out, variant.explainer, from, fromItem);
      return [...new Set(out.map((issue) => `${issue.path} ${issue.keyword}`))];
    };
    expect(paths()).toEqual(['/name type', '/skills/0 required', '/skills/1 required', ' additionalProperties']);
    expect(paths('skills')).toEqual(['/skills/0 required', '/skills/1 required']);
    expect(paths('skills', 1)).toEqual(['/skills/1 required']);
    // An item told that fails is explained without its closed validator's verdict: the walk's own issues.
    expect(paths('skills', 0)).toEqual(['/skills/0 required', '/skills/1 required']);
    // A member that is not the card's is no failure it can use: everything is checked.
    expect(paths('nothing', 1)).toEqual(paths());
  });

  it('the walk refuses a pointer that names no schema', () => {
    expect(() => loadVariant('bindu').explainer.node('AgentCard#/properties/nothing', 1, '', true, [])).toThrow(/no schema at/);
  });
});
