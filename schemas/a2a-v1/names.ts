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
