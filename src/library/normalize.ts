/**
 * `normalize(typeName, value, { variant, lenient })`: the canonical form of a payload written in a spelling real
 * senders use, with every rewrite listed, then judged as `validate` judges it.
 *
 *   const { valid, value: task, changes } = normalize('Task', received, { variant: 'bindu', lenient: true });
 *
 * What is rewritten (DESIGN decision 15; nothing else is touched, and the input is never changed):
 * - v1.0 variants (`a2a-v1`, `aion`): a field under its proto name (`message_id`) → its lowerCamel JSON name, and an
 *   enum by number (`role: 1`) → its name (`ROLE_USER`), as ProtoJSON parsers accept them; the schemas mark both
 *   (a `deprecated` property or union member), so this follows the schemas, not a list.
 * - `bindu`: the snake_case keys deployed Bindu agents send (`context_id`, `artifact_id`, …), from the one table
 *   `schemas/bindu/deployed-spellings.ts`, wherever the canonical key is declared.
 * A key is never rewritten onto a key the object also has: the conflict is reported (an error when the two values
 * differ, a warning when they are equal) and both keys are kept.
 */
import { DEFAULT_VARIANT, loadVariant } from '../engine/load-validators.js';
import { isSchema, type Schema } from '../engine/schema-places.js';
import { isObject, pointerTo } from '../engine/json-value.js';
import { issue, type ValidationIssue } from '../engine/validation-issue.js';
import { aliasedField, jsonName } from '../../schemas/a2a-v1/names.js';
import { DEPLOYED_BINDU_SPELLINGS } from '../../schemas/bindu/deployed-spellings.js';
import type { VariantName } from '../../schemas/variant-table.js';
import type { KnownTypeName } from './protocol-types.js';
import { SchemaWalk } from './schema-walk.js';
import { typeValidator, validate, type ValidationResult } from './validate.js';

/** One rewrite: where it was in the input, and what it was and became (a key's name, or a value). */
export interface NormalizeChange {
  /** JSON Pointer of the member in the input (before the rewrite). */
  readonly path: string;
  /** `key`: a member renamed (from/to are key names); `value`: a value rewritten (an enum number to its name). */
  readonly kind: 'key' | 'value';
  readonly from: unknown;
  readonly to: unknown;
}

export interface NormalizeOptions<V extends VariantName = VariantName> {
  /** The variant whose canonical form is wanted (default `bindu`). */
  readonly variant?: V;
  /** Judge the canonical value leniently (see `validate`'s `lenient`). */
  readonly lenient?: boolean;
}

export interface NormalizeResult extends ValidationResult {
  /** The canonical form (a copy; the input is not changed). When `valid` and there are no warnings, it also passes `strict`. */
  readonly value: unknown;
  /** Every rewrite, in document order. */
  readonly changes: readonly NormalizeChange[];
}

/** True when two JSON values are equal (key order aside). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((key) => Object.hasOwn(b, key) && sameJson((a as never)[key], (b as never)[key]));
}

/** The snake_case spellings of deployed Bindu agents, by the key sent. */
let binduSpellings: Map<string, string> | undefined;

class Normalizer {
  readonly changes: NormalizeChange[] = [];
  readonly errors: ValidationIssue[] = [];
  readonly warnings: ValidationIssue[] = [];

  constructor(
    private readonly walk: SchemaWalk,
    private readonly spellings: ReadonlyMap<string, string> | undefined,
  ) {}

  /** The canonical key for `key` among `properties`, or undefined when it is canonical already (or unknown). */
  private canonicalKey(key: string, properties: Readonly<Record<string, Schema>>): string | undefined {
    // A proto field name the schema accepts, not canonically: its lowerCamel JSON name.
    if (Object.hasOwn(properties, key)) return aliasedField(key, properties);
    const sent = this.spellings?.get(key);
    return sent !== undefined && Object.hasOwn(properties, sent) ? sent : undefined;
  }

