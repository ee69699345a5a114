/**
 * Our code generator for the explainer (src/engine/explain.ts): one CommonJS module per definition,
 * `generated/validators/<variant>/<Type>.explain.cjs`, exporting `explain(value, path, out, rt, from, fromItem)`
 * (`CompiledExplain`). It pushes onto `out` exactly the raw issues the interpreter's walk of the definition pushes, in
 * the same order, so that an invalid payload is explained at the cost of the code it needs, not of reading the schema
 * (issue 40, the error path). The parity test (test/scripts/lib/compile-explainer.test.ts) and the fuzz suites
 * compare the two.
 *
 * It writes the plain keywords (`type`, `const` and `enum` of primitives, the string, number, array and object
 * keywords most schemas use, `$ref`), two forms of a union of named object types for the values they settle (one told
 * apart by a constant, as a Part by its `kind`; one by a key only one member requires, as a file by `bytes` or `uri`),
 * and hands every other node, whole, to the interpreter (`rt.node("<Type>#<pointer>", …)`): the other composites
 * (`anyOf`, `oneOf`, `allOf`, `not`, `if`), the other values of those two unions, and the rare keywords. The
 * interpreter's walk calls back into these modules at each reference, so a union's members are compiled too.
 *
 * What is fixed for a definition is decided here, once: whether its body is structural (unknown keys and deprecated
 * forms reported: the same rule as the interpreter's, `partialDefinitions`), the names each object declares, each
 * pattern's source. A reference is skipped when the referenced type's closed validator passes the value, as the
 * interpreter does. At the definition's root, what the closed validator found before it failed is not checked again
 * (`from` and `fromItem`, see `CompiledExplain`).
 */
import { formats } from '../../src/engine/formats.js';
import { ModuleScope, lit, pathCode, type PathParts } from './generated-code.js';
import { escapePointerToken, isPrototypeName, jsonType } from '../../src/engine/json-value.js';
import { constDiscriminator, containsItem, ownRequiredKeys, presenceKey, resolveReference } from '../../src/engine/explain.js';
import { missingWords } from '../../src/engine/validation-issue.js';
import {
  declaredNames,
  isDeprecated,
  isOpenObject,
  isSchema,
  refName,
  type Definitions,
  type Schema,
} from '../../src/engine/schema-places.js';
import { ANNOTATION_KEYWORDS } from './json-schema.js';

/**
 * A union of named plain-object types (`Generator.namedUnion`): its members, the definitions they name, and the
 * property that tells them apart by a constant, if one does (`constDiscriminator`).
 */
interface NamedUnion {
  readonly members: Schema[];
  readonly resolved: Schema[];
  readonly discriminator: ReturnType<typeof constDiscriminator>;
}

/** The keywords of a plain object schema (see `Generator.namedUnion`). */
const PLAIN_OBJECT = new Set(['type', 'properties', 'required', 'additionalProperties']);

/** The keywords written as code; a node with any other is handed to the interpreter. */
const WRITTEN = new Set([
  '$ref',
  'type',
  'const',
  'enum',
  'format',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'items',
  'minItems',
  'maxItems',
  'properties',
  'required',
  'additionalProperties',
]);

export interface ExplainerOptions {
  /** The variant's published definitions (references as `#/$defs/<Type>`). */
  readonly definitions: Definitions;
  /** The definitions referenced from a partial place (`partialDefinitions`): no unknown keys inside them. */
  readonly partial: ReadonlySet<string>;
  /** The file of a type's module of a kind, relative to the generated module. */
  readonly file: (name: string, kind: 'closed' | 'open' | 'explain') => string;
  /** The shared formats module, relative to the generated module. */
  readonly formatsModule: string;
}

const primitive = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** The interpreter's `typeMatches`, as a condition on `d`. */
function typeCondition(type: string, d: string): string {
  switch (type) {
    case 'string':
    case 'boolean':
      return `typeof ${d} === "${type}"`;
    case 'integer':
      return `(typeof ${d} === "number" && Number.isInteger(${d}))`;
    case 'number':
      return `(typeof ${d} === "number" && Number.isFinite(${d}))`;
    case 'null':
      return `${d} === null`;
    case 'array':
      return `Array.isArray(${d})`;
    case 'object':
      return `(typeof ${d} === "object" && ${d} !== null && !Array.isArray(${d}))`;
    default:
      return 'false';
  }
}

