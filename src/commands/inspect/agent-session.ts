/**
 * The inspector's side of one agent: it fetches the agent card and makes every call a person asks for, and hands
 * each exchange, as it happens, to the proxy's validating tap (src/commands/proxy/tap.ts), so what the page shows
 * is judged by the same machinery as the proxy's traffic: the card (and the variant it chooses, ./variant.ts of the
 * proxy), each request, each answer and each stream event, the stream's order against the task lifecycle, the
 * record (src/commands/proxy/record.ts, read back by `validate --ndjson`).
 *
 * The inspector is the client here, not a relay: it writes the request, reads the answer (fetch decodes any
 * Content-Encoding), and feeds the tap the same copies the proxy's relay would. The tap reports an exchange
 * synchronously when told it ended, so the report is matched to the exchange that was just ended.
 *
 * Credentials a person enters on the page arrive with each call (headers, query parameters) and are used for that
 * call only: they are never kept here, never written to the record (which holds payloads, not headers) and the
 * query values are masked in every path shown.
 */
import { randomUUID } from 'node:crypto';
import type * as Grpc from '@grpc/grpc-js';
import { AGENT_CARD_PATHS, endpoints, type Endpoint } from '../../live/agent-card.js';
import { SseParser } from '../../live/sse.js';
import { type GrpcFailure, grpcTarget } from '../../live/grpc-target.js';
import { grpcError } from '../../live/grpc-status.js';
import { isObject } from '../../engine/json-value.js';
import { operationForMethod } from '../../library/validate-operation.js';
import { adapterFor, type MessageSpec, type WireAdapter } from '../check-server/wire-adapter.js';
import { fromRest, restRequest } from '../check-server/rest-binding.js';
import { basePath } from '../proxy/card-rewrite.js';
import type { ExchangeReport } from '../proxy/exchange.js';
import { Recorder } from '../proxy/record.js';
import type { AnswerCopy, ExchangeListener } from '../proxy/relay.js';
import { mediaType } from '../proxy/relay.js';
import { Tap } from '../proxy/tap.js';
import { requestedChoice, type Choice } from '../proxy/variant.js';

/**
 * What a gRPC call needs (@grpc/grpc-js, the A2A descriptor and its codecs, the proxy's gRPC judge): loaded when a card
 * offers a GRPC interface (`AgentSession.fetchCard`), not when the inspector starts (about 90 ms and 12 MB).
 */
interface GrpcParts {
  readonly grpc: typeof Grpc;
  readonly client: typeof import('../../live/grpc-client.js');
  readonly judgeGrpcCall: typeof import('../proxy/grpc-relay.js').judgeGrpcCall;
}

async function loadGrpcParts(): Promise<GrpcParts> {
  const [grpc, client, { judgeGrpcCall }] = await Promise.all([
    import('@grpc/grpc-js'),
    import('../../live/grpc-client.js'),
    import('../proxy/grpc-relay.js'),
  ]);
  return { grpc, client, judgeGrpcCall };
}

/** What a person asks the agent for. */
export type Action = 'send' | 'stream' | 'get' | 'cancel' | 'subscribe';
export const ACTIONS: readonly Action[] = ['send', 'stream', 'get', 'cancel', 'subscribe'];

/** The bindings the inspector speaks (GRPC: A2A v1.0 §10, the card's `host:port`). */
export type InspectBinding = 'JSONRPC' | 'HTTP+JSON' | 'GRPC';
const BINDINGS: readonly string[] = ['JSONRPC', 'HTTP+JSON', 'GRPC'];

/** Credentials for one call, as the page derived them from the card's security schemes. */
export interface CallAuth {
  readonly headers?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, string>>;
}

export interface CallRequest {
  readonly action: Action;
  readonly binding: InspectBinding;
  /** send and stream: the message; get, cancel, subscribe: `taskId`. */
  readonly message?: MessageSpec;
  readonly taskId?: string;
  /** send: wait for the task to finish (v1.0 `returnImmediately: false`; v0.3 `blocking: true`). */
  readonly blocking?: boolean;
  readonly auth?: CallAuth;
}

