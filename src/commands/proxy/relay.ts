/**
 * The byte relay: every request goes on to TARGET_URL and every answer comes back chunk by chunk as it arrives
 * (what comes in one turn of the event loop written at once: the head with the body's first bytes, and the body's end
 * when it came too; the head alone on the next turn when no body follows at once, so Server-Sent Events reach the
 * client when the agent sends them). Passed on
 * unchanged: method, path (after TARGET_URL's own path), query, headers (names, case, order, repeats) and bodies,
 * status and status text. Not passed on: the hop-by-hop headers, which Node writes for each side; Host, which
 * names the agent; and the agent card's endpoint URLs (./card-rewrite.ts), the one change the proxy makes.
 * Each exchange's listener (./tap.ts) is handed copies and events and never waited on: "validation never holds
 * a byte back" is this file's border, but for a GET's JSON answer, held whole (up to the cap) when the listener
 * asks, since an agent card must be rewritten before it goes on. Bounds: an agent silent for `timeoutMs` before
 * its headers or inside a plain answer is given up (a 502 with a short JSON body when nothing was sent yet, else
 * the client's connection is cut as the agent's was); a stream has no idle limit; a client that goes away closes
 * its upstream request.
 */
import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';
import type { Readable, Transform, Writable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
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
const NAMED_LENGTHS = new Set([...HOP_BY_HOP, 'host'].map((name) => name.length));

/** Raw headers (name, value, name, value …) without the hop-by-hop ones; `host` replaced when given. */
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

/** The proxy's side of the sockets: its connection pool to the agent, the client connections, the exchanges under way. */
export class Relay {
  /** The proxy's own address, which the rewritten card names (set once it listens). */
  proxyUrl!: URL;
  /** The proxy's gRPC side (host:port), when --grpc-listen runs one: a card's GRPC interface names it. */
  grpcAddress: string | undefined;
  /** TARGET_URL's path, which every forwarded path goes under. */
  readonly base: string;
  readonly request: typeof httpRequest;
  /** The proxy's own connection pool to the agent (closed with the proxy). */
  readonly pool: HttpAgent;
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
    const https = target.protocol === 'https:';
    this.request = https ? (httpsRequest as unknown as typeof httpRequest) : httpRequest;
    this.base = basePath(target);
    this.pool = https ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
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
    this.pool.destroy();
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

/**
 * Holds `from` until `to`, full, has drained: the back-pressure of `from.pipe(to)`, for a relay that writes each chunk
 * itself where it takes its copy. The two pipes this replaces added and removed about a dozen listeners an exchange;
 * under the bench's GetTask load that was 10–15 µs of the proxy's CPU an exchange (bench/results.md, issue 40).
 */
function pauseUntilDrained(from: Readable, to: Writable): void {
  from.pause();
  to.once('drain', () => from.resume());
}

/** Gives the client a 502 with a short JSON body saying why. */
function badGateway(res: ServerResponse, why: string): void {
  const text = JSON.stringify({ error: 'Bad Gateway', message: `bindu-protocol proxy: ${why}` });
  res.writeHead(502, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** One exchange on the wire: the request going upstream as it arrives, the answer coming back, and its end. */
class Forwarding {
  /** Its neighbours in the relay's list of exchanges under way (`Relay.enter`). */
  previousLive: Forwarding | undefined;
  nextLive: Forwarding | undefined;
  private readonly upstream: ClientRequest;
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
    const upstream = relay.request({
      protocol: target.protocol,
      hostname: target.hostname,
      port: target.port || undefined,
      method: req.method,
      path: `${relay.base}${req.url ?? '/'}`,
      headers: passHeaders(req.rawHeaders, target.host),
      timeout: relay.timeoutMs,
      agent: relay.pool,
    });
    this.upstream = upstream;
    // What `req.pipe(upstream)` does, in the listeners the copies need anyway (see `pauseUntilDrained`).
    req.on('data', (chunk: Buffer) => {
      listener.requestData(chunk);
      if (!upstream.destroyed && !upstream.write(chunk)) pauseUntilDrained(req, upstream);
    });
    req.on('end', () => {
      listener.requestEnd();
      if (!upstream.destroyed) upstream.end();
    });
    res.on('close', () => this.clientClosed());
    upstream.on('timeout', () => {
      // A client still sending its request keeps the agent waiting too: that is the client's time
      // (bounded by the server's request timeout), not the agent's.
      if (!req.complete) return;
      upstream.destroy(Object.assign(new Error('timeout'), { code: 'PROXY_TIMEOUT' }));
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => this.giveUp(this.failure(error)));
    upstream.on('response', (up) => this.answered(up));
  }

  /** The proxy is stopping. */
  stop(): void {
    this.listener.transport('the proxy stopped before the exchange ended', true);
    this.end();
  }

  private end(): void {
    if (this.over) return;
    this.over = true;
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
    this.upstream.destroy();
    if (this.over) return;
    this.listener.transport('the client closed the connection before the answer ended; the request to the agent was closed too', false);
    if (!this.req.complete) this.listener.transport('the client closed the connection in the middle of its request', true);
    else if (this.answer !== 'awaited') this.listener.transport('the answer was not validated to its end: the client went away', true);
    this.end();
  }

  private failure(error: NodeJS.ErrnoException): string {
    const answering = this.answer !== 'awaited';
    const { timeoutMs, target } = this.relay;
    if (error.code === 'PROXY_TIMEOUT') {
      return answering
        ? `the agent stopped sending for ${timeoutMs} ms in the middle of its answer`
        : `the agent did not answer within ${timeoutMs} ms`;
    }
    if (error.code === 'ECONNREFUSED') return `the agent at ${target.host} refused the connection`;
    if (error.code === 'ECONNRESET' || error.code === 'EPIPE') {
      return answering ? 'the agent reset the connection in the middle of its answer' : 'the agent closed the connection without answering';
    }
    return `the agent cannot be reached (${error.code ?? error.message})`;
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

  private answered(up: IncomingMessage): void {
    this.answer = 'coming';
    const encoding = String(up.headers['content-encoding'] ?? '')
      .trim()
      .toLowerCase();
    const coding = encoding === 'identity' ? '' : encoding;
    const head: AnswerHead = {
      status: up.statusCode,
      mediaType: mediaType(up.headers['content-type']),
      encoding: coding,
      decodable: DECODERS.has(coding),
    };
    const copy = this.listener.answer(head);
    const headers = passHeaders(up.rawHeaders);
    const broken = () => this.giveUp('the agent closed the connection in the middle of its answer');
    up.on('error', broken);
    up.on('aborted', broken);
    if (copy === 'hold') {
      this.hold(up, headers);
      return;
    }

    // The head goes out with what of the body comes in the same turn of the event loop, its end included: one write
    // (a plain proxy writes the chunked body's terminating chunk apart, one system call more an exchange; about a
    // tenth of the proxy's CPU on the bench's stream). An answer whose body does not follow at once (a stream before
    // its first event, an agent that pauses) has its head sent on the next turn, so the client sees the answer begin
    // when the agent begins it; later chunks go out as they come.
    const { res } = this;
    res.writeHead(up.statusCode ?? 502, up.statusMessage, headers);
    res.cork();
    setImmediate(this.flushHead);
    if (head.mediaType === 'text/event-stream') this.upstream.setTimeout(0);
    // Each chunk is passed on once its copy is taken (what `up.pipe(res)` would do; see `pauseUntilDrained`).
    const pass = (chunk: Buffer): void => {
      this.bodyBegun = true;
      if (!res.destroyed && !res.write(chunk)) pauseUntilDrained(up, res);
    };
    // A compressed answer is passed on compressed; its copy is decoded (the cap counts decoded bytes).
    const decoder = coding !== '' && copy.decoded ? DECODERS.get(coding)?.() : undefined;
    if (decoder) {
      decoder.on('data', (chunk: Buffer) => {
        if (!copy.push(chunk)) decoder.destroy();
      });
      decoder.on('error', (error: NodeJS.ErrnoException) => {
        copy.undecodable(`the ${coding} body cannot be decoded (${error.code ?? error.message})`);
      });
      up.on('data', (chunk: Buffer) => {
        if (!decoder.destroyed) decoder.write(chunk);
        pass(chunk);
      });
    } else if (coding === '') {
      up.on('data', (chunk: Buffer) => {
        copy.push(chunk);
        pass(chunk);
      });
    } else up.on('data', pass);
    const read = () => {
      if (this.settled.read) return;
      try {
        copy.end();
      } finally {
        this.settle('read');
      }
    };
    up.on('end', () => {
      if (!res.destroyed) res.end();
      this.answer = 'ended';
      if (!decoder || decoder.destroyed) return read();
      decoder.once('close', read);
      decoder.end();
    });
    res.on('finish', () => this.settle('delivered'));
  }

  /** A body held whole (up to the cap) and passed on when it ends, rewritten when the listener hands back a card. */
  private hold(up: IncomingMessage, headers: readonly string[]): void {
    const { res } = this;
    /** The chunks held so far; undefined once over the cap, when the body goes on as it comes. */
    let held: Buffer[] | undefined = [];
    let size = 0;
    up.on('data', (chunk: Buffer) => {
      if (!held) return;
      held.push(chunk);
      size += chunk.length;
      if (size <= this.relay.maxBytes) return;
      res.writeHead(up.statusCode ?? 200, up.statusMessage, headers as string[]);
      for (const part of held) res.write(part);
      held = undefined;
      up.pipe(res);
      this.listener.held(undefined);
      res.on('finish', () => this.end());
    });
    up.on('end', () => {
      this.answer = 'ended';
      if (!held) return;
      const body = Buffer.concat(held);
      const card = this.listener.held(body);
      const out = card ? this.relay.cardBytes(card.card, body) : body;
      const kept: string[] = [];
      for (let i = 0; i < headers.length; i += 2) {
        if (out !== body && STALE_WHEN_CHANGED.has(headers[i]!.toLowerCase())) continue;
        kept.push(headers[i]!, headers[i + 1]!);
      }
      if (out !== body) kept.push('Content-Length', String(out.length));
      res.writeHead(up.statusCode ?? 200, up.statusMessage, kept);
      res.end(out);
      res.on('finish', () => this.end());
    });
  }
}
