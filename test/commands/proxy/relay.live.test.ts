/**
 * The byte relay (src/commands/proxy/relay.ts) on its own, with a listener that validates nothing and
 * records what it is told: the bytes pass unchanged both ways whatever the listener does with its copies
 * (a listener that stops reading holds nothing back), a body is held only when the listener asks and the card
 * it hands back is what the client gets, and a failing agent or a stopping proxy ends the exchange once.
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Relay, type AnswerCopy, type AnswerHead, type ExchangeListener } from '../../../src/commands/proxy/relay.js';
import { rawCard, startRawAgent, type RawHandler } from '../../fixtures/servers/proxy-agents.js';
import { closeServer, listen } from '../../fixtures/servers/echo.js';

/** What a listener was told, in order, and the copies it was handed. */
interface Heard {
  readonly events: string[];
  readonly request: Buffer[];
  readonly answer: Buffer[];
  head?: AnswerHead;
  held?: Buffer;
  readonly ended: Promise<void>;
}

interface Plan {
  /** Answer 'hold', or copies wanted decoded (default: not). */
  readonly hold?: boolean;
  readonly decoded?: boolean;
  /** How many copies are read before push answers false (default: all). */
  readonly read?: number;
}

function listener(plan: Plan = {}): { listener: ExchangeListener; heard: Heard } {
  let ended!: () => void;
  const heard: Heard = { events: [], request: [], answer: [], ended: new Promise((resolve) => (ended = resolve)) };
  const copy: AnswerCopy = {
    decoded: plan.decoded === true,
    push: (chunk) => {
      heard.answer.push(chunk);
      return heard.answer.length < (plan.read ?? Infinity);
    },
    undecodable: (why) => heard.events.push(`undecodable ${why}`),
    end: () => heard.events.push('answer end'),
  };
  return {
    heard,
    listener: {
      requestData: (chunk) => heard.request.push(chunk),
      requestEnd: () => heard.events.push('request end'),
      answer: (head) => {
        heard.head = head;
        heard.events.push('answer');
        return plan.hold ? 'hold' : copy;
      },
      held: (body) => {
        heard.events.push(body ? 'held' : 'held over the cap');
        if (!body) return undefined;
        heard.held = body;
        return { card: JSON.parse(body.toString('utf8')) as unknown };
      },
      transport: (text, lost) => heard.events.push(`${lost ? 'lost' : 'note'}: ${text}`),
      gaveUp: (why, replied) => heard.events.push(`gave up (${replied ? '502' : 'cut'}): ${why}`),
      end: () => {
        heard.events.push('end');
        ended();
      },
    },
  };
}

/** A raw request through the proxy: status, headers and the body's bytes exactly as they came (no decoding). */
interface Received {
  readonly status: number;
  readonly headers: IncomingMessage['headers'];
  readonly body: Buffer;
}

function send(url: string, method: string, path: string, body?: Buffer): Promise<Received> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method, headers: body ? { 'content-type': 'application/json' } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Calls `counted` at each write the socket makes (a writev of several buffers is one), from now until the next call for
 * the same socket (a kept-alive connection carries several exchanges).
 */
function countWrites(socket: Socket, counted: () => void): void {
  type Write = (this: unknown, ...args: unknown[]) => unknown;
  const own = socket as Socket & { _write: Write; _writev: Write; [COUNTED]?: () => void };
  if (own[COUNTED] === undefined) {
    const write = own._write;
    const writev = own._writev;
    own._write = function (this: unknown, ...args: unknown[]) {
      own[COUNTED]!();
      return write.apply(this, args);
    };
    own._writev = function (this: unknown, ...args: unknown[]) {
      own[COUNTED]!();
      return writev.apply(this, args);
    };
  }
  own[COUNTED] = counted;
}
const COUNTED = Symbol('counted');

/**
 * An agent answering a stream: its head with `first` (the head alone, flushed, when undefined), then `last` and the end
 * only once `seen` settles (the client has what came first) or after 5 s, saying so in `order` as `said`. Whatever the
 * relay holds back shows as `said` coming before the client's own entry.
 */
function writesOnceSeen(seen: Promise<void>, order: string[], said: string, first: string | undefined, last: string): RawHandler {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    if (first === undefined) res.flushHeaders();
    else res.write(first);
    const write = () => {
      order.push(said);
      res.end(last);
    };
    const fallback = setTimeout(write, 5_000);
    void seen.then(() => {
      clearTimeout(fallback);
      write();
    });
  };
}

