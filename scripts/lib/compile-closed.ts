/**
 * Our own code generator for the closed validators (scripts/emit-validators.ts), for exactly the keyword
 * subset the closed schemas use; anything else throws `Unsupported` and the caller falls back to ajv.
 * The module exports `validate(data)`: a boolean, and on false `validate.errors = [{instancePath, keyword,
 * params}]`, the first error ajv (allErrors: false) reports, in ajv's keyword order. Under a composite
 * (`anyOf`, `oneOf`) the error is the composite's own where ajv's would be a member's. Unknown keys are found
 * by counting: the known properties present are counted while they are checked and compared with the
 * `for…in` count, and the keys are walked only when the counts differ (a key with the value `undefined`
 * keeps ajv's verdict; exact for objects whose keys are enumerable, as JSON.parse makes them: an object with a known
 * property made non-enumerable and an unknown key as well would pass). Small non-recursive referenced types are
 * inlined; the others are `require`d.
 */
import { formats } from '../../src/engine/formats.js';
import { ModuleScope, lit, pathCode, type PathParts } from './generated-code.js';
import { escapePointerToken, isPrototypeName } from '../../src/engine/json-value.js';
import { isSchema, type Schema } from '../../src/engine/schema-places.js';

/** A keyword (or form) the generator does not handle: the module is compiled by ajv instead. */
export class Unsupported extends Error {}

export interface ClosedOptions {
  /** The compiled closed schema of every type of the variant (links in place of references), by name. */
  readonly types: Readonly<Record<string, Schema>>;
  /** True when a linked type's code is written into its caller instead of called. */
  readonly inline: (name: string) => boolean;
  /** The file a linked type's closed module is required from. */
  readonly file: (name: string) => string;
  /** The shared formats module, relative to the generated module. */
  readonly formatsModule: string;
}

const LINK = 'x-bindu-link';
const UNION = 'x-bindu-anyof';
const KEYS = 'x-bindu-keys';

/** The keywords of each of ajv's type groups, in the order ajv applies them. */
const GROUPS: Record<string, readonly string[]> = {
  number: ['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'multipleOf'],
  string: ['maxLength', 'minLength', 'pattern', 'format'],
  array: ['maxItems', 'minItems', 'uniqueItems', 'items', 'prefixItems', 'additionalItems', 'contains'],
  object: ['maxProperties', 'minProperties', 'required', 'additionalProperties', 'properties', 'dependentSchemas'],
};
const ANY = ['type', 'const', 'enum', 'not', 'anyOf', 'oneOf', 'allOf', LINK, UNION, KEYS];
const SUPPORTED = new Set([...ANY, ...Object.values(GROUPS).flat()]);
const NOT_HANDLED = new Set(['multipleOf', 'uniqueItems', 'prefixItems', 'additionalItems', 'maxProperties', 'minProperties']);

/** A failure continuation: code that fails with the error object `error` (a code string, built only if needed). */
interface Ctx {
  fail(error: () => string): string;
  /** True under a composite or an inlined type: the error is not kept, so nothing waits for ajv's order. */
  readonly quiet: boolean;
}

const primitive = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);
const IDENT = /^[A-Za-z_$][\w$]*$/;
const member = (data: string, name: string) => (IDENT.test(name) ? `${data}.${name}` : `${data}[${lit(name)}]`);
const pointer = (name: string) => `/${escapePointerToken(name)}`;

function typeCondition(type: string, d: string): string {
  switch (type) {
    case 'object':
      // The same test as `d && typeof d == "object" && …`, but not a truthiness test of any value: faster.
      return `typeof ${d} == "object" && ${d} !== null && !Array.isArray(${d})`;
    case 'array':
      return `Array.isArray(${d})`;
    case 'null':
      return `${d} === null`;
    case 'number':
      return `typeof ${d} == "number" && isFinite(${d})`;
    case 'integer':
      return `typeof ${d} == "number" && !(${d} % 1) && !isNaN(${d}) && isFinite(${d})`;
    case 'string':
    case 'boolean':
      return `typeof ${d} == "${type}"`;
    default:
      throw new Unsupported(`type ${type}`);
  }
}

