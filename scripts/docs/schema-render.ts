/**
 * Reading a normalised definition (bare-name refs, see scripts/lib/json-schema.ts) for people:
 * a type label with links to the referenced types, the property table rows, the constraints an
 * object states beside its properties, and how two variants' definitions of one name differ.
 * Nothing here knows a type name.
 */
import { ANNOTATION_KEYWORDS, type JsonSchema } from '../lib/json-schema.js';
import { anchor, esc, inline } from './html.js';
import { isObject as isJsonObject } from '../../src/engine/json-value.js';
import { aliasedField } from '../../schemas/a2a-v1/names.js';

/** Turns a referenced type name into an href, or undefined when it has no page. */
export type Linker = (name: string) => string | undefined;

const isObject = isJsonObject as (value: unknown) => value is JsonSchema;

/** Keys that do not change what a schema accepts. */
const ANNOTATIONS = ANNOTATION_KEYWORDS;

/** True for `{}` (or only annotations): any JSON value. */
export function acceptsAnything(schema: unknown): boolean {
  return isObject(schema) && Object.keys(schema).every((key) => ANNOTATIONS.has(key));
}

/** True for a property that must be absent (`{"not": {}}`). */
export function mustBeAbsent(schema: JsonSchema): boolean {
  return 'not' in schema && acceptsAnything(schema.not);
}

export type Shape = 'object' | 'union' | 'enum' | 'constant' | 'array' | 'alias' | 'scalar';

/** What kind of definition a schema is, for badges and which table to show. */
export function shapeOf(schema: JsonSchema): Shape {
  if (typeof schema.$ref === 'string') return 'alias';
  if (schema.const !== undefined) return 'constant';
  if (Array.isArray(schema.enum)) return 'enum';
  if (schema.type === 'object' || isObject(schema.properties)) return 'object';
  if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) {
    const members = (schema.anyOf ?? schema.oneOf) as JsonSchema[];
    return members.every((member) => Array.isArray(member.enum) || member.const !== undefined) ? 'enum' : 'union';
  }
  if (schema.type === 'array') return 'array';
  return 'scalar';
}

/** The enumerated values of an enum schema (an `enum`, or a union of enums and constants). */
export function enumValues(schema: JsonSchema): unknown[] {
  if (Array.isArray(schema.enum)) return schema.enum as unknown[];
  if (schema.const !== undefined) return [schema.const];
  const members = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  return members ? members.flatMap(enumValues) : [];
}

const code = (value: unknown) => `<code>${esc(JSON.stringify(value))}</code>`;

/**
 * The type of a schema as HTML, referenced types linked: `array of <a>Part</a>`,
 * `string (uuid)`, `<a>TextPart</a> | <a>FilePart</a>`, `map of string → any JSON value`.
 */
export function typeHtml(schema: JsonSchema, link: Linker): string {
  return label(schema, {
    ref: (name) => {
      const href = link(name);
      return href ? `<a class="type-link" href="${esc(href)}">${esc(name)}</a>` : `<span class="type-name">${esc(name)}</span>`;
    },
    text: esc,
    value: code,
  });
}

/** The same label as plain text (for comparisons and search details). */
export function typeText(schema: JsonSchema): string {
  return label(schema, { ref: (name) => name, text: (t) => t, value: (v) => JSON.stringify(v) });
}

interface Writer {
  ref(name: string): string;
  text(text: string): string;
  value(value: unknown): string;
}

function label(schema: JsonSchema, w: Writer): string {
  if (typeof schema.$ref === 'string') return w.ref(schema.$ref);
  if (mustBeAbsent(schema)) return w.text('must be absent');
  if (schema.const !== undefined) return w.value(schema.const);
  if (Array.isArray(schema.enum)) return w.text(`${typeof schema.type === 'string' ? schema.type : 'value'} enum`);
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(union) && schema.type === undefined && !isObject(schema.properties)) {
    return union.map((member) => label(member, w)).join(w.text(' | '));
  }
  if (schema.type === 'array') {
    const items = isObject(schema.items) ? schema.items : {};
    return `${w.text('array of ')}${label(items, w)}`;
  }
  if (schema.type === 'object' || isObject(schema.properties)) {
    if (isObject(schema.properties) && Object.keys(schema.properties).length > 0) return w.text('object');
    const extra = schema.additionalProperties;
    if (isObject(extra) && !acceptsAnything(extra)) return `${w.text('map of string → ')}${label(extra, w)}`;
    return w.text('object (any members)');
  }
  if (Array.isArray(schema.type)) return w.text((schema.type as string[]).join(' | '));
  if (typeof schema.type === 'string') return w.text(typeof schema.format === 'string' ? `${schema.type} (${schema.format})` : schema.type);
  return w.text('any JSON value');
}

