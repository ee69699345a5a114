/**
 * `validateMessage(message, { variant, strict, method, request })`: checks a JSON-RPC message, finding what to
 * check from the message itself. A request: its method decides (an unknown method is an error at `/method`, with
 * the nearest names, or the variant that has it, as the hint). A response: the method from `options.method` or
 * `options.request`; an error's code against the method's declared errors (SPEC-NOTES B-14, V-2), an undeclared
 * one a warning at `/error/code`. With no method known, a response is checked as JSON-RPC only, with a warning.
 * A batch is checked member by member. Nothing about the message is ever an exception.
 */
import { nearest, quote } from '../engine/issues.js';
import { issue, type ValidationIssue } from '../engine/validation-issue.js';
import { DEFAULT_VARIANT, loadVariant, type LoadedVariant, type MethodMeta } from '../engine/load-validators.js';
import { HINT_TEMPLATES as H, fill } from '../engine/hint-table.js';
import { capped, check, limitsOf, result, typeValidator, type Limits, type ValidationResult } from './validate.js';
import { SERVER_ERROR_CODES } from '../../schemas/error-table.js';
import { isObject } from '../engine/json-value.js';
import { variantNames, type VariantName } from '../../schemas/variant-table.js';

export interface ValidateMessageOptions<V extends VariantName = VariantName> {
  /** The variant whose schemas and method registry apply (default `bindu`). */
  readonly variant?: V;
  /** Reject unknown keys and non-canonical forms (see `validate`). */
  readonly strict?: boolean;
  /** For a response: the method of the request it answers. */
  readonly method?: string;
  /** For a response: the request it answers (its `method` and `id` are used). */
  readonly request?: unknown;
  /** The most errors reported (default 100; 0 for all); the others are counted in `omitted`. */
  readonly maxErrors?: number;
}

const hasOwn = (object: object, key: string) => Object.hasOwn(object, key);

/** Which variant has a method this one does not (SendMessage in bindu: a2a-v1), read from the variants' registries. */
function variantWithMethod(variant: LoadedVariant, name: string): string | undefined {
  return variantNames.find((other) => other !== variant.name && loadVariant(other).method(name) !== undefined);
}

function unknownMethodHint(variant: LoadedVariant, name: string): string {
  const elsewhere = variantWithMethod(variant, name);
  if (elsewhere !== undefined) return fill(H.methodElsewhere, { method: name, variant: elsewhere });
  const names = variant.meta.methods.map((method) => method.method);
  const near = nearest(name, names, 3);
  if (near.length > 0) return fill(H.methodNear, { names: near.map((method) => `"${method}"`).join(' or ') });
  return fill(H.methodList, { variant: variant.name, names: names.map((method) => `"${method}"`).join(', ') });
}

/**
 * The method a response answers: `options.method` (a TypeError when the variant has no such
 * method: the caller's mistake), else the method of `options.request`; or, when none can be
 * known, why not (a request naming a method the variant does not have is a fact about the
 * traffic, not an exception).
 */
function responseMethod(
  variant: LoadedVariant,
  options: ValidateMessageOptions | undefined,
): MethodMeta | { readonly unknown: ValidationIssue } {
  const given = options?.method;
  if (given !== undefined) {
    const method = variant.method(given);
    if (!method) throw new TypeError(`unknown method "${given}" in variant "${variant.name}" (${unknownMethodHint(variant, given)})`);
    return method;
  }
  const envelopeOnly = 'so it was checked as a JSON-RPC response only (envelope, id, error object), and its result against no method';
  const requested = isObject(options?.request) ? options.request.method : undefined;
  if (typeof requested === 'string') {
    const method = variant.method(requested);
    if (method) return method;
    return {
      unknown: issue(
        '',
        'method',
        `the request it answers names the method ${quote(requested)}, which the ${variant.name} variant does not have, ${envelopeOnly}`,
        unknownMethodHint(variant, requested),
      ),
    };
  }
  return { unknown: issue('', 'method', `cannot tell which method this response answers, ${envelopeOnly}`, H.responseMethod) };
}

function validateType(variant: LoadedVariant, type: string, value: unknown, strict: boolean, limits: Limits): ValidationResult {
  return check(variant, type, typeValidator(variant, type), value, strict, limits);
}