class Generator {
  private readonly scope = new ModuleScope();
  private readonly expanding: string[] = [];
  /** The data variable a union has just found to be an object (its members need not test that again). */
  private knownObject: string | undefined;
  /** Properties a union has found to hold a constant, while its member's code is written (see `union`). */
  private readonly facts: Fact[] = [];

  constructor(private readonly options: ClosedOptions) {}

  module(schema: Schema): string {
    const body = this.node(schema, 'data', [], { fail: (error) => `return fail(${error()});`, quiet: false });
    return [
      '"use strict";',
      'exports.validate = validate;',
      ...this.scope.constants,
      'function fail(error) { validate.errors = [error]; return false; }',
      'function E(instancePath, keyword, params) { return { instancePath, keyword, params }; }',
      `function validate(data) {${body}return true;}`,
    ].join('');
  }

  private error(path: PathParts, keyword: string, params = '{}'): () => string {
    return () => `E(${pathCode(path)}, ${lit(keyword)}, ${params})`;
  }

  /** Code that falls through when `d` passes `schema` and runs `ctx.fail` otherwise. */
  node(schema: unknown, d: string, path: PathParts, ctx: Ctx): string {
    if (schema === true) return '';
    if (schema === false) return ctx.fail(this.error(path, 'false schema'));
    if (!isSchema(schema)) throw new Unsupported('a schema that is not an object');
    for (const keyword of Object.keys(schema)) {
      if (!SUPPORTED.has(keyword) || NOT_HANDLED.has(keyword)) throw new Unsupported(keyword);
    }
    const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    const single = types.length === 1 ? types[0]! : undefined;
    const grouped = single !== undefined && GROUPS[single]?.some((keyword) => schema[keyword] !== undefined) === true;
    let code = '';
    let rest = schema;
    const typeTest = types.map((type) => `(${typeCondition(type, d)})`).join(' || ');
    const typeFailure = () => ctx.fail(this.error(path, 'type', `{type: ${lit(schema.type)}}`));
    const values = schema.const !== undefined ? [schema.const] : (schema.enum as unknown[] | undefined);
    if (types.length > 0 && !grouped && values && (schema.const === undefined || schema.enum === undefined) && values.every(primitive)) {
      // A value the const or enum allows has the type: the type is tested only when the value is not one of them.
      const test = types.map((type) => `(${typeCondition(type, 'value')})`).join(' || ');
      const allowed = new Function('value', `return ${test};`) as (value: unknown) => boolean;
      if (values.every((value) => allowed(value))) {
        const keyword = schema.const !== undefined ? 'const' : 'enum';
        const params = keyword === 'const' ? `{allowedValue: ${lit(schema.const)}}` : `{allowedValues: ${lit(values)}}`;
        code += `if (!(${values.map((value) => `${d} === ${lit(value)}`).join(' || ') || 'false'})) {if (!(${typeTest})) ${typeFailure()}`;
        code += `${ctx.fail(this.error(path, keyword, params))}}`;
        rest = { ...schema, const: undefined, enum: undefined };
      }
    }
    if (types.length > 0 && !grouped && rest === schema) code += `if (!(${typeTest})) ${typeFailure()}`;
    code += this.anyKeywords(rest, d, path, ctx);
    const knownObject = this.knownObject;
    this.knownObject = undefined;
    for (const [group, keywords] of Object.entries(GROUPS)) {
      if (!keywords.some((keyword) => schema[keyword] !== undefined)) continue;
      const inner = this.groupKeywords(group, schema, d, path, ctx);
      this.knownObject = knownObject;
      if (grouped && single === group && group === 'object' && d === this.knownObject) code += inner;
      else if (grouped && single === group) {
        code += `if (${typeCondition(group, d)}) {${inner}} else ${ctx.fail(this.error(path, 'type', `{type: ${lit(schema.type)}}`))}`;
      } else code += `if (${typeCondition(group, d)}) {${inner}}`;
      this.knownObject = undefined;
    }
    return code;
  }

