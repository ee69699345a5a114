/**
 * The HTTP+JSON (REST) binding: each call is the method's operation (rest-binding.ts builds the
 * request and reads the answer back in JSON-RPC terms), every body on the wire validated against
 * the operation (generated/openapi/<variant>.json), an error answer's HTTP status against the
 * binding's mapping; a stream is the streaming operation with `Accept: text/event-stream`, each
 * event the operation's StreamResponse or an error body.
 */
import { fetchText, HttpError, type TextResponse } from '../../live/http-client.js';
import { errorStatus, operationForMethod, restOperation, validateOperationBody } from '../../library/validate-operation.js';
import { fromRest, restError, restRequest, type RestRequest } from './rest-binding.js';
import { A2A_ERROR_DOMAIN, ERROR_REASONS, errorStatus as statusInRevision } from '../../../schemas/error-table.js';
import { revisionRules } from '../../../schemas/spec-revisions.js';
import { errorText, fail, formatErrors, isObject, skip, snippet, type Json } from './step-log.js';
import type { Answer, CallOptions, Expect, StreamExchange, Transport, TransportContext, UntenantedAnswer } from './transport.js';
import type { ValidationResult } from './validation.js';

const VALID: ValidationResult = { valid: true, errors: [], warnings: [] };

export class HttpJsonTransport implements Transport {
  readonly name = 'http-json';

  constructor(
    readonly endpoint: string | undefined,
    private readonly context: TransportContext,
  ) {}

  /**
   * The media types of bodies: on v1.0 the revision's (v1.0.1 §11.1: `application/a2a+json` SHOULD, so it is sent and
   * `application/json` accepted; v1.0.0: `application/json`), on v0.3 `application/json`. The first is the one sent.
   */
  private mediaTypes(): readonly string[] {
    const { adapter, revision } = this.context;
    if (adapter.wire !== 'v1.0') return ['application/json'];
    return revision !== undefined ? revisionRules(revision).restMediaTypes : ['application/json', 'application/a2a+json'];
  }

  /** The HTTP status an error code is answered with: the revision's §5.4 on v1.0, the binding's map on v0.3 (bindu's errors too). */
  private expectedStatus(operationId: string, code: number): { status: number | undefined; source: string } {
    const { adapter, revision, variant } = this.context;
    if (adapter.wire === 'v1.0' && revision !== undefined) {
      const row = statusInRevision(code, revision);
      if (row !== undefined)
        return { status: row.httpStatus, source: ` (A2A v${revision} §${revisionRules(revision).sections.errorMappings})` };
    }
    return { status: errorStatus(restOperation(variant, operationId), code), source: '' };
  }

  /** The operation of a method and the request for it; skips the step when the method has no REST form. */
  private target(method: string, params: unknown) {
    const op = operationForMethod(this.context.variant, method);
    if (op === undefined) return skip(`${method} has no HTTP+JSON operation`);
    const request: RestRequest = restRequest(this.context.adapter.wire, op.operationId, op.verb, op.path, params);
    return { op, request };
  }

  /** Fails the step when a REST body bindu-protocol built does not validate against its operation. */
  private selfCheck(operationId: string, body: Json | undefined): void {
    if (body === undefined) return;
    const verdict = validateOperationBody(this.context.variant, operationId, 'request', body);
    if (!verdict.valid)
      fail(`the ${operationId} body bindu-protocol built does not validate under ${this.context.variant}: ${formatErrors(verdict.errors)}`);
  }

  /** Checks an error body of an operation: valid, an A2A error, and the HTTP status the binding maps its code to. */
  private errorOf(operationId: string, status: number, contentType: string, body: unknown, problems: string[]): Json | undefined {
    const { variant, adapter } = this.context;
    const verdict = validateOperationBody(variant, operationId, 'error', body);
    if (!verdict.valid) problems.push(`the error body (HTTP ${status}) does not validate: ${formatErrors(verdict.errors)}`);
    for (const warning of verdict.warnings) if (warning.keyword === 'code') problems.push(warning.message);
    const error = restError(adapter.wire, body);
    if (!error) {
      const kind = adapter.wire === 'v1.0' ? 'AIP-193 error' : 'JSON-RPC error object';
      problems.push(`HTTP ${status} with a body that is no ${kind}: ${snippet(JSON.stringify(body) ?? '')}`);
      return undefined;
    }
    const expected = typeof error.code === 'number' ? this.expectedStatus(operationId, error.code) : undefined;
    // Without an ErrorInfo the code is only guessed from the status name: no mapping to hold it to (call() says why).
    const guessed = adapter.wire === 'v1.0' && error.data === undefined;
    if (expected?.status !== undefined && expected.status !== status && !guessed)
      problems.push(`error ${String(error.code)} came with HTTP ${status}; the binding maps it to ${expected.status}${expected.source}`);
    if (adapter.wire === 'v1.0' && isObject(body) && isObject(body.error) && body.error.code !== status) {
      problems.push(`the error body's code is ${JSON.stringify(body.error.code)}, the HTTP status ${status}`);
    }
    this.context.sawError(operationId, error, status, contentType);
    return error;
  }

