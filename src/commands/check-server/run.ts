/**
 * The engine of a check-server run: the state one run shares between its steps (the card, the
 * endpoint, the wire adapter, the tasks made so far, every error answer seen) and the bounded
 * ways a step talks to the agent: a JSON-RPC call judged against the variant, a raw POST, and a
 * stream read event by event against the task lifecycle.
 *
 * Bounds: each request has `timeoutMs` (for a stream: until the headers, then between two
 * chunks), the whole run has `totalTimeoutMs`, each body is read up to `maxBytes`, a stream is
 * read up to `maxBytes` and MAX_STREAM_EVENTS events, and redirects are followed only within the
 * same origin. A server that accepts the connection and then misbehaves fails the step; only a
 * server that cannot be reached at all stops the run (CheckServerError 'connection').
 */
import { loadVariant } from '../../engine/load-validators.js';
import { describeBodyError, describeFetchError, fetchText, HttpError, readBody, send, type BodyProgress, type Limits } from '../../live/http-client.js';
import { describeResult, lifecycleOf, StreamSequence, type CheckVariant, type Lifecycle } from '../../live/stream-lifecycle.js';
import { readEvents } from '../../live/sse.js';
import { validate, validateMessage, type ValidationError, type ValidationResult } from './validation.js';
import type { VariantName } from '../../library/variants.js';
import type { TaskView, WireAdapter } from './wire-adapter.js';
import type { GroupName } from './groups/names.js';
import { errorStatus, operationForMethod, restOperation, validateOperationBody } from '../../library/validate-operation.js';
import { fromRest, restError, restRequest, type Transport, type TransportChoice } from './rest-binding.js';
import { wireError, type ErrorName } from '../../../schemas/error-table.js';

export interface CheckOptions {
  /** The variant payloads are validated against (default: the one the agent card names, see src/live/agent-card.ts). */
  readonly variant?: string;
  /** Time allowed for one request, in milliseconds (default 10 000). */
  readonly timeoutMs?: number;
  /** Time allowed for the whole check, in milliseconds (default 60 000). */
  readonly totalTimeoutMs?: number;
  /** The most bytes read from one response or stream (default 10 MiB). */
  readonly maxBytes?: number;
  /**
   * The webhook URL the push-notification steps register. Default: a receiver check-server runs
   * on 127.0.0.1 for the run, which validates every notification it gets.
   */
  readonly webhookUrl?: string;
  /** Only these behaviour groups (default: all). */
  readonly only?: readonly string[];
  /** Not these behaviour groups. */
  readonly skip?: readonly string[];
  /** How many invalid-params fixtures to send per method: 'all' (default), 'none' or a number. */
  readonly probes?: 'all' | 'none' | number;
  /** Called as each step finishes. */
  readonly onStep?: (step: StepResult) => void;
  /** Called once the variant is chosen, with the sentence saying why (the report's first line). */
  readonly onVariant?: (variant: string, reason: string) => void;
  /**
   * The binding checked: `jsonrpc`, `http-json`, or `all` (each the card offers, JSON-RPC first,
   * with the differences between their answers). Default: the first the card offers, JSON-RPC first.
   */
  readonly transport?: TransportChoice;
}

export type StepStatus = 'pass' | 'fail' | 'skip';

export interface StepResult {
  /** The behaviour group the step belongs to. */
  readonly group: GroupName;
  /** The binding the step spoke (absent in reports made before --transport). */
  readonly transport?: Transport;
  readonly name: string;
  readonly status: StepStatus;
  /** Why a step failed or was skipped. */
  readonly reason?: string;
  /** Remarks that do not change the verdict. */
  readonly notes: readonly string[];
  readonly durationMs: number;
}

export interface CheckReport {
  readonly url: string;
  readonly variant: CheckVariant;
  /** Why this variant: the card's wire and extensions, or --variant. */
  readonly variantReason: string;
  /** The JSON wire spoken: v0.3 or v1.0. */
  readonly wire: 'v0.3' | 'v1.0';
  /** Where the agent card was found. */
  readonly cardUrl?: string;
  /** The JSON-RPC endpoint the card names. */
  readonly endpoint?: string;
  /** The bindings checked, in order. */
  readonly transports: readonly Transport[];
  /** The HTTP+JSON base URL the card names, when that binding was checked. */
  readonly restEndpoint?: string;
  /** With --transport all: the steps whose answers differ between the bindings. */
  readonly differences: readonly Difference[];
  readonly steps: readonly StepResult[];
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
  /** True when no step failed. */
  readonly ok: boolean;
  readonly durationMs: number;
}

/** One step whose answers to the same requests differ between JSON-RPC and HTTP+JSON. */
export interface Difference {
  readonly group: GroupName;
  readonly step: string;
  /** The answers on each binding, in order: `Task (completed)`, `error -32001`, `HTTP 404`. */
  readonly jsonrpc: readonly string[];
  readonly httpJson: readonly string[];
}