  private anyKeywords(schema: Schema, d: string, path: PathParts, ctx: Ctx): string {
    let code = '';
    if (schema.const !== undefined) {
      if (!primitive(schema.const)) throw new Unsupported('const of an object');
      code += `if (${d} !== ${lit(schema.const)}) ${ctx.fail(this.error(path, 'const', `{allowedValue: ${lit(schema.const)}}`))}`;
    }
    if (schema.enum !== undefined) {
      const values = schema.enum as unknown[];
      if (!Array.isArray(values) || !values.every(primitive)) throw new Unsupported('enum of objects');
      code += `if (!(${values.map((value) => `${d} === ${lit(value)}`).join(' || ') || 'false'})) ${ctx.fail(this.error(path, 'enum', `{allowedValues: ${lit(values)}}`))}`;
    }
    if (schema.not !== undefined) {
      const label = this.scope.id('N');
      code += `${label}: {${this.node(schema.not, d, path, { fail: () => `break ${label};`, quiet: true })}${ctx.fail(this.error(path, 'not'))}}`;
    }
    if (schema.anyOf !== undefined) {
      const done = this.scope.id('A');
      let inner = '';
      for (const option of schema.anyOf as unknown[]) {
        const label = this.scope.id('F');
        const own = this.scope.id('d');
        inner += `${label}: {const ${own} = ${d};${this.node(option, own, path, { fail: () => `break ${label};`, quiet: true })}break ${done};}`;
      }
      code += `${done}: {${inner}${ctx.fail(this.error(path, 'anyOf'))}}`;
    }
    if (schema.oneOf !== undefined) {
      const count = this.scope.id('c');
      let inner = `let ${count} = 0;`;
      for (const option of schema.oneOf as unknown[]) {
        const label = this.scope.id('F');
        const own = this.scope.id('d');
        inner += `${label}: {const ${own} = ${d};${this.node(option, own, path, { fail: () => `break ${label};`, quiet: true })}${count}++;}`;
      }
      code += `{${inner}if (${count} !== 1) ${ctx.fail(this.error(path, 'oneOf', '{passingSchemas: null}'))}}`;
    }
    if (schema.allOf !== undefined) for (const part of schema.allOf as unknown[]) code += this.node(part, d, path, ctx);
    if (schema[LINK] !== undefined) code += this.link(schema[LINK] as string, d, path, ctx, this.error(path, LINK));
    if (schema[UNION] !== undefined) code += this.union(schema[UNION] as UnionMember[], d, path, ctx);
    if (schema[KEYS] !== undefined) {
      const { keys, exactlyOne } = schema[KEYS] as { keys: string[]; exactlyOne: boolean };
      const count = this.scope.id('c');
      const present = keys.map((key) => `if (${member(d, key)} !== undefined) ${count}++;`).join('');
      code += `{let ${count} = 0;if (${typeCondition('object', d)}) {${present}}`;
      code += `if (!(${count} ${exactlyOne ? '=== 1' : '>= 1'})) ${ctx.fail(this.error(path, KEYS))}}`;
    }
    return code;
  }

  /** A type's validator applied to `d`: its code inlined, or a call into its module. */
  private link(name: string, d: string, path: PathParts, ctx: Ctx, error: () => string): string {
    const target = this.options.types[name];
    if (target && this.options.inline(name) && !this.expanding.includes(name)) {
      this.expanding.push(name);
      try {
        if (ctx.quiet) return `{${this.node(target, d, path, ctx)}}`;
        const done = this.scope.id('K');
        const failed = this.scope.id('F');
        const inner = this.node(target, d, path, { fail: () => `break ${failed};`, quiet: true });
        return `${done}: {${failed}: {${inner}break ${done};}${ctx.fail(error)}}`;
      } finally {
        this.expanding.pop();
      }
    }
    const module = this.scope.constant('m', `require(${lit(this.options.file(name))})`);
    return `if (!${module}.validate(${d})) ${ctx.fail(error)}`;
  }

