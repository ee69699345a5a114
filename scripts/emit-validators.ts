/**
 * Emits the precompiled validators of a variant (formats from src/engine/formats.ts), so that nothing
 * is compiled when the package validates. The closed validators (the hot path) are written by our own
 * generator, scripts/lib/compile-closed.ts (a module it cannot handle falls back to ajv, and the build
 * says so); the open ones are ajv standalone code:
 *
 *   generated/validators/<variant>/<Type>.cjs       the "closed" validator of a type: every object
 *                                                   in a structural place gets
 *                                                   `additionalProperties: false` and what is
 *                                                   marked `deprecated` is rejected. Run first: a
 *                                                   payload that passes is valid, strict or not,
 *                                                   with no warnings.
 *   generated/validators/<variant>/<Type>.open.cjs  the validator of the schema as published (open
 *                                                   objects). Loaded only when the closed one
 *                                                   fails, to tell unknown keys (warnings) from
 *                                                   real errors.
 *   generated/validators/<variant>/<Type>.explain.cjs  the explainer of a type (scripts/lib/compile-explainer.ts):
 *                                                   the issues of a payload the closed validator
 *                                                   failed, the same the interpreter
 *                                                   (src/engine/explain.ts) finds, written as code.
 *   generated/validators/<variant>/<Type>.<part>.cjs  (and `.open.cjs`) the closed and open
 *                                                   validators of a type's `params` or `result`
 *                                                   property, for the types that have one written
 *                                                   inline (a union, an array, null); a property
 *                                                   that is a bare reference is validated by the
 *                                                   referenced type's modules. `parts` in the
 *                                                   meta file says which module applies.
 *   generated/validators/<variant>.meta.json        the type names, the method registry
 *                                                   (request, responses, the errors each method
 *                                                   declares with their codes) for validateMessage,
 *                                                   and the part modules.
 *   generated/validators/formats.cjs                src/engine/formats.ts, transpiled as it is: the format
 *                                                   checks the compiled code calls (the ones written
 *                                                   as regular expressions are inlined).
 *
 * One CommonJS module per type, exporting `validate`; a reference to another type is a
 * `require` of that type's module (a closed module writes a small non-recursive type's code in
 * place instead), so validating a Task loads the Task's closure, not the whole variant. Validators are verdict-only (`allErrors: false`, no messages): the messages people
 * read are built by the explainer in src/validate/ from the published bundle, only for payloads
 * that fail. Annotations (descriptions, defaults) are left out of the compiled schemas.
 *
 * Where the closed validator may close an object is decided by src/engine/schema-places.ts, which the
 * explainer also uses, so the two agree on what an unknown key is. Nothing here knows a type name.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, _, stringify, type KeywordCxt, type Options } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneModule from 'ajv/dist/standalone/index.js';
import ts from 'typescript';
import { addFormats } from '../src/engine/formats.js';
import type { VariantSpec } from '../schemas/variant.js';
import { jsonRpcErrorInfoRule } from '../schemas/error-table.js';
import { isSpecRevision } from '../schemas/spec-revisions.js';
import { WIRE_OF_VARIANT, specRevisionOf } from '../schemas/variant-table.js';
import { errorCatalogue } from './lib/catalogue.js';
import { chunkFile, LAZY_CHUNKS } from './lib/lazy-chunks.js';
import { ANNOTATION_KEYWORDS, rewriteRefs, stableJson, type JsonSchema } from './lib/json-schema.js';
import {
  PARTIAL_LISTS,
  PARTIAL_MAPS,
  PARTIAL_SINGLE,
  STRUCTURAL_LISTS,
  STRUCTURAL_MAPS,
  STRUCTURAL_SINGLE,
  declaredNames,
  forEachChild,
  isDeprecated,
  isOpenObject,
  isSchema,
  partialDefinitions,
  refName,
  type Definitions,
  type Schema,
} from '../src/engine/schema-places.js';
import { EXPLAINED_KEYWORDS } from '../src/engine/explain.js';
import { compileClosed, linksOf, schemaSize, Unsupported } from './lib/compile-closed.js';
import { compileExplainer } from './lib/compile-explainer.js';

type Standalone = (ajv: Ajv | Ajv2020, refs: Record<string, string>) => string;
const standaloneCode = ((standaloneModule as unknown as { default?: Standalone }).default ?? standaloneModule) as Standalone;

/** Where the validators are written. */
export const VALIDATORS_DIR = 'generated/validators';

