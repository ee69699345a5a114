/**
 * fast-check arbitraries of VALID values, built from the TypeBox definitions of a variant
 * (`variants[v].definitions`, the same sources the build emits the JSON Schema from), and of
 * the mutation sites of each value (where one change from a fixed set makes it invalid).
 *
 * The walk reads the JSON Schema keywords TypeBox puts on its schema objects (`type`, `const`,
 * `anyOf`, `properties`, `required`, `$ref` by name, …) plus the plain keywords the aion
 * ProtoObject and ProtoEnum builders add (`allOf` of presence unions, `dependentSchemas`,
 * `deprecated`). A keyword or a shape it does not know makes `arbitraryFor` throw with the
 * variant, the type and the schema path: nothing is skipped silently.
 *
 * What is generated is the canonical form only: never a `deprecated` property or union member
 * (proto field names, enum numbers), never a must-be-absent property (`not: {}`), exactly one
 * member of each one-of group, the JSON name of each aliased required field.
 *
 * Mutation sites. Each generated value carries the sites where one mutation is certain to make
 * it invalid, with where the error must be reported (the convention of the explainer and of
 * conformance/README.md "Expected errors"):
 *
 * | mutation            | change                                   | reported at                 | keyword |
 * | ------------------- | ---------------------------------------- | --------------------------- | ------- |
 * | drop-required       | remove a required key `k` of object `o`  | `o` (the object, as ajv)    | `required` (`oneOf` for the only member of a one-of group) |
 * | break-enum          | an enum / const value → a value of the same JSON type outside the set | the value | `enum` (`const` for a single constant, `anyOf` for a union of number constants, which the build does not fold) |
 * | wrong-type          | a value → one of a JSON type its schema does not take | the value    | `type` (`anyOf` for a union of several JSON types) |
 * | wrong-discriminator | the `kind`/`type`/… of a union member → a constant no member has | the discriminator | `const` |
 * | second-one-of       | add a second (valid) member of a one-of group | the object holding the group | `oneOf` |
 *
 * A wrong type or a broken constant AT a union's discriminator is reported like a wrong
 * discriminator (`const` at the discriminator: "a discriminator that names no member is the
 * defect itself"); a wrong type at a union's own place is `type` or the union's `anyOf`.
 *
 * "Certain to invalidate": a mutation inside a union member could make the value match another
 * member. Every union records, for each other member, the facts (witnesses) that exclude the
 * generated value from it: a constant that differs, a must-be-absent key that is present, a
 * required key that is absent, a JSON type it does not take. A site is usable only if, for every
 * union it lies under, every other member keeps at least one witness the mutation does not touch
 * (a value replaced at the union's own place must be of a JSON type no other member takes). The
 * wrong-discriminator mutation is certain at its own union by construction (every member
 * requires the discriminator and no member has the new constant).
 */
import fc from 'fast-check';
import { variants, type VariantName } from '../../src/library/typebox-variants.js';
import { constDiscriminator } from '../../src/engine/explain.js';

export type Token = string | number;
export type Path = readonly Token[];
type Schema = Record<string, unknown>;

export type MutationKind = 'drop-required' | 'break-enum' | 'wrong-type' | 'wrong-discriminator' | 'second-one-of';
/**
 * Not mutations but the other accepted spelling (aion): a field under its proto name, an enum by
 * number. Valid, and not reported, unless strict; strict reports `deprecated` at the renamed key
 * or at the value.
 */
export type AlternateKind = 'proto-name' | 'enum-number';
export const MUTATION_KINDS: readonly MutationKind[] = [
  'drop-required',
  'break-enum',
  'wrong-type',
  'wrong-discriminator',
  'second-one-of',
];

/** One mutation of a generated value. `target` is the changed node (a key removed, added or replaced). */
export interface Site {
  readonly kind: MutationKind | AlternateKind;
  readonly target: Path;
  /** `rename`: the key at `target` is renamed to `value`. */
  readonly op: 'delete' | 'set' | 'rename';
  readonly value?: unknown;
  /** Where the error must be reported, and the keywords it may carry. */
  readonly expectPath: Path;
  readonly keywords: readonly string[];
}

/** A union the value went through: what excludes the value from each member it was not generated from. */
export interface UnionContext {
  readonly path: Path;
  /** Per other member: the witnesses, each the keys (directly under `path`) whose change could undo it. */
  readonly others: readonly (readonly (readonly string[])[])[];
  /** The JSON types some other member takes (`*` for any). */
  readonly otherTypes: ReadonlySet<string>;
  /** The constant discriminator every member requires, if any, and its constants. */
  readonly discriminator?: string;
  readonly constants?: readonly unknown[];
}

export interface Sample {
  readonly value: unknown;
  readonly sites: readonly Site[];
  readonly unions: readonly UnionContext[];
}

/** A witness depending on no key: the value's JSON type (mutations below the union never change it). */
const TYPE_WITNESS: readonly string[] = [];

export class UngeneratableError extends Error {}

// ---------------------------------------------------------------------------------------------
// Leaves
// ---------------------------------------------------------------------------------------------

