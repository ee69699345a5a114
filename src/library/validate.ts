/**
 * `validate(typeName, value, { variant, strict })`: checks a payload against one type of a
 * variant with the validators the build precompiled (nothing is compiled at run time).
 *
 *   import { validate } from 'bindu-protocol';
 *   const { valid, errors, warnings } = validate('Task', payload, { variant: 'a2a' });
 *
 * How the verdict is reached, cheapest first:
 * 1. the closed validator (unknown keys and deprecated forms rejected). It passes for a clean
 *    payload, which is then valid with no errors and no warnings; nothing else runs and
 *    nothing is allocated but the result.
 * 2. the explainer (src/engine/explain.ts, through the build's generated explainers) walks what
 *    failed to say what is wrong, one branch per union, skipping every part the precompiled
 *    validators pass; a key missing and nothing more it words itself, as reported; issues.ts words
 *    the other issues and the hints, and reports each defect once.
 * 3. strict, or an error found: the payload is invalid. Otherwise (only unknown keys or deprecated
 *    forms found) the open validator (the schema as published) gives the verdict: unknown keys
 *    alone do not make a payload invalid.
 */
import { allWordedOnce, nearest, shapeIssues } from '../engine/issues.js';
import { isErrorIssue, issue, type ValidationIssue } from '../engine/validation-issue.js';
import type { CompiledExplain, ExplainRuntime, RawIssue } from '../engine/explain.js';
import { FailurePoint } from '../engine/json-value.js';
import {
  CALL_OPTIONS,
  DEFAULT_VARIANT,
  loadVariant,
  registryGeneration,
  type CompiledError,
  type CompiledValidator,
  type LoadedVariant,
} from '../engine/load-validators.js';
import type { VariantName } from '../../schemas/variant-table.js';
import type { KnownTypeName, ProtocolTypeName } from './protocol-types.js';
import { HINT_TEMPLATES } from '../engine/hint-table.js';
import { relax } from './lenient.js';

export type { ValidationIssue } from '../engine/issues.js';

/** The type names of a variant (its definitions). */
export type TypeName<V extends VariantName = 'bindu'> = ProtocolTypeName<V>;

export interface ValidateOptions<V extends VariantName = VariantName> {
  /** The variant whose schemas apply (default `bindu`). */
  readonly variant?: V;
  /** Reject unknown keys and non-canonical (deprecated) forms instead of warning about unknown keys. */
  readonly strict?: boolean;
  /**
   * The most errors reported (default 100; 0 for all). The others are counted in `omitted`; the
   * verdict never depends on the cap.
   */
  readonly maxErrors?: number;
  /**
   * Read as a robust receiver (DESIGN decision 15): unknown enum values, string formats and the missing fields
   * `schemas/lenient-table.ts` lists (each with its reason) are warnings, not errors; structure stays an error.
   */
  readonly lenient?: boolean;
}

export interface ValidationResult {
  /** True when the payload has no errors (warnings do not count). */
  readonly valid: boolean;
  /** Each defect once: where, which keyword, what is wrong, and a hint when the package can tell. */
  readonly errors: readonly ValidationIssue[];
  /** What does not make the payload invalid: unknown keys (unless strict), an undeclared error code, … */
  readonly warnings: readonly ValidationIssue[];
  /** How many errors `maxErrors` left out of `errors` (present only when some were). */
  readonly omitted?: number;
}

/** How many errors a result reports unless told otherwise (`maxErrors`, `--max-errors`). */
export const DEFAULT_MAX_ERRORS = 100;

/**
 * What a check reports: at most `maxErrors` errors (Infinity for all), and none at the paths in
 * `skipPaths` (places the text scan reported already).
 */
export interface Limits {
  readonly maxErrors: number;
  readonly skipPaths?: ReadonlySet<string>;
}

export const DEFAULT_LIMITS: Limits = Object.freeze({ maxErrors: DEFAULT_MAX_ERRORS });

/** The cap a `maxErrors` option means: 100 when absent, every error for 0. A TypeError for anything but a whole number ≥ 0. */
export function errorCap(maxErrors: unknown): number {
  if (maxErrors === undefined) return DEFAULT_MAX_ERRORS;
  if (typeof maxErrors !== 'number' || !Number.isInteger(maxErrors) || maxErrors < 0)
    throw new TypeError(`maxErrors must be a whole number, 0 or more (0 reports every error), not ${String(maxErrors)}`);
  return maxErrors === 0 ? Infinity : maxErrors;
}

