/**
 * Every definition and every property of every variant carries a description: it flows into
 * the JSON Schema, the JSDoc of the declarations, OpenRPC and the docs.
 */
import { describe, expect, it } from 'vitest';
import { variantDefinitions, walkSchema, type JsonSchema } from '../../scripts/lib/json-schema.js';
import { VARIANTS } from '../../scripts/lib/variants.js';

/** JSON Pointers of definitions and properties that have no non-empty description. */
function missingDescriptions(name: string, schema: JsonSchema): string[] {
  const missing: string[] = [];
  const described = (node: JsonSchema) => typeof node.description === 'string' && node.description.trim().length > 0;
  if (!described(schema)) missing.push(`${name}`);
  walkSchema(schema, (node, pointer) => {
    const properties = node.properties as Record<string, JsonSchema> | undefined;
    if (!properties) return;
    for (const [property, sub] of Object.entries(properties)) {
      if (!described(sub)) missing.push(`${name}${pointer}/properties/${property}`);
    }
  });
  return missing;
}

describe('descriptions', () => {
  it('the walker reports a definition or a nested property without one', () => {
    const schema = {
      description: 'outer',
      type: 'object',
      properties: {
        ok: { type: 'string', description: 'fine' },
        inner: { type: 'object', description: 'x', properties: { bare: { type: 'string' } } },
      },
    };
    expect(missingDescriptions('Sample', schema)).toEqual(['Sample/properties/inner/properties/bare']);
    expect(missingDescriptions('Bare', { type: 'string' })).toEqual(['Bare']);
  });

  for (const variant of VARIANTS) {
    it(`every ${variant.name} definition and property has one`, () => {
      const missing = [...variantDefinitions(variant)].flatMap(([name, schema]) => missingDescriptions(name, schema));
      expect(missing).toEqual([]);
    });
  }
});
