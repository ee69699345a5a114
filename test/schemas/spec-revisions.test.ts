/**
 * schemas/spec-revisions.ts: each revision's rules are what that revision's text says (the section
 * the rule is cited from holds the words), and the variants name the revisions they follow.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHARED } from '../helpers.js';
import { SPEC_REVISIONS, type SpecRevision, isSpecRevision, revisionRules } from '../../schemas/spec-revisions.js';
import { VARIANT_TABLE, specRevisionOf } from '../../schemas/variant-table.js';

const textOf = (revision: SpecRevision) => readFileSync(join(SHARED, 'reference', `a2a-v${revision}-specification.md`), 'utf8');

/** The text of section `number` of a revision (up to the next heading of the same or a higher level). */
function section(revision: SpecRevision, number: string): string {
  const text = textOf(revision);
  const heading = new RegExp(`^(#{2,4}) ${number.replace(/\./g, '\\.')}\\.? .*$`, 'm').exec(text);
  if (!heading) throw new Error(`v${revision} has no section ${number}`);
  const rest = text.slice(heading.index + heading[0].length);
  const next = new RegExp(`^#{2,${heading[1]!.length}} `, 'm').exec(rest);
  return rest.slice(0, next?.index);
}

describe('each revision says what its rules say', () => {
  it.each(SPEC_REVISIONS)('v%s: the JSON-RPC ErrorInfo level is the one §9.5 states', (revision) => {
    const rules = revisionRules(revision);
    const text = section(revision, rules.sections.jsonRpcErrors);
    if (rules.jsonRpcErrorInfo === 'MUST') expect(text).toMatch(/implementations \*\*MUST\*\* include a `google\.rpc\.ErrorInfo`/);
    else {
      expect(text).not.toMatch(/\*\*MUST\*\* include a `google\.rpc\.ErrorInfo`/);
      expect(text).toMatch(/\*\*SHOULD\*\* use well-known types such as `google\.rpc\.ErrorInfo`/);
      expect(text).toMatch(/Each object in the `data` array \*\*MUST\*\* include a `@type` key/);
    }
  });

  it.each(SPEC_REVISIONS)('v%s: HTTP+JSON and gRPC keep the ErrorInfo MUST (§11.6, §10.6)', (revision) => {
    const rules = revisionRules(revision);
    expect(rules.bindingErrorInfo).toBe('MUST');
    expect(section(revision, rules.sections.restErrors)).toMatch(/\*\*MUST\*\* include a `google\.rpc\.ErrorInfo`/);
    expect(section(revision, rules.sections.grpcErrors)).toMatch(/\*\*MUST\*\* include a `google\.rpc\.ErrorInfo`/);
  });

  it.each(SPEC_REVISIONS)('v%s: the HTTP+JSON media type is the one §11.1 names, at its level', (revision) => {
    const rules = revisionRules(revision);
    const line = section(revision, rules.sections.restRequirements)
      .split('\n')
      .find((l) => l.includes('**Content-Type:**'))!;
    expect(line).toContain(rules.restMediaType.type);
    if (rules.restMediaType.level === 'SHOULD') expect(line).toContain('**SHOULD**');
    expect(rules.restMediaTypes[0]).toBe(rules.restMediaType.type);
  });

  it.each(SPEC_REVISIONS)('v%s: the tenant rule of §8.3.2 is there exactly when the table says so', (revision) => {
    const rules = revisionRules(revision);
    const has = /Set the `tenant` field in every request message/.test(section(revision, rules.sections.clientSelection));
    expect(has).toBe(rules.tenantEcho === 'MUST');
  });
});

describe('the variants name their revision', () => {
  it('a2a and bindu follow v0.3.0; a2a-v1 and aion the latest v1.0 revision held', () => {
    expect(VARIANT_TABLE.map((v) => [v.name, v.specRevision])).toEqual([
      ['a2a', '0.3.0'],
      ['bindu', '0.3.0'],
      ['a2a-v1', '1.0.1'],
      ['aion', '1.0.1'],
    ]);
    for (const variant of VARIANT_TABLE.filter((v) => v.wire === 'v1.0')) expect(isSpecRevision(variant.specRevision)).toBe(true);
    expect(specRevisionOf('a2a-v1')).toBe(SPEC_REVISIONS.at(-1));
    expect(specRevisionOf('nope')).toBeUndefined();
  });
});
