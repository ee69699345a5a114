/**
 * Builders for ProtoJSON objects and enums (A2A v1.0: the `a2a-v1` and `aion` variants).
 *
 * ProtoJSON parsers accept a field under its lowerCamel JSON name (`contextId`) or under its
 * original proto field name (`context_id`), never both; they accept an enum value by name
 * (`ROLE_USER`) or by number (`1`); and a `oneof` group holds one member at most (A2A makes the
 * groups it uses hold exactly one). Emitters write lowerCamel names and enum names only. These
 * builders turn those rules into plain JSON Schema constraints, so that every variant goes
 * through the same emitters with no special case:
 *
 *   ProtoObject([
 *     Required('messageId', Type.String({ description: '…' })),   // required, proto name message_id
 *     Field('contextId', Type.String({ description: '…' })),      // optional, proto name context_id
 *     Required('role', Type.Ref('Role', { description: '…' })),   // same name in both forms
 *     OneOf('content', [Field('text', …), Field('raw', …)], '…'), // exactly one member
 *   ], { description: '…' })
 *
 * emits one object schema:
 *
 * - `properties`: every field under its JSON name, and, where the proto name differs, under the
 *   proto name too. The proto-name copy is marked `deprecated: true` (accepted on input, never
 *   emitted); `strict` validation rejects what is marked deprecated.
 * - `required`: the required fields whose two names coincide.
 * - `allOf`: one `anyOf` per required field with two names (present under either name), and one
 *   `oneOf` per one-of group (exactly one member present, under either of its names). Each branch
 *   only names the property it requires: `{ "type": "object", "properties": { "messageId": {…} },
 *   "required": ["messageId"] }`.
 * - `dependentSchemas`: for every field with two names, "when the JSON name is present, the proto
 *   name must be absent", reported at the proto-name key.
 *
 * The proto names are derived from the JSON names (an underscore before each capital, lowered),
 * and the builder checks that protoc's JSON-name rule maps them back.
 *
 * Static type. The TypeScript type of an object is what validates, written so that TypeBox's
 * `Static` and the declarations json-schema-to-typescript generates from the emitted schema are
 * the same type: every name of every field is a property (the proto-name alias optional, and
 * `@deprecated` in the declarations), intersected with one union per `allOf` member. For a
 * required field with two names that reads `{ messageId?: string; message_id?: string } &
 * ({ messageId: unknown } | { message_id: unknown })`: one of the names must be given, and the
 * value has the field's type under either. The never-both rule is a `dependentSchemas`
 * constraint, which neither type expresses. At run time the schema is a TypeBox object carrying
 * the constraints as plain JSON Schema keywords; its declared TypeBox type is the intersection
 * above, which only `Static` reads.
 */
import {
  Type,
  type TLiteral,
  type TObject,
  type TIntersect,
  type TOptional,
  type TProperties,
  type TSchema,
  type TUnion,
  type TUnknown,
  type TUnsafe,
} from '@sinclair/typebox';
import type { Described } from '../lib.js';
import { jsonName, protoName } from './names.js';

export { jsonName, protoName } from './names.js';

// ---------------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------------

/** The proto field name of a lowerCamel JSON name: `contextId` → `context_id`. */
export type ProtoName<S extends string> = S extends `${infer C}${infer Rest}`
  ? `${C extends Lowercase<C> ? C : `_${Lowercase<C>}`}${ProtoName<Rest>}`
  : '';

// ---------------------------------------------------------------------------------------------
// Field specifications
// ---------------------------------------------------------------------------------------------

export interface FieldSpec<N extends string = string, T extends TSchema = TSchema, R extends boolean = boolean> {
  readonly kind: 'field';
  /** The lowerCamel JSON name. */
  readonly name: N;
  /** The schema of the value, with its description. */
  readonly schema: T;
  /** Whether the field must be present (`field_behavior = REQUIRED`, or required by the spec). */
  readonly required: R;
}

export interface OneOfSpec<G extends string = string, M extends readonly FieldSpec[] = readonly FieldSpec[]> {
  readonly kind: 'oneof';
  /** The name of the proto `oneof` (documentation only). */
  readonly name: G;
  /** The members; exactly one of them is present. */
  readonly members: M;
  /** What the group holds. */
  readonly description: string;
}

