/**
 * Emits, per variant, zod 4 schemas of every type: `generated/zod/<variant>.mjs` (published as
 * `bindu-protocol/zod/<variant>`, one export per type, named as the type) and its declarations `<variant>.d.ts`
 * (each a `ZodType` of the type in generated/types/<variant>.d.ts). They accept what `validate(type, value,
 * { variant })` accepts (the accepted form: unknown keys allowed, deprecated spellings too), formats checked by the
 * package's own rules (generated/validators/formats.cjs, the ajv validators' own), `$ref`s followed lazily (so
 * recursive types work). `zod` is an optional peer dependency: only this entry point imports it.
 *
 * The JSON Schema keywords the variants use map one to one: type, properties/required (a `z.looseObject`, or
 * `z.strictObject` under `additionalProperties: false`), additionalProperties, items, const, enum, anyOf, allOf,
 * oneOf (exactly one), not, dependentSchemas, contains, minItems, minLength, maxLength, minimum, maximum, pattern, format. Annotations
 * (description, default, deprecated, contentEncoding, examples) do not validate. Another keyword stops the build.
 */
import type { VariantSpec } from '../schemas/variant.js';
import { bundle } from './emit-json-schema.js';
import type { JsonSchema } from './lib/json-schema.js';

const ANNOTATIONS = new Set([
  'description',
  'title',
  'default',
  'deprecated',
  'contentEncoding',
  'contentMediaType',
  'examples',
  '$comment',
  'readOnly',
  'writeOnly',
]);
const HANDLED = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'const',
  'enum',
  'anyOf',
  'allOf',
  'oneOf',
  'not',
  'dependentSchemas',
  'contains',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'pattern',
  'format',
  '$ref',
]);

type Node = JsonSchema | boolean;
const lit = (value: unknown) => JSON.stringify(value);
const isNode = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

class ZodWriter {
  constructor(private readonly where: string) {}

  node(node: Node, path: string): string {
    if (node === true) return 'z.unknown()';
    if (node === false) return 'z.never()';
    for (const key of Object.keys(node)) {
      if (!ANNOTATIONS.has(key) && !HANDLED.has(key))
        throw new Error(`emit-zod: ${this.where}${path} uses "${key}", which the zod emitter does not map`);
    }
    const parts: string[] = [];
    const base = this.base(node, path);
    if (base !== undefined) parts.push(base);
    if (typeof node.$ref === 'string') parts.push(`z.lazy(() => ${refName(node.$ref)})`);
    if (Array.isArray(node.anyOf)) parts.push(this.union(node.anyOf as Node[], `${path}/anyOf`));
    if (Array.isArray(node.allOf))
      for (const [i, member] of (node.allOf as Node[]).entries()) parts.push(this.node(member, `${path}/allOf/${i}`));
    let schema = parts.length === 0 ? 'z.unknown()' : parts.reduce((a, b) => `z.intersection(${a}, ${b})`);
    const checks = this.checks(node, path);
    if (checks.length > 0) schema = `${schema}.superRefine((value, ctx) => {${checks.join('')}})`;
    return schema;
  }

  private union(members: readonly Node[], path: string): string {
    const written = members.map((member, i) => this.node(member, `${path}/${i}`));
    return written.length === 1 ? written[0]! : `z.union([${written.join(', ')}])`;
  }

  /** What `type`, `const`, `enum` and the type-specific keywords say of the value itself. */
  private base(node: JsonSchema, path: string): string | undefined {
    if ('const' in node) return node.const === null ? 'z.null()' : `z.literal(${lit(node.const)})`;
    if (Array.isArray(node.enum)) {
      const values = node.enum as unknown[];
      return values.length === 1
        ? `z.literal(${lit(values[0])})`
        : `z.union([${values.map((v) => (v === null ? 'z.null()' : `z.literal(${lit(v)})`)).join(', ')}])`;
    }
    const types = node.type === undefined ? [] : Array.isArray(node.type) ? (node.type as string[]) : [node.type as string];
    const objectish = isNode(node.properties) || node.additionalProperties !== undefined;
    if (types.length === 0)
      return objectish
        ? `z.unknown().superRefine((value, ctx) => { if (isPlainObject(value)) { const r = ${this.object(node, path)}.safeParse(value); if (!r.success) for (const issue of r.error.issues) ctx.addIssue(issue); } })`
        : undefined;
    const written = types.map((type) => this.typed(type, node, path));
    return written.length === 1 ? written[0] : `z.union([${written.join(', ')}])`;
  }

