/**
 * What the build (scripts/emit-validators.ts) and the error explainer must agree on: where a schema
 * is "structural" (it describes the whole value there, so an object can be closed: an undeclared key
 * is unknown) and where it is "partial" (`allOf`, `oneOf`, `not`, `if`/`then`/`else`, ...: it only
 * adds a constraint). The closed validator adds `additionalProperties: false` and drops `deprecated`
 * parts in structural places only, where closing restricts, so "the closed validator passed" is a
 * sound verdict in both modes; the explainer reports unknown and deprecated keys in those places.
 * Nothing here knows a type name or a variant.
 */
import { unescapePointerToken } from './json-value.js';

/** A JSON Schema node as plain JSON. */
export type Schema = { [keyword: string]: unknown };

/** The definitions of a variant, keyed by name; references are written `#/$defs/Name`. */
export type Definitions = Readonly<Record<string, Schema>>;

export function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const DEFS_PREFIX = '#/$defs/';

/** The definition name a `$ref` points at (`#/$defs/Name`), or undefined for any other reference. */
export function refName(ref: unknown): string | undefined {
  if (typeof ref !== 'string' || !ref.startsWith(DEFS_PREFIX)) return undefined;
  const token = ref.slice(DEFS_PREFIX.length);
  return unescapePointerToken(token);
}

/** Keywords whose value is a map of names to subschemas describing the same value's members. */
export const STRUCTURAL_MAPS = ['properties', 'patternProperties'] as const;
/** Keywords whose value is one subschema describing a whole member value. */
export const STRUCTURAL_SINGLE = ['items', 'additionalProperties'] as const;
/** Keywords whose value is a list of subschemas, each describing a whole value. */
export const STRUCTURAL_LISTS = ['anyOf', 'prefixItems'] as const;
/**
 * Keywords whose subschemas only add constraints: never closed, unknown keys never reported inside.
 * `contains` is one: it asks for one item of a kind, which `items` describes whole (an A2A v1.0
 * error's ErrorInfo, with its `metadata`, among the `google.protobuf.Any` details).
 */
export const PARTIAL_SINGLE = [
  'not',
  'contains',
  'if',
  'then',
  'else',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
] as const;
export const PARTIAL_LISTS = ['allOf', 'oneOf'] as const;
export const PARTIAL_MAPS = ['dependentSchemas'] as const;

/** Calls `visit` on every direct subschema of `node`, saying whether its place is structural. */
export function forEachChild(node: Schema, visit: (child: Schema, structural: boolean) => void): void {
  for (const key of STRUCTURAL_MAPS) {
    const map = node[key];
    if (isSchema(map)) for (const child of Object.values(map)) if (isSchema(child)) visit(child, true);
  }
  for (const key of STRUCTURAL_SINGLE) if (isSchema(node[key])) visit(node[key] as Schema, true);
  for (const key of STRUCTURAL_LISTS) {
    const list = node[key];
    if (Array.isArray(list)) for (const child of list) if (isSchema(child)) visit(child, true);
  }
  for (const key of PARTIAL_SINGLE) if (isSchema(node[key])) visit(node[key] as Schema, false);
  for (const key of PARTIAL_LISTS) {
    const list = node[key];
    if (Array.isArray(list)) for (const child of list) if (isSchema(child)) visit(child, false);
  }
  for (const key of PARTIAL_MAPS) {
    const map = node[key];
    if (isSchema(map)) for (const child of Object.values(map)) if (isSchema(child)) visit(child, false);
  }
}

/**
 * The definitions that are referenced, directly or through other definitions, from a partial
 * place. They are never closed (closing them would also close them where they only add a
 * constraint), and the explainer reports no unknown keys inside them.
 */
export function partialDefinitions(definitions: Definitions): Set<string> {
  const partial = new Set<string>();
  const queue: string[] = [];
  const walk = (node: Schema, structural: boolean) => {
    const name = refName(node.$ref);
    if (name !== undefined && !structural && !partial.has(name)) {
      partial.add(name);
      queue.push(name);
    }
    forEachChild(node, (child, childStructural) => walk(child, structural && childStructural));
  };
  for (const [name, schema] of Object.entries(definitions)) walk(schema, !partial.has(name));
  while (queue.length > 0) {
    const name = queue.pop()!;
    const schema = definitions[name];
    if (schema) walk(schema, false);
  }
  return partial;
}

/** True for an object schema that the closed validator closes (when it sits in a structural place). */
export function isOpenObject(node: Schema): boolean {
  return (
    isSchema(node.properties) &&
    node.additionalProperties === undefined &&
    node.patternProperties === undefined &&
    node.unevaluatedProperties === undefined
  );
}

/**
 * The property names an object schema declares: its own `properties`, and those of its `allOf`
 * members (followed through references), which describe the same object.
 */
export function declaredNames(node: Schema, definitions: Definitions, seen = new Set<Schema>()): Set<string> {
  const names = new Set<string>();
  if (seen.has(node)) return names;
  seen.add(node);
  if (isSchema(node.properties)) for (const name of Object.keys(node.properties)) names.add(name);
  const target = refName(node.$ref);
  if (target !== undefined && definitions[target])
    for (const name of declaredNames(definitions[target]!, definitions, seen)) names.add(name);
  if (Array.isArray(node.allOf)) {
    for (const member of node.allOf) if (isSchema(member)) for (const name of declaredNames(member, definitions, seen)) names.add(name);
  }
  return names;
}

/** True when a schema is marked `deprecated`: accepted, but not the canonical form (`strict` rejects it). */
export function isDeprecated(node: unknown): boolean {
  return isSchema(node) && node.deprecated === true;
}