const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', 'kind', 'method', 'type', ''];

/** Record keys: ordinary strings, and the keys that break naive object handling. */
export const keyArb = fc.oneof(
  { arbitrary: fc.string({ maxLength: 8 }), weight: 4 },
  { arbitrary: fc.constantFrom(...HOSTILE_KEYS), weight: 1 },
);

/** Free text: printable ASCII mostly, some full Unicode (graphemes), some hostile words. */
const textArb = fc.oneof(
  { arbitrary: fc.string({ maxLength: 10 }), weight: 5 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 4 }), weight: 2 },
  { arbitrary: fc.constantFrom(...HOSTILE_KEYS, 'null', '{}', '0', 'true'), weight: 1 },
);

/** Any JSON value, as JSON.parse would build it (ordinary prototypes, `__proto__` as an own key). */
export const jsonArb: fc.Arbitrary<unknown> = fc
  .oneof(
    { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 4 },
    { arbitrary: fc.dictionary(keyArb, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3, noNullPrototype: true }), weight: 1 },
  )
  .map((value) => JSON.parse(JSON.stringify(value)) as unknown);

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);

/** RFC 3339 date-times the strict check in src/engine/formats.ts accepts: real days, offsets, fractions, a leap second at 23:59 UTC. */
const dateTimeArb = fc
  .record({
    year: fc.integer({ min: 0, max: 9999 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 31 }),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.integer({ min: 0, max: 59 }),
    second: fc.integer({ min: 0, max: 59 }),
    fraction: fc.option(fc.stringMatching(/^\d{1,9}$/), { nil: undefined }),
    t: fc.constantFrom('T', 'T', 't'),
    zone: fc.oneof(
      fc.constantFrom('Z', 'Z', 'z'),
      fc
        .record({ sign: fc.constantFrom('+', '-'), h: fc.integer({ min: 0, max: 23 }), m: fc.integer({ min: 0, max: 59 }) })
        .map(({ sign, h, m }) => `${sign}${pad(h)}:${pad(m)}`),
    ),
    leap: fc.boolean(),
  })
  .map(({ year, month, day, hour, minute, second, fraction, t, zone, leap }) => {
    const last = month === 2 && isLeap(year) ? 29 : DAYS[month - 1]!;
    const d = Math.min(day, last);
    // A leap second only at 23:59 UTC: written with Z.
    if (leap && second === 59) return `${pad(year, 4)}-${pad(month)}-${pad(d)}T23:59:60Z`;
    return `${pad(year, 4)}-${pad(month)}-${pad(d)}${t}${pad(hour)}:${pad(minute)}:${pad(second)}${fraction !== undefined ? `.${fraction}` : ''}${zone}`;
  });

const uuidArb = fc.tuple(fc.uuid(), fc.boolean()).map(([id, upper]) => (upper ? id.toUpperCase() : id));

const FORMATS: Record<string, fc.Arbitrary<string>> = { uuid: uuidArb, 'date-time': dateTimeArb };

/** A string matching `pattern` (fast-check's generator, with a trailing `(?!\n)` guard dropped and then re-checked). */
function patternArb(pattern: string, where: string): fc.Arbitrary<string> {
  const regex = new RegExp(pattern, 'u');
  const generatable = pattern.endsWith('$(?!\\n)') ? pattern.slice(0, -'(?!\\n)'.length) : pattern;
  try {
    return fc.stringMatching(new RegExp(generatable, 'u')).filter((value) => regex.test(value));
  } catch (error) {
    throw new UngeneratableError(`${where}: cannot generate strings for the pattern /${pattern}/ (${String(error)})`);
  }
}

// ---------------------------------------------------------------------------------------------
// Schema reading
// ---------------------------------------------------------------------------------------------

const ANNOTATIONS = new Set([
  'description',
  'title',
  'default',
  'examples',
  '$comment',
  'contentEncoding',
  'contentMediaType',
  'deprecated',
  '$id',
  'readOnly',
  'writeOnly',
]);
const HANDLED = new Set([
  ...ANNOTATIONS,
  '$ref',
  'type',
  'const',
  'enum',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'properties',
  'required',
  'additionalProperties',
  'patternProperties',
  'items',
  'minItems',
  'maxItems',
  'contains',
  'anyOf',
  'allOf',
  'dependentSchemas',
  'not',
]);

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);
const hasOwn = (object: object, key: string) => Object.hasOwn(object, key);
const isDeprecated = (node: Schema) => node.deprecated === true;
/** `not: {}` (TypeBox's Never, the lib's Absent): the value must not exist. */
const isNever = (node: Schema) => isSchema(node.not) && Object.keys(node.not).every((key) => ANNOTATIONS.has(key));
const types = (node: Schema): string[] | undefined =>
  typeof node.type === 'string' ? [node.type] : Array.isArray(node.type) ? (node.type as string[]) : undefined;