/** A problem that stops the check before it starts: a bad URL (`usage`) or an unreachable server (`connection`). */
export class CheckServerError extends Error {
  constructor(
    readonly kind: 'usage' | 'connection',
    message: string,
  ) {
    super(message);
    this.name = 'CheckServerError';
  }
}

export const DEFAULTS = {
  timeoutMs: 10_000,
  totalTimeoutMs: 60_000,
  maxBytes: 10 * 1024 * 1024,
  /** Shown in the usage: without --webhook, a receiver of check-server's own on 127.0.0.1. */
  webhookUrl: 'a receiver of check-server on 127.0.0.1',
} as const;

const MAX_SHOWN = 3;
/** The most events read from one stream. */
export const MAX_STREAM_EVENTS = 10_000;

export type Json = Record<string, unknown>;
export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export class StepFail extends Error {}
export class StepSkip extends Error {}
export const fail = (reason: string): never => {
  throw new StepFail(reason);
};
export const skip = (reason: string): never => {
  throw new StepSkip(reason);
};

export const snippet = (text: string, max = 80) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > max ? `${flat.slice(0, max)}…` : flat);
};

/** The deepest errors first (they say most), each once, at most three. */
export function formatErrors(errors: readonly ValidationError[]): string {
  const depth = (path: string) => path.split('/').length;
  const lines: string[] = [];
  for (const error of [...errors].sort((a, b) => depth(b.path) - depth(a.path))) {
    const where = error.path === '' ? '(root)' : error.path;
    const text = error.message.startsWith(error.path) && error.path !== '' ? error.message : `${where} ${error.message}`;
    const line = error.hint ? `${text} (hint: ${error.hint})` : text;
    if (!lines.includes(line)) lines.push(line);
  }
  const shown = lines.slice(0, MAX_SHOWN).join('; ');
  return lines.length > MAX_SHOWN ? `${shown} (and ${lines.length - MAX_SHOWN} more)` : shown;
}

export function errorText(error: unknown): string {
  if (!isObject(error)) return 'an error';
  const code = typeof error.code === 'number' ? error.code : JSON.stringify(error.code);
  return typeof error.message === 'string' ? `${code} (${snippet(error.message, 60)})` : String(code);
}

/** Joins problems, at most three shown. */
export function joinProblems(problems: readonly string[]): string {
  const shown = problems.slice(0, MAX_SHOWN).join('; ');
  return problems.length > MAX_SHOWN ? `${shown} (and ${problems.length - MAX_SHOWN} more)` : shown;
}

export const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/** An error a step expects: its name and its code in schemas/error-table.ts (these names are the same on both wires). */
const expected = <N extends ErrorName<'v1.0'>>(name: N) => ({ code: wireError('v1.0', name).code, name }) as const;

/** The error codes a step expects, by name. */
export const CODES = {
  parse: expected('JSONParseError'),
  invalidRequest: expected('InvalidRequestError'),
  methodNotFound: expected('MethodNotFoundError'),
  invalidParams: expected('InvalidParamsError'),
  taskNotFound: expected('TaskNotFoundError'),
  notCancelable: expected('TaskNotCancelableError'),
  contentType: expected('ContentTypeNotSupportedError'),
  versionNotSupported: expected('VersionNotSupportedError'),
} as const;

export type Expect = 'result' | { readonly code: number; readonly name: string };

/** One error answer seen during the run, for the errors group. */
export interface ErrorSeen {
  readonly step: string;
  readonly method: string | undefined;
  readonly error: Json;
  readonly httpStatus: number;
  readonly contentType: string;
}

/** A raw answer to a POST. */
export interface RawAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
}

export interface StreamOutcome {
  readonly problems: string[];
  /** Remarks that do not fail the step. */
  readonly remarks: string[];
  /** Short names of the events, in order. */
  readonly seen: string[];
  /** The success results, as the wire wrote them. */
  readonly results: unknown[];
  readonly sequence: StreamSequence;
  /** The one JSON answer when the server answered without a stream. */
  readonly plain?: { readonly status: number; readonly contentType: string; readonly body: unknown; readonly text: string };
}

export type ResolvedOptions = Required<Omit<CheckOptions, 'onStep' | 'variant' | 'onVariant' | 'only' | 'skip' | 'webhookUrl' | 'transport'>> &
  Pick<CheckOptions, 'onStep' | 'onVariant' | 'webhookUrl'>;