  private union(members: readonly UnionMember[], d: string, path: PathParts, ctx: Ctx): string {
    const done = this.scope.id('U');
    let inner = '';
    // Each discriminator is read once (the members' shapes differ, so each read is a slow, polymorphic one).
    // When its string constants differ in length, the length is compared first: a string compared with a
    // constant of another length would otherwise be a call (JSON.parse interns only short strings).
    const tags = new Map<string, { tag: string; length?: string }>();
    for (const option of members) {
      if (!option.equals || tags.has(option.equals[0])) continue;
      const name = option.equals[0];
      const tag = this.scope.id('tag');
      inner += `const ${tag} = ${member(d, name)};`;
      const values = members.filter((other) => other.equals?.[0] === name).map((other) => other.equals![1]);
      let length: string | undefined;
      if (values.every((value) => typeof value === 'string') && new Set(values.map((value) => (value as string).length)).size > 1) {
        length = this.scope.id('len');
        inner += `const ${length} = typeof ${tag} == "string" ? ${tag}.length : -1;`;
      }
      tags.set(name, { tag, length });
    }
    for (const option of members) {
      const read = option.equals ? tags.get(option.equals[0])! : undefined;
      const value = option.equals?.[1];
      const guards = [
        ...(read?.length !== undefined ? [`${read.length} === ${(value as string).length}`] : []),
        ...(read ? [`${read.tag} === ${lit(value)}`] : []),
        ...(option.present ?? []).map((key) => `${member(d, key)} !== undefined`),
      ];
      const label = this.scope.id('F');
      // Each member reads the object through its own variable: V8 shares the feedback of `x.name` reads of one
      // variable, so the members' reads of a common name (`description`, …) would all see every member's shape.
      const own = this.scope.id('d');
      this.knownObject = own;
      if (read) this.facts.push({ d: own, name: option.equals![0], value, variable: read.tag });
      const memberCode = this.link(option.link, own, path, { fail: () => `break ${label};`, quiet: true }, () => '');
      if (read) this.facts.pop();
      this.knownObject = undefined;
      const body = `${label}: {const ${own} = ${d};${memberCode}break ${done};}`;
      inner += guards.length > 0 ? `if (${guards.join(' && ')}) {${body}}` : body;
    }
    return `${done}: {if (${typeCondition('object', d)}) {${inner}}${ctx.fail(this.error(path, UNION))}}`;
  }

  private groupKeywords(group: string, schema: Schema, d: string, path: PathParts, ctx: Ctx): string {
    switch (group) {
      case 'number':
        return this.numberKeywords(schema, d, path, ctx);
      case 'string':
        return this.stringKeywords(schema, d, path, ctx);
      case 'array':
        return this.arrayKeywords(schema, d, path, ctx);
      default:
        return this.objectKeywords(schema, d, path, ctx);
    }
  }

  private numberKeywords(schema: Schema, d: string, path: PathParts, ctx: Ctx): string {
    const limits: [string, string, string][] = [
      ['maximum', '>', '<='],
      ['minimum', '<', '>='],
      ['exclusiveMaximum', '>=', '<'],
      ['exclusiveMinimum', '<=', '>'],
    ];
    let code = '';
    for (const [keyword, failing, comparison] of limits) {
      const limit = schema[keyword];
      if (limit === undefined) continue;
      if (typeof limit !== 'number') throw new Unsupported(`${keyword} that is not a number`);
      code += `if (${d} ${failing} ${limit}) ${ctx.fail(this.error(path, keyword, `{comparison: ${lit(comparison)}, limit: ${limit}}`))}`;
    }
    return code;
  }

