/** The small facts about parsed JSON values and JSON Pointers that every floor uses, written once. */

/** A JSON object as parsed: string keys, any values. */
export type JsonObject = Record<string, unknown>;

/** True for a JSON object (not null, not an array). */
export const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The JSON type of a value, as JSON Schema names it (`integer` for whole numbers). */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** One reference token of a JSON Pointer (RFC 6901 section 3): `~` as `~0`, `/` as `~1`. */
export function escapePointerToken(token: string | number): string {
  const text = String(token);
  return text.includes('~') || text.includes('/') ? text.replace(/~/g, '~0').replace(/\//g, '~1') : text;
}

/** One reference token of a JSON Pointer read back: `~1` as `/`, then `~0` as `~` (RFC 6901 section 4). */
export function unescapePointerToken(token: string): string {
  return token.includes('~') ? token.replace(/~1/g, '/').replace(/~0/g, '~') : token;
}

/** The member a JSON Pointer starts with (`/skills/0` → `skills`); undefined for the root pointer `""`. */
export function firstPointerToken(pointer: string): string | undefined {
  if (pointer === '') return undefined;
  const end = pointer.indexOf('/', 1);
  return unescapePointerToken(end === -1 ? pointer.slice(1) : pointer.slice(1, end));
}

/** The JSON Pointer of a member (or item) `key` of the value at `path`. */
export const pointerTo = (path: string, key: string | number): string => `${path}/${escapePointerToken(key)}`;
