/**
 * The validating tap: what the relay (./relay.ts) hands over of each exchange, judged on the side. An exchange
 * is classified (an agent card by its well-known path or by what a GET's JSON answer is, an HTTP+JSON operation
 * by verb and path, JSON-RPC by its body or the card's paths), the copies of its bodies fed to their checks
 * (./check.ts, ./rest-exchange.ts; the variant as ./variant.ts chooses it, from the traffic too), a v0.3
 * stream's order held to the variant's task lifecycle, the payloads recorded (./record.ts), and when the relay
 * says it is over, the exchange is reported. The tap never writes to a socket; a part it cannot read (over the
 * `maxBytes` cap, in an encoding it cannot decode) is reported "not validated". In the proxy (`batched`) an
 * exchange is classified as its parts arrive and judged at the end of the turn of the event loop, with the other
 * exchanges of the turn, in the order the parts arrived (`Tap.later`).
 */
import { BodyCapture, SseCapture } from './capture.js';
import { isAgentCard, isCardPath } from './card-rewrite.js';
import {
  checkAnswer,
  checkCard,
  checkParseErrorAnswer,
  checkRequest,
  looksLikeJsonRpc,
  methodNames,
  parsePayload,
  requestIds,
  requestMethods,
  type Parsed,
  type Verdict,
} from './check.js';
import { Exchange, type ExchangeReport } from './exchange.js';
import type { Recorder } from './record.js';
import type { AnswerCopy, AnswerHead, ExchangeListener } from './relay.js';
import { checkRestBody, matchRest, restRecordLine, type RestMatch } from './rest-exchange.js';
import { cardChoice, judgeFromTraffic, methodChoice, provisionalVariant, type Choice } from './variant.js';
import { endpoints } from '../../live/agent-card.js';
import { CHECK_VARIANTS, lifecycleOf, StreamSequence, type CheckVariant } from '../../live/stream-lifecycle.js';
import { defaultVariant } from '../../../schemas/variant-table.js';
import type { SpecRevision } from '../../../schemas/spec-revisions.js';

export interface TapOptions {
  /** The variant asked for (`--variant`); else the first card or request chooses. */
  readonly choice: Choice | undefined;
  readonly recorder: Recorder | undefined;
  /**
   * Judge at the end of each turn of the event loop, the exchanges of the turn together (`Tap.later`): the proxy.
   * Without it each part is judged when the relay hands it over (the inspector reads a report as its exchange ends).
   */
  readonly batched?: boolean;
  readonly strict: boolean;
  /** The revision of A2A v1.0 error statuses are judged by (--spec-revision); undefined: the variant's. */
  readonly specRevision?: SpecRevision | undefined;
  /** The largest body (or stream event) validated, in bytes. */
  readonly maxBytes: number;
  readonly say: (text: string) => void;
  readonly onExchange: ((report: ExchangeReport) => void) | undefined;
}

const fault = (keyword: string, message: string, hint: string): Verdict => ({
  valid: false,
  errors: [{ path: '', keyword, message, hint, params: {} }],
  warnings: [],
});
const VALID: Verdict = { valid: true, errors: [], warnings: [] };
/**
 * The most payload bytes (stream events, bodies) `Tap.later` holds before it judges them at once: a fast stream
 * hands over megabytes in one turn of the event loop, which held to its end would outlive a young-generation
 * collection and grow the proxy (a batch of the bench's exchanges holds a few tens of kB).
 */
const BACKLOG_BYTES = 256 * 1024;
/** How many request lines `Tap.restMatch` remembers before it starts again (paths carry ids: the set is open). */
const REST_FOUND_MAX = 256;
const LIFECYCLE_HINT =
  'the task lifecycle of the variant (schemas/<variant>/states.ts) says which changes of state a stream may carry, ' +
  'and that it ends at a final event';
