/**
 * Turns a variant's TypeBox definitions into plain JSON Schema 2020-12 definitions.
 *
 * Every output (the bundles, the per-type files, OpenRPC, the .d.ts input) starts from
 * `variantDefinitions(variant)`: one normalised schema per definition, with references
 * written `{"$ref": "Name"}` so that each emitter can point them where it needs
 * (`#/$defs/Name`, `#/components/schemas/Name`, ...). The normalisation is the same for
 * every variant; nothing here knows a type name.
 */
import type { TSchema } from '@sinclair/typebox';
import type { VariantSpec } from '../../schemas/variant.js';
import { escapePointerToken, isObject as isJsonObject } from '../../src/engine/json-value.js';

export type JsonSchema = { [key: string]: unknown };

/** The JSON Schema keywords that only annotate: they change no verdict. */
export const ANNOTATION_KEYWORDS: ReadonlySet<string> = new Set([
  'description',
  'title',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
  'contentEncoding',
  'contentMediaType',
]);

/** The JSON Schema 2020-12 dialect URI. */
export const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** Base of every published `$id`; the files are served at the same relative paths. */
export const ID_BASE = 'https://getbindu.com/protocol/json-schema/';

/** `$id` of a variant's bundle. */
export function bundleId(variant: string): string {
  return `${ID_BASE}${variant}.json`;
}

/** `$id` of one type's standalone file. */
export function typeId(variant: string, name: string): string {
  return `${ID_BASE}${variant}/${name}.json`;
}

/** The order keywords are written in, so every file reads the same way. Others follow, in source order. */
const KEY_ORDER = [
  '$schema',
  '$id',
  '$ref',
  'title',
  'description',
  'type',
  'const',
  'enum',
  'format',
  'default',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  '$defs',
];

/** A JSON object, read as a schema. */
const isObject = isJsonObject as (value: unknown) => value is JsonSchema;

function orderKeys(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const key of KEY_ORDER) if (key in schema) out[key] = schema[key];
  for (const key of Object.keys(schema)) if (!(key in out)) out[key] = schema[key];
  return out;
}

/** Keys whose values are maps of names to schemas (not schemas themselves). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions']);
/** Keys whose values are schemas or arrays of schemas. */
const SCHEMA_KEYS = new Set([
  'items',
  'additionalProperties',
  'not',
  'anyOf',
  'oneOf',
  'allOf',
  'prefixItems',
  'contains',
  'if',
  'then',
  'else',
]);

/** Applies `fn` bottom-up to every subschema of `schema` (including `schema` itself). */
export function mapSchema(schema: JsonSchema, fn: (node: JsonSchema) => JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (SCHEMA_MAPS.has(key) && isObject(value)) {
      const map: JsonSchema = {};
      for (const [name, sub] of Object.entries(value)) map[name] = isObject(sub) ? mapSchema(sub, fn) : sub;
      out[key] = map;
    } else if (SCHEMA_KEYS.has(key) && Array.isArray(value)) {
      out[key] = value.map((sub) => (isObject(sub) ? mapSchema(sub, fn) : sub));
    } else if (SCHEMA_KEYS.has(key) && isObject(value)) {
      out[key] = mapSchema(value, fn);
    } else {
      out[key] = value;
    }
  }
  return fn(out);
}

/** Visits every subschema with the JSON Pointer of its location inside the root. */
export function walkSchema(schema: JsonSchema, visit: (node: JsonSchema, pointer: string) => void, pointer = ''): void {
  visit(schema, pointer);
  for (const [key, value] of Object.entries(schema)) {
    if (SCHEMA_MAPS.has(key) && isObject(value)) {
      for (const [name, sub] of Object.entries(value))
        if (isObject(sub)) walkSchema(sub, visit, `${pointer}/${key}/${escapePointerToken(name)}`);
    } else if (SCHEMA_KEYS.has(key) && Array.isArray(value)) {
      value.forEach((sub, i) => {
        isObject(sub) && walkSchema(sub, visit, `${pointer}/${key}/${i}`);
      });
    } else if (SCHEMA_KEYS.has(key) && isObject(value)) {
      walkSchema(value, visit, `${pointer}/${key}`);
    }
  }
}

/** A node that only states a type, e.g. `{"type": "string"}`. */
function isBareType(node: unknown): node is { type: string } {
  return isObject(node) && Object.keys(node).length === 1 && typeof node.type === 'string';
}

