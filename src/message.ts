/**
 * `validateMessage(message, { variant, strict, method, request })`: checks a JSON-RPC message
 * of a variant's protocol, finding what to check from the message itself.
 *
 * - A request (it has `method`): the method decides; the whole request is checked as the
 *   method's request type (envelope and params). An unknown method is an ordinary error at
 *   `/method` (keyword `method`) with the nearest known names as the hint.
 * - A response (it has `result` or `error`): the method comes from `options.method`, or from
 *   `options.request`. A success response is checked as the method's success response type; an
 *   error response as the method's response type, and then its code against the errors the
 *   method declares. JSON-RPC server errors (-32000 to -32099) are allowed for every method
 *   (SPEC-NOTES B-14), except the codes the variant's catalogue gives a meaning to
 *   (TaskNotCancelableError is -32002): those must be declared by the method. An undeclared code
 *   is a warning at `/error/code` (keyword `code`); a malformed error object is an error. With no method known, a success response is checked against every
 *   method's success response (and a warning says so) and an error code against the variant's
 *   whole catalogue.
 * - A batch (a JSON array) is checked member by member, paths prefixed with the index.
 */
import { issue, nearest, quote, type ValidationIssue } from './errors.js';
import { DEFAULT_VARIANT, loadVariant, type LoadedVariant, type MethodMeta } from './validate/load.js';
import { check, result, typeValidator, type ValidationResult } from './validate.js';
import type { VariantName } from './variants.js';

export interface ValidateMessageOptions<V extends VariantName = VariantName> {
  /** The variant whose schemas and method registry apply (default `bindu`). */
  readonly variant?: V;
  /** Reject unknown keys and non-canonical forms (see `validate`). */
  readonly strict?: boolean;
  /** For a response: the method of the request it answers. */
  readonly method?: string;
  /** For a response: the request it answers (its `method` and `id` are used). */
  readonly request?: unknown;
}

/** JSON-RPC 2.0's range of implementation-defined server errors, allowed for every method. */
export const SERVER_ERROR_CODES = { min: -32099, max: -32000 } as const;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const hasOwn = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

function unknownMethodHint(variant: LoadedVariant, name: string): string {
  const names = variant.meta.methods.map((method) => method.method);
  const near = nearest(name, names, 3);
  if (near.length > 0) return `did you mean ${near.map((method) => `"${method}"`).join(' or ')}?`;
  return `the ${variant.name} methods are ${names.map((method) => `"${method}"`).join(', ')}`;
}

/** The method `options` names for a response; a TypeError when the variant has no such method. */
function responseMethod(variant: LoadedVariant, options: ValidateMessageOptions | undefined): MethodMeta | undefined {
  let name = options?.method;
  if (name === undefined && isObject(options?.request) && typeof options.request.method === 'string') name = options.request.method;
  if (name === undefined) return undefined;
  const method = variant.method(name);
  if (!method) throw new TypeError(`unknown method "${name}" in variant "${variant.name}" (${unknownMethodHint(variant, name)})`);
  return method;
}

function validateType(variant: LoadedVariant, type: string, value: unknown, strict: boolean): ValidationResult {
  return check(variant, type, typeValidator(variant, type), value, strict);
}

function checkRequest(variant: LoadedVariant, message: Record<string, unknown>, options: ValidateMessageOptions | undefined, strict: boolean): ValidationResult {
  const name = message.method;
  if (typeof name !== 'string') return result(false, [issue('/method', 'type', `must be a string (the method name), not ${quote(name)}`)], []);
  const method = variant.method(name);
  if (!method) return result(false, [issue('/method', 'method', `unknown method ${quote(name)} in the ${variant.name} variant`, unknownMethodHint(variant, name))], []);
  const checked = validateType(variant, method.request, message, strict);
  if (options?.method !== undefined && options.method !== name) {
    return result(false, [issue('/method', 'method', `is ${quote(name)}, but the expected method is ${quote(options.method)}`), ...checked.errors], checked.warnings);
  }
  return checked;
}

/** The codes a method may answer with: the ones it declares, or the variant's whole catalogue. */
function codeWarning(variant: LoadedVariant, method: MethodMeta | undefined, error: unknown): ValidationIssue | undefined {
  if (!isObject(error) || typeof error.code !== 'number' || !Number.isInteger(error.code)) return undefined;
  const code = error.code;
  const declared = method
    ? method.errors.filter((entry) => entry.code !== null).map((entry) => [entry.name, entry.code as number] as const)
    : Object.entries(variant.meta.errors);
  if (declared.some(([, known]) => known === code)) return undefined;
  // A server error the catalogue does not name is implementation-defined: any method may return it.
  // One the catalogue names (TaskNotCancelableError, -32002, ...) has a meaning, which the method must declare.
  const named = Object.entries(variant.meta.errors).find(([, known]) => known === code);
  if (!named && code >= SERVER_ERROR_CODES.min && code <= SERVER_ERROR_CODES.max) return undefined;
  const list = declared.map(([name, known]) => `${known} ${name}`).join(', ');
  return method
    ? issue('/error/code', 'code', `error code ${code}${named ? ` (${named[0]})` : ''} is not one that "${method.method}" declares`, `"${method.method}" declares ${list}; server errors from -32000 to -32099 that no catalogue entry names are allowed for every method`)
    : issue('/error/code', 'code', `error code ${code} is not one the ${variant.name} variant defines`, `the ${variant.name} errors are ${list}; other server errors from -32000 to -32099 are allowed too`);
}

