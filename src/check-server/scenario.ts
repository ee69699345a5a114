/**
 * The live check: fetches the agent card, then drives the JSON-RPC endpoint it names through a
 * fixed scenario. Every response is validated with the package's validator for the chosen
 * variant; every step ends PASS, FAIL with the reason, or SKIP with why.
 *
 * Steps, in order:
 *   agent card                           GET /.well-known/agent-card.json (else /.well-known/agent.json), valid AgentCard
 *   message/send (text part)             a result (Task or Message)
 *   message/send (data part)             a result, or ContentTypeNotSupportedError (-32005)
 *   tasks/get (historyLength)            the task, with at most `historyLength` messages of history
 *   tasks/get on an unknown task         TaskNotFoundError (-32001)
 *   tasks/cancel on a finished task      TaskNotCancelableError (-32002)
 *   unknown method                       MethodNotFoundError (-32601)
 *   malformed JSON                       JSONParseError (-32700) with id null
 *   invalid params                       InvalidParamsError (-32602)
 *   message/stream                       an SSE stream; every event valid, the sequence lawful (see lifecycle.ts)
 *   tasks/pushNotificationConfig/set|get|list|delete   when the card claims pushNotifications
 *
 * Bounds: each request has `timeoutMs` (for a stream: until the headers, then between two
 * chunks), the whole run has `totalTimeoutMs`, each body is read up to `maxBytes`, a stream is
 * read up to `maxBytes` and MAX_EVENTS events, and redirects are followed only within the same
 * origin. A server that accepts the connection and then misbehaves (closes mid-answer, answers
 * something that is not HTTP, sends endless headers) fails the step; only a server that cannot be
 * reached at all stops the run (CheckServerError 'connection').
 */
import { randomUUID } from 'node:crypto';
import { defaultVariant, variantNames } from '../lazy-variants.js';
import { loadVariant } from '../validate/load.js';
import { describeBodyError, describeFetchError, fetchText, HttpError, readBody, send, type BodyProgress, type Limits } from './http.js';
import { CHECK_VARIANTS, describeResult, lifecycleOf, StreamSequence, type CheckVariant, type Lifecycle } from './lifecycle.js';
import { readEvents } from './sse.js';
import { validate, validateMessage, type ValidationError, type ValidationResult } from './validation.js';

export interface CheckOptions {
  /** The variant payloads are validated against (default: the package's default variant). */
  readonly variant?: string;
  /** Time allowed for one request, in milliseconds (default 10 000). */
  readonly timeoutMs?: number;
  /** Time allowed for the whole check, in milliseconds (default 60 000). */
  readonly totalTimeoutMs?: number;
  /** The most bytes read from one response or stream (default 10 MiB). */
  readonly maxBytes?: number;
  /** The webhook URL the push-notification steps register (default http://127.0.0.1:9/bindu-protocol-check). */
  readonly webhookUrl?: string;
  /** Called as each step finishes. */
  readonly onStep?: (step: StepResult) => void;
}

export type StepStatus = 'pass' | 'fail' | 'skip';

export interface StepResult {
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
  /** Where the agent card was found. */
  readonly cardUrl?: string;
  /** The JSON-RPC endpoint the card names. */
  readonly endpoint?: string;
  readonly steps: readonly StepResult[];
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
  /** True when no step failed. */
  readonly ok: boolean;
  readonly durationMs: number;
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
  webhookUrl: 'http://127.0.0.1:9/bindu-protocol-check',
} as const;

const CARD_PATHS = ['.well-known/agent-card.json', '.well-known/agent.json'] as const;
const MAX_SHOWN = 3;
/** The most events read from one stream. */
export const MAX_STREAM_EVENTS = 10_000;
const MAX_EVENTS = MAX_STREAM_EVENTS;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

class StepFail extends Error {}
class StepSkip extends Error {}
const fail = (reason: string): never => {
  throw new StepFail(reason);
};
const skip = (reason: string): never => {
  throw new StepSkip(reason);
};