/** The limits `options.maxErrors` means. */
export function limitsOf(options: { readonly maxErrors?: number } | undefined): Limits {
  return options?.maxErrors === undefined ? DEFAULT_LIMITS : { maxErrors: errorCap(options.maxErrors) };
}

const NONE: readonly ValidationIssue[] = Object.freeze([]);

/** Builds a result; empty lists are a shared frozen array; `omitted` only when some errors were left out. */
export function result(
  valid: boolean,
  errors: readonly ValidationIssue[],
  warnings: readonly ValidationIssue[],
  omitted = 0,
): ValidationResult {
  const shown = errors.length === 0 ? NONE : errors;
  const rest = warnings.length === 0 ? NONE : warnings;
  return omitted > 0 ? { valid, errors: shown, warnings: rest, omitted } : { valid, errors: shown, warnings: rest };
}

/**
 * A result built from parts (each capped already, with its own exact `omitted`) cut to `maxErrors`:
 * the first errors in order, and how many in all were left out.
 */
export function capped(
  valid: boolean,
  errors: readonly ValidationIssue[],
  warnings: readonly ValidationIssue[],
  omitted: number,
  maxErrors: number,
): ValidationResult {
  if (errors.length <= maxErrors) return result(valid, errors, warnings, omitted);
  return result(valid, errors.slice(0, maxErrors), warnings, omitted + errors.length - maxErrors);
}

/** An error of a precompiled validator in the reported shape (used only if the explainer finds nothing). */
function fromCompiled(error: CompiledError | undefined): ValidationIssue {
  if (!error || error.keyword.startsWith('x-bindu-')) return issue(error?.instancePath ?? '', 'schema', 'does not match the schema');
  const params = error.params ?? {};
  switch (error.keyword) {
    case 'required':
      return issue(error.instancePath, 'required', `missing the required property "${String(params.missingProperty)}"`, undefined, params);
    case 'additionalProperties':
      return issue(
        error.instancePath,
        'additionalProperties',
        `unknown property "${String(params.additionalProperty)}"`,
        undefined,
        params,
      );
    case 'type':
      return issue(error.instancePath, 'type', `must be of type ${String(params.type)}`, undefined, params);
    default:
      return issue(error.instancePath, error.keyword, `fails the "${error.keyword}" check`, undefined, params);
  }
}

/** A property of a method's type whose own validators the build wrote (a request's inline `params`, a result). */
interface Part {
  readonly property: string;
  readonly module: string;
}

/**
 * The verdict once the closed validator `closed` of a type (or of its `part`) has failed (see the file comment): the
 * explainer's issues (none when it fails itself), told where the closed validator failed, then `judged`.
 */
function explained(
  variant: LoadedVariant,
  typeName: string,
  part: Part | undefined,
  closed: CompiledValidator,
  value: unknown,
  strict: boolean,
  limits: Limits = DEFAULT_LIMITS,
): ValidationResult {
  const fallback = closed.errors?.[0];
  let raw: RawIssue[];
  try {
    raw =
      part === undefined
        ? variant.explainer.explainType(typeName, value, fallback?.instancePath)
        : variant.explainer.explainProperty(typeName, part.property, value);
  } catch {
    raw = [];
  }
  return judged(variant, typeName, part, value, raw, fallback, strict, limits);
}

/**
 * The verdict from the explainer's issues `raw` on a value the closed validator failed (`fallback`: its first error).
 * An error found is the verdict, open or not; only a payload with none (unknown keys, deprecated forms) is judged by
 * the open validator, looked up exactly then. The fuzz suites hold the open validator and the explainer to the same
 * verdict.
 */
function judged(
  variant: LoadedVariant,
  typeName: string,
  part: Part | undefined,
  value: unknown,
  raw: RawIssue[],
  fallback: CompiledError | undefined,
  strict: boolean,
  limits: Limits,
): ValidationResult {
  // All worded by the walk (errors as reported), few, none repeated, none left out: the issues are the verdict.
  if (raw.length > 0 && raw.length <= limits.maxErrors && raw.length <= 32 && limits.skipPaths === undefined && allWordedOnce(raw))
    return result(false, raw as ValidationIssue[], NONE);
  let valid = false;
  if (!strict && !hasError(raw)) {
    const open = part === undefined ? variant.openValidator(typeName) : variant.partValidator(part.module, 'open');
    valid = open(value, CALL_OPTIONS);
    fallback = open.errors?.[0];
  }
  const { errors, warnings, omitted } = shapeIssues(raw, strict, limits.maxErrors, limits.skipPaths);
  if (valid) return result(true, NONE, warnings);
  if (errors.length > 0 || omitted > 0) return result(false, errors, warnings, omitted);
  const last = fromCompiled(fallback);
  // Nothing found but what the text scan reported there already: the verdict stands, with no error of its own.
  return result(false, limits.skipPaths?.has(last.path) ? NONE : [last], warnings);
}