/** The shared format checks (src/engine/formats.ts), written beside the variants' directories. */
const FORMATS_SOURCE = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'engine', 'formats.ts');
const FORMATS_MODULE = 'formats.cjs';

/** The properties of a type that a method part names: a request's `params`, a success response's `result`. */
export const PART_PROPERTIES = ['params', 'result'] as const;

/** Keywords that only annotate; they change no verdict and are left out of the compiled code. */
const ANNOTATIONS = ANNOTATION_KEYWORDS;

/** Keywords ajv's draft-07 class does not know; a variant that uses one is compiled with Ajv2020. */
const ONLY_2020 = [
  'prefixItems',
  'unevaluatedProperties',
  'unevaluatedItems',
  '$dynamicRef',
  '$dynamicAnchor',
  'dependentSchemas',
  'dependentRequired',
  'minContains',
  'maxContains',
];

/** Applies `fn` to every direct subschema of `node`, keeping the keyword layout. */
function mapChildren(node: Schema, fn: (child: Schema, structural: boolean) => Schema): Schema {
  const out: Schema = { ...node };
  for (const key of STRUCTURAL_MAPS) if (isSchema(node[key])) out[key] = mapValues(node[key] as Schema, (child) => fn(child, true));
  for (const key of PARTIAL_MAPS) if (isSchema(node[key])) out[key] = mapValues(node[key] as Schema, (child) => fn(child, false));
  for (const key of STRUCTURAL_SINGLE) if (isSchema(node[key])) out[key] = fn(node[key] as Schema, true);
  for (const key of PARTIAL_SINGLE) if (isSchema(node[key])) out[key] = fn(node[key] as Schema, false);
  for (const key of STRUCTURAL_LISTS)
    if (Array.isArray(node[key])) out[key] = (node[key] as unknown[]).map((child) => (isSchema(child) ? fn(child, true) : child));
  for (const key of PARTIAL_LISTS)
    if (Array.isArray(node[key])) out[key] = (node[key] as unknown[]).map((child) => (isSchema(child) ? fn(child, false) : child));
  return out;
}

function mapValues(map: Schema, fn: (child: Schema) => Schema): Schema {
  const out: Schema = {};
  for (const [name, child] of Object.entries(map)) out[name] = isSchema(child) ? fn(child) : child;
  return out;
}

/** The closed form of a node (see the file comment); partial places are left as they are. */
function close(node: Schema, structural: boolean, definitions: Definitions): Schema {
  if (!structural) return node;
  let out = mapChildren(node, (child, childStructural) => close(child, childStructural, definitions));
  if (isSchema(out.properties)) {
    const properties: Schema = {};
    for (const [name, child] of Object.entries(out.properties))
      properties[name] = isDeprecated(node.properties && (node.properties as Schema)[name]) ? { not: {} } : child;
    if (isOpenObject(node)) {
      // Names declared only by `allOf` members describe the same object: they are not unknown.
      for (const name of declaredNames(node, definitions)) if (!(name in properties)) properties[name] = {};
      out.additionalProperties = false;
    }
    out.properties = properties;
  }
  if (Array.isArray(node.anyOf) && node.anyOf.some(isDeprecated)) {
    const kept = (out.anyOf as Schema[]).filter((_, index) => !isDeprecated((node.anyOf as unknown[])[index]));
    out = { ...out };
    if (kept.length > 0) out.anyOf = kept;
    else {
      delete out.anyOf;
      out.not = {};
    }
  }
  return out;
}

/**
 * The closed form of every definition (see the file comment): the schemas the closed validators check,
 * in JavaScript (here) and in Python (scripts/lib/compile-closed-python.ts).
 */
export function closedDefinitions(definitions: Definitions): Record<string, Schema> {
  const partial = partialDefinitions(definitions);
  const closed: Record<string, Schema> = {};
  for (const [name, schema] of Object.entries(definitions)) closed[name] = close(schema, !partial.has(name), definitions);
  return closed;
}

