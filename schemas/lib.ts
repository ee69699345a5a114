/**
 * Small builders shared by every schema file. They only wrap TypeBox so that the
 * recurring shapes (string enumerations, open metadata maps, identifiers) are
 * written one way everywhere. Every builder takes the `description` the build
 * requires on every schema and property.
 */
import {
  Type,
  type SchemaOptions,
  type TLiteral,
  type TUnion,
  type TRecord,
  type TString,
  type TUnknown,
  type TNever,
} from '@sinclair/typebox';

/** Options that must carry a description (enforced by the description walker test too). */
export type Described = SchemaOptions & { description: string };

/**
 * A closed set of string values. Written as a union of literals so that TypeBox infers
 * the literal union; the JSON Schema emitter folds it into `{ "type": "string", "enum": [...] }`.
 */
export function StringEnum<const T extends readonly [string, ...string[]]>(
  values: T,
  options: Described,
): TUnion<{ -readonly [K in keyof T]: TLiteral<T[K]> }> {
  return Type.Union(
    values.map((value) => Type.Literal(value)),
    options,
  ) as unknown as TUnion<{ -readonly [K in keyof T]: TLiteral<T[K]> }>;
}

/** An open JSON object with arbitrary keys (metadata, params, free-form data). */
export function OpenObject(options: Described): TRecord<TString, TUnknown> {
  return Type.Record(Type.String(), Type.Unknown(), options);
}

/** A string that must be a UUID (RFC 4122 textual form). */
export function Uuid(options: Described): TString {
  return Type.String({ ...options, format: 'uuid' });
}

/** A string that must be an RFC 3339 date-time (the profile of ISO 8601 the seeds' examples use). */
export function DateTime(options: Described): TString {
  return Type.String({ ...options, format: 'date-time' });
}

/**
 * A property that must be absent. Used to restore the mutual exclusions that the A2A
 * TypeScript source states with `?: never` and that its generated JSON Schema dropped.
 * Emitted as `{ "not": {} }`.
 */
export function Absent(options: Described): TNever {
  return Type.Never(options);
}