function hasError(raw: readonly RawIssue[]): boolean {
  for (let i = 0; i < raw.length; i++) if (isErrorIssue(raw[i]!)) return true;
  return false;
}

/** The result of every payload the closed validator passes (shared and frozen: it has nothing of its own). */
const VALID: ValidationResult = Object.freeze({ valid: true, errors: NONE, warnings: NONE });

/** Validates with an already loaded variant; `validator` is the type's closed validator. */
export function check(
  variant: LoadedVariant,
  typeName: string,
  validator: CompiledValidator,
  value: unknown,
  strict: boolean,
  limits: Limits = DEFAULT_LIMITS,
): ValidationResult {
  try {
    if (validator(value, CALL_OPTIONS)) return VALID;
    return explained(variant, typeName, undefined, validator, value, strict, limits);
  } catch (error) {
    return tooDeep(error);
  }
}

/**
 * The verdict on a payload nested so deep that the validator (a recursive function) exhausted the
 * JavaScript stack: an error at the root instead of a RangeError. Any other exception is rethrown.
 * Nothing is checked beforehand: the try around the call costs nothing when it does not throw.
 */
function tooDeep(error: unknown): ValidationResult {
  // Built beforehand: the stack may have only a little room left here.
  if (error instanceof RangeError && error.message.includes('call stack')) return TOO_DEEP;
  throw error;
}

const TOO_DEEP = result(
  false,
  [
    Object.freeze(
      issue('', 'depth', 'is nested deeper than the validator can follow (the JavaScript call stack ran out)', HINT_TEMPLATES.tooDeep),
    ),
  ],
  NONE,
);

/** The closed validator of a type, or a TypeError naming the variant and the nearest type names. */
export function typeValidator(variant: LoadedVariant, typeName: string): CompiledValidator {
  const validator = variant.closedValidator(typeName);
  if (validator) return validator;
  const near = typeof typeName === 'string' ? nearest(typeName, variant.meta.types, 3) : [];
  throw new TypeError(
    `unknown type "${String(typeName)}" in variant "${variant.name}"${near.length > 0 ? ` (did you mean ${near.map((name) => `"${name}"`).join(', ')}?)` : ''}`,
  );
}

/**
 * Checks `value` against the type `typeName` of a variant. Throws a TypeError when the variant
 * has no such type (a programming error); everything about the value is in the result.
 */
export function validate<N extends string, V extends VariantName = 'bindu'>(
  typeName: KnownTypeName<N, V>,
  value: unknown,
  options?: ValidateOptions<V>,
): ValidationResult {
  const variantName = options?.variant ?? DEFAULT_VARIANT;
  // The common case first, with nothing else read or built: the same type as the last call, a payload
  // the closed validator passes. Kept small, so that it is inlined where it is called.
  if (typeName === last.type && variantName === last.variant && registryGeneration === last.generation) {
    if (passes(last.validator, value)) return VALID;
    // Failed (not out of stack): explained without running the closed validator again.
    if (!lastThrew && options?.lenient !== true) return failedLast(value, options);
  }
  return validateAgain(typeName, variantName, value, options);
}

/**
 * The verdict on a value the last type's closed validator has just failed (see `validate`): `explained`, with the
 * type's generated explainer called here, found once (the call layers between would be a tenth of a verdict's cost).
 */
function failedLast(value: unknown, options: ValidateOptions | undefined): ValidationResult {
  const state = last;
  const strict = options?.strict === true;
  try {
    if (state.walk === undefined) {
      state.walk = state.loaded!.compiledExplainer(state.type as string) ?? null;
      state.explainer = state.loaded!.explainer;
    }
    if (state.walk === null)
      return explained(state.loaded!, state.type as string, undefined, state.validator, value, strict, limitsOf(options));
    const fallback = state.validator.errors?.[0];
    const raw: RawIssue[] = [];
    try {
      const failed = lastFailure.read(fallback?.instancePath);
      state.walk(value, '', raw, state.explainer!, failed.member, failed.item);
    } catch {
      raw.length = 0;
    }
    return judged(state.loaded!, state.type as string, undefined, value, raw, fallback, strict, limitsOf(options));
  } catch (error) {
    return tooDeep(error);
  }
}