/** Everything one run shares between its steps. */
export class Run {
  readonly steps: StepResult[] = [];
  readonly limits: Limits;
  lifecycle: Lifecycle;
  variant: CheckVariant;
  variantReason = '';
  adapter: WireAdapter;
  card: Json | undefined;
  cardUrl: string | undefined;
  /** The headers of the card's answer (for the v1.0 caching step). */
  cardHeaders: Headers | undefined;
  endpoint: string | undefined;
  /** Why the JSON-RPC steps cannot run, once known. */
  blocked: string | undefined;
  /** The first task the agent made, for the steps that need one. */
  task: TaskView | undefined;
  taskSource = '';
  /** Every task the run made, by id. */
  readonly tasks = new Map<string, TaskView>();
  /** Every error answer, for the errors group. */
  readonly errorsSeen: ErrorSeen[] = [];
  /** The group of the steps being run. */
  group: GroupName = 'card';
  /** The binding the steps speak. */
  transport: Transport = 'jsonrpc';
  /** True when no --transport was given: the card's first binding is checked. */
  transportAuto = false;
  /** The HTTP+JSON base URL (no trailing slash), when the card names one. */
  restEndpoint: string | undefined;
  /** The answers each step got (`Task (completed)`, `error -32001`), by step name, to compare bindings. */
  readonly answers = new Map<string, string[]>();
  private nextId = 1;
  private currentStep = '';

  constructor(
    readonly url: URL,
    variant: CheckVariant,
    adapter: WireAdapter,
    readonly options: ResolvedOptions,
    deadline: AbortSignal,
  ) {
    this.variant = variant;
    this.adapter = adapter;
    this.lifecycle = lifecycleOf(variant);
    this.limits = { timeoutMs: options.timeoutMs, maxBytes: options.maxBytes, deadline };
  }

  /** The variant whose validators check this run's payloads (every check variant has its own). */
  get validatorVariant(): VariantName {
    return this.variant;
  }

  get methods() {
    return this.adapter.methods;
  }

  // ---- steps ------------------------------------------------------------------------------

  async step(name: string, body: (note: (text: string) => void) => Promise<void>): Promise<StepResult> {
    const start = Date.now();
    const notes: string[] = [];
    let status: StepStatus = 'pass';
    let reason: string | undefined;
    this.currentStep = name;
    if (this.limits.deadline.aborted) {
      status = 'fail';
      reason = `not run: the overall time limit of ${this.options.totalTimeoutMs} ms was reached`;
    } else {
      try {
        await body((text) => notes.push(text));
      } catch (error) {
        if (error instanceof CheckServerError) throw error;
        if (error instanceof StepSkip) {
          status = 'skip';
          reason = error.message;
        } else if (error instanceof StepFail) {
          status = 'fail';
          reason = error.message;
        } else if (error instanceof HttpError) {
          status = 'fail';
          reason = error.kind === 'deadline' ? `stopped: the overall time limit of ${this.options.totalTimeoutMs} ms was reached` : error.message;
        } else {
          status = 'fail';
          reason = `internal error: ${error instanceof Error ? error.message : String(error)}`;
        }
      }
    }
    const result: StepResult = { group: this.group, transport: this.transport, name, status, ...(reason !== undefined ? { reason } : {}), notes, durationMs: Date.now() - start };
    this.steps.push(result);
    this.options.onStep?.(result);
    return result;
  }

  /** Skips the step when the endpoint of the binding is unknown or unreachable. */
  needEndpoint(): string {
    if (this.blocked) skip(this.blocked);
    return this.transport === 'http-json' ? this.restEndpoint! : this.endpoint!;
  }

  /** Skips a step that exists only on JSON-RPC when the run speaks HTTP+JSON. */
  jsonRpcOnly(what: string): void {
    if (this.transport === 'http-json') skip(`${what} exist only on JSON-RPC: no counterpart on HTTP+JSON`);
  }

  /** Remembers an answer of the current step, for --transport all. */
  private answered(text: string): void {
    const list = this.answers.get(this.currentStep) ?? [];
    list.push(text);
    this.answers.set(this.currentStep, list);
  }

  /** The first task of the run, made now (a message/send of a text part) when there is none yet. */
  async needTask(note: (text: string) => void): Promise<TaskView> {
    this.needEndpoint();
    if (!this.task && !this.taskSource) {
      const { result } = await this.call(this.methods.send, this.sendParams(this.message([{ text: 'bindu-protocol check-server: please answer this message.' }])), 'result', note);
      this.keepTask(result, `${this.methods.send} (text part)`);
    }
    if (!this.task) skip(`no task to use: ${this.taskSource || `${this.methods.send} produced none`}`);
    return this.task!;
  }

  /** Remembers a task; the first one becomes the run's task. */
  keepTask(result: unknown, source: string): TaskView | undefined {
    const task = this.adapter.taskOf(result);
    if (task) {
      this.tasks.set(task.id, task);
      if (!this.task) this.task = task;
    } else if (!this.task && !this.taskSource) {
      this.taskSource = `${source} answered with ${this.describe(result)}, not a Task`;
    }
    return task;
  }

  /** A short name of a result or event: `Task (working)`, `status-update completed, final`, `Message`. */
  describe(result: unknown): string {
    return describeResult(this.adapter.asV03Event(result));
  }

  // ---- payloads ---------------------------------------------------------------------------

  definition(type: string): { properties: Json; required: string[] } {
    const schema: unknown = loadVariant(this.validatorVariant).definitions[type];
    const properties = isObject(schema) && isObject(schema.properties) ? schema.properties : {};
    const required = isObject(schema) && Array.isArray(schema.required) ? (schema.required as string[]) : [];
    return { properties, required };
  }

