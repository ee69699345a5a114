/**
 * schemas/a2a-v1/field-presence.ts against the proto: the fields declared `optional`, per message, read by protobufjs
 * from each v1.0 revision's proto, are exactly the table's; and each is a property of the variant's definition.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPLICIT_PRESENCE } from '../../schemas/a2a-v1/field-presence.js';
import { definitions } from '../../schemas/a2a-v1/index.js';
import { SHARED } from '../helpers.js';
import { protoModel } from './proto-differential.js';

describe('EXPLICIT_PRESENCE', () => {
  for (const revision of ['1.0.0', '1.0.1']) {
    it(`lists the proto3 optional fields of a2a-v${revision}.proto`, () => {
      const proto = protoModel(join(SHARED, 'reference', `a2a-v${revision}.proto`));
      const fromProto: Record<string, string[]> = {};
      for (const [name, message] of proto.messages) {
        const optional = message.fields.filter((field) => field.optional).map((field) => field.json);
        if (optional.length > 0) fromProto[name] = optional;
      }
      expect(fromProto).toEqual(EXPLICIT_PRESENCE);
    });
  }

  it('names properties the definitions have', () => {
    for (const [type, fields] of Object.entries(EXPLICIT_PRESENCE)) {
      const properties = (definitions as Record<string, { properties?: Record<string, unknown> }>)[type]?.properties ?? {};
      for (const field of fields) expect(Object.keys(properties), `${type}.${field}`).toContain(field);
    }
  });
});