/** The one value a `contains` of an object whose every property is a constant asks for. */
function constantItem(node: unknown, where: string): Record<string, unknown> {
  const properties = isSchema(node) && isSchema(node.properties) ? Object.entries(node.properties) : [];
  if (properties.length === 0 || !properties.every(([, schema]) => isSchema(schema) && hasOwn(schema, 'const')))
    throw new UngeneratableError(`${where}: a "contains" other than an object of constants`);
  return Object.fromEntries(properties.map(([key, schema]) => [key, (schema as Schema).const]));
}

export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function deepEqual(a: unknown, b: unknown): boolean {
  return a === b || (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b));
}

/** Sets a key as an own data property (never through the `__proto__` setter). */
function define(object: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

function prefixed(sample: Sample, token: Token): Sample {
  return {
    value: sample.value,
    sites: sample.sites.map((site) => ({ ...site, target: [token, ...site.target], expectPath: [token, ...site.expectPath] })),
    unions: sample.unions.map((union) => ({ ...union, path: [token, ...union.path] })),
  };
}

const leaf = (value: unknown, sites: Site[] = []): Sample => ({ value, sites, unions: [] });

/** Candidate replacements for a wrong-type mutation, one per JSON type. */
const WRONG: readonly unknown[] = [null, true, 0.5, 7, 'x', [], {}];

/** Whether a set of accepted JSON types takes a value of `type`. */
function takes(accepted: ReadonlySet<string>, type: string): boolean {
  return accepted.has('*') || accepted.has(type) || (type === 'integer' && accepted.has('number'));
}

// ---------------------------------------------------------------------------------------------
// The generator
// ---------------------------------------------------------------------------------------------

/** How many reference hops are expanded freely; past it, only what is required (shortest arrays, no optional keys). */
const DEPTH = 3;
/** Past this many hops in the minimal mode, a definition requires itself: it cannot be generated. */
const HARD_LIMIT = -12;

class Generator {
  private readonly cache = new Map<Schema, Map<number, fc.Arbitrary<Sample>>>();

  constructor(
    readonly variant: VariantName,
    private readonly definitions: Readonly<Record<string, Schema>>,
  ) {}

  definition(name: string, where: string): Schema {
    const schema = this.definitions[name];
    if (!schema) throw new UngeneratableError(`${where}: reference to an unknown type "${name}"`);
    return schema;
  }

  /** A reference followed to what it names (chains included). */
  resolve(node: Schema, where: string): Schema {
    let current = node;
    for (let hops = 0; typeof current.$ref === 'string'; hops++) {
      if (hops > 32) throw new UngeneratableError(`${where}: reference loop`);
      current = this.definition(current.$ref, where);
    }
    return current;
  }

  /** The JSON types a schema takes (`*`: any). */
  accepted(node: Schema, where: string, seen = new Set<Schema>()): Set<string> {
    const resolved = this.resolve(node, where);
    if (seen.has(resolved)) return new Set(['*']);
    seen.add(resolved);
    const listed = types(resolved);
    if (listed) return new Set(listed);
    if ('const' in resolved) return new Set([jsonType(resolved.const)]);
    if (Array.isArray(resolved.enum)) return new Set(resolved.enum.map(jsonType));
    if (Array.isArray(resolved.anyOf)) {
      const all = new Set<string>();
      for (const member of resolved.anyOf as Schema[]) for (const type of this.accepted(member, where, seen)) all.add(type);
      return all;
    }
    if (isNever(resolved)) return new Set();
    return new Set(['*']);
  }

  /** The values of an enumeration (a union of constants, an `enum`, or a ProtoEnum), or undefined. */
  enumValues(node: Schema, where: string): { canonical: unknown[]; all: unknown[] } | undefined {
    const resolved = this.resolve(node, where);
    if ('const' in resolved) return { canonical: [resolved.const], all: [resolved.const] };
    if (Array.isArray(resolved.enum))
      return isDeprecated(resolved) ? { canonical: [], all: resolved.enum } : { canonical: resolved.enum, all: resolved.enum };
    if (Array.isArray(resolved.anyOf)) {
      const canonical: unknown[] = [];
      const all: unknown[] = [];
      for (const member of resolved.anyOf as Schema[]) {
        const inner = this.enumValues(member, where);
        if (!inner) return undefined;
        if (!isDeprecated(member)) canonical.push(...inner.canonical);
        all.push(...inner.all);
      }
      return { canonical, all };
    }
    return undefined;
  }

  /** The union's leaf members: references to unions are flattened (a nested union is one more choice of the same value). */
  leaves(node: Schema, where: string): Schema[] {
    const out: Schema[] = [];
    for (const member of node.anyOf as Schema[]) {
      const resolved = this.resolve(member, where);
      if (Array.isArray(resolved.anyOf) && !this.enumValues(resolved, where) && !isDeprecated(member))
        out.push(...this.leaves(resolved, where));
      else out.push(member);
    }
    return out;
  }

  arbitrary(node: Schema, depth: number, where: string): fc.Arbitrary<Sample> {
    let byDepth = this.cache.get(node);
    if (!byDepth) this.cache.set(node, (byDepth = new Map()));
    let arb = byDepth.get(depth);
    if (!arb) {
      arb = this.build(node, depth, where);
      byDepth.set(depth, arb);
    }
    return arb;
  }

  private build(node: Schema, depth: number, where: string): fc.Arbitrary<Sample> {
    const unknown = Object.keys(node).filter((key) => !HANDLED.has(key));
    if (unknown.length > 0) throw new UngeneratableError(`${where}: cannot generate a value for the keyword(s) ${unknown.join(', ')}`);
    if (isNever(node)) throw new UngeneratableError(`${where}: a value that must not exist is required`);
    if (typeof node.$ref === 'string') {
      if (depth < HARD_LIMIT) throw new UngeneratableError(`${where}: "${node.$ref}" requires itself (no finite value)`);
      const target = this.definition(node.$ref, where);
      return this.arbitrary(target, depth - 1, `${where} → ${node.$ref}`);
    }
    if (Array.isArray(node.allOf) && types(node)?.[0] !== 'object') throw new UngeneratableError(`${where}: allOf outside an object`);
    const values = this.enumValues(node, where);
    if (values) return this.enumeration(node, values, where);
    if (Array.isArray(node.anyOf)) return this.union(node, depth, where);
    const [type, ...more] = types(node) ?? [];
    if (more.length > 0) throw new UngeneratableError(`${where}: a list of types`);
    const notValues = isSchema(node.not) && !isNever(node) ? (node.not as Schema).enum : undefined;
    if (isSchema(node.not) && !Array.isArray(notValues))
      throw new UngeneratableError(`${where}: a "not" other than "not: {}" or "not: {enum}"`);
    const excluded = (value: unknown) => Array.isArray(notValues) && notValues.some((other) => deepEqual(other, value));
    const scalar = (arb: fc.Arbitrary<unknown>, self: string) => {
      const accepted = new Set([self]);
      const wrong = WRONG.filter((value) => !takes(accepted, jsonType(value)));
      return (Array.isArray(notValues) ? arb.filter((value) => !excluded(value)) : arb).map((value) =>
        leaf(
          value,
          wrong.map((replacement) => ({
            kind: 'wrong-type',
            target: [],
            op: 'set',
            value: replacement,
            expectPath: [],
            keywords: ['type'],
          })),
        ),
      );
    };
    switch (type) {
      case undefined:
        if (Object.keys(node).every((key) => ANNOTATIONS.has(key))) return jsonArb.map((value) => leaf(value));
        throw new UngeneratableError(`${where}: a schema without a type`);
      case 'null':
        return scalar(fc.constant(null), 'null');
      case 'boolean':
        return scalar(fc.boolean(), 'boolean');
      case 'integer': {
        const min =
          typeof node.minimum === 'number'
            ? node.minimum
            : typeof node.exclusiveMinimum === 'number'
              ? node.exclusiveMinimum + 1
              : -(2 ** 31);
        const max =
          typeof node.maximum === 'number'
            ? node.maximum
            : typeof node.exclusiveMaximum === 'number'
              ? node.exclusiveMaximum - 1
              : 2 ** 31 - 1;
        // Small values near zero as well, when the bounds allow any (an HTTP status, 100-599, does not).
        const small = Math.max(min, -3) <= Math.min(max, 3) ? [fc.integer({ min: Math.max(min, -3), max: Math.min(max, 3) })] : [];
        return scalar(fc.oneof(fc.integer({ min, max }), ...small), 'integer');
      }
      case 'number': {
        if (['exclusiveMinimum', 'exclusiveMaximum'].some((key) => key in node))
          throw new UngeneratableError(`${where}: exclusive bounds on a number`);
        if (typeof node.minimum === 'number' || typeof node.maximum === 'number') {
          // Inclusive bounds (a score from 0 to 1): doubles between them, the bounds themselves included.
          const min = typeof node.minimum === 'number' ? node.minimum : -(2 ** 31);
          const max = typeof node.maximum === 'number' ? node.maximum : 2 ** 31 - 1;
          return scalar(fc.oneof(fc.double({ min, max, noNaN: true }), fc.constantFrom(min, max)), 'number');
        }
        return scalar(fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer()), 'number');
      }
      case 'string': {
        const bounded = 'minLength' in node || 'maxLength' in node;
        if (bounded && (node.format !== undefined || node.pattern !== undefined))
          throw new UngeneratableError(`${where}: string length bounds with a format or pattern`);
        const minLength = typeof node.minLength === 'number' ? node.minLength : 0;
        const maxLength = typeof node.maxLength === 'number' ? node.maxLength : Number.POSITIVE_INFINITY;
        // JSON Schema counts code points.
        const length = (text: string) => [...text].length;
        let arb: fc.Arbitrary<string> = bounded
          ? textArb.filter((text) => length(text) >= minLength && length(text) <= maxLength)
          : textArb;
        if (typeof node.format === 'string') {
          const format = FORMATS[node.format];
          if (!format) throw new UngeneratableError(`${where}: no generator for the format "${node.format}"`);
          arb = format;
        }
        if (typeof node.pattern === 'string') {
          if (node.format !== undefined) throw new UngeneratableError(`${where}: a pattern together with a format`);
          arb = patternArb(node.pattern, where);
        }
        return scalar(arb, 'string');
      }
      case 'array':
        return this.array(node, depth, where);
      case 'object':
        return this.object(node, depth, where);
      default:
        throw new UngeneratableError(`${where}: the type "${type}"`);
    }
  }

  private enumeration(node: Schema, values: { canonical: unknown[]; all: unknown[] }, where: string): fc.Arbitrary<Sample> {
    if (values.canonical.length === 0) throw new UngeneratableError(`${where}: an enumeration with no canonical value`);
    const accepted = this.accepted(node, where);
    const single = values.all.length === 1;
    const resolved = this.resolve(node, where);
    const union = Array.isArray(resolved.anyOf) && new Set(values.all.map(jsonType)).size > 1;
    const sites: Site[] = [];
    const strings = values.all.filter((value): value is string => typeof value === 'string');
    if (strings.length === values.all.length) {
      let outside = 'not-a-value';
      while (strings.includes(outside)) outside += '-x';
      sites.push({ kind: 'break-enum', target: [], op: 'set', value: outside, expectPath: [], keywords: [single ? 'const' : 'enum'] });
    } else if (values.all.every((value) => typeof value === 'number')) {
      const outside = Math.max(...(values.all as number[])) + 1;
      // The build folds only unions of string constants into an `enum`: `1 | 2` stays an anyOf, reported as such.
      sites.push({
        kind: 'break-enum',
        target: [],
        op: 'set',
        value: outside,
        expectPath: [],
        keywords: [single ? 'const' : Array.isArray(resolved.anyOf) ? 'anyOf' : 'enum'],
      });
    } else if (union) {
      // A ProtoEnum: names (strings) or numbers. An unknown name is the names member's `enum` error.
      const names = values.all.filter((value) => typeof value === 'string') as string[];
      if (names.length > 0) {
        let outside = 'NOT_A_VALUE';
        while (names.includes(outside)) outside += '_X';
        sites.push({ kind: 'break-enum', target: [], op: 'set', value: outside, expectPath: [], keywords: ['enum'] });
      }
    }
    for (const replacement of WRONG) {
      if (!takes(accepted, jsonType(replacement)))
        sites.push({
          kind: 'wrong-type',
          target: [],
          op: 'set',
          value: replacement,
          expectPath: [],
          keywords: union ? ['anyOf', 'oneOf', 'type'] : ['type'],
        });
    }
    // A ProtoEnum also takes each name's number (the deprecated member lists them in name order).
    const numbered =
      union && Array.isArray(resolved.anyOf)
        ? (resolved.anyOf as Schema[]).find((member) => isDeprecated(member) && Array.isArray(member.enum))
        : undefined;
    return fc.constantFrom(...values.canonical).map((value) => {
      const index = numbered ? values.canonical.indexOf(value) : -1;
      if (index < 0 || !(numbered!.enum as unknown[]).includes(index)) return leaf(value, sites);
      return leaf(value, [
        ...sites,
        { kind: 'enum-number', target: [], op: 'set', value: index, expectPath: [], keywords: ['deprecated'] },
      ]);
    });
  }

  private array(node: Schema, depth: number, where: string): fc.Arbitrary<Sample> {
    if (!isSchema(node.items)) throw new UngeneratableError(`${where}: an array without "items"`);
    // `contains` of constants only (an A2A v1.0 error's ErrorInfo): that item first, the generated ones after it.
    const required = node.contains === undefined ? undefined : constantItem(node.contains, `${where}/contains`);
    const offset = required === undefined ? 0 : 1;
    const minLength = Math.max(0, (typeof node.minItems === 'number' ? node.minItems : 0) - offset);
    const maxLength = typeof node.maxItems === 'number' ? node.maxItems - offset : depth > 0 ? minLength + 3 : minLength;
    if (maxLength < minLength) throw new UngeneratableError(`${where}: maxItems below minItems`);
    const items = this.arbitrary(node.items, depth, `${where}/items`);
    const wrong = WRONG.filter((value) => jsonType(value) !== 'array');
    return fc.array(items, { minLength, maxLength }).map((samples) => {
      const merged = samples.map((sample, index) => prefixed(sample, index + offset));
      const values = samples.map((sample) => sample.value);
      return {
        value: required === undefined ? values : [structuredClone(required), ...values],
        sites: [
          ...wrong.map(
            (replacement): Site => ({ kind: 'wrong-type', target: [], op: 'set', value: replacement, expectPath: [], keywords: ['type'] }),
          ),
          ...merged.flatMap((sample) => sample.sites),
        ],
        unions: merged.flatMap((sample) => sample.unions),
      };
    });
  }

  private object(node: Schema, depth: number, where: string): fc.Arbitrary<Sample> {
    const properties = isSchema(node.properties) ? (node.properties as Record<string, Schema>) : {};
    const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
    if (node.additionalProperties !== undefined && typeof node.additionalProperties !== 'boolean')
      throw new UngeneratableError(`${where}: additionalProperties with a schema`);
    const wrong = WRONG.filter((value) => jsonType(value) !== 'object');
    const wrongSites = wrong.map(
      (replacement): Site => ({ kind: 'wrong-type', target: [], op: 'set', value: replacement, expectPath: [], keywords: ['type'] }),
    );

    if (isSchema(node.patternProperties)) {
      const entries = Object.entries(node.patternProperties);
      if (Object.keys(properties).length > 0 || entries.length !== 1 || entries[0]![0] !== '^(.*)$')
        throw new UngeneratableError(`${where}: patternProperties other than a record of any key`);
      const values = this.arbitrary(entries[0]![1] as Schema, depth, `${where}/patternProperties`);
      return fc.array(fc.tuple(keyArb, values), { maxLength: depth > 0 ? 3 : 0 }).map((pairs) => {
        const value: Record<string, unknown> = {};
        const seen = new Map<string, Sample>();
        for (const [key, sample] of pairs) seen.set(key, sample);
        const merged: Sample[] = [];
        for (const [key, sample] of seen) {
          define(value, key, sample.value);
          merged.push(prefixed(sample, key));
        }
        return {
          value,
          sites: [...wrongSites, ...merged.flatMap((sample) => sample.sites)],
          unions: merged.flatMap((sample) => sample.unions),
        };
      });
    }

    // ProtoObject constraints: aliased required fields (anyOf of presence) and one-of groups (oneOf of presence).
    const forced = new Set<string>();
    const forbidden = new Set<string>();
    const groups: string[][] = [];
    const presence = (member: unknown): string => {
      if (!isSchema(member) || !Array.isArray(member.required) || member.required.length !== 1)
        throw new UngeneratableError(`${where}/allOf: a member other than "this key is present"`);
      return member.required[0] as string;
    };
    for (const [index, constraint] of ((node.allOf as unknown[] | undefined) ?? []).entries()) {
      if (!isSchema(constraint)) throw new UngeneratableError(`${where}/allOf/${index}: not a schema`);
      const extra = Object.keys(constraint).filter((key) => key !== 'anyOf' && key !== 'oneOf' && !ANNOTATIONS.has(key));
      if (extra.length > 0) throw new UngeneratableError(`${where}/allOf/${index}: cannot generate for ${extra.join(', ')}`);
      if (Array.isArray(constraint.anyOf)) {
        const canonical = constraint.anyOf.map(presence).filter((key) => properties[key] && !isDeprecated(properties[key]!));
        if (canonical.length === 0) throw new UngeneratableError(`${where}/allOf/${index}: no canonical key among the alternatives`);
        forced.add(canonical[0]!);
      } else if (Array.isArray(constraint.oneOf)) {
        const keys = constraint.oneOf.map(presence);
        for (const key of keys) forbidden.add(key);
        const canonical = keys.filter((key) => properties[key] && !isDeprecated(properties[key]!));
        if (canonical.length === 0) throw new UngeneratableError(`${where}/allOf/${index}: no canonical member in the one-of group`);
        groups.push(canonical);
      } else {
        throw new UngeneratableError(`${where}/allOf/${index}: neither anyOf nor oneOf`);
      }
    }
    for (const [key, dependent] of Object.entries((node.dependentSchemas as Record<string, unknown> | undefined) ?? {})) {
      const inner = isSchema(dependent) && isSchema(dependent.properties) ? dependent.properties : undefined;
      const ok =
        inner &&
        Object.keys(dependent as Schema).every((k) => k === 'properties' || ANNOTATIONS.has(k)) &&
        Object.values(inner).every((schema) => isSchema(schema) && isNever(schema));
      if (!ok) throw new UngeneratableError(`${where}/dependentSchemas/${key}: other than "these keys must then be absent"`);
      for (const absent of Object.keys(inner!)) if (!isDeprecated(properties[absent] ?? {})) forbidden.add(absent);
    }

    type Entry = { key: string; arb: fc.Arbitrary<Sample>; mode: 'required' | 'forced' | 'optional' };
    const entries: Entry[] = [];
    for (const [key, schema] of Object.entries(properties)) {
      if (!isSchema(schema)) throw new UngeneratableError(`${where}/properties/${key}: not a schema`);
      if (isNever(schema)) {
        if (required.has(key)) throw new UngeneratableError(`${where}/properties/${key}: required but must be absent`);
        continue;
      }
      if (forbidden.has(key)) continue;
      if (isDeprecated(schema)) {
        if (required.has(key)) throw new UngeneratableError(`${where}/properties/${key}: required but deprecated`);
        continue;
      }
      const mode = required.has(key) ? 'required' : forced.has(key) ? 'forced' : 'optional';
      if (mode === 'optional' && depth <= 0) continue;
      entries.push({ key, arb: this.arbitrary(schema, depth, `${where}/properties/${key}`), mode });
    }
    for (const key of required) if (!properties[key]) throw new UngeneratableError(`${where}: required "${key}" has no schema`);

    const ABSENT = Symbol('absent');
    const fields = fc.tuple(...entries.map((entry) => (entry.mode === 'optional' ? fc.oneof(fc.constant(ABSENT), entry.arb) : entry.arb)));
    // Per group: the member given and a second one (for the second-one-of mutation).
    const groupArbs = groups.map((keys, index) => {
      const pairs: [string, string | undefined][] =
        keys.length === 1 ? [[keys[0]!, undefined]] : keys.flatMap((a) => keys.filter((b) => b !== a).map((b): [string, string] => [a, b]));
      return fc.oneof(
        ...pairs.map(([first, second]) =>
          fc
            .tuple(
              this.arbitrary(properties[first]!, depth, `${where}/properties/${first}`),
              second === undefined ? fc.constant(undefined) : this.arbitrary(properties[second]!, depth, `${where}/properties/${second}`),
            )
            .map(([sample, other]) => ({ first, sample, second, other, group: index })),
        ),
      );
    });
    return fc.tuple(fields, fc.tuple(...groupArbs)).map(([values, chosen]) => {
      const value: Record<string, unknown> = {};
      const sites: Site[] = [...wrongSites];
      const unions: UnionContext[] = [];
      const add = (key: string, sample: Sample, mode: Entry['mode'] | 'group') => {
        define(value, key, sample.value);
        const inner = prefixed(sample, key);
        sites.push(...inner.sites);
        unions.push(...inner.unions);
        if (mode !== 'optional')
          sites.push({
            kind: 'drop-required',
            target: [key],
            op: 'delete',
            expectPath: [],
            keywords: [mode === 'group' ? 'oneOf' : 'required'],
          });
        const proto = key.replace(/[A-Z]/g, (capital) => `_${capital.toLowerCase()}`);
        if (proto !== key && properties[proto] && isDeprecated(properties[proto]!))
          sites.push({ kind: 'proto-name', target: [key], op: 'rename', value: proto, expectPath: [proto], keywords: ['deprecated'] });
      };
      entries.forEach((entry, index) => {
        const sample = values[index] as Sample | typeof ABSENT;
        if (sample !== ABSENT) add(entry.key, sample, entry.mode);
      });
      for (const pick of chosen) {
        add(pick.first, pick.sample, 'group');
        if (pick.second !== undefined)
          sites.push({
            kind: 'second-one-of',
            target: [pick.second],
            op: 'set',
            value: pick.other!.value,
            expectPath: [],
            keywords: ['oneOf'],
          });
      }
      return { value, sites, unions };
    });
  }

  private union(node: Schema, depth: number, where: string): fc.Arbitrary<Sample> {
    const all = this.leaves(node, where);
    const members = all.map((member, index) => ({ member, index })).filter(({ member }) => !isDeprecated(member));
    if (members.length === 0) throw new UngeneratableError(`${where}: a union with no canonical member`);
    const resolved = all.map((member) => this.resolve(member, where));
    const discriminator = fullDiscriminator(resolved);
    const accepted = all.map((member) => this.accepted(member, where));
    return fc.oneof(
      ...members.map(({ member, index }) =>
        this.arbitrary(member, depth, `${where}/anyOf/${index}`).map((sample): Sample => {
          const others = resolved.filter((_, i) => i !== index).map((other) => this.witnesses(other, sample.value, where));
          const otherTypes = new Set<string>();
          accepted.forEach((types, i) => {
            if (i !== index) for (const type of types) otherTypes.add(type);
          });
          const sites: Site[] = [];
          if (discriminator && isSchema(sample.value)) {
            const constants = discriminator.constants;
            const outside =
              typeof constants[0] === 'number' ? Math.max(...(constants as number[])) + 1000 : `not-a-${String(constants[index])}`;
            sites.push({
              kind: 'wrong-discriminator',
              target: [discriminator.property],
              op: 'set',
              value: outside,
              expectPath: [discriminator.property],
              keywords: ['const'],
            });
          }
          // A value of the wrong JSON type at the union's own place: one error there, `type` when every
          // member wants the same JSON type, else the union's keyword (`anyOf`).
          // A discriminator replaced by a value no member has is the defect itself: `const` at the
          // discriminator, whatever the replacement (conformance/README.md).
          const own = sample.sites.map((site) => {
            if (site.kind === 'wrong-type' && site.target.length === 0) return { ...site, keywords: ['type', 'anyOf'] };
            if (discriminator && site.op === 'set' && site.target.length === 1 && site.target[0] === discriminator.property)
              return { ...site, keywords: ['const'] };
            return site;
          });
          return {
            value: sample.value,
            sites: [...own, ...sites],
            unions: [
              { path: [], others, otherTypes, discriminator: discriminator?.property, constants: discriminator?.constants },
              ...sample.unions,
            ],
          };
        }),
      ),
    );
  }

  /** What excludes `value` from the union member `member` (see the file comment); empty when nothing does. */
  witnesses(member: Schema, value: unknown, where: string): string[][] {
    const accepted = this.accepted(member, where);
    if (!takes(accepted, jsonType(value))) return [[...TYPE_WITNESS]];
    if (!isSchema(value) || Array.isArray(member.anyOf)) return [];
    const out: string[][] = [];
    const properties = isSchema(member.properties) ? (member.properties as Record<string, Schema>) : {};
    for (const key of Object.keys(value)) {
      const schema = hasOwn(properties, key) ? properties[key] : undefined;
      if (!schema) {
        if (member.additionalProperties === false) out.push([key]);
        continue;
      }
      const child = value[key];
      const resolved = this.resolve(schema, where);
      const values = this.enumValues(resolved, where);
      if (isNever(resolved)) out.push([key]);
      else if (values && !values.all.some((allowed) => deepEqual(allowed, child))) out.push([key]);
      else if (
        isSchema(resolved.not) &&
        Array.isArray((resolved.not as Schema).enum) &&
        ((resolved.not as Schema).enum as unknown[]).some((other) => deepEqual(other, child))
      )
        out.push([key]);
      else if (!takes(this.accepted(resolved, where), jsonType(child))) out.push([key]);
    }
    for (const key of Array.isArray(member.required) ? (member.required as string[]) : []) if (!hasOwn(value, key)) out.push([key]);
    for (const constraint of (member.allOf as Schema[] | undefined) ?? []) {
      const keys = ((constraint.anyOf ?? constraint.oneOf) as Schema[] | undefined)?.map((presence) => (presence.required as string[])[0]!);
      if (keys?.every((key) => !hasOwn(value, key))) out.push(keys);
    }
    return out;
  }
}