/** Constraints worth a mention beside the type: bounds, pattern, default, encoding. */
export function constraintNotes(schema: JsonSchema): string[] {
  const notes: string[] = [];
  const target = schema;
  if (typeof target.minimum === 'number') notes.push(`≥ ${target.minimum}`);
  if (typeof target.maximum === 'number') notes.push(`≤ ${target.maximum}`);
  if (typeof target.minItems === 'number') notes.push(`at least ${target.minItems} item${target.minItems === 1 ? '' : 's'}`);
  if (typeof target.maxItems === 'number') notes.push(`at most ${target.maxItems} items`);
  if (typeof target.minLength === 'number') notes.push(`length ≥ ${target.minLength}`);
  if (typeof target.maxLength === 'number') notes.push(`length ≤ ${target.maxLength}`);
  if (typeof target.pattern === 'string') notes.push(`pattern ${target.pattern}`);
  if (typeof target.contentEncoding === 'string') notes.push(`${target.contentEncoding}-encoded`);
  if (target.default !== undefined) notes.push(`default ${JSON.stringify(target.default)}`);
  return notes;
}

export interface PropertyRow {
  /** The wire name, with its parents for nested members: `status.state`, `parts[].kind`. */
  readonly name: string;
  /** The element id of the row. */
  readonly id: string;
  /** The nesting depth (0 for the type's own properties). */
  readonly depth: number;
  readonly schema: JsonSchema;
  /** Required under this name, or (for a field with a second spelling) under either name. */
  readonly required: boolean;
  /** The field's other accepted spelling (its proto name on the ProtoJSON wire), when it has one. */
  readonly alsoAs?: string;
}

/** The names of a single-member presence branch `{ "required": [name] }`, or undefined. */
function presenceName(branch: unknown): string | undefined {
  return isObject(branch) && Array.isArray(branch.required) && branch.required.length === 1 && typeof branch.required[0] === 'string'
    ? branch.required[0]
    : undefined;
}

/**
 * The second spellings of an object's fields, as `alias → canonical name` (schemas/a2a-v1/names.ts `aliasedField`):
 * `message_id` is `messageId` under its proto name.
 */
export function fieldAliases(schema: JsonSchema): Map<string, string> {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const aliases = new Map<string, string>();
  for (const key of Object.keys(properties)) {
    const field = aliasedField(key, properties);
    if (field !== undefined) aliases.set(key, field);
  }
  return aliases;
}

/**
 * The fields an object requires under either of their names: an `allOf` member whose `anyOf`
 * branches each require one name, the names being one field's spellings.
 */
function requiredUnderEitherName(schema: JsonSchema, aliases: ReadonlyMap<string, string>): Set<string> {
  const out = new Set<string>();
  for (const member of (schema.allOf as JsonSchema[] | undefined) ?? []) {
    const branches = isObject(member) && Array.isArray(member.anyOf) ? (member.anyOf as unknown[]) : [];
    const names = branches.map(presenceName);
    if (names.length === 0 || names.some((name) => name === undefined)) continue;
    const fields = new Set(names.map((name) => aliases.get(name!) ?? name!));
    if (fields.size === 1) out.add([...fields][0]!);
  }
  return out;
}

/**
 * The property rows of an object schema, inline nested objects flattened with dotted names. A
 * field with two spellings is one row under its canonical name, required when it is required
 * under either name, its other spelling in `alsoAs`.
 */
