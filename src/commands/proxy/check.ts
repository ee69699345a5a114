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

/** The ids of a request or batch (JSON-encoded, so 1 and "1" differ), notifications left out. */
export function requestIds(value: unknown): string[] {
  const members = Array.isArray(value) ? value : [value];
  return members.flatMap((member) => (isObject(member) && 'id' in member && member.id !== undefined ? [JSON.stringify(member.id)] : []));
}

/** The method names of a request or batch, for the report line. */
export function methodNames(value: unknown): string {
  const members = Array.isArray(value) ? value : [value];
  const names = members.map((member) => (isObject(member) && typeof member.method === 'string' ? member.method : '?'));
  return Array.isArray(value) ? `batch [${names.join(', ')}]` : names[0]!;
}

const withText = (verdict: ValidationResult, parsed: { value: unknown; text: string }): Verdict =>
  withTextIssues(verdict, textIssues(parsed.text, parsed.value));

/** A request (or batch) as the variant's method registry says. */
export function checkRequest(parsed: { value: unknown; text: string }, variant: string, strict: boolean): Verdict {
  return withText(validateMessage(parsed.value, { variant: variant as never, strict }), parsed);
}

function prefixed(issues: readonly ValidationIssue[], index: number): ValidationIssue[] {
  return issues.map((item) => issue(`/${index}${item.path}`, item.keyword, item.message, item.hint));
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
      if (Array.isArray(requests) && request === undefined) {
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
  const checked = answerOne(value, request, variant, strict);
  if (Array.isArray(requests) && request === undefined && isObject(value) && value.id !== null) {
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
