/**
 * Type guards and bound validators over `validate`:
 *
 *   if (is('Message', value, { variant: 'a2a-v1', strict: true })) value.messageId.toUpperCase();
 *   assertType('Task', value);                       // throws a ProtocolValidationError listing the errors
 *   const v1 = createValidator({ variant: 'a2a-v1', strict: true });
 *   if (v1.is('Part', part) && 'text' in part) part.text;
 *
 * A guard narrows only to what it checked: with `strict` to the canonical type, without it to the
 * accepted type (protocol-types.ts). Type names are checked per variant at compile time; code that
 * holds a name only at run time uses `isNamed` / `assertNamed`, which narrow to `unknown`.
 */
import type { VariantName } from '../../schemas/variant-table.js';
import type { Checked, KnownTypeName, ProtocolTypeName } from './protocol-types.js';
import { validate, type ValidationIssue, type ValidationResult } from './validate.js';
import { validateMessage, type ValidateMessageOptions } from './validate-message.js';
import { standardSchema, type StandardSchemaV1 } from './standard-schema.js';

/** Options of a guard: the variant (default `bindu`), `strict` (canonical form only), `maxErrors` (of an assertion's message). */
export interface GuardOptions<V extends VariantName = VariantName, S extends boolean = boolean> {
  readonly variant?: V;
  readonly strict?: S;
  readonly maxErrors?: number;
}

/** What `assertType` and its kin throw: an Error whose message lists every error; the verdict is in `result`. */
export class ProtocolValidationError extends Error {
  override readonly name = 'ProtocolValidationError';
  constructor(
    what: string,
    /** The verdict, as `validate` returned it. */
    readonly result: ValidationResult,
  ) {
    super(failureMessage(what, result));
  }
}

function issueLine(entry: ValidationIssue): string {
  const line = `  ${entry.path === '' ? '(root)' : entry.path}: ${entry.message} [${entry.keyword}]`;
  return entry.hint ? `${line} (hint: ${entry.hint})` : line;
}

/** "<what> is invalid: N errors:" and one line per error (path, message, keyword, hint), then how many were left out. */
export function failureMessage(what: string, verdict: ValidationResult): string {
  const total = verdict.errors.length + (verdict.omitted ?? 0);
  const lines = [`${what} is invalid: ${total} error${total === 1 ? '' : 's'}:`, ...verdict.errors.map(issueLine)];
  if (verdict.omitted) lines.push(`  … and ${verdict.omitted} more`);
  return lines.join('\n');
}

function describe(typeName: string, options: GuardOptions | undefined): string {
  return `${typeName} (variant ${options?.variant ?? 'bindu'}${options?.strict ? ', strict' : ''})`;
}

/** True when `value` is a valid `typeName` of the variant; narrows it (canonical type when `strict: true`). */
export function is<N extends ProtocolTypeName<V>, V extends VariantName = 'bindu', S extends boolean = false>(
  typeName: N,
  value: unknown,
  options?: GuardOptions<V, S>,
): value is Checked<N, V, S> {
  // The name is checked by N's constraint already.
  return validate<string, V>(typeName, value, options).valid;
}

/** Returns when `value` is a valid `typeName` of the variant, else throws a ProtocolValidationError listing the errors. */
export function assertType<N extends ProtocolTypeName<V>, V extends VariantName = 'bindu', S extends boolean = false>(
  typeName: N,
  value: unknown,
  options?: GuardOptions<V, S>,
): asserts value is Checked<N, V, S> {
  const verdict = validate<string, V>(typeName, value, options);
  if (!verdict.valid) throw new ProtocolValidationError(describe(typeName, options), verdict);
}

/** `is` for a type name known only at run time (a TypeError when the variant has no such type); narrows nothing. */
export function isNamed(typeName: string, value: unknown, options?: GuardOptions): boolean {
  return validate(typeName, value, options).valid;
}

/** `assertType` for a type name known only at run time; narrows nothing. */
export function assertNamed(typeName: string, value: unknown, options?: GuardOptions): void {
  const verdict = validate(typeName, value, options);
  if (!verdict.valid) throw new ProtocolValidationError(describe(typeName, options), verdict);
}

/** Throws a ProtocolValidationError listing the errors unless `message` is a valid JSON-RPC message (`validateMessage`). */
export function assertMessage<V extends VariantName = 'bindu'>(message: unknown, options?: ValidateMessageOptions<V>): void {
  const verdict = validateMessage(message, options);
  if (!verdict.valid)
    throw new ProtocolValidationError(
      `the JSON-RPC message${options?.method ? ` (${options.method})` : ''} (variant ${options?.variant ?? 'bindu'})`,
      verdict,
    );
}

/** The functions `createValidator` returns, bound to variant V and strictness S. */
export interface BoundValidator<V extends VariantName, S extends boolean> {
  readonly variant: V;
  readonly strict: S;
  /** `validate` with the bound variant and strictness (a literal name checked against V, a `string` at run time). */
  validate<N extends string>(typeName: KnownTypeName<N, V>, value: unknown, options?: { readonly maxErrors?: number }): ValidationResult;
  /** `is` with the bound variant and strictness. */
  is<N extends ProtocolTypeName<V>>(typeName: N, value: unknown): value is Checked<N, V, S>;
  /** `assertType` with the bound variant and strictness. */
  assert<N extends ProtocolTypeName<V>>(
    typeName: N,
    value: unknown,
    options?: { readonly maxErrors?: number },
  ): asserts value is Checked<N, V, S>;
  /** `validateMessage` with the bound variant and strictness. */
  validateMessage(message: unknown, options?: Omit<ValidateMessageOptions<V>, 'variant' | 'strict'>): ValidationResult;
  /** `standardSchema` with the bound variant, strictness and leniency: a Standard Schema V1 object for one type. */
  standardSchema<N extends ProtocolTypeName<V>>(typeName: N): StandardSchemaV1<unknown, Checked<N, V, S>>;
}

/**
 * The validation functions bound to one variant (default `bindu`) and strictness (default false),
 * their type names checked against that variant at compile time.
 */
export function createValidator<V extends VariantName = 'bindu', S extends boolean = false>(
  options: { readonly variant?: V; readonly strict?: S; readonly lenient?: boolean } = {},
): BoundValidator<V, S> {
  const variant = (options.variant ?? 'bindu') as V;
  const strict = (options.strict ?? false) as S;
  const bound = options.lenient === true ? { variant, strict, lenient: true } : { variant, strict };
  return {
    variant,
    strict,
    validate: (typeName, value, extra) => validate<string, V>(typeName, value, { ...bound, maxErrors: extra?.maxErrors }),
    is: <N extends ProtocolTypeName<V>>(typeName: N, value: unknown): value is Checked<N, V, S> =>
      validate<string, V>(typeName, value, bound).valid,
    assert(typeName, value, extra) {
      assertNamed(typeName, value, { ...bound, maxErrors: extra?.maxErrors });
    },
    validateMessage: (message, extra) => validateMessage(message, { ...extra, ...bound }),
    standardSchema: <N extends ProtocolTypeName<V>>(typeName: N) => standardSchema<N, V, S>(typeName, bound),
  };
}