function stripAnnotations(node: Schema): Schema {
  const out = mapChildren(node, (child) => stripAnnotations(child));
  for (const key of Object.keys(out)) if (ANNOTATIONS.has(key)) delete out[key];
  return out;
}

/** Every keyword used anywhere in the definitions. */
function keywordsUsed(definitions: Definitions): Set<string> {
  const used = new Set<string>();
  const visit = (node: Schema) => {
    for (const key of Object.keys(node)) used.add(key);
    forEachChild(node, (child) => visit(child));
  };
  for (const schema of Object.values(definitions)) visit(schema);
  return used;
}

/** The keyword that replaces a reference in the compiled schemas: a call into the referenced type's module. */
const LINK = 'x-bindu-link';

/** Replaces every `$ref: "#/$defs/Name"` with the link keyword. */
function link(node: Schema): Schema {
  const out = mapChildren(node, (child) => link(child));
  const target = refName(out.$ref);
  if (target !== undefined) {
    delete out.$ref;
    out[LINK] = target;
  }
  return out;
}

/** The keyword that replaces a union of object types (see `unionOf`). */
const UNION = 'x-bindu-anyof';

/** One member of a union as the union keyword checks it: a necessary condition, then the member's validator. */
interface UnionMember {
  /** The member's type. */
  readonly link: string;
  /** `[property, constant]`: the member can only pass when the property has this value. */
  readonly equals?: readonly [string, unknown];
  /** Keys the member requires and no other member does: it can only pass when they are present. */
  readonly present?: readonly string[];
}

/**
 * A union whose members are all references to object types becomes a guarded chain: each member
 * is tried only when a necessary condition holds (its constant discriminator, `kind` or `method`
 * or `code`, has its value; or the keys only it requires are present). That is the same verdict
 * as `anyOf` (a member whose condition fails would fail), without running members that cannot
 * match and without the error objects they would build. Other unions stay `anyOf`.
 */
function unionOf(members: unknown[], definitions: Definitions): UnionMember[] | undefined {
  const names: string[] = [];
  for (const member of members) {
    if (!isSchema(member) || Object.keys(member).some((key) => key !== '$ref' && !ANNOTATIONS.has(key))) return undefined;
    const name = refName(member.$ref);
    const target = name === undefined ? undefined : definitions[name];
    if (target?.type !== 'object' || !isSchema(target.properties)) return undefined;
    names.push(name!);
  }
  const targets = names.map((name) => definitions[name]!);
  const required = targets.map((target) => (Array.isArray(target.required) ? (target.required as string[]) : []));
  // A discriminator: a primitive constant (compared with ===), required in every member that gives
  // it one, distinct across members, in at least two members.
  let discriminator: string | undefined;
  let best = 0;
  const candidates = new Set(targets.flatMap((target) => Object.keys(target.properties as Schema)));
  for (const property of candidates) {
    const constants = targets.map((target, i) => {
      const schema = (target.properties as Schema)[property];
      const primitive = isSchema(schema) && 'const' in schema && (schema.const === null || typeof schema.const !== 'object');
      return primitive && required[i]!.includes(property) ? JSON.stringify(schema.const) : undefined;
    });
    const present = constants.filter((constant) => constant !== undefined);
    if (present.length >= 2 && new Set(present).size === present.length && present.length > best) {
      discriminator = property;
      best = present.length;
    }
  }
  return names.map((link, i) => {
    const schema = discriminator === undefined ? undefined : (targets[i]!.properties as Schema)[discriminator];
    if (
      discriminator !== undefined &&
      isSchema(schema) &&
      'const' in schema &&
      (schema.const === null || typeof schema.const !== 'object') &&
      required[i]!.includes(discriminator)
    ) {
      return { link, equals: [discriminator, schema.const] as const };
    }
    const own = required[i]!.filter((key) => required.every((other, j) => j === i || !other.includes(key)));
    return own.length > 0 ? { link, present: own } : { link };
  });
}

/** The keyword that replaces a union of "key present" alternatives (see `presenceKeys`). */
const KEYS = 'x-bindu-keys';

