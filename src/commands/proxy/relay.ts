/**
 * The byte relay: every request goes on to TARGET_URL (a body of up to WHOLE_BODY_BYTES, as its Content-Length says,
 * once it is whole, in one write; a larger one or one of unknown length as it arrives) and every answer comes back
 * chunk by chunk as it arrives (what comes in one turn of the event loop written at once: the head with the body's
 * first bytes, and the body's end when it came too; the head alone on the next turn when no body follows at once, so
 * Server-Sent Events reach the client when the agent sends them). The agent is spoken to through undici's pool
 * (`Relay.pool`); the client through node:http's server. Passed on
 * unchanged: method, path (after TARGET_URL's own path), query, headers (names, case, order, repeats) and bodies,
 * status and status text. Not passed on: the hop-by-hop headers, which each side writes for itself; Expect, which
 * the proxy's server answers; Host, which
 * names the agent; and the agent card's endpoint URLs (./card-rewrite.ts), the one change the proxy makes.
 * Each exchange's listener (./tap.ts) is handed copies and events and never waited on: "validation never holds
 * a byte back" is this file's border, but for a GET's JSON answer, held whole (up to the cap) when the listener
 * asks, since an agent card must be rewritten before it goes on. Bounds: an agent silent for `timeoutMs` before
 * its headers or inside a plain answer is given up (a 502 with a short JSON body when nothing was sent yet, else
 * the client's connection is cut as the agent's was); a stream has no idle limit; a client that goes away closes
 * its upstream request.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { PassThrough, type Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { Pool, type Dispatcher } from 'undici';
import { basePath, rewriteCard, type Rewrite } from './card-rewrite.js';

/** The head of an agent's answer, as the listener is told it. */
export interface AnswerHead {
  readonly status: number | undefined;
  /** The media type, lower case, without parameters ('' when none). */
  readonly mediaType: string;
  /** The Content-Encoding, lower case ('' for none or identity). */
  readonly encoding: string;
  /** Whether the relay can decode that encoding for the copies (gzip, deflate, br). */
  readonly decodable: boolean;
}

/** Where the copies of an answer's body go. */
export interface AnswerCopy {
  /** The copies are wanted decoded (asked only of an encoded body the relay can decode); else an encoded body gives none. */
  readonly decoded: boolean;
  /** A copy of the next chunk; false once the copy is no longer read (a decoder may stop there). */
  push(chunk: Buffer): boolean;
  /** The body does not decode as its Content-Encoding says. */
  undecodable(why: string): void;
  /** The answer has ended (its decoder flushed). */
  end(): void;
}

/** What the relay tells the validating side of one exchange; the listener never writes to a socket. */
export interface ExchangeListener {
  requestData(chunk: Buffer): void;
  requestEnd(): void;
  /** The answer's head: where copies of its body go, or 'hold' for a body held whole (a GET's JSON: a card to rewrite?). */
  answer(head: AnswerHead): AnswerCopy | 'hold';
  /** The held body, or undefined when it grew over the cap and went on as it came; returns the card to pass on rewritten. */
  held(body: Buffer | undefined): { readonly card: unknown } | undefined;
  /** A fact of the transport for the report; `lost` when it kept a part from being validated. */
  transport(text: string, lost: boolean): void;
  /** The agent was given up on: `replied` when the client got a 502, else its connection was cut. */
  gaveUp(why: string, replied: boolean): void;
  /** The exchange is over (answer delivered and its copy read, agent given up on, client gone or proxy stopping); once. */
  end(): void;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** The lengths of the names `passHeaders` looks for (the hop-by-hop ones and Host). */
const NAMED_LENGTHS = new Set([...HOP_BY_HOP, 'host', 'expect'].map((name) => name.length));

/**
 * Raw headers (name, value, name, value …) without the hop-by-hop ones; `host` replaced when given (a request's
 * headers, which also lose Expect).
 */
function passHeaders(raw: readonly string[], host?: string): string[] {
  let named: Set<string> | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.length === 10 && raw[i]!.toLowerCase() === 'connection') {
      // Most name only hop-by-hop headers (`keep-alive`): those are dropped anyway, and the fast path below stays open.
      for (const token of raw[i + 1]!.split(',')) {
        const name = token.trim().toLowerCase();
        if (!HOP_BY_HOP.has(name)) (named ??= new Set()).add(name);
      }
    }
  }
  const out: string[] = [];
  let hostSent = false;
  for (let i = 0; i < raw.length; i += 2) {
    // A name of another length than these is none of them: passed on without lower-casing it.
    if (!NAMED_LENGTHS.has(raw[i]!.length) && !named) {
      out.push(raw[i]!, raw[i + 1]!);
      continue;
    }
    const name = raw[i]!.toLowerCase();
    if (HOP_BY_HOP.has(name) || named?.has(name)) continue;
    // Toward the agent (`host` given), Expect is the proxy's own business: its server answered it (100 Continue).
    if (name === 'expect' && host !== undefined) continue;
    if (name === 'host' && host !== undefined) {
      out.push(raw[i]!, host);
      hostSent = true;
    } else out.push(raw[i]!, raw[i + 1]!);
  }
  if (host !== undefined && !hostSent) out.push('Host', host);
  return out;
}