/** A node that only states a string constant, e.g. `{"const": "x", "type": "string"}`. */
function isBareStringConst(node: unknown): node is { const: string; type: 'string' } {
  return isObject(node) && typeof node.const === 'string' && node.type === 'string' && Object.keys(node).length === 2;
}

/** A node that only states an integer constant (after normalisation), e.g. `{"const": 3, "type": "integer"}`. */
function isBareIntegerConst(node: unknown): node is { const: number; type: 'integer' } {
  return isObject(node) && Number.isInteger(node.const) && node.type === 'integer' && Object.keys(node).length === 2;
}

/**
 * One normalisation step on a node whose children are already normalised:
 * - a union of bare string constants becomes `{"type": "string", "enum": [...]}` (TypeBox writes literal unions as anyOf),
 *   and a union of bare integer constants `{"type": "integer", "enum": [...]}`;
 * - a union of bare types becomes a type array (`["string", "integer", "null"]`);
 * - a TypeBox string-keyed record (`patternProperties: {"^(.*)$": X}`) becomes `additionalProperties: X`;
 * - an integer constant typed `number` is typed `integer`;
 * - TypeBox's own `$id` on a definition is dropped (the emitters set the `$id`s they publish).
 */
function normaliseNode(node: JsonSchema): JsonSchema {
  let out: JsonSchema = { ...node };
  delete out.$id;
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length > 0) {
    if (anyOf.every(isBareStringConst)) {
      delete out.anyOf;
      out = { ...out, type: 'string', enum: anyOf.map((member) => member.const) };
    } else if (anyOf.every(isBareIntegerConst)) {
      delete out.anyOf;
      out = { ...out, type: 'integer', enum: anyOf.map((member) => member.const) };
    } else if (anyOf.every(isBareType) && out.type === undefined) {
      delete out.anyOf;
      out = { ...out, type: anyOf.map((member) => member.type) };
    }
  }
  const patterns = out.patternProperties;
  if (isObject(patterns) && Object.keys(patterns).length === 1 && '^(.*)$' in patterns && out.additionalProperties === undefined) {
    delete out.patternProperties;
    out.additionalProperties = patterns['^(.*)$'];
  }
  if (typeof out.const === 'number' && Number.isInteger(out.const) && out.type === 'number') out.type = 'integer';
  return orderKeys(out);
}

/** A TypeBox schema as plain JSON (symbols and functions dropped), normalised. */
export function toJsonSchema(schema: TSchema): JsonSchema {
  return mapSchema(JSON.parse(JSON.stringify(schema)) as JsonSchema, normaliseNode);
}

/** The normalised definitions of a variant, sorted by name, refs still bare names. */
export function variantDefinitions(variant: VariantSpec): Map<string, JsonSchema> {
  const names = Object.keys(variant.definitions).sort();
  const out = new Map<string, JsonSchema>();
  for (const name of names) out.set(name, toJsonSchema(variant.definitions[name] as TSchema));
  return out;
}

/** Rewrites every bare `$ref: "Name"` with `target(name)`. */
export function rewriteRefs(schema: JsonSchema, target: (name: string) => string): JsonSchema {
  return mapSchema(schema, (node) => (typeof node.$ref === 'string' ? { ...node, $ref: target(node.$ref) } : node));
}

/** Names a schema refers to directly (bare-name refs). */
export function directRefs(schema: JsonSchema): Set<string> {
  const names = new Set<string>();
  walkSchema(schema, (node) => {
    if (typeof node.$ref === 'string') names.add(node.$ref);
  });
  return names;
}

/** Every definition reachable from `roots` (the roots included), sorted by name. */
export function closure(definitions: Map<string, JsonSchema>, roots: Iterable<string>): string[] {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const name = stack.pop()!;
    if (seen.has(name)) continue;
    const schema = definitions.get(name);
    if (!schema) throw new Error(`reference to unknown definition "${name}"`);
    seen.add(name);
    for (const ref of directRefs(schema)) stack.push(ref);
  }
  return [...seen].sort();
}

/** Every `$ref` target that names no definition, as `Definition -> Target` strings. */
export function danglingRefs(definitions: Map<string, JsonSchema>): string[] {
  const problems: string[] = [];
  for (const [name, schema] of definitions) {
    for (const ref of directRefs(schema)) if (!definitions.has(ref)) problems.push(`${name} -> ${ref}`);
  }
  return problems;
}

/** Serialises the way every generated JSON file is written. */
export function stableJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
