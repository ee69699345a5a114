/**
 * `validateText(typeName, text, options)` and `validateMessageText(text, options)`: `validate` and
 * `validateMessage` on JSON text (a string or UTF-8 bytes), with the CLI's checks of the text:
 * - input errors (too large, default 64 MiB; not UTF-8; not JSON): invalid, one error with keyword
 *   `size`, `encoding` or `syntax`, the same words in `inputError`, the payload never checked;
 * - what JSON.parse hides, before the schema's errors: duplicate keys, lone surrogates, numbers
 *   beyond a double (`duplicateKey`, `unicode`, `range`). A leading byte order mark is ignored.
 * The CLI judges each payload with `judgeText`, so both give the same verdicts and errors.
 */
import { issue } from '../engine/validation-issue.js';
import { DEFAULT_MAX_BYTES, InputError, decodeUtf8, formatBytes, parseJson, textIssues, utf8Length } from '../engine/json-text.js';
import { checkMessage, type ValidateMessageOptions } from './validate-message.js';
import {
  DEFAULT_LIMITS,
  DEFAULT_MAX_ERRORS,
  capped,
  check,
  errorCap,
  typeValidator,
  type Limits,
  type ValidateOptions,
  type ValidationResult,
} from './validate.js';
import { DEFAULT_VARIANT, loadVariant } from '../engine/load-validators.js';
import type { VariantName } from '../../schemas/variant-table.js';
import type { KnownTypeName } from './protocol-types.js';

/** JSON text as `validateText` takes it: a string, or its UTF-8 bytes. */
export type JsonText = string | Uint8Array | ArrayBuffer;

interface TextOptions {
  /** The largest text accepted, in bytes (default 64 MiB); a larger one is an input error. */
  readonly maxBytes?: number;
}

export interface ValidateTextOptions<V extends VariantName = VariantName> extends ValidateOptions<V>, TextOptions {}
export interface ValidateMessageTextOptions<V extends VariantName = VariantName> extends ValidateMessageOptions<V>, TextOptions {}

/** A verdict on a text: `validate`'s result, and `inputError` when the text could not be read as JSON at all. */
export interface TextValidationResult extends ValidationResult {
  /**
   * Present when the text is not a JSON payload that could be checked (too large, not UTF-8,
   * not JSON): what is wrong, with the byte offset or the line and column. The result is then
   * invalid, with this one error (keyword `size`, `encoding` or `syntax`). Absent for every
   * verdict on the payload itself.
   */
  readonly inputError?: string;
}

/**
 * The verdict on one JSON text: parsed (an InputError when it is not JSON), scanned for what
 * JSON.parse hides, then judged by `judge` with room for the errors of the text, which come first.
 */
export function judgeText(text: string, judge: (value: unknown, limits: Limits) => ValidationResult, maxErrors: number): ValidationResult {
  const value = parseJson(text);
  const found = textIssues(text, value);
  if (found.length === 0) return judge(value, maxErrors === DEFAULT_MAX_ERRORS ? DEFAULT_LIMITS : { maxErrors });
  let ranges: Set<string> | undefined;
  for (const item of found) if (item.keyword === 'range') (ranges ??= new Set()).add(item.path);
  const verdict = judge(value, { maxErrors: Math.max(maxErrors - found.length, 0), ...(ranges ? { skipPaths: ranges } : {}) });
  return capped(false, [...found, ...verdict.errors], verdict.warnings, verdict.omitted ?? 0, maxErrors);
}

/** The text of `input` as a string, within `maxBytes`; an InputError (with its keyword) otherwise. */
function readText(input: JsonText, maxBytes: number): string {
  if (typeof input === 'string') {
    if (input.length > maxBytes || (input.length * 3 > maxBytes && utf8Length(input) > maxBytes)) {
      throw Object.assign(
        new InputError(
          `the text (${formatBytes(utf8Length(input))}) is larger than the limit of ${formatBytes(maxBytes)} (raise it with the maxBytes option)`,
        ),
        { keyword: 'size' },
      );
    }
    return input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  }
  const bytes = input instanceof ArrayBuffer ? new Uint8Array(input) : input;
  if (bytes.length > maxBytes)
    throw Object.assign(
      new InputError(
        `the text (${formatBytes(bytes.length)}) is larger than the limit of ${formatBytes(maxBytes)} (raise it with the maxBytes option)`,
      ),
      { keyword: 'size' },
    );
  try {
    return decodeUtf8(bytes);
  } catch (error) {
    throw Object.assign(error as Error, { keyword: 'encoding' });
  }
}

function byteLimit(maxBytes: unknown): number {
  if (maxBytes === undefined) return DEFAULT_MAX_BYTES;
  if (typeof maxBytes !== 'number' || !Number.isSafeInteger(maxBytes) || maxBytes < 1)
    throw new TypeError(`maxBytes must be a whole number of bytes, 1 or more, not ${String(maxBytes)}`);
  return maxBytes;
}

function onText(
  input: JsonText,
  options: (TextOptions & { readonly maxErrors?: number }) | undefined,
  judge: (value: unknown, limits: Limits) => ValidationResult,
): TextValidationResult {
  if (typeof input !== 'string' && !(input instanceof Uint8Array) && !(input instanceof ArrayBuffer)) {
    throw new TypeError(
      `the text must be a string or bytes (a Uint8Array, Buffer or ArrayBuffer), not ${input === null ? 'null' : typeof input}`,
    );
  }
  const maxErrors = errorCap(options?.maxErrors);
  const maxBytes = byteLimit(options?.maxBytes);
  try {
    return judgeText(readText(input, maxBytes), judge, maxErrors);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    const keyword = (error as InputError & { keyword?: string }).keyword ?? 'syntax';
    return { valid: false, errors: [issue('', keyword, error.message)], warnings: [], inputError: error.message };
  }
}

/**
 * Checks JSON text (a string or UTF-8 bytes) as the type `typeName` of a variant: `validate`'s
 * verdict on the parsed value, with the text's own defects (duplicate keys, lone surrogates,
 * numbers out of range) as errors first, and text that cannot be read as JSON reported as an
 * input error (`inputError`). Throws a TypeError for a type name the variant does not have.
 *
 *   validateText('Task', await readFile('task.json'), { variant: 'a2a' });
 */
export function validateText<N extends string, V extends VariantName = 'bindu'>(
  typeName: KnownTypeName<N, V>,
  text: JsonText,
  options?: ValidateTextOptions<V>,
): TextValidationResult {
  const variant = loadVariant(options?.variant ?? DEFAULT_VARIANT);
  const validator = typeValidator(variant, typeName);
  const strict = options?.strict === true;
  return onText(text, options, (value, limits) => check(variant, typeName, validator, value, strict, limits));
}

/**
 * Checks JSON text (a string or UTF-8 bytes) as a JSON-RPC message: `validateMessage`'s verdict,
 * with the text checks of `validateText`.
 */
export function validateMessageText<V extends VariantName = 'bindu'>(
  text: JsonText,
  options?: ValidateMessageTextOptions<V>,
): TextValidationResult {
  const variant = loadVariant(options?.variant ?? DEFAULT_VARIANT);
  return onText(text, options, (value, limits) => checkMessage(variant, value, options, limits));
}