/** One payload of an exchange as the page shows it: its label (the tap's part name), its text, the task it tells of. */
export interface Payload {
  readonly part: string;
  readonly text: string;
  /** The task's state in v0.3 spelling, the task and context ids, when the payload tells them. */
  readonly state?: string;
  readonly taskId?: string;
  readonly contextId?: string;
  /** `message`, `task`, `status-update`, `artifact-update`, `error`. */
  readonly kind?: string;
}

/** What the page gets about an exchange: `start` (the request), each `payload` of the answer, `end` (the verdict). */
export type ExchangeEvent =
  | {
      readonly type: 'start';
      readonly id: number;
      readonly label: string;
      readonly binding: InspectBinding | 'card';
      readonly http: { readonly method: string; readonly url: string };
      readonly request?: Payload;
    }
  | { readonly type: 'payload'; readonly id: number; readonly payload: Payload }
  | { readonly type: 'end'; readonly id: number; readonly status?: number; readonly report: ExchangeReport; readonly fault?: string };

export class SessionError extends Error {}

export interface SessionOptions {
  readonly target: string;
  readonly variant?: string;
  /** --header: sent with every request, the card fetch included. */
  readonly headers?: Readonly<Record<string, string>>;
  /** The NDJSON record file (a temporary one the page downloads). */
  readonly record: string;
  readonly timeoutMs: number;
  readonly maxBytes: number;
  readonly onEvent: (event: ExchangeEvent) => void;
  readonly onNote: (text: string) => void;
}

