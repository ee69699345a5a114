/**
 * The explainer: walks a value against the published JSON Schema of a variant and says what is wrong, for people.
 * It runs only after the precompiled validator said "not valid" (or "valid, but not in the closed form"), and
 * collects raw issues (pointer, keyword, facts); issues.ts words only those finally reported. The build writes this
 * walk as code per definition (scripts/lib/compile-explainer.ts, `<Type>.explain.cjs`): the walk runs that code at
 * each reference, and the code hands the nodes it does not write back to the walk (`node`). Both find the same
 * issues in the same order (test/scripts/lib/compile-explainer.test.ts, the fuzz suites).
 *
 * A union reports one branch (SPEC-NOTES V-1): a branch that passes; else the one a discriminator picks (a
 * constant per member such as `kind`, or a key only one member requires); else the closest (fewest errors, most
 * keys in common, deepest first error). Scalar alternatives are merged into one error at the union.
 */
import { declaredNames, isDeprecated, isOpenObject, isSchema, refName, type Definitions, type Schema } from './schema-places.js';
import { escapePointerToken, FailurePoint, isObject, isPrototypeName, jsonType, unescapePointerToken } from './json-value.js';
import { isErrorIssue, missingWords } from './validation-issue.js';

/** Every keyword the explainer understands; the build refuses a schema that uses another. */
export const EXPLAINED_KEYWORDS: ReadonlySet<string> = new Set([
  '$schema',
  '$id',
  '$ref',
  '$defs',
  'title',
  'description',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
  'contentEncoding',
  'contentMediaType',
  'type',
  'const',
  'enum',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'properties',
  'required',
  'additionalProperties',
  'patternProperties',
  'propertyNames',
  'minProperties',
  'maxProperties',
  'dependentRequired',
  'dependentSchemas',
  'items',
  'prefixItems',
  'minItems',
  'maxItems',
  'uniqueItems',
  'contains',
  'minContains',
  'maxContains',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
]);

/** What an issue is: a real error, an unknown key (a warning unless strict), a deprecated form (an error only when strict). */
export type IssueKind = 'error' | 'unknown' | 'deprecated';

export interface RawIssue {
  /** What the issue is; absent on an issue the walk worded itself, an error (see `message`). */
  readonly kind?: IssueKind;
  /**
   * JSON Pointer of the value at fault. As in ajv, a key-level keyword (`required`,
   * `additionalProperties`, `dependentRequired`) points at the object; the key is in the params.
   */
  readonly path: string;
  readonly keyword: string;
  /** The value at fault (absent for a missing property). */
  readonly value?: unknown;
  /** What the message needs, by keyword. */
  readonly params: Record<string, unknown>;
  /**
   * Its words, on an issue the walk worded itself: a key missing and nothing more, as the generated explainers
   * (scripts/lib/compile-explainer.ts) push it, `{path, keyword, message, params}`. Such an issue is an error, is
   * already what `validate` reports, and is reported as it is (src/engine/issues.ts `shapeIssues`).
   */
  readonly message?: string;
}

/** A format check as ajv-formats defines it. */
export type FormatCheck = RegExp | ((value: string) => boolean) | { type?: string; validate: RegExp | ((value: never) => boolean) };

export interface ExplainContext {
  readonly definitions: Definitions;
  /** Definitions referenced from a partial place (see schema.ts): no unknown keys inside them. */
  readonly partial: ReadonlySet<string>;
  readonly formats: Readonly<Record<string, FormatCheck>>;
  /**
   * True when a value passes a definition's closed precompiled validator: then the walk has
   * nothing to report there (no error, no unknown or deprecated key) and skips it, so explaining
   * costs in proportion to what is wrong, not to the size of the payload.
   */
  readonly passes?: (definition: string, value: unknown) => boolean;
  /**
   * A definition's generated explainer (scripts/lib/compile-explainer.ts), when the build wrote one: it pushes the
   * issues this walk would, in the same order, for less. Without it (or for a definition it lacks) the walk runs.
   */
  readonly compiled?: (definition: string) => CompiledExplain | undefined;
}

/**
 * A definition's generated explainer: pushes the issues of `value` (at `path`) onto `out`, handing the nodes it does
 * not write to `rt.node`. Told where the definition's closed validator failed (see `Explainer.explainType`):
 * `checkedBefore`, the property it failed at, those declared before it having passed, and no key of the value's
 * being unknown (the closed validator looks for one before it reports a property's failure); `failedItem`, the item
 * of that property's array it failed at, those before it having passed.
 */
export type CompiledExplain = (
  value: unknown,
  path: string,
  out: RawIssue[],
  rt: ExplainRuntime,
  checkedBefore?: string,
  failedItem?: number,
) => void;

/** What a generated explainer calls back: the walk at a node it does not write, and the key order of an object's issues. */
export type ExplainRuntime = Pick<Explainer, 'node' | 'keyOrder'>;

const errorCount = (issues: readonly RawIssue[]) => issues.reduce((n, issue) => n + (isErrorIssue(issue) ? 1 : 0), 0);

function typeMatches(type: string, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    default:
      return false;
  }
}

/** True when `value` is of one of the JSON types `types` (a loop: no closure made per call on the hot path). */
function anyTypeMatches(types: readonly string[], value: unknown): boolean {
  for (let i = 0; i < types.length; i++) if (typeMatches(types[i]!, value)) return true;
  return false;
}

