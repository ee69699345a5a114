/**
 * Emits `generated/types/<variant>.d.ts` with json-schema-to-typescript: one declaration per
 * definition, named exactly as the definition, JSDoc from the descriptions, and at the end a
 * `Definitions` interface mapping every name to its type (so code can index types by name).
 *
 * Each definition is compiled on its own, with every reference turned into a `tsType` naming
 * the referenced declaration. That keeps json-schema-to-typescript from inlining and renaming
 * referenced schemas (the `Message1`, `Message2` duplicates of a2a-js), and keeps the
 * description that sits beside a reference as the property's JSDoc.
 *
 * Two forms per variant: `generated/types/<variant>.d.ts`, the accepted form (what validates: either
 * spelling of a ProtoJSON field), and `generated/types/canonical/<variant>.d.ts`, the canonical form a
 * program writes (what strict validation accepts: no deprecated names or enum numbers, a required
 * field required under its lowerCamel name, a one-of group a union of one-member objects).
 */
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import type { VariantSpec } from '../schemas/variant.js';
import { mapSchema, type JsonSchema } from './lib/json-schema.js';
import { VARIANT_TABLE, type VariantFacts } from '../schemas/variant-table.js';

/** Keywords that constrain a value; a schema with none of them accepts any JSON value. */
const CONSTRAINING = ['type', '$ref', 'anyOf', 'oneOf', 'allOf', 'enum', 'const', 'not', 'properties', 'items', 'additionalProperties'];

/** True for a schema that accepts any value (`{}`, or one already rewritten to `unknown`). */
function acceptsAnything(node: unknown): boolean {
  if (typeof node !== 'object' || node === null) return false;
  const schema = node as JsonSchema;
  return !CONSTRAINING.some((keyword) => keyword in schema) && (schema.tsType === undefined || schema.tsType === 'unknown');
}

/**
 * Replaces references, "must be absent" schemas (`not` anything) and "any value" schemas with
 * the TypeScript they stand for (json-schema-to-typescript reads a bare `{ "description": ... }`
 * as an object and `{ "not": {} }` as an object too). The mapping runs bottom-up, so a child
 * may already have been rewritten when its parent is seen.
 */
function forTypeScript(schema: JsonSchema): JsonSchema {
  return mapSchema(schema, (node) => {
    if (typeof node.$ref === 'string') {
      const { $ref, ...rest } = node;
      return { ...rest, tsType: $ref };
    }
    if ('not' in node && acceptsAnything(node.not)) {
      const { not: _not, ...rest } = node;
      return { ...rest, tsType: 'never' };
    }
    if (acceptsAnything(node) && node.tsType === undefined) return { ...node, tsType: 'unknown' };
    return node;
  });
}

type Schema = JsonSchema;

/** `{ type: object, properties: { n: … }, required: [n] }`: a branch saying only that `n` is present. */
function presenceName(node: unknown): string | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  const { type, properties, required, description, ...rest } = node as Schema;
  void description;
  if (Object.keys(rest).length > 0 || (type !== undefined && type !== 'object')) return undefined;
  if (!Array.isArray(required) || required.length !== 1 || typeof required[0] !== 'string') return undefined;
  if (properties !== undefined && (typeof properties !== 'object' || Object.keys(properties as object).some((k) => k !== required[0])))
    return undefined;
  return required[0];
}

const isDeprecated = (node: unknown): boolean => typeof node === 'object' && node !== null && (node as Schema).deprecated === true;

/**
 * The canonical form of a node (run bottom-up): deprecated properties and `anyOf` branches removed,
 * `dependentSchemas` (the never-both rule of two spellings) dropped, and each `allOf` member made
 * of presence branches resolved: one surviving name is a required property; several (a one-of
 * group) become a union of objects each holding one member, the members leaving the shared part.
 */
function canonicalNode(node: Schema): Schema {
  const out: Schema = { ...node };
  delete out.dependentSchemas;
  if (Array.isArray(out.anyOf) && out.anyOf.some(isDeprecated)) out.anyOf = out.anyOf.filter((branch) => !isDeprecated(branch));
  if (typeof out.properties !== 'object' || out.properties === null) return out;
  const properties: Schema = {};
  for (const [name, child] of Object.entries(out.properties as Schema)) if (!isDeprecated(child)) properties[name] = child;
  const required = new Set(Array.isArray(out.required) ? (out.required as string[]) : []);
  const members: Schema[] = [];
  for (const member of Array.isArray(out.allOf) ? (out.allOf as Schema[]) : []) {
    const key = Array.isArray(member.oneOf) ? 'oneOf' : Array.isArray(member.anyOf) ? 'anyOf' : undefined;
    const names = key ? (member[key] as unknown[]).map(presenceName) : [];
    if (!key || names.length === 0 || names.some((name) => name === undefined)) {
      members.push(member);
      continue;
    }
    const kept = [...new Set(names as string[])].filter((name) => name in properties);
    if (kept.length === 1) required.add(kept[0]!);
    else if (kept.length > 1) {
      const branches = kept.map((name) => ({ type: 'object', properties: { [name]: properties[name] }, required: [name] }));
      for (const name of kept) delete properties[name];
      members.push({ ...(member.description === undefined ? {} : { description: member.description }), oneOf: branches });
    }
  }
  out.properties = properties;
  const requiredList = [...required].filter((name) => name in properties);
  if (requiredList.length > 0) out.required = requiredList;
  else delete out.required;
  if (members.length > 0) out.allOf = members;
  else delete out.allOf;
  return out;
}

