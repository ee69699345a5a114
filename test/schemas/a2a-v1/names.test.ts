/**
 * The v1.0 wire's field names (schemas/a2a-v1/names.ts): a field's second spelling (`aliasedField`) by the one rule
 * the normaliser and the reference pages share, held to the pairs the ProtoJSON builders forbid together.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { aliasedField } from '../../../schemas/a2a-v1/names.js';
import { ROOT } from '../../helpers.js';

describe('aliasedField', () => {
  const deprecated = { type: 'string', deprecated: true };
  const plain = { type: 'string' };

  it('a deprecated proto name whose JSON name is declared is that field', () => {
    expect(aliasedField('message_id', { messageId: plain, message_id: deprecated })).toBe('messageId');
    expect(aliasedField('reference_task_ids', { referenceTaskIds: plain, reference_task_ids: deprecated })).toBe('referenceTaskIds');
  });

  it('is no alias otherwise: not deprecated, no such field, the field deprecated too, or the same name', () => {
    expect(aliasedField('message_id', { messageId: plain, message_id: plain })).toBeUndefined();
    expect(aliasedField('message_id', { message_id: deprecated })).toBeUndefined();
    expect(aliasedField('message_id', { messageId: deprecated, message_id: deprecated })).toBeUndefined();
    expect(aliasedField('kind', { kind: deprecated })).toBeUndefined();
    expect(aliasedField('absent', { messageId: plain })).toBeUndefined();
  });

  it('finds exactly the pairs the built v1.0 schema forbids together (dependentSchemas), in every object', () => {
    const bundle = JSON.parse(readFileSync(join(ROOT, 'generated', 'json-schema', 'a2a-v1.json'), 'utf8')) as {
      $defs: Record<string, { properties?: Record<string, unknown>; dependentSchemas?: Record<string, { properties?: object }> }>;
    };
    let pairs = 0;
    for (const [name, schema] of Object.entries(bundle.$defs)) {
      const properties = schema.properties ?? {};
      const byRule = Object.keys(properties)
        .filter((key) => aliasedField(key, properties) !== undefined)
        .map((key) => `${key} → ${aliasedField(key, properties)}`)
        .sort();
      const forbidden = Object.entries(schema.dependentSchemas ?? {})
        .flatMap(([field, rule]) => Object.keys(rule.properties ?? {}).map((alias) => `${alias} → ${field}`))
        .sort();
      expect(byRule, name).toEqual(forbidden);
      pairs += byRule.length;
    }
    expect(pairs).toBeGreaterThan(50);
  });
});