/**
 * The constant discriminator of a union as the explainer picks it (the property that is a
 * different constant in the most members), if every member requires it: then a value whose
 * discriminator names no member fails every member, and the explainer reports it at the
 * discriminator.
 */
function fullDiscriminator(members: Schema[]): { property: string; constants: unknown[] } | undefined {
  const found = constDiscriminator(members as never);
  if (!found || found.constants.some((constant) => constant === undefined)) return undefined;
  if (!members.every((member) => Array.isArray(member.required) && member.required.includes(found.property))) return undefined;
  return found;
}

// ---------------------------------------------------------------------------------------------
// Public surface
// ---------------------------------------------------------------------------------------------

const generators = new Map<VariantName, Generator>();
const arbitraries = new Map<string, fc.Arbitrary<Sample>>();

function generator(variant: VariantName): Generator {
  let found = generators.get(variant);
  if (!found) generators.set(variant, (found = new Generator(variant, variants[variant].definitions as unknown as Record<string, Schema>)));
  return found;
}

/** The type names of a variant, in definition order. */
export function typeNames(variant: VariantName): string[] {
  return Object.keys(variants[variant].definitions);
}

/** Valid values of one type with their mutation sites (one arbitrary per variant and type). Throws UngeneratableError. */
export function arbitraryFor(variant: VariantName, type: string): fc.Arbitrary<Sample> {
  const key = `${variant}\u0000${type}`;
  let arb = arbitraries.get(key);
  if (!arb) {
    const gen = generator(variant);
    arb = gen.arbitrary(gen.definition(type, `${variant}:${type}`), DEPTH, `${variant}:${type}`);
    arbitraries.set(key, arb);
  }
  return arb;
}