const OPTIONS = {
  bannerComment: '',
  additionalProperties: false,
  unknownAny: true,
  ignoreMinAndMaxItems: true,
  declareExternallyReferenced: false,
  strictIndexSignatures: false,
  format: true,
} as const;

/** One declaration per definition, in the given form, by name. */
async function compiled(definitions: Map<string, JsonSchema>, canonical: boolean): Promise<Map<string, string>> {
  const parts = new Map<string, string>();
  for (const [name, schema] of definitions) {
    const input = { ...forTypeScript(canonical ? mapSchema(schema, canonicalNode) : schema), title: name } as JSONSchema;
    parts.set(name, (await compile(input, name, OPTIONS)).trimEnd());
  }
  return parts;
}

function header(variant: VariantSpec, canonical: boolean): string {
  const form = canonical ? 'canonical form: what a program writes and strict validation accepts' : 'accepted form: what validates';
  return `/* Generated by scripts/build.ts from schemas/ (variant "${variant.name}", ${form}). Do not edit: change the TypeBox source and run \`npm run build\`. */`;
}

/**
 * The declarations of `parts` that are the same in the base variant's `base` and refer (by any name of the variant,
 * even in prose: over-counting only shares less) to no declaration that is not: each of these is the base's type.
 */
function sharedWith(parts: Map<string, string>, base: Map<string, string> | undefined): string[] {
  if (!base) return [];
  const names = new Set(parts.keys());
  const shared = new Set([...parts].filter(([name, text]) => base.get(name) === text).map(([name]) => name));
  const refers = new Map([...shared].map((name) => [name, (parts.get(name)!.match(/\w+/g) ?? []).filter((word) => names.has(word))]));
  for (let changed = true; changed; ) {
    changed = false;
    for (const name of shared) {
      if (refers.get(name)!.some((other) => !shared.has(other))) {
        shared.delete(name);
        changed = true;
      }
    }
  }
  return [...parts.keys()].filter((name) => shared.has(name));
}

function nameList(names: readonly string[]): string {
  return `{\n${names.map((name) => `  ${name},`).join('\n')}\n}`;
}

function declarations(variant: VariantSpec, parts: Map<string, string>, canonical: boolean, base?: string, shared: string[] = []): string {
  const from = `'./${base}.js'`;
  const kept = new Set(shared);
  return [
    header(variant, canonical),
    '',
    ...(shared.length > 0
      ? [
          `// The same as in ${base} (and referring only to such): one declaration, the base's.`,
          `import type ${nameList(shared)} from ${from};`,
          `export type ${nameList(shared)} from ${from};`,
          '',
        ]
      : []),
    ...[...parts].filter(([name]) => !kept.has(name)).flatMap(([, part]) => [part, '']),
    `/** Every ${variant.name} definition by name (${canonical ? 'canonical' : 'accepted'} form). */`,
    'export interface Definitions {',
    ...[...parts.keys()].map((name) => `  ${name}: ${name};`),
    '}',
    '',
  ].join('\n');
}

/** Each variant's declarations as emitted (scripts/build.ts emits a base before the variants built on it). */
const emitted = new Map<string, { accepted: Map<string, string>; canonical: Map<string, string> }>();

/**
 * Both forms of a variant. Where they are the same (the v0.3 variants: no proto names, no enum numbers), the canonical
 * file re-exports the accepted one; a declaration that is the same in the variant's base (bindu: a2a, aion: a2a-v1) is
 * re-exported from the base's file. A program that imports every variant (the package root does) reads each once.
 */
export async function emitTypes(variant: VariantSpec, definitions: Map<string, JsonSchema>): Promise<Map<string, string>> {
  const accepted = await compiled(definitions, false);
  const canonical = await compiled(definitions, true);
  emitted.set(variant.name, { accepted, canonical });
  const base = (VARIANT_TABLE as readonly VariantFacts[]).find((facts) => facts.name === variant.name)?.base;
  const built = base === undefined ? undefined : emitted.get(base);
  if (base !== undefined && !built) throw new Error(`emitTypes: variant ${variant.name} is emitted before its base ${base}`);
  const same = [...canonical].every(([name, part]) => part === accepted.get(name));
  return new Map([
    [`generated/types/${variant.name}.d.ts`, declarations(variant, accepted, false, base, sharedWith(accepted, built?.accepted))],
    [
      `generated/types/canonical/${variant.name}.d.ts`,
      same
        ? `${header(variant, true)}\n\n// The same as the accepted form.\nexport * from '../${variant.name}.js';\n`
        : declarations(variant, canonical, true, base, sharedWith(canonical, built?.canonical)),
    ],
  ]);
}
