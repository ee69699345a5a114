/**
 * Validating what passes through: the text checks ( src/engine/json-text.ts: UTF-8,
 * JSON, duplicate keys, lone surrogates, numbers beyond a double) and then the package's own
 * `validateMessage` / `validate` (nothing else decides a verdict). An answer is checked as the
 * answer to the request with the same id in its exchange (a batch member by member).
 */
import { issue, type ValidationIssue } from '../../engine/issues.js';
import { decodeUtf8, InputError, parseJson, textIssues, withTextIssues } from '../../engine/json-text.js';
import { validateMessage } from '../../library/validate-message.js';
import { validate, type ValidationResult } from '../../library/validate.js';
import { isObject } from '../../engine/json-value.js';
import { JSONRPC_ERRORS } from '../../../schemas/error-table.js';

export interface Verdict {
  readonly valid: boolean;
  readonly errors: readonly ValidationIssue[];
  readonly warnings: readonly ValidationIssue[];
}

/** A text that parsed, or the verdict of one that did not. */
export type Parsed =
  | { readonly ok: true; readonly value: unknown; readonly text: string }
  | { readonly ok: false; readonly verdict: Verdict };

/** Decodes and parses a payload; not UTF-8 or not JSON is an error at the root. */
export function parsePayload(body: Buffer | string): Parsed {
  let text: string;
  try {
    text = typeof body === 'string' ? body : decodeUtf8(body);
    return { ok: true, value: parseJson(text), text };
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return {
      ok: false,
      verdict: {
        valid: false,
        errors: [issue('', 'json', `is ${error.message}`, 'a JSON-RPC payload is one UTF-8 JSON text')],
        warnings: [],
      },
    };
  }
}

/** True for a JSON-RPC request or batch of them (what the proxy validates as one). */
export function looksLikeJsonRpc(value: unknown): boolean {
  const one = (member: unknown) => isObject(member) && ('jsonrpc' in member || 'method' in member);
  return Array.isArray(value) ? value.length > 0 && value.every(one) : one(value);
}

/** The id of one request (JSON-encoded), or undefined for a notification (or what is no request). */
const idOf = (member: unknown): string | undefined =>
  isObject(member) && 'id' in member && member.id !== undefined ? JSON.stringify(member.id) : undefined;

/** The ids of a request or batch (JSON-encoded, so 1 and "1" differ), notifications left out. */
export function requestIds(value: unknown): string[] {
  const ids: string[] = [];
  for (const member of Array.isArray(value) ? value : [value]) {
    const id = idOf(member);
    if (id !== undefined) ids.push(id);
  }
  return ids;
}

/** The method names a request or batch calls (members without a method name left out). */
export function requestMethods(value: unknown): string[] {
  const methods: string[] = [];
  for (const member of Array.isArray(value) ? value : [value]) {
    if (isObject(member) && typeof member.method === 'string') methods.push(member.method);
  }
  return methods;
}

/** The method names of a request or batch, for the report line. */
export function methodNames(value: unknown): string {
  if (!Array.isArray(value)) return isObject(value) && typeof value.method === 'string' ? value.method : '?';
  const names = value.map((member) => (isObject(member) && typeof member.method === 'string' ? member.method : '?'));
  return `batch [${names.join(', ')}]`;
}

const withText = (verdict: ValidationResult, parsed: { value: unknown; text: string }): Verdict =>
  withTextIssues(verdict, textIssues(parsed.text, parsed.value));

/** A request (or batch) as the variant's method registry says. */
export function checkRequest(parsed: { value: unknown; text: string }, variant: string, strict: boolean): Verdict {
  return withText(validateMessage(parsed.value, { variant: variant as never, strict }), parsed);
}

function prefixed(issues: readonly ValidationIssue[], index: number): ValidationIssue[] {
  return issues.map((item) => issue(`/${index}${item.path}`, item.keyword, item.message, item.hint, item.params));
}

/** One answer paired with its request; a request whose method the variant lacks leaves the answer checked as any method's. */
function answerOne(answer: unknown, request: unknown, variant: string, strict: boolean): ValidationResult {
  if (request !== undefined) {
    try {
      return validateMessage(answer, { variant: variant as never, strict, request });
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
    }
  }
  return validateMessage(answer, { variant: variant as never, strict });
}

const code = (name: string): number => JSONRPC_ERRORS.find((error) => error.name === name)!.code;
/** The errors whose response has id null when the request's id could not be read (JSON-RPC 2.0 §5). */
const NULL_ID_CODES: readonly number[] = [code('JSONParseError'), code('InvalidRequestError')];
const errorCode = (answer: Record<string, unknown>): unknown => (isObject(answer.error) ? answer.error.code : undefined);

/** An error response with id null for a request whose id could not be read (parse error, invalid request). */
function undetectedId(answer: unknown): boolean {
  return isObject(answer) && answer.id === null && NULL_ID_CODES.includes(errorCode(answer) as number);
}