/**
 * The keys of a union whose members only say "this key is present" (`{type: object,
 * required: [k]}`, as ProtoJSON's one-of groups and two-name fields are written), or undefined.
 * Such a union is a count: `oneOf` is "exactly one of the keys", `anyOf` "at least one". That is
 * the same verdict without running (and failing) one member per key.
 */
function presenceKeys(members: unknown[]): string[] | undefined {
  const keys: string[] = [];
  for (const member of members) {
    if (!isSchema(member) || !Array.isArray(member.required) || member.required.length !== 1 || member.type !== 'object') return undefined;
    const key = member.required[0] as string;
    if (Object.keys(member).some((keyword) => !['type', 'required', 'properties'].includes(keyword))) return undefined;
    const properties = member.properties;
    if (
      properties !== undefined &&
      (!isSchema(properties) ||
        Object.entries(properties).some(([name, schema]) => name !== key || !isSchema(schema) || Object.keys(schema).length > 0))
    )
      return undefined;
    keys.push(key);
  }
  return keys;
}

/** Replaces unions with the union and keys keywords where they apply (on schemas without annotations, before `link`). */
function guardUnions(node: Schema, definitions: Definitions): Schema {
  const out = mapChildren(node, (child) => guardUnions(child, definitions));
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const members = out[keyword];
    if (!Array.isArray(members) || out[KEYS] !== undefined) continue;
    const keys = presenceKeys(members);
    if (keys) {
      delete out[keyword];
      out[KEYS] = { keys, exactlyOne: keyword === 'oneOf' };
      continue;
    }
    const union = keyword === 'anyOf' ? unionOf(members, definitions) : undefined;
    if (union) {
      delete out.anyOf;
      out[UNION] = union;
    }
  }
  return out;
}

/**
 * A shared options object for calls into other modules: ajv's validate functions take
 * `{instancePath, parentData, …, dynamicAnchors = {}} = {}`, and a call without it would allocate
 * those objects every time. Passing one constant keeps a valid payload allocation-free.
 */
function noOptions(cxt: KeywordCxt) {
  return cxt.gen.scopeValue('obj', { ref: {}, key: 'no-options', code: _`Object.freeze({dynamicAnchors: Object.freeze({})})` });
}

/** The file of a type's validator, relative to the variant's directory. */
const moduleFile = (name: string, kind: 'closed' | 'open') => `${name}${kind === 'open' ? '.open' : ''}.cjs`;

/** The file of a type's generated explainer (scripts/lib/compile-explainer.ts), relative to the variant's directory. */
const explainFile = (name: string) => `${name}.explain.cjs`;

/**
 * One CommonJS module per type, `exports.validate`. A reference becomes `require("./Other.cjs")`
 * at the top of the module (a cycle is fine: `exports.validate` is set before any require runs,
 * and it is only read when a value is validated), so loading a type loads its closure and no more.
 * A fresh ajv per type keeps each module's generated names independent of the others.
 */