  /** True when the variant defines the method. */
  hasMethod(method: string): boolean {
    return loadVariant(this.validatorVariant).method(method) !== undefined;
  }

  /** The name a v0.3 params type gives the task id: `id` in A2A, `taskId` where Bindu renames it. */
  taskKey(paramsType: string): string {
    if (this.adapter.wire === 'v1.0') return 'id';
    const { properties } = this.definition(paramsType);
    return 'taskId' in properties && !('id' in properties) ? 'taskId' : 'id';
  }

  /** A user message, carrying whatever ids the variant requires of a client (bindu requires contextId and taskId). */
  message(parts: Parameters<WireAdapter['message']>[0]['parts'], spec: { taskId?: string; contextId?: string; referenceTaskIds?: string[] } = {}, withMessageId = true): Json {
    const required = this.adapter.wire === 'v0.3' ? this.definition('Message').required : [];
    return this.adapter.message(
      {
        parts,
        ...(spec.contextId !== undefined ? { contextId: spec.contextId } : required.includes('contextId') ? { contextId: crypto.randomUUID() } : {}),
        ...(spec.taskId !== undefined ? { taskId: spec.taskId } : required.includes('taskId') ? { taskId: crypto.randomUUID() } : {}),
        ...(spec.referenceTaskIds !== undefined ? { referenceTaskIds: spec.referenceTaskIds } : {}),
      },
      { withMessageId },
    );
  }

  /** The output modes the card names (text/plain when it names none). */
  outputModes(): string[] {
    const modes = this.card?.defaultOutputModes;
    return Array.isArray(modes) && modes.length > 0 && modes.every((mode) => typeof mode === 'string') ? (modes as string[]) : ['text/plain'];
  }

  /** Send params for a message: blocking unless asked, accepting the card's default output modes. */
  sendParams(message: Json, options: { blocking?: boolean; webhook?: { url: string; token: string } } = {}): Json {
    return this.adapter.sendParams(message, { blocking: options.blocking ?? true, acceptedOutputModes: this.outputModes(), ...(options.webhook ? { webhook: options.webhook } : {}) });
  }

  // ---- JSON-RPC over HTTP -----------------------------------------------------------------

  request(method: string, params?: unknown): Json {
    return { jsonrpc: '2.0', id: this.nextId++, method, ...(params !== undefined ? { params } : {}) };
  }

  /** Fails the step when a request the checker built does not validate (so the server is never blamed for it). */
  selfCheck(request: Json): void {
    const verdict = validateMessage(request, { variant: this.validatorVariant });
    if (!verdict.valid) fail(`the ${String(request.method)} request bindu-protocol built does not validate under ${this.variant}: ${formatErrors(verdict.errors)}`);
  }

  /** The headers of a JSON-RPC POST. */
  postHeaders(accept = 'application/json', extra: Record<string, string> = {}): Record<string, string> {
    return { 'content-type': 'application/json', accept, ...this.adapter.headers, ...extra };
  }

  /** POSTs a body and returns the answer as it came (status, media type, text). */
  async rawPost(body: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
    const endpoint = this.needEndpoint();
    try {
      const answer = await fetchText(endpoint, { method: 'POST', headers: this.postHeaders('application/json', headers), body }, this.limits);
      return { status: answer.status, contentType: answer.contentType, text: answer.text };
    } catch (error) {
      if (error instanceof HttpError && error.kind === 'connect' && !this.blocked) {
        this.blocked = `the JSON-RPC endpoint ${endpoint} is unreachable (${error.message})`;
      }
      throw error;
    }
  }

  /** Parses a raw answer as one JSON-RPC response object, or fails the step saying what it is. */
  parseAnswer(answer: RawAnswer, note: (text: string) => void): Json {
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
    if (isObject(response.error)) this.errorsSeen.push({ step: this.currentStep, method: undefined, error: response.error, httpStatus: status, contentType });
    return response;
  }

  /** POSTs a body to the endpoint and parses the JSON answer. */
  async post(body: string, note: (text: string) => void, headers: Record<string, string> = {}): Promise<Json> {
    return this.parseAnswer(await this.rawPost(body, headers), note);
  }

  /** Validates a response to `method` (or, for no method, as a JSON-RPC error or success response). */
  verdict(response: Json, method: string | undefined): ValidationResult {
    // On HTTP+JSON the bodies on the wire were validated against the operation as they came.
    if (this.transport === 'http-json') return { valid: true, errors: [], warnings: [] } as unknown as ValidationResult;
    if (method !== undefined && this.hasMethod(method)) {
      return validateMessage(response, { variant: this.validatorVariant, method });
    }
    return validate('error' in response ? 'JSONRPCErrorResponse' : 'JSONRPCSuccessResponse', response, { variant: this.validatorVariant });
  }

