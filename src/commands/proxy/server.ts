/**
 * The proxy itself: an HTTP server that forwards every request to TARGET_URL and every answer
 * back unchanged, while copies of the bytes are validated on the side (./capture.ts, ./check.ts).
 *
 * What "unchanged" means here: the method, the path (after TARGET_URL's own path), the query, the
 * headers (same names, same case, same order, repeats kept) and the body bytes; the status and
 * status text, the headers and the body bytes of the answer. Three things are per connection and
 * cannot be passed on: the hop-by-hop headers (Connection and the ones it names, Keep-Alive,
 * Transfer-Encoding, TE, Trailer, Upgrade, Proxy-*), which Node writes for each side itself; the
 * Host header, which names the agent (TARGET_URL's host) so that an agent behind a virtual host
 * still answers; and the agent card's endpoint URLs (./card.ts), the one change the proxy makes.
 *
 * An answer goes back chunk by chunk as it arrives (headers flushed at once), so Server-Sent
 * Events reach the client when the agent sends them; validation never holds a byte back.
 *
 * Bounds: copies are capped (`maxBytes`; over it a part is "not validated", and still forwarded);
 * an agent silent for `timeoutMs` before its answer's headers, or in the middle of a plain
 * (non-stream) answer, is given up (a 502 with a short JSON body when nothing was sent yet, else
 * the client's connection is cut as the agent's was); an event stream has no idle limit (a task
 * may take its time), and ends when either side closes; a client that goes away closes its
 * upstream request.
 */
import { Agent as HttpAgent, createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Transform } from 'node:stream';
import { BodyCapture, SseCapture } from './capture.js';
import { basePath, isCardPath, rewriteCard, type Rewrite } from './card-rewrite.js';
import { checkAnswer, checkCard, checkRequest, looksLikeJsonRpc, methodNames, parsePayload, requestIds, type Verdict } from './check.js';
import { Exchange, type ExchangeReport } from './exchange.js';
import { Recorder } from './record.js';
import { checkRestBody, matchRest, restRecordLine, type RestMatch } from './rest-exchange.js';
import { cardChoice, methodChoice, requestedChoice, type Choice } from './variant.js';
import { endpoints } from '../../live/agent-card.js';
import { CHECK_VARIANTS, lifecycleOf, StreamSequence, type CheckVariant } from '../../live/stream-lifecycle.js';

export interface ProxyOptions {
  /** The agent's base URL (http or https). */
  readonly target: string;
  readonly host?: string;
  /** 0 (the default): a free port. */
  readonly port?: number;
  /** The variant to validate with; without it the agent card decides (see ./variant.ts). */
  readonly variant?: string;
  readonly strict?: boolean;
  /** NDJSON file every JSON-RPC payload is appended to. */
  readonly record?: string;
  /** The largest body (or stream event) validated, in bytes (default 16 MiB). */
  readonly maxBytes?: number;
  /** How long the agent may stay silent before its answer, or in the middle of a plain one (default 30 s). */
  readonly timeoutMs?: number;
  /** How long the card fetched at start may take (default 5 s). */
  readonly cardTimeoutMs?: number;
  /** Called once per exchange, when it ends. */
  readonly onExchange?: (report: ExchangeReport) => void;
  /** Called with what the proxy says once: the variant chosen, the card rewritten, the agent unreachable, … */
  readonly onNote?: (text: string) => void;
}

export const PROXY_DEFAULTS = { maxBytes: 16 * 1024 * 1024, timeoutMs: 30_000, cardTimeoutMs: 5_000 } as const;

export class ProxyError extends Error {
  constructor(
    readonly kind: 'usage' | 'listen',
    message: string,
  ) {
    super(message);
    this.name = 'ProxyError';
  }
}

