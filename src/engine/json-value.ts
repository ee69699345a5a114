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

/**
 * Where a type's closed validator failed, read as its generated explainer is told it (`CompiledExplain` in explain.ts):
 * the member the error's JSON Pointer starts with (`/skills/3/tags` → `skills`), and the item of that member its next
 * token names when that token is an array index (→ 3). The last pointer read is kept: a failure met again (the same
 * invalid payload, or payloads with the same defect) is read once.
 */
export class FailurePoint {
  private pointer: string | undefined = undefined;
  /** The member the pointer starts with; undefined for the root pointer `""` (or none). */
  member: string | undefined = undefined;
  /** The array index the pointer's second token is; undefined when it has none, or another kind of token. */
  item: number | undefined = undefined;

  /** Reads `pointer` (a closed validator's `instancePath`) into `member` and `item`. */
  read(pointer: string | undefined): this {
    if (pointer === this.pointer) return this;
    this.pointer = pointer;
    this.member = undefined;
    this.item = undefined;
    if (pointer === undefined || pointer === '') return this;
    const end = pointer.indexOf('/', 1);
    this.member = unescapePointerToken(end === -1 ? pointer.slice(1) : pointer.slice(1, end));
    if (end === -1) return this;
    const next = pointer.indexOf('/', end + 1);
    const token = next === -1 ? pointer.slice(end + 1) : pointer.slice(end + 1, next);
    if (ARRAY_INDEX.test(token)) this.item = Number(token);
    return this;
  }
}

/** An array index as a JSON Pointer token writes it (RFC 6901 section 4): no leading zeros, within the safe integers. */
const ARRAY_INDEX = /^(?:0|[1-9]\d{0,14})$/;

/**
 * True for a name every object has through `Object.prototype` (`constructor`, `toString`, `__proto__`, …), as it was
 * when this module loaded: reading such a key finds a value on any object, so only an own one counts as present. Any
 * other key is present when reading it gives a value, as the precompiled validators read it.
 */
export const isPrototypeName = (name: string): boolean => PROTOTYPE_NAMES.has(name);

const PROTOTYPE_NAMES: ReadonlySet<string> = new Set([...Object.getOwnPropertyNames(Object.prototype), '__proto__']);

/** The JSON Pointer of a member (or item) `key` of the value at `path`. */
export const pointerTo = (path: string, key: string | number): string => `${path}/${escapePointerToken(key)}`;