const TEXT = Buffer.from('abcdefghij'.repeat(20_000));
const ZIPPED = gzipSync(TEXT);
const BIG_CARD = Buffer.from(JSON.stringify({ name: 'x'.repeat(5000) }));

describe('the byte relay with a listener that checks nothing', () => {
  let agent: Awaited<ReturnType<typeof startRawAgent>>;
  let relay: Relay;
  let server: Server;
  let url: string;
  const said: string[] = [];
  /** How many writes (system calls) the proxy made to the client's socket while answering each path (the last exchange on it). */
  const writes = new Map<string, number>();
  /** The plan of the next exchange's listener, and what it heard. */
  let next: Plan = {};
  let last: Heard;
  let handle: RawHandler;

  beforeAll(async () => {
    agent = await startRawAgent((req, res, body) => handle(req, res, body));
    relay = new Relay(new URL(agent.url), 10_000, 1024, (text) => said.push(text));
    server = createServer((req, res) => {
      const made = listener(next);
      last = made.heard;
      const path = req.url ?? '';
      writes.set(path, 0);
      countWrites(res.socket!, () => writes.set(path, (writes.get(path) ?? 0) + 1));
      relay.forward(req, res, made.listener);
    });
    server.on('connection', (socket) => relay.track(socket));
    url = await listen(server);
    relay.proxyUrl = new URL(url);
  });
  afterAll(async () => {
    relay.closeAll();
    await closeServer(server);
    await agent.close();
  });

  it('passes request and answer unchanged, hands over copies of both, then ends the exchange once', async () => {
    let got = Buffer.alloc(0);
    handle = (_req, res, body) => {
      got = Buffer.from(body);
      res.writeHead(201, { 'content-type': 'application/json; charset=utf-8', 'x-Mixed-Case': 'kept' });
      res.write(TEXT.subarray(0, 70_000));
      res.end(TEXT.subarray(70_000));
    };
    next = {};
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'message/send', pad: 'p'.repeat(50_000) }));
    const answer = await send(url, 'POST', '/rpc?x=1', body);
    await last.ended;
    expect(got.equals(body)).toBe(true);
    expect(answer.status).toBe(201);
    expect(answer.headers['x-mixed-case']).toBe('kept');
    expect(answer.body.equals(TEXT)).toBe(true);
    expect(Buffer.concat(last.request).equals(body)).toBe(true);
    expect(Buffer.concat(last.answer).equals(TEXT)).toBe(true);
    expect(last.head).toEqual({ status: 201, mediaType: 'application/json', encoding: '', decodable: false });
    expect(last.events).toEqual(['request end', 'answer', 'answer end', 'end']);
  });

  it('an answer whose body does not follow its head (a stream before its first event) has its head sent alone', async () => {
    // The agent writes its event only once the client has the head, or after 5 s: a head held back for the body
    // shows as the event written before the head arrived.
    const order: string[] = [];
    let headSeen!: () => void;
    const seen = new Promise<void>((resolve) => (headSeen = resolve));
    handle = writesOnceSeen(seen, order, 'agent wrote the event', undefined, 'data: {}\n\n');
    next = {};
    const body = await new Promise<Buffer>((resolve, reject) => {
      const req = request(`${url}/`, { method: 'POST' }, (res) => {
        order.push(`client got the head (${res.statusCode})`);
        headSeen();
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve(Buffer.concat(chunks)));
      });
      req.on('error', reject);
      req.end();
    });
    await last.ended;
    expect(order).toEqual(['client got the head (200)', 'agent wrote the event']);
    expect(body.toString('utf8')).toBe('data: {}\n\n');
    expect(Buffer.concat(last.answer).toString('utf8')).toBe('data: {}\n\n');
  });

  it('drops the hop-by-hop headers both ways, with those each side names in its Connection header', async () => {
    let seen: IncomingMessage['headers'] = {};
    handle = (req, res) => {
      seen = req.headers;
      res.writeHead(200, { 'content-type': 'application/json', connection: 'keep-alive, X-Private', 'x-private': '1', 'x-public': '2' });
      res.end('{}');
    };
    next = {};
    const answer = await new Promise<IncomingMessage>((resolve, reject) => {
      const headers = { connection: 'keep-alive, X-Hop', 'x-hop': 'secret', 'keep-alive': 'timeout=5', te: 'trailers', 'x-kept': 'yes' };
      const req = request(`${url}/hop`, { method: 'POST', headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res));
      });
      req.on('error', reject);
      req.end('{}');
    });
    await last.ended;
    expect(seen['x-kept']).toBe('yes');
    expect(seen['x-hop']).toBeUndefined();
    expect(seen.te).toBeUndefined();
    expect(seen['keep-alive']).toBeUndefined();
    expect(seen.host).toBe(new URL(agent.url).host);
    expect(answer.headers['x-public']).toBe('2');
    expect(answer.headers['x-private']).toBeUndefined();
    expect(answer.headers.connection).not.toContain('X-Private');
  });

  it('Expect is answered by the proxy, not passed on; an informational answer (103) is not taken for the answer', async () => {
    let seen: IncomingMessage['headers'] = {};
    let got = '';
    handle = (req, res, body) => {
      seen = req.headers;
      got = Buffer.from(body).toString('utf8');
      res.writeEarlyHints({ link: '</style.css>; rel=preload; as=style' });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    };
    next = {};
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tasks/get', pad: 'p'.repeat(2_000) });
    const answer = await new Promise<Received>((resolve, reject) => {
      const headers = { 'content-type': 'application/json', 'content-length': String(body.length), expect: '100-continue' };
      const req = request(`${url}/expect`, { method: 'POST', headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      // The body follows the proxy's 100 Continue, as a client that asked for it sends it.
      req.on('continue', () => req.end(body));
    });
    await last.ended;
    expect(seen.expect).toBeUndefined();
    expect(got).toBe(body);
    expect(answer.status).toBe(200);
    expect(answer.body.toString('utf8')).toBe('{"ok":true}');
    expect(last.head?.status).toBe(200);
    expect(last.events).toEqual(['request end', 'answer', 'answer end', 'end']);
  });

  it('an answer that arrives whole in one read (head, events, end) goes to the client in one write', async () => {
    // The agent's answer in one write of its own (corked), so the relay reads it at once; the relay then writes the
    // head, the events and the terminating chunk together, where a plain proxy writes the terminating chunk apart.
    handle = (_req, res) => {
      res.cork();
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: {"n":1}\n\n');
      res.write('data: {"n":2}\n\n');
      res.end('data: {"n":3}\n\n');
    };
    next = {};
    const answer = await send(url, 'POST', '/together', Buffer.from('{}'));
    await last.ended;
    expect(answer.body.toString('utf8')).toBe('data: {"n":1}\n\ndata: {"n":2}\n\ndata: {"n":3}\n\n');
    expect(Buffer.concat(last.answer).equals(answer.body)).toBe(true);
    expect(writes.get('/together')).toBe(1);
  });

  it('an event the agent sends alone reaches the client before the agent sends the next', async () => {
    // The agent writes its second event only once the client has the first, or after 5 s: an event held back by
    // the relay (for the next, or for the end) shows as the second written before the client had the first.
    const order: string[] = [];
    let firstSeen!: () => void;
    const seen = new Promise<void>((resolve) => (firstSeen = resolve));
    handle = writesOnceSeen(seen, order, 'agent wrote the second event', 'data: {"n":1}\n\n', 'data: {"n":2}\n\n');
    next = {};
    const body = await new Promise<string>((resolve, reject) => {
      const req = request(`${url}/`, { method: 'POST' }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
          if (text === 'data: {"n":1}\n\n') {
            order.push('client got the first event');
            firstSeen();
          }
        });
        res.on('end', () => resolve(text));
      });
      req.on('error', reject);
      req.end();
    });
    await last.ended;
    expect(order).toEqual(['client got the first event', 'agent wrote the second event']);
    expect(body).toBe('data: {"n":1}\n\ndata: {"n":2}\n\n');
  });

  it('a gzip answer goes on compressed, byte for byte; its copy is decoded when asked, stopping when the copy is full', async () => {
    handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(ZIPPED);
    };
    next = { decoded: true };
    const whole = await send(url, 'GET', '/zipped');
    await last.ended;
    expect(whole.body.equals(ZIPPED)).toBe(true);
    expect(last.head).toMatchObject({ encoding: 'gzip', decodable: true });
    expect(Buffer.concat(last.answer).equals(TEXT)).toBe(true);

    next = { decoded: true, read: 1 };
    const stopped = await send(url, 'GET', '/zipped');
    await last.ended;
    expect(gunzipSync(stopped.body).equals(TEXT)).toBe(true);
    expect(last.answer).toHaveLength(1);
    expect(last.answer[0]!.length).toBeLessThan(TEXT.length);

    next = { decoded: false };
    const raw = await send(url, 'GET', '/zipped');
    await last.ended;
    expect(raw.body.equals(ZIPPED)).toBe(true);
    expect(last.answer).toEqual([]);
    expect(last.events).toEqual(['request end', 'answer', 'answer end', 'end']);
  });

  it('a body is held only when asked: the card handed back goes out naming the proxy; over the cap it goes on as it came', async () => {
    handle = (req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', etag: '"v1"' });
      res.end(req.url === '/big' ? BIG_CARD : JSON.stringify(rawCard(agent.url)));
    };
    next = { hold: true };
    const card = await send(url, 'GET', '/card');
    await last.ended;
    expect(JSON.parse(last.held!.toString('utf8'))).toEqual(rawCard(agent.url));
    expect(JSON.parse(card.body.toString('utf8'))).toEqual({ ...rawCard(agent.url), url: `${url}/` });
    expect(card.headers['content-length']).toBe(String(card.body.length));
    expect(card.headers.etag).toBeUndefined();
    const rewrite = 'the agent card passed on names the proxy instead of the agent (the one change the proxy makes)';
    expect(said).toEqual([`${rewrite}: /url ${agent.url}/ → ${url}/`]);
    expect(last.events).toEqual(['request end', 'answer', 'held', 'end']);

    next = { hold: true };
    const big = await send(url, 'GET', '/big');
    await last.ended;
    expect(big.body.equals(BIG_CARD)).toBe(true);
    expect(big.headers.etag).toBe('"v1"');
    expect(last.events).toEqual(['request end', 'answer', 'held over the cap', 'end']);
  });

  it('the proxy stopping ends an exchange under way, once', async () => {
    let reached!: () => void;
    const arrived = new Promise<void>((resolve) => (reached = resolve));
    handle = () => reached();
    next = {};
    const pending = send(url, 'POST', '/hang', Buffer.from('{}')).catch((error: Error) => error);
    await arrived;
    const heard = last;
    relay.closeAll();
    await heard.ended;
    expect(await pending).toBeInstanceOf(Error);
    expect(heard.events).toEqual(['request end', 'lost: the proxy stopped before the exchange ended', 'end']);
  });

  it('the proxy stopping ends each exchange still under way once, and not one that ended before', async () => {
    const held: ServerResponse[] = [];
    const heard: Heard[] = [];
    const pending: Promise<unknown>[] = [];
    for (let i = 0; i < 3; i++) {
      let reached!: () => void;
      const arrived = new Promise<void>((resolve) => (reached = resolve));
      handle = (_req, res) => {
        held.push(res);
        reached();
      };
      next = {};
      pending.push(send(url, 'POST', `/hang/${i}`, Buffer.from('{}')).catch((error: Error) => error));
      await arrived;
      heard.push(last);
    }
    // The middle one (neither first nor last in the relay's list) ends on its own first.
    held[1]!.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    await heard[1]!.ended;
    relay.closeAll();
    await Promise.all([heard[0]!.ended, heard[2]!.ended]);
    const answers = await Promise.all(pending);
    expect(answers[0]).toBeInstanceOf(Error);
    expect((answers[1] as Received).status).toBe(200);
    expect(answers[2]).toBeInstanceOf(Error);
    const stopped = ['request end', 'lost: the proxy stopped before the exchange ended', 'end'];
    expect(heard.map((one) => one.events)).toEqual([stopped, ['request end', 'answer', 'answer end', 'end'], stopped]);
  });
});