function compileModule(schema: Schema, kind: 'closed' | 'open', use2020: boolean, definitions: Definitions, own?: OwnCompiler): string {
  if (own) {
    try {
      return compileClosed(link(guardUnions(stripAnnotations(schema), definitions)), own.options);
    } catch (error) {
      if (!(error instanceof Unsupported)) throw error;
      own.fallbacks.push(`${own.name}: ${error.message}`);
    }
  }
  const options: Options = {
    // A format written as a function is called through the shared module (see FORMATS_MODULE);
    // one written as a regular expression is inlined.
    code: { source: true, optimize: true, formats: _`require(${`../${FORMATS_MODULE}`}).formats` },
    strict: true,
    strictTypes: false,
    allErrors: false,
    messages: false,
    inlineRefs: false,
    validateFormats: true,
    next: true,
    // The published schemas are checked against the meta-schema by the build; no need per module.
    meta: false,
    validateSchema: false,
  };
  const ajv = use2020 ? new Ajv2020(options) : new Ajv(options);
  addFormats(ajv);
  ajv.addKeyword({
    keyword: LINK,
    schemaType: 'string',
    code(cxt: KeywordCxt) {
      const file = `./${moduleFile(cxt.schema as string, kind)}`;
      const linked = cxt.gen.scopeValue('func', { ref: { validate: () => true }, key: file, code: _`require(${file})` });
      cxt.fail(_`!${linked}.validate(${cxt.data}, ${noOptions(cxt)})`);
    },
  });
  ajv.addKeyword({
    keyword: UNION,
    schemaType: 'array',
    code(cxt: KeywordCxt) {
      const { gen, data } = cxt;
      const valid = gen.let('valid', false);
      gen.if(_`${data} && typeof ${data} == "object" && !Array.isArray(${data})`, () => {
        for (const member of cxt.schema as UnionMember[]) {
          const file = `./${moduleFile(member.link, kind)}`;
          const linked = gen.scopeValue('func', { ref: { validate: () => true }, key: file, code: _`require(${file})` });
          let guard = _`!${valid}`;
          if (member.equals) guard = _`${guard} && ${data}[${member.equals[0]}] === ${member.equals[1] as string}`;
          for (const key of member.present ?? []) guard = _`${guard} && ${data}[${key}] !== undefined`;
          gen.if(guard, () => gen.assign(valid, _`${linked}.validate(${data}, ${noOptions(cxt)})`));
        }
      });
      cxt.pass(valid);
    },
  });
  ajv.addKeyword({
    keyword: KEYS,
    schemaType: 'object',
    code(cxt: KeywordCxt) {
      const { gen, data } = cxt;
      const { keys, exactlyOne } = cxt.schema as { keys: string[]; exactlyOne: boolean };
      const count = gen.let('count', 0);
      gen.if(_`${data} && typeof ${data} == "object" && !Array.isArray(${data})`, () => {
        for (const key of keys) gen.if(_`${data}[${key}] !== undefined`, () => gen.assign(count, _`${count} + 1`));
      });
      cxt.pass(exactlyOne ? _`${count} === 1` : _`${count} >= 1`);
    },
  });
  const compiled = link(guardUnions(stripAnnotations(schema), definitions));
  ajv.addSchema(compiled, 'validate');
  let code = standaloneCode(ajv, { validate: 'validate' });
  // ajv writes the root schema out as a constant even when no code reads it; leave it out then.
  const constant = /const (schema\d+) = /.exec(code);
  const declaration = constant ? `${constant[0]}${stringify(compiled)};` : undefined;
  if (constant && declaration && code.includes(declaration)) code = compareKeys(code, constant[1]!, compiled);
  if (constant && declaration && code.includes(declaration) && code.split(constant[1]!).length === 2) return code.replace(declaration, '');
  return code;
}

/**
 * For an object of more than eight properties ajv tests each key with `hasOwnProperty` on the
 * schema's `properties` (its built-in threshold); the `===` comparisons it writes for fewer run
 * about twice as fast (issue 28). So the root object's test is rewritten that way: the same key
 * set, the same verdicts. `root` is the constant holding `schema` in `code`.
 */
function compareKeys(code: string, root: string, schema: Schema): string {
  const properties = schema.properties;
  if (!properties || typeof properties !== 'object' || Array.isArray(properties)) return code;
  const own = /const (func\d+) = Object\.prototype\.hasOwnProperty;/.exec(code);
  if (!own) return code;
  const test = new RegExp(`${own[1]}\\.call\\(${root}\\.properties, (key\\d+)\\)`, 'g');
  const rewritten = code.replace(test, (_match, key: string) =>
    Object.keys(properties)
      .map((name) => `${key} === ${JSON.stringify(name)}`)
      .join(' || '),
  );
  // Drop the `hasOwnProperty` constant when nothing reads it any more.
  return rewritten.split(own[1]!).length === 2 ? rewritten.replace(own[0], '') : rewritten;
}

/** Our own compiler of the closed validators (scripts/lib/compile-closed.ts), and the modules it left to ajv. */
interface OwnCompiler {
  readonly name: string;
  readonly options: Parameters<typeof compileClosed>[1];
  readonly fallbacks: string[];
}

/** The largest type (in schema nodes, its inlined links included) written into its callers instead of called. */
const INLINE_BUDGET = 100;