  private stringKeywords(schema: Schema, d: string, path: PathParts, ctx: Ctx): string {
    let code = '';
    const length = (limit: number) => {
      if (!Number.isInteger(limit) || limit < 0) throw new Unsupported('a length limit that is not a whole number');
      return this.scope.constant('ucs2length', 'require("ajv/dist/runtime/ucs2length").default');
    };
    if (schema.maxLength !== undefined) {
      const limit = schema.maxLength as number;
      const ucs2 = length(limit);
      code += `if (${d}.length > ${limit} && ${ucs2}(${d}) > ${limit}) ${ctx.fail(this.error(path, 'maxLength', `{limit: ${limit}}`))}`;
    }
    if (schema.minLength !== undefined) {
      const limit = schema.minLength as number;
      // Code points never outnumber code units, and are at least half of them.
      const test =
        limit <= 1
          ? `${d}.length < ${limit}`
          : `${d}.length < ${limit} || (${d}.length < ${2 * limit} && ${length(limit)}(${d}) < ${limit})`;
      code += `if (${test}) ${ctx.fail(this.error(path, 'minLength', `{limit: ${limit}}`))}`;
    }
    if (schema.pattern !== undefined) {
      const pattern = this.scope.constant('pattern', `new RegExp(${lit(schema.pattern)}, "u")`);
      code += `if (!${pattern}.test(${d})) ${ctx.fail(this.error(path, 'pattern', `{pattern: ${lit(schema.pattern)}}`))}`;
    }
    if (schema.format !== undefined) {
      const name = schema.format as string;
      const format = Object.hasOwn(formats, name) ? formats[name] : undefined;
      if (format === undefined) throw new Unsupported(`format ${name}`);
      const check = typeof format === 'object' && !(format instanceof RegExp) ? format.validate : format;
      if (typeof format === 'object' && !(format instanceof RegExp) && format.type !== undefined && format.type !== 'string') {
        throw new Unsupported(`format ${name} of numbers`);
      }
      const base = `require(${lit(this.options.formatsModule)}).formats[${lit(name)}]`;
      const held = this.scope.constant('format', check === format ? base : `${base}.validate`);
      const call = check instanceof RegExp ? `${held}.test(${d})` : `${held}(${d})`;
      code += `if (!${call}) ${ctx.fail(this.error(path, 'format', `{format: ${lit(name)}}`))}`;
    }
    return code;
  }

  private arrayKeywords(schema: Schema, d: string, path: PathParts, ctx: Ctx): string {
    let code = '';
    for (const [keyword, failing] of [
      ['maxItems', '>'],
      ['minItems', '<'],
    ] as const) {
      const limit = schema[keyword];
      if (limit === undefined) continue;
      if (typeof limit !== 'number') throw new Unsupported(`${keyword} that is not a number`);
      code += `if (${d}.length ${failing} ${limit}) ${ctx.fail(this.error(path, keyword, `{limit: ${limit}}`))}`;
    }
    if (schema.items !== undefined && !isTrivial(schema.items)) {
      if (Array.isArray(schema.items)) throw new Unsupported('items as a list');
      const index = this.scope.id('i');
      const item = this.scope.id('d');
      const inner = this.node(schema.items, item, [...path, '/', { code: index }], ctx);
      code += `for (let ${index} = 0; ${index} < ${d}.length; ${index}++) {const ${item} = ${d}[${index}];${inner}}`;
    }
    if (schema.contains !== undefined) {
      // At least one item passes (ajv's default minContains 1); the items that fail it leave no error.
      const found = this.scope.id('c');
      const index = this.scope.id('i');
      const item = this.scope.id('d');
      const label = this.scope.id('C');
      const inner = this.node(schema.contains, item, [...path, '/', { code: index }], { fail: () => `break ${label};`, quiet: true });
      code += `let ${found} = false;for (let ${index} = 0; ${index} < ${d}.length && !${found}; ${index}++) {const ${item} = ${d}[${index}];`;
      code += `${label}: {${inner}${found} = true;}}if (!${found}) ${ctx.fail(this.error(path, 'contains', '{minContains: 1}'))}`;
    }
    return code;
  }