/** The usual Content-Types, as they are written: their media type is themselves. */
const PLAIN_MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;

/** The media type of a Content-Type header: lower case, without parameters. */
export const mediaType = (value: string | undefined): string =>
  value === undefined ? '' : PLAIN_MEDIA_TYPE.test(value) ? value : value.split(';')[0]!.trim().toLowerCase();

/** The Content-Encodings whose copies the relay decodes. */
const DECODERS: ReadonlyMap<string, () => Transform> = new Map([
  ['gzip', createGunzip],
  ['x-gzip', createGunzip],
  ['deflate', createInflate],
  ['br', createBrotliDecompress],
]);

/** The headers of a held body passed on changed: its length, and any validator of the old bytes, go with it. */
const STALE_WHEN_CHANGED = new Set(['content-length', 'etag', 'content-md5', 'digest']);

/** undici's timeouts are off: the relay keeps the agent's time itself (`Forwarding.arm`), by the module comment's rules. */
const POOL_OPTIONS = { headersTimeout: 0, bodyTimeout: 0 } as const;

/** The proxy's side of the sockets: its connection pool to the agent, the client connections, the exchanges under way. */
export class Relay {
  /** The proxy's own address, which the rewritten card names (set once it listens). */
  proxyUrl!: URL;
  /** The proxy's gRPC side (host:port), when --grpc-listen runs one: a card's GRPC interface names it. */
  grpcAddress: string | undefined;
  /** TARGET_URL's path, which every forwarded path goes under. */
  readonly base: string;
  /**
   * The proxy's own connection pool to the agent (closed with the proxy): undici's, whose client costs the proxy about a
   * fifth less CPU an exchange than node:http's (bench/results.md, issue 40, session 18); see POOL_OPTIONS.
   */
  pool: Pool;
  /**
   * The exchanges under way (ended when the proxy stops), a list linked through the exchanges themselves. Not a Set:
   * V8 replaces a Set's table once deletions fill it (every dozen exchanges here), and the table it leaves points to
   * its successor and still holds the exchanges under way when it was replaced. Once one table had been promoted to
   * the old generation (a full collection under load does that), it kept the next alive through every scavenge,
   * that one the next, and with them whole exchanges: about a fifth of what the proxy allocated was promoted, in
   * most runs of the bench (see bench/results.md, issue 40).
   */
  private firstLive: Forwarding | undefined;
  private readonly sockets = new Set<Socket>();
  private saidRewrite = false;

  constructor(
    readonly target: URL,
    readonly timeoutMs: number,
    readonly maxBytes: number,
    private readonly say: (text: string) => void,
  ) {
    this.base = basePath(target);
    this.pool = new Pool(target.origin, POOL_OPTIONS);
  }

  track(socket: Socket): void {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
  }

