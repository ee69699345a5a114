/**
 * The JSON-RPC binding: each call is a POST of a JSON-RPC request to the card's endpoint, its
 * answer checked for the method (valid, the request's id, a result or the expected error); a
 * stream is the same POST with `Accept: text/event-stream`, each event a JSON-RPC response.
 * Besides the Transport interface it offers the raw ways the envelope and probes groups talk
 * (a hand-made body posted, the answer parsed or judged).
 */
import { loadVariant } from '../../engine/load-validators.js';
import { fetchText, HttpError } from '../../live/http-client.js';
import { errorText, fail, formatErrors, isObject, snippet, type Json } from './step-log.js';
import type { Answer, CallOptions, Expect, StreamExchange, Transport, TransportContext, UntenantedAnswer } from './transport.js';
import { validate, validateMessage, type ValidationResult } from './validation.js';
import { camelCaseKeys, DEVIATIONS } from './deviations.js';
import { randomUUID } from 'node:crypto';

/** A raw answer to a POST. */
export interface RawAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
  /** The response headers (a 401's WWW-Authenticate). */
  readonly headers?: Headers;
}

/** True when the variant defines the method. */
export function variantHasMethod(variant: string, method: string): boolean {
  return loadVariant(variant).method(method) !== undefined;
}

/** True when the method's request message (its JSON-RPC params type) has a `tenant` field: A2A v1.0's core methods. */
function takesTenant(variant: string, method: string): boolean {
  const loaded = loadVariant(variant);
  const request = loaded.method(method)?.request;
  const params = request === undefined ? undefined : loaded.meta.parts?.[request]?.params;
  const schema: unknown = params === undefined ? undefined : loaded.definitions[params];
  return isObject(schema) && isObject(schema.properties) && 'tenant' in schema.properties;
}

/**
 * `params` carrying the selected interface's `tenant` (`context.tenant`, v1.0 wire only): A2A v1.0.1 §8.3.2 has a
 * client set it in every request message (schemas/spec-revisions.ts `tenantEcho`). Added where the method's request
 * message has the field and `params` is an object naming no tenant of its own (a probe's value is kept); params left
 * out become `{ tenant }`. The JSON-RPC and gRPC transports send every request through this; HTTP+JSON carries the
 * tenant in the path instead (groups/card.ts `restEndpointOf`).
 */
export function withTenant(context: Pick<TransportContext, 'variant' | 'tenant'>, method: string, params: unknown): unknown {
  const { tenant } = context;
  if (tenant === undefined || !takesTenant(context.variant, method)) return params;
  if (params === undefined) return { tenant };
  return isObject(params) && !('tenant' in params) ? { tenant, ...params } : params;
}

export class JsonRpcTransport implements Transport {
  readonly name = 'jsonrpc';
  private nextId = 1;
  /** Whether the last body posted was JSON text (so that -32700 for it is a deviation), and what it held. */
  private sentJson = false;
  private lastRequest: unknown;

  constructor(
    private target: string | undefined,
    private readonly context: TransportContext,
  ) {}

  /** The JSON-RPC endpoint the requests go to. */
  get endpoint(): string | undefined {
    return this.target;
  }

  /** Sends the later requests to `url` (the card's url did not reach the agent; Run.useEndpoint). */
  retarget(url: string): void {
    this.target = url;
  }

  /**
   * A request with the next id: a number, or under bindu a UUID string (a running Bindu agent takes
   * nothing else, SPEC-NOTES B-20; a string id is as valid under JSON-RPC 2.0 §4, so nothing is lost); its params
   * carry the selected interface's tenant (`withTenant`).
   */
  request(method: string, params?: unknown): Json {
    const id = this.context.variant === 'bindu' ? randomUUID() : this.nextId++;
    const sent = this.tenanted(method, params);
    return { jsonrpc: '2.0', id, method, ...(sent !== undefined ? { params: sent } : {}) };
  }

  /** `params` with the selected interface's tenant, for a request built by hand (`withTenant`). */
  tenanted(method: string, params: unknown): unknown {
    return withTenant(this.context, method, params);
  }