const lifecycle = (problems: readonly string[]): Verdict =>
  problems.length === 0
    ? VALID
    : {
        valid: false,
        errors: problems.map((message) => ({ path: '', keyword: 'lifecycle', message, hint: LIFECYCLE_HINT, params: {} })),
        warnings: [],
      };

/** What the session has learnt from the traffic (the variant, the card's paths) and its tally. */
export class Tap {
  choice: Choice | undefined;
  readonly summary = { exchanges: 0, invalid: 0, notValidated: 0 };
  private seq = 0;
  /** Paths the card names for JSON-RPC: a POST there is JSON-RPC even when its body does not look like it. */
  private readonly rpcPaths = new Set<string>();
  /** Paths the card names for HTTP+JSON: the bases the REST operations' paths are under. */
  private readonly restPaths = new Set<string>();
  /**
   * What `restMatch` found for a request line (verb and path) with the variant `restFoundFor` and the paths known
   * so far (emptied when a card adds a path): most traffic repeats a few lines, and matching one is a dozen regexps.
   */
  private readonly restFound = new Map<string, RestMatch | null>();
  private restFoundFor: string | undefined;
  /** The first GRPC interface a card names (host:port): where --grpc-listen relays to. */
  grpcEndpoint: string | undefined;
  /** Judging left for the end of this turn of the event loop, in the order it was handed over (see `later`). */
  private readonly backlog: (() => void)[] = [];
  /** The payload bytes the backlog holds. */
  private backlogBytes = 0;
  private drainScheduled = false;
  private readonly drainNow = (): void => {
    this.drainScheduled = false;
    this.drain();
  };

  constructor(
    private readonly target: URL,
    /** TARGET_URL's path (./card-rewrite.ts `basePath`). */
    private readonly base: string,
    readonly options: TapOptions,
  ) {
    this.choice = options.choice;
  }

  /** The listener of a new exchange: its request's method, path (with the query) and media type ('' when none). */
  open(method: string, path: string, mediaType: string): ExchangeListener {
    return new ExchangeTap(this, new Exchange(++this.seq, method, path), mediaType);
  }

  close(): void {
    this.drain();
    this.options.recorder?.close();
  }

  /**
   * True once the variant is settled (asked for, or the agent card's): the traffic can no longer change it, so what
   * an exchange's classification reads cannot depend on judging still to be done.
   */
  get settled(): boolean {
    return this.choice !== undefined && !this.choice.fromTraffic;
  }

  /**
   * Judging (parsing and checking a payload, recording it, reporting an exchange) done, when the tap is `batched`,
   * at the end of this turn of the event loop, after the I/O of the turn, together with the judging the other exchanges handed over in it:
   * under load one pass over the validators for several exchanges instead of one each, while their code and data
   * are still in the processor's caches. Done in the order handed over, so the record file's lines and the reports
   * come in the order they would come judged at once. While the traffic may still choose the variant (nothing asked
   * for, no card), judging is done at once: a verdict may change the variant the next exchange is classified with.
   * `bytes`: the size of the payloads `work` holds (the backlog is judged at once past BACKLOG_BYTES).
   */
  later(work: () => void, bytes = 0): void {
    if (!this.options.batched || !this.settled) {
      this.drain();
      work();
      return;
    }
    this.backlog.push(work);
    this.backlogBytes += bytes;
    if (this.backlogBytes > BACKLOG_BYTES) this.drain();
    else if (!this.drainScheduled) {
      this.drainScheduled = true;
      setImmediate(this.drainNow);
    }
  }

  /** Does the judging handed over so far, in order (before what must see its effect: a card, the end of the session). */
  drain(): void {
    const { backlog } = this;
    let done = 0;
    try {
      while (done < backlog.length) backlog[done++]!();
    } finally {
      backlog.splice(0, done);
      // A piece that threw (a defect of the proxy) leaves the rest for the next turn, in order, and their bytes still
      // counted (with those of the pieces done: the count stays an upper bound until the backlog is empty again).
      if (backlog.length === 0) this.backlogBytes = 0;
      else if (!this.drainScheduled) {
        this.drainScheduled = true;
        setImmediate(this.drainNow);
      }
    }
  }