  private objectKeywords(schema: Schema, d: string, path: PathParts, ctx: Ctx): string {
    let code = '';
    const required = (schema.required as string[] | undefined) ?? [];
    const properties = isSchema(schema.properties) ? schema.properties : {};
    // A required property the object describes is read once: tested for presence here, checked below.
    // One a union has found to equal a constant (`facts`) is neither read nor tested again.
    const loaded = new Map<string, string>();
    const known = new Map<string, Fact>();
    for (const fact of this.facts) if (fact.d === d && required.includes(fact.name)) known.set(fact.name, fact);
    for (const name of required) {
      if (!Object.hasOwn(properties, name) || loaded.has(name)) continue;
      const fact = known.get(name);
      if (fact) {
        loaded.set(name, fact.variable);
        continue;
      }
      const value = this.scope.id('d');
      loaded.set(name, value);
      code += `const ${value} = ${member(d, name)};`;
    }
    for (const name of required) {
      if (known.has(name)) continue;
      code += `if (${loaded.get(name) ?? member(d, name)} === undefined) ${ctx.fail(this.error(path, 'required', `{missingProperty: ${lit(name)}}`))}`;
    }
    const names = Object.keys(properties);
    const extra = schema.additionalProperties;
    const closed = extra === false;
    const knownSet = (): string => this.scope.constant('known', `new Set(${lit(names)})`);
    const unknownError = (key: string) => this.error(path, 'additionalProperties', `{additionalProperty: ${key}}`);
    // A known name an object can have without an own key (`constructor`, …) would spoil the count.
    const countable = closed && !names.some(isPrototypeName);
    if (closed && !countable) {
      const key = this.scope.id('k');
      code += `for (const ${key} in ${d}) if (!${knownSet()}.has(${key})) ${ctx.fail(unknownError(key))}`;
    }
    if (extra !== undefined && extra !== false && !isTrivial(extra)) {
      const key = this.scope.id('k');
      const value = this.scope.id('d');
      const inner = this.node(extra, value, [...path, '/', { code: `${key}.replace(/~/g, "~0").replace(/\\//g, "~1")` }], ctx);
      const unknown = names.length === 0 ? '' : `if (!${knownSet()}.has(${key})) `;
      code += `for (const ${key} in ${d}) ${unknown}{const ${value} = ${d}[${key}];${inner}}`;
    }
    const count = countable ? this.scope.id('n') : undefined;
    const checks = (inner: Ctx) => {
      // The required properties are present (tested above): counted at once, checked without a test of presence.
      const present = names.filter((name) => required.includes(name));
      let body = count ? `let ${count} = ${present.length};` : '';
      for (const name of names) {
        const hoisted = loaded.get(name);
        const value = hoisted ?? this.scope.id('d');
        const fact = known.get(name);
        if (fact && acceptsConstant(properties[name], fact.value)) continue;
        const check = this.node(properties[name], value, [...path, pointer(name)], inner);
        if (present.includes(name)) {
          if (check !== '') body += hoisted ? `{${check}}` : `{const ${value} = ${member(d, name)};${check}}`;
          continue;
        }
        const counted = count ? `${count}++;` : '';
        if (check === '' && counted === '') continue;
        body += `{const ${value} = ${member(d, name)};if (${value} !== undefined) {${counted}${check}}}`;
      }
      if (isSchema(schema.dependentSchemas)) {
        for (const [name, dependent] of Object.entries(schema.dependentSchemas)) {
          body += `if (${member(d, name)} !== undefined) {${this.node(dependent, d, path, inner)}}`;
        }
      }
      return body;
    };
    if (!count) return code + checks(ctx);
    const total = this.scope.id('t');
    const key = this.scope.id('k');
    const tally = `let ${total} = 0;for (const ${key} in ${d}) ${total}++;`;
    if (ctx.quiet) {
      return `${code}${checks(ctx)}${tally}if (${total} !== ${count}) for (const ${key} in ${d}) if (!${knownSet()}.has(${key})) ${ctx.fail(() => '')}`;
    }
    // ajv reports an unknown key before any error of a property: a property's failure waits until the keys are walked.
    const label = this.scope.id('L');
    const held = this.scope.id('e');
    const inner: Ctx = { fail: (error) => `{${held} = ${error()}; break ${label};}`, quiet: false };
    code += `let ${held};${label}: {${checks(inner)}${tally}`;
    code += `if (${total} !== ${count}) for (const ${key} in ${d}) if (!${knownSet()}.has(${key})) {${held} = true; break ${label};}}`;
    // The walk stopped at a property's failure: the keys are looked up one by one only when they outnumber the known
    // properties present (each read by name: a cached load, where a look-up in the set hashes the key).
    const present = names.map((name) => `(${member(d, name)} !== undefined)`).join(' + ') || '0';
    const unread = `${held} === true || ${total} !== ${present}`;
    code += `if (${held} !== undefined) {let ${total} = 0;for (const ${key} in ${d}) ${total}++;if (${unread}) for (const ${key} in ${d}) if (!${knownSet()}.has(${key})) ${ctx.fail(unknownError(key))}${ctx.fail(() => held)}}`;
    return code;
  }
}