  /** Fails the step when a request the checker built does not validate (so the server is never blamed for it). */
  selfCheck(request: Json): void {
    const verdict = validateMessage(request, { variant: this.context.variant });
    const built = `the ${String(request.method)} request bindu-protocol built`;
    if (!verdict.valid) fail(`${built} does not validate under ${this.context.variant}: ${formatErrors(verdict.errors)}`);
  }

  /** The headers of a JSON-RPC POST. */
  private postHeaders(accept = 'application/json', extra: Record<string, string> = {}): Record<string, string> {
    return { 'content-type': 'application/json', accept, ...this.context.adapter.headers, ...extra };
  }

  /** POSTs a body and returns the answer as it came (status, media type, text). */
  async rawPost(body: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
    this.context.needEndpoint();
    try {
      this.lastRequest = JSON.parse(body) as unknown;
      this.sentJson = true;
    } catch {
      this.lastRequest = undefined;
      this.sentJson = false;
    }
    const endpoint = this.endpoint!;
    try {
      const answer = await fetchText(
        endpoint,
        { method: 'POST', headers: this.postHeaders('application/json', headers), body },
        this.context.limits,
      );
      this.context.exchanged(`POST ${endpoint}\n${body}`, `HTTP ${answer.status} ${answer.contentType}\n${answer.text}`);
      return { status: answer.status, contentType: answer.contentType, text: answer.text, headers: answer.headers };
    } catch (error) {
      if (error instanceof HttpError && error.kind === 'connect')
        this.context.unreachable(`the JSON-RPC endpoint ${endpoint} is unreachable (${error.message})`);
      throw error;
    }
  }

  /** Parses a raw answer as one JSON-RPC response object, or fails the step saying what it is. */
  parseAnswer(answer: RawAnswer, note: (text: string) => void, method?: string): Json {
    const { status, contentType, text } = answer;
    if (text.trim() === '') fail(`empty answer (HTTP ${status})`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      fail(`the answer is not JSON (HTTP ${status}, ${contentType || 'no Content-Type'}): ${snippet(text)}`);
    }
    if (!isObject(parsed)) fail(`the answer is not a JSON-RPC response object (HTTP ${status}): ${snippet(text)}`);
    if (contentType !== 'application/json') note(`the answer's Content-Type is ${contentType || 'missing'}, not application/json`);
    const response = parsed as Json;
    if (isObject(response.error)) this.context.sawError(method, response.error, status, contentType);
    if (isObject(response.error) && response.error.code === -32700 && this.sentJson) {
      const what =
        method ?? (isObject(this.lastRequest) && typeof this.lastRequest.method === 'string' ? this.lastRequest.method : undefined);
      this.context.deviate(DEVIATIONS.parseErrorForValidJson, [[what ? `to ${what}` : 'to a request', '']]);
    }
    return response;
  }

  /** POSTs a body to the endpoint and parses the JSON answer (its error recorded under `method`). */
  async post(body: string, note: (text: string) => void, headers: Record<string, string> = {}, method?: string): Promise<Json> {
    return this.parseAnswer(await this.rawPost(body, headers), note, method);
  }

  verdict(response: Json, method: string | undefined): ValidationResult {
    const variant = this.context.variant;
    if (method !== undefined && variantHasMethod(variant, method)) return validateMessage(response, { variant, method });
    return validate('error' in response ? 'JSONRPCErrorResponse' : 'JSONRPCSuccessResponse', response, { variant });
  }

  async call(method: string, params: unknown, expect: Expect, note: (text: string) => void, options: CallOptions = {}): Promise<Answer> {
    return this.send(this.request(method, params), expect, note, options);
  }

  /** Like `call`, for a request built by hand. */
  async send(request: Json, expect: Expect, note: (text: string) => void, options: CallOptions = {}): Promise<Answer> {
    if (options.selfCheck !== false) this.selfCheck(request);
    const method = typeof request.method === 'string' ? request.method : undefined;
    const response = await this.post(JSON.stringify(request), note, options.headers ?? {}, method);
    return this.judge(request, response, expect, options.accept ?? [], options);
  }

