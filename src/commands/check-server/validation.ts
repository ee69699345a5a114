/**
 * The one place `check-server` reaches the validator: the package's own `validate` and
 * `validateMessage` (the package's runtime contract, README "Validate"), which use the validators the build
 * precompiled. check-server relies only on the contract:
 *
 *   validate(typeName, value, { variant, strict }) → { valid, errors[], warnings[] }
 *   validateMessage(message, { variant, strict, method? }) → the same
 *   each error: { path (JSON Pointer), keyword, message, hint? }
 */
export { validate } from '../../library/validate.js';
export { validateMessage } from '../../library/validate-message.js';

/** One error as check-server reads it. */
export interface ValidationError {
  readonly path: string;
  readonly keyword: string;
  readonly message: string;
  readonly hint?: string;
}

/** A verdict as check-server reads it. */
export interface ValidationResult {
  readonly valid: boolean;
  readonly errors: readonly ValidationError[];
  readonly warnings: readonly unknown[];
}
