/**
 * Field names on the A2A v1.0 wire: protoc's JSON name (lowerCamel) and the proto field name
 * (snake_case) of each field. Plain functions with no TypeBox, so the converter can use them
 * without loading the schemas.
 */

/** The proto field name of a lowerCamel JSON name: `contextId` → `context_id`. */
export function protoName(jsonName: string): string {
  return jsonName.replace(/[A-Z]/g, (capital) => `_${capital.toLowerCase()}`);
}

/** protoc's JSON name of a proto field name: each underscore dropped and the next letter capitalised. */
export function jsonName(protoFieldName: string): string {
  let out = '';
  let capitalise = false;
  for (const char of protoFieldName) {
    if (char === '_') capitalise = true;
    else {
      out += capitalise ? char.toUpperCase() : char;
      capitalise = false;
    }
  }
  return out;
}

/**
 * The field a property is the second spelling of, or undefined: a deprecated property whose protoc JSON name is another
 * declared property, not deprecated. This is how the ProtoJSON builders (./proto.ts) accept a field under its proto
 * name (`message_id` for `messageId`); the normaliser (src/library/normalize.ts) and the reference pages
 * (scripts/docs/schema-render.ts) read the pairs from the schemas by this one rule.
 */
export function aliasedField(key: string, properties: Readonly<Record<string, unknown>>): string | undefined {
  if (!isDeprecated(properties[key])) return undefined;
  const field = jsonName(key);
  return field !== key && Object.hasOwn(properties, field) && !isDeprecated(properties[field]) ? field : undefined;
}

const isDeprecated = (schema: unknown): boolean =>
  typeof schema === 'object' && schema !== null && (schema as { deprecated?: unknown }).deprecated === true;