  /** Checks an answer: the result or the error expected (or one of `accept`), valid for the method, the request's id. */
  judge(request: Json | undefined, received: Json, expect: Expect, accept: readonly number[], options: CallOptions = {}): Answer {
    const method = typeof request?.method === 'string' ? request.method : undefined;
    const problems: string[] = [];
    let response = received;
    const hasError = 'error' in response;
    const error = isObject(response.error) ? response.error : undefined;
    const describe = (result: unknown) => this.context.describe(result);
    if (expect === 'result') {
      const any = options.acceptAnyError === true && error !== undefined;
      if (hasError && !any && !(error && typeof error.code === 'number' && accept.includes(error.code))) {
        problems.push(`expected a result, got error ${errorText(response.error)}`);
      } else if (!hasError && !('result' in response)) problems.push('the response has neither result nor error');
    } else if (!hasError) {
      problems.push(
        `expected error ${expect.code} (${expect.name}), got a result${'result' in response ? ` (${describe(response.result)})` : ''}`,
      );
    } else if (error?.code !== expect.code && !(typeof error?.code === 'number' && accept.includes(error.code))) {
      problems.push(`expected error ${expect.code}, got ${errorText(response.error)}`);
    }
    this.context.answered(
      hasError ? (error ? `error ${String(error.code)}` : 'an error member that is not an object') : describe(response.result),
    );
    let verdict = this.verdict(response, method);
    // A result written in snake_case: one deviation line, and the rest judged as if camelCase (deviations.ts).
    if (!verdict.valid && 'result' in response) {
      const { value, renamed } = camelCaseKeys(response.result);
      if (renamed.length > 0) {
        this.context.deviate(DEVIATIONS.snakeCaseKeys, renamed);
        response = { ...response, result: value };
        verdict = this.verdict(response, method);
      }
    }
    if (!verdict.valid) problems.push(`the response does not validate: ${formatErrors(verdict.errors)}`);
    // -32700 to a request that is valid JSON (the deviation is recorded by parseAnswer): its id null follows from the code it chose.
    const parseError = request !== undefined && error?.code === -32700;
    const expectedId = request === undefined ? null : request.id;
    if (parseError && response.id === null) {
      // said by the deviation
    } else if ('id' in response && response.id !== expectedId) {
      problems.push(`the response id is ${JSON.stringify(response.id)}, expected ${JSON.stringify(expectedId)}`);
    } else if (!('id' in response)) problems.push('the response has no id');
    if (problems.length > 0) {
      const usable = expect === 'result' && !hasError && 'result' in response;
      if (usable && options.setup) return { result: response.result, problems };
      // Invalid but usable: the step goes on with the result and fails at its end with these problems too.
      if (usable) {
        this.context.defer(problems);
        return { result: response.result };
      }
      fail(problems.join('; '));
    }
    return hasError ? { error: error ?? {} } : { result: response.result };
  }

  async withoutTenant(method: string, params: unknown): Promise<UntenantedAnswer> {
    const id = this.context.variant === 'bindu' ? randomUUID() : this.nextId++;
    const answer = await this.rawPost(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.text);
    } catch {
      return { error: `HTTP ${answer.status} (no JSON)` };
    }
    if (isObject(parsed) && 'result' in parsed && !('error' in parsed)) return { result: parsed.result };
    const code = isObject(parsed) && isObject(parsed.error) ? parsed.error.code : undefined;
    return { error: code === undefined ? `HTTP ${answer.status} (no JSON-RPC error)` : `error ${String(code)}` };
  }

  openStream(method: string, params: unknown, prebuilt?: Json): StreamExchange {
    const request = prebuilt ?? this.request(method, params);
    if (!prebuilt) this.selfCheck(request);
    return {
      url: this.endpoint!,
      init: { method: 'POST', headers: this.postHeaders('text/event-stream'), body: JSON.stringify(request) },
      label: method,
      plain: (status, contentType, _text, parsed) => {
        if (isObject(parsed) && isObject(parsed.error)) this.context.sawError(method, parsed.error, status, contentType);
        return { body: parsed, remarks: [] };
      },
      event: (data, index) => {
        const problems: string[] = [];
        const verdict = this.verdict(data, method);
        if (!verdict.valid) problems.push(`event ${index} does not validate: ${formatErrors(verdict.errors)}`);
        if (data.id !== request.id)
          problems.push(`event ${index} has id ${JSON.stringify(data.id)}, expected ${JSON.stringify(request.id)}`);
        return 'error' in data ? { kind: 'error', error: data.error, problems } : { kind: 'result', result: data.result, problems };
      },
    };
  }
}
