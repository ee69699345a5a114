/**
 * src/engine/issues.ts `shapeIssues`: each defect reported once (the same keyword at the same path naming the same
 * key), whether the issues are few (compared one by one) or many (grouped by path), unknown keys as warnings, and the
 * cap on errors counted exactly. `ajvParams`: a missing key's params in ajv's names, whatever else the raw issue holds.
 */
import { describe, expect, it } from 'vitest';
import type { RawIssue } from '../../src/engine/explain.js';
import { ajvParams, shapeIssues } from '../../src/engine/issues.js';

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

describe('shapeIssues of issues the walk worded itself (a key missing and nothing more)', () => {
  const worded = (path: string, key: string): RawIssue => ({
    path,
    keyword: 'required',
    message: `missing the required property "${key}"`,
    params: { missingProperty: key },
  });

  it('reports them as they are: the same objects, in order, all errors', () => {
    const raw = [worded('/skills/0', 'description'), worded('/skills/0', 'tags'), worded('', 'url')];
    const { errors, warnings, omitted } = shapeIssues(raw, false);
    expect(errors).toHaveLength(3);
    for (let i = 0; i < raw.length; i++) expect(errors[i]).toBe(raw[i]);
    expect(Object.keys(errors[0]!)).toEqual(['path', 'keyword', 'message', 'params']);
    expect(warnings).toEqual([]);
    expect(omitted).toBe(0);
    expect(shapeIssues(raw, true).errors).toHaveLength(3);
  });

  it('reports one repeated once, beside the kinded issues, and caps them like any other', () => {
    const raw = [worded('/a', 'x'), wrongType('/b'), worded('/a', 'x'), worded('/a', 'y')];
    expect(described(shapeIssues(raw, false).errors)).toEqual([
      '/a required {"missingProperty":"x"}',
      '/b type {"type":"string"}',
      '/a required {"missingProperty":"y"}',
    ]);
    expect(described(shapeIssues([worded('/a', 'x'), worded('/a', 'x')], false).errors)).toEqual(['/a required {"missingProperty":"x"}']);
    const capped = shapeIssues([worded('/a', 'x'), worded('/a', 'y'), worded('/a', 'z')], false, 2);
    expect(described(capped.errors)).toEqual(['/a required {"missingProperty":"x"}', '/a required {"missingProperty":"y"}']);
    expect(capped.omitted).toBe(1);
    const skipped = shapeIssues([worded('/a', 'x'), worded('/b', 'y')], false, Infinity, new Set(['/a']));
    expect(described(skipped.errors)).toEqual(['/b required {"missingProperty":"y"}']);
  });

  it('a missing key with a near spelling among the unknown keys gets the hint, and the unknown key goes', () => {
    const raw = [unknown('', 'ID'), worded('', 'id')];
    const { errors, warnings } = shapeIssues(raw, false);
    expect(errors).toHaveLength(1);
    expect(errors[0]).not.toBe(raw[1]);
    expect(errors[0]!.message).toBe('missing the required property "id"');
    expect(errors[0]!.hint).toContain('"ID"');
    expect(warnings).toEqual([]);
  });
});

describe('ajvParams of a missing key', () => {
  const params = (extra: Record<string, unknown>) =>
    ajvParams({ kind: 'error', path: '', keyword: 'required', params: { missingProperty: 'id', ...extra } });

  it('is the missing key alone, whatever the words needed beside it', () => {
    expect(params({})).toEqual({ missingProperty: 'id' });
    // The typed detail a missing list must hold is for the words only.
    expect(params({ item: { '@type': 'type.googleapis.com/google.rpc.ErrorInfo' } })).toEqual({ missingProperty: 'id' });
  });

  it('names the discriminator and the other spellings when there are some', () => {
    expect(params({ discriminator: 'kind', discriminatorValue: 'text', member: 'TextPart' })).toEqual({
      missingProperty: 'id',
      discriminator: 'kind',
    });
    expect(params({ alternatives: ['id', 'ID'] })).toEqual({ missingProperty: 'id', alternatives: ['id', 'ID'] });
  });

  it('a missing list that must hold a typed detail is worded with the detail, and has a hint', () => {
    const item = { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'TASK_NOT_FOUND' };
    const [error] = shapeIssues(
      [{ kind: 'error', path: '/error', keyword: 'required', params: { missingProperty: 'details', item } }],
      false,
    ).errors;
    expect(error!.message).toBe(
      'missing the required property "details", which must hold a google.rpc.ErrorInfo with reason TASK_NOT_FOUND',
    );
    expect(error!.hint).toContain('google.rpc.ErrorInfo');
    expect(error!.params).toEqual({ missingProperty: 'details' });
  });

  it('a key found twice beside different keys is kept once, and different keys at one path are all kept', () => {
    const raw = ['a', 'b', 'a', 'c', 'b'].map((key) => missing('/skills/0', key));
    expect(described(shapeIssues(raw, false).errors)).toEqual([
      '/skills/0 required {"missingProperty":"a"}',
      '/skills/0 required {"missingProperty":"b"}',
      '/skills/0 required {"missingProperty":"c"}',
    ]);
  });
});