/** Masks every value of these query parameters in a URL or path shown. */
export function maskQuery(text: string, names: readonly string[]): string {
  let out = text;
  for (const name of names) {
    const key = encodeURIComponent(name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    out = out.replace(new RegExp(`([?&]${key}=)[^&#]*`, 'g'), '$1***');
  }
  return out;
}

export class AgentSession {
  readonly target: URL;
  readonly tap: Tap;
  readonly recorder: Recorder;
  card: unknown;
  cardUrl: string | undefined;
  cardReport: ExchangeReport | undefined;
  private next = 0;
  /** The record's numbers of the gRPC exchanges (apart from the tap's, as the proxy's gRPC side numbers them). */
  private grpcSeq = 1_000_000;
  /** The report of the exchange being ended (the tap reports synchronously from `end()`). */
  private reported: ExchangeReport | undefined;
  private readonly running = new Map<number, AbortController>();
  /** The gRPC libraries, once a card has offered a GRPC interface. */
  private grpcParts: GrpcParts | undefined;

  constructor(readonly options: SessionOptions) {
    let target: URL;
    try {
      target = new URL(options.target);
    } catch {
      throw new SessionError(`"${options.target}" is not a URL (expected http://HOST:PORT/… or https://…)`);
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new SessionError(`"${options.target}" is not http or https`);
    if (target.username || target.password) throw new SessionError('the agent URL must not carry a user name or password');
    target.search = '';
    target.hash = '';
    this.target = target;
    let choice: Choice | undefined;
    if (options.variant !== undefined) {
      choice = requestedChoice(options.variant);
      if (!choice) throw new SessionError(`unknown variant "${options.variant}"`);
    }
    this.recorder = new Recorder(options.record, options.onNote);
    this.tap = new Tap(target, basePath(target), {
      choice,
      recorder: this.recorder,
      strict: false,
      maxBytes: options.maxBytes,
      say: options.onNote,
      onExchange: (report) => {
        this.reported = report;
      },
    });
  }

  get choice(): Choice | undefined {
    return this.tap.choice;
  }

  /** The bindings the card offers that the inspector speaks, each with its endpoint, in the card's order. */
  bindings(): { binding: InspectBinding; url: string; tenant?: string }[] {
    const out: { binding: InspectBinding; url: string; tenant?: string }[] = [];
    for (const endpoint of endpoints(this.card) as Endpoint[]) {
      const binding = String(endpoint.binding).toUpperCase();
      if (!BINDINGS.includes(binding) || out.some((known) => known.binding === binding)) continue;
      try {
        if (binding === 'GRPC' && 'why' in grpcTarget(String(endpoint.url))) continue;
        out.push({
          binding: binding as InspectBinding,
          // a gRPC interface is host:port (or grpc://, https://), not a URL under the agent's
          url: binding === 'GRPC' ? String(endpoint.url) : new URL(endpoint.url, this.target).href,
          ...(endpoint.tenant ? { tenant: endpoint.tenant } : {}),
        });
      } catch {
        // an endpoint URL that is no URL is the card's defect, which its verdict shows
      }
    }
    return out;
  }

  /** The path of a URL as the tap sees it: relative to TARGET_URL's path when under it. */
  private tapPath(url: URL): string {
    const base = basePath(this.target);
    const under = url.origin === this.target.origin && url.pathname.startsWith(base);
    return `${under ? url.pathname.slice(base.length) || '/' : url.pathname}${url.search}`;
  }

  /** Fetches the agent card from the well-known paths, judged by the tap (which takes the variant from it). */
  async fetchCard(auth?: CallAuth): Promise<void> {
    const base = this.target.href.replace(/\/+$/, '');
    const urls = this.target.pathname.endsWith('.json') ? [this.target.href] : AGENT_CARD_PATHS.map((path) => `${base}${path}`);
    let lastFault = 'no agent card found';
    for (const href of urls) {
      const id = ++this.next;
      const url = new URL(href);
      this.options.onEvent({ type: 'start', id, label: 'agent card', binding: 'card', http: { method: 'GET', url: url.href } });
      const listener = this.tap.open('GET', this.tapPath(url), '');
      listener.requestEnd();
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { accept: 'application/json', ...this.options.headers, ...auth?.headers },
          signal: AbortSignal.timeout(this.options.timeoutMs),
          redirect: 'follow',
        });
      } catch (error) {
        lastFault = fetchFault(error, url);
        listener.gaveUp(lastFault, false);
        this.finish(id, listener, undefined, lastFault);
        continue;
      }
      const text = await response.text();
      const head = {
        status: response.status,
        mediaType: mediaType(response.headers.get('content-type') ?? ''),
        encoding: '',
        decodable: true,
      };
      const copy = listener.answer(head);
      let card: unknown;
      if (copy === 'hold') card = listener.held(Buffer.from(text, 'utf8'))?.card;
      else {
        copy.push(Buffer.from(text, 'utf8'));
        copy.end();
      }
      this.options.onEvent({ type: 'payload', id, payload: { part: 'card', text } });
      const report = this.finish(id, listener, response.status);
      if (card !== undefined) {
        this.card = card;
        this.cardUrl = url.href;
        this.cardReport = report;
        if (this.grpcParts === undefined && this.bindings().some((entry) => entry.binding === 'GRPC'))
          this.grpcParts = await loadGrpcParts();
        return;
      }
      lastFault = `HTTP ${response.status} at ${url.href}, no agent card`;
    }
    throw new SessionError(`cannot read the agent card of ${this.target.href}: ${lastFault}`);
  }

  private finish(id: number, listener: ExchangeListener, status: number | undefined, fault?: string): ExchangeReport {
    this.reported = undefined;
    listener.end();
    const report = this.reported as ExchangeReport | undefined;
    if (!report) throw new Error('the tap did not report the exchange');
    this.options.onEvent({ type: 'end', id, ...(status !== undefined ? { status } : {}), report, ...(fault ? { fault } : {}) });
    return report;
  }

  private adapter(): WireAdapter {
    const choice = this.tap.choice;
    if (!choice) throw new SessionError('no variant yet: the agent card tells none (start with --variant)');
    return adapterFor(choice.wire);
  }

  /** The JSON-RPC method and params of an action. */
  private methodCall(call: CallRequest): { method: string; params: Record<string, unknown> } {
    const adapter = this.adapter();
    const { methods } = adapter;
    const taskKey = this.tap.choice!.validator === 'bindu' ? 'taskId' : 'id';
    const needTask = (): string => {
      if (typeof call.taskId !== 'string' || call.taskId === '') throw new SessionError(`${call.action} needs a task id`);
      return call.taskId;
    };
    switch (call.action) {
      case 'send':
      case 'stream': {
        if (!call.message || call.message.parts.length === 0)
          throw new SessionError(`${call.action} needs a message with at least one part`);
        const message = adapter.message(call.message);
        const modes = ['text/plain', 'application/json'];
        return {
          method: call.action === 'send' ? methods.send : methods.stream,
          params: adapter.sendParams(message, { blocking: call.blocking !== false, acceptedOutputModes: modes }),
        };
      }
      case 'get':
        return { method: methods.get, params: adapter.getParams(taskKey, needTask()) };
      case 'cancel':
        return { method: methods.cancel, params: adapter.cancelParams(taskKey, needTask()) };
      case 'subscribe':
        return { method: methods.resubscribe, params: { [adapter.wire === 'v1.0' ? 'id' : taskKey]: needTask() } };
    }
  }

  /** Starts a call; its exchange is reported through `onEvent` as it happens. Returns its id at once. */
  call(call: CallRequest): number {
    if (!ACTIONS.includes(call.action)) throw new SessionError(`unknown action "${String(call.action)}"`);
    const endpoint = this.bindings().find((entry) => entry.binding === call.binding);
    if (!endpoint) throw new SessionError(`the agent card offers no ${call.binding} endpoint`);
    const { method, params } = this.methodCall(call);
    const adapter = this.adapter();
    if (call.binding === 'GRPC') return this.grpcCall(call, method, endpoint, params);
    const variant = this.tap.choice!.validator;
    let url: URL;
    let verb = 'POST';
    let body: string | undefined;
    let operationId: string | undefined;
    if (call.binding === 'JSONRPC') {
      url = new URL(endpoint.url);
      body = JSON.stringify({ jsonrpc: '2.0', id: randomUUID(), method, params });
    } else {
      const op = operationForMethod(variant, method);
      if (!op) throw new SessionError(`${method} has no HTTP+JSON operation in ${variant}`);
      const request = restRequest(adapter.wire, op.operationId, op.verb, op.path, params);
      operationId = op.operationId;
      const tenant = endpoint.tenant ? `/${encodeURIComponent(endpoint.tenant)}` : '';
      url = new URL(`${endpoint.url.replace(/\/+$/, '')}${tenant}${request.path}`);
      verb = request.verb;
      body = request.body === undefined ? undefined : JSON.stringify(request.body);
    }
    for (const [name, value] of Object.entries(call.auth?.query ?? {})) url.searchParams.set(name, value);
    const masked = Object.keys(call.auth?.query ?? {});
    const id = ++this.next;
    const label = call.binding === 'JSONRPC' ? method : `${operationId} (HTTP+JSON)`;
    const shownUrl = maskQuery(url.href, masked);
    this.options.onEvent({
      type: 'start',
      id,
      label,
      binding: call.binding,
      http: { method: verb, url: shownUrl },
      ...(body !== undefined ? { request: { part: 'request', text: body } } : {}),
    });
    const listener = this.tap.open(verb, maskQuery(this.tapPath(url), masked), body === undefined ? '' : 'application/json');
    if (body !== undefined) listener.requestData(Buffer.from(body, 'utf8'));
    listener.requestEnd();
    const headers: Record<string, string> = {
      ...this.options.headers,
      ...adapter.headers,
      accept: call.action === 'stream' || call.action === 'subscribe' ? 'text/event-stream, application/json' : 'application/json',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...call.auth?.headers,
    };
    const abort = new AbortController();
    this.running.set(id, abort);
    void this.exchange(id, listener, { url, verb, headers, body, abort, wire: adapter.wire, operationId }).finally(() =>
      this.running.delete(id),
    );
    return id;
  }

  /**
   * A call on the card's GRPC interface (`lf.a2a.v1.A2AService`, A2A v1.0 §10): the request is the method's
   * ProtoJSON (the v1.0 JSON-RPC params), encoded with the proto's codec and sent with @grpc/grpc-js; each message
   * that comes back, the status a call ends with and a stream's end are judged as the proxy's gRPC relay judges
   * them (../proxy/grpc-relay.ts `judgeGrpcCall`) and recorded in its form (JSON-RPC lines of the ProtoJSON).
   */
  private grpcCall(call: CallRequest, method: string, endpoint: { url: string; tenant?: string }, params: Record<string, unknown>): number {
    if (this.tap.choice!.wire !== 'v1.0') throw new SessionError('gRPC is a binding of A2A v1.0; this agent is judged as v0.3');
    const parts = this.grpcParts;
    if (parts === undefined) throw new SessionError('the gRPC libraries are not loaded: fetch the agent card first');
    const { grpc, judgeGrpcCall } = parts;
    const { A2A_SERVICE, decodeToProtoJson, encodeProtoJson, grpcMethods, readGrpcStatus } = parts.client;
    const target = grpcTarget(endpoint.url);
    if ('why' in target) throw new SessionError(`the card's GRPC interface ${target.why}`);
    if (Object.keys(call.auth?.query ?? {}).length > 0)
      throw new SessionError('an API key in the query has no place on gRPC (the card names a query parameter; gRPC has metadata only)');
    const codec = grpcMethods().get(method);
    if (!codec) throw new SessionError(`${A2A_SERVICE} has no method ${method}`);
    const request = endpoint.tenant ? { tenant: endpoint.tenant, ...params } : params;
    let bytes: Buffer;
    try {
      bytes = Buffer.from(encodeProtoJson(codec.requestType, request));
    } catch (error) {
      throw new SessionError((error as GrpcFailure).message);
    }
    const id = ++this.next;
    const path = `/${A2A_SERVICE}/${method}`;
    this.options.onEvent({
      type: 'start',
      id,
      label: `${method} (gRPC)`,
      binding: 'GRPC',
      http: { method: 'gRPC', url: `${target.target}${path}` },
      request: { part: 'request', text: JSON.stringify(request) },
    });
    const side = judgeGrpcCall(method, path, bytes, {
      variant: () => this.tap.choice!.validator,
      strict: false,
      recorder: this.recorder,
      nextSeq: () => ++this.grpcSeq,
      // counted in the session's tally, which hands the report on to `reported`
      onExchange: (report) => this.tap.count(report),
    });
    const metadata = new grpc.Metadata();
    // The wire's own headers (A2A-Version) travel as metadata too (§10: the service parameters are gRPC metadata).
    const sent = { ...this.options.headers, ...this.adapter().headers, ...call.auth?.headers };
    for (const [name, value] of Object.entries(sent)) metadata.set(name.toLowerCase(), value);
    const client = new grpc.Client(target.target, target.tls ? grpc.credentials.createSsl() : grpc.credentials.createInsecure(), {
      'grpc.max_receive_message_length': this.options.maxBytes,
      'grpc.enable_retries': 0,
    });
    const identity = (value: Buffer) => value;
    const describe = (part: string, message: Buffer): Payload => {
      let decoded: unknown;
      try {
        decoded = decodeToProtoJson(codec.responseType, message);
      } catch (error) {
        // the verdict names the defect; the page shows what could be read
        return { part, text: `(a ${codec.responseType} that does not decode: ${(error as Error).message})` };
      }
      return { part, text: JSON.stringify(decoded), ...taskFacts(JSON.stringify({ result: decoded }), 'v1.0', undefined) };
    };
    const abort = new AbortController();
    this.running.set(id, abort);
    let done = false;
    /** The call ended: with a status that is not OK (judged, shown), a transport failure, or OK. */
    const ended = (error: Grpc.ServiceError | undefined) => {
      if (done) return;
      done = true;
      this.running.delete(id);
      client.close();
      let fault: string | undefined;
      if (error) {
        const answered = Object.keys(error.metadata?.getMap() ?? {}).length > 0;
        if (abort.signal.aborted) fault = 'stopped by the person inspecting (the call was cancelled)';
        else if (!answered && error.code === grpc.status.DEADLINE_EXCEEDED)
          fault = `the agent did not answer within ${this.options.timeoutMs} ms`;
        else if (!answered && (error.code === grpc.status.UNAVAILABLE || /^Received RST_STREAM/.test(error.details)))
          fault = `gRPC could not talk to ${endpoint.url}: ${grpc.status[error.code]}: ${error.details}`;
        if (fault) side.exchange.skip(fault);
        else {
          const status = readGrpcStatus(error.code, error.details, error.metadata ?? new grpc.Metadata());
          side.failed(status);
          this.options.onEvent({
            type: 'payload',
            id,
            payload: { part: 'status', text: JSON.stringify(grpcError(status)), kind: 'error' },
          });
        }
      }
      this.reported = undefined;
      side.end();
      const report = this.reported as ExchangeReport | undefined;
      if (!report) throw new Error('the gRPC judge did not report the exchange');
      this.options.onEvent({ type: 'end', id, status: error ? error.code : 0, report, ...(fault ? { fault } : {}) });
    };
    if (codec.streaming) {
      // A stream has no time limit (a subscription stays open until it ends or the person stops it).
      const stream = client.makeServerStreamRequest(path, identity, identity, bytes, metadata, {});
      abort.signal.addEventListener('abort', () => stream.cancel(), { once: true });
      let events = 0;
      stream.on('data', (message: Buffer) => {
        side.event(message);
        this.options.onEvent({ type: 'payload', id, payload: describe(`event ${++events}`, message) });
      });
      stream.on('error', (error: Grpc.ServiceError) => ended(error));
      stream.on('status', (status: Grpc.StatusObject) => {
        if (status.code !== grpc.status.OK) return;
        side.streamEnd();
        ended(undefined);
      });
    } else {
      const unary = client.makeUnaryRequest(
        path,
        identity,
        identity,
        bytes,
        metadata,
        { deadline: Date.now() + this.options.timeoutMs },
        (error, response) => {
          if (!error) {
            side.exchange.status = 0;
            side.answer(response!, 'answer');
            this.options.onEvent({ type: 'payload', id, payload: describe('answer', response!) });
          }
          ended(error ?? undefined);
        },
      );
      abort.signal.addEventListener('abort', () => unary.cancel(), { once: true });
    }
    return id;
  }

  /** Stops a call still under way (a subscription, a stream). */
  stop(id: number): boolean {
    const abort = this.running.get(id);
    abort?.abort();
    return abort !== undefined;
  }

  /** Stops every call under way and closes the record. */
  close(): void {
    for (const abort of this.running.values()) abort.abort();
    this.tap.close();
  }

  private async exchange(
    id: number,
    listener: ExchangeListener,
    how: {
      url: URL;
      verb: string;
      headers: Record<string, string>;
      body: string | undefined;
      abort: AbortController;
      wire: 'v0.3' | 'v1.0';
      operationId: string | undefined;
    },
  ): Promise<void> {
    const { url, verb, headers, body, abort } = how;
    const timer = setTimeout(() => abort.abort(new Error('timeout')), this.options.timeoutMs);
    let response: Response;
    try {
      response = await fetch(url, {
        method: verb,
        headers,
        ...(body !== undefined ? { body } : {}),
        signal: abort.signal,
        redirect: 'manual',
      });
    } catch (error) {
      clearTimeout(timer);
      const fault = abort.signal.aborted
        ? abort.signal.reason instanceof Error && abort.signal.reason.message === 'timeout'
          ? `the agent did not answer within ${this.options.timeoutMs} ms`
          : 'stopped before the agent answered'
        : fetchFault(error, url);
      listener.gaveUp(fault, false);
      this.finish(id, listener, undefined, fault);
      return;
    }
    const type = mediaType(response.headers.get('content-type') ?? '');
    const stream = type === 'text/event-stream';
    // A stream has no time limit (a subscription stays open until it ends or the person stops it).
    if (stream) clearTimeout(timer);
    const copy = listener.answer({ status: response.status, mediaType: type, encoding: '', decodable: true }) as AnswerCopy;
    const parser = stream ? new SseParser() : undefined;
    const decoder = new TextDecoder();
    const chunks: Buffer[] = [];
    let events = 0;
    let fault: string | undefined;
    const describe = (part: string, text: string): Payload => ({
      part,
      text,
      ...taskFacts(text, how.wire, how.operationId),
    });
    try {
      const reader = response.body?.getReader();
      for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
        const bytes = Buffer.from(read.value);
        copy.push(bytes);
        if (parser) {
          for (const event of parser.feed(decoder.decode(bytes, { stream: true }))) {
            this.options.onEvent({ type: 'payload', id, payload: describe(`event ${++events}`, event.data) });
          }
        } else chunks.push(bytes);
      }
    } catch {
      const timedOut = abort.signal.reason instanceof Error && abort.signal.reason.message === 'timeout';
      fault = timedOut
        ? `the agent did not finish its answer within ${this.options.timeoutMs} ms`
        : abort.signal.aborted
          ? 'stopped by the person inspecting (the connection was closed)'
          : 'the agent closed the connection in the middle of its answer';
      // As the proxy's relay does when a client goes away: the copy is not ended (a stream cut short is not held
      // to the lifecycle's end), the exchange is reported not validated to its end.
      listener.transport(fault, true);
    } finally {
      clearTimeout(timer);
    }
    if (parser) {
      for (const event of [...parser.feed(decoder.decode()), ...parser.end()]) {
        this.options.onEvent({ type: 'payload', id, payload: describe(`event ${++events}`, event.data) });
      }
    } else if (chunks.length > 0) {
      this.options.onEvent({ type: 'payload', id, payload: describe('answer', Buffer.concat(chunks).toString('utf8')) });
    }
    if (fault === undefined) copy.end();
    this.finish(id, listener, response.status, fault);
  }
}

