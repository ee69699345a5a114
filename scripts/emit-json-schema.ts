/**
 * Emits, per variant, the JSON Schema 2020-12 bundle `generated/json-schema/<variant>.json`
 * (`$defs` keyed by type name, refs `#/$defs/Name`, no nested `$id`) and one self-contained
 * file per type, `generated/json-schema/<variant>/<Name>.json` (the type at the root, the
 * closure of what it references under `$defs`, a stable absolute `$id`).
 */
import type { VariantSpec } from '../schemas/variant.js';
import { DIALECT, bundleId, closure, rewriteRefs, stableJson, typeId, type JsonSchema } from './lib/json-schema.js';

const toDefs = (name: string) => `#/$defs/${name}`;

export function bundle(variant: VariantSpec, definitions: Map<string, JsonSchema>): JsonSchema {
  const $defs: JsonSchema = {};
  for (const [name, schema] of definitions) $defs[name] = rewriteRefs(schema, toDefs);
  return {
    $schema: DIALECT,
    $id: bundleId(variant.name),
    title: variant.title,
    description: variant.description,
    $defs,
  };
}

export function typeFile(variant: VariantSpec, definitions: Map<string, JsonSchema>, name: string): JsonSchema {
  const root = rewriteRefs(definitions.get(name)!, toDefs);
  const deps = closure(definitions, [name]).filter((dep) => dep !== name);
  const needsSelf = closure(definitions, deps).includes(name);
  const $defs: JsonSchema = {};
  for (const dep of needsSelf ? [...deps, name].sort() : deps) $defs[dep] = rewriteRefs(definitions.get(dep)!, toDefs);
  const { description, ...rest } = root;
  const file: JsonSchema = { $schema: DIALECT, $id: typeId(variant.name, name), title: name, description, ...rest };
  if (Object.keys($defs).length > 0) file.$defs = $defs;
  return file;
}

export function emitJsonSchema(variant: VariantSpec, definitions: Map<string, JsonSchema>): Map<string, string> {
  const files = new Map<string, string>();
  files.set(`generated/json-schema/${variant.name}.json`, stableJson(bundle(variant, definitions)));
  for (const name of definitions.keys()) {
    files.set(`generated/json-schema/${variant.name}/${name}.json`, stableJson(typeFile(variant, definitions, name)));
  }
  return files;
}