class Generator {
  private readonly scope = new ModuleScope();
  private readonly requires = new Map<string, string>();
  /**
   * The value of a root property the closed validator may have failed in (`declaredWalk`), and the condition under
   * which it did: if that value is an array, its items before `fromItem` passed, and that item failed.
   */
  private failedIn: { readonly d: string; readonly condition: string } | undefined;

  constructor(
    private readonly name: string,
    private readonly options: ExplainerOptions,
  ) {}

  /** A function that loads a type's module of a kind on first use and returns its function (a cycle is fine). */
  private module(name: string, kind: 'closed' | 'open' | 'explain'): string {
    const key = `${kind} ${name}`;
    let fn = this.requires.get(key);
    if (!fn) {
      fn = `${kind === 'closed' ? 'V' : kind === 'open' ? 'O' : 'X'}${this.requires.size}`;
      const held = `${fn}_`;
      const member = kind === 'explain' ? 'explain' : 'validate';
      this.scope.constants.push(
        `let ${held};function ${fn}(a, b, c, e) { return (${held} ??= require(${lit(this.options.file(name, kind))}).${member})(a, b, c, e); }`,
      );
      this.requires.set(key, fn);
    }
    return fn;
  }

  /** The whole module: its constants, then `explain`. */
  write(): string {
    const root = this.options.definitions[this.name];
    if (root === undefined) throw new Error(`no definition ${this.name}`);
    const structural = !this.options.partial.has(this.name);
    const body = this.node(root, 'value', [{ code: 'path' }], [], structural);
    return [
      '"use strict";',
      'exports.explain = explain;',
      'const hasOwn = Object.hasOwn;',
      'const HOP = Object.prototype.hasOwnProperty;',
      'const OPTIONS = Object.freeze({dynamicAnchors: Object.freeze({})});',
      ...this.scope.constants,
      `function explain(value, path, out, rt, from, fromItem) {${body}}`,
    ].join('\n');
  }

  /**
   * Code that pushes the issues of `d` against `schema` (at pointer `at` inside the definition) onto `out`.
   * `failing`: a condition under which `d` is known to fail the closed validator of the type `schema` references.
   */
  private node(schema: unknown, d: string, path: PathParts, at: readonly string[], structural: boolean, failing?: string): string {
    if (schema === true) return '';
    if (schema === false) return `out.push({kind: "error", path: ${pathCode(path)}, keyword: "false schema", value: ${d}, params: {}});`;
    if (!isSchema(schema) || !this.writable(schema)) {
      const named = isSchema(schema) ? this.namedUnion(schema) : undefined;
      const union = named && (this.taggedUnion(named, d, path, at, structural) ?? this.ownKeyUnion(named, d, path, at, structural));
      if (union !== undefined) return union;
      const walk = this.interpreted(d, path, at, structural);
      const passes = isSchema(schema) ? surePass(schema, d) : undefined;
      return passes === undefined ? walk : `if (!(${passes})) ${walk}`;
    }
    let code = '';
    const target = refName(schema.$ref);
    if (target !== undefined && this.options.definitions[target] !== undefined) {
      const passes = `${this.module(target, 'closed')}(${d}, OPTIONS)`;
      code += `if (${failing === undefined ? '' : `${failing} || `}!${passes}) ${this.module(target, 'explain')}(${d}, ${pathCode(path)}, out, rt);`;
    }
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : undefined;
    const hasConst = 'const' in schema;
    const enumValues = Array.isArray(schema.enum) ? (schema.enum as unknown[]) : undefined;
    let rest = '';
    if (hasConst) {
      const allowed = this.scope.constant('allowed', lit([schema.const]));
      rest += `if (${d} !== ${lit(schema.const)}) out.push({kind: "error", path: ${pathCode(path)}, keyword: "const", value: ${d}, params: {allowed: ${allowed}}});`;
    }
    if (enumValues !== undefined) {
      const allowed = this.scope.constant('allowed', lit(enumValues));
      const test =
        enumValues.length > 6
          ? `!${this.scope.constant('set', `new Set(${allowed})`)}.has(${d})`
          : `!(${enumValues.map((value) => `${d} === ${lit(value)}`).join(' || ') || 'false'})`;
      rest += `if (${test}) out.push({kind: "error", path: ${pathCode(path)}, keyword: "enum", value: ${d}, params: {allowed: ${allowed}}});`;
    }
    const strings = this.stringKeywords(schema, d, path);
    const numbers = this.numberKeywords(schema, d, path);
    const arrays = this.arrayKeywords(schema, d, path, at, structural);
    const objects = this.objectKeywords(schema, d, path, at, structural);
    const branches: string[] = [];
    if (strings !== '') branches.push(`if (typeof ${d} === "string") {${strings}}`);
    if (numbers !== '') branches.push(`if (typeof ${d} === "number") {${numbers}}`);
    if (arrays !== '') branches.push(`if (Array.isArray(${d})) {${arrays}}`);
    if (objects !== '') branches.push(`if (typeof ${d} === "object" && ${d} !== null && !Array.isArray(${d})) {${objects}}`);
    rest += branches.join(' else ');
    if (types !== undefined) {
      const expected = hasConst
        ? this.scope.constant('allowed', lit([schema.const]))
        : enumValues
          ? this.scope.constant('allowed', lit(enumValues))
          : 'undefined';
      const typeList = this.scope.constant('types', lit(types));
      const push = `out.push({kind: "error", path: ${pathCode(path)}, keyword: "type", value: ${d}, params: {types: ${typeList}, expected: ${expected}}});`;
      const test = types.map((type) => typeCondition(type, d)).join(' || ') || 'false';
      code += rest === '' ? `if (!(${test})) ${push}` : `if (!(${test})) ${push} else {${rest}}`;
    } else code += rest;
    return code;
  }