/**
 * Which linked types the closed validators inline: those on no cycle of links whose code, with what
 * they inline in turn, stays within INLINE_BUDGET.
 */
function inlinable(types: Readonly<Record<string, Schema>>): (name: string) => boolean {
  const links = new Map(Object.entries(types).map(([name, schema]) => [name, linksOf(schema)]));
  const reaches = (from: string, to: string, seen = new Set<string>()): boolean => {
    for (const next of links.get(from) ?? []) {
      if (next === to) return true;
      if (!seen.has(next)) {
        seen.add(next);
        if (reaches(next, to, seen)) return true;
      }
    }
    return false;
  };
  const sizes = new Map<string, number>();
  const decided = new Map<string, boolean>();
  // A type's size counts the types it inlines in turn; a type on a cycle is never inlined, so this ends.
  const size = (name: string): number => {
    let known = sizes.get(name);
    if (known === undefined) {
      known = schemaSize(types[name]);
      for (const next of links.get(name) ?? []) if (inline(next)) known += size(next);
      sizes.set(name, known);
    }
    return known;
  };
  const inline = (name: string): boolean => {
    let verdict = decided.get(name);
    if (verdict === undefined) {
      verdict = types[name] !== undefined && !reaches(name, name) && size(name) <= INLINE_BUDGET;
      decided.set(name, verdict);
    }
    return verdict;
  };
  return inline;
}

/** src/engine/formats.ts as a CommonJS module (TypeScript's own transpiler: deterministic, no type checking needed). */
function formatsModule(): string {
  const source = readFileSync(FORMATS_SOURCE, 'utf8');
  const output = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: false, removeComments: false },
    fileName: 'formats.ts',
  });
  return `// Generated by scripts/build.ts from src/engine/formats.ts (transpiled as it is). Do not edit: change src/engine/formats.ts and run \`npm run build\`.\n${output.outputText.replace(/\n?\/\/# sourceMappingURL=.*\n?$/, '\n')}`;
}

/**
 * The method parts that are properties: each method's request `params` and success response
 * `result`, and the module that validates each: the referenced type when the property is a bare
 * reference, else a module of its own, `<Type>.<property>`.
 */
function partModules(variant: VariantSpec, definitions: Definitions): Record<string, Record<string, string>> {
  const wanted = new Map<string, Set<string>>();
  const want = (type: string, property: string) => (wanted.get(type) ?? wanted.set(type, new Set()).get(type)!).add(property);
  for (const method of variant.methods) {
    want(method.request, 'params');
    want(method.successResponse, 'result');
  }
  const parts: Record<string, Record<string, string>> = {};
  for (const name of [...wanted.keys()].sort()) {
    const properties = definitions[name]?.properties;
    if (!isSchema(properties)) continue;
    for (const property of PART_PROPERTIES) {
      const schema = properties[property];
      if (!wanted.get(name)!.has(property) || !isSchema(schema)) continue;
      const target = refName(schema.$ref);
      const bare = target !== undefined && Object.keys(schema).every((key) => key === '$ref' || ANNOTATIONS.has(key));
      (parts[name] ??= {})[property] = bare ? target : `${name}.${property}`;
    }
  }
  return parts;
}

/**
 * The variant's module (`generated/validators/<variant>.cjs`): its meta data and, per validator
 * module, a function that requires it. Every `require` is a literal path, so a bundler follows
 * them (each module's body runs on its first use), and nothing looks a file up at run time.
 */
function variantModule(name: string, paths: readonly string[], banner: string): string {
  const prefix = `${VALIDATORS_DIR}/${name}/`;
  const ids = paths.filter((path) => path.startsWith(prefix) && path.endsWith('.cjs')).map((path) => path.slice(prefix.length, -4));
  const entries = ids.sort().map((id) => `  ${JSON.stringify(id)}: () => require(${JSON.stringify(`./${name}/${id}.cjs`)}),`);
  return [
    banner.trimEnd(),
    '"use strict";',
    `exports.meta = require(${JSON.stringify(`./${name}.meta.json`)});`,
    `exports.definitions = () => require(${JSON.stringify(`../json-schema/${name}.json`)}).$defs;`,
    'exports.modules = {',
    ...entries,
    '};',
    '',
  ].join('\n');
}