  /** The operation's request, its answer validated, then judged like a JSON-RPC answer. */
  async call(method: string, params: unknown, expect: Expect, note: (text: string) => void, options: CallOptions = {}): Promise<Answer> {
    const { adapter, limits } = this.context;
    const describe = (result: unknown) => this.context.describe(result);
    this.context.needEndpoint();
    const base = this.endpoint!;
    const { op, request } = this.target(method, params);
    if (options.selfCheck !== false) this.selfCheck(request.operationId, request.body);
    const url = `${base}${request.path}`;
    const withBody = request.body !== undefined;
    const media = this.mediaTypes();
    const headers: Record<string, string> = {
      accept: media.join(', '),
      ...adapter.headers,
      ...(withBody ? { 'content-type': media[0]! } : {}),
      ...(options.headers ?? {}),
    };
    let answer: TextResponse;
    try {
      answer = await fetchText(
        url,
        { method: request.verb as 'GET' | 'POST' | 'DELETE', headers, ...(withBody ? { body: JSON.stringify(request.body) } : {}) },
        limits,
      );
    } catch (error) {
      if (error instanceof HttpError && error.kind === 'connect')
        this.context.unreachable(`the HTTP+JSON endpoint ${base} is unreachable (${error.message})`);
      throw error;
    }
    const { status, contentType, text } = answer;
    const sent = `${request.verb} ${url}${withBody ? `\n${JSON.stringify(request.body)}` : ''}`;
    this.context.exchanged(sent, `HTTP ${status} ${contentType}\n${text}`);
    const where = `${request.verb} ${new URL(url).pathname}`;
    let body: unknown;
    if (text.trim() !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        fail(`${where}: the answer is not JSON (HTTP ${status}, ${contentType || 'no Content-Type'}): ${snippet(text)}`);
      }
      // The revision's media types (v1.0.1: application/a2a+json SHOULD, application/json accepted).
      if (!media.includes(contentType)) {
        note(`${where}: the answer's Content-Type is ${contentType || 'missing'}, not ${media.join(' or ')}`);
      }
    }
    const problems: string[] = [];
    const accept = options.accept ?? [];
    if (status >= 200 && status < 300) {
      this.context.answered(`HTTP ${status}`);
      if (body === undefined && status !== 204) problems.push(`${where}: HTTP ${status} with an empty body`);
      if (body !== undefined && op.response) {
        const verdict = validateOperationBody(this.context.variant, request.operationId, 'response', body);
        if (!verdict.valid)
          problems.push(`${where}: the answer does not validate as ${request.operationId}'s response: ${formatErrors(verdict.errors)}`);
      }
      const result = fromRest(adapter.wire, request.operationId, body);
      if (expect !== 'result')
        problems.push(
          `expected error ${expect.code} (${expect.name}), got HTTP ${status}${body !== undefined ? ` (${describe(result)})` : ''}`,
        );
      if (expect === 'result') this.context.answered(describe(result));
      if (problems.length > 0) {
        if (options.setup && expect === 'result' && body !== undefined) return { result, problems };
        if (expect === 'result' && body !== undefined) {
          this.context.defer(problems);
          return { result };
        }
        fail(problems.join('; '));
      }
      return { result };
    }
    const error = this.errorOf(request.operationId, status, contentType, body, problems);
    this.context.answered(`HTTP ${status}`);
    this.context.answered(error ? `error ${String(error.code)}` : 'no A2A error');
    if (error) {
      const code = error.code;
      const accepted = (typeof code === 'number' && accept.includes(code)) || options.acceptAnyError === true;
      if (expect === 'result') {
        if (!accepted) problems.push(`${where}: expected a result, got HTTP ${status} with error ${errorText(error)}`);
      } else if (code !== expect.code && !accepted) {
        const reason = ERROR_REASONS[expect.code];
        if (adapter.wire === 'v1.0' && error.data === undefined && reason !== undefined)
          problems.push(
            `${where}: expected error ${expect.code} (${expect.name}), got HTTP ${status} without the google.rpc.ErrorInfo that ` +
              `A2A v${this.context.revision ?? '1.0'} §11.6 requires in error.details for an A2A error (reason ${reason}, domain ${A2A_ERROR_DOMAIN})`,
          );
        else problems.push(`${where}: expected error ${expect.code} (${expect.name}), got HTTP ${status} with error ${errorText(error)}`);
      }
    }
    if (problems.length > 0) fail(problems.join('; '));
    return { error: error ?? {} };
  }

  /** Sends `method`'s request with its JSON body under another Content-Type; the HTTP status and body as they came. */
  async withContentType(method: string, params: unknown, contentType: string): Promise<{ status: number; text: string; url: string }> {
    this.context.needEndpoint();
    const { request } = this.target(method, params);
    const url = `${this.endpoint!}${request.path}`;
    const body = JSON.stringify(request.body ?? {});
    const answer = await fetchText(
      url,
      {
        method: request.verb as 'POST',
        headers: { accept: this.mediaTypes().join(', '), ...this.context.adapter.headers, 'content-type': contentType },
        body,
      },
      this.context.limits,
    );
    this.context.exchanged(
      `${request.verb} ${url} (Content-Type: ${contentType})\n${body}`,
      `HTTP ${answer.status} ${answer.contentType}\n${answer.text}`,
    );
    return { status: answer.status, text: answer.text, url };
  }

  /** The request of `method` to the base URL without its `/{tenant}` segment (the card's interface url itself). */
  async withoutTenant(method: string, params: unknown): Promise<UntenantedAnswer> {
    this.context.needEndpoint();
    const { request } = this.target(method, params);
    const tenant = this.context.tenant;
    const segment = tenant === undefined ? '' : `/${encodeURIComponent(tenant)}`;
    const base = segment !== '' && this.endpoint!.endsWith(segment) ? this.endpoint!.slice(0, -segment.length) : this.endpoint!;
    const url = `${base}${request.path}`;
    const withBody = request.body !== undefined;
    const media = this.mediaTypes();
    const answer = await fetchText(
      url,
      {
        method: request.verb as 'GET' | 'POST' | 'DELETE',
        headers: { accept: media.join(', '), ...this.context.adapter.headers, ...(withBody ? { 'content-type': media[0]! } : {}) },
        ...(withBody ? { body: JSON.stringify(request.body) } : {}),
      },
      this.context.limits,
    );
    this.context.exchanged(`${request.verb} ${url}`, `HTTP ${answer.status} ${answer.contentType}\n${answer.text}`);
    if (answer.status < 200 || answer.status >= 300) return { error: `HTTP ${answer.status}` };
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      return { error: `HTTP ${answer.status} (no JSON)` };
    }
    return { result: fromRest(this.context.adapter.wire, request.operationId, body) };
  }

  openStream(method: string, params: unknown): StreamExchange {
    const { adapter, variant } = this.context;
    const { request } = this.target(method, params);
    const operationId = request.operationId;
    this.selfCheck(operationId, request.body);
    const withBody = request.body !== undefined;
    return {
      url: `${this.endpoint}${request.path}`,
      init: {
        method: request.verb as 'GET' | 'POST',
        headers: { accept: 'text/event-stream', ...adapter.headers, ...(withBody ? { 'content-type': this.mediaTypes()[0]! } : {}) },
        ...(withBody ? { body: JSON.stringify(request.body) } : {}),
      },
      label: operationId,
      // An answer without a stream: an error body (checked like any), or a success body where a stream was due.
      plain: (status, contentType, _text, parsed) => {
        this.context.answered(`HTTP ${status}`);
        if ((status >= 200 && status < 300) || parsed === undefined)
          return { body: parsed === undefined ? undefined : { result: parsed }, remarks: [] };
        const remarks: string[] = [];
        const error = this.errorOf(operationId, status, contentType, parsed, remarks);
        if (error) this.context.answered(`error ${String(error.code)}`);
        return { body: error ? { error } : { result: parsed }, remarks };
      },
      // Each event is the operation's StreamResponse itself, or an error body.
      event: (data, index) => {
        const verdict = validateOperationBody(variant, operationId, 'response', data);
        const error = verdict.valid ? undefined : restError(adapter.wire, data);
        if (error) return { kind: 'error', error, problems: [] };
        const problems = verdict.valid
          ? []
          : [`event ${index} does not validate as ${operationId}'s stream event: ${formatErrors(verdict.errors)}`];
        return { kind: 'result', result: fromRest(adapter.wire, operationId, data), problems };
      },
    };
  }

  verdict(): ValidationResult {
    return VALID;
  }
}
