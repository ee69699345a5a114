/**
 * The closed validators in Python (python/bindu_protocol/closed/<variant>.py): plain functions, one per
 * type of the variant's published bundle and one per method part written inline, generated from the
 * closed form of each schema (scripts/emit-validators.ts `closedDefinitions`: every object in a structural
 * place closed, deprecated forms rejected), the approach of scripts/lib/compile-closed.ts in Python.
 *
 * A function returns True only when the payload is valid, strict or not, with no warnings: the verdict
 * `bindu_protocol.validate` then gives at once, without `jsonschema` or the explainer. False means "not
 * known to be so": the caller runs the full check (jsonschema's verdict, the explainer's words). So each
 * test here may be stricter than JSON Schema, never looser: types are tested exactly (`type(v) is str`,
 * as `json.loads` makes them; a float where an integer is expected, a str subclass, a NaN go the long
 * way), constants and enumerations compare type and value, and a keyword the generator does not handle
 * makes its node `False` (the build lists them). Unknown keys are found by counting: the declared keys
 * present are counted and compared with the object's size.
 */
import { isSchema, refName, type Schema } from '../../src/engine/schema-places.js';
import { ANNOTATION_KEYWORDS } from './json-schema.js';

/** What a node of the closed schemas may hold; anything else makes the node `False`. */
const KNOWN = new Set([
  'type',
  'const',
  'enum',
  'not',
  'anyOf',
  'oneOf',
  'allOf',
  '$ref',
  'properties',
  'required',
  'additionalProperties',
  'dependentSchemas',
  'items',
  'contains',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  ...ANNOTATION_KEYWORDS,
]);

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A Python literal of a JSON string. */
const pyString = (text: string) => JSON.stringify(text);

/** A Python literal of a primitive JSON value. */
function pyLiteral(value: unknown): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return pyString(value);
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(value);
  throw new Error(`not a primitive: ${JSON.stringify(value)}`);
}

/** The name of a type's function. */
export const pythonFunction = (name: string) => {
  const safe = name.replace(/[^A-Za-z0-9_]/g, (char) => `_${char.charCodeAt(0).toString(16)}_`);
  return `t_${safe}`;
};

export interface ClosedPythonInput {
  readonly variant: string;
  /** The closed form of every definition, by name (references `#/$defs/Name`). */
  readonly closed: Readonly<Record<string, Schema>>;
  /** Method parts written inline: `Type.property` → the closed schema of that property. */
  readonly parts: Readonly<Record<string, Schema>>;
  /** Method parts that are a bare reference: `Type.property` → the referenced type. */
  readonly partLinks: Readonly<Record<string, string>>;
}

class PythonGenerator {
  private counter = 0;
  private readonly constants: string[] = [];
  private readonly constantNames = new Map<string, string>();
  private readonly helpers: string[] = [];
  private readonly helperNames = new Map<string, string>();
  readonly unsupported = new Set<string>();

  constructor(private readonly input: ClosedPythonInput) {}

  private fresh(prefix: string): string {
    return `${prefix}${this.counter++}`;
  }

  private constant(prefix: string, code: string): string {
    let name = this.constantNames.get(code);
    if (name === undefined) {
      name = `${prefix}${this.constantNames.size}`;
      this.constantNames.set(code, name);
      this.constants.push(`${name} = ${code}`);
    }
    return name;
  }

  /** A module-level function `name(v) -> bool` for a subschema (deduplicated by the schema's text). */
  private helper(schema: unknown): string {
    const key = JSON.stringify(schema);
    let name = this.helperNames.get(key);
    if (name === undefined) {
      name = `_s${this.helperNames.size}`;
      this.helperNames.set(key, name);
      this.helpers.push(this.functionText(name, schema));
    }
    return name;
  }

  functionText(name: string, schema: unknown): string {
    const lines: string[] = [];
    this.statements(schema, 'v', lines, '    ');
    return [`def ${name}(v: Any) -> bool:`, ...lines, '    return True', ''].join('\n');
  }