/**
 * The registry of every variant (`generated/validators/index.cjs`, and its declarations): which
 * variants there are, their OpenAPI documents, the TypeBox variants of the CommonJS build and the
 * package root's chunks loaded on first use, each behind a function with a literal `require`. The package's code reaches it as
 * `#generated-validators` (package.json `imports`).
 */
export function emitValidatorRegistry(variants: readonly string[], openapi: readonly string[]): Map<string, string> {
  const thunks = (names: readonly string[], path: (name: string) => string) =>
    names.map((name) => `  ${JSON.stringify(name)}: () => require(${JSON.stringify(path(name))}),`);
  const header = '// Generated by scripts/build.ts (scripts/emit-validators.ts). Do not edit: run `npm run build`.';
  const module = [
    header,
    '"use strict";',
    'exports.variants = {',
    ...thunks([...variants].sort(), (name) => `./${name}.cjs`),
    '};',
    'exports.openapi = {',
    ...thunks([...openapi].sort(), (name) => `../openapi/${name}.json`),
    '};',
    'exports.typebox = () => require("../../dist/cjs/src/library/typebox-variants.js");',
    'exports.lazy = {',
    ...thunks(Object.keys(LAZY_CHUNKS).sort(), (group) => `../../dist/${chunkFile(group)}`),
    '};',
    '',
  ].join('\n');
  const declarations = [
    header,
    "/** A variant's module: meta data, published definitions, and its validator modules by id. */",
    'export interface GeneratedVariant {',
    '  readonly meta: unknown;',
    '  readonly definitions: () => unknown;',
    '  readonly modules: { readonly [id: string]: () => unknown };',
    '}',
    'export declare const variants: { readonly [name: string]: () => GeneratedVariant };',
    'export declare const openapi: { readonly [name: string]: () => unknown };',
    'export declare const typebox: () => unknown;',
    "/** The package root's chunks loaded on first use (scripts/lib/lazy-root.ts), each a function of the root's modules. */",
    'export declare const lazy: { readonly [group: string]: () => (core: object) => Record<string, unknown> };',
    '',
  ].join('\n');
  return new Map([
    [`${VALIDATORS_DIR}/index.cjs`, module],
    [`${VALIDATORS_DIR}/index.d.cts`, declarations],
  ]);
}

/**
 * The validator modules of a variant (see the file comment). `closedBy: 'ajv'` compiles the closed
 * validators with ajv as well (the differential test of scripts/lib/compile-closed.ts compares the two).
 */