  /** An exchange has begun. */
  enter(forwarding: Forwarding): void {
    forwarding.nextLive = this.firstLive;
    if (this.firstLive) this.firstLive.previousLive = forwarding;
    this.firstLive = forwarding;
  }

  /** An exchange is over: unlinked, its own links cleared. */
  leave(forwarding: Forwarding): void {
    const { previousLive, nextLive } = forwarding;
    if (previousLive) previousLive.nextLive = nextLive;
    else if (this.firstLive === forwarding) this.firstLive = nextLive;
    if (nextLive) nextLive.previousLive = previousLive;
    forwarding.previousLive = undefined;
    forwarding.nextLive = undefined;
  }

  /** Relays one exchange, telling `listener` what passes. */
  forward(req: IncomingMessage, res: ServerResponse, listener: ExchangeListener): void {
    new Forwarding(this, req, res, listener);
  }

  /** Ends the exchanges under way, cuts the connections, closes the pool. */
  closeAll(): void {
    const live: Forwarding[] = [];
    for (let forwarding = this.firstLive; forwarding; forwarding = forwarding.nextLive) live.push(forwarding);
    for (const forwarding of live) forwarding.stop();
    for (const socket of this.sockets) socket.destroy();
    // As node:http's agent after its destroy(), the relay can still forward: a new pool, its connections made anew.
    this.pool.destroy().catch(() => {});
    this.pool = new Pool(this.target.origin, POOL_OPTIONS);
  }

  /** A card's bytes as passed on: rewritten to name the proxy where it names the agent (said once). */
  cardBytes(card: unknown, body: Buffer): Buffer {
    const { card: out, rewrites } = rewriteCard(card, this.target, this.proxyUrl, this.grpcAddress);
    if (rewrites.length === 0) return body;
    this.sayRewrite(rewrites);
    return Buffer.from(JSON.stringify(out), 'utf8');
  }

  private sayRewrite(rewrites: readonly Rewrite[]): void {
    if (this.saidRewrite) return;
    this.saidRewrite = true;
    const outside = ' (not under TARGET_URL: the proxy forwards this path to TARGET_URL)';
    const list = rewrites.map((r) => `${r.path} ${r.from} → ${r.to}${r.outside ? outside : ''}`).join('; ');
    this.say(`the agent card passed on names the proxy instead of the agent (the one change the proxy makes): ${list}`);
  }
}