  /** Takes the variant from a card, when none is chosen yet; learns the card's JSON-RPC and HTTP+JSON paths. */
  learnCard(card: unknown, origin: string): void {
    for (const endpoint of endpoints(card)) {
      const binding = String(endpoint.binding).toUpperCase();
      if (binding === 'GRPC') this.grpcEndpoint ??= endpoint.url;
      if (binding !== 'JSONRPC' && binding !== 'HTTP+JSON') continue;
      try {
        const url = new URL(endpoint.url, this.target);
        const under = url.origin === this.target.origin && url.pathname.startsWith(this.base);
        const path = under ? url.pathname.slice(this.base.length) || '/' : url.pathname;
        if (binding === 'JSONRPC') this.rpcPaths.add(path);
        else {
          this.restPaths.add(`${path.replace(/\/+$/, '')}${endpoint.tenant ? `/${encodeURIComponent(endpoint.tenant)}` : ''}`);
          this.restFound.clear();
        }
      } catch {
        // a URL the card gets wrong is the card's defect, reported by its validation
      }
    }
    if (this.choice && !this.choice.fromTraffic) return;
    const choice = cardChoice(card);
    if (choice) {
      const was = this.choice ? ` instead of ${this.choice.variant}, which the traffic had chosen` : '';
      this.choice = choice;
      this.options.say(`${choice.reason} (from the agent card ${origin}${was})`);
    }
  }

  /** True when the card names `path` (without its query) as a JSON-RPC endpoint. */
  isRpcPath(path: string): boolean {
    if (this.rpcPaths.size === 0) return false;
    const query = path.indexOf('?');
    return this.rpcPaths.has(query === -1 ? path : path.slice(0, query));
  }

  /** The REST operation a request is, when the variant is known and its verb and path name one. */
  restMatch(verb: string, path: string): RestMatch | undefined {
    if (!this.choice) return undefined;
    const { validator } = this.choice;
    if (this.restFoundFor !== validator || this.restFound.size >= REST_FOUND_MAX) {
      this.restFound.clear();
      this.restFoundFor = validator;
    }
    const line = `${verb} ${path}`;
    let found = this.restFound.get(line);
    if (found === undefined) {
      found = matchRest(validator, verb, path, [...this.restPaths]) ?? null;
      this.restFound.set(line, found);
    }
    return found ?? undefined;
  }

  /**
   * Checks a JSON-RPC payload of exchange `seq` (its request with `methods`, or an answer: `methods` empty) with
   * the session's variant, choosing it from the methods when nothing chose yet. A variant the traffic chose
   * becomes its extension (bindu, aion) when the payload shows what only the extension has (./variant.ts
   * `judgeFromTraffic`); the proxy says so once and keeps the extension.
   */
  checkRpc(seq: number, part: string, methods: readonly string[], check: (validator: string) => Verdict): Verdict {
    if (!this.choice) {
      // A request that names no method tells no wire: checked with a variant for now, and nothing chosen.
      if (methods.length === 0) return check(provisionalVariant());
      this.choice = methodChoice(methods);
      this.options.say(this.choice.reason);
    }
    const { verdict, choice } = judgeFromTraffic(this.choice, seq, part, methods, check);
    if (choice) {
      this.choice = choice;
      this.options.say(choice.reason);
    }
    return verdict;
  }

  /** An exchange is over: its report counted and handed on. */
  count(report: ExchangeReport): void {
    this.summary.exchanges++;
    if (report.verdict === 'invalid') this.summary.invalid++;
    else if (report.verdict === 'not validated') this.summary.notValidated++;
    this.options.onExchange?.(report);
  }
}

/** A JSON-RPC request as read: its payload (when it parsed) and its ids (notifications left out). */
interface RpcRequest {
  readonly payload?: { readonly value: unknown; readonly text: string };
  readonly ids: readonly string[];
}

