/**
 * The reading and writing the converters share: the context of one conversion (its direction, its
 * losses, the converter of each type), reading an object's fields (v1.0 input under either field
 * name), and what happens to the keys nothing read: a key the target type defines is never copied
 * over it; a key neither wire defines is carried unchanged; each is reported by what it is.
 */
import { protoName } from '../../../schemas/a2a-v1/names.js';
import type { Wire } from '../../../schemas/variant-table.js';
import { pairedTypeName } from '../../../schemas/wire-pairs.js';
import { isObject } from '../../engine/json-value.js';
import { loadVariant } from '../../engine/load-validators.js';
import { ConvertError, type Loss } from './conversion.js';

export type Json = Record<string, unknown>;

// The one isObject of src/ (engine/json-value.ts), passed on to the converters that import it from here.
export { isObject };

export const pointer = (path: string, key: string | number) => `${path}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;

export const show = (value: unknown) => JSON.stringify(value);

export type Converter = (value: unknown, path: string, ctx: Context) => unknown;

/** The converters of one direction, by the type's v0.3 name. */
export type Table = Readonly<Record<string, Converter>>;

export class Context {
  readonly losses: Loss[] = [];
  constructor(
    /** The wire of the input. */
    readonly from: Wire,
    private readonly table: Table,
  ) {}
  /** The wire of the output. */
  get to(): Wire {
    return this.from === 'v0.3' ? 'v1.0' : 'v0.3';
  }
  lose(path: string, message: string): void {
    this.losses.push({ path, message });
  }
  /** Converts a value of the type with this v0.3 name. */
  convert(type: string, value: unknown, path: string): unknown {
    const converter = this.table[type];
    if (!converter) throw new TypeError(`no converter for ${type}`);
    return converter(value, path, this);
  }
}

/** The object at `path`, or (for a nested value) undefined with a loss; throws at the top. */
export function asObject(value: unknown, path: string, ctx: Context, what: string): Json | undefined {
  if (isObject(value)) return value;
  const message = `${path === '' ? 'the value' : path} is not an object, so it is not a ${what}`;
  if (path === '') throw new ConvertError(path, message);
  ctx.lose(path, `${message}; left out`);
  return undefined;
}

/** The property names a type has on a wire (its extension variant's, the widest), from the published schemas. */
const fieldCache = new Map<string, ReadonlySet<string>>();
export function fieldsOf(wire: Wire, typeName: string): ReadonlySet<string> {
  const key = `${wire} ${typeName}`;
  let names = fieldCache.get(key);
  if (!names) {
    names = new Set<string>();
    for (const variant of wire === 'v0.3' ? ['a2a', 'bindu'] : ['a2a-v1', 'aion']) {
      const definitions = loadVariant(variant).definitions as Record<string, Json>;
      // The properties of the type and of the members of its unions (v0.3 Part: TextPart | FilePart | DataPart).
      const collect = (schema: unknown, depth: number): void => {
        if (!isObject(schema) || depth > 3) return;
        if (typeof schema.$ref === 'string') collect(definitions[schema.$ref.replace(/^.*\//, '')], depth + 1);
        for (const name of Object.keys(isObject(schema.properties) ? schema.properties : {})) (names as Set<string>).add(name);
        for (const key of ['anyOf', 'oneOf', 'allOf'])
          if (Array.isArray(schema[key])) for (const member of schema[key]) collect(member, depth + 1);
      };
      collect(definitions[typeName], 0);
      // Where the extension variant puts a type of its own in the base type's place (bindu's Skill for AgentSkill).
      if (variant === 'bindu' || variant === 'aion')
        for (const alias of extensionAliases(wire === 'v0.3' ? 'a2a' : 'a2a-v1', variant).get(typeName) ?? [])
          collect(definitions[alias], 0);
    }
    fieldCache.set(key, names);
  }
  return names;
}

/** Only in the extension variant (`bindu` or `aion`)? */
const refOf = (schema: unknown): string | undefined => {
  if (!isObject(schema)) return undefined;
  if (typeof schema.$ref === 'string') return schema.$ref.replace(/^.*\//, '');
  return refOf(schema.items);
};

/** For each type of the base variant, the types the extension variant holds in its place (same type, same property). */
const aliasCache = new Map<string, ReadonlyMap<string, readonly string[]>>();
function extensionAliases(base: string, extension: string): ReadonlyMap<string, readonly string[]> {
  let aliases = aliasCache.get(extension);
  if (aliases) return aliases;
  const map = new Map<string, string[]>();
  const baseDefinitions = loadVariant(base).definitions as Record<string, Json>;
  const extensionDefinitions = loadVariant(extension).definitions as Record<string, Json>;
  for (const [name, schema] of Object.entries(baseDefinitions)) {
    const properties = schema.properties;
    const extended = extensionDefinitions[name]?.properties;
    if (!isObject(properties) || !isObject(extended)) continue;
    for (const [property, child] of Object.entries(properties)) {
      const from = refOf(child);
      const to = refOf(extended[property]);
      if (from && to && from !== to && !map.get(from)?.includes(to)) map.set(from, [...(map.get(from) ?? []), to]);
    }
  }
  aliases = map;
  aliasCache.set(extension, aliases);
  return aliases;
}

function extensionOnly(wire: Wire, typeName: string, key: string): boolean {
  const base = loadVariant(wire === 'v0.3' ? 'a2a' : 'a2a-v1').definitions[typeName] as { properties?: Json } | undefined;
  return fieldsOf(wire, typeName).has(key) && !Object.hasOwn(base?.properties ?? {}, key);
}

/**
 * Reads the fields of an object. On the v1.0 side a field may be under its lowerCamel name or its
 * proto name; when both are given (invalid input) the lowerCamel one is used and the other reported.
 */
export class Fields {
  private readonly known = new Set<string>();
  constructor(
    readonly object: Json,
    readonly path: string,
    private readonly ctx: Context,
  ) {}

  private alias(name: string): string {
    return this.ctx.from === 'v1.0' ? protoName(name) : name;
  }

  /** True when the field is there, under either name (without reading it). */
  has(name: string): boolean {
    return Object.hasOwn(this.object, name) || Object.hasOwn(this.object, this.alias(name));
  }

  /** The value of a field (undefined when absent) and the path it was read at. */
  get(name: string): { value: unknown; path: string } | undefined {
    const alias = this.alias(name);
    this.known.add(name);
    this.known.add(alias);
    const hasName = Object.hasOwn(this.object, name);
    const hasAlias = alias !== name && Object.hasOwn(this.object, alias);
    if (hasName && hasAlias) {
      this.ctx.lose(pointer(this.path, alias), `\`${alias}\` repeats \`${name}\`; the value under \`${name}\` was used`);
    }
    if (hasName) return { value: this.object[name], path: pointer(this.path, name) };
    if (hasAlias) return { value: this.object[alias], path: pointer(this.path, alias) };
    return undefined;
  }

  /** Marks fields as read without using them (discriminators). */
  consume(...names: string[]): void {
    for (const name of names) this.known.add(name);
  }

  /**
   * The keys nothing read. `typeName` is the type's name on the input's wire. A key the output
   * already has, or that the type defines on the output's wire, is left out (it would clash); a key of
   * the type on neither wire is copied unchanged. Each is reported by what it is.
   */
  rest(target: Json, typeName: string): void {
    const { from, to } = this.ctx;
    const targetType = pairedTypeName(typeName, to);
    for (const [key, value] of Object.entries(this.object)) {
      if (this.known.has(key)) continue;
      const at = pointer(this.path, key);
      const ofTarget = fieldsOf(to, targetType).has(key) || Object.hasOwn(target, key);
      if (key === 'final' && typeName === 'TaskStatusUpdateEvent' && from === 'v1.0') {
        this.ctx.lose(
          at,
          '`final` is a v0.3 field; on v1.0 the state decides (the stream ends on a terminal or interrupted state); left out',
        );
      } else if (ofTarget) {
        this.ctx.lose(
          at,
          `\`${key}\` is a ${to} field of ${targetType}, not a ${from} one; left out (the ${to} value comes from the input's own fields)`,
        );
      } else if (fieldsOf(from, typeName).has(key)) {
        const where = extensionOnly(from, typeName, key) ? `a ${from === 'v0.3' ? 'Bindu' : 'aion'} field` : `a ${from} field`;
        target[key] = value;
        this.ctx.lose(at, `\`${key}\` is ${where} of ${typeName} with no ${to} counterpart; copied unchanged`);
      } else {
        target[key] = value;
        this.ctx.lose(at, `\`${key}\` is not a field of ${typeName} on either wire; copied unchanged`);
      }
    }
  }

  /** Reports the keys that were never read, and leaves them out. */
  dropRest(why: string): void {
    for (const key of Object.keys(this.object)) {
      if (!this.known.has(key)) this.ctx.lose(pointer(this.path, key), `\`${key}\` ${why}; left out`);
    }
  }
}