  /**
   * Sends a request and checks the answer: valid for the method, the right id, and either a
   * result (`expect` = 'result') or the given error code. Returns the result or the error.
   */
  async call(
    method: string,
    params: unknown,
    expect: Expect,
    note: (text: string) => void,
    options: { readonly selfCheck?: boolean; readonly accept?: readonly number[]; readonly headers?: Record<string, string> } = {},
  ): Promise<{ readonly result?: unknown; readonly error?: Json }> {
    if (this.transport === 'http-json') return this.restCall(method, params, expect, note, options);
    return this.send(this.request(method, params), expect, note, options);
  }

  /** The operation of a method on HTTP+JSON and the request for it; skips the step when the method has no REST form. */
  private restTarget(method: string, params: unknown) {
    const op = operationForMethod(this.validatorVariant, method);
    if (op === undefined) return skip(`${method} has no HTTP+JSON operation`);
    const request = restRequest(this.adapter.wire, op.operationId, op.verb, op.path, params);
    return { op, request };
  }

  /** Fails the step when a REST body bindu-protocol built does not validate against its operation. */
  private restSelfCheck(operationId: string, body: Json | undefined): void {
    if (body === undefined) return;
    const verdict = validateOperationBody(this.validatorVariant, operationId, 'request', body);
    if (!verdict.valid) fail(`the ${operationId} body bindu-protocol built does not validate under ${this.variant}: ${formatErrors(verdict.errors)}`);
  }

  /** Checks an error body of an operation: valid, an A2A error, and the HTTP status the binding maps its code to. */
  private restErrorOf(operationId: string, status: number, contentType: string, body: unknown, problems: string[]): Json | undefined {
    const verdict = validateOperationBody(this.validatorVariant, operationId, 'error', body);
    if (!verdict.valid) problems.push(`the error body (HTTP ${status}) does not validate: ${formatErrors(verdict.errors)}`);
    for (const warning of verdict.warnings) if (warning.keyword === 'code') problems.push(warning.message);
    const error = restError(this.adapter.wire, body);
    if (!error) {
      problems.push(`HTTP ${status} with a body that is no ${this.adapter.wire === 'v1.0' ? 'AIP-193 error' : 'JSON-RPC error object'}: ${snippet(JSON.stringify(body) ?? '')}`);
      return undefined;
    }
    const expected = typeof error.code === 'number' ? errorStatus(restOperation(this.validatorVariant, operationId), error.code) : undefined;
    if (expected !== undefined && expected !== status) problems.push(`error ${String(error.code)} came with HTTP ${status}; the binding maps it to ${expected}`);
    if (this.adapter.wire === 'v1.0' && isObject(body) && isObject(body.error) && body.error.code !== status) {
      problems.push(`the error body's code is ${JSON.stringify(body.error.code)}, the HTTP status ${status}`);
    }
    this.errorsSeen.push({ step: this.currentStep, method: operationId, error, httpStatus: status, contentType });
    return error;
  }