  private typed(type: string, node: JsonSchema, path: string): string {
    switch (type) {
      case 'string': {
        let s = 'z.string()';
        if (typeof node.pattern === 'string') s += `.regex(new RegExp(${lit(node.pattern)}, 'u'))`;
        if (typeof node.format === 'string') s += `.refine(format(${lit(node.format)}), { message: ${lit(`must be a ${node.format}`)} })`;
        // JSON Schema counts a string's length in code points, not UTF-16 units as zod's .min/.max do.
        if (typeof node.minLength === 'number')
          s += `.refine((t) => [...t].length >= ${node.minLength}, { message: ${lit(`must have at least ${node.minLength} characters`)} })`;
        if (typeof node.maxLength === 'number')
          s += `.refine((t) => [...t].length <= ${node.maxLength}, { message: ${lit(`must have at most ${node.maxLength} characters`)} })`;
        return s;
      }
      case 'integer':
      case 'number': {
        let s = type === 'integer' ? "z.number().refine(Number.isInteger, { message: 'must be an integer' })" : 'z.number()';
        if (typeof node.minimum === 'number')
          s += `.refine((n) => n >= ${node.minimum}, { message: ${lit(`must be at least ${node.minimum}`)} })`;
        if (typeof node.maximum === 'number')
          s += `.refine((n) => n <= ${node.maximum}, { message: ${lit(`must be at most ${node.maximum}`)} })`;
        return s;
      }
      case 'boolean':
        return 'z.boolean()';
      case 'null':
        return 'z.null()';
      case 'array': {
        let s = `z.array(${node.items === undefined ? 'z.unknown()' : this.node(node.items as Node, `${path}/items`)})`;
        if (typeof node.minItems === 'number') s += `.min(${node.minItems})`;
        if (typeof node.maxItems === 'number') s += `.max(${node.maxItems})`;
        return s;
      }
      case 'object':
        return this.object(node, path);
      default:
        throw new Error(`emit-zod: ${this.where}${path} has type "${type}"`);
    }
  }

  private object(node: JsonSchema, path: string): string {
    const properties = isNode(node.properties) ? (node.properties as Record<string, Node>) : undefined;
    const additional = node.additionalProperties as Node | undefined;
    if (properties === undefined) {
      if (additional === undefined || additional === true) return 'z.record(z.string(), z.unknown())';
      if (additional === false) return 'z.strictObject({})';
      return `z.record(z.string(), ${this.node(additional, `${path}/additionalProperties`)})`;
    }
    const required = new Set((node.required as string[] | undefined) ?? []);
    const shape = Object.entries(properties)
      .map(([key, schema]) => {
        const written = this.node(schema, `${path}/properties/${key}`);
        return `${lit(key)}: ${required.has(key) ? written : `${written}.optional()`}`;
      })
      .join(', ');
    if (additional === false) return `z.strictObject({${shape}})`;
    if (additional === undefined || additional === true) return `z.looseObject({${shape}})`;
    return `z.object({${shape}}).catchall(${this.node(additional, `${path}/additionalProperties`)})`;
  }