export function propertyRows(schema: JsonSchema, prefix = '', depth = 0): PropertyRow[] {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const aliases = fieldAliases(schema);
  const alsoAs = new Map([...aliases].map(([alias, name]) => [name, alias]));
  for (const name of requiredUnderEitherName(schema, aliases)) required.add(name);
  const rows: PropertyRow[] = [];
  for (const [name, sub] of Object.entries(properties)) {
    if (!isObject(sub) || aliases.has(name)) continue;
    const full = `${prefix}${name}`;
    const other = alsoAs.get(name);
    rows.push({
      name: full,
      id: `p-${anchor(full)}`,
      depth,
      schema: sub,
      required: required.has(name),
      ...(other === undefined ? {} : { alsoAs: other }),
    });
    if (isObject(sub.properties)) rows.push(...propertyRows(sub, `${full}.`, depth + 1));
    else if (sub.type === 'array' && isObject(sub.items) && isObject(sub.items.properties))
      rows.push(...propertyRows(sub.items, `${full}[].`, depth + 1));
  }
  return rows;
}

/** The values column of a property row: the constant or the enumerated values. */
export function valuesHtml(schema: JsonSchema): string {
  const values = mustBeAbsent(schema) || typeof schema.$ref === 'string' ? [] : enumValues(schema);
  const items = schema.type === 'array' && isObject(schema.items) && typeof schema.items.$ref !== 'string' ? enumValues(schema.items) : [];
  return [...values, ...items].map(code).join(' ');
}

/**
 * What an object states beside its properties: its `allOf` members (each described), the
 * members that must be absent when another is present (`dependentSchemas`), whether other
 * members are allowed.
 */
export function objectConstraints(schema: JsonSchema, link: Linker): string[] {
  const out: string[] = [];
  for (const member of (schema.allOf as JsonSchema[] | undefined) ?? []) {
    if (typeof member.description === 'string') out.push(inline(member.description));
    else out.push(`must also match ${typeHtml(member, link)}`);
  }
  const dependent = isObject(schema.dependentSchemas) ? schema.dependentSchemas : {};
  for (const [present, sub] of Object.entries(dependent)) {
    const absent =
      isObject(sub) && isObject(sub.properties)
        ? Object.entries(sub.properties)
            .filter(([, s]) => isObject(s) && mustBeAbsent(s))
            .map(([name]) => name)
        : [];
    if (absent.length > 0)
      out.push(
        `${absent.map((name) => `<code>${esc(name)}</code>`).join(', ')} must be absent when <code>${esc(present)}</code> is present.`,
      );
    else out.push(`When <code>${esc(present)}</code> is present, the object must also match a further schema.`);
  }
  if (schema.additionalProperties === false) out.push('No members other than those listed are allowed.');
  else if (isObject(schema.additionalProperties) && isObject(schema.properties) && !acceptsAnything(schema.additionalProperties)) {
    out.push(`Other members must be ${typeHtml(schema.additionalProperties, link)}.`);
  }
  return out;
}