export function emitValidators(
  variant: VariantSpec,
  normalised: Map<string, JsonSchema>,
  options: { readonly closedBy?: 'own' | 'ajv' } = {},
): Map<string, string> {
  const definitions: Record<string, Schema> = {};
  for (const [name, schema] of normalised) definitions[name] = rewriteRefs(schema, (target) => `#/$defs/${target}`);
  for (const name of Object.keys(definitions)) {
    if (name.includes('.'))
      throw new Error(`${variant.name}: the type name "${name}" contains a dot, which the validators' file names reserve for part modules`);
  }

  const unknown = [...keywordsUsed(definitions)].filter((keyword) => !EXPLAINED_KEYWORDS.has(keyword) && !ANNOTATIONS.has(keyword)).sort();
  if (unknown.length > 0) {
    throw new Error(
      `${variant.name}: the validators' error explainer (src/engine/explain.ts) does not know the keyword(s) ${unknown.join(', ')}`,
    );
  }
  const use2020 = ONLY_2020.some((keyword) => keywordsUsed(definitions).has(keyword));

  const closed = closedDefinitions(definitions);

  const banner = (what: string) =>
    `// Generated by scripts/build.ts from schemas/ (variant "${variant.name}", ${what}). Do not edit: change the TypeBox source and run \`npm run build\`.\n`;
  const catalogue = new Map(errorCatalogue(normalised).map((entry) => [entry.name, entry.code]));
  const parts = partModules(variant, definitions);
  // On the v1.0 wire, what the variant's revision asks of an A2A error's ErrorInfo (validateMessage warns on a SHOULD).
  const revision = specRevisionOf(variant.name);
  const errorInfo = WIRE_OF_VARIANT[variant.name] === 'v1.0' && isSpecRevision(revision) ? jsonRpcErrorInfoRule(revision) : undefined;
  const meta = {
    variant: variant.name,
    types: Object.keys(definitions).sort(),
    methods: variant.methods.map((method) => ({
      method: method.method,
      request: method.request,
      successResponse: method.successResponse,
      response: method.response,
      errors: method.errors.map((name) => ({ name, code: catalogue.get(name) ?? null })),
    })),
    errors: Object.fromEntries([...catalogue].sort(([a], [b]) => a.localeCompare(b))),
    parts,
    ...(errorInfo !== undefined ? { errorInfo } : {}),
  };
  const files = new Map<string, string>();
  const compiledClosed: Record<string, Schema> = {};
  for (const [name, schema] of Object.entries(closed)) compiledClosed[name] = link(guardUnions(stripAnnotations(schema), definitions));
  const ownOptions = {
    types: compiledClosed,
    inline: inlinable(compiledClosed),
    file: (name: string) => `./${moduleFile(name, 'closed')}`,
    formatsModule: `../${FORMATS_MODULE}`,
  };
  const explainerOptions = {
    definitions,
    partial: partialDefinitions(definitions),
    file: (name: string, kind: 'closed' | 'open' | 'explain') => `./${kind === 'explain' ? explainFile(name) : moduleFile(name, kind)}`,
    formatsModule: `../${FORMATS_MODULE}`,
  };
  const fallbacks: string[] = [];
  const own = (name: string): OwnCompiler | undefined =>
    options.closedBy === 'ajv' ? undefined : { name, options: ownOptions, fallbacks };
  for (const name of Object.keys(definitions).sort()) {
    files.set(
      `${VALIDATORS_DIR}/${variant.name}/${moduleFile(name, 'closed')}`,
      `${banner(`${name}, closed: unknown keys and deprecated forms rejected`)}${compileModule(closed[name]!, 'closed', use2020, definitions, own(name))}\n`,
    );
    files.set(
      `${VALIDATORS_DIR}/${variant.name}/${moduleFile(name, 'open')}`,
      `${banner(`${name}, open: the schema as published`)}${compileModule(definitions[name]!, 'open', use2020, definitions)}\n`,
    );
    files.set(
      `${VALIDATORS_DIR}/${variant.name}/${explainFile(name)}`,
      `${banner(`${name}, explainer: the issues of an invalid payload`)}${compileExplainer(name, explainerOptions)}\n`,
    );
  }
  for (const [name, properties] of Object.entries(parts)) {
    for (const [property, module] of Object.entries(properties)) {
      if (module !== `${name}.${property}`) continue;
      if (property === 'open' || property === 'explain')
        throw new Error(`${variant.name}: the part module ${module} would share a file with the type's ${property} module`);
      const closedSchema = (closed[name]!.properties as Schema)[property] as Schema;
      const openSchema = (definitions[name]!.properties as Schema)[property] as Schema;
      files.set(
        `${VALIDATORS_DIR}/${variant.name}/${moduleFile(module, 'closed')}`,
        `${banner(`${name}.${property}, closed: unknown keys and deprecated forms rejected`)}${compileModule(closedSchema, 'closed', use2020, definitions, own(module))}\n`,
      );
      files.set(
        `${VALIDATORS_DIR}/${variant.name}/${moduleFile(module, 'open')}`,
        `${banner(`${name}.${property}, open: the schema as published`)}${compileModule(openSchema, 'open', use2020, definitions)}\n`,
      );
    }
  }
  if (fallbacks.length > 0)
    console.warn(`${variant.name}: closed validators compiled by ajv (not handled by compile-closed): ${fallbacks.join('; ')}`);
  files.set(`${VALIDATORS_DIR}/${variant.name}.meta.json`, stableJson(meta));
  files.set(`${VALIDATORS_DIR}/${variant.name}.cjs`, variantModule(variant.name, [...files.keys()], banner('its modules')));
  files.set(`${VALIDATORS_DIR}/${FORMATS_MODULE}`, formatsModule());
  return files;
}