  node(node: Schema, value: unknown, path: string): unknown {
    if (Array.isArray(value)) {
      const items = this.walk.itemsOf(node);
      return items === undefined ? value : value.map((item, index) => this.node(items, item, pointerTo(path, index)));
    }
    if (isObject(value)) return this.object(node, value, path);
    if (typeof value === 'number') return this.enumNumber(node, value, path);
    return value;
  }

  /** An enum given by number where a union also lists the names (ProtoJSON): the name at the same place. */
  private enumNumber(node: Schema, value: number, path: string): unknown {
    const resolved = this.walk.resolve(node);
    const members = Array.isArray(resolved.anyOf) ? (resolved.anyOf as unknown[]).filter(isSchema) : [];
    const numbers = members
      .map((member) => this.walk.resolve(member))
      .find((member) => member.deprecated === true && Array.isArray(member.enum));
    const names = members
      .map((member) => this.walk.resolve(member))
      .find((member) => member.deprecated !== true && Array.isArray(member.enum));
    if (numbers === undefined || names === undefined) return value;
    const index = (numbers.enum as unknown[]).indexOf(value);
    const name = (names.enum as unknown[])[index];
    if (index < 0 || name === undefined) return value;
    this.changes.push({ path, kind: 'value', from: value, to: name });
    return name;
  }

  private object(node: Schema, value: Record<string, unknown>, path: string): Record<string, unknown> {
    const view = this.walk.objectView(node, value, (key) => this.spellings?.get(key) ?? jsonName(key));
    if (view === undefined) return value;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const child = value[key];
      const canonical = this.canonicalKey(key, view.properties);
      let target = key;
      if (canonical !== undefined) {
        if (Object.hasOwn(value, canonical)) {
          const same = sameJson(child, value[canonical]);
          (same ? this.warnings : this.errors).push(
            issue(
              pointerTo(path, key),
              'conflict',
              `is "${canonical}" written as "${key}", and "${canonical}" is given too${same ? ' (with the same value)' : ', with another value'}: both kept`,
              `send only "${canonical}"`,
              { property: key, canonicalProperty: canonical },
            ),
          );
        } else {
          target = canonical;
          this.changes.push({ path: pointerTo(path, key), kind: 'key', from: key, to: canonical });
        }
      }
      const schema = Object.hasOwn(view.properties, target) ? view.properties[target] : view.additional;
      // Free-form members (metadata, data: no declared properties below) are copied as they are.
      out[target] = schema === undefined ? child : this.node(schema, child, pointerTo(path, target));
    }
    return out;
  }
}

/**
 * The canonical form of `value` as the type `typeName` of a variant, the rewrites made, and the verdict `validate`
 * gives that form (with `lenient` when asked). Throws a TypeError when the variant has no such type.
 */
export function normalize<N extends string, V extends VariantName = 'bindu'>(
  typeName: KnownTypeName<N, V>,
  value: unknown,
  options?: NormalizeOptions<V>,
): NormalizeResult {
  const variantName: string = options?.variant ?? DEFAULT_VARIANT;
  const variant = loadVariant(variantName);
  // An unknown type is the TypeError validate throws.
  typeValidator(variant, typeName);
  if (variantName === 'bindu') binduSpellings ??= new Map(DEPLOYED_BINDU_SPELLINGS.map((entry) => [entry.sent, entry.canonical]));
  const normalizer = new Normalizer(new SchemaWalk(variant.definitions), variantName === 'bindu' ? binduSpellings : undefined);
  const canonical = normalizer.node({ $ref: `#/$defs/${escapeRef(typeName)}` }, value, '');
  const verdict = validate(typeName as never, canonical, { variant: variantName as never, lenient: options?.lenient === true });
  const errors = [...normalizer.errors, ...verdict.errors];
  const warnings = [...normalizer.warnings, ...verdict.warnings];
  return {
    valid: errors.length === 0,
    errors,
    warnings,
    ...(verdict.omitted !== undefined ? { omitted: verdict.omitted } : {}),
    value: canonical,
    changes: normalizer.changes,
  };
}

const escapeRef = (name: string) => name.replace(/~/g, '~0').replace(/\//g, '~1');