/** One exchange as the tap sees it: the request classified and checked, then its answer's copies. */
class ExchangeTap implements ExchangeListener {
  /** A GET or HEAD of a well-known agent card path (any other GET answered with an agent card is one too). */
  readonly cardPath: boolean;
  /** The HTTP+JSON operation its verb and path name (a body that is JSON-RPC makes it JSON-RPC instead). */
  readonly rest: RestMatch | undefined;
  /** Set when the request turned out to be JSON-RPC. */
  rpc: RpcRequest | undefined;
  private readonly body: BodyCapture;

  constructor(
    readonly tap: Tap,
    readonly exchange: Exchange,
    private readonly mediaType: string,
  ) {
    const { httpMethod, path } = exchange;
    this.cardPath = (httpMethod === 'GET' || httpMethod === 'HEAD') && isCardPath(path);
    if (this.cardPath) exchange.method = 'agent card';
    this.rest = this.cardPath ? undefined : tap.restMatch(httpMethod, path);
    if (this.rest) exchange.method = `${this.rest.operationId} (HTTP+JSON)`;
    this.body = new BodyCapture(tap.options.maxBytes);
  }

  get ids(): readonly string[] {
    return this.rpc?.ids ?? [];
  }

  requestData(chunk: Buffer): void {
    this.body.push(chunk);
  }

  /**
   * The request has ended: classified now (the answer's handling depends on it), checked and recorded later
   * (`Tap.later`).
   */
  requestEnd(): void {
    const { body, exchange, tap, rest } = this;
    const verb = exchange.httpMethod;
    if (body.bytes === 0) return;
    if (body.overflow) {
      if (verb === 'POST' || verb === 'PUT' || verb === 'PATCH') {
        const { maxBytes } = tap.options;
        tap.later(() => exchange.skip(`the request body (${body.bytes} bytes) is over the ${maxBytes}-byte cap: forwarded, not validated`));
      }
      return;
    }
    const parsed = parsePayload(body.buffer());
    const onRpcPath = verb === 'POST' && tap.isRpcPath(exchange.path);
    if (rest && !onRpcPath && !(parsed.ok && looksLikeJsonRpc(parsed.value))) {
      tap.later(() => this.restRequest(rest, parsed), body.bytes);
      return;
    }
    if (!parsed.ok) {
      if (onRpcPath || (verb === 'POST' && /json/.test(this.mediaType))) {
        this.rpc = { ids: [] };
        exchange.method = 'JSON-RPC';
        tap.later(() => {
          exchange.add('request', parsed.verdict);
          tap.options.recorder?.unparsable(body.buffer());
        }, body.bytes);
      }
      return;
    }
    if (!onRpcPath && !(verb === 'POST' && looksLikeJsonRpc(parsed.value))) return;
    this.rpc = { payload: parsed, ids: requestIds(parsed.value) };
    exchange.method = methodNames(parsed.value);
    tap.later(() => this.rpcRequest(parsed), body.bytes);
  }

  /** The request of a JSON-RPC exchange, checked and recorded. */
  private rpcRequest(parsed: Parsed & { ok: true }): void {
    const { exchange, tap } = this;
    const { strict, recorder } = tap.options;
    const methods = requestMethods(parsed.value);
    exchange.add(
      'request',
      tap.checkRpc(exchange.seq, 'request', methods, (variant) => checkRequest(parsed, variant, strict)),
    );
    recorder?.request(exchange.seq, parsed.text, this.ids);
  }

  /** The request body of an HTTP+JSON operation. */
  private restRequest(rest: RestMatch, parsed: Parsed): void {
    const { exchange, tap } = this;
    if (!parsed.ok) {
      exchange.add('request', parsed.verdict);
      tap.options.recorder?.unparsable(this.body.buffer());
    } else if (!rest.op.request) exchange.note(`${rest.operationId} takes no request body; the one sent was not checked`);
    else {
      exchange.add('request', checkRestBody(tap.choice!.validator, rest.operationId, 'request', parsed, tap.options.strict));
      tap.options.recorder?.line(restRecordLine(rest.operationId, 'request', undefined, parsed.text));
    }
  }