  /** Code handing the node at `at` to the interpreter's walk (`rt.node`). */
  private interpreted(d: string, path: PathParts, at: readonly string[], structural: boolean): string {
    const where = this.scope.constant('at', lit(`${this.name}#${at.map((token) => `/${escapePointerToken(token)}`).join('')}`));
    return `rt.node(${where}, ${d}, ${pathCode(path)}, ${structural}, out);`;
  }

  /**
   * The members of a union of named types that the two union forms below write as code: each member a reference to a
   * definition (nothing beside it but annotations, none deprecated) that is a plain object schema (`type: "object"`,
   * its properties and required keys, nothing at its root that could fail an object as a whole), and nothing beside
   * the union but annotations. Undefined for any other node.
   */
  private namedUnion(schema: Schema): NamedUnion | undefined {
    const keyword = Array.isArray(schema.anyOf) ? 'anyOf' : Array.isArray(schema.oneOf) ? 'oneOf' : undefined;
    if (keyword === undefined) return undefined;
    for (const other of Object.keys(schema)) if (other !== keyword && !ANNOTATION_KEYWORDS.has(other)) return undefined;
    const members = schema[keyword] as unknown[];
    const named = (member: unknown): member is Schema =>
      isSchema(member) &&
      Object.keys(member).every((other) => other === '$ref' || ANNOTATION_KEYWORDS.has(other)) &&
      !isDeprecated(member) &&
      this.options.definitions[refName(member.$ref) ?? ''] !== undefined;
    if (members.length < 2 || !members.every(named)) return undefined;
    const resolved = members.map((member) => resolveReference(member, this.options.definitions));
    const plainObject = (definition: Schema) =>
      definition.type === 'object' && Object.keys(definition).every((other) => PLAIN_OBJECT.has(other) || ANNOTATION_KEYWORDS.has(other));
    return resolved.every(plainObject) ? { members, resolved, discriminator: constDiscriminator(resolved) } : undefined;
  }

  /**
   * The walk of a named union member (`namedUnion`): its explainer, called without its closed validator first (a
   * reference's code runs that first, to skip a value that passes). A union's explainer runs on a value the union's
   * closed validator has failed (each caller runs that first: a reference's code, the walk's `passes`, `validate`),
   * and so each member's: its closed validator would fail too. Were it called on a value a member passes, that
   * member's explainer would find nothing there, as the closed validator: the issues are the same either way.
   */
  private memberWalk(member: Schema, d: string, path: PathParts): string {
    return `${this.module(refName(member.$ref)!, 'explain')}(${d}, ${pathCode(path)}, out, rt);`;
  }