  private unsupportedKeyword(schema: Schema): string | undefined {
    return Object.keys(schema).find((keyword) => !KNOWN.has(keyword));
  }

  private typeTest(type: string, d: string): string {
    switch (type) {
      case 'object':
        return `type(${d}) is dict`;
      case 'array':
        return `type(${d}) is list`;
      case 'string':
        return `type(${d}) is str`;
      case 'boolean':
        return `type(${d}) is bool`;
      case 'null':
        return `${d} is None`;
      case 'integer':
        return `type(${d}) is int`;
      case 'number':
        return `(type(${d}) is int or (type(${d}) is float and _finite(${d})))`;
      default:
        this.unsupported.add(`type ${type}`);
        return 'False';
    }
  }

  /** A test of one allowed value: the same type and the same value (stricter than JSON equality for 1 and 1.0). */
  private equals(value: unknown, d: string): string {
    if (value === null) return `${d} is None`;
    if (value === true) return `${d} is True`;
    if (value === false) return `${d} is False`;
    if (typeof value === 'string') return `${d} == ${pyString(value)}`;
    if (typeof value === 'number')
      return Number.isInteger(value) ? `(type(${d}) is int and ${d} == ${value})` : `(type(${d}) is float and ${d} == ${value})`;
    this.unsupported.add('const or enum of an object or array');
    return 'False';
  }

  private enumTest(values: readonly unknown[], d: string): string {
    if (values.length === 0) return 'False';
    if (values.length > 3 && values.every((value) => typeof value === 'string')) {
      const set = this.constant('_E', `frozenset((${values.map(pyLiteral).join(', ')},))`);
      return `(type(${d}) is str and ${d} in ${set})`;
    }
    return `(${values.map((value) => this.equals(value, d)).join(' or ')})`;
  }

  /**
   * A Python expression that is True when `d` passes `schema`, for the schemas that need no statements
   * (scalars, references, unions of those), else undefined.
   */
  expression(schema: unknown, d: string): string | undefined {
    if (schema === true) return 'True';
    if (schema === false) return 'False';
    if (!isSchema(schema)) return 'False';
    const bad = this.unsupportedKeyword(schema);
    if (bad !== undefined) {
      this.unsupported.add(bad);
      return 'False';
    }
    const tests: string[] = [];
    const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    if (
      ['properties', 'required', 'additionalProperties', 'dependentSchemas', 'items', 'contains', 'minItems', 'maxItems', 'allOf'].some(
        (k) => schema[k] !== undefined,
      )
    )
      return undefined;
    if (schema.anyOf !== undefined || schema.oneOf !== undefined) {
      if (types.length > 0 || schema.const !== undefined || schema.enum !== undefined) return undefined;
    }
    const stringKeywords = ['minLength', 'maxLength', 'pattern', 'format'].filter((k) => schema[k] !== undefined);
    const numberKeywords = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'].filter((k) => schema[k] !== undefined);
    if (schema.const !== undefined) tests.push(this.equals(schema.const, d));
    else if (Array.isArray(schema.enum)) tests.push(this.enumTest(schema.enum, d));
    if (types.length > 0) {
      const stringOnly = types.length === 1 && types[0] === 'string';
      // A string constant or a string enumeration already says the value is a string.
      const implied =
        stringOnly &&
        (typeof schema.const === 'string' ||
          (Array.isArray(schema.enum) && (schema.enum as unknown[]).every((x) => typeof x === 'string')));
      if (!implied)
        tests.unshift(types.length === 1 ? this.typeTest(types[0]!, d) : `(${types.map((t) => this.typeTest(t, d)).join(' or ')})`);
    }
    if (stringKeywords.length > 0) {
      const own: string[] = [];
      if (typeof schema.minLength === 'number') own.push(`len(${d}) >= ${schema.minLength}`);
      if (typeof schema.maxLength === 'number') own.push(`len(${d}) <= ${schema.maxLength}`);
      if (typeof schema.pattern === 'string') {
        const regex = this.constant('_R', `_re.compile(${pyString(schema.pattern)}).search`);
        own.push(`${regex}(${d}) is not None`);
      }
      if (typeof schema.format === 'string') {
        // A format formats.py does not check passes, as in jsonschema's checker.
        const check = this.constant('_F', `_FORMATS.get(${pyString(schema.format)}, _any_text)`);
        own.push(`${check}(${d})`);
      }
      if (own.length > 0) {
        const isString = types.length === 1 && types[0] === 'string';
        tests.push(isString ? own.join(' and ') : `(type(${d}) is not str or (${own.join(' and ')}))`);
      }
    }
    if (numberKeywords.length > 0) {
      const own: string[] = [];
      const ops: Record<string, string> = { minimum: '>=', maximum: '<=', exclusiveMinimum: '>', exclusiveMaximum: '<' };
      for (const keyword of numberKeywords) {
        const bound = schema[keyword];
        if (typeof bound !== 'number') return 'False';
        own.push(`${d} ${ops[keyword]} ${bound}`);
      }
      const isNumber = types.length === 1 && (types[0] === 'integer' || types[0] === 'number');
      tests.push(isNumber ? own.join(' and ') : `(not (type(${d}) is int or type(${d}) is float) or (${own.join(' and ')}))`);
    }
    const target = refName(schema.$ref);
    if (schema.$ref !== undefined) {
      if (target === undefined || this.input.closed[target] === undefined) return 'False';
      tests.push(`${pythonFunction(target)}(${d})`);
    }
    if (isSchema(schema.not)) {
      const inner = Object.keys(schema.not).filter((k) => KNOWN.has(k) && !['description', 'title', '$comment'].includes(k));
      tests.push(inner.length === 0 ? 'False' : `not ${this.call(schema.not, d)}`);
    }
    if (Array.isArray(schema.anyOf)) tests.push(`(${schema.anyOf.map((member) => this.call(member, d)).join(' or ')})`);
    if (Array.isArray(schema.oneOf))
      tests.push(`(${schema.oneOf.map((member) => `(1 if ${this.call(member, d)} else 0)`).join(' + ')}) == 1`);
    if (tests.length === 0) return 'True';
    return tests.length === 1 ? tests[0]! : tests.join(' and ');
  }