describe('back-pressure: a side that does not read holds the other back', () => {
  const SIZE = 32 * 1024 * 1024;
  const CHUNK = Buffer.alloc(256 * 1024, 0x61);
  /** Writes SIZE bytes to `to` in CHUNKs, waiting for each drain, then ends it. */
  const writeAll = (to: { write(chunk: Buffer): boolean; end(): void; once(event: 'drain', f: () => void): unknown }) => {
    let sent = 0;
    const more = () => {
      while (sent < SIZE) {
        sent += CHUNK.length;
        if (!to.write(CHUNK)) return void to.once('drain', more);
      }
      to.end();
    };
    more();
  };
  let agent: Server;
  let server: Server;
  let relay: Relay;
  let url: string;
  let made: ReturnType<typeof listener>;
  /** The most the proxy held for the client, not yet written to its socket (sampled at each write). */
  let mostHeld = 0;

  beforeAll(async () => {
    // The agent reads an upload only 500 ms after it begins, then answers with SIZE bytes.
    agent = createServer((req, res) => {
      if (req.url === '/upload') {
        let got = 0;
        req.pause();
        setTimeout(() => {
          req.on('data', (chunk: Buffer) => (got += chunk.length));
          req.on('end', () => res.end(String(got)));
          req.resume();
        }, 500);
        return;
      }
      req.resume();
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      writeAll(res);
    });
    const agentUrl = await listen(agent);
    relay = new Relay(new URL(agentUrl), 10_000, 1024, () => undefined);
    server = createServer((req, res) => {
      made = listener();
      const write = res.write.bind(res) as (chunk: Buffer) => boolean;
      res.write = ((chunk: Buffer) => {
        const ok = write(chunk);
        mostHeld = Math.max(mostHeld, res.writableLength);
        return ok;
      }) as typeof res.write;
      relay.forward(req, res, made.listener);
    });
    url = await listen(server);
    relay.proxyUrl = new URL(url);
  });
  afterAll(async () => {
    relay.closeAll();
    await closeServer(server);
    await closeServer(agent);
  });

  it('a client that does not read its answer holds the agent back: the proxy keeps no more than a little of it', async () => {
    mostHeld = 0;
    const length = await new Promise<number>((resolve, reject) => {
      const req = request(`${url}/download`, { method: 'GET' }, (res) => {
        let got = 0;
        res.pause();
        setTimeout(() => {
          res.on('data', (chunk: Buffer) => (got += chunk.length));
          res.on('end', () => resolve(got));
          res.resume();
        }, 500);
      });
      req.on('error', reject);
      req.end();
    });
    await made.heard.ended;
    expect(length).toBe(SIZE);
    // Without back-pressure the proxy takes all the agent sends while the client waits, less what the sockets hold.
    expect(mostHeld).toBeLessThan(4 * 1024 * 1024);
  });

  it('an agent that does not read its request holds the client back: the proxy reads no more than a little of it', async () => {
    let readWhileWaiting = -1;
    const answer = await new Promise<string>((resolve, reject) => {
      const req = request(`${url}/upload`, { method: 'POST' }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => resolve(text));
      });
      req.on('error', reject);
      setTimeout(() => {
        readWhileWaiting = made.heard.request.reduce((sum, chunk) => sum + chunk.length, 0);
      }, 400);
      writeAll(req);
    });
    await made.heard.ended;
    expect(answer).toBe(String(SIZE));
    // Without back-pressure the proxy reads the whole upload while the agent waits.
    expect(readWhileWaiting).toBeGreaterThan(0);
    expect(readWhileWaiting).toBeLessThan(SIZE / 2);
  });
});

describe('an agent that cannot be reached', () => {
  it('the client gets a 502 with a short JSON body; the listener hears why, then one end', async () => {
    const closed = createServer();
    const gone = await listen(closed);
    await closeServer(closed);
    const relay = new Relay(new URL(gone), 10_000, 1024, () => undefined);
    const made = listener();
    const server = createServer((req, res) => relay.forward(req, res, made.listener));
    const url = await listen(server);
    try {
      const answer = await send(url, 'GET', '/');
      await made.heard.ended;
      const why = `the agent at ${new URL(gone).host} refused the connection`;
      expect(answer.status).toBe(502);
      expect(JSON.parse(answer.body.toString('utf8'))).toEqual({ error: 'Bad Gateway', message: `bindu-protocol proxy: ${why}` });
      // (the empty GET body may end before or after the refusal)
      expect(made.heard.events.filter((event) => event !== 'request end')).toEqual([`gave up (502): ${why}`, 'end']);
    } finally {
      relay.closeAll();
      await closeServer(server);
    }
  });
});