  /**
   * A union of named types (`namedUnion`) each with its own constant at one property (`kind` of a Part:
   * `constDiscriminator`). An object that has that property is walked as the interpreter's `checkUnion` walks it:
   * naming a member, as that member alone (the member named is the report, whether it passes or not: `memberWalk`);
   * naming none, the one issue is that property's, listing every member's constant (every member fails there, none is
   * named, and the members, all plain objects, have no issue at the root that would merge them). Any other value is
   * handed to the interpreter.
   */
  private taggedUnion(union: NamedUnion, d: string, path: PathParts, at: readonly string[], structural: boolean): string | undefined {
    const { members, discriminator } = union;
    if (discriminator === undefined || !discriminator.constants.every((constant) => constant !== undefined && primitive(constant)))
      return undefined;
    const whole = this.interpreted(d, path, at, structural);
    const tag = this.scope.id('tag');
    const property = discriminator.property;
    const cases = members
      .map((member, index) => `if (${tag} === ${lit(discriminator.constants[index])}) {${this.memberWalk(member, d, path)}}`)
      .join(' else ');
    const allowed = this.scope.constant('allowed', lit(discriminator.constants));
    const named = `out.push({kind: "error", path: ${pathCode([...path, `/${escapePointerToken(property)}`])}, keyword: "const", value: ${tag}, params: {discriminator: ${lit(property)}, allowed: ${allowed}}});`;
    return `if (${typeCondition('object', d)} && HOP.call(${d}, ${lit(property)})) {const ${tag} = ${d}[${lit(property)}];${cases} else if (${tag} !== undefined) ${named} else ${whole}} else ${whole}`;
  }

  /**
   * A union of named types (`namedUnion`) with no constant to tell them apart, not all of one key each, some member
   * requiring a key no other requires (`ownRequiredKeys`: `bytes` or `uri` of a file). An object that no member
   * passes (no member's open validator passes it) and that has the own keys of exactly one member is walked as that
   * member alone (`memberWalk`): the interpreter's `checkUnion` reports that member then (`select`). Any other
   * value is handed to the interpreter.
   */
  private ownKeyUnion(union: NamedUnion, d: string, path: PathParts, at: readonly string[], structural: boolean): string | undefined {
    const { members, resolved, discriminator } = union;
    if (members.length > 4 || discriminator !== undefined || resolved.every((member) => presenceKey(member) !== undefined))
      return undefined;
    const own = ownRequiredKeys(resolved);
    if (own.every((keys) => keys.length === 0)) return undefined;
    const whole = this.interpreted(d, path, at, structural);
    const opens = members.map((member) => `${this.module(refName(member.$ref)!, 'open')}(${d})`).join(' || ');
    const has = own.map((keys) => {
      const flag = this.scope.id('has');
      return { flag, code: `const ${flag} = ${keys.map((key) => `HOP.call(${d}, ${lit(key)})`).join(' || ') || 'false'};` };
    });
    const cases = members
      .map((member, index) => {
        const only = has.map(({ flag }, other) => (other === index ? flag : `!${flag}`)).join(' && ');
        return `if (${only}) {${this.memberWalk(member, d, path)}}`;
      })
      .join(' else ');
    return `if (${typeCondition('object', d)} && !(${opens})) {${has.map(({ code }) => code).join('')}${cases} else ${whole}} else ${whole}`;
  }

  /** True when every keyword of `schema` is one written here (the rest are annotations). */
  private writable(schema: Schema): boolean {
    for (const keyword of Object.keys(schema)) {
      if (ANNOTATION_KEYWORDS.has(keyword) || keyword === '$schema' || keyword === '$id' || keyword === '$defs') continue;
      if (!WRITTEN.has(keyword)) return false;
    }
    if ('const' in schema && !primitive(schema.const)) return false;
    if (schema.enum !== undefined && !(Array.isArray(schema.enum) && schema.enum.every(primitive))) return false;
    if (schema.items !== undefined && typeof schema.items !== 'boolean' && !isSchema(schema.items)) return false;
    if (
      schema.additionalProperties !== undefined &&
      typeof schema.additionalProperties !== 'boolean' &&
      !isSchema(schema.additionalProperties)
    )
      return false;
    if (schema.properties !== undefined && !isSchema(schema.properties)) return false;
    if (schema.required !== undefined && !Array.isArray(schema.required)) return false;
    if (schema.$ref !== undefined && typeof schema.$ref !== 'string') return false;
    if (schema.type !== undefined && typeof schema.type !== 'string' && !Array.isArray(schema.type)) return false;
    for (const keyword of ['minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems'])
      if (schema[keyword] !== undefined && typeof schema[keyword] !== 'number') return false;
    if (schema.pattern !== undefined && typeof schema.pattern !== 'string') return false;
    if (schema.format !== undefined && typeof schema.format !== 'string') return false;
    return true;
  }