/** Gives the client a 502 with a short JSON body saying why. */
function badGateway(res: ServerResponse, why: string): void {
  const text = JSON.stringify({ error: 'Bad Gateway', message: `bindu-protocol proxy: ${why}` });
  res.writeHead(502, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** A request body up to this size (by its Content-Length) is sent once whole; a larger one, or one of unknown length, as it arrives. */
const WHOLE_BODY_BYTES = 64 * 1024;

/** Raw header names and values as strings (undici hands them over as bytes). */
function headerStrings(raw: readonly Buffer[]): string[] {
  const out = new Array<string>(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw[i]!.toString('latin1');
  return out;
}

/** The value of header `name` (lower case) in raw headers, the first if repeated. */
function headerValue(raw: readonly string[], name: string): string | undefined {
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.length === name.length && raw[i]!.toLowerCase() === name) return raw[i + 1];
  return undefined;
}

/** An error of the relay's own: the agent's time is up. */
const timedOut = (): Error => Object.assign(new Error('timeout'), { code: 'PROXY_TIMEOUT' });

/** One exchange on the wire: the request going upstream, the answer coming back, and its end. */
class Forwarding implements Dispatcher.DispatchHandlers {
  /** Its neighbours in the relay's list of exchanges under way (`Relay.enter`). */
  previousLive: Forwarding | undefined;
  nextLive: Forwarding | undefined;
  /** Where the agent's answer is: not begun, coming (its head arrived), or ended. */
  private answer: 'awaited' | 'coming' | 'ended' = 'awaited';
  /** The listener was told the exchange ended. */
  private over = false;
  /** The relay cut the client's connection itself. */
  private cut = false;
  /** Both end a relayed answer: it reached the client, and its copy was read to the end. */
  private readonly settled = { delivered: false, read: false };
  /** A chunk of the answer's body was passed on (its head went with it). */
  private bodyBegun = false;
  /** Stops the request to the agent (undici's, once it is under way); a stop asked before that is kept in `stopped`. */
  private abortUpstream: ((error?: Error) => void) | undefined;
  private stopped: Error | undefined;
  /** Lets undici go on reading the answer after `onData` said to wait (the client drained). */
  private resume: (() => void) | undefined;
  private readonly resumeNow = (): void => this.resume?.();
  /** The agent's time: before its head (once the request is whole), and between the chunks of an answer that is no stream. */
  private timer: NodeJS.Timeout | undefined;
  /** Where the answer's body goes: its copy and the client, or held whole (a card to rewrite), with its decoder. */
  private copy: AnswerCopy | undefined;
  private decoder: Transform | undefined;
  private held: Buffer[] | undefined;
  private heldSize = 0;
  private heldHead: { status: number; text: string; headers: string[] } | undefined;
  /** The copy takes the body's bytes as they come (an encoded body's copy is decoded, or not taken). */
  private copyRaw = false;
  /**
   * The turn of the event loop the answer's head came in is over: what it wrote goes out (the response uncorked), and
   * the head alone when no body has followed it yet.
   */
  private readonly flushHead = (): void => {
    this.res.uncork();
    if (!this.bodyBegun && !this.res.writableEnded && !this.res.destroyed) this.res.flushHeaders();
  };

  constructor(
    private readonly relay: Relay,
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    private readonly listener: ExchangeListener,
  ) {
    relay.enter(this);
    const { target } = relay;
    const options = {
      path: `${relay.base}${req.url ?? '/'}`,
      method: req.method as Dispatcher.HttpMethod,
      headers: passHeaders(req.rawHeaders, target.host),
    };
    const length = Number(req.headers['content-length']);
    const chunked = req.headers['transfer-encoding'] !== undefined;
    res.on('close', () => this.clientClosed());
    if (!chunked && (length === 0 || Number.isNaN(length))) {
      // No body: sent at its end (on the next turn), after the listener has heard of it, as every request is.
      req.on('end', () => {
        listener.requestEnd();
        this.dispatch({ ...options, body: null }, true);
      });
      req.resume();
    } else if (!chunked && length <= WHOLE_BODY_BYTES) {
      // A small body (a JSON-RPC call): sent once whole, one write to the agent; it has mostly arrived with the head.
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => {
        listener.requestData(chunk);
        chunks.push(chunk);
      });
      req.on('end', () => {
        listener.requestEnd();
        this.dispatch({ ...options, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) }, true);
      });
    } else {
      // A large body goes on as it arrives, through a stream undici reads when its connection is ready (the chunks that
      // come before wait there); the listener takes its copies as they pass. A body the agent does not read pauses
      // the request: back-pressure, as `req.pipe` gives.
      const body = new PassThrough();
      req.on('data', (chunk: Buffer) => {
        listener.requestData(chunk);
        if (!body.write(chunk)) {
          req.pause();
          body.once('drain', () => req.resume());
        }
      });
      req.on('end', () => {
        listener.requestEnd();
        body.end();
        // The agent's time begins once the client has sent all it had to send (before, the wait is the client's).
        if (this.answer === 'awaited') this.arm();
      });
      this.dispatch({ ...options, body }, false);
    }
  }

  /** Sends the request; `whole`: its body is all there, and the agent's time begins. */
  private dispatch(options: Dispatcher.DispatchOptions, whole: boolean): void {
    if (this.over) return;
    if (whole) this.arm();
    try {
      this.relay.pool.dispatch(options, this);
    } catch (error) {
      this.onError(error as Error);
    }
  }

  /** The agent has `timeoutMs` from now (for its head, or for the next chunk of an answer that is no stream). */
  private arm(): void {
    if (this.timer) this.timer.refresh();
    else this.timer = setTimeout(() => this.stopUpstream(timedOut()), this.relay.timeoutMs);
  }

  private disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /**
   * Stops the request to the agent. Before undici has begun it (no connection free yet, or one still being made), the
   * stop waits for `onConnect`, and the exchange is given up on now: a timeout does not wait for undici's own.
   */
  private stopUpstream(error: Error): void {
    this.disarm();
    if (this.abortUpstream) this.abortUpstream(error);
    else {
      this.stopped ??= error;
      this.onError(error);
    }
  }

  onConnect(abort: (error?: Error) => void): void {
    if (this.stopped) abort(this.stopped);
    else this.abortUpstream = abort;
  }

  onError(error: Error): void {
    this.disarm();
    this.giveUp(this.failure(error as NodeJS.ErrnoException));
  }

  onUpgrade(): void {
    // Never asked for: the Upgrade header is hop-by-hop and not passed on.
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[], resume: () => void, statusText: string): boolean {
    // An informational answer (103 Early Hints) is not the answer: it is not passed on (Node's server would not either).
    if (statusCode < 200) return true;
    this.resume = resume;
    this.answer = 'coming';
    const raw = headerStrings(rawHeaders);
    const encoding = (headerValue(raw, 'content-encoding') ?? '').trim().toLowerCase();
    const coding = encoding === 'identity' ? '' : encoding;
    const head: AnswerHead = {
      status: statusCode,
      mediaType: mediaType(headerValue(raw, 'content-type')),
      encoding: coding,
      decodable: DECODERS.has(coding),
    };
    const copy = this.listener.answer(head);
    const headers = passHeaders(raw);
    if (head.mediaType === 'text/event-stream') this.disarm();
    else this.arm();
    if (copy === 'hold') {
      this.held = [];
      this.heldHead = { status: statusCode, text: statusText, headers };
      return true;
    }
    // The head goes out with what of the body comes in the same turn of the event loop, its end included: one write
    // (a plain proxy writes the chunked body's terminating chunk apart, one system call more an exchange; about a
    // tenth of the proxy's CPU on the bench's stream). An answer whose body does not follow at once (a stream before
    // its first event, an agent that pauses) has its head sent on the next turn, so the client sees the answer begin
    // when the agent begins it; later chunks go out as they come.
    const { res } = this;
    res.writeHead(statusCode, statusText, headers);
    res.cork();
    setImmediate(this.flushHead);
    res.on('finish', () => this.settle('delivered'));
    this.copy = copy;
    this.copyRaw = coding === '';
    // A compressed answer is passed on compressed; its copy is decoded (the cap counts decoded bytes).
    const decoder = coding !== '' && copy.decoded ? DECODERS.get(coding)?.() : undefined;
    if (decoder) {
      this.decoder = decoder;
      decoder.on('data', (chunk: Buffer) => {
        if (!copy.push(chunk)) decoder.destroy();
      });
      decoder.on('error', (error: NodeJS.ErrnoException) => {
        copy.undecodable(`the ${coding} body cannot be decoded (${error.code ?? error.message})`);
      });
    }
    return true;
  }

  onData(chunk: Buffer): boolean {
    if (this.timer) this.timer.refresh();
    if (this.held) return this.hold(chunk);
    const { decoder } = this;
    if (decoder) {
      if (!decoder.destroyed) decoder.write(chunk);
    } else if (this.copyRaw) this.copy!.push(chunk);
    return this.pass(chunk);
  }

  /** Passes a chunk on (its copy taken); false, with undici told to wait, while the client is not reading. */
  private pass(chunk: Buffer): boolean {
    this.bodyBegun = true;
    const { res } = this;
    if (res.destroyed || res.write(chunk)) return true;
    res.once('drain', this.resumeNow);
    return false;
  }

  onComplete(): void {
    this.disarm();
    this.answer = 'ended';
    if (this.held) {
      this.release();
      return;
    }
    const { res, decoder } = this;
    if (!res.destroyed) res.end();
    if (!decoder || decoder.destroyed) this.read();
    else {
      decoder.once('close', () => this.read());
      decoder.end();
    }
  }

  private read(): void {
    if (this.settled.read) return;
    try {
      this.copy?.end();
    } finally {
      this.settle('read');
    }
  }

  /** A chunk of a body held whole (up to the cap); past the cap, the body goes on as it comes. */
  private hold(chunk: Buffer): boolean {
    const held = this.held!;
    held.push(chunk);
    this.heldSize += chunk.length;
    if (this.heldSize <= this.relay.maxBytes) return true;
    const { res } = this;
    const { status, text, headers } = this.heldHead!;
    res.writeHead(status, text, headers);
    this.held = undefined;
    this.listener.held(undefined);
    res.on('finish', () => this.end());
    let ready = true;
    for (const part of held) ready = res.write(part);
    this.bodyBegun = true;
    if (ready) return true;
    res.once('drain', this.resumeNow);
    return false;
  }

  /** The held body has ended: passed on, rewritten when the listener hands back a card. */
  private release(): void {
    const { res } = this;
    const body = Buffer.concat(this.held!);
    this.held = undefined;
    const { status, text, headers } = this.heldHead!;
    const card = this.listener.held(body);
    const out = card ? this.relay.cardBytes(card.card, body) : body;
    const kept: string[] = [];
    for (let i = 0; i < headers.length; i += 2) {
      if (out !== body && STALE_WHEN_CHANGED.has(headers[i]!.toLowerCase())) continue;
      kept.push(headers[i]!, headers[i + 1]!);
    }
    if (out !== body) kept.push('Content-Length', String(out.length));
    res.writeHead(status, text, kept);
    res.end(out);
    res.on('finish', () => this.end());
  }

  /** The proxy is stopping. */
  stop(): void {
    this.listener.transport('the proxy stopped before the exchange ended', true);
    this.end();
  }

  private end(): void {
    if (this.over) return;
    this.over = true;
    this.disarm();
    this.relay.leave(this);
    this.listener.end();
  }

  private settle(which: 'delivered' | 'read'): void {
    this.settled[which] = true;
    if (this.settled.delivered && this.settled.read) this.end();
  }

  /** The client went away before its answer was written whole: the upstream request goes too. */
  private clientClosed(): void {
    if (this.res.writableFinished || this.cut) return;
    if (!this.over) {
      this.listener.transport('the client closed the connection before the answer ended; the request to the agent was closed too', false);
      if (!this.req.complete) this.listener.transport('the client closed the connection in the middle of its request', true);
      else if (this.answer !== 'awaited') this.listener.transport('the answer was not validated to its end: the client went away', true);
      this.end();
    }
    // After the end: undici reports the abort as an error at once, and an exchange over is not given up on.
    this.stopUpstream(Object.assign(new Error('the client went away'), { code: 'PROXY_CLIENT_GONE' }));
  }

  private failure(error: NodeJS.ErrnoException): string {
    const answering = this.answer !== 'awaited';
    const { timeoutMs, target } = this.relay;
    const code = error.code ?? (error.cause as NodeJS.ErrnoException | undefined)?.code;
    if (code === 'PROXY_TIMEOUT') {
      return answering
        ? `the agent stopped sending for ${timeoutMs} ms in the middle of its answer`
        : `the agent did not answer within ${timeoutMs} ms`;
    }
    if (code === 'ECONNREFUSED') return `the agent at ${target.host} refused the connection`;
    if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET') {
      return answering ? 'the agent reset the connection in the middle of its answer' : 'the agent closed the connection without answering';
    }
    return `the agent cannot be reached (${code ?? error.message})`;
  }

  /** The agent failed: a 502 when nothing was sent to the client yet, else its connection is cut as the agent's was. */
  private giveUp(why: string): void {
    if (this.over || this.answer === 'ended') return;
    const replied = !this.res.headersSent && !this.res.destroyed;
    if (replied) badGateway(this.res, why);
    else {
      this.cut = true;
      this.res.destroy();
    }
    this.listener.gaveUp(why, replied);
    this.end();
  }
}