  answer(head: AnswerHead): AnswerCopy | 'hold' {
    this.exchange.status = head.status;
    const ok = head.status !== undefined && head.status >= 200 && head.status < 300;
    // An agent card is known by what it is: any GET answered with JSON is held, and passed on rewritten if it is one.
    const json = this.cardPath || /[/+]json$/.test(head.mediaType);
    if (json && !this.rest && head.encoding === '' && ok && this.exchange.httpMethod === 'GET') return 'hold';
    return new AnswerTap(this, head);
  }

  held(body: Buffer | undefined): { readonly card: unknown } | undefined {
    const { exchange, tap } = this;
    // Judged at once: a card changes what later exchanges are classified by, and the rewritten card goes on now.
    tap.drain();
    if (!body) {
      if (this.cardPath) exchange.skip(`the agent card (over ${tap.options.maxBytes} bytes) was passed on unchanged and not validated`);
      return undefined;
    }
    const parsed = parsePayload(body);
    if (!parsed.ok) {
      if (this.cardPath) exchange.add('card', parsed.verdict);
      return undefined;
    }
    if (!this.cardPath && !isAgentCard(parsed.value)) return undefined;
    exchange.method = 'agent card';
    tap.learnCard(parsed.value, `that passed through at ${exchange.path}`);
    exchange.add('card', checkCard(parsed, tap.choice?.validator ?? defaultVariant, tap.options.strict));
    return { card: parsed.value };
  }

  transport(text: string, lost: boolean): void {
    const { exchange } = this;
    this.tap.later(() => {
      if (lost) exchange.skip(text);
      else exchange.note(text);
    });
  }

  gaveUp(why: string, replied: boolean): void {
    const { exchange, tap } = this;
    tap.later(() => {
      if (replied) {
        exchange.status = 502;
        tap.options.say(`exchange ${exchange.seq} (${exchange.httpMethod} ${exchange.path}): ${why}; answered 502`);
      }
      exchange.skip(why);
    });
  }

  end(): void {
    this.exchange.finish();
    this.tap.later(() => this.report());
  }

  /** The exchange is over and its judging done: reported. */
  private report(): void {
    const { exchange } = this;
    this.tap.options.recorder?.done(exchange.seq, this.ids);
    if (exchange.parts === 0 && !exchange.notValidated) {
      exchange.skip(
        exchange.method === 'agent card'
          ? `no agent card to check (HTTP ${exchange.status ?? 'no answer'})`
          : 'not JSON-RPC (nor an agent card, nor an HTTP+JSON operation): forwarded, not checked',
      );
    }
    this.tap.count(exchange.report());
  }
}

/**
 * The copy of one answer: a body read whole (up to the cap) and checked at its end, or an event stream
 * checked event by event; JSON-RPC answers are paired with their request, HTTP+JSON bodies with the operation.
 */
class AnswerTap implements AnswerCopy {
  readonly decoded: boolean;
  /** An encoded body whose copy is not decoded. */
  private readonly notDecoded: boolean;
  /** The HTTP+JSON operation the answer is checked as (undefined for JSON-RPC and other traffic). */
  private readonly rest: RestMatch | undefined;
  private readonly status: number;
  /** The stream's events as they complete, or the plain body. */
  private readonly events: SseCapture | undefined;
  private readonly copy: BodyCapture | undefined;
  /** The order of a v0.3 stream's events, checked against the variant's task lifecycle (check-server's rules). */
  private readonly sequence: StreamSequence | undefined;
  private count = 0;
  /** A stream event was a JSON-RPC error: the stream's end is not held to the lifecycle. */
  private failedStream = false;
  /** Why the encoded body could not be decoded. */
  private decodeError: string | undefined;