  /** The interpreter's `format` of a value known to be of `valueType`, as code (undefined when it always passes). */
  private formatTest(name: string, d: string, valueType: 'string' | 'number'): string | undefined {
    const format = Object.hasOwn(formats, name) ? formats[name] : undefined;
    if (format === undefined) return undefined;
    const base = `require(${lit(this.options.formatsModule)}).formats[${lit(name)}]`;
    if (format instanceof RegExp || typeof format === 'function') {
      if (valueType !== 'string') return undefined;
      const held = this.scope.constant('format', base);
      return format instanceof RegExp ? `${held}.test(${d})` : `${held}(${d})`;
    }
    // As the interpreter: a format of strings checks strings only, any other (`number`, `integer`) numbers only.
    if (((format.type ?? 'string') === 'string') !== (valueType === 'string')) return undefined;
    const held = this.scope.constant('format', `${base}.validate`);
    if (format.validate instanceof RegExp) return valueType === 'string' ? `${held}.test(${d})` : `${held}.test(String(${d}))`;
    return `${held}(${d})`;
  }

  private stringKeywords(schema: Schema, d: string, path: PathParts): string {
    let code = '';
    const p = pathCode(path);
    if (typeof schema.format === 'string') {
      const test = this.formatTest(schema.format, d, 'string');
      if (test)
        code += `if (!${test}) out.push({kind: "error", path: ${p}, keyword: "format", value: ${d}, params: {format: ${lit(schema.format)}}});`;
    }
    if (schema.minLength !== undefined || schema.maxLength !== undefined) {
      const length = this.scope.id('n');
      code += `{const ${length} = [...${d}].length;`;
      if (schema.minLength !== undefined)
        code += `if (${length} < ${schema.minLength as number}) out.push({kind: "error", path: ${p}, keyword: "minLength", value: ${d}, params: {limit: ${schema.minLength as number}}});`;
      if (schema.maxLength !== undefined)
        code += `if (${length} > ${schema.maxLength as number}) out.push({kind: "error", path: ${p}, keyword: "maxLength", value: ${d}, params: {limit: ${schema.maxLength as number}}});`;
      code += '}';
    }
    if (typeof schema.pattern === 'string') {
      const source = new RegExp(schema.pattern, 'u').source;
      const pattern = this.scope.constant('pattern', `new RegExp(${lit(schema.pattern)}, "u")`);
      code += `if (!${pattern}.test(${d})) out.push({kind: "error", path: ${p}, keyword: "pattern", value: ${d}, params: {pattern: ${lit(source)}}});`;
    }
    return code;
  }

  private numberKeywords(schema: Schema, d: string, path: PathParts): string {
    let code = '';
    const p = pathCode(path);
    if (typeof schema.format === 'string') {
      const test = this.formatTest(schema.format, d, 'number');
      if (test)
        code += `if (!${test}) out.push({kind: "error", path: ${p}, keyword: "format", value: ${d}, params: {format: ${lit(schema.format)}}});`;
    }
    const limits: [string, string][] = [
      ['minimum', '>='],
      ['maximum', '<='],
      ['exclusiveMinimum', '>'],
      ['exclusiveMaximum', '<'],
    ];
    for (const [keyword, holds] of limits) {
      const limit = schema[keyword];
      if (typeof limit !== 'number') continue;
      code += `if (!(${d} ${holds} ${limit})) out.push({kind: "error", path: ${p}, keyword: ${lit(keyword)}, value: ${d}, params: {limit: ${limit}}});`;
    }
    return code;
  }

  private arrayKeywords(schema: Schema, d: string, path: PathParts, at: readonly string[], structural: boolean): string {
    let code = '';
    const p = pathCode(path);
    if (typeof schema.minItems === 'number')
      code += `if (${d}.length < ${schema.minItems}) out.push({kind: "error", path: ${p}, keyword: "minItems", value: ${d}, params: {limit: ${schema.minItems}}});`;
    if (typeof schema.maxItems === 'number')
      code += `if (${d}.length > ${schema.maxItems}) out.push({kind: "error", path: ${p}, keyword: "maxItems", value: ${d}, params: {limit: ${schema.maxItems}}});`;
    const failedIn = this.failedIn?.d === d ? this.failedIn : undefined;
    this.failedIn = undefined;
    if (schema.items !== undefined) {
      const index = this.scope.id('i');
      const item = this.scope.id('d');
      // The array the closed validator failed in: the walk starts at the item it failed at, and does not run the
      // item's closed validator again there.
      const first = failedIn === undefined ? undefined : this.scope.id('f');
      const failing = first === undefined ? undefined : `${index} === ${first}`;
      const inner = this.node(schema.items, item, [...path, '/', { code: index }], [...at, 'items'], structural, failing);
      // The interpreter visits every item even when it has nothing to say of them: no code, no loop.
      if (inner !== '') {
        if (first !== undefined) code += `const ${first} = ${failedIn!.condition} ? fromItem : undefined;`;
        code += `for (let ${index} = ${first === undefined ? '0' : `${first} ?? 0`}; ${index} < ${d}.length; ${index}++) {const ${item} = ${d}[${index}];${inner}}`;
      }
    }
    return code;
  }