  /** An expression testing `d` against `schema`: the schema's own expression, or a call of a helper function. */
  private call(schema: unknown, d: string): string {
    const own = this.expression(schema, d);
    if (own !== undefined) return own.includes(' or ') || own.includes(' and ') ? `(${own})` : own;
    return `${this.helper(schema)}(${d})`;
  }

  /** Statements that `return False` when `d` fails `schema` and fall through when it passes. */
  statements(schema: unknown, d: string, out: string[], indent: string): void {
    const own = this.expression(schema, d);
    if (own !== undefined) {
      if (own !== 'True') out.push(`${indent}if not (${own}):`, `${indent}    return False`);
      return;
    }
    const node = schema as Schema;
    const types = node.type === undefined ? [] : Array.isArray(node.type) ? (node.type as string[]) : [node.type as string];
    const objectKeywords = ['properties', 'required', 'additionalProperties', 'dependentSchemas'].some((k) => node[k] !== undefined);
    const arrayKeywords = ['items', 'contains', 'minItems', 'maxItems'].some((k) => node[k] !== undefined);
    // The scalar keywords (type, const, enum, a reference, unions, not) first, as one expression.
    const scalar: Schema = {};
    for (const [key, value] of Object.entries(node)) {
      if (
        ![
          'properties',
          'required',
          'additionalProperties',
          'dependentSchemas',
          'items',
          'contains',
          'minItems',
          'maxItems',
          'allOf',
        ].includes(key)
      )
        scalar[key] = value;
    }
    const objectOnly = types.length === 1 && types[0] === 'object';
    const arrayOnly = types.length === 1 && types[0] === 'array';
    const head = this.expression(scalar, d);
    if (head === undefined) {
      // A union beside a type: the type, then the union.
      const { anyOf, oneOf, ...rest } = scalar;
      this.statements(rest, d, out, indent);
      if (anyOf !== undefined) this.statements({ anyOf }, d, out, indent);
      if (oneOf !== undefined) this.statements({ oneOf }, d, out, indent);
    } else if (head !== 'True') out.push(`${indent}if not (${head}):`, `${indent}    return False`);
    if (objectKeywords) {
      if (objectOnly) this.objectStatements(node, d, out, indent);
      else {
        out.push(`${indent}if type(${d}) is dict:`);
        const inner: string[] = [];
        this.objectStatements(node, d, inner, `${indent}    `);
        out.push(...(inner.length > 0 ? inner : [`${indent}    pass`]));
      }
    }
    if (arrayKeywords) {
      if (arrayOnly) this.arrayStatements(node, d, out, indent);
      else {
        out.push(`${indent}if type(${d}) is list:`);
        const inner: string[] = [];
        this.arrayStatements(node, d, inner, `${indent}    `);
        out.push(...(inner.length > 0 ? inner : [`${indent}    pass`]));
      }
    }
    if (Array.isArray(node.allOf)) for (const member of node.allOf) this.statements(member, d, out, indent);
  }