  constructor(
    private readonly owner: ExchangeTap,
    private readonly head: AnswerHead,
  ) {
    const { exchange, rest, rpc, cardPath, tap } = owner;
    const maxBytes = tap.options.maxBytes;
    const compressed = head.encoding !== '';
    this.rest = rpc === undefined ? rest : undefined;
    const wanted = rpc !== undefined || this.rest !== undefined;
    this.decoded = compressed && wanted && head.decodable;
    this.notDecoded = compressed && !this.decoded;
    this.status = head.status ?? 0;
    const { encoding } = head;
    if (wanted && this.notDecoded) {
      tap.later(() => exchange.skip(`the answer is ${encoding}-encoded, which the proxy cannot decode: forwarded, not validated`));
    }
    if (cardPath && compressed) {
      tap.later(() => exchange.skip(`the agent card is ${encoding}-encoded: passed on unchanged (its URLs not rewritten), not validated`));
    }
    const sse = head.mediaType === 'text/event-stream';
    const choice = tap.choice;
    const v03 = choice?.wire === 'v0.3' && (CHECK_VARIANTS as readonly string[]).includes(choice.validator);
    const single = !Array.isArray(rpc?.payload?.value);
    this.sequence = sse && v03 && !this.rest && single ? new StreamSequence(lifecycleOf(choice.validator as CheckVariant)) : undefined;
    if (sse) {
      this.events = new SseCapture(maxBytes);
      exchange.events = 0;
    } else {
      this.copy = new BodyCapture(maxBytes);
    }
  }

  /** Whether the copy is checked: an HTTP+JSON body, or the answer to a JSON-RPC request (read or not); decoded either way. */
  private get validating(): boolean {
    const { rpc } = this.owner;
    return this.rest ? !this.notDecoded : rpc !== undefined && !this.notDecoded;
  }

  private get restPart(): 'response' | 'error' {
    return this.status >= 200 && this.status < 300 ? 'response' : 'error';
  }

  push(chunk: Buffer): boolean {
    if (this.copy) {
      this.copy.push(chunk);
      return !this.copy.overflow;
    }
    const events = this.events!;
    if (!this.validating) return true;
    const found = events.push(chunk);
    if (found.length > 0) {
      let bytes = 0;
      for (const event of found) bytes += event.data.length;
      this.owner.tap.later(() => {
        for (const event of found) this.judge(event.data, this.nextEvent());
      }, bytes);
    }
    return !events.overflow;
  }

  undecodable(why: string): void {
    this.decodeError = why;
  }

  private nextEvent(): string {
    this.owner.exchange.events = ++this.count;
    return `event ${this.count}`;
  }

  /** One payload of the answer: the body, or one stream event's data. */
  private judge(payload: Buffer | string, part: string): void {
    const { exchange, rpc, tap } = this.owner;
    const { strict, recorder } = tap.options;
    const parsed = parsePayload(payload);
    if (!parsed.ok) {
      exchange.add(part, parsed.verdict);
      recorder?.unparsable(payload);
      return;
    }
    if (this.rest) {
      this.judgeRest(this.rest, parsed, part);
      return;
    }
    if (rpc?.payload === undefined) {
      // The request could not be read: the answer is a Parse error with id null, whatever the variant.
      exchange.add(part, checkParseErrorAnswer(parsed, tap.choice?.validator ?? provisionalVariant(), strict));
      recorder?.answer(exchange.seq, parsed.text, undefined);
      return;
    }
    const requests = rpc.payload.value;
    exchange.add(
      part,
      tap.checkRpc(exchange.seq, part, [], (variant) => checkAnswer(parsed, requests, variant, strict)),
    );
    const value = parsed.value as { result?: unknown; error?: unknown } | null;
    if (typeof value === 'object' && value !== null && 'error' in value) this.failedStream = true;
    if (this.sequence && typeof value === 'object' && value !== null && 'result' in value) {
      exchange.add(part, lifecycle(this.sequence.add(value.result)));
    }
    recorder?.answer(exchange.seq, parsed.text, rpc?.payload ? { text: rpc.payload.text, ids: rpc.ids } : undefined);
  }