describe('words kept per list and value (a sender repeats its mistakes)', () => {
  // Module constants, as a generated explainer's lists are: the words of each value met at them are kept.
  const STRING: readonly string[] = ['string'];
  const ROLES: readonly unknown[] = ['agent', 'user'];
  const ONE: readonly unknown[] = ['message'];
  const typeIssue = (value: unknown, expected?: readonly unknown[]): RawIssue => ({
    kind: 'error',
    path: '/x',
    keyword: 'type',
    value,
    params: { types: STRING, expected },
  });
  const roleIssue = (value: unknown): RawIssue => ({ kind: 'error', path: '/role', keyword: 'enum', value, params: { allowed: ROLES } });
  const words = (raw: RawIssue) => {
    const [issue] = shapeIssues([raw], false).errors;
    return `${issue!.message} | ${issue!.hint ?? ''} | ${JSON.stringify(issue!.params)}`;
  };

  it('each value at one list has its own words, the same each time it comes back', () => {
    const first = [typeIssue(7), typeIssue(true), typeIssue([1]), typeIssue({ a: 1 }), roleIssue('agnet'), roleIssue('usr'), roleIssue(3)];
    const once = first.map(words);
    expect(once).toEqual([
      'must be a string, not an integer (7) | write it as a string: "7" | {"type":"string"}',
      'must be a string, not a boolean (true) |  | {"type":"string"}',
      'must be a string, not an array |  | {"type":"string"}',
      'must be a string, not an object |  | {"type":"string"}',
      'must be one of "agent" or "user", not "agnet" | did you mean "agent"? | {"allowedValues":["agent","user"]}',
      'must be one of "agent" or "user", not "usr" | did you mean "user"? | {"allowedValues":["agent","user"]}',
      'must be one of "agent" or "user", not 3 |  | {"allowedValues":["agent","user"]}',
    ]);
    expect(first.map(words)).toEqual(once);
  });

  it('the values a type error expects are a fact of its words too', () => {
    expect(words(typeIssue(7))).toContain('write it as a string: "7"');
    expect(words(typeIssue(7, ONE))).toContain('| write "message" |');
  });

  it('a list met with more values than it keeps words each of them, and long strings are worded each time', () => {
    for (let round = 0; round < 2; round++)
      for (let i = 0; i < 150; i++) expect(words(typeIssue(i))).toContain(`not an integer (${i}) | write it as a string: "${i}"`);
    // Past the bound on all words kept (lists of their own, met once each), the words are still each value's.
    for (let i = 0; i < 5000; i++) {
      const [issue] = shapeIssues(
        [{ kind: 'error', path: '', keyword: 'enum', value: `v${i}`, params: { allowed: [`v${i}x`] } }],
        false,
      ).errors;
      expect(issue!.message).toBe(`must be one of "v${i}x", not "v${i}"`);
    }
    const long = 'y'.repeat(10_000);
    expect(words(roleIssue(long))).toContain(`not "${'y'.repeat(46)}… |`);
    expect(words(roleIssue(`${long}z`))).toContain(`not "${'y'.repeat(46)}… |`);
  });

  it("kept words do not share an issue's params: each issue has its own", () => {
    const a = shapeIssues([roleIssue('robot')], false).errors[0]!;
    const b = shapeIssues([roleIssue('robot')], false).errors[0]!;
    expect(b.message).toBe(a.message);
    expect(b.params).toEqual(a.params);
    expect(b.params).not.toBe(a.params);
  });
});

describe('a missing key paired with an unknown one beside it', () => {
  it('the same among few unknown keys and among many', () => {
    for (const others of [2, 60]) {
      const raw: RawIssue[] = Array.from({ length: others }, (_, i) => wrongType(`/other/${i}`));
      for (let i = 0; i < others; i++) raw.push(unknown(`/other/${i}`, 'extra'));
      raw.push(missing('/task', 'contextId'), unknown('/task', 'context_id'), unknown('/elsewhere', 'context_id'));
      const { errors, warnings } = shapeIssues(raw, false);
      const paired = errors.find((issue) => issue.keyword === 'required')!;
      expect(paired.hint, `${others} others`).toContain('context_id');
      expect(warnings.map((issue) => issue.path)).toEqual([...Array.from({ length: others }, (_, i) => `/other/${i}`), '/elsewhere']);
    }
  });
});