  private objectStatements(node: Schema, d: string, out: string[], indent: string): void {
    const properties = isSchema(node.properties) ? node.properties : {};
    const required = Array.isArray(node.required) ? (node.required as string[]) : [];
    const closed = node.additionalProperties === false;
    const declared = Object.keys(properties);
    if (required.length > 0)
      out.push(`${indent}if not (${required.map((key) => `${pyString(key)} in ${d}`).join(' and ')}):`, `${indent}    return False`);
    const count = this.fresh('n');
    if (closed) out.push(`${indent}${count} = ${required.filter((key) => key in properties).length}`);
    // The constants first: a union's member that does not fit fails at its discriminator.
    const order = [...declared].sort((a, b) => rank(properties[a]) - rank(properties[b]));
    for (const key of order) {
      const schema = properties[key];
      const isRequired = required.includes(key);
      const value = `${d}[${pyString(key)}]`;
      const own = this.expression(schema, value);
      if (isRequired) {
        if (own !== undefined) {
          if (own !== 'True') out.push(`${indent}if not (${own}):`, `${indent}    return False`);
        } else {
          const name = this.fresh('x');
          out.push(`${indent}${name} = ${value}`);
          this.statements(schema, name, out, indent);
        }
        continue;
      }
      out.push(`${indent}if ${pyString(key)} in ${d}:`);
      if (closed) out.push(`${indent}    ${count} += 1`);
      if (own !== undefined) {
        if (own !== 'True') out.push(`${indent}    if not (${own}):`, `${indent}        return False`);
        else if (!closed) out.push(`${indent}    pass`);
      } else {
        const name = this.fresh('x');
        out.push(`${indent}    ${name} = ${value}`);
        this.statements(schema, name, out, `${indent}    `);
      }
    }
    if (closed) out.push(`${indent}if len(${d}) != ${count}:`, `${indent}    return False`);
    const additional = node.additionalProperties;
    if (additional !== undefined && additional !== false && additional !== true && !isEmpty(additional)) {
      const key = this.fresh('k');
      const item = this.fresh('x');
      const known = declared.length > 0 ? this.constant('_K', `frozenset((${declared.map(pyString).join(', ')},))`) : undefined;
      out.push(`${indent}for ${key}, ${item} in ${d}.items():`);
      const inner: string[] = [];
      this.statements(additional, item, inner, `${indent}        `);
      if (inner.length > 0) {
        out.push(known ? `${indent}    if ${key} not in ${known}:` : `${indent}    if True:`, ...inner);
      } else out.push(`${indent}    pass`);
    }
    if (isSchema(node.dependentSchemas)) {
      for (const [key, schema] of Object.entries(node.dependentSchemas)) {
        const inner: string[] = [];
        this.statements(schema, d, inner, `${indent}    `);
        if (inner.length > 0) out.push(`${indent}if ${pyString(key)} in ${d}:`, ...inner);
      }
    }
  }