  /** A call on HTTP+JSON: the operation's request, its answer validated, then judged like a JSON-RPC answer. */
  private async restCall(
    method: string,
    params: unknown,
    expect: Expect,
    note: (text: string) => void,
    options: { readonly selfCheck?: boolean; readonly accept?: readonly number[]; readonly headers?: Record<string, string> },
  ): Promise<{ readonly result?: unknown; readonly error?: Json }> {
    const base = this.needEndpoint();
    const { op, request } = this.restTarget(method, params);
    if (options.selfCheck !== false) this.restSelfCheck(request.operationId, request.body);
    const url = `${base}${request.path}`;
    const headers: Record<string, string> = { accept: 'application/json', ...this.adapter.headers, ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(options.headers ?? {}) };
    let answer;
    try {
      answer = await fetchText(url, { method: request.verb as 'GET' | 'POST' | 'DELETE', headers, ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}) }, this.limits);
    } catch (error) {
      if (error instanceof HttpError && error.kind === 'connect' && !this.blocked) this.blocked = `the HTTP+JSON endpoint ${base} is unreachable (${error.message})`;
      throw error;
    }
    const { status, contentType, text } = answer;
    const where = `${request.verb} ${new URL(url).pathname}`;
    let body: unknown;
    if (text.trim() !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        fail(`${where}: the answer is not JSON (HTTP ${status}, ${contentType || 'no Content-Type'}): ${snippet(text)}`);
      }
      // v1.0 names application/a2a+json the binding's media type; application/json is accepted on both lines.
      if (contentType !== 'application/json' && !(this.adapter.wire === 'v1.0' && contentType === 'application/a2a+json')) {
        note(`${where}: the answer's Content-Type is ${contentType || 'missing'}, not application/json`);
      }
    }
    const problems: string[] = [];
    const accept = options.accept ?? [];
    if (status >= 200 && status < 300) {
      this.answered(`HTTP ${status}`);
      if (body === undefined && status !== 204) problems.push(`${where}: HTTP ${status} with an empty body`);
      if (body !== undefined && op.response) {
        const verdict = validateOperationBody(this.validatorVariant, request.operationId, 'response', body);
        if (!verdict.valid) problems.push(`${where}: the answer does not validate as ${request.operationId}'s response: ${formatErrors(verdict.errors)}`);
      }
      const result = fromRest(this.adapter.wire, request.operationId, body);
      if (expect !== 'result') problems.push(`expected error ${expect.code} (${expect.name}), got HTTP ${status}${body !== undefined ? ` (${this.describe(result)})` : ''}`);
      if (problems.length > 0) fail(problems.join('; '));
      this.answered(this.describe(result));
      return { result };
    }
    const error = this.restErrorOf(request.operationId, status, contentType, body, problems);
    this.answered(`HTTP ${status}`);
    this.answered(error ? `error ${String(error.code)}` : 'no A2A error');
    if (error) {
      const code = error.code;
      if (expect === 'result') {
        if (!(typeof code === 'number' && accept.includes(code))) problems.push(`${where}: expected a result, got HTTP ${status} with error ${errorText(error)}`);
      } else if (code !== expect.code && !(typeof code === 'number' && accept.includes(code))) {
        problems.push(`${where}: expected error ${expect.code} (${expect.name}), got HTTP ${status} with error ${errorText(error)}`);
      }
    }
    if (problems.length > 0) fail(problems.join('; '));
    return { error: error ?? {} };
  }

  /** Like `call`, for a request built by hand. */
  async send(
    request: Json,
    expect: Expect,
    note: (text: string) => void,
    options: { readonly selfCheck?: boolean; readonly accept?: readonly number[]; readonly headers?: Record<string, string> } = {},
  ): Promise<{ readonly result?: unknown; readonly error?: Json }> {
    if (options.selfCheck !== false) this.selfCheck(request);
    const before = this.errorsSeen.length;
    const response = await this.post(JSON.stringify(request), note, options.headers ?? {});
    if (this.errorsSeen.length > before && typeof request.method === 'string') {
      const seen = this.errorsSeen[before]!;
      this.errorsSeen[before] = { ...seen, method: request.method };
    }
    return this.judge(request, response, expect, options.accept ?? []);
  }

  judge(request: Json | undefined, response: Json, expect: Expect, accept: readonly number[]): { readonly result?: unknown; readonly error?: Json } {
    const method = typeof request?.method === 'string' ? request.method : undefined;
    const problems: string[] = [];
    const hasError = 'error' in response;
    const error = isObject(response.error) ? response.error : undefined;
    if (expect === 'result') {
      if (hasError && !(error && typeof error.code === 'number' && accept.includes(error.code))) {
        problems.push(`expected a result, got error ${errorText(response.error)}`);
      } else if (!hasError && !('result' in response)) problems.push('the response has neither result nor error');
    } else if (!hasError) {
      problems.push(`expected error ${expect.code} (${expect.name}), got a result${'result' in response ? ` (${this.describe(response.result)})` : ''}`);
    } else if (error?.code !== expect.code && !(typeof error?.code === 'number' && accept.includes(error.code))) {
      problems.push(`expected error ${expect.code}, got ${errorText(response.error)}`);
    }
    this.answered(hasError ? `error ${error ? String(error.code) : '?'}` : this.describe(response.result));
    const verdict = this.verdict(response, method);
    if (!verdict.valid) problems.push(`the response does not validate: ${formatErrors(verdict.errors)}`);
    const expectedId = request === undefined ? null : request.id;
    if ('id' in response && response.id !== expectedId) {
      problems.push(`the response id is ${JSON.stringify(response.id)}, expected ${JSON.stringify(expectedId)}`);
    } else if (!('id' in response)) problems.push('the response has no id');
    if (problems.length > 0) fail(problems.join('; '));
    return hasError ? { error: error ?? {} } : { result: response.result };
  }

  /** Polls the task until it is in a terminal state; skips when it waits on the client or takes too long. */
  async waitUntilFinished(task: TaskView, note: (text: string) => void, purpose: string): Promise<TaskView> {
    const until = Date.now() + this.options.timeoutMs;
    let polls = 0;
    let current = task;
    while (current.state === undefined || !this.lifecycle.terminal.includes(current.state)) {
      if (current.state !== undefined && this.lifecycle.interrupted.includes(current.state)) {
        skip(`the task waits in ${current.state}; there is no finished task ${purpose}`);
      }
      if (Date.now() >= until) skip(`the task is still ${current.state ?? 'in no known state'} after ${this.options.timeoutMs} ms; there is no finished task ${purpose}`);
      if (polls > 0) await sleep(200, this.limits.deadline);
      polls++;
      let result: unknown;
      try {
        ({ result } = await this.call(this.methods.get, this.adapter.getParams(this.taskKey('TaskQueryParams'), task.id), 'result', note));
      } catch (error) {
        if (error instanceof StepFail) fail(`while waiting for the task to finish, ${this.methods.get}: ${error.message}`);
        throw error;
      }
      current = this.adapter.taskOf(result) ?? current;
    }
    if (polls > 0) note(`waited for the task to finish (${polls} ${this.methods.get})`);
    this.tasks.set(current.id, current);
    if (this.task?.id === current.id) this.task = current;
    return current;
  }

  // ---- streams ----------------------------------------------------------------------------

  /**
   * Sends a streaming request and reads the stream to its end (or a bound), checking every event
   * (valid for the method, the request's id, the lifecycle). `onEvent` runs after each success
   * event (for example to cancel the task in the middle of its stream).
   */
  async readStream(method: string, params: unknown, options: { readonly onEvent?: (result: unknown, index: number) => Promise<void>; readonly request?: Json } = {}): Promise<StreamOutcome> {
    const base = this.needEndpoint();
    const rest = this.transport === 'http-json' ? this.restTarget(method, params) : undefined;
    const request = rest ? {} : (options.request ?? this.request(method, params));
    if (rest) this.restSelfCheck(rest.request.operationId, rest.request.body);
    else if (!options.request) this.selfCheck(request);
    const endpoint = rest ? `${base}${rest.request.path}` : base;
    const timer = new AbortController();
    const timeout = setTimeout(() => timer.abort(), this.options.timeoutMs);
    let sent;
    try {
      sent = rest
        ? await send(
            endpoint,
            {
              method: rest.request.verb as 'GET' | 'POST',
              headers: { accept: 'text/event-stream', ...this.adapter.headers, ...(rest.request.body !== undefined ? { 'content-type': 'application/json' } : {}) },
              ...(rest.request.body !== undefined ? { body: JSON.stringify(rest.request.body) } : {}),
            },
            AbortSignal.any([this.limits.deadline, timer.signal]),
          )
        : await send(endpoint, { method: 'POST', headers: this.postHeaders('text/event-stream'), body: JSON.stringify(request) }, AbortSignal.any([this.limits.deadline, timer.signal]));
    } catch (error) {
      clearTimeout(timeout);
      const described = describeFetchError(error, endpoint, this.limits, () => timer.signal.aborted);
      if (described.kind === 'connect' && !this.blocked) this.blocked = `the ${rest ? 'HTTP+JSON' : 'JSON-RPC'} endpoint ${base} is unreachable (${described.message})`;
      throw described;
    }
    const sequence = new StreamSequence(this.lifecycle);
    const problems: string[] = [];
    const remarks: string[] = [];
    const seen: string[] = [];
    const results: unknown[] = [];
    if (sent.contentType !== 'text/event-stream') {
      // Not a stream: the body is read within the same request timeout.
      let text: string;
      const progress: BodyProgress = { bytes: 0 };
      try {
        text = await readBody(sent.response, this.limits.maxBytes, progress);
      } catch (error) {
        throw describeBodyError(error, this.limits, () => timer.signal.aborted, progress);
      } finally {
        clearTimeout(timeout);
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      if (rest) {
        // An answer without a stream: an error body (checked like any), or a success body where a stream was due.
        this.answered(`HTTP ${sent.status}`);
        if (sent.status >= 200 && sent.status < 300 || parsed === undefined) {
          return { problems, remarks, seen, results, sequence, plain: { status: sent.status, contentType: sent.contentType, body: parsed === undefined ? undefined : { result: parsed }, text } };
        }
        const error = this.restErrorOf(rest.request.operationId, sent.status, sent.contentType, parsed, problems);
        if (error) this.answered(`error ${String(error.code)}`);
        if (problems.length > 0) remarks.push(...problems.splice(0));
        return { problems, remarks, seen, results, sequence, plain: { status: sent.status, contentType: sent.contentType, body: error ? { error } : { result: parsed }, text } };
      }
      if (isObject(parsed) && isObject(parsed.error)) this.errorsSeen.push({ step: this.currentStep, method, error: parsed.error, httpStatus: sent.status, contentType: sent.contentType });
      return { problems, remarks, seen, results, sequence, plain: { status: sent.status, contentType: sent.contentType, body: parsed, text } };
    }
    // A stream: from here on the idle timeout between chunks applies instead.
    clearTimeout(timeout);
    if (sent.status !== 200) remarks.push(`the stream came with HTTP ${sent.status}, not 200`);
    if (!sent.response.body) return { problems: ['the stream has no body'], remarks, seen, results, sequence };
    let count = 0;
    let errors = 0;
    let cut = false;
    try {
      for await (const event of readEvents(sent.response.body, { idleMs: this.options.timeoutMs, maxBytes: this.limits.maxBytes, deadline: this.limits.deadline })) {
        count++;
        let data: unknown;
        try {
          data = JSON.parse(event.data);
        } catch {
          problems.push(`event ${count} is not JSON: ${snippet(event.data)}`);
          continue;
        }
        if (!isObject(data)) {
          problems.push(`event ${count} is not a JSON-RPC response object`);
          continue;
        }
        if (rest) {
          // HTTP+JSON: each event is the operation's StreamResponse itself, or an error body.
          const operationId = rest.request.operationId;
          const verdict = validateOperationBody(this.validatorVariant, operationId, 'response', data);
          const error = verdict.valid ? undefined : restError(this.adapter.wire, data);
          if (error) {
            errors++;
            this.errorsSeen.push({ step: this.currentStep, method: operationId, error, httpStatus: sent.status, contentType: sent.contentType });
            this.answered(`error ${String(error.code)}`);
            problems.push(`event ${count} is error ${errorText(error)}`);
            continue;
          }
          if (!verdict.valid) problems.push(`event ${count} does not validate as ${operationId}'s stream event: ${formatErrors(verdict.errors)}`);
          const result = fromRest(this.adapter.wire, operationId, data);
          seen.push(this.describe(result));
          this.answered(this.describe(result));
          results.push(result);
          const over = sequence.complete;
          const wrong = sequence.add(this.adapter.asV03Event(result));
          problems.push(...wrong);
          if (over && wrong.length > 0) {
            cut = true;
            break;
          }
          if (count >= MAX_STREAM_EVENTS) {
            problems.push(`the stream sent more than ${MAX_STREAM_EVENTS} events without ending`);
            cut = true;
            break;
          }
          if (options.onEvent) await options.onEvent(result, results.length);
          continue;
        }
        const verdict = this.verdict(data, method);
        if (!verdict.valid) problems.push(`event ${count} does not validate: ${formatErrors(verdict.errors)}`);
        if (data.id !== request.id) problems.push(`event ${count} has id ${JSON.stringify(data.id)}, expected ${JSON.stringify(request.id)}`);
        if ('error' in data) {
          errors++;
          if (isObject(data.error)) this.errorsSeen.push({ step: this.currentStep, method, error: data.error, httpStatus: sent.status, contentType: sent.contentType });
          this.answered(`error ${isObject(data.error) ? String(data.error.code) : '?'}`);
          problems.push(`event ${count} is error ${errorText(data.error)}`);
          continue;
        }
        seen.push(this.describe(data.result));
        this.answered(this.describe(data.result));
        results.push(data.result);
        const over = sequence.complete;
        const wrong = sequence.add(this.adapter.asV03Event(data.result));
        problems.push(...wrong);
        // An event after the end is established; an endless stream is not read further.
        if (over && wrong.length > 0) {
          cut = true;
          break;
        }
        if (count >= MAX_STREAM_EVENTS) {
          problems.push(`the stream sent more than ${MAX_STREAM_EVENTS} events without ending`);
          cut = true;
          break;
        }
        if (options.onEvent) await options.onEvent(data.result, results.length);
      }
      if (errors === 0 && !cut) problems.push(...sequence.end());
    } catch (error) {
      if (!(error instanceof HttpError) || error.kind === 'deadline') throw error;
      if (error.kind === 'timeout') {
        problems.push(
          sequence.complete
            ? `the stream stayed open more than ${this.options.timeoutMs} ms after its last event (event ${count}) although the stream was over`
            : `no event for ${this.options.timeoutMs} ms after ${count === 0 ? 'the headers' : `event ${count}`}${sequence.currentState ? ` (task ${sequence.currentState})` : ''}: the stream hangs`,
        );
      } else if (error.kind === 'closed') {
        problems.push(`${error.message} (${count === 0 ? 'before any event' : `after event ${count}`})`);
      } else {
        problems.push(error.message);
      }
    }
    return { problems, remarks, seen, results, sequence };
  }

  /** Turns a non-stream answer to a streaming request into the step's failure (the card claims streaming). */
  failPlain(plain: NonNullable<StreamOutcome['plain']>, method: string): never {
    const { body, text, status, contentType } = plain;
    if (body === undefined) return fail(`the answer is ${contentType || 'without Content-Type'} (HTTP ${status}), not text/event-stream: ${snippet(text)}`);
    if (isObject(body) && 'error' in body) {
      const verdict = this.verdict(body, method);
      return fail(
        `the server answered with error ${errorText(body.error)} instead of a stream, although the card claims streaming${verdict.valid ? '' : `; the response does not validate: ${formatErrors(verdict.errors)}`}`,
      );
    }
    return fail(`the answer is ${contentType || 'without Content-Type'} (HTTP ${status}), not text/event-stream`);
  }

  /** True when the card claims a capability (`capabilities[name] === true`). */
  claims(name: string): boolean {
    return isObject(this.card?.capabilities) && (this.card!.capabilities as Json)[name] === true;
  }

  report(durationMs: number): CheckReport {
    const count = (status: StepStatus) => this.steps.filter((step) => step.status === status).length;
    const failed = count('fail');
    return {
      url: this.url.href,
      variant: this.variant,
      variantReason: this.variantReason,
      wire: this.adapter.wire,
      ...(this.cardUrl ? { cardUrl: this.cardUrl } : {}),
      ...(this.endpoint ? { endpoint: this.endpoint } : {}),
      transports: [this.transport],
      ...(this.restEndpoint && this.transport === 'http-json' ? { restEndpoint: this.restEndpoint } : {}),
      differences: [],
      steps: this.steps,
      passed: count('pass'),
      failed,
      skipped: count('skip'),
      ok: failed === 0,
      durationMs,
    };
  }
}