/** True when `values` holds one deep-equal to `value`. */
function includesEqual(values: readonly unknown[], value: unknown): boolean {
  for (let i = 0; i < values.length; i++) if (deepEqual(values[i], value)) return true;
  return false;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => deepEqual(item, other[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((key) => Object.hasOwn(b, key) && deepEqual((a as Schema)[key], (b as Schema)[key]));
}

const hasOwn = (object: object, key: string) => Object.hasOwn(object, key);

/** The definition a node refers to, followed through chains of references (at most 32); the node itself when it refers to none. */
export function resolveReference(node: Schema, definitions: Definitions): Schema {
  let current = node;
  for (let hops = 0; hops < 32; hops++) {
    const name = refName(current.$ref);
    const target = name === undefined ? undefined : definitions[name];
    if (!target) return current;
    current = target;
  }
  return current;
}

/** A union member as the messages name it: the definition it refers to, if any. */
function memberName(member: Schema): string | undefined {
  return refName(member.$ref);
}

type SubSchema = Schema | boolean;
const sub = (value: unknown): SubSchema | undefined => (isSchema(value) || typeof value === 'boolean' ? (value as SubSchema) : undefined);

/**
 * The constant fields of a typed detail a `contains` asks for (a ProtoJSON `Any` naming its `@type`, such as the
 * `google.rpc.ErrorInfo` an A2A v1.0 error must hold), so the words can name the item to add; else undefined.
 */
export function containsItem(node: unknown): Record<string, unknown> | undefined {
  if (!isSchema(node) || !isSchema(node.properties)) return undefined;
  const fields = Object.entries(node.properties).filter(([, schema]) => isSchema(schema) && 'const' in schema);
  const item = Object.fromEntries(fields.map(([key, schema]) => [key, (schema as Schema).const]));
  return typeof item['@type'] === 'string' ? item : undefined;
}
const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const list = (value: unknown): Schema[] | undefined => (Array.isArray(value) ? (value as Schema[]) : undefined);

/** A schema node's keywords, read once, in one fixed shape. */
class Plan {
  readonly refName: string | undefined;
  readonly ref: Schema | undefined;
  readonly types: string[] | undefined;
  readonly hasConst: boolean;
  readonly constValue: unknown;
  /** The constant as a list of the one value allowed (one list, so that the words made of it are made once). */
  readonly constList: unknown[];
  readonly enumValues: unknown[] | undefined;
  readonly strings: boolean;
  readonly format: string | undefined;
  readonly minLength: number | undefined;
  readonly maxLength: number | undefined;
  readonly pattern: RegExp | undefined;
  readonly numbers: boolean;
  readonly minimum: number | undefined;
  readonly maximum: number | undefined;
  readonly exclusiveMinimum: number | undefined;
  readonly exclusiveMaximum: number | undefined;
  readonly multipleOf: number | undefined;
  readonly arrays: boolean;
  readonly items: SubSchema | undefined;
  readonly prefixItems: Schema[] | undefined;
  readonly minItems: number | undefined;
  readonly maxItems: number | undefined;
  readonly uniqueItems: boolean;
  readonly contains: SubSchema | undefined;
  readonly containsItem: Record<string, unknown> | undefined;
  readonly minContains: number | undefined;
  readonly maxContains: number | undefined;
  readonly objects: boolean;
  readonly properties: Schema | undefined;
  readonly required: string[] | undefined;
  readonly patternProperties: [RegExp, Schema][] | undefined;
  readonly additionalProperties: SubSchema | undefined;
  readonly open: boolean;
  readonly declared: Set<string>;
  readonly deprecatedNames: string[];
  readonly propertyNames: SubSchema | undefined;
  readonly minProperties: number | undefined;
  readonly maxProperties: number | undefined;
  readonly dependentRequired: [string, string[]][] | undefined;
  readonly dependentSchemas: [string, Schema][] | undefined;
  readonly anyOf: Schema[] | undefined;
  readonly oneOf: Schema[] | undefined;
  readonly allOf: Schema[] | undefined;
  readonly not: SubSchema | undefined;
  readonly if: SubSchema | undefined;
  readonly then: SubSchema | undefined;
  readonly else: SubSchema | undefined;

  constructor(node: Schema, definitions: Definitions, regex: (pattern: string) => RegExp) {
    this.refName = refName(node.$ref);
    this.ref = this.refName === undefined ? undefined : definitions[this.refName];
    this.types = Array.isArray(node.type) ? (node.type as string[]) : typeof node.type === 'string' ? [node.type] : undefined;
    this.hasConst = 'const' in node;
    this.constValue = node.const;
    this.constList = [node.const];
    this.enumValues = Array.isArray(node.enum) ? node.enum : undefined;
    this.format = typeof node.format === 'string' ? node.format : undefined;
    this.minLength = num(node.minLength);
    this.maxLength = num(node.maxLength);
    this.pattern = typeof node.pattern === 'string' ? regex(node.pattern) : undefined;
    this.strings = this.format !== undefined || this.minLength !== undefined || this.maxLength !== undefined || this.pattern !== undefined;
    this.minimum = num(node.minimum);
    this.maximum = num(node.maximum);
    this.exclusiveMinimum = num(node.exclusiveMinimum);
    this.exclusiveMaximum = num(node.exclusiveMaximum);
    this.multipleOf = num(node.multipleOf);
    this.numbers =
      this.format !== undefined ||
      [this.minimum, this.maximum, this.exclusiveMinimum, this.exclusiveMaximum, this.multipleOf].some((bound) => bound !== undefined);
    this.items = sub(node.items);
    this.prefixItems = list(node.prefixItems);
    this.minItems = num(node.minItems);
    this.maxItems = num(node.maxItems);
    this.uniqueItems = node.uniqueItems === true;
    this.contains = sub(node.contains);
    this.containsItem = containsItem(node.contains);
    this.minContains = num(node.minContains);
    this.maxContains = num(node.maxContains);
    this.arrays =
      this.items !== undefined ||
      this.prefixItems !== undefined ||
      this.minItems !== undefined ||
      this.maxItems !== undefined ||
      this.uniqueItems ||
      this.contains !== undefined;
    this.properties = isSchema(node.properties) ? node.properties : undefined;
    this.required = Array.isArray(node.required) ? (node.required as string[]) : undefined;
    this.patternProperties = isSchema(node.patternProperties)
      ? Object.entries(node.patternProperties).map(([pattern, schema]) => [regex(pattern), schema as Schema])
      : undefined;
    this.additionalProperties = sub(node.additionalProperties);
    this.open = isOpenObject(node);
    this.declared = declaredNames(node, definitions);
    this.deprecatedNames = this.properties
      ? Object.entries(this.properties)
          .filter(([, schema]) => isDeprecated(schema))
          .map(([name]) => name)
      : [];
    this.propertyNames = sub(node.propertyNames);
    this.minProperties = num(node.minProperties);
    this.maxProperties = num(node.maxProperties);
    this.dependentRequired = isSchema(node.dependentRequired)
      ? Object.entries(node.dependentRequired).filter((entry): entry is [string, string[]] => Array.isArray(entry[1]))
      : undefined;
    this.dependentSchemas = isSchema(node.dependentSchemas)
      ? Object.entries(node.dependentSchemas).filter((entry): entry is [string, Schema] => isSchema(entry[1]))
      : undefined;
    this.objects =
      this.properties !== undefined ||
      this.required !== undefined ||
      this.patternProperties !== undefined ||
      this.additionalProperties !== undefined ||
      this.propertyNames !== undefined ||
      this.minProperties !== undefined ||
      this.maxProperties !== undefined ||
      this.dependentRequired !== undefined ||
      this.dependentSchemas !== undefined;
    this.anyOf = list(node.anyOf);
    this.oneOf = list(node.oneOf);
    this.allOf = list(node.allOf);
    this.not = sub(node.not);
    this.if = sub(node.if);
    this.then = sub(node.then);
    this.else = sub(node.else);
  }
}

export class Explainer {
  private readonly nodes = new Map<string, Schema | boolean>();
  private readonly names = new WeakMap<Schema, Set<string>>();
  private readonly plans = new WeakMap<Schema, Plan>();
  private readonly patterns = new Map<string, RegExp>();
  private readonly unions = new WeakMap<Schema[], UnionFacts>();

  constructor(private readonly ctx: ExplainContext) {}

  /**
   * Every issue of `value` against definition `type`. `failedAt`: where the type's closed validator found its first
   * error (its `instancePath`), when it has just failed the value: a closed validator checks an object's properties in
   * their declared order, and an array's items in theirs, and stops at the first that fails, so the generated
   * explainer skips the checks of those before it (they passed; see scripts/lib/compile-explainer.ts). The issues
   * are the same with it or without.
   */
  explainType(type: string, value: unknown, failedAt?: string): RawIssue[] {
    const out: RawIssue[] = [];
    const schema = this.ctx.definitions[type];
    if (!schema) throw new Error(`no definition ${type}`);
    const failed = this.failed.read(failedAt);
    this.definition(type, schema, value, '', out, failed.member, failed.item);
    return out;
  }

  /** Where the last closed validator failed (see `explainType`). */
  private readonly failed = new FailurePoint();

  /** The walk of a definition (by its generated explainer when there is one; `checkedBefore`, `failedItem`: see `CompiledExplain`). */
  private definition(
    name: string,
    schema: Schema,
    value: unknown,
    path: string,
    out: RawIssue[],
    checkedBefore?: string,
    failedItem?: number,
  ): void {
    const compiled = this.ctx.compiled?.(name);
    if (compiled !== undefined) compiled(value, path, out, this, checkedBefore, failedItem);
    else this.check(schema, value, path, !this.ctx.partial.has(name), out);
  }

  /** The walk at the node `at` (`<Type>#<JSON pointer>`), for a generated explainer that does not write that node. */
  node(at: string, value: unknown, path: string, structural: boolean, out: RawIssue[]): void {
    let node = this.nodes.get(at);
    if (node === undefined) {
      const hash = at.indexOf('#');
      let current: unknown = this.ctx.definitions[at.slice(0, hash)];
      const pointer = at.slice(hash + 1);
      if (pointer !== '')
        for (const token of pointer.slice(1).split('/'))
          current = (current as Record<string, unknown> | undefined)?.[unescapePointerToken(token)];
      if (!isSchema(current) && typeof current !== 'boolean') throw new Error(`no schema at ${at}`);
      node = current as Schema | boolean;
      this.nodes.set(at, node);
    }
    this.check(node, value, path, structural, out);
  }

  /**
   * For a generated explainer that read an object's declared properties by name, in the schema's order: the issues
   * it found there (`out` from `start`) put in this walk's order, the object's own keys as `for…in` meets them, with
   * an issue for each undeclared key in its place (`unknown`: the kind of that issue, an `error` where the schema
   * forbids other keys, `unknown` where the key is not in `declared`; undefined: none). `found` lists each property
   * whose checks pushed issues and where they start, in pairs, in the order they were pushed. Called only when the
   * object has a key that was not read (or one read but not its own and enumerable) or two properties had issues:
   * otherwise the two orders are the same.
   */
  keyOrder(
    value: Record<string, unknown>,
    path: string,
    out: RawIssue[],
    start: number,
    found: readonly unknown[] | undefined,
    properties: ReadonlySet<string>,
    unknown: 'error' | 'unknown' | undefined,
    declared: ReadonlySet<string>,
  ): void {
    // The issues from `start` are moved aside (into an array kept for this: nothing here calls back into a walk) and
    // put back in the keys' order. Emptied first too: a call cut short (a getter that threw) leaves it as it was.
    const issues = heldIssues;
    issues.length = 0;
    for (let i = start; i < out.length; i++) issues.push(out[i]!);
    out.length = start;
    // The properties with issues, in the schema's order, met in that order when the object's keys are in it (the
    // common case): the next one expected is tried first (its value, which had issues, is not `undefined`), and the
    // list searched only for a key out of that order.
    let next = 0;
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      if (found !== undefined && found[next] === key) {
        placeIssues(found, next, start, issues, out);
        next += 2;
        continue;
      }
      const child = value[key];
      if (child === undefined) continue;
      if (properties.has(key)) {
        if (found === undefined) continue;
        for (let i = 0; i < found.length; i += 2) {
          if (found[i] !== key) continue;
          placeIssues(found, i, start, issues, out);
          break;
        }
      } else if (unknown === 'error' || (unknown === 'unknown' && !declared.has(key))) {
        out.push({ kind: unknown, path, keyword: 'additionalProperties', value: child, params: { property: key, declared } });
      }
    }
    issues.length = 0;
  }

  /**
   * Every issue of `value` against the property `property` of definition `type` (a request's
   * `params`, a success response's `result`), with paths relative to that value.
   */
  explainProperty(type: string, property: string, value: unknown): RawIssue[] {
    const out: RawIssue[] = [];
    const properties = this.ctx.definitions[type]?.properties;
    const schema = isSchema(properties) && hasOwn(properties, property) ? properties[property] : undefined;
    if (!isSchema(schema) && typeof schema !== 'boolean') throw new Error(`no property ${property} in definition ${type}`);
    this.check(schema, value, '', !this.ctx.partial.has(type), out);
    return out;
  }

  /** The definition a node refers to (`resolveReference`). */
  resolve(node: Schema): Schema {
    return resolveReference(node, this.ctx.definitions);
  }

  private declared(node: Schema): Set<string> {
    let names = this.names.get(node);
    if (!names) {
      names = declaredNames(node, this.ctx.definitions);
      this.names.set(node, names);
    }
    return names;
  }

  private regex(pattern: string): RegExp {
    let regex = this.patterns.get(pattern);
    if (!regex) {
      regex = new RegExp(pattern, 'u');
      this.patterns.set(pattern, regex);
    }
    return regex;
  }

  /** The plan of a node: its keywords read once, in a fixed shape (schemas come in many shapes). */
  private plan(node: Schema): Plan {
    let plan = this.plans.get(node);
    if (!plan) {
      plan = new Plan(node, this.ctx.definitions, (pattern) => this.regex(pattern));
      this.plans.set(node, plan);
    }
    return plan;
  }

  check(node: Schema | boolean, value: unknown, path: string, structural: boolean, out: RawIssue[]): void {
    if (node === true) return;
    if (node === false) {
      out.push({ kind: 'error', path, keyword: 'false schema', value, params: {} });
      return;
    }
    const plan = this.plan(node);
    if (plan.ref !== undefined && !this.ctx.passes?.(plan.refName!, value)) this.definition(plan.refName!, plan.ref, value, path, out);
    if (plan.types !== undefined && !anyTypeMatches(plan.types, value)) {
      out.push({
        kind: 'error',
        path,
        keyword: 'type',
        value,
        params: { types: plan.types, expected: plan.hasConst ? plan.constList : plan.enumValues },
      });
      return;
    }
    if (plan.hasConst && !deepEqual(value, plan.constValue))
      out.push({ kind: 'error', path, keyword: 'const', value, params: { allowed: plan.constList } });
    if (plan.enumValues !== undefined && !includesEqual(plan.enumValues, value)) {
      out.push({ kind: 'error', path, keyword: 'enum', value, params: { allowed: plan.enumValues } });
    }
    if (typeof value === 'string') {
      if (plan.strings) this.checkString(plan, value, path, out);
    } else if (typeof value === 'number') {
      if (plan.numbers) this.checkNumber(plan, value, path, out);
    } else if (Array.isArray(value)) {
      if (plan.arrays) this.checkArray(plan, value, path, structural, out);
    } else if (isObject(value)) {
      if (plan.objects) this.checkObject(plan, value, path, structural, out);
    }
    if (plan.anyOf !== undefined) this.checkUnion(node, plan.anyOf, value, path, structural, false, out);
    if (plan.oneOf !== undefined) this.checkUnion(node, plan.oneOf, value, path, false, true, out);
    if (plan.allOf !== undefined) for (const member of plan.allOf) this.check(member, value, path, false, out);
    if (plan.not !== undefined) {
      const inner: RawIssue[] = [];
      this.check(plan.not, value, path, false, inner);
      if (errorCount(inner) === 0)
        out.push({
          kind: 'error',
          path,
          keyword: 'not',
          value,
          params: { absent: isEmptySchema(plan.not), description: node.description },
        });
    }
    if (plan.if !== undefined) {
      const inner: RawIssue[] = [];
      this.check(plan.if, value, path, false, inner);
      const branch = errorCount(inner) === 0 ? plan.then : plan.else;
      if (branch !== undefined) this.check(branch, value, path, false, out);
    }
  }

  private format(name: string, value: unknown): boolean {
    const format = this.ctx.formats[name];
    if (format === undefined) return true;
    if (format instanceof RegExp) return typeof value !== 'string' || format.test(value);
    if (typeof format === 'function') return typeof value !== 'string' || format(value);
    const type = format.type ?? 'string';
    if (type === 'string' ? typeof value !== 'string' : typeof value !== 'number') return true;
    const check = format.validate;
    return check instanceof RegExp ? check.test(String(value)) : (check as (v: unknown) => boolean)(value);
  }

  private checkString(plan: Plan, value: string, path: string, out: RawIssue[]): void {
    if (plan.format !== undefined && !this.format(plan.format, value))
      out.push({ kind: 'error', path, keyword: 'format', value, params: { format: plan.format } });
    if (plan.minLength !== undefined || plan.maxLength !== undefined) {
      const length = [...value].length;
      if (plan.minLength !== undefined && length < plan.minLength)
        out.push({ kind: 'error', path, keyword: 'minLength', value, params: { limit: plan.minLength } });
      if (plan.maxLength !== undefined && length > plan.maxLength)
        out.push({ kind: 'error', path, keyword: 'maxLength', value, params: { limit: plan.maxLength } });
    }
    if (plan.pattern !== undefined && !plan.pattern.test(value))
      out.push({ kind: 'error', path, keyword: 'pattern', value, params: { pattern: plan.pattern.source } });
  }

  private checkNumber(plan: Plan, value: number, path: string, out: RawIssue[]): void {
    if (plan.format !== undefined && !this.format(plan.format, value))
      out.push({ kind: 'error', path, keyword: 'format', value, params: { format: plan.format } });
    const limit = (keyword: string, bound: number | undefined, ok: (bound: number) => boolean) => {
      if (bound !== undefined && !ok(bound)) out.push({ kind: 'error', path, keyword, value, params: { limit: bound } });
    };
    limit('minimum', plan.minimum, (bound) => value >= bound);
    limit('maximum', plan.maximum, (bound) => value <= bound);
    limit('exclusiveMinimum', plan.exclusiveMinimum, (bound) => value > bound);
    limit('exclusiveMaximum', plan.exclusiveMaximum, (bound) => value < bound);
    limit('multipleOf', plan.multipleOf, (bound) => Number.isInteger(value / bound));
  }

  private checkArray(plan: Plan, value: unknown[], path: string, structural: boolean, out: RawIssue[]): void {
    if (plan.minItems !== undefined && value.length < plan.minItems)
      out.push({ kind: 'error', path, keyword: 'minItems', value, params: { limit: plan.minItems } });
    if (plan.maxItems !== undefined && value.length > plan.maxItems)
      out.push({ kind: 'error', path, keyword: 'maxItems', value, params: { limit: plan.maxItems } });
    const prefix = plan.prefixItems;
    for (let index = 0; index < value.length; index++) {
      const schema = prefix !== undefined && index < prefix.length ? prefix[index] : plan.items;
      if (schema !== undefined) this.check(schema, value[index], `${path}/${index}`, structural, out);
    }
    if (plan.uniqueItems) {
      outer: for (let i = 0; i < value.length; i++) {
        for (let j = i + 1; j < value.length; j++) {
          if (deepEqual(value[i], value[j])) {
            out.push({ kind: 'error', path, keyword: 'uniqueItems', value, params: { i, j } });
            break outer;
          }
        }
      }
    }
    if (plan.contains !== undefined) {
      const contains = plan.contains;
      const matches = value.filter((item) => {
        const inner: RawIssue[] = [];
        this.check(contains, item, path, false, inner);
        return errorCount(inner) === 0;
      }).length;
      const min = plan.minContains ?? 1;
      const max = plan.maxContains ?? Infinity;
      if (matches < min || matches > max) {
        const params = plan.containsItem ? { min, max, matches, item: plan.containsItem } : { min, max, matches };
        out.push({ kind: 'error', path, keyword: 'contains', value, params });
      }
    }
  }

  private checkObject(plan: Plan, value: Record<string, unknown>, path: string, structural: boolean, out: RawIssue[]): void {
    const properties = plan.properties;
    if (plan.required !== undefined) {
      for (const required of plan.required) {
        if (value[required] === undefined || (isPrototypeName(required) && !hasOwn(value, required))) {
          // A missing list that must hold a typed detail (an A2A v1.0 error's `data`): the words name the detail.
          const child = properties !== undefined && hasOwn(properties, required) ? properties[required] : undefined;
          const item = isSchema(child) ? containsItem(child.contains) : undefined;
          // A key missing and nothing more is worded here, as the generated explainers word it.
          out.push(
            item
              ? { kind: 'error', path, keyword: 'required', params: { missingProperty: required, item } }
              : { path, keyword: 'required', message: missingWords(required), params: { missingProperty: required } },
          );
        }
      }
    }
    const closable = structural && plan.open;
    let count = 0;
    for (const key in value) {
      if (!hasOwn(value, key)) continue;
      const child = value[key];
      // A key whose value is `undefined` (possible in a JavaScript object, never in JSON) counts as absent, as in ajv.
      if (child === undefined) continue;
      count++;
      const childPath = `${path}/${escapePointerToken(key)}`;
      let matched = false;
      if (properties !== undefined && hasOwn(properties, key)) {
        matched = true;
        const schema = properties[key] as Schema;
        if (structural && isDeprecated(schema))
          out.push({
            kind: 'deprecated',
            path: childPath,
            keyword: 'deprecated',
            value: child,
            params: { property: key, declared: plan.declared, deprecatedNames: plan.deprecatedNames },
          });
        this.check(schema, child, childPath, structural, out);
      }
      if (plan.patternProperties !== undefined) {
        for (const [pattern, schema] of plan.patternProperties) {
          if (pattern.test(key)) {
            matched = true;
            this.check(schema, child, childPath, structural, out);
          }
        }
      }
      if (matched) continue;
      const additional = plan.additionalProperties;
      if (additional === false) {
        out.push({
          kind: 'error',
          path,
          keyword: 'additionalProperties',
          value: child,
          params: { property: key, declared: plan.declared },
        });
      } else if (additional !== undefined && additional !== true) {
        this.check(additional, child, childPath, structural, out);
      } else if (closable && !plan.declared.has(key)) {
        out.push({
          kind: 'unknown',
          path,
          keyword: 'additionalProperties',
          value: child,
          params: { property: key, declared: plan.declared },
        });
      }
      if (plan.propertyNames !== undefined) {
        const inner: RawIssue[] = [];
        this.check(plan.propertyNames, key, childPath, false, inner);
        if (errorCount(inner) > 0)
          out.push({ kind: 'error', path: childPath, keyword: 'propertyNames', value: key, params: { property: key } });
      }
    }
    if (plan.minProperties !== undefined && count < plan.minProperties)
      out.push({ kind: 'error', path, keyword: 'minProperties', value, params: { limit: plan.minProperties } });
    if (plan.maxProperties !== undefined && count > plan.maxProperties)
      out.push({ kind: 'error', path, keyword: 'maxProperties', value, params: { limit: plan.maxProperties } });
    if (plan.dependentRequired !== undefined) {
      for (const [key, needed] of plan.dependentRequired) {
        if (value[key] === undefined) continue;
        for (const other of needed) {
          if (value[other] === undefined)
            out.push({ kind: 'error', path, keyword: 'dependentRequired', params: { property: key, missingProperty: other } });
        }
      }
    }
    if (plan.dependentSchemas !== undefined) {
      for (const [key, schema] of plan.dependentSchemas) {
        if (value[key] === undefined) continue;
        const inner: RawIssue[] = [];
        this.check(schema, value, path, false, inner);
        for (const issue of inner) out.push(issue.keyword === 'not' ? { ...issue, params: { ...issue.params, dependsOn: key } } : issue);
      }
    }
  }

  /** What a union's members are, worked out once per union (the same union is met once per item of a list). */
  private union(members: Schema[]): UnionFacts {
    let union = this.unions.get(members);
    if (!union) {
      const resolved = members.map((member) => this.resolve(member));
      const presence = resolved.map(presenceKey);
      const discriminator = constDiscriminator(resolved);
      union = {
        resolved,
        discriminator,
        everyMemberTagged: discriminator?.constants.every((constant) => constant !== undefined) === true,
        tags: discriminator === undefined ? [] : discriminator.constants.filter((constant) => constant !== undefined),
        own: ownRequiredKeys(resolved),
        presence: presence.every((key) => key !== undefined) ? (presence as string[]) : undefined,
        allowed: members.map((member) => this.allowedValues(member)),
        types: resolved.map((member) => this.memberTypes(member)),
      };
      this.unions.set(members, union);
    }
    return union;
  }

  /** A union: report one branch (see the file comment). */
  private checkUnion(
    node: Schema,
    members: Schema[],
    value: unknown,
    path: string,
    structural: boolean,
    exactlyOne: boolean,
    out: RawIssue[],
  ): void {
    const union = this.union(members);
    // An object whose discriminator names exactly one member, every member having a constant there: each other member
    // fails (its constant differs), so that member's issues are the report, whether it passes or not (as below, where
    // it would be the one passing, or the one the discriminator picks): the others need not be walked.
    const tagged =
      union.discriminator !== undefined && union.everyMemberTagged && isObject(value) && hasOwn(value, union.discriminator.property);
    if (tagged) {
      const constants = union.discriminator!.constants;
      const tag = value[union.discriminator!.property];
      let match = -1;
      for (let index = 0; index < constants.length; index++) {
        if (!deepEqual(constants[index], tag)) continue;
        match = match === -1 ? index : -2;
      }
      if (match >= 0) {
        const issues: RawIssue[] = [];
        this.check(members[match]!, value, path, structural, issues);
        if (structural && isDeprecated(members[match]) && errorCount(issues) === 0)
          out.push(deprecatedMember(union, members, match, value, path));
        out.push(...issues);
        return;
      }
    }
    const results = members.map((member, index) => {
      const issues: RawIssue[] = [];
      this.check(member, value, path, structural, issues);
      return { member, index, issues, errors: errorCount(issues) };
    });
    const passing = results.filter((result) => result.errors === 0);
    const presence = union.presence;
    if (exactlyOne && passing.length > 1) {
      out.push({
        kind: 'error',
        path,
        keyword: 'oneOf',
        value,
        params: {
          passing: passing.map((result) => describeMember(union.resolved[result.index]!, result.member)),
          presentKeys: presence !== undefined ? passing.map((result) => presence[result.index]) : undefined,
          presenceKeys: presence,
        },
      });
      return;
    }
    if (passing.length > 0) {
      const rank = (result: (typeof results)[number]) => (structural && isDeprecated(result.member) ? 1000 : 0) + result.issues.length;
      const best = passing.reduce((a, b) => (rank(b) < rank(a) ? b : a));
      if (structural && isDeprecated(best.member)) out.push(deprecatedMember(union, members, best.index, value, path));
      out.push(...best.issues);
      return;
    }

    // Nothing passes. Presence-only members: "one of these keys".
    if (presence !== undefined && isObject(value)) {
      out.push({
        kind: 'error',
        path,
        keyword: exactlyOne ? 'oneOf' : 'required',
        params: { missingProperty: presence[0], alternatives: presence, exactlyOne, description: node.description },
      });
      return;
    }

    // Scalar alternatives: each member fails with one error on the value itself.
    if (
      results.every(
        (result) =>
          result.issues.length === 1 && result.issues[0]!.path === path && ['type', 'const', 'enum'].includes(result.issues[0]!.keyword),
      )
    ) {
      const canonical: unknown[] = [];
      const alternate: unknown[] = [];
      const types = new Set<string>();
      let typeFits = false;
      for (const result of results) {
        const values = union.allowed[result.index]!;
        (structural && isDeprecated(result.member) ? alternate : canonical).push(...values);
        for (const type of union.types[result.index]!) types.add(type);
        if (result.issues[0]!.keyword !== 'type') typeFits = true;
      }
      const hasValues = canonical.length + alternate.length > 0;
      // The value's JSON type is that of exactly one member: that member is the one meant, and the
      // error is its own (`enum`, `const`), still listing every alternative for the hints.
      const meant = results.filter((result) => union.types[result.index]!.some((type) => typeMatches(type, value)));
      const meantKeyword = meant.length === 1 && meant[0]!.issues[0]!.keyword !== 'type' ? meant[0]!.issues[0]!.keyword : undefined;
      out.push({
        kind: 'error',
        path,
        value,
        // Every alternative wants the same JSON type and the value is not of it: a plain type error.
        keyword: meantKeyword ?? (!(hasValues && typeFits) && types.size === 1 ? 'type' : exactlyOne ? 'oneOf' : 'anyOf'),
        params:
          hasValues && typeFits
            ? { merged: 'enum', allowed: canonical.length > 0 ? canonical : alternate, alternate: canonical.length > 0 ? alternate : [] }
            : { merged: 'type', types: [...types] },
      });
      return;
    }

    const chosen = this.select(members, results, value, path);
    out.push(...chosen);
  }

  /** Constants and enum values a member allows (empty when it allows more than a list of values). */
  allowedValues(member: Schema): unknown[] {
    const resolved = this.resolve(member);
    if ('const' in resolved) return [resolved.const];
    if (Array.isArray(resolved.enum)) return resolved.enum;
    if (Array.isArray(resolved.anyOf)) {
      const values: unknown[] = [];
      for (const inner of resolved.anyOf as Schema[]) {
        const innerValues = this.allowedValues(inner);
        if (innerValues.length === 0) return [];
        values.push(...innerValues);
      }
      return values;
    }
    return [];
  }

  private memberTypes(node: Schema): string[] {
    if (Array.isArray(node.type)) return node.type as string[];
    if (typeof node.type === 'string') return [node.type];
    if (Array.isArray(node.anyOf)) return (node.anyOf as Schema[]).flatMap((member) => this.memberTypes(this.resolve(member)));
    if ('const' in node) return [jsonType(node.const)];
    return [];
  }

  /**
   * The branch to report when no member passes: by a constant discriminator, by a key only one
   * member requires, or the closest.
   */
  private select(
    members: Schema[],
    results: { member: Schema; index: number; issues: RawIssue[]; errors: number }[],
    value: unknown,
    path: string,
  ): RawIssue[] {
    const union = this.union(members);
    const { resolved } = union;
    const closest = (candidates: typeof results): (typeof results)[number] => {
      const score = (result: (typeof results)[number]) => {
        const rootType = result.issues.some((issue) => issue.path === path && issue.keyword === 'type') ? 1 : 0;
        const overlap = isObject(value) ? Object.keys(value).filter((key) => this.declared(resolved[result.index]!).has(key)).length : 0;
        return [rootType, result.errors, -overlap, -shallowestError(result.issues), result.index];
      };
      return candidates.reduce((a, b) => {
        const sa = score(a);
        const sb = score(b);
        for (let i = 0; i < sa.length; i++) if (sa[i] !== sb[i]) return sb[i]! < sa[i]! ? b : a;
        return a;
      });
    };

    if (isObject(value)) {
      const discriminator = union.discriminator;
      if (discriminator) {
        const { property, constants } = discriminator;
        const allowed = union.tags;
        if (hasOwn(value, property)) {
          const matches = results.filter(
            (result) => constants[result.index] !== undefined && deepEqual(constants[result.index], value[property]),
          );
          if (matches.length === 1) return matches[0]!.issues;
          const fallback = results.filter((result) => constants[result.index] === undefined);
          if (fallback.length > 0) return closest(fallback).issues;
          // The discriminator names no member: that is the defect. The other issues of whichever
          // member is closest would describe a type the value does not claim to be, so only the
          // discriminator's own error is reported (with every allowed value).
          return [
            {
              kind: 'error',
              path: `${path}/${escapePointerToken(property)}`,
              keyword: 'const',
              value: value[property],
              params: { discriminator: property, allowed },
            },
          ];
        }
        const chosen = closest(results.filter((result) => constants[result.index] !== undefined));
        const picked = constants[chosen.index];
        // The missing discriminator's issue made anew, with its own words (not those of a key missing and no more).
        return chosen.issues.map((issue) =>
          issue.path === path && issue.keyword === 'required' && issue.params.missingProperty === property
            ? {
                kind: 'error' as const,
                path: issue.path,
                keyword: issue.keyword,
                params: {
                  ...issue.params,
                  discriminator: property,
                  discriminatorValue: picked,
                  member: describeMember(resolved[chosen.index]!, chosen.member),
                },
              }
            : issue,
        );
      }
      const own = union.own;
      if (own.some((keys) => keys.length > 0)) {
        const present = results.filter((result) => own[result.index]!.some((key) => hasOwn(value, key)));
        if (present.length === 1) return present[0]!.issues;
        if (present.length > 1) return closest(present).issues;
      }
    }
    return closest(results).issues;
  }
}

/** Where `Explainer.keyOrder` holds the issues it puts back in order (emptied at each call's start and end). */
const heldIssues: RawIssue[] = [];

/**
 * For `Explainer.keyOrder`: the issues of the property at `found[index]` (taken from `out` at `start` into `issues`),
 * pushed back onto `out`.
 */
function placeIssues(found: readonly unknown[], index: number, start: number, issues: readonly RawIssue[], out: RawIssue[]): void {
  const end = index + 3 < found.length ? (found[index + 3] as number) - start : issues.length;
  for (let j = (found[index + 1] as number) - start; j < end; j++) out.push(issues[j]!);
}

/** The issue of a value a deprecated union member passes: the canonical members' values, and the member's own. */
function deprecatedMember(union: UnionFacts, members: readonly Schema[], index: number, value: unknown, path: string): RawIssue {
  return {
    kind: 'deprecated',
    path,
    keyword: 'deprecated',
    value,
    params: {
      union: true,
      canonical: members.flatMap((member, i) => (isDeprecated(member) ? [] : [union.allowed[i]!])),
      alternate: union.allowed[index]!,
    },
  };
}

/** What a union's members are (see `Explainer.union`). */
interface UnionFacts {
  readonly resolved: Schema[];
  readonly discriminator: ReturnType<typeof constDiscriminator>;
  /** The members' constants at the discriminator (those that have one), in order. */
  readonly tags: unknown[];
  /** True when every member has a constant at the discriminator (no fallback member). */
  readonly everyMemberTagged: boolean;
  readonly own: string[][];
  /** Each member's one key, when every member is a presence-only one (`{required: [key]}`). */
  readonly presence: string[] | undefined;
  /** The constants and enum values each member allows (empty when it allows more). */
  readonly allowed: unknown[][];
  /** The JSON types each member names. */
  readonly types: string[][];
}

/** The depth (number of pointer tokens) of the shallowest error among `issues`. */
function shallowestError(issues: readonly RawIssue[]): number {
  let depth = Infinity;
  for (const issue of issues) {
    if (!isErrorIssue(issue)) continue;
    let tokens = 0;
    for (let i = 0; i < issue.path.length; i++) if (issue.path.charCodeAt(i) === 0x2f) tokens++;
    if (tokens < depth) depth = tokens;
  }
  return depth;
}

function isEmptySchema(node: unknown): boolean {
  return node === true || (isSchema(node) && Object.keys(node).every((key) => ['description', 'title', '$comment'].includes(key)));
}

/** The one key a "presence" member requires (`{type: object, required: [k]}`, nothing else constraining). */
export function presenceKey(node: Schema): string | undefined {
  if (!Array.isArray(node.required) || node.required.length !== 1) return undefined;
  const allowedKeys = new Set(['type', 'properties', 'required', 'description', 'title', '$comment']);
  if (!Object.keys(node).every((key) => allowedKeys.has(key))) return undefined;
  if (node.type !== undefined && node.type !== 'object') return undefined;
  const key = node.required[0] as string;
  if (isSchema(node.properties)) {
    for (const [name, schema] of Object.entries(node.properties)) {
      if (name !== key || !isEmptySchema(schema)) return undefined;
    }
  }
  return key;
}

/**
 * A property that is a different constant in at least two members (`kind`, `type`, `method`,
 * `code`): the one present in the most members. `constants[i]` is member i's constant, or
 * undefined when member i has none there (a fallback member, such as the generic JSONRPCError).
 */
export function constDiscriminator(members: Schema[]): { property: string; constants: unknown[] } | undefined {
  const candidates = new Map<string, unknown[]>();
  members.forEach((member, index) => {
    if (!isSchema(member.properties)) return;
    for (const [name, schema] of Object.entries(member.properties)) {
      if (isSchema(schema) && 'const' in schema) {
        let constants = candidates.get(name);
        if (!constants) candidates.set(name, (constants = new Array<unknown>(members.length).fill(undefined)));
        constants[index] = schema.const;
      }
    }
  });
  let best: { property: string; constants: unknown[]; count: number } | undefined;
  for (const [property, constants] of candidates) {
    const present = constants.filter((constant) => constant !== undefined);
    const distinct = new Set(present.map((constant) => JSON.stringify(constant)));
    if (present.length < 2 || distinct.size !== present.length) continue;
    if (!best || present.length > best.count) best = { property, constants, count: present.length };
  }
  return best && { property: best.property, constants: best.constants };
}

/** Per member, the keys it requires that no other member requires. */
export function ownRequiredKeys(members: Schema[]): string[][] {
  const required = members.map((member) => (Array.isArray(member.required) ? (member.required as string[]) : []));
  return required.map((keys, index) => keys.filter((key) => required.every((other, j) => j === index || !other.includes(key))));
}

/** How a union member is named in a message: its definition name, or its constant, or its type. */
export function describeMember(resolved: Schema, member: Schema): string {
  const name = memberName(member);
  if (name) return name;
  if ('const' in resolved) return JSON.stringify(resolved.const);
  const key = presenceKey(resolved);
  if (key) return `"${key}"`;
  if (typeof resolved.type === 'string') return resolved.type;
  return 'an alternative';
}