/** Why a fetch failed, in words. */
function fetchFault(error: unknown, url: URL): string {
  const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
  if (code === 'TimeoutError') return `${url.host} did not answer in time`;
  if (code === 'ECONNREFUSED') return `${url.host} refused the connection`;
  return `${url.host} cannot be reached (${code})`;
}

/** What a payload tells of its task: kind, state (v0.3 spelling), ids. Nothing for what does not parse. */
function taskFacts(text: string, wire: 'v0.3' | 'v1.0', operationId: string | undefined): Omit<Payload, 'part' | 'text'> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {};
  }
  if (!isObject(value)) return {};
  if (operationId === undefined && 'error' in value) return { kind: 'error' };
  const result = operationId === undefined ? value.result : fromRest(wire, operationId, value);
  const event = adapterFor(wire).asV03Event(result);
  if (!isObject(event)) return {};
  const kind = typeof event.kind === 'string' ? event.kind : undefined;
  const status = isObject(event.status) ? event.status : undefined;
  const taskId = kind === 'task' ? event.id : event.taskId;
  return {
    ...(kind ? { kind } : {}),
    ...(status && typeof status.state === 'string' ? { state: status.state } : {}),
    ...(typeof taskId === 'string' ? { taskId } : {}),
    ...(typeof event.contextId === 'string' ? { contextId: event.contextId } : {}),
  };
}