/** `d[name] === value`, the constant held in `variable` (a union's discriminator, while its member is written). */
interface Fact {
  readonly d: string;
  readonly name: string;
  readonly value: unknown;
  readonly variable: string;
}

/** True when `schema` surely accepts the primitive `value` (decided for `type`, `const` and `enum` alone). */
function acceptsConstant(schema: unknown, value: unknown): boolean {
  if (schema === true) return true;
  if (!isSchema(schema)) return false;
  const jsonType = value === null ? 'null' : typeof value;
  for (const [keyword, expected] of Object.entries(schema)) {
    if (keyword === 'type') {
      const types = Array.isArray(expected) ? (expected as string[]) : [expected as string];
      const ok = types.some((type) => type === jsonType || (type === 'integer' && Number.isInteger(value)));
      if (!ok) return false;
    } else if (keyword === 'const') {
      if (expected !== value) return false;
    } else if (keyword === 'enum') {
      if (!Array.isArray(expected) || !expected.includes(value)) return false;
    } else return false;
  }
  return true;
}

interface UnionMember {
  readonly link: string;
  readonly equals?: readonly [string, unknown];
  readonly present?: readonly string[];
}

function isTrivial(schema: unknown): boolean {
  return schema === true || (isSchema(schema) && Object.keys(schema).length === 0);
}

/** The closed validator module of `schema` (see the file comment); throws `Unsupported` for what it does not handle. */
export function compileClosed(schema: Schema, options: ClosedOptions): string {
  return new Generator(options).module(schema);
}

/** The size of a schema in nodes (for the inlining budget). */
export function schemaSize(schema: unknown): number {
  if (Array.isArray(schema)) return schema.reduce((sum: number, child) => sum + schemaSize(child), 0);
  if (!isSchema(schema)) return 0;
  let size = 1;
  for (const value of Object.values(schema)) if (typeof value === 'object' && value !== null) size += schemaSize(value);
  return size;
}

/** The types a compiled schema links to (`x-bindu-link`, the members of `x-bindu-anyof`). */
export function linksOf(schema: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const child of schema) linksOf(child, into);
  else if (isSchema(schema)) {
    if (typeof schema[LINK] === 'string') into.add(schema[LINK] as string);
    if (Array.isArray(schema[UNION])) for (const option of schema[UNION] as UnionMember[]) into.add(option.link);
    for (const [key, value] of Object.entries(schema))
      if (key !== UNION && typeof value === 'object' && value !== null) linksOf(value, into);
  }
  return into;
}