  /** What no zod combinator says directly: the presence of required keys, oneOf, not, dependentSchemas, contains. */
  private checks(node: JsonSchema, path: string): string[] {
    const checks: string[] = [];
    const types = node.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type];
    // Every required key present (a property schema that accepts anything would also let an absent key through).
    if (Array.isArray(node.required)) {
      checks.push(
        `if (isPlainObject(value)) for (const key of ${lit(node.required)}) if (!Object.hasOwn(value, key)) ctx.addIssue({ code: 'custom', message: 'missing the required property ' + key, path: [key] });`,
      );
    }
    if (
      types.length === 0 &&
      (typeof node.minimum === 'number' ||
        typeof node.maximum === 'number' ||
        typeof node.minLength === 'number' ||
        typeof node.maxLength === 'number' ||
        typeof node.pattern === 'string' ||
        typeof node.format === 'string')
    )
      throw new Error(`emit-zod: ${this.where}${path} has a bound or format without a type`);
    if (Array.isArray(node.oneOf)) {
      const members = (node.oneOf as Node[]).map((member, i) => this.node(member, `${path}/oneOf/${i}`));
      checks.push(
        `{ const passing = [${members.join(', ')}].filter((member) => member.safeParse(value).success).length; if (passing !== 1) ctx.addIssue({ code: 'custom', message: 'must match exactly one alternative (it matches ' + passing + ')' }); }`,
      );
    }
    if (node.not !== undefined) {
      const inner = node.not as Node;
      const isEmpty = inner === true || (isNode(inner) && Object.keys(inner).every((key) => ANNOTATIONS.has(key)));
      checks.push(
        isEmpty
          ? `ctx.addIssue({ code: 'custom', message: 'must not be present' });`
          : `if (${this.node(inner, `${path}/not`)}.safeParse(value).success) ctx.addIssue({ code: 'custom', message: 'matches a schema it must not match' });`,
      );
    }
    if (isNode(node.dependentSchemas)) {
      for (const [key, schema] of Object.entries(node.dependentSchemas as Record<string, Node>)) {
        checks.push(
          `if (isPlainObject(value) && Object.hasOwn(value, ${lit(key)})) { const r = ${this.node(schema, `${path}/dependentSchemas/${key}`)}.safeParse(value); if (!r.success) for (const issue of r.error.issues) ctx.addIssue(issue); }`,
        );
      }
    }
    if (node.contains !== undefined) {
      checks.push(
        `if (Array.isArray(value) && !value.some((item) => ${this.node(node.contains as Node, `${path}/contains`)}.safeParse(item).success)) ctx.addIssue({ code: 'custom', message: 'must contain a matching item' });`,
      );
    }
    return checks;
  }
}

const refName = (ref: string): string => {
  if (!ref.startsWith('#/$defs/')) throw new Error(`emit-zod: reference ${ref} is not to a definition`);
  return ref.slice('#/$defs/'.length);
};

const HEADER = (variant: string) =>
  `// Generated by scripts/build.ts (scripts/emit-zod.ts): zod 4 schemas of the ${variant} variant, one per type. Do not edit.\n`;

export function emitZod(variant: VariantSpec, definitions: Map<string, JsonSchema>): Map<string, string> {
  const defs = bundle(variant, definitions).$defs as Record<string, Node>;
  const lines = [
    HEADER(variant.name),
    "import { z } from 'zod';",
    "import formatsModule from '../validators/formats.cjs';",
    '',
    '/** The check of a format, as the precompiled validators run it (src/engine/formats.ts). */',
    'function format(name) {',
    '  const definition = formatsModule.formats[name];',
    '  const check = definition instanceof RegExp || typeof definition === "function" ? definition : definition?.validate;',
    '  if (check === undefined) return () => true;',
    '  return check instanceof RegExp ? (value) => check.test(value) : (value) => check(value);',
    '}',
    "const isPlainObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);",
    '',
  ];
  const declarations = [
    HEADER(variant.name),
    "import type { ZodType } from 'zod';",
    `import type * as T from '../types/${variant.name}.js';`,
    '',
  ];
  for (const [name, schema] of Object.entries(defs)) {
    const writer = new ZodWriter(`${variant.name} ${name}`);
    const description = isNode(schema) && typeof schema.description === 'string' ? schema.description : name;
    lines.push(`/** ${description.replace(/\*\//g, '*\\/')} */`, `export const ${name} = ${writer.node(schema, '')};`, '');
    declarations.push(`/** ${description.replace(/\*\//g, '*\\/')} */`, `export declare const ${name}: ZodType<T.${name}>;`);
  }
  return new Map([
    [`generated/zod/${variant.name}.mjs`, `${lines.join('\n')}\n`],
    [`generated/zod/${variant.name}.d.ts`, `${declarations.join('\n')}\n`],
  ]);
}