const snippet = (text: string, max = 80) => {
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

function errorText(error: unknown): string {
  if (!isObject(error)) return 'an error';
  const code = typeof error.code === 'number' ? error.code : JSON.stringify(error.code);
  return typeof error.message === 'string' ? `${code} (${snippet(error.message, 60)})` : String(code);
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

interface TaskRef {
  readonly id: string;
  state: string | undefined;
}

/** Everything one run shares between its steps. */
class Run {
  readonly steps: StepResult[] = [];
  readonly lifecycle: Lifecycle;
  readonly limits: Limits;
  card: Json | undefined;
  cardUrl: string | undefined;
  endpoint: string | undefined;
  /** Why the JSON-RPC steps cannot run, once known. */
  blocked: string | undefined;
  task: TaskRef | undefined;
  taskSource = '';
  private nextId = 1;

  constructor(
    readonly url: URL,
    readonly variant: CheckVariant,
    readonly options: Required<Omit<CheckOptions, 'onStep' | 'variant'>> & Pick<CheckOptions, 'onStep'>,
    deadline: AbortSignal,
  ) {
    this.lifecycle = lifecycleOf(variant);
    this.limits = { timeoutMs: options.timeoutMs, maxBytes: options.maxBytes, deadline };
  }

  // ---- steps ------------------------------------------------------------------------------

  async step(name: string, body: (note: (text: string) => void) => Promise<void>): Promise<StepResult> {
    const start = Date.now();
    const notes: string[] = [];
    let status: StepStatus = 'pass';
    let reason: string | undefined;
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
    const result: StepResult = { name, status, ...(reason !== undefined ? { reason } : {}), notes, durationMs: Date.now() - start };
    this.steps.push(result);
    this.options.onStep?.(result);
    return result;
  }

  /** Skips the step when the JSON-RPC endpoint is unknown or unreachable. */
  needEndpoint(): string {
    if (this.blocked) skip(this.blocked);
    return this.endpoint!;
  }

  /** Skips the step when there is no task to work with. */
  needTask(): TaskRef {
    this.needEndpoint();
    if (!this.task) skip(`no task to use: ${this.taskSource || 'message/send produced none'}`);
    return this.task!;
  }

  // ---- payloads ---------------------------------------------------------------------------

  private definition(type: string): { properties: Json; required: string[] } {
    const schema: unknown = loadVariant(this.variant).definitions[type];
    const properties = isObject(schema) && isObject(schema.properties) ? schema.properties : {};
    const required = isObject(schema) && Array.isArray(schema.required) ? (schema.required as string[]) : [];
    return { properties, required };
  }

  /** The name a params type gives the task id: `id` in A2A, `taskId` where Bindu renames it. */
  taskKey(paramsType: string): string {
    const { properties } = this.definition(paramsType);
    return 'taskId' in properties && !('id' in properties) ? 'taskId' : 'id';
  }

  /** A user message with the given parts, carrying whatever ids the variant requires of a client. */
  message(parts: unknown[], withMessageId = true): Json {
    const { required } = this.definition('Message');
    return {
      kind: 'message',
      ...(withMessageId ? { messageId: randomUUID() } : {}),
      role: 'user',
      parts,
      ...(required.includes('contextId') ? { contextId: randomUUID() } : {}),
      ...(required.includes('taskId') ? { taskId: randomUUID() } : {}),
    };
  }

  /** MessageSendParams for a message, blocking, accepting the card's default output modes. */
  sendParams(message: Json): Json {
    const modes = Array.isArray(this.card?.defaultOutputModes) && this.card.defaultOutputModes.every((mode) => typeof mode === 'string') && this.card.defaultOutputModes.length > 0
      ? (this.card.defaultOutputModes as string[])
      : ['text/plain'];
    return { message, configuration: { acceptedOutputModes: modes, blocking: true } };
  }

  // ---- JSON-RPC over HTTP -----------------------------------------------------------------

  request(method: string, params?: unknown): Json {
    return { jsonrpc: '2.0', id: this.nextId++, method, ...(params !== undefined ? { params } : {}) };
  }

  /** Fails the step when a request the checker built does not validate (so the server is never blamed for it). */
  selfCheck(request: Json): void {
    const verdict = validateMessage(request, { variant: this.variant });
    if (!verdict.valid) fail(`the ${String(request.method)} request bindu-protocol built does not validate under ${this.variant}: ${formatErrors(verdict.errors)}`);
  }

  /** POSTs a body to the endpoint and parses the JSON answer. */
  async post(body: string, note: (text: string) => void): Promise<Json> {
    const endpoint = this.needEndpoint();
    let answer;
    try {
      answer = await fetchText(endpoint, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body }, this.limits);
    } catch (error) {
      if (error instanceof HttpError && error.kind === 'connect' && !this.blocked) {
        this.blocked = `the JSON-RPC endpoint ${endpoint} is unreachable (${error.message})`;
      }
      throw error;
    }
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
    return parsed as Json;
  }

  /** Validates a response to `method` (or, for no method, as a JSON-RPC error response). */
  verdict(response: Json, method: string | undefined): ValidationResult {
    if (method !== undefined && loadVariant(this.variant).method(method) !== undefined) {
      return validateMessage(response, { variant: this.variant, method });
    }
    return validate('error' in response ? 'JSONRPCErrorResponse' : 'JSONRPCSuccessResponse', response, { variant: this.variant });
  }

  /**
   * Sends a request and checks the answer: valid for the method, the right id, and either a
   * result (`expect` = 'result') or the given error code. Returns the result or the error.
   */
  async call(
    request: Json,
    expect: 'result' | { readonly code: number; readonly name: string },
    note: (text: string) => void,
    options: { readonly selfCheck?: boolean; readonly accept?: readonly number[] } = {},
  ): Promise<{ readonly result?: unknown; readonly error?: Json }> {
    if (options.selfCheck !== false) this.selfCheck(request);
    const response = await this.post(JSON.stringify(request), note);
    return this.judge(request, response, expect, options.accept ?? []);
  }

  judge(
    request: Json | undefined,
    response: Json,
    expect: 'result' | { readonly code: number; readonly name: string },
    accept: readonly number[],
  ): { readonly result?: unknown; readonly error?: Json } {
    const method = typeof request?.method === 'string' ? request.method : undefined;
    const problems: string[] = [];
    const hasError = 'error' in response;
    const error = isObject(response.error) ? response.error : undefined;
    if (expect === 'result') {
      if (hasError && !(error && typeof error.code === 'number' && accept.includes(error.code))) {
        problems.push(`expected a result, got error ${errorText(response.error)}`);
      } else if (!hasError && !('result' in response)) problems.push('the response has neither result nor error');
    } else if (!hasError) {
      problems.push(`expected error ${expect.code} (${expect.name}), got a result${'result' in response ? ` (${describeResult(response.result)})` : ''}`);
    } else if (error?.code !== expect.code) {
      problems.push(`expected error ${expect.code}, got ${errorText(response.error)}`);
    }
    const verdict = this.verdict(response, method);
    if (!verdict.valid) problems.push(`the response does not validate: ${formatErrors(verdict.errors)}`);
    const expectedId = request === undefined ? null : request.id;
    if ('id' in response && response.id !== expectedId) {
      problems.push(`the response id is ${JSON.stringify(response.id)}, expected ${JSON.stringify(expectedId)}`);
    } else if (!('id' in response)) problems.push('the response has no id');
    if (problems.length > 0) fail(problems.join('; '));
    return hasError ? { error: error ?? {} } : { result: response.result };
  }

  /** Remembers the first task the agent created, for the steps that need one. */
  keepTask(result: unknown, source: string): void {
    if (this.task) return;
    if (isObject(result) && result.kind === 'task' && typeof result.id === 'string') {
      this.task = { id: result.id, state: isObject(result.status) && typeof result.status.state === 'string' ? result.status.state : undefined };
    } else if (!this.taskSource) {
      this.taskSource = `${source} answered with ${describeResult(result)}, not a Task`;
    }
  }

  // ---- the scenario -----------------------------------------------------------------------

  async agentCard(): Promise<void> {
    const step = await this.step('agent card', async (note) => {
      const candidates = cardCandidates(this.url);
      const misses: string[] = [];
      let found: { url: string; text: string; contentType: string; status: number } | undefined;
      for (const candidate of candidates) {
        let answer;
        try {
          answer = await fetchText(candidate, { method: 'GET', headers: { accept: 'application/json' } }, this.limits);
        } catch (error) {
          if (error instanceof HttpError && error.kind === 'connect') {
            throw new CheckServerError('connection', `cannot reach ${this.url.href}: ${error.message}`);
          }
          throw error;
        }
        if (answer.status >= 200 && answer.status < 300) {
          found = { url: answer.url, text: answer.text, contentType: answer.contentType, status: answer.status };
          break;
        }
        misses.push(`GET ${new URL(candidate).pathname} → HTTP ${answer.status}`);
      }
      if (!found) {
        this.blocked = 'no agent card, so no JSON-RPC endpoint to probe';
        return fail(`no agent card: ${misses.join(', ')}`);
      }
      this.cardUrl = found.url;
      if (misses.length > 0) note(`found at ${new URL(found.url).pathname} after ${misses.join(', ')}`);
      if (found.url.endsWith('/.well-known/agent.json')) {
        note('served at the older path /.well-known/agent.json; A2A v0.3.0 names /.well-known/agent-card.json');
      }
      if (found.text.trim() === '') {
        this.blocked = 'the agent card is empty, so no JSON-RPC endpoint to probe';
        return fail(`the agent card is empty (HTTP ${found.status})`);
      }
      let card: unknown;
      try {
        card = JSON.parse(found.text);
      } catch {
        this.blocked = 'the agent card is not JSON, so no JSON-RPC endpoint to probe';
        return fail(`the agent card is not JSON (HTTP ${found.status}, ${found.contentType || 'no Content-Type'}): ${snippet(found.text)}`);
      }
      if (found.contentType !== 'application/json') note(`the card's Content-Type is ${found.contentType || 'missing'}, not application/json`);
      if (!isObject(card)) {
        this.blocked = 'the agent card is not an object, so no JSON-RPC endpoint to probe';
        return fail('the agent card is not a JSON object');
      }
      this.card = card;
      const endpoint = jsonRpcEndpoint(card, found.url);
      if (typeof endpoint === 'string') {
        this.endpoint = endpoint;
        if (new URL(endpoint).host !== new URL(found.url).host) note(`the card's JSON-RPC endpoint ${endpoint} is on another host than the card`);
      } else {
        this.blocked = `the card names no usable JSON-RPC endpoint (${endpoint.why})`;
      }
      const verdict = validate('AgentCard', card, { variant: this.variant });
      const problems: string[] = [];
      if (!verdict.valid) problems.push(`the card does not validate as a ${this.variant} AgentCard: ${formatErrors(verdict.errors)}`);
      if (typeof endpoint !== 'string') problems.push(endpoint.why);
      if (problems.length > 0) fail(problems.join('; '));
    });
    if (!this.endpoint && !this.blocked) this.blocked = `no JSON-RPC endpoint to probe (the agent card step ${step.status === 'fail' ? 'failed' : 'did not pass'})`;
  }

  async sendText(): Promise<void> {
    await this.step('message/send (text part)', async (note) => {
      this.needEndpoint();
      const request = this.request('message/send', this.sendParams(this.message([{ kind: 'text', text: 'bindu-protocol check-server: please answer this message.' }])));
      const { result } = await this.call(request, 'result', note);
      this.keepTask(result, 'message/send (text part)');
      note(`answered with ${describeResult(result)}`);
    });
  }

  async sendData(): Promise<void> {
    await this.step('message/send (data part)', async (note) => {
      this.needEndpoint();
      const request = this.request('message/send', this.sendParams(this.message([{ kind: 'data', data: { check: 'bindu-protocol', probe: 'data part' } }])));
      const { result, error } = await this.call(request, 'result', note, { accept: [-32005] });
      if (error) {
        note(`answered ContentTypeNotSupportedError (${errorText(error)}): the agent takes no data parts`);
        return;
      }
      this.keepTask(result, 'message/send (data part)');
      note(`answered with ${describeResult(result)}`);
    });
  }

  async getTask(): Promise<void> {
    await this.step('tasks/get (historyLength)', async (note) => {
      const task = this.needTask();
      const request = this.request('tasks/get', { [this.taskKey('TaskQueryParams')]: task.id, historyLength: 1 });
      const { result } = await this.call(request, 'result', note);
      if (!isObject(result)) return fail('the result is not a Task');
      const problems: string[] = [];
      if (result.id !== task.id) problems.push(`asked for task ${task.id}, got task ${JSON.stringify(result.id)}`);
      if (Array.isArray(result.history) && result.history.length > 1) {
        problems.push(`historyLength 1 but the task came back with ${result.history.length} history messages`);
      }
      if (problems.length > 0) fail(problems.join('; '));
      if (isObject(result.status) && typeof result.status.state === 'string') task.state = result.status.state;
      note(`task ${task.id} is ${task.state ?? 'in no known state'}`);
    });
  }

  async getUnknownTask(): Promise<void> {
    await this.step('tasks/get on an unknown task', async (note) => {
      this.needEndpoint();
      const request = this.request('tasks/get', { [this.taskKey('TaskQueryParams')]: randomUUID() });
      await this.call(request, { code: -32001, name: 'TaskNotFoundError' }, note);
    });
  }

  async cancelFinished(): Promise<void> {
    await this.step('tasks/cancel on a finished task', async (note) => {
      const task = this.needTask();
      await this.waitUntilFinished(task, note);
      const request = this.request('tasks/cancel', { [this.taskKey('TaskIdParams')]: task.id });
      await this.call(request, { code: -32002, name: 'TaskNotCancelableError' }, note);
    });
  }

  /** Polls tasks/get until the task is in a terminal state; skips when it waits on the client or takes too long. */
  private async waitUntilFinished(task: TaskRef, note: (text: string) => void): Promise<void> {
    const until = Date.now() + this.options.timeoutMs;
    let polls = 0;
    while (task.state === undefined || !this.lifecycle.terminal.includes(task.state)) {
      if (task.state !== undefined && this.lifecycle.interrupted.includes(task.state)) {
        skip(`the task waits in ${task.state}; there is no finished task to cancel`);
      }
      if (Date.now() >= until) skip(`the task is still ${task.state ?? 'in no known state'} after ${this.options.timeoutMs} ms; there is no finished task to cancel`);
      if (polls > 0) await sleep(200, this.limits.deadline);
      polls++;
      const request = this.request('tasks/get', { [this.taskKey('TaskQueryParams')]: task.id });
      let result: unknown;
      try {
        ({ result } = await this.call(request, 'result', note));
      } catch (error) {
        if (error instanceof StepFail) fail(`while waiting for the task to finish, tasks/get: ${error.message}`);
        throw error;
      }
      if (isObject(result) && isObject(result.status) && typeof result.status.state === 'string') task.state = result.status.state;
    }
    if (polls > 0) note(`waited for the task to finish (${polls} tasks/get)`);
  }

  async unknownMethod(): Promise<void> {
    await this.step('unknown method', async (note) => {
      this.needEndpoint();
      const request = this.request('bindu-protocol/no-such-method', {});
      await this.call(request, { code: -32601, name: 'MethodNotFoundError' }, note, { selfCheck: false });
    });
  }

  async malformedJson(): Promise<void> {
    await this.step('malformed JSON', async (note) => {
      this.needEndpoint();
      const response = await this.post('{"jsonrpc": "2.0", "id": 1, "method": "tasks/get", "params": {', note);
      this.judge(undefined, response, { code: -32700, name: 'JSONParseError' }, []);
    });
  }

  async invalidParams(): Promise<void> {
    await this.step('invalid params', async (note) => {
      this.needEndpoint();
      // A message without its required messageId: a params object the method cannot accept.
      const request = this.request('message/send', this.sendParams(this.message([{ kind: 'text', text: 'bindu-protocol check-server: this message has no messageId.' }], false)));
      note('sent message/send whose message has no messageId');
      await this.call(request, { code: -32602, name: 'InvalidParamsError' }, note, { selfCheck: false });
    });
  }

  async stream(): Promise<void> {
    await this.step('message/stream', async (note) => {
      const endpoint = this.needEndpoint();
      if (this.card && !(isObject(this.card.capabilities) && this.card.capabilities.streaming === true)) {
        skip('the card does not claim streaming');
      }
      const request = this.request('message/stream', this.sendParams(this.message([{ kind: 'text', text: 'bindu-protocol check-server: please stream your answer.' }])));
      this.selfCheck(request);
      const timer = new AbortController();
      const timeout = setTimeout(() => timer.abort(), this.options.timeoutMs);
      let sent;
      try {
        sent = await send(
          endpoint,
          { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream' }, body: JSON.stringify(request) },
          AbortSignal.any([this.limits.deadline, timer.signal]),
        );
      } catch (error) {
        clearTimeout(timeout);
        throw describeFetchError(error, endpoint, this.limits, () => timer.signal.aborted);
      }
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
          return fail(`the answer is ${sent.contentType || 'without Content-Type'} (HTTP ${sent.status}), not text/event-stream: ${snippet(text)}`);
        }
        if (isObject(parsed) && 'error' in parsed) {
          const verdict = this.verdict(parsed, 'message/stream');
          return fail(
            `the server answered with error ${errorText(parsed.error)} instead of a stream, although the card claims streaming${verdict.valid ? '' : `; the response does not validate: ${formatErrors(verdict.errors)}`}`,
          );
        }
        return fail(`the answer is ${sent.contentType || 'without Content-Type'} (HTTP ${sent.status}), not text/event-stream`);
      }
      // A stream: from here on the idle timeout between chunks applies instead.
      clearTimeout(timeout);
      if (sent.status !== 200) note(`the stream came with HTTP ${sent.status}, not 200`);
      if (!sent.response.body) return fail('the stream has no body');

      const sequence = new StreamSequence(this.lifecycle);
      const problems: string[] = [];
      const seen: string[] = [];
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
          const verdict = this.verdict(data, 'message/stream');
          if (!verdict.valid) problems.push(`event ${count} does not validate: ${formatErrors(verdict.errors)}`);
          if (data.id !== request.id) problems.push(`event ${count} has id ${JSON.stringify(data.id)}, expected ${JSON.stringify(request.id)}`);
          if ('error' in data) {
            errors++;
            problems.push(`event ${count} is error ${errorText(data.error)}`);
            continue;
          }
          seen.push(describeResult(data.result));
          const over = sequence.complete;
          const wrong = sequence.add(data.result);
          problems.push(...wrong);
          // An event after the end is established; an endless stream is not read further.
          if (over && wrong.length > 0) {
            cut = true;
            break;
          }
          if (count >= MAX_EVENTS) {
            problems.push(`the stream sent more than ${MAX_EVENTS} events without ending`);
            cut = true;
            break;
          }
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
      for (const remark of sequence.notes) note(remark);
      if (seen.length > 0) note(`${seen.length} events: ${seen.slice(0, 8).join(' → ')}${seen.length > 8 ? ' → …' : ''}`);
      if (problems.length > 0) {
        const shown = problems.slice(0, MAX_SHOWN).join('; ');
        fail(problems.length > MAX_SHOWN ? `${shown} (and ${problems.length - MAX_SHOWN} more)` : shown);
      }
    });
  }

  async pushNotifications(): Promise<void> {
    const claims = isObject(this.card?.capabilities) && (this.card!.capabilities as Json).pushNotifications === true;
    if (!this.card || !claims) {
      await this.step('push notifications', async () => {
        if (!this.card) skip('no agent card to say whether push notifications are supported');
        skip('the card does not claim pushNotifications');
      });
      return;
    }
    const configId = randomUUID();
    const webhook = this.options.webhookUrl;
    let stored = false;
    const needStored = () => {
      if (!stored) skip('tasks/pushNotificationConfig/set did not succeed');
    };
    const matches = (value: unknown) =>
      isObject(value) && isObject(value.pushNotificationConfig) && value.pushNotificationConfig.url === webhook && (value.pushNotificationConfig.id === undefined || value.pushNotificationConfig.id === configId);

    await this.step('tasks/pushNotificationConfig/set', async (note) => {
      const task = this.needTask();
      const request = this.request('tasks/pushNotificationConfig/set', {
        taskId: task.id,
        pushNotificationConfig: { id: configId, url: webhook, token: 'bindu-protocol-check' },
      });
      const { result } = await this.call(request, 'result', note);
      if (!isObject(result) || result.taskId !== task.id) fail(`the stored configuration names task ${JSON.stringify(isObject(result) ? result.taskId : undefined)}, expected ${task.id}`);
      if (!matches(result)) fail('the stored configuration does not carry the id and url that were sent');
      stored = true;
    });
    await this.step('tasks/pushNotificationConfig/get', async (note) => {
      const task = this.needTask();
      needStored();
      const request = this.request('tasks/pushNotificationConfig/get', {
        [this.taskKey('GetTaskPushNotificationConfigParams')]: task.id,
        pushNotificationConfigId: configId,
      });
      const { result } = await this.call(request, 'result', note);
      if (!matches(result)) fail('the configuration read back does not carry the id and url that were stored');
    });
    await this.step('tasks/pushNotificationConfig/list', async (note) => {
      const task = this.needTask();
      needStored();
      const request = this.request('tasks/pushNotificationConfig/list', { [this.taskKey('ListTaskPushNotificationConfigParams')]: task.id });
      const { result } = await this.call(request, 'result', note);
      if (!Array.isArray(result) || !result.some(matches)) fail('the list does not hold the stored configuration');
    });
    await this.step('tasks/pushNotificationConfig/delete', async (note) => {
      const task = this.needTask();
      needStored();
      const key = this.taskKey('DeleteTaskPushNotificationConfigParams');
      const request = this.request('tasks/pushNotificationConfig/delete', { [key]: task.id, pushNotificationConfigId: configId });
      await this.call(request, 'result', note);
      const after = this.request('tasks/pushNotificationConfig/list', { [this.taskKey('ListTaskPushNotificationConfigParams')]: task.id });
      const { result } = await this.call(after, 'result', note);
      if (Array.isArray(result) && result.some(matches)) fail('the configuration is still listed after it was deleted');
    });
  }

  report(durationMs: number): CheckReport {
    const count = (status: StepStatus) => this.steps.filter((step) => step.status === status).length;
    const failed = count('fail');
    return {
      url: this.url.href,
      variant: this.variant,
      ...(this.cardUrl ? { cardUrl: this.cardUrl } : {}),
      ...(this.endpoint ? { endpoint: this.endpoint } : {}),
      steps: this.steps,
      passed: count('pass'),
      failed,
      skipped: count('skip'),
      ok: failed === 0,
      durationMs,
    };
  }
}