  private arrayStatements(node: Schema, d: string, out: string[], indent: string): void {
    if (typeof node.minItems === 'number') out.push(`${indent}if len(${d}) < ${node.minItems}:`, `${indent}    return False`);
    if (typeof node.maxItems === 'number') out.push(`${indent}if len(${d}) > ${node.maxItems}:`, `${indent}    return False`);
    if (node.items !== undefined && node.items !== true && !isEmpty(node.items)) {
      const item = this.fresh('x');
      const inner: string[] = [];
      this.statements(node.items, item, inner, `${indent}    `);
      if (inner.length > 0) out.push(`${indent}for ${item} in ${d}:`, ...inner);
    }
    if (node.contains !== undefined) {
      const item = this.fresh('x');
      out.push(
        `${indent}for ${item} in ${d}:`,
        `${indent}    if ${this.call(node.contains, item)}:`,
        `${indent}        break`,
        `${indent}else:`,
        `${indent}    return False`,
      );
    }
  }

  module(): string {
    const names = Object.keys(this.input.closed).sort();
    const bodies: string[] = [];
    for (const name of names) {
      if (!IDENT.test(pythonFunction(name))) throw new Error(`python: no function name for ${name}`);
      bodies.push(this.functionText(pythonFunction(name), this.input.closed[name]));
    }
    const partNames = Object.keys(this.input.parts).sort();
    const partFunctions = new Map<string, string>();
    for (const part of partNames) {
      const fn = pythonFunction(part.replace('.', '__'));
      partFunctions.set(part, fn);
      bodies.push(this.functionText(fn, this.input.parts[part]));
    }
    for (const [part, target] of Object.entries(this.input.partLinks)) partFunctions.set(part, pythonFunction(target));
    const unsupported = [...this.unsupported].sort();
    return [
      `"""The closed validators of the ${this.input.variant} variant. Generated by scripts/build.ts (scripts/lib/compile-closed-python.ts); do not edit.`,
      '',
      'Each function returns True only for a payload that is valid, strict or not, with no warnings; False sends it',
      'to the full check (see ``bindu_protocol._validate``).',
      unsupported.length > 0
        ? `Keywords not handled (their nodes are False): ${unsupported.join(', ')}.`
        : 'Every keyword of the closed schemas is handled.',
      '"""',
      '# fmt: off',
      'import re as _re',
      'from math import isfinite as _finite',
      'from typing import Any, Callable, Dict',
      '',
      'from ..formats import FORMATS as _FORMATS',
      '',
      '',
      'def _any_text(text: str) -> bool:',
      '    return True',
      '',
      '',
      ...this.constants,
      '',
      '',
      ...this.helpers.map((text) => `${text}\n`),
      ...bodies.map((text) => `${text}\n`),
      '#: The closed validator of each type.',
      'TYPES: Dict[str, Callable[[Any], bool]] = {',
      ...names.map((name) => `    ${pyString(name)}: ${pythonFunction(name)},`),
      '}',
      '',
      '#: The closed validator of each method part (`Type.params`, `Type.result`).',
      'PARTS: Dict[str, Callable[[Any], bool]] = {',
      ...[...partFunctions.keys()].sort().map((part) => `    ${pyString(part)}: ${partFunctions.get(part)},`),
      '}',
      '',
    ].join('\n');
  }
}

function isEmpty(schema: unknown): boolean {
  return isSchema(schema) && Object.keys(schema).every((key) => ['description', 'title', '$comment', 'default', 'examples'].includes(key));
}

/** Constants first, then scalars, then the rest (the order properties are checked in). */
function rank(schema: unknown): number {
  if (!isSchema(schema)) return 1;
  if (schema.const !== undefined) return 0;
  if (isSchema(schema.not)) return 0;
  return 1;
}

/** The Python module of a variant's closed validators, and the keywords it left as `False`. */
export function compileClosedPython(input: ClosedPythonInput): { text: string; unsupported: string[] } {
  const generator = new PythonGenerator(input);
  const text = generator.module();
  return { text, unsupported: [...generator.unsupported].sort() };
}