  private objectKeywords(schema: Schema, d: string, path: PathParts, at: readonly string[], structural: boolean): string {
    const properties = isSchema(schema.properties) ? schema.properties : undefined;
    const required = Array.isArray(schema.required) ? (schema.required as string[]) : undefined;
    const additional = schema.additionalProperties as Schema | boolean | undefined;
    if (properties === undefined && required === undefined && additional === undefined) return '';
    const p = pathCode(path);
    let code = '';
    const declared = declaredNames(schema, this.options.definitions);
    const declaredSet = () => this.scope.constant('declared', `new Set(${lit([...declared])})`);
    // The required keys' tests (a key reading `undefined` is missing, and a name of `Object.prototype` not own), each
    // pushing its issue.
    const requiredTests = (into: string) =>
      (required ?? [])
        .map((name) => {
          const child = properties !== undefined && Object.hasOwn(properties, name) ? properties[name] : undefined;
          const item = isSchema(child) ? containsItem(child.contains) : undefined;
          const inherited = isPrototypeName(name) ? ` || !hasOwn(${d}, ${lit(name)})` : '';
          const test = `if (${d}[${lit(name)}] === undefined${inherited})`;
          if (item)
            return `${test} ${into}.push({kind: "error", path: ${p}, keyword: "required", params: {missingProperty: ${lit(name)}, item: ${this.scope.constant('item', lit(item))}}});`;
          // A key missing and nothing more: the issue as `validate` reports it, worded here (src/engine/explain.ts
          // `RawIssue.message`). Its words and params are the same each time: constants made when the module loads.
          const params = this.scope.constant('missing', `Object.freeze({missingProperty: ${lit(name)}})`);
          const words = this.scope.constant('words', lit(missingWords(name)));
          return `${test} ${into}.push({path: ${p}, keyword: "required", message: ${words}, params: ${params}});`;
        })
        .join('');
    const closable = structural && isOpenObject(schema);
    const deprecatedNames = properties ? Object.keys(properties).filter((name) => isDeprecated(properties[name])) : [];
    // Each required key met in the walk (own, enumerable, not `undefined`) is counted: when all are, none is missing
    // and nothing more is read; else the exact tests run after the walk, their issues put first.
    const counted =
      required !== undefined &&
      required.length > 0 &&
      properties !== undefined &&
      required.every((name) => Object.hasOwn(properties, name));
    const seen = this.scope.id('seen');
    // A required property met is counted.
    const counts = (name: string) => (counted && required.includes(name) ? `${seen}++;` : '');
    // A property's checks, its value in `child`.
    const checks = (name: string, propertySchema: unknown, child: string) => {
      let body = '';
      if (structural && isDeprecated(propertySchema)) {
        const names = this.scope.constant('deprecatedNames', lit(deprecatedNames));
        body += `out.push({kind: "deprecated", path: ${pathCode([...path, `/${escapePointerToken(name)}`])}, keyword: "deprecated", value: ${child}, params: {property: ${lit(name)}, declared: ${declaredSet()}, deprecatedNames: ${names}}});`;
      }
      return body + this.node(propertySchema, child, [...path, `/${escapePointerToken(name)}`], [...at, 'properties', name], structural);
    };
    // The required keys missing, after the walk: put before the walk's issues.
    const start = this.scope.id('start');
    // `untold`: when the walk was not told that the closed validator failed at a property (`declaredWalk`). Told so, no
    // key is missing: the closed validator tests them first. Unless a name of Object.prototype is required, which it
    // reads as present on any object.
    const missingTests = (untold?: string) => {
      if (!counted) return '';
      const mark = this.scope.id('mark');
      const guard = untold !== undefined && !required.some(isPrototypeName) ? `${untold} && ` : '';
      return `if (${guard}${seen} !== ${required.length}) {const ${mark} = out.length;${requiredTests('out')}if (${mark} !== ${start} && out.length !== ${mark}) out.splice(${start}, 0, ...out.splice(${mark}));}`;
    };
    if (properties !== undefined && (additional === undefined || typeof additional === 'boolean')) {
      return (
        code +
        this.declaredWalk(d, p, properties, counts, checks, {
          skippable: d === 'value' && schema.$ref === undefined,
          before: counted ? '' : requiredTests('out'),
          start,
          seen: counted ? seen : undefined,
          after: missingTests,
          unknown: additional === false ? 'error' : additional !== true && closable ? 'unknown' : undefined,
          declared: declaredSet,
        })
      );
    }
    const key = this.scope.id('k');
    const child = this.scope.id('d');
    const cases = Object.entries(properties ?? {}).map(
      ([name, propertySchema]) => `case ${lit(name)}: {${counts(name)}${checks(name, propertySchema, child)}break;}`,
    );
    let other = '';
    if (additional === false) {
      other = `out.push({kind: "error", path: ${p}, keyword: "additionalProperties", value: ${child}, params: {property: ${key}, declared: ${declaredSet()}}});`;
    } else if (additional !== undefined && additional !== true) {
      const token = this.scope.constant(
        'escape',
        '(key) => key.includes("~") || key.includes("/") ? key.replace(/~/g, "~0").replace(/\\//g, "~1") : key',
      );
      other = this.node(additional, child, [...path, '/', { code: `${token}(${key})` }], [...at, 'additionalProperties'], structural);
    } else if (closable) {
      other = `if (!${declaredSet()}.has(${key})) out.push({kind: "unknown", path: ${p}, keyword: "additionalProperties", value: ${child}, params: {property: ${key}, declared: ${declaredSet()}}});`;
    }
    const walked = !(cases.every((entry) => /\{(?:seen\d+\+\+;)?break;\}$/.test(entry)) && other === '');
    if (!walked || !counted) {
      code += requiredTests('out');
      if (!walked) return code;
    }
    if (counted) code += `const ${start} = out.length;let ${seen} = 0;`;
    // The object's own enumerable keys in their order, as the walk's `for…in` with its `hasOwn` test sees them
    // (V8 reads a key's value by the enumeration's own index).
    code += `for (const ${key} in ${d}) {if (!HOP.call(${d}, ${key})) continue;const ${child} = ${d}[${key}];if (${child} === undefined) continue;`;
    code += cases.length > 0 ? `switch (${key}) {${cases.join('')}default: {${other}}}` : other;
    code += '}';
    return code + missingTests();
  }