function checkResponse(variant: LoadedVariant, message: Record<string, unknown>, options: ValidateMessageOptions | undefined, strict: boolean): ValidationResult {
  const method = responseMethod(variant, options);
  const extraWarnings: ValidationIssue[] = [];
  if (isObject(options?.request) && hasOwn(options.request, 'id') && hasOwn(message, 'id') && message.id !== null && message.id !== options.request.id) {
    extraWarnings.push(issue('/id', 'id', `is ${quote(message.id)}, but the request's id is ${quote(options.request.id)}`, 'a response repeats the id of the request it answers'));
  }
  let checked: ValidationResult;
  if (hasOwn(message, 'error')) {
    const methods = variant.meta.methods;
    const type = method ? method.response : variant.meta.types.includes('JSONRPCErrorResponse') ? 'JSONRPCErrorResponse' : methods[0]?.response;
    if (type === undefined) return result(false, [issue('', 'method', `the ${variant.name} variant has no methods`)], []);
    checked = validateType(variant, type, message, strict);
    const warning = codeWarning(variant, method, message.error);
    if (warning) extraWarnings.push(warning);
  } else if (method) {
    checked = validateType(variant, method.successResponse, message, strict);
  } else {
    // No method known: the response must be a success response of some method.
    const types = [...new Set(variant.meta.methods.map((entry) => entry.successResponse))];
    let best: ValidationResult | undefined;
    for (const type of types) {
      const candidate = validateType(variant, type, message, strict);
      if (!best || (candidate.valid && !best.valid) || (candidate.valid === best.valid && candidate.errors.length + candidate.warnings.length < best.errors.length + best.warnings.length)) best = candidate;
      if (candidate.valid && candidate.warnings.length === 0) break;
    }
    if (!best) return result(false, [issue('', 'method', `the ${variant.name} variant has no methods`)], []);
    checked = best;
    extraWarnings.push(issue('', 'method', 'cannot tell which method this response answers, so its result was checked against every method\'s result', 'give the method (--method, or the `method` option) or the request it answers'));
  }
  return extraWarnings.length === 0 ? checked : result(checked.valid, checked.errors, [...checked.warnings, ...extraWarnings]);
}

function prefix(issues: readonly ValidationIssue[], index: number): ValidationIssue[] {
  return issues.map((item) => issue(`/${index}${item.path}`, item.keyword, item.message, item.hint));
}

/**
 * Checks a JSON-RPC request, response or batch of a variant. Throws a TypeError only for a
 * programming error (an unknown variant, or an unknown method given in `options`).
 */
export function validateMessage<V extends VariantName = 'bindu'>(message: unknown, options?: ValidateMessageOptions<V>): ValidationResult {
  const variant = loadVariant(options?.variant ?? DEFAULT_VARIANT);
  const strict = options?.strict === true;
  if (Array.isArray(message)) {
    if (message.length === 0) return result(false, [issue('', 'minItems', 'is an empty batch: a JSON-RPC batch holds at least one message')], []);
    const errors: ValidationIssue[] = [];
    const warnings: ValidationIssue[] = [];
    message.forEach((member, index) => {
      // A batch holds requests or responses (objects), never another batch: no recursion into nested arrays.
      if (Array.isArray(member)) {
        errors.push(issue(`/${index}`, 'type', 'must be a JSON-RPC request or response (an object), not an array: a batch cannot hold another batch'));
        return;
      }
      const checked = validateMessage(member, { ...options, request: Array.isArray(options?.request) ? undefined : options?.request });
      errors.push(...prefix(checked.errors, index));
      warnings.push(...prefix(checked.warnings, index));
    });
    return result(errors.length === 0, errors, warnings);
  }
  if (!isObject(message)) {
    return result(false, [issue('', 'type', `must be a JSON-RPC request or response (an object), not ${message === null ? 'null' : Array.isArray(message) ? 'an array' : quote(message)}`)], []);
  }
  if (hasOwn(message, 'method')) return checkRequest(variant, message, options, strict);
  if (hasOwn(message, 'result') || hasOwn(message, 'error')) return checkResponse(variant, message, options, strict);
  return result(false, [issue('', 'required', 'is neither a request (it has no "method") nor a response (it has no "result" or "error")')], []);
}
