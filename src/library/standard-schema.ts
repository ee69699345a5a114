/**
 * `standardSchema(typeName, { variant, strict, lenient })`: one type of a variant as a Standard Schema V1 object
 * (https://standardschema.dev: a `~standard` property with `version: 1`, `vendor` and `validate`), so the package's
 * validators plug into any library that takes one (Hono's standard validator, tRPC, TanStack Form, …).
 *
 *   app.post('/tasks', sValidator('json', standardSchema('Task', { variant: 'a2a' })), handler);
 *
 * `validate(value)` returns `{ value }` when `validate` finds the payload valid (warnings are not issues), else
 * `{ issues }`: each error's message and its path as keys (array indexes as numbers). For a missing or unknown key
 * the path ends at that key (the field a form shows the message beside), where `validate` points at its object.
 */
import type { VariantName } from '../../schemas/variant-table.js';
import type { ValidationIssue } from '../engine/validation-issue.js';
import { DEFAULT_VARIANT, loadVariant } from '../engine/load-validators.js';
import type { Checked, ProtocolTypeName } from './protocol-types.js';
import { typeValidator, validate } from './validate.js';

/** The Standard Schema V1 interface (version 1 of the spec), written out so the package needs no dependency for it. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardResult<Output>;
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
  };
}

/** A Standard Schema result: the value, or the issues. */
export type StandardResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: readonly StandardIssue[] };

/** A Standard Schema issue. */
export interface StandardIssue {
  readonly message: string;
  readonly path?: readonly PropertyKey[];
}

export interface StandardSchemaOptions<V extends VariantName = VariantName, S extends boolean = boolean> {
  /** The variant (default `bindu`). */
  readonly variant?: V;
  /** Reject unknown keys and non-canonical forms (as `validate`'s `strict`). */
  readonly strict?: S;
  /** Read as a robust receiver (as `validate`'s `lenient`). */
  readonly lenient?: boolean;
}

/** The vendor name Standard Schema consumers see. */
export const STANDARD_SCHEMA_VENDOR = 'bindu-protocol';

const unescapeToken = (token: string) => token.replace(/~1/g, '/').replace(/~0/g, '~');

/** A JSON Pointer as Standard Schema path keys: array indexes as numbers, the missing or unknown key appended. */
export function standardPath(error: ValidationIssue, value: unknown): PropertyKey[] {
  const keys: PropertyKey[] = [];
  let current: unknown = value;
  if (error.path !== '') {
    for (const raw of error.path.slice(1).split('/')) {
      const token = unescapeToken(raw);
      const key = Array.isArray(current) && /^(0|[1-9][0-9]*)$/.test(token) ? Number(token) : token;
      keys.push(key);
      current = current !== null && typeof current === 'object' ? (current as Record<PropertyKey, unknown>)[key] : undefined;
    }
  }
  const member = error.params.missingProperty ?? error.params.additionalProperty;
  if ((error.keyword === 'required' || error.keyword === 'additionalProperties') && typeof member === 'string') keys.push(member);
  return keys;
}

/**
 * The type `typeName` of a variant as a Standard Schema V1 object. Throws a TypeError when the variant has no such
 * type (as `validate` does), when it is made, not when it is used.
 */
export function standardSchema<N extends ProtocolTypeName<V>, V extends VariantName = 'bindu', S extends boolean = false>(
  typeName: N,
  options?: StandardSchemaOptions<V, S>,
): StandardSchemaV1<unknown, Checked<N, V, S>> {
  const variant = (options?.variant ?? DEFAULT_VARIANT) as V;
  typeValidator(loadVariant(variant), typeName);
  const bound = { variant, strict: options?.strict === true, lenient: options?.lenient === true, maxErrors: 0 };
  return {
    '~standard': {
      version: 1,
      vendor: STANDARD_SCHEMA_VENDOR,
      validate(value: unknown) {
        const verdict = validate<string, V>(typeName, value, bound);
        if (verdict.valid) return { value: value as Checked<N, V, S> };
        return { issues: verdict.errors.map((error) => ({ message: error.message, path: standardPath(error, value) })) };
      },
    },
  };
}