/** A schema with every annotation removed, recursively (for "same shape" comparisons). */
function stripAnnotations(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripAnnotations);
  if (!isObject(value)) return value;
  const out: JsonSchema = {};
  for (const [key, sub] of Object.entries(value)) {
    if (key === 'description' || key === 'title' || key === 'examples' || key === '$comment') continue;
    out[key] =
      (key === 'properties' || key === '$defs' || key === 'dependentSchemas') && isObject(sub)
        ? Object.fromEntries(Object.entries(sub as JsonSchema).map(([k, v]) => [k, stripAnnotations(v)]))
        : stripAnnotations(sub);
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Equal definitions, annotations included. */
export function identical(a: JsonSchema, b: JsonSchema): boolean {
  return same(a, b);
}

/** Equal definitions once descriptions are set aside. */
export function sameShape(a: JsonSchema, b: JsonSchema): boolean {
  return same(stripAnnotations(a), stripAnnotations(b));
}

const codes = (names: readonly string[]) => names.map((name) => `<code>${esc(name)}</code>`).join(', ');

/**
 * How `other` (variant `otherName`) differs from `self` (variant `selfName`), as HTML sentences.
 * Empty when the two are identical.
 */
export function differences(selfName: string, self: JsonSchema, otherName: string, other: JsonSchema): string[] {
  if (identical(self, other)) return [];
  if (sameShape(self, other)) return ['Same shape; only the descriptions differ.'];
  const out: string[] = [];
  const selfShape = shapeOf(self);
  const otherShape = shapeOf(other);
  if (selfShape !== otherShape)
    return [`A different kind of definition: ${esc(otherShape)} in ${esc(otherName)}, ${esc(selfShape)} in ${esc(selfName)}.`];
  if (selfShape === 'object') {
    const sp = (self.properties ?? {}) as Record<string, JsonSchema>;
    const op = (other.properties ?? {}) as Record<string, JsonSchema>;
    const sr = new Set((self.required as string[] | undefined) ?? []);
    const or = new Set((other.required as string[] | undefined) ?? []);
    const onlySelf = Object.keys(sp).filter((name) => !(name in op));
    const onlyOther = Object.keys(op).filter((name) => !(name in sp));
    if (onlySelf.length > 0) out.push(`Only in ${esc(selfName)}: ${codes(onlySelf)}.`);
    if (onlyOther.length > 0) out.push(`Only in ${esc(otherName)}: ${codes(onlyOther)}.`);
    const requiredHere = Object.keys(sp).filter((name) => name in op && sr.has(name) && !or.has(name));
    const requiredThere = Object.keys(sp).filter((name) => name in op && !sr.has(name) && or.has(name));
    if (requiredHere.length > 0) out.push(`Required in ${esc(selfName)}, optional in ${esc(otherName)}: ${codes(requiredHere)}.`);
    if (requiredThere.length > 0) out.push(`Required in ${esc(otherName)}, optional in ${esc(selfName)}: ${codes(requiredThere)}.`);
    for (const name of Object.keys(sp)) {
      if (!(name in op) || sameShape(sp[name]!, op[name]!)) continue;
      const a = typeText(sp[name]!);
      const b = typeText(op[name]!);
      const values = enumChange(sp[name]!, op[name]!, selfName, otherName);
      if (values) out.push(`<code>${esc(name)}</code>: ${values}`);
      else if (a !== b)
        out.push(`<code>${esc(name)}</code>: <code>${esc(b)}</code> in ${esc(otherName)}, <code>${esc(a)}</code> in ${esc(selfName)}.`);
      else {
        const notes = (x: JsonSchema) => constraintNotes(x).join('; ') || 'none';
        const [na, nb] = [notes(sp[name]!), notes(op[name]!)];
        out.push(
          na !== nb
            ? `<code>${esc(name)}</code>: the same type; constraints ${esc(nb)} in ${esc(otherName)}, ${esc(na)} in ${esc(selfName)}.`
            : `<code>${esc(name)}</code>: the same type with different constraints.`,
        );
      }
    }
    const rest = (s: JsonSchema) => {
      const { properties: _p, required: _r, ...others } = s;
      return stripAnnotations(others);
    };
    if (!same(rest(self), rest(other))) out.push('The constraints beside the properties differ.');
  } else if (selfShape === 'enum') {
    out.push(enumChange(self, other, selfName, otherName) ?? 'The values differ.');
  } else if (selfShape === 'union') {
    const members = (s: JsonSchema) => ((s.anyOf ?? s.oneOf) as JsonSchema[]).map(typeText);
    const sm = members(self);
    const om = members(other);
    const onlySelf = sm.filter((m) => !om.includes(m));
    const onlyOther = om.filter((m) => !sm.includes(m));
    if (onlySelf.length > 0) out.push(`Members only in ${esc(selfName)}: ${codes(onlySelf)}.`);
    if (onlyOther.length > 0) out.push(`Members only in ${esc(otherName)}: ${codes(onlyOther)}.`);
    if (out.length === 0) out.push('The members are the same; their constraints differ.');
  } else {
    out.push(`<code>${esc(typeText(other))}</code> in ${esc(otherName)}, <code>${esc(typeText(self))}</code> in ${esc(selfName)}.`);
  }
  return out.length > 0 ? out : ['The definitions differ in their constraints.'];
}

function enumChange(self: JsonSchema, other: JsonSchema, selfName: string, otherName: string): string | undefined {
  const sv = enumValues(self);
  const ov = enumValues(other);
  if (sv.length === 0 || ov.length === 0) return undefined;
  const key = (v: unknown) => JSON.stringify(v);
  const onlySelf = sv.filter((v) => !ov.some((o) => key(o) === key(v)));
  const onlyOther = ov.filter((v) => !sv.some((s) => key(s) === key(v)));
  const parts: string[] = [];
  if (onlySelf.length > 0) parts.push(`${esc(selfName)} adds ${onlySelf.map(code).join(', ')}`);
  if (onlyOther.length > 0) parts.push(`only ${esc(otherName)} has ${onlyOther.map(code).join(', ')}`);
  return parts.length > 0 ? `${parts.join('; ')}.` : undefined;
}