/** Where the last type's closed validator failed (see `failedLast`). */
const lastFailure = new FailurePoint();

/**
 * True when the closed validator passes the value (false when it runs out of stack: `check` says so
 * then). The closed validators take the value alone (scripts/lib/compile-closed.ts).
 */
function passes(validator: CompiledValidator, value: unknown): boolean {
  try {
    lastThrew = false;
    return validator(value);
  } catch {
    lastThrew = true;
    return false;
  }
}

/** True when the last `passes` call ran out of stack (the verdict is then `check`'s). */
let lastThrew = false;

/** `validate` past its fast path: the type's validator found (and remembered), then the verdict. */
function validateAgain(typeName: string, variantName: string, value: unknown, options: ValidateOptions | undefined): ValidationResult {
  const variant = loadVariant(variantName);
  const validator = typeValidator(variant, typeName);
  last = {
    type: typeName,
    variant: variantName,
    generation: registryGeneration,
    validator,
    loaded: variant,
    walk: undefined,
    explainer: undefined,
  };
  if (options?.lenient !== true) return check(variant, typeName, validator, value, options?.strict === true, limitsOf(options));
  const verdict = check(variant, typeName, validator, value, options.strict === true, { maxErrors: Infinity });
  if (verdict.valid) return verdict;
  const { errors, warnings } = relax(variant, typeName, value, verdict.errors);
  return capped(errors.length === 0, errors, [...verdict.warnings, ...warnings], 0, limitsOf(options).maxErrors);
}

/** The type, variant, closed validator and loaded variant of the last `validate` call (a registry swap makes it stale). */
let last: {
  readonly type: unknown;
  readonly variant: unknown;
  readonly generation: number;
  readonly validator: CompiledValidator;
  readonly loaded?: LoadedVariant;
  /**
   * The type's generated explainer (null: the build wrote none) and what it calls back, found when a payload first
   * fails (kept here: reading the variant's `explainer` getter at each failure cost the card's verdict a few percent).
   */
  walk: CompiledExplain | null | undefined;
  explainer: ExplainRuntime | undefined;
} = {
  type: undefined,
  variant: undefined,
  generation: -1,
  validator: () => false,
  loaded: undefined,
  walk: undefined,
  explainer: undefined,
};

/**
 * Checks `value` against the property `property` of the type `typeName`: the `params` of a
 * method's request type or the `result` of its success response type (the method parts), with
 * error paths relative to `value`. The verdict and the errors are those `validate` gives the
 * whole envelope, under that property. Throws a TypeError when the variant has no such type,
 * or the type no such property.
 *
 *   validateProperty('SendMessageSuccessResponse', 'result', task, { variant: 'a2a' });
 */
export function validateProperty<N extends string, V extends VariantName = 'bindu'>(
  typeName: KnownTypeName<N, V>,
  property: 'params' | 'result' | (string & {}),
  value: unknown,
  options?: ValidateOptions<V>,
): ValidationResult {
  const variant = loadVariant(options?.variant ?? DEFAULT_VARIANT);
  const strict = options?.strict === true;
  const limits = limitsOf(options);
  typeValidator(variant, typeName);
  const part = variant.part(typeName, property);
  if (!part) {
    const known = Object.keys(variant.meta.parts?.[typeName] ?? {});
    throw new TypeError(
      `type "${typeName}" of variant "${variant.name}" has no ${quoteName(property)} property to validate${known.length > 0 ? ` (it has ${known.map(quoteName).join(', ')})` : " (only the params of a method's request type and the result of its success response type can be)"}`,
    );
  }
  if ('type' in part) return check(variant, part.type, typeValidator(variant, part.type), value, strict, limits);
  const closed = variant.partValidator(part.module, 'closed');
  try {
    if (closed(value, CALL_OPTIONS)) return { valid: true, errors: NONE, warnings: NONE };
    return explained(variant, typeName, { property, module: part.module }, closed, value, strict, limits);
  } catch (error) {
    return tooDeep(error);
  }
}

function quoteName(name: unknown): string {
  return `"${String(name)}"`;
}