/**
 * Where to look for the agent card. A URL ending in `.json` is the card itself; otherwise the
 * well-known paths under the URL's path, then (when that is not the root) under the origin.
 */
export function cardCandidates(url: URL): string[] {
  if (url.pathname.endsWith('.json')) return [url.href];
  const base = new URL(url.href);
  base.search = '';
  base.hash = '';
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  const out = CARD_PATHS.map((path) => new URL(path, base).href);
  if (base.pathname !== '/') out.push(...CARD_PATHS.map((path) => new URL(`/${path}`, base).href));
  return [...new Set(out)];
}

/** The JSON-RPC endpoint a card names: `url` when the preferred transport is JSON-RPC, else a JSONRPC additional interface. */
export function jsonRpcEndpoint(card: Json, cardUrl: string): string | { why: string } {
  const preferred = card.preferredTransport ?? 'JSONRPC';
  let candidate: unknown;
  if (preferred === 'JSONRPC') candidate = card.url;
  else if (Array.isArray(card.additionalInterfaces)) {
    candidate = card.additionalInterfaces.find((entry) => isObject(entry) && entry.transport === 'JSONRPC' && typeof entry.url === 'string')?.url;
  }
  if (typeof candidate !== 'string') {
    return { why: preferred === 'JSONRPC' ? 'the card has no url' : `the preferred transport is ${JSON.stringify(preferred)} and no additional interface is JSONRPC` };
  }
  let endpoint: URL;
  try {
    endpoint = new URL(candidate, cardUrl);
  } catch {
    return { why: `the card's url ${JSON.stringify(candidate)} is not a URL` };
  }
  if (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:') return { why: `the card's url ${endpoint.href} is not http or https` };
  return endpoint.href;
}

/** Runs the whole check against the server at `url`. Throws CheckServerError for a bad URL or an unreachable server. */
export async function checkServer(url: string, options: CheckOptions = {}): Promise<CheckReport> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CheckServerError('usage', `not a URL: ${JSON.stringify(url)}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new CheckServerError('usage', `not an http or https URL: ${url}`);
  }
  const variant = (options.variant ?? defaultVariant) as CheckVariant;
  if (!CHECK_VARIANTS.includes(variant)) {
    throw new CheckServerError(
      'usage',
      (variantNames as readonly string[]).includes(variant)
        ? `check-server speaks the A2A v0.3 JSON-RPC wire; variant "${variant}" is not one it can check (use ${CHECK_VARIANTS.join(' or ')})`
        : `unknown variant "${variant}"`,
    );
  }
  const settings = {
    timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    totalTimeoutMs: options.totalTimeoutMs ?? DEFAULTS.totalTimeoutMs,
    maxBytes: options.maxBytes ?? DEFAULTS.maxBytes,
    webhookUrl: options.webhookUrl ?? DEFAULTS.webhookUrl,
    onStep: options.onStep,
  };
  for (const [name, value] of Object.entries({ timeoutMs: settings.timeoutMs, totalTimeoutMs: settings.totalTimeoutMs, maxBytes: settings.maxBytes })) {
    if (!Number.isFinite(value) || value <= 0) throw new CheckServerError('usage', `${name} must be a positive number`);
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), settings.totalTimeoutMs);
  const start = Date.now();
  try {
    const run = new Run(parsed, variant, settings, controller.signal);
    await run.agentCard();
    await run.sendText();
    await run.sendData();
    await run.getTask();
    await run.getUnknownTask();
    await run.cancelFinished();
    await run.unknownMethod();
    await run.malformedJson();
    await run.invalidParams();
    await run.stream();
    await run.pushNotifications();
    return run.report(Date.now() - start);
  } finally {
    clearTimeout(timer);
  }
}