  private judgeRest(rest: RestMatch, parsed: Parsed & { ok: true }, part: string): void {
    const { exchange, tap } = this.owner;
    const restPart = this.restPart;
    if (restPart === 'response' && !rest.op.response) {
      exchange.note(`${rest.operationId} answers with no body; the one sent was not checked`);
      return;
    }
    const { strict, specRevision } = tap.options;
    exchange.add(part, checkRestBody(tap.choice!.validator, rest.operationId, restPart, parsed, strict, this.status, specRevision));
    tap.options.recorder?.line(restRecordLine(rest.operationId, restPart, this.status, parsed.text));
  }

  end(): void {
    this.owner.tap.later(() => this.finish(), this.copy?.bytes ?? 0);
  }

  /** The answer has ended and the judging of its parts is done: the body judged, or the stream's end. */
  private finish(): void {
    const { exchange } = this.owner;
    if (this.decodeError !== undefined) {
      const hint = 'Content-Encoding names how the body is compressed; the bytes must be that';
      exchange.add('answer', fault('encoding', `is broken: ${this.decodeError}`, hint));
    } else if (this.validating) {
      if (this.events) this.endStream(this.events);
      else if (this.copy) this.endBody(this.copy);
    }
  }

  private endStream(events: SseCapture): void {
    const { exchange, ids, tap } = this.owner;
    for (const event of events.end()) this.judge(event.data, this.nextEvent());
    if (events.overflow) {
      exchange.skip(`a stream event grew over the ${tap.options.maxBytes}-byte cap: the stream was forwarded, not validated from there on`);
    } else if (this.sequence && ids.length > 0 && !this.failedStream) exchange.add('answer', lifecycle(this.sequence.end()));
    else if (this.count === 0 && (ids.length > 0 || this.rest)) {
      const hint = 'a stream answers with at least one event: the Task or Message, then its updates';
      exchange.add('answer', fault('stream', 'the event stream ended without any event', hint));
    }
  }

  private endBody(copy: BodyCapture): void {
    const { exchange, ids, tap } = this.owner;
    const { rest, status } = this;
    const type = this.head.mediaType;
    const cap = tap.options.maxBytes;
    if (copy.overflow) exchange.skip(`the answer (${copy.bytes} bytes) is over the ${cap}-byte cap: forwarded, not validated`);
    else if (copy.bytes === 0) {
      if (rest) {
        const empty = this.restPart === 'error' || (rest.op.response !== undefined && status !== 204);
        const hint = 'an HTTP+JSON operation answers with its response body, or an error body';
        const message = `is empty (HTTP ${status}), but ${rest.operationId} answers with a body`;
        exchange.add('answer', empty ? fault('json', message, hint) : VALID);
      } else if (ids.length > 0) {
        const hint = 'only notifications (requests without id) go unanswered';
        const message = `is empty (HTTP ${this.head.status}), but the request has an id and needs a response`;
        exchange.add('answer', fault('json', message, hint));
      } else if (this.owner.rpc?.payload === undefined) {
        const hint = 'JSON-RPC 2.0 §5: a request that is not JSON is answered with an error response, code -32700 (Parse error), id null';
        exchange.add('answer', fault('json', `is empty (HTTP ${this.head.status}), but a request that is not JSON is answered`, hint));
      }
    } else if (type !== '' && !type.includes('json')) {
      const hint = 'a JSON-RPC request is answered with application/json (or text/event-stream for a stream)';
      const message = `is ${type} (HTTP ${this.head.status}), not ${rest ? 'a JSON body' : 'a JSON-RPC response'}`;
      exchange.add('answer', fault('contentType', message, hint));
    } else this.judge(copy.buffer(), 'answer');
  }
}