  /**
   * The walk of an object whose other keys have no schema, reading its declared properties by name in the schema's
   * order (a named read is a load V8 caches per object shape; a `switch` on each key met compared it with every
   * name before its own). The walk's issues come in the interpreter's order, the object's keys as `for…in` meets
   * them: when no key was left unread and at most one property had issues the two orders agree, and otherwise
   * `rt.keyOrder` puts them in that order and adds each undeclared key's issue. Keys are counted with `for…in`
   * (own and inherited enumerable ones; JSON.parse makes only own ones); a name `Object.prototype` has is read only
   * when the object has it. As the closed validators' count, exact for objects whose keys are enumerable: an object
   * holding a declared property `for…in` does not see and an unknown key as well is out of reach.
   *
   * At a definition's root (`skippable`), the explainer's `from` (the property the definition's closed validator
   * failed at; see `Explainer.explainType`) skips the checks of the properties before it: the closed validator checks
   * them in the same order and they passed, so they have nothing to report, and they are not read. Nor are the keys
   * counted then, or the required ones tested: before it reports a property's failure the closed validator has tested
   * that none is missing and looked for an unknown key (scripts/lib/compile-closed.ts), so there is none. And in that
   * property's array (`fromItem`, see `arrayKeywords`) the items before the one it failed at passed too.
   */
  private declaredWalk(
    d: string,
    p: string,
    properties: Record<string, unknown>,
    counts: (name: string) => string,
    checks: (name: string, propertySchema: unknown, child: string) => string,
    walk: {
      skippable: boolean;
      before: string;
      start: string;
      seen: string | undefined;
      after: (untold: string | undefined) => string;
      unknown: 'error' | 'unknown' | undefined;
      declared: () => string;
    },
  ): string {
    const present = this.scope.id('present');
    const found = this.scope.id('found');
    const mark = this.scope.id('at');
    const names = this.scope.constant('properties', `new Set(${lit(Object.keys(properties))})`);
    // The properties skipped: those before `from` in the schema's order (none when `from` is not one of them). One
    // look-up by name, then a comparison of numbers per property (`from` is a slice of a path: comparing it with each
    // name would compare characters).
    const skip = this.scope.id('skip');
    let code = `${walk.before}const ${walk.start} = out.length;let ${present} = 0;let ${found};`;
    if (walk.seen !== undefined) code += `let ${walk.seen} = 0;`;
    if (walk.skippable) {
      const order = this.scope.constant('order', `new Map(${lit(Object.keys(properties).map((name, index) => [name, index]))})`);
      // The last `from` looked up, kept: the same failure met again (the same string) is not hashed again.
      const lastFrom = this.scope.id('lastFrom');
      const lastSkip = this.scope.id('lastSkip');
      this.scope.constants.push(`let ${lastFrom};let ${lastSkip} = -1;`);
      code += `const ${skip} = from === undefined ? -1 : from === ${lastFrom} ? ${lastSkip} : (${lastFrom} = from, ${lastSkip} = ${order}.get(from) ?? -1);`;
    }
    for (const [index, [name, propertySchema]] of Object.entries(properties).entries()) {
      const child = this.scope.id('d');
      const own = isPrototypeName(name) ? ` && HOP.call(${d}, ${lit(name)})` : '';
      if (walk.skippable) this.failedIn = { d: child, condition: `${skip} === ${index}` };
      const body = checks(name, propertySchema, child);
      this.failedIn = undefined;
      const checked =
        body === '' ? '' : `const ${mark} = out.length;${body}if (out.length !== ${mark}) (${found} ??= []).push(${lit(name)}, ${mark});`;
      const block = `{const ${child} = ${d}[${lit(name)}];if (${child} !== undefined${own}) {${present}++;${counts(name)}${checked}}}`;
      code += walk.skippable && index > 0 ? `if (${skip} <= ${index}) ${block}` : block;
    }
    const reorder = `rt.keyOrder(${d}, ${p}, out, ${walk.start}, ${found}, ${names}, ${walk.unknown === undefined ? 'undefined' : lit(walk.unknown)}, ${walk.unknown === undefined ? 'undefined' : walk.declared()});`;
    if (walk.unknown === undefined) code += `if (${found} !== undefined && ${found}.length > 2) ${reorder}`;
    else {
      const count = this.scope.id('n');
      const key = this.scope.id('k');
      // Told where the closed validator failed (a property), the keys need no count: it found no unknown one first.
      const tally = `for (const ${key} in ${d}) ${count}++;`;
      code += walk.skippable ? `let ${count} = ${present};if (${skip} === -1) {${count} = 0;${tally}}` : `let ${count} = 0;${tally}`;
      code += `if (${count} !== ${present} || (${found} !== undefined && ${found}.length > 2)) ${reorder}`;
    }
    return code + walk.after(walk.skippable ? `${skip} === -1` : undefined);
  }
}