function checkRequest(
  variant: LoadedVariant,
  message: Record<string, unknown>,
  options: ValidateMessageOptions | undefined,
  strict: boolean,
  limits: Limits,
): ValidationResult {
  const name = message.method;
  if (typeof name !== 'string')
    return result(
      false,
      [issue('/method', 'type', `must be a string (the method name), not ${quote(name)}`, undefined, { type: 'string' })],
      [],
    );
  const method = variant.method(name);
  if (!method)
    return result(
      false,
      [
        issue('/method', 'method', `unknown method ${quote(name)} in the ${variant.name} variant`, unknownMethodHint(variant, name), {
          method: name,
        }),
      ],
      [],
    );
  const checked = validateType(variant, method.request, message, strict, limits);
  if (options?.method !== undefined && options.method !== name) {
    return capped(
      false,
      [issue('/method', 'method', `is ${quote(name)}, but the expected method is ${quote(options.method)}`), ...checked.errors],
      checked.warnings,
      checked.omitted ?? 0,
      limits.maxErrors,
    );
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
    ? issue(
        '/error/code',
        'code',
        `error code ${code}${named ? ` (${named[0]})` : ''} is not one that "${method.method}" declares`,
        fill(H.codeDeclared, { method: method.method, list }),
      )
    : issue(
        '/error/code',
        'code',
        `error code ${code} is not one the ${variant.name} variant defines`,
        fill(H.codeCatalogue, { variant: variant.name, list }),
      );
}

/**
 * On the v1.0 wire, an A2A error (its code has a reason in the variant's ErrorInfo rule) whose `data` holds no
 * `google.rpc.ErrorInfo` with that reason in the A2A domain: a warning at `/error/data` (or `/error` without data)
 * naming the clause, when the revision makes it a SHOULD (v1.0.1 §9.5). Under a MUST (v1.0.0) the schema decides.
 */
function errorInfoWarning(variant: LoadedVariant, error: unknown): ValidationIssue | undefined {
  const rule = variant.meta.errorInfo;
  if (rule === undefined || rule.level === 'MUST' || !isObject(error) || typeof error.code !== 'number') return undefined;
  const reason = rule.reasons[String(error.code)];
  if (reason === undefined) return undefined;
  const data = error.data;
  const found =
    Array.isArray(data) &&
    data.some((item) => isObject(item) && item['@type'] === rule.type && item.reason === reason && item.domain === rule.domain);
  if (found) return undefined;
  const wanted = `google.rpc.ErrorInfo with reason ${reason} and domain ${rule.domain}`;
  return issue(
    Array.isArray(data) ? '/error/data' : '/error',
    'errorInfo',
    `${Array.isArray(data) ? 'holds no' : 'has no data, so no'} ${wanted}, which A2A v${rule.revision} §${rule.section} says an A2A error ${rule.level} carry (a SHOULD: a warning, not an error)`,
    fill(H.errorInfo, { type: rule.type, reason, domain: rule.domain }),
  );
}

function checkResponse(
  variant: LoadedVariant,
  message: Record<string, unknown>,
  options: ValidateMessageOptions | undefined,
  strict: boolean,
  limits: Limits,
): ValidationResult {
  const known = responseMethod(variant, options);
  const method = 'unknown' in known ? undefined : known;
  const extraWarnings: ValidationIssue[] = [];
  if (
    isObject(options?.request) &&
    hasOwn(options.request, 'id') &&
    hasOwn(message, 'id') &&
    message.id !== null &&
    message.id !== options.request.id
  ) {
    extraWarnings.push(issue('/id', 'id', `is ${quote(message.id)}, but the request's id is ${quote(options.request.id)}`, H.responseId));
  }
  let checked: ValidationResult;
  if (hasOwn(message, 'error')) {
    const methods = variant.meta.methods;
    const type = method
      ? method.response
      : variant.meta.types.includes('JSONRPCErrorResponse')
        ? 'JSONRPCErrorResponse'
        : methods[0]?.response;
    if (type === undefined) return result(false, [issue('', 'method', `the ${variant.name} variant has no methods`)], []);
    checked = validateType(variant, type, message, strict, limits);
    const warning = codeWarning(variant, method, message.error);
    if (warning) extraWarnings.push(warning);
    const missing = errorInfoWarning(variant, message.error);
    if (missing) extraWarnings.push(missing);
  } else if (method) {
    checked = validateType(variant, method.successResponse, message, strict, limits);
  } else {
    const type = variant.meta.types.includes('JSONRPCSuccessResponse')
      ? 'JSONRPCSuccessResponse'
      : variant.meta.methods[0]?.successResponse;
    if (type === undefined) return result(false, [issue('', 'method', `the ${variant.name} variant has no methods`)], []);
    checked = validateType(variant, type, message, strict, limits);
  }
  // Said when a result went unchecked, or when the request named a method the variant lacks (an
  // error response with nothing known about its request loses nothing: its code is checked against the whole catalogue).
  if ('unknown' in known && (!hasOwn(message, 'error') || options?.request !== undefined)) extraWarnings.push(known.unknown);
  return extraWarnings.length === 0
    ? checked
    : result(checked.valid, checked.errors, [...checked.warnings, ...extraWarnings], checked.omitted);
}

function prefix(issues: readonly ValidationIssue[], index: number): ValidationIssue[] {
  return issues.map((item) => issue(`/${index}${item.path}`, item.keyword, item.message, item.hint, item.params));
}

/**
 * Checks a JSON-RPC request, response or batch of a variant. Throws a TypeError only for a
 * programming error (an unknown variant, or an unknown method given in `options`).
 */
export function validateMessage<V extends VariantName = 'bindu'>(message: unknown, options?: ValidateMessageOptions<V>): ValidationResult {
  return checkMessage(loadVariant(options?.variant ?? DEFAULT_VARIANT), message, options, limitsOf(options));
}

/** `validateMessage` with the variant loaded and the limits read (the CLI and `validateMessageText` call this). */
export function checkMessage(
  variant: LoadedVariant,
  message: unknown,
  options: ValidateMessageOptions | undefined,
  limits: Limits,
): ValidationResult {
  const strict = options?.strict === true;
  if (Array.isArray(message)) {
    if (message.length === 0)
      return result(
        false,
        [issue('', 'minItems', 'is an empty batch: a JSON-RPC batch holds at least one message', undefined, { limit: 1 })],
        [],
      );
    const errors: ValidationIssue[] = [];
    const warnings: ValidationIssue[] = [];
    let omitted = 0;
    const memberOptions = { ...options, request: Array.isArray(options?.request) ? undefined : options?.request };
    message.forEach((member, index) => {
      // A batch holds requests or responses (objects), never another batch: no recursion into nested arrays.
      if (Array.isArray(member)) {
        errors.push(
          issue(
            `/${index}`,
            'type',
            'must be a JSON-RPC request or response (an object), not an array: a batch cannot hold another batch',
            undefined,
            { type: 'object' },
          ),
        );
        return;
      }
      // Each member is capped on its own; once the batch's cap is full, later members' errors are only counted.
      const checked = checkMessage(variant, member, memberOptions, limits);
      const room = Math.max(limits.maxErrors - errors.length, 0);
      if (checked.errors.length <= room) errors.push(...prefix(checked.errors, index));
      else {
        errors.push(...prefix(checked.errors.slice(0, room), index));
        omitted += checked.errors.length - room;
      }
      omitted += checked.omitted ?? 0;
      warnings.push(...prefix(checked.warnings, index));
    });
    return capped(errors.length === 0 && omitted === 0, errors, warnings, omitted, limits.maxErrors);
  }
  if (!isObject(message)) {
    return result(
      false,
      [
        issue(
          '',
          'type',
          `must be a JSON-RPC request or response (an object), not ${message === null ? 'null' : Array.isArray(message) ? 'an array' : quote(message)}`,
        ),
      ],
      [],
    );
  }
  if (hasOwn(message, 'method')) return checkRequest(variant, message, options, strict, limits);
  if (hasOwn(message, 'result') || hasOwn(message, 'error')) return checkResponse(variant, message, options, strict, limits);
  return result(
    false,
    [issue('', 'required', 'is neither a request (it has no "method") nor a response (it has no "result" or "error")')],
    [],
  );
}