export interface Proxy {
  /** The proxy's base URL: http://HOST:PORT (+ nothing: the proxy's root is TARGET_URL). */
  readonly url: string;
  readonly target: string;
  /** The variant in use, once known. */
  readonly choice: Choice | undefined;
  readonly summary: { exchanges: number; invalid: number; notValidated: number };
  /** Stops listening, cuts the connections still open, closes the record file. */
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

/** Raw headers (name, value, name, value …) without the hop-by-hop ones; `host` replaced when given. */
function passHeaders(raw: readonly string[], host?: string): string[] {
  const named = new Set<string>();
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.toLowerCase() === 'connection') for (const token of raw[i + 1]!.split(',')) named.add(token.trim().toLowerCase());
  }
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (HOP_BY_HOP.has(name) || named.has(name)) continue;
    if (name === 'host' && host !== undefined) out.push(raw[i]!, host);
    else out.push(raw[i]!, raw[i + 1]!);
  }
  if (host !== undefined && !out.some((_, i) => i % 2 === 0 && out[i]!.toLowerCase() === 'host')) out.push('Host', host);
  return out;
}

const mediaType = (value: string | undefined) => (value ?? '').split(';')[0]!.trim().toLowerCase();
const encoded = (value: string | string[] | undefined) => value !== undefined && String(value).trim().toLowerCase() !== 'identity' && String(value).trim() !== '';