const ID_HINT =
  "JSON-RPC 2.0 §5: a response's id MUST be the same as the id of the request it answers (null only when that id could not be read)";

/**
 * The id rule of JSON-RPC 2.0 §5 (MUST): a response (or stream event) repeats its request's id; null only
 * answers a request whose id could not be read (-32700, -32600). Replaces the library's warning at /id.
 */
function sameId(answer: unknown, request: unknown, checked: ValidationResult): ValidationResult {
  if (!isObject(answer) || !isObject(request) || !('id' in request) || !('id' in answer)) return checked;
  if (JSON.stringify(answer.id) === JSON.stringify(request.id) || undetectedId(answer)) return checked;
  const said = answer.id === null ? 'is null' : `is ${JSON.stringify(answer.id)}`;
  const wrong = issue('/id', 'id', `${said}, but the request's id is ${JSON.stringify(request.id)}`, ID_HINT);
  const warnings = checked.warnings.filter((item) => !(item.path === '/id' && item.keyword === 'id'));
  return { ...checked, valid: false, errors: [wrong, ...checked.errors], warnings };
}

/**
 * The answer to a request that could not be read (not UTF-8, not JSON): JSON-RPC 2.0 §5 and §5.1 say a
 * Response with an `error` (-32700 Parse error) and id null.
 */
export function checkParseErrorAnswer(parsed: { value: unknown; text: string }, variant: string, strict: boolean): Verdict {
  const { value } = parsed;
  const checked = validateMessage(value, { variant: variant as never, strict });
  const errors: ValidationIssue[] = [];
  const hint = 'JSON-RPC 2.0 §5: a request that is not JSON is answered with an error response, code -32700 (Parse error), id null';
  const parseCode = code('JSONParseError');
  if (!isObject(value) || !isObject(value.error))
    errors.push(issue('', 'error', 'answers a request that is not JSON, but is no error response', hint));
  else {
    if (value.error.code !== parseCode) {
      errors.push(
        issue('/error/code', 'code', `is ${JSON.stringify(value.error.code)}, but the request was not JSON (${parseCode})`, hint),
      );
    }
    if (value.id !== null)
      errors.push(issue('/id', 'id', `is ${JSON.stringify(value.id)}, but a request that is not JSON has no id to repeat (null)`, hint));
  }
  return withText({ ...checked, valid: checked.valid && errors.length === 0, errors: [...errors, ...checked.errors] }, parsed);
}

/** The request of `requests` (one or a batch) with the id of `answer`. */
function pairOf(answer: unknown, requests: unknown): unknown {
  if (!Array.isArray(requests)) return requests;
  if (!isObject(answer) || !('id' in answer)) return undefined;
  const id = JSON.stringify(answer.id);
  return requests.find((request) => isObject(request) && 'id' in request && JSON.stringify(request.id) === id);
}

/**
 * An answer (a response, a batch of them, or one stream event's data) to `requests` (the request
 * or batch its exchange carried; undefined when it was not JSON).
 */
export function checkAnswer(parsed: { value: unknown; text: string }, requests: unknown, variant: string, strict: boolean): Verdict {
  const { value } = parsed;
  if (Array.isArray(value) && value.length > 0) {
    const errors: ValidationIssue[] = [];
    const warnings: ValidationIssue[] = [];
    if (!Array.isArray(requests))
      errors.push(
        issue('', 'type', 'is a batch, but the request was a single request', 'a single request is answered with a single response'),
      );
    value.forEach((member, index) => {
      const request = pairOf(member, requests);
      if (Array.isArray(requests) && request === undefined && !undetectedId(member)) {
        errors.push(
          issue(
            `/${index}/id`,
            'id',
            'answers no request of the batch (no request has this id)',
            'each response repeats the id of a request in the batch',
          ),
        );
      }
      const checked = Array.isArray(member)
        ? validateMessage(member, { variant: variant as never, strict })
        : answerOne(member, request, variant, strict);
      errors.push(...prefixed(checked.errors, index));
      warnings.push(...prefixed(checked.warnings, index));
    });
    return withText({ valid: errors.length === 0, errors, warnings }, parsed);
  }
  const request = pairOf(value, requests);
  const checked = sameId(value, request, answerOne(value, request, variant, strict));
  if (Array.isArray(requests) && request === undefined && isObject(value) && !undetectedId(value)) {
    return withText(
      {
        valid: false,
        errors: [
          issue(
            '/id',
            'id',
            'answers no request of the batch (no request has this id)',
            'a batch is answered with a batch, each response repeating the id of its request',
          ),
          ...checked.errors,
        ],
        warnings: checked.warnings,
      },
      parsed,
    );
  }
  return withText(checked, parsed);
}

/** The agent card as the agent sent it. */
export function checkCard(parsed: { value: unknown; text: string }, variant: string, strict: boolean): Verdict {
  return withText(validate('AgentCard', parsed.value, { variant: variant as never, strict }), parsed);
}