/** Copies a field as is when present. */
export function copy(fields: Fields, target: Json, from: string, to = from): void {
  const field = fields.get(from);
  if (field !== undefined) target[to] = field.value;
}

/** Reports and drops a field the other wire does not have. */
export function drop(fields: Fields, name: string, ctx: Context, why: string): void {
  const field = fields.get(name);
  if (field !== undefined) ctx.lose(field.path, `\`${name}\` ${why}; left out`);
}

/** Converts each element of an array field with `convert`, leaving out the ones it cannot. */
export function mapArray(fields: Fields, target: Json, name: string, ctx: Context, convert: string | Converter, to = name): void {
  const field = fields.get(name);
  if (field === undefined) return;
  if (!Array.isArray(field.value)) {
    ctx.lose(field.path, `\`${name}\` is not an array; left out`);
    return;
  }
  const out: unknown[] = [];
  field.value.forEach((item, index) => {
    const at = pointer(field.path, index);
    const converted = typeof convert === 'string' ? ctx.convert(convert, item, at) : convert(item, at, ctx);
    if (converted !== undefined) out.push(converted);
  });
  target[to] = out;
}

/** Converts a field with the converter of a type (by its v0.3 name) or a function. */
export function convertField(fields: Fields, target: Json, name: string, ctx: Context, convert: string | Converter, to = name): void {
  const field = fields.get(name);
  if (field === undefined) return;
  const converted = typeof convert === 'string' ? ctx.convert(convert, field.value, field.path) : convert(field.value, field.path, ctx);
  if (converted !== undefined) target[to] = converted;
}

/**
 * Converts an object: reads its fields (on v1.0 input under either name), lets `body` fill the
 * output, then handles the keys nothing read (`Fields.rest`). `typeName` is the input wire's name.
 */
export function walk(
  value: unknown,
  path: string,
  ctx: Context,
  typeName: string,
  body: (fields: Fields, out: Json) => void,
): Json | undefined {
  const object = asObject(value, path, ctx, typeName);
  if (!object) return undefined;
  const fields = new Fields(object, path, ctx);
  const out: Json = {};
  body(fields, out);
  fields.rest(out, typeName);
  return out;
}

/** A value that is not one of the source wire's: left out with a loss (thrown at the top). */
export function unknownValue(value: unknown, path: string, ctx: Context, what: string): undefined {
  const message = `${show(value)} is not a ${what} of the source wire`;
  if (path === '') throw new ConvertError(path, message);
  ctx.lose(path, `${message}; left out`);
  return undefined;
}