/** Parses TARGET_URL; a ProxyError (usage) when it is not an http or https URL. */
export function parseTarget(target: string): URL {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new ProxyError('usage', `TARGET_URL "${target}" is not a URL (expected http://HOST:PORT/… or https://…)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ProxyError('usage', `TARGET_URL "${target}" is not http or https`);
  if (url.username || url.password) throw new ProxyError('usage', 'TARGET_URL must not carry a user name or password');
  url.search = '';
  url.hash = '';
  return url;
}

class Session {
  choice: Choice | undefined;
  readonly summary = { exchanges: 0, invalid: 0, notValidated: 0 };
  proxyUrl!: URL;
  private seq = 0;
  private saidRewrite = false;
  private readonly recorder: Recorder | undefined;
  /** Paths the card names for JSON-RPC: a POST there is JSON-RPC even when its body does not look like it. */
  private rpcPaths = new Set<string>();
  /** Paths the card names for HTTP+JSON: the bases the REST operations' paths are under. */
  private restPaths = new Set<string>();
  private readonly request: typeof httpRequest;
  private readonly base: string;
  readonly maxBytes: number;
  readonly timeoutMs: number;
  private readonly sockets = new Set<Socket>();
  /** The proxy's own connection pool to the agent (closed with the proxy). */
  private readonly agent: HttpAgent;

  constructor(
    readonly target: URL,
    private readonly options: ProxyOptions,
  ) {
    this.maxBytes = options.maxBytes ?? PROXY_DEFAULTS.maxBytes;
    this.timeoutMs = options.timeoutMs ?? PROXY_DEFAULTS.timeoutMs;
    this.request = target.protocol === 'https:' ? (httpsRequest as unknown as typeof httpRequest) : httpRequest;
    this.base = basePath(target);
    this.agent = target.protocol === 'https:' ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
    if (options.variant !== undefined) {
      const choice = requestedChoice(options.variant);
      if (!choice) throw new ProxyError('usage', `unknown variant "${options.variant}"`);
      this.choice = choice;
    }
    try {
      this.recorder = options.record !== undefined ? new Recorder(options.record, (text) => this.say(text)) : undefined;
    } catch (error) {
      throw new ProxyError('usage', `cannot record to "${options.record}": ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  }

  say(text: string): void {
    this.options.onNote?.(text);
  }

  track(socket: Socket): void {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
  }

  /** Exchanges under way: each one's way to end it when the proxy stops. */
  private readonly live = new Set<() => void>();

  closeAll(): void {
    for (const stop of [...this.live]) stop();
    for (const socket of this.sockets) socket.destroy();
    this.agent.destroy();
    this.recorder?.close();
  }

  /** Takes the variant from a card, when none is chosen yet; learns the card's JSON-RPC paths. */
  learnCard(card: unknown, origin: string): void {
    for (const endpoint of endpoints(card)) {
      const binding = String(endpoint.binding).toUpperCase();
      if (binding !== 'JSONRPC' && binding !== 'HTTP+JSON') continue;
      try {
        const url = new URL(endpoint.url, this.target);
        const path = url.origin === this.target.origin && url.pathname.startsWith(this.base) ? url.pathname.slice(this.base.length) || '/' : url.pathname;
        if (binding === 'JSONRPC') this.rpcPaths.add(path);
        else this.restPaths.add(`${path.replace(/\/+$/, '')}${endpoint.tenant ? `/${encodeURIComponent(endpoint.tenant)}` : ''}`);
      } catch {
        // a URL the card gets wrong is the card's defect, reported by its validation
      }
    }
    if (this.choice) return;
    const choice = cardChoice(card);
    if (choice) {
      this.choice = choice;
      this.say(`${choice.reason} (from the agent card ${origin})`);
    }
  }

  /** The REST operation a request is, when the variant is known and its verb and path name one. */
  restMatch(verb: string, path: string): RestMatch | undefined {
    if (!this.choice) return undefined;
    return matchRest(this.choice.validator, verb, path, [...this.restPaths]);
  }

  /** The variant's validators for a request of `method` (chosen from it when nothing else chose). */
  variantFor(payload: unknown): string {
    if (!this.choice) {
      const first = Array.isArray(payload) ? payload[0] : payload;
      const method = typeof first === 'object' && first !== null && typeof (first as { method?: unknown }).method === 'string' ? (first as { method: string }).method : 'message/send';
      this.choice = methodChoice(method);
      this.say(this.choice.reason);
    }
    return this.choice.validator;
  }

  /** Fetches the card once at start, to choose the variant before the first request. */
  async fetchCard(): Promise<void> {
    for (const path of ['/.well-known/agent-card.json', '/.well-known/agent.json']) {
      const url = `${this.target.origin}${this.base}${path}`;
      let text: string;
      try {
        const response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(this.options.cardTimeoutMs ?? PROXY_DEFAULTS.cardTimeoutMs), redirect: 'manual' });
        if (response.status < 200 || response.status > 299) {
          await response.body?.cancel().catch(() => undefined);
          continue;
        }
        if (Number(response.headers.get('content-length')) > this.maxBytes) {
          await response.body?.cancel().catch(() => undefined);
          continue;
        }
        text = await response.text();
      } catch (error) {
        const reason = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
        this.say(`the agent at ${this.target.href} cannot be reached now (${reason === 'TimeoutError' ? 'no answer in time' : reason}); the proxy forwards to it when it answers, and chooses the variant from the first agent card or request that passes`);
        return;
      }
      const parsed = parsePayload(text);
      if (parsed.ok) {
        this.learnCard(parsed.value, `at ${url}`);
        if (this.choice) return;
      }
    }
    if (!this.choice) this.say(`no agent card at ${this.target.href} tells the wire; the variant will be chosen from the first agent card or request that passes`);
  }

  private finish(exchange: Exchange, ids: readonly string[]): void {
    this.recorder?.done(exchange.seq, ids);
    if (exchange.parts === 0 && !exchange.notValidated) {
      exchange.skip(exchange.method === 'agent card' ? `no agent card to check (HTTP ${exchange.status ?? 'no answer'})` : 'not JSON-RPC (nor an agent card, nor an HTTP+JSON operation): forwarded, not checked');
    }
    const report = exchange.report();
    this.summary.exchanges++;
    if (report.verdict === 'invalid') this.summary.invalid++;
    else if (report.verdict === 'not validated') this.summary.notValidated++;
    this.options.onExchange?.(report);
  }

  private sayRewrite(rewrites: readonly Rewrite[]): void {
    if (this.saidRewrite || rewrites.length === 0) return;
    this.saidRewrite = true;
    const list = rewrites.map((r) => `${r.path} ${r.from} → ${r.to}${r.outside ? ' (not under TARGET_URL: the proxy forwards this path to TARGET_URL)' : ''}`).join('; ');
    this.say(`the agent card passed on names the proxy instead of the agent (the one change the proxy makes): ${list}`);
  }

  handle(req: IncomingMessage, res: ServerResponse): void {
    const exchange = new Exchange(++this.seq, req.method ?? 'GET', req.url ?? '/');
    const path = req.url ?? '/';
    const isCard = (req.method === 'GET' || req.method === 'HEAD') && isCardPath(path);
    if (isCard) exchange.method = 'agent card';
    // An HTTP+JSON operation, by verb and path (a body that is JSON-RPC makes it JSON-RPC instead).
    const rest = isCard ? undefined : this.restMatch(req.method ?? 'GET', path);
    if (rest) exchange.method = `${rest.operationId} (HTTP+JSON)`;
    let finished = false;
    let ids: readonly string[] = [];
    let requestPayload: { value: unknown; text: string } | undefined;
    let isRpc = false;
    const done = () => {
      if (finished) return;
      finished = true;
      this.live.delete(stop);
      this.finish(exchange, ids);
    };
    const stop = () => {
      exchange.skip('the proxy stopped before the exchange ended');
      done();
    };
    this.live.add(stop);

    // ---- the request: forwarded as it arrives, a copy checked when it ends -----------------
    const upstream = this.request({
      protocol: this.target.protocol,
      hostname: this.target.hostname,
      port: this.target.port || undefined,
      method: req.method,
      path: `${this.base}${path}`,
      headers: passHeaders(req.rawHeaders, this.target.host),
      timeout: this.timeoutMs,
      agent: this.agent,
    });
    const body = new BodyCapture(this.maxBytes);
    req.on('data', (chunk: Buffer) => body.push(chunk));
    req.on('end', () => {
      if (body.bytes === 0) return;
      const postLike = req.method === 'POST' || req.method === 'PUT' || req.method === 'PATCH';
      if (body.overflow) {
        if (postLike) exchange.skip(`the request body (${body.bytes} bytes) is over the ${this.maxBytes}-byte cap: forwarded, not validated`);
        return;
      }
      const parsed = parsePayload(body.buffer());
      const onRpcPath = req.method === 'POST' && this.rpcPaths.has(path.split('?')[0]!);
      if (rest && !onRpcPath && !(parsed.ok && looksLikeJsonRpc(parsed.value))) {
        if (!parsed.ok) return exchange.add('request', parsed.verdict);
        if (!rest.op.request) return exchange.note(`${rest.operationId} takes no request body; the one sent was not checked`);
        exchange.add('request', checkRestBody(this.choice!.validator, rest.operationId, 'request', parsed, this.options.strict === true));
        this.recorder?.line(restRecordLine(rest.operationId, 'request', undefined, parsed.text));
        return;
      }
      if (!parsed.ok) {
        if (onRpcPath || (req.method === 'POST' && /json/.test(mediaType(req.headers['content-type'])))) {
          isRpc = true;
          exchange.method = 'JSON-RPC';
          exchange.add('request', parsed.verdict);
        }
        return;
      }
      if (!onRpcPath && !(req.method === 'POST' && looksLikeJsonRpc(parsed.value))) return;
      isRpc = true;
      requestPayload = parsed;
      ids = requestIds(parsed.value);
      exchange.method = methodNames(parsed.value);
      exchange.add('request', checkRequest(parsed, this.variantFor(parsed.value), this.options.strict === true));
      this.recorder?.request(exchange.seq, parsed.text, ids);
    });
    req.pipe(upstream);

    // ---- the client going away closes the upstream request ---------------------------------
    let cut = false;
    res.on('close', () => {
      if (res.writableFinished || cut) return;
      upstream.destroy();
      exchange.note('the client closed the connection before the answer ended; the request to the agent was closed too');
      if (!req.complete) exchange.skip('the client closed the connection in the middle of its request');
      else if (answering) exchange.skip('the answer was not validated to its end: the client went away');
      done();
    });

    // ---- the agent not answering, or breaking off ----------------------------------------------
    let answering = false;
    let ended = false;
    const broken = (why: string) => {
      if (finished || ended) return;
      if (!res.headersSent && !res.destroyed) {
        exchange.status = 502;
        const text = JSON.stringify({ error: 'Bad Gateway', message: `bindu-protocol proxy: ${why}` });
        res.writeHead(502, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
        res.end(text);
        this.say(`exchange ${exchange.seq} (${req.method} ${path}): ${why}; answered 502`);
      } else {
        cut = true;
        res.destroy();
      }
      exchange.skip(why);
      done();
    };
    upstream.on('timeout', () => {
      // A client still sending its request keeps the agent waiting too: that is the client's time (bounded by the server's request timeout), not the agent's.
      if (!req.complete) return;
      upstream.destroy(Object.assign(new Error('timeout'), { code: 'PROXY_TIMEOUT' }));
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      broken(
        error.code === 'PROXY_TIMEOUT'
          ? answering ? `the agent stopped sending for ${this.timeoutMs} ms in the middle of its answer` : `the agent did not answer within ${this.timeoutMs} ms`
          : error.code === 'ECONNREFUSED' ? `the agent at ${this.target.host} refused the connection`
          : error.code === 'ECONNRESET' || error.code === 'EPIPE' ? (answering ? 'the agent reset the connection in the middle of its answer' : 'the agent closed the connection without answering')
          : `the agent cannot be reached (${error.code ?? error.message})`,
      );
    });

    // ---- the answer: passed back chunk by chunk, a copy checked --------------------------------
    upstream.on('response', (up) => {
      answering = true;
      exchange.status = up.statusCode;
      const type = mediaType(up.headers['content-type']);
      const headers = passHeaders(up.rawHeaders);
      const compressed = encoded(up.headers['content-encoding']);
      up.on('error', () => broken('the agent closed the connection in the middle of its answer'));
      up.on('aborted', () => broken('the agent closed the connection in the middle of its answer'));

      if (isCard && !compressed && up.statusCode !== undefined && up.statusCode >= 200 && up.statusCode < 300 && req.method === 'GET') {
        this.passCard(up, res, headers, exchange, () => {
          ended = true;
        }, done);
        return;
      }

      res.writeHead(up.statusCode ?? 502, up.statusMessage, headers);
      res.flushHeaders();
      const sse = type === 'text/event-stream';
      if (sse) upstream.setTimeout(0);
      // A compressed answer is passed on compressed; the copy is decompressed to be validated (the cap counts decompressed bytes).
      const encoding = String(up.headers['content-encoding'] ?? '').trim().toLowerCase();
      const restOn = rest !== undefined && !isRpc;
      const decoder: Transform | undefined = !compressed || !(isRpc || restOn) ? undefined : encoding === 'gzip' || encoding === 'x-gzip' ? createGunzip() : encoding === 'deflate' ? createInflate() : encoding === 'br' ? createBrotliDecompress() : undefined;
      const undecodable = compressed && decoder === undefined;
      if ((isRpc || restOn) && undecodable) exchange.skip(`the answer is ${encoding}-encoded, which the proxy cannot decode: forwarded, not validated`);
      if (isCard && compressed) exchange.skip(`the agent card is ${encoding}-encoded: passed on unchanged (its URLs not rewritten), not validated`);
      const validating = () => (restOn ? !undecodable : isRpc && !undecodable && requestPayload !== undefined);
      const status = up.statusCode ?? 0;
      const restPart = status >= 200 && status < 300 ? 'response' : 'error';
      const strict = this.options.strict === true;
      const lifecycle = (problems: readonly string[]): Verdict => ({ valid: problems.length === 0, errors: problems.map((message) => ({ path: '', keyword: 'lifecycle', message, hint: 'the task lifecycle of the variant (schemas/<variant>/states.ts) says which changes of state a stream may carry, and that it ends at a final event' })), warnings: [] });
      const answerCheck = (payload: Buffer | string, part: string) => {
        const parsed = parsePayload(payload);
        if (!parsed.ok) return exchange.add(part, parsed.verdict);
        if (restOn) {
          if (restPart === 'response' && !rest!.op.response) return exchange.note(`${rest!.operationId} answers with no body; the one sent was not checked`);
          exchange.add(part, checkRestBody(this.choice!.validator, rest!.operationId, restPart, parsed, strict));
          this.recorder?.line(restRecordLine(rest!.operationId, restPart, status, parsed.text));
          return;
        }
        const variant = this.choice ? this.choice.validator : this.variantFor(requestPayload?.value);
        exchange.add(part, checkAnswer(parsed, requestPayload?.value, variant, strict));
        const value = parsed.value as { result?: unknown; error?: unknown } | null;
        if (typeof value === 'object' && value !== null && 'error' in value) failedStream = true;
        if (sequence && typeof value === 'object' && value !== null && 'result' in value) exchange.add(part, lifecycle(sequence.add(value.result)));
        this.recorder?.answer(exchange.seq, parsed.text, requestPayload ? { text: requestPayload.text, ids } : undefined);
      };
      const fault = (keyword: string, message: string, hint: string): Verdict => ({ valid: false, errors: [{ path: '', keyword, message, hint }], warnings: [] });
      let events: SseCapture | undefined;
      let copy: BodyCapture | undefined;
      let count = 0;
      let failedStream = false;
      // The order of a v0.3 stream's events is checked against the variant's task lifecycle (check-server's rules).
      const v03 = this.choice?.wire === 'v0.3' && (CHECK_VARIANTS as readonly string[]).includes(this.choice.validator);
      const sequence = sse && v03 && !restOn && !Array.isArray(requestPayload?.value) ? new StreamSequence(lifecycleOf(this.choice!.validator as CheckVariant)) : undefined;
      let feed: (chunk: Buffer) => void;
      if (sse) {
        events = new SseCapture(this.maxBytes);
        exchange.events = 0;
        feed = (chunk) => {
          if (!validating()) return;
          for (const event of events!.push(chunk)) {
            exchange.events = ++count;
            answerCheck(event.data, `event ${count}`);
          }
          if (events!.overflow) decoder?.destroy();
        };
      } else {
        copy = new BodyCapture(this.maxBytes);
        feed = (chunk) => {
          copy!.push(chunk);
          if (copy!.overflow) decoder?.destroy();
        };
      }
      let undecoded: string | undefined;
      if (decoder) {
        decoder.on('data', feed);
        decoder.on('error', (error: NodeJS.ErrnoException) => (undecoded = `the ${encoding} body cannot be decoded (${error.code ?? error.message})`));
        up.on('data', (chunk: Buffer) => {
          if (!decoder.destroyed) decoder.write(chunk);
        });
      } else {
        up.on('data', feed);
      }
      // The exchange is reported when the answer has reached the client and its copy has been checked.
      let checked = false;
      let delivered = false;
      const settle = (which: 'checked' | 'delivered') => {
        if (which === 'checked') checked = true;
        else delivered = true;
        if (checked && delivered) done();
      };
      up.pipe(res);
      up.on('end', () => {
        ended = true;
        if (!decoder || decoder.destroyed) return finalize();
        decoder.once('close', finalize);
        decoder.end();
      });
      let finalized = false;
      const finalize = () => {
        if (finalized) return;
        finalized = true;
        try {
          check();
        } finally {
          settle('checked');
        }
      };
      const check = () => {
        if (undecoded !== undefined) return exchange.add('answer', fault('encoding', `is broken: ${undecoded}`, 'Content-Encoding names how the body is compressed; the bytes must be that'));
        if (!validating()) {
          if (isRpc && requestPayload === undefined) exchange.note('the answer was not checked: the request could not be read as JSON-RPC');
          return;
        }
        if (events) {
          for (const event of events.end()) {
            exchange.events = ++count;
            answerCheck(event.data, `event ${count}`);
          }
          if (events.overflow) exchange.skip(`a stream event grew over the ${this.maxBytes}-byte cap: the stream was forwarded, not validated from there on`);
          else if (sequence && ids.length > 0 && !failedStream) exchange.add('answer', lifecycle(sequence.end()));
          else if (count === 0 && (ids.length > 0 || restOn)) exchange.add('answer', fault('stream', 'the event stream ended without any event', 'a stream answers with at least one event: the Task or Message, then its updates'));
        } else if (copy) {
          if (copy.overflow) exchange.skip(`the answer (${copy.bytes} bytes) is over the ${this.maxBytes}-byte cap: forwarded, not validated`);
          else if (copy.bytes === 0) {
            if (restOn) {
              const empty = restPart === 'error' || (rest!.op.response !== undefined && status !== 204);
              exchange.add('answer', empty ? fault('json', `is empty (HTTP ${status}), but ${rest!.operationId} answers with a body`, 'an HTTP+JSON operation answers with its response body, or an error body') : { valid: true, errors: [], warnings: [] });
            } else if (ids.length > 0) exchange.add('answer', fault('json', `is empty (HTTP ${up.statusCode}), but the request has an id and needs a response`, 'only notifications (requests without id) go unanswered'));
          } else if (type !== '' && !type.includes('json')) {
            exchange.add('answer', fault('contentType', `is ${type} (HTTP ${up.statusCode}), not ${restOn ? 'a JSON body' : 'a JSON-RPC response'}`, 'a JSON-RPC request is answered with application/json (or text/event-stream for a stream)'));
          } else answerCheck(copy.buffer(), 'answer');
        }
      };
      res.on('finish', () => settle('delivered'));
    });
  }

  /** The agent card: read whole (up to the cap), validated as sent, passed on with the endpoint URLs rewritten. */
  private passCard(up: IncomingMessage, res: ServerResponse, headers: string[], exchange: Exchange, ended: () => void, done: () => void): void {
    const copy = new BodyCapture(this.maxBytes);
    const held: Buffer[] = [];
    let streaming = false;
    up.on('data', (chunk: Buffer) => {
      if (streaming) return;
      copy.push(chunk);
      held.push(chunk);
      if (copy.overflow) {
        // Over the cap: pass it on unchanged from here, as it comes.
        streaming = true;
        res.writeHead(up.statusCode ?? 200, up.statusMessage, headers);
        for (const part of held.splice(0)) res.write(part);
        up.pipe(res);
        exchange.skip(`the agent card (over ${this.maxBytes} bytes) was passed on unchanged and not validated`);
        res.on('finish', done);
      }
    });
    up.on('end', () => {
      ended();
      if (streaming) return;
      const bytes = Buffer.concat(held);
      const parsed = parsePayload(bytes);
      let out = bytes;
      if (!parsed.ok) {
        exchange.add('card', parsed.verdict);
      } else {
        this.learnCard(parsed.value, 'that passed through');
        const variant = this.choice?.validator ?? 'bindu';
        exchange.add('card', checkCard(parsed, variant, this.options.strict === true));
        const { card, rewrites } = rewriteCard(parsed.value, this.target, this.proxyUrl);
        if (rewrites.length > 0) {
          out = Buffer.from(JSON.stringify(card), 'utf8');
          this.sayRewrite(rewrites);
        }
      }
      const kept: string[] = [];
      for (let i = 0; i < headers.length; i += 2) {
        const name = headers[i]!.toLowerCase();
        // The body changed: its length, and any validator of the old bytes, go with it.
        if (out !== bytes && (name === 'content-length' || name === 'etag' || name === 'content-md5' || name === 'digest')) continue;
        kept.push(headers[i]!, headers[i + 1]!);
      }
      if (out !== bytes) kept.push('Content-Length', String(out.length));
      res.writeHead(up.statusCode ?? 200, up.statusMessage, kept);
      res.end(out);
      res.on('finish', done);
    });
  }
}

/** Starts the proxy: listens, fetches the card once (to choose the variant), then serves. */
export async function startProxy(options: ProxyOptions): Promise<Proxy> {
  const target = parseTarget(options.target);
  const session = new Session(target, options);
  const server: Server = createServer({ noDelay: true, keepAlive: true }, (req, res) => session.handle(req, res));
  server.on('connection', (socket) => session.track(socket));
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      session.closeAll();
      const where = `${host}:${options.port ?? 0}`;
      reject(new ProxyError('listen', error.code === 'EADDRINUSE' ? `cannot listen on ${where}: the port is in use` : error.code === 'EACCES' ? `cannot listen on ${where}: permission denied` : `cannot listen on ${where}: ${error.code ?? error.message}`));
    });
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  session.proxyUrl = new URL(`http://${shown}:${address.port}`);
  if (!session.choice) await session.fetchCard();
  else session.say(session.choice.reason);
  return {
    url: session.proxyUrl.origin,
    target: target.href,
    get choice() {
      return session.choice;
    },
    summary: session.summary,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        session.closeAll();
      }),
  };
}

export type { Verdict };