/**
 * For a node that is a union of scalar alternatives alone (`anyOf` of constants and enums, as `debugLevel: 1 | 2`), a
 * condition on `d` under which the walk would report nothing: the value is one an alternative that is not deprecated
 * allows, so that alternative passes with no issue, and the walk reports the issues of the passing alternative with
 * the fewest (none). Undefined for any other node (the walk is then always called).
 */
function surePass(schema: Schema, d: string): string | undefined {
  if (!Array.isArray(schema.anyOf)) return undefined;
  for (const keyword of Object.keys(schema)) if (keyword !== 'anyOf' && !ANNOTATION_KEYWORDS.has(keyword)) return undefined;
  const values: unknown[] = [];
  for (const member of schema.anyOf as unknown[]) {
    if (!isSchema(member) || isDeprecated(member)) continue;
    const keywords = Object.keys(member).filter((keyword) => !ANNOTATION_KEYWORDS.has(keyword));
    if (!keywords.every((keyword) => keyword === 'const' || keyword === 'enum' || keyword === 'type')) continue;
    const allowed = 'const' in member ? (member.enum === undefined ? [member.const] : []) : Array.isArray(member.enum) ? member.enum : [];
    const types = Array.isArray(member.type) ? (member.type as string[]) : typeof member.type === 'string' ? [member.type] : undefined;
    for (const value of allowed) {
      if (!primitive(value)) continue;
      const kind = jsonType(value);
      // A value of the member's type (or no type): the member passes it.
      if (types === undefined || types.includes(kind) || (kind === 'integer' && types.includes('number'))) values.push(value);
    }
  }
  return values.length === 0 ? undefined : values.map((value) => `${d} === ${lit(value)}`).join(' || ');
}

/** The explainer module of the definition `name` (see the file comment). */
export function compileExplainer(name: string, options: ExplainerOptions): string {
  return new Generator(name, options).write();
}