export type Spec = FieldSpec | OneOfSpec;

/** An optional field. */
export function Field<const N extends string, T extends TSchema>(name: N, schema: T): FieldSpec<N, T, false> {
  return { kind: 'field', name, schema, required: false };
}

/** A required field. */
export function Required<const N extends string, T extends TSchema>(name: N, schema: T): FieldSpec<N, T, true> {
  return { kind: 'field', name, schema, required: true };
}

/** A one-of group: exactly one of the members is present. */
export function OneOf<const G extends string, const M extends readonly FieldSpec<string, TSchema, false>[]>(
  name: G,
  members: M,
  description: string,
): OneOfSpec<G, M> {
  return { kind: 'oneof', name, members, description };
}

// ---------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------

type Flat<T> = { [K in keyof T]: T[K] };

/** True when a field has a proto name different from its JSON name. */
type Aliased<N extends string> = ProtoName<N> extends N ? false : true;

/** Every field of the specs, one-of members included. */
type AllFields<S extends readonly Spec[]> = {
  [I in keyof S]: S[I] extends OneOfSpec<string, infer M> ? M[number] : S[I];
}[number];

type AliasedFields<S extends readonly Spec[]> =
  AllFields<S> extends infer F ? (F extends FieldSpec ? (Aliased<F['name']> extends true ? F : never) : never) : never;

/** The properties of the object: each field under its JSON name, and the aliases. */
export type RootProperties<S extends readonly Spec[]> = Flat<
  {
    [F in AllFields<S> as F extends FieldSpec ? F['name'] : never]: F extends FieldSpec<infer N, infer T, infer R>
      ? R extends true
        ? Aliased<N> extends true
          ? TOptional<T>
          : T
        : TOptional<T>
      : never;
  } & {
    [F in AliasedFields<S> as F extends FieldSpec ? ProtoName<F['name']> : never]: F extends FieldSpec<string, infer T>
      ? TOptional<T>
      : never;
  }
>;

/** A schema that only says a property is present. */
export type Presence<K extends string> = TObject<{ [P in K]: TUnknown }>;

type Branches<M extends readonly FieldSpec[]> = M extends readonly [infer H extends FieldSpec, ...infer Rest extends readonly FieldSpec[]]
  ? Aliased<H['name']> extends true
    ? [Presence<H['name']>, Presence<ProtoName<H['name']>>, ...Branches<Rest>]
    : [Presence<H['name']>, ...Branches<Rest>]
  : [];

/** The `allOf` members, as TypeBox types: a union per aliased required field and per one-of group. */
export type Constraints<S extends readonly Spec[]> = S extends readonly [infer H, ...infer Rest extends readonly Spec[]]
  ? H extends OneOfSpec<string, infer M>
    ? [TUnion<Branches<M>>, ...Constraints<Rest>]
    : H extends FieldSpec<infer N, TSchema, true>
      ? Aliased<N> extends true
        ? [TUnion<[Presence<N>, Presence<ProtoName<N>>]>, ...Constraints<Rest>]
        : Constraints<Rest>
      : Constraints<Rest>
  : [];

/** The declared TypeBox type of a ProtoObject (what `Static` reads). */
export type TProtoObject<S extends readonly Spec[]> =
  RootProperties<S> extends infer P extends TProperties
    ? Constraints<S> extends []
      ? TObject<P>
      : TIntersect<[TObject<P>, ...Constraints<S>]>
    : never;

// ---------------------------------------------------------------------------------------------
// The builder
// ---------------------------------------------------------------------------------------------

type JsonObject = Record<string, unknown>;

function presence(name: string, what: string): JsonObject {
  return {
    type: 'object',
    properties: { [name]: { description: `${what} is given, under the name \`${name}\`.` } },
    required: [name],
  };
}

function alias(schema: TSchema, name: string): TSchema {
  const description = typeof schema.description === 'string' ? ` ${schema.description}` : '';
  return {
    ...schema,
    description: `\`${name}\` under its proto field name, which ProtoJSON parsers also accept; never sent together with \`${name}\`, and not the canonical form.${description}`,
    deprecated: true,
  };
}