const tokenEquals = (a: Path, b: Path, length = a.length) =>
  a.length >= length && b.length >= length && a.slice(0, length).every((token, i) => token === b[i]);

/**
 * Whether a site is certain to invalidate its value, given every union the value went through
 * (see the file comment).
 */
export function certain(sample: Sample, site: Site): boolean {
  for (const union of sample.unions) {
    const u = union.path;
    if (!tokenEquals(u, site.target, u.length)) continue;
    if (site.target.length === u.length) {
      // The union's own value replaced: no other member may take the new value's JSON type.
      if (site.op === 'delete') continue;
      if (takes(union.otherTypes, jsonType(site.value))) return false;
      continue;
    }
    if (site.target.length === u.length + 1) {
      const key = String(site.target[u.length]);
      // A discriminator replaced by a value no member has as its constant fails every member (each
      // requires it): certain at this union by construction.
      if (site.op === 'set' && union.discriminator === key && !union.constants!.some((constant) => deepEqual(constant, site.value)))
        continue;
      if (!union.others.every((witnesses) => witnesses.some((keys) => !keys.includes(key)))) return false;
      continue;
    }
    if (!union.others.every((witnesses) => witnesses.length > 0)) return false;
  }
  return true;
}

/** A copy of `value` with the site's mutation applied. */
export function mutate(value: unknown, site: Site): unknown {
  const copy = JSON.parse(JSON.stringify(value)) as unknown;
  if (site.target.length === 0) return site.value;
  let parent = copy as Record<string | number, unknown>;
  for (const token of site.target.slice(0, -1)) parent = parent[token] as Record<string | number, unknown>;
  const last = site.target[site.target.length - 1]!;
  if (site.op === 'delete') delete parent[last];
  else if (site.op === 'rename') {
    define(parent as Record<string, unknown>, String(site.value), parent[last]);
    delete parent[last];
  } else if (Array.isArray(parent)) parent[last as number] = site.value;
  else define(parent as Record<string, unknown>, String(last), site.value);
  return copy;
}

/** A JSON Pointer of a path. */
export function pointer(path: Path): string {
  return path.map((token) => `/${String(token).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}