/**
 * An object of the ProtoJSON wire: see the file comment. Throws when a JSON name does not map
 * back from its proto name, or when a name is used twice.
 */
export function ProtoObject<const S extends readonly Spec[]>(specs: S, options: Described): TProtoObject<S> {
  const properties: Record<string, TSchema> = {};
  const allOf: JsonObject[] = [];
  const dependentSchemas: Record<string, JsonObject> = {};
  const claim = (name: string) => {
    if (name in properties) throw new Error(`ProtoObject: the name "${name}" is used twice`);
  };
  const add = (field: FieldSpec, inOneOf: boolean): string[] => {
    const snake = protoName(field.name);
    if (jsonName(snake) !== field.name) {
      throw new Error(`ProtoObject: "${field.name}" is not the lowerCamel JSON name of "${snake}"`);
    }
    claim(field.name);
    const required = field.required && !inOneOf && snake === field.name;
    properties[field.name] = required ? field.schema : Type.Optional(field.schema);
    if (snake === field.name) return [field.name];
    claim(snake);
    properties[snake] = Type.Optional(alias(field.schema, field.name));
    dependentSchemas[field.name] = {
      properties: {
        [snake]: {
          description: `Must be absent when \`${field.name}\` is present: both name the same field.`,
          not: {},
        },
      },
    };
    if (field.required && !inOneOf) {
      allOf.push({
        description: `\`${field.name}\` is required, under that name or as \`${snake}\`.`,
        anyOf: [presence(field.name, `\`${field.name}\``), presence(snake, `\`${field.name}\``)],
      });
    }
    return [field.name, snake];
  };
  for (const spec of specs) {
    if (spec.kind === 'field') {
      add(spec, false);
      continue;
    }
    const branches: JsonObject[] = [];
    for (const member of spec.members) {
      if (member.required) throw new Error(`ProtoObject: one-of member "${member.name}" cannot be required by itself`);
      for (const name of add(member, true)) branches.push(presence(name, `\`${member.name}\``));
    }
    allOf.push({ description: spec.description, oneOf: branches });
  }
  const extra: JsonObject = {};
  if (allOf.length > 0) extra.allOf = allOf;
  if (Object.keys(dependentSchemas).length > 0) extra.dependentSchemas = dependentSchemas;
  return Type.Object(properties, { ...options, ...extra }) as unknown as TProtoObject<S>;
}

// ---------------------------------------------------------------------------------------------
// Enums
// ---------------------------------------------------------------------------------------------

/** The numbers `0 … n-1` of a tuple of n names, as a union. */
export type EnumNumbers<N extends readonly unknown[], Acc extends number[] = []> = Acc['length'] extends N['length']
  ? Acc[number]
  : EnumNumbers<N, [...Acc, Acc['length']]>;

/** The declared TypeBox type of a ProtoEnum: the names, or their numbers. */
export type TProtoEnum<N extends readonly string[]> = TUnion<
  [TUnion<{ -readonly [K in keyof N]: TLiteral<N[K]> }>, TUnsafe<EnumNumbers<N>>]
>;

/**
 * A proto enum: its value names in number order (the first is number 0), accepted by name or,
 * as ProtoJSON parsers also accept them, by number. The number form is a union of integer
 * literals (published as `{ "type": "integer", "enum": [0, …] }`) marked `deprecated` (not the
 * canonical form; `strict` rejects it). Plain TypeBox kinds throughout, so TypeBox's own
 * `TypeCompiler` and `Value.Check` can check the v1.0 schemas too.
 */
export function ProtoEnum<const N extends readonly [string, ...string[]]>(
  names: N,
  options: Described & { numbers: string },
): TProtoEnum<N> {
  const { numbers, ...rest } = options;
  return Type.Union(
    [
      Type.Union(
        names.map((name) => Type.Literal(name)),
        { description: 'The value by name: the canonical form.' },
      ),
      Type.Union(
        names.map((_, index) => Type.Literal(index)),
        { description: numbers, deprecated: true },
      ),
    ],
    rest,
  ) as unknown as TProtoEnum<N>;
}
