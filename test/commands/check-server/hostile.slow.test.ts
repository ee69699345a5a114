/**
 * `check-server` against servers that misbehave at the transport level (issue 8).
 *
 * A raw `node:net` server (below) speaks just enough HTTP/1.1 to be a correct A2A v0.3 agent,
 * except at one place, the "site", where it commits one fault:
 *
 *   card    the agent card GET (both well-known paths)
 *   rpc     the first JSON-RPC POST of message/send (the other calls are answered correctly)
 *   stream  the message/stream POST
 *
 * Faults: never answers; closes mid-response; resets before the headers; sends 50 MB (with a
 * Content-Length, chunked, and delimited by closing); endless SSE (events forever, one event that
 * never ends, a byte every 100 ms); answers that are not JSON (HTML, empty, the wrong media type);
 * not HTTP at all; endless headers; and redirects off the origin (301/302/307/308 to a TEST-NET
 * address, to a `.invalid` host, to 127.0.0.2 and to another port on 127.0.0.1; the last two are
 * listeners that count connections, and must count none).
 *
 * Every fault must be reported by name, the step must end within its bound (the request timeout,
 * or the overall bound for what only that can stop) and the run within the overall bound; the
 * command line must exit 1, print the same reasons and no stack trace, and not buffer a 50 MB body.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkServer, type CheckReport, type StepResult } from '../../../src/commands/check-server/scenario.js';
import { agentCard } from '../../fixtures/servers/broken.js';
import { ROOT } from '../../helpers.js';

// ---------------------------------------------------------------------------------------------
// The raw server
// ---------------------------------------------------------------------------------------------

type Site = 'card' | 'rpc' | 'stream';
type Fault =
  | 'silent'
  | 'silent-after-headers'
  | 'cut'
  | 'cut-at-chunk'
  | 'reset'
  | 'huge-length'
  | 'huge-chunked'
  | 'huge-close'
  | 'endless-events'
  | 'endless-event'
  | 'trickle'
  | 'html'
  | 'empty'
  | 'wrong-type'
  | 'not-http'
  | 'endless-headers'
  | 'redirect';

interface Setup {
  readonly site: Site;
  readonly fault: Fault;
  /** For `redirect`: the status and the origin (scheme://host:port) redirected to. */
  readonly status?: 301 | 302 | 307 | 308;
  readonly target?: string;
}

interface Hostile {
  readonly url: string;
  /** Bytes the server managed to hand to the socket for the faulty answer. */
  readonly written: () => number;
  readonly close: () => Promise<void>;
}

type Json = Record<string, unknown>;
const HUGE = 50 * 1024 * 1024;
const TRICKLE_MS = 100;
const now = () => new Date().toISOString();

interface Request {
  readonly method: string;
  readonly path: string;
  readonly body: string;
}

/** Reads one HTTP/1.1 request (headers, then a Content-Length body) from a socket. */
function readRequest(socket: Socket, onRequest: (request: Request) => void): void {
  let buffer = Buffer.alloc(0);
  const onData = (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    const end = buffer.indexOf('\r\n\r\n');
    if (end === -1) return;
    const head = buffer.subarray(0, end).toString('latin1').split('\r\n');
    const [method = '', path = ''] = head[0]!.split(' ');
    const length = Number(head.find((line) => /^content-length:/i.test(line))?.split(':')[1] ?? 0);
    if (buffer.length < end + 4 + length) return;
    socket.off('data', onData);
    onRequest({ method, path, body: buffer.subarray(end + 4, end + 4 + length).toString('utf8') });
  };
  socket.on('data', onData);
}

/** A response head; `close` (the default) adds "Connection: close". */
function head(status: number, headers: Record<string, string | number>, close = true): string {
  const reason =
    { 200: 'OK', 301: 'Moved Permanently', 302: 'Found', 307: 'Temporary Redirect', 308: 'Permanent Redirect', 404: 'Not Found' }[status] ??
    'Status';
  return `HTTP/1.1 ${status} ${reason}\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}${close ? 'connection: close\r\n' : ''}\r\n`;
}

const chunk = (data: string | Buffer) => {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  return Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]);
};

/**
 * Writes `next()` while the socket takes it (respecting backpressure), until `next` returns
 * undefined (then `done`) or the socket closes.
 */
function pump(socket: Socket, next: () => Buffer | undefined, done: () => void, count: (n: number) => void): void {
  const more = () => {
    for (;;) {
      if (socket.destroyed) return;
      const piece = next();
      if (piece === undefined) return done();
      count(piece.length);
      if (!socket.write(piece)) {
        socket.once('drain', more);
        return;
      }
    }
  };
  more();
}

async function startHostile(setup: Setup): Promise<Hostile> {
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const tasks = new Map<string, Json>();
  let written = 0;
  let sends = 0;
  let streams = 0;
  let base = '';

  const card = () => agentCard(base, 'Hostile agent', 'A correct A2A v0.3.0 agent except for one transport fault.');
  const task = (message: Json): Json => {
    const id = randomUUID();
    const contextId = typeof message.contextId === 'string' ? message.contextId : randomUUID();
    const created = {
      kind: 'task',
      id,
      contextId,
      status: { state: 'completed', timestamp: now() },
      history: [
        { ...message, taskId: id, contextId },
        { kind: 'message', messageId: randomUUID(), role: 'agent', parts: [{ kind: 'text', text: 'ok' }], taskId: id, contextId },
      ],
    };
    tasks.set(id, created);
    return created;
  };
  const events = (id: unknown, message: Json): string[] => {
    const created = task(message);
    const update = (state: string, final: boolean) => ({
      kind: 'status-update',
      taskId: created.id,
      contextId: created.contextId,
      status: { state, timestamp: now() },
      final,
    });
    return [{ ...created, status: { state: 'submitted', timestamp: now() } }, update('working', false), update('completed', true)].map(
      (result) => `data: ${JSON.stringify({ jsonrpc: '2.0', id, result })}\n\n`,
    );
  };

  const json = (socket: Socket, body: unknown, status = 200) => {
    const text = JSON.stringify(body);
    socket.end(head(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }) + text);
  };
  const error = (id: unknown, code: number, message: string) => ({ jsonrpc: '2.0', id, error: { code, message } });

  /** The correct answer to a JSON-RPC request: [content type, body]. */
  const answer = (body: string): { type: string; body: string } => {
    const wrap = (value: unknown) => ({ type: 'application/json', body: JSON.stringify(value) });
    let request: Json;
    try {
      request = JSON.parse(body) as Json;
    } catch {
      return wrap(error(null, -32700, 'Parse error'));
    }
    const { id, method } = request;
    const params = (request.params ?? {}) as Json;
    const message = params.message as Json | undefined;
    switch (method) {
      case 'message/send':
        if (typeof message?.messageId !== 'string') return wrap(error(id, -32602, 'Invalid params'));
        // Every task is completed at once: a message to one is refused (a terminal task takes no message).
        if (typeof message.taskId === 'string' && tasks.has(message.taskId)) return wrap(error(id, -32004, 'The task is completed'));
        return wrap({ jsonrpc: '2.0', id, result: task(message) });
      case 'message/stream':
        if (typeof message?.messageId !== 'string') return wrap(error(id, -32602, 'Invalid params'));
        return { type: 'text/event-stream', body: events(id, message).join('') };
      case 'tasks/get': {
        const found = tasks.get(String(params.id));
        if (!found) return wrap(error(id, -32001, 'Task not found'));
        const history = found.history as unknown[];
        return wrap({
          jsonrpc: '2.0',
          id,
          result: { ...found, history: history.slice(-(Number(params.historyLength) || history.length)) },
        });
      }
      case 'tasks/cancel':
        return wrap(tasks.has(String(params.id)) ? error(id, -32002, 'Task cannot be canceled') : error(id, -32001, 'Task not found'));
      case 'tasks/resubscribe':
        // Every task is over at once: there is nothing to resubscribe to.
        return wrap(error(id, -32001, 'Task not found'));
      default:
        return wrap(error(id, -32601, 'Method not found'));
    }
  };

  /** Commits the fault instead of answering; `good` is the correct answer, `path` the request path. */
  const misbehave = (socket: Socket, site: Site, good: { type: string; body: string }, path: string, request: Json = {}) => {
    const count = (n: number) => (written += n);
    const streamed = () => events(request.id, ((request.params ?? {}) as Json).message as Json);
    const isStream = site === 'stream';
    const type = isStream ? 'text/event-stream' : 'application/json';
    const repeat = (piece: Buffer, total: number, frame: (b: Buffer) => Buffer = (b) => b) => {
      let sent = 0;
      return () => {
        if (sent >= total) return undefined;
        sent += piece.length;
        return frame(piece);
      };
    };
    // A body that is never complete JSON: an opening, then filler.
    const filler = Buffer.from(isStream ? 'x'.repeat(65_536) : ' '.repeat(65_536));
    const opening = isStream ? 'data: {"jsonrpc":"2.0","result":"' : '{"jsonrpc":"2.0","result":"';
    switch (setup.fault) {
      case 'silent':
        return; // reads the request, never writes, never closes
      case 'silent-after-headers':
        socket.write(head(200, { 'content-type': type, 'transfer-encoding': 'chunked' }));
        return;
      case 'cut': {
        // Headers and half of the body, then the socket is destroyed.
        if (isStream) {
          const [first, second] = streamed();
          const half = `${Buffer.byteLength(second!).toString(16)}\r\n${second!.slice(0, 40)}`;
          // Without "Connection: close": with it, fetch (undici) takes the close for the end of the body.
          socket.write(head(200, { 'content-type': type, 'transfer-encoding': 'chunked' }, false) + chunk(first!).toString() + half, () =>
            socket.destroy(),
          );
        } else {
          socket.write(
            head(200, { 'content-type': type, 'content-length': Buffer.byteLength(good.body) }) + good.body.slice(0, good.body.length >> 1),
            () => socket.destroy(),
          );
        }
        return;
      }
      case 'cut-at-chunk': {
        // Chunked, and closed after a whole chunk but before the last (empty) one. With
        // "Connection: close" fetch (undici) takes this for the end of the body, so it is seen
        // through what is missing: an unfinished JSON document, a stream without its final event.
        const body = isStream ? streamed()[0]! : good.body.slice(0, good.body.length >> 1);
        socket.write(head(200, { 'content-type': type, 'transfer-encoding': 'chunked' }) + chunk(body).toString(), () => socket.destroy());
        return;
      }
      case 'reset':
        socket.resetAndDestroy();
        return;
      case 'huge-length':
        socket.write(head(200, { 'content-type': type, 'content-length': HUGE }) + opening);
        return pump(socket, repeat(filler, HUGE), () => socket.end(), count);
      case 'huge-chunked':
        socket.write(head(200, { 'content-type': type, 'transfer-encoding': 'chunked' }) + chunk(opening).toString());
        return pump(socket, repeat(filler, HUGE, chunk), () => socket.end('0\r\n\r\n'), count);
      case 'huge-close':
        socket.write(head(200, { 'content-type': type }) + opening);
        return pump(socket, repeat(filler, HUGE), () => socket.end(), count);
      case 'endless-events': {
        // A valid Task, then valid "working" updates forever.
        const [first, second] = streamed();
        socket.write(head(200, { 'content-type': type, 'transfer-encoding': 'chunked' }) + chunk(first!).toString());
        const batch = chunk(second!.repeat(64));
        return pump(
          socket,
          () => batch,
          () => undefined,
          count,
        );
      }
      case 'endless-event': {
        // One event that never ends: data lines forever, never the blank line.
        socket.write(head(200, { 'content-type': type, 'transfer-encoding': 'chunked' }));
        const batch = chunk('data: {"jsonrpc": "2.0",\n'.repeat(2_000));
        return pump(
          socket,
          () => batch,
          () => undefined,
          count,
        );
      }
      case 'trickle': {
        // A byte every TRICKLE_MS, forever: within any idle timeout, never complete.
        socket.write(
          head(200, { 'content-type': type, ...(isStream ? { 'transfer-encoding': 'chunked' } : { 'content-length': 1_000_000 }) }),
        );
        if (isStream) socket.write(chunk(good.body.slice(0, good.body.indexOf('\n\n') + 2)));
        const timer = setInterval(() => {
          if (socket.destroyed) return clearInterval(timer);
          socket.write(isStream ? chunk(':') : ' ');
          count(1);
        }, TRICKLE_MS);
        timers.add(timer);
        return;
      }
      case 'html': {
        const page = '<!DOCTYPE html>\n<html><head><title>Welcome to nginx!</title></head><body><h1>It works</h1></body></html>\n';
        socket.end(head(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(page) }) + page);
        return;
      }
      case 'empty':
        socket.end(head(200, { 'content-type': type, 'content-length': 0 }));
        return;
      case 'wrong-type':
        // The right body under the wrong media type.
        socket.end(head(200, { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(good.body) }) + good.body);
        return;
      case 'not-http':
        socket.end('SSH-2.0-OpenSSH_9.6\r\nProtocol mismatch.\r\n');
        return;
      case 'endless-headers': {
        socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n');
        const line = Buffer.from(`x-filler: ${'y'.repeat(1_000)}\r\n`);
        return pump(socket, repeat(line, HUGE), () => socket.end(), count);
      }
      case 'redirect':
        socket.end(head(setup.status!, { location: `${setup.target!.replace('SELF', new URL(base).host)}${path}`, 'content-length': 0 }));
        return;
    }
  };

  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    readRequest(socket, ({ method, path, body }) => {
      const site: Site | undefined = path.startsWith('/.well-known/') ? 'card' : undefined;
      if (method === 'GET' && site === 'card') {
        const text = JSON.stringify(card());
        if (setup.site === 'card') return misbehave(socket, 'card', { type: 'application/json', body: text }, path);
        return json(socket, card());
      }
      if (method === 'POST' && path === '/rpc') {
        let request: Json = {};
        try {
          request = JSON.parse(body) as Json;
        } catch {
          // malformed JSON: answered below
        }
        const good = answer(body);
        if (setup.site === 'rpc' && request.method === 'message/send' && sends++ === 0)
          return misbehave(socket, 'rpc', good, path, request);
        // The fault is for the streaming group's own message/stream, not the one a cancel step starts a running task with.
        const starter = body.includes('keep this task running');
        if (setup.site === 'stream' && request.method === 'message/stream' && !starter && streams++ === 0)
          return misbehave(socket, 'stream', good, path, request);
        socket.end(head(200, { 'content-type': good.type, 'content-length': Buffer.byteLength(good.body) }) + good.body);
        return;
      }
      json(socket, { error: 'not found' }, 404);
    });
  });
  base = await listenOn(server, '127.0.0.1');
  return {
    url: base,
    written: () => written,
    close: () =>
      new Promise((resolve) => {
        for (const timer of timers) clearInterval(timer);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function listenOn(server: Server, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve(`http://${host}:${(server.address() as { port: number }).port}`));
  });
}

/** A listener that only counts the connections made to it (the redirect targets that must stay untouched). */
async function startWitness(host: string): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  let connections = 0;
  const server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  const url = await listenOn(server, host);
  return { url, connections: () => connections, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

// ---------------------------------------------------------------------------------------------
// The checks
// ---------------------------------------------------------------------------------------------

/** Small bounds, so each fault is stopped quickly; SLACK is what a busy machine may add. */
/**
 * The hostile server answers only what the card, message and streaming groups ask (it has no
 * envelope checks, no cancel of a running task, no push, no probes), so only those groups run.
 */
const BOUNDS = {
  variant: 'a2a',
  timeoutMs: 600,
  totalTimeoutMs: 5_000,
  maxBytes: 1_000_000,
  only: ['card', 'message', 'streaming'],
} as const;
const DEADLINE = 2_500;
/** What a bound may be overrun by on a loaded 2-core machine; a fault the bounds missed would hang for ever. */
const SLACK = 8_000;

const STEP_OF: Record<Site, string> = { card: 'agent card', rpc: 'message/send (text part)', stream: 'message/stream' };
const step = (report: CheckReport, name: string): StepResult => {
  const found = report.steps.find((s) => s.name === name);
  if (!found) throw new Error(`no step "${name}" in ${report.steps.map((s) => s.name).join(', ')}`);
  return found;
};
const failed = (report: CheckReport) => report.steps.filter((s) => s.status === 'fail').map((s) => s.name);

interface Case {
  readonly site: Site;
  readonly fault: Fault;
  readonly reason: RegExp;
  /** What stops it: the request timeout (default) or the overall bound. */
  readonly bound?: 'request' | 'overall';
  /** Other bounds for this case. */
  readonly maxBytes?: number;
}

const NOT_JSON_BODY = /"<!DOCTYPE html> <html><head><title>Welcome to nginx!<\/title>/;
const CLOSED = /^the connection closed in the middle of the response \(after \d+ bytes\)$/;
const cases: Case[] = [
  // never answers
  { site: 'card', fault: 'silent', reason: /^no answer within 600 ms$/ },
  { site: 'rpc', fault: 'silent', reason: /^no answer within 600 ms$/ },
  { site: 'stream', fault: 'silent', reason: /^no answer within 600 ms$/ },
  { site: 'card', fault: 'silent-after-headers', reason: /^the answer did not finish within 600 ms \(0 bytes of the body received\)$/ },
  { site: 'rpc', fault: 'silent-after-headers', reason: /^the answer did not finish within 600 ms \(0 bytes of the body received\)$/ },
  { site: 'stream', fault: 'silent-after-headers', reason: /^no event for 600 ms after the headers: the stream hangs$/ },
  // closes mid-response, or resets before the headers
  { site: 'card', fault: 'cut', reason: CLOSED },
  { site: 'rpc', fault: 'cut', reason: CLOSED },
  { site: 'stream', fault: 'cut', reason: /^the connection closed in the middle of the stream \(after event 1\)$/ },
  { site: 'card', fault: 'cut-at-chunk', reason: /^the agent card is not JSON \(HTTP 200, application\/json\): "\{\\"protocolVersion/ },
  { site: 'rpc', fault: 'cut-at-chunk', reason: /^the answer is not JSON \(HTTP 200, application\/json\): "\{\\"jsonrpc/ },
  { site: 'stream', fault: 'cut-at-chunk', reason: /^the stream closed after 1 events while the task was submitted, with no final event$/ },
  { site: 'card', fault: 'reset', reason: /^the server closed the connection without answering$/ },
  { site: 'rpc', fault: 'reset', reason: /^the server closed the connection without answering$/ },
  { site: 'stream', fault: 'reset', reason: /^the server closed the connection without answering$/ },
  // 50 MB
  { site: 'card', fault: 'huge-length', reason: /^the body is 52428800 bytes, more than the 1000000-byte limit$/ },
  { site: 'rpc', fault: 'huge-length', reason: /^the body is 52428800 bytes, more than the 1000000-byte limit$/ },
  { site: 'stream', fault: 'huge-length', reason: /^the stream sent more than the 1000000-byte limit$/ },
  { site: 'card', fault: 'huge-chunked', reason: /^the body is larger than the 1000000-byte limit$/ },
  { site: 'rpc', fault: 'huge-chunked', reason: /^the body is larger than the 1000000-byte limit$/ },
  { site: 'stream', fault: 'huge-chunked', reason: /^the stream sent more than the 1000000-byte limit$/ },
  { site: 'card', fault: 'huge-close', reason: /^the body is larger than the 1000000-byte limit$/ },
  { site: 'rpc', fault: 'huge-close', reason: /^the body is larger than the 1000000-byte limit$/ },
  { site: 'stream', fault: 'huge-close', reason: /^the stream sent more than the 1000000-byte limit$/ },
  // endless SSE
  {
    site: 'stream',
    fault: 'endless-events',
    reason: /^the stream sent more than 10000 events without ending$/,
    maxBytes: 10 * 1024 * 1024,
  },
  { site: 'stream', fault: 'endless-event', reason: /^the stream sent more than the 1000000-byte limit$/ },
  { site: 'stream', fault: 'trickle', reason: /^stopped: the overall time limit of 2500 ms was reached$/, bound: 'overall' },
  { site: 'card', fault: 'trickle', reason: /^the answer did not finish within 600 ms \(\d+ bytes of the body received\)$/ },
  { site: 'rpc', fault: 'trickle', reason: /^the answer did not finish within 600 ms \(\d+ bytes of the body received\)$/ },
  // not JSON
  { site: 'card', fault: 'html', reason: new RegExp(`^the agent card is not JSON \\(HTTP 200, text/html\\): ${NOT_JSON_BODY.source}`) },
  { site: 'rpc', fault: 'html', reason: new RegExp(`^the answer is not JSON \\(HTTP 200, text/html\\): ${NOT_JSON_BODY.source}`) },
  {
    site: 'stream',
    fault: 'html',
    reason: new RegExp(`^the answer is text/html \\(HTTP 200\\), not text/event-stream: ${NOT_JSON_BODY.source}`),
  },
  { site: 'card', fault: 'empty', reason: /^the agent card is empty \(HTTP 200\)$/ },
  { site: 'rpc', fault: 'empty', reason: /^empty answer \(HTTP 200\)$/ },
  { site: 'stream', fault: 'empty', reason: /^the stream closed without sending any event$/ },
  { site: 'stream', fault: 'wrong-type', reason: /^the answer is text\/plain \(HTTP 200\), not text\/event-stream: "data: \{/ },
  // not HTTP at all, and headers without end
  { site: 'card', fault: 'not-http', reason: /^the answer is not HTTP/ },
  { site: 'rpc', fault: 'not-http', reason: /^the answer is not HTTP/ },
  { site: 'stream', fault: 'not-http', reason: /^the answer is not HTTP/ },
  { site: 'card', fault: 'endless-headers', reason: /^the response headers are larger than \d+ bytes$/ },
  { site: 'rpc', fault: 'endless-headers', reason: /^the response headers are larger than \d+ bytes$/ },
  { site: 'stream', fault: 'endless-headers', reason: /^the response headers are larger than \d+ bytes$/ },
];

describe('check-server against transport faults', () => {
  const running: Hostile[] = [];
  afterAll(async () => {
    await Promise.all(running.map((server) => server.close()));
  });

  it.each(cases)(
    '$fault at $site: "$reason"',
    async ({ site, fault, reason, bound, maxBytes }) => {
      const server = await startHostile({ site, fault });
      running.push(server);
      const total = bound === 'overall' ? DEADLINE : BOUNDS.totalTimeoutMs;
      const started = Date.now();
      const report = await checkServer(server.url, { ...BOUNDS, totalTimeoutMs: total, ...(maxBytes ? { maxBytes } : {}) });
      const elapsed = Date.now() - started;
      await server.close();

      const faulty = step(report, STEP_OF[site]);
      expect(faulty.status, JSON.stringify(faulty)).toBe('fail');
      expect(faulty.reason).toMatch(reason);
      // Only the faulty step fails (a card fault leaves nothing to probe: the rest is skipped).
      if (bound !== 'overall') expect(failed(report)).toEqual([STEP_OF[site]]);
      if (site === 'card') expect(report.steps.slice(1).every((s) => s.status === 'skip')).toBe(true);
      // Within the bounds: the step within its own, the run within the overall one.
      expect(faulty.durationMs).toBeLessThanOrEqual((bound === 'overall' ? total : BOUNDS.timeoutMs) + SLACK);
      expect(elapsed).toBeLessThanOrEqual(total + SLACK);
      // Nothing read whole: the server could not even send its 50 MB.
      if (fault.startsWith('huge') || fault.startsWith('endless')) expect(server.written()).toBeLessThan(HUGE / 2);
    },
    20_000,
  );

  it('a JSON answer under the wrong media type passes with a remark (card and calls), as A2A servers often do this', async () => {
    for (const site of ['card', 'rpc'] as const) {
      const server = await startHostile({ site, fault: 'wrong-type' });
      running.push(server);
      const report = await checkServer(server.url, BOUNDS);
      await server.close();
      expect(failed(report)).toEqual([]);
      expect(step(report, STEP_OF[site]).notes.join('\n')).toMatch(/Content-Type is text\/plain, not application\/json/);
    }
  }, 20_000);
});

describe('check-server never follows a redirect off the origin', () => {
  const running: Hostile[] = [];
  let otherAddress: Awaited<ReturnType<typeof startWitness>>;
  let otherPort: Awaited<ReturnType<typeof startWitness>>;
  beforeAll(async () => {
    otherAddress = await startWitness('127.0.0.2');
    otherPort = await startWitness('127.0.0.1');
  });
  afterAll(async () => {
    await Promise.all([...running.map((server) => server.close()), otherAddress?.close(), otherPort?.close()]);
  });

  // SELF stands for the server's own host:port.
  const targets = () => [
    { name: 'a TEST-NET address', origin: 'http://198.51.100.1' },
    { name: 'a .invalid host', origin: 'http://localhost.invalid' },
    { name: 'another loopback address (127.0.0.2)', origin: otherAddress.url },
    { name: 'another port on 127.0.0.1', origin: otherPort.url },
    { name: 'https on the same host and port', origin: 'https://SELF' },
  ];

  for (const site of ['card', 'rpc', 'stream'] as const) {
    it.each([301, 302, 307, 308] as const)(
      `%i at ${site}: refused by name, nothing connects to the target`,
      async (status) => {
        for (const target of targets()) {
          const server = await startHostile({ site, fault: 'redirect', status, target: target.origin });
          running.push(server);
          const started = Date.now();
          const report = await checkServer(server.url, BOUNDS);
          const elapsed = Date.now() - started;
          await server.close();
          const location = new URL(
            `${target.origin.replace('SELF', new URL(server.url).host)}${site === 'card' ? '/.well-known/agent-card.json' : '/rpc'}`,
          ).href;
          const faulty = step(report, STEP_OF[site]);
          expect(faulty.status, `${target.name}: ${JSON.stringify(faulty)}`).toBe('fail');
          expect(faulty.reason, target.name).toBe(`refused a redirect to another host (${location})`);
          // Refused before any connection: the reason is the refusal, not a connect attempt's time-out.
          expect(elapsed, target.name).toBeLessThanOrEqual(BOUNDS.totalTimeoutMs + SLACK);
        }
        expect(otherAddress.connections()).toBe(0);
        expect(otherPort.connections()).toBe(0);
      },
      90_000,
    );
  }

  it('same origin: a POST follows 307 and 308 only; a redirect loop ends after 5 hops', async () => {
    const verdicts: Record<string, StepResult> = {};
    for (const status of [301, 302, 307, 308] as const) {
      const server = await startHostile({ site: 'rpc', fault: 'redirect', status, target: 'http://SELF' });
      running.push(server);
      verdicts[status] = step(await checkServer(server.url, BOUNDS), STEP_OF.rpc);
      await server.close();
    }
    expect(verdicts[307]!.status).toBe('pass');
    expect(verdicts[308]!.status).toBe('pass');
    expect(verdicts[301]!.reason).toMatch(
      /^HTTP 301 redirect of a POST \(to http:\/\/127\.0\.0\.1:\d+\/rpc\); only 307 and 308 keep the request$/,
    );
    expect(verdicts[302]!.reason).toMatch(/^HTTP 302 redirect of a POST/);
    // The card paths redirect to themselves on the same origin.
    const loop = await startHostile({ site: 'card', fault: 'redirect', status: 302, target: 'http://SELF' });
    running.push(loop);
    expect(step(await checkServer(loop.url, BOUNDS), 'agent card').reason).toBe('more than 5 redirects');
  }, 20_000);
});

// ---------------------------------------------------------------------------------------------
// The command line: exit 1, the reasons on stdout, nothing on stderr, memory flat
// ---------------------------------------------------------------------------------------------

/** The peak resident memory of a process so far, in bytes (Linux), or undefined. */
function peakRss(pid: number): number | undefined {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Runs the built CLI without blocking this process (the servers live here), sampling its peak memory. */
function cliAsync(
  args: string[],
  killAfterMs = 30_000,
): Promise<{ status: number | null; stdout: string; stderr: string; ms: number; peak?: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [join(ROOT, 'dist', 'src', 'bin.js'), ...args], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    let peak: number | undefined;
    const sample = setInterval(() => {
      const now = peakRss(child.pid!);
      if (now !== undefined) peak = Math.max(peak ?? 0, now);
    }, 10);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      // The summary comes last: take the final sample while the process is still there.
      const now = peakRss(child.pid!);
      if (now !== undefined) peak = Math.max(peak ?? 0, now);
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const killer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.on('close', (status) => {
      clearTimeout(killer);
      clearInterval(sample);
      resolve({ status, stdout, stderr, ms: Date.now() - started, ...(peak !== undefined ? { peak } : {}) });
    });
  });
}

describe('bindu-protocol check-server (CLI) against transport faults', () => {
  const running: (Hostile | Awaited<ReturnType<typeof startWitness>>)[] = [];
  afterAll(async () => {
    await Promise.all(running.map((server) => server.close()));
  });
  const TIMEOUT = 2_000;
  const TOTAL = 8_000;
  const CLI_SLACK = 10_000; // start-up of node and the validators, on a busy machine

  it('each fault: exit 1, "FAIL  step: reason" on stdout, nothing on stderr, within the bounds; 50 MB never held', async () => {
    const witness = await startWitness('127.0.0.2');
    running.push(witness);
    const runs: { setup: Setup; line: RegExp; total?: number; huge?: boolean }[] = [
      { setup: { site: 'card', fault: 'silent' }, line: /^FAIL {2}card\.agent-card {2}agent card: no answer within 2000 ms \[.+\]$/m },
      {
        setup: { site: 'rpc', fault: 'cut' },
        line: /^FAIL {2}message\.send-text-part {2}message\/send \(text part\): the connection closed in the middle of the response \(after \d+ bytes\) \[.+\]$/m,
      },
      {
        setup: { site: 'stream', fault: 'reset' },
        line: /^FAIL {2}streaming\.stream {2}message\/stream: the server closed the connection without answering \[.+\]$/m,
      },
      {
        setup: { site: 'rpc', fault: 'huge-chunked' },
        line: /^FAIL {2}message\.send-text-part {2}message\/send \(text part\): the body is larger than the 10485760-byte limit \[.+\]$/m,
        huge: true,
      },
      {
        setup: { site: 'card', fault: 'huge-close' },
        line: /^FAIL {2}card\.agent-card {2}agent card: the body is larger than the 10485760-byte limit \[.+\]$/m,
        huge: true,
      },
      {
        setup: { site: 'stream', fault: 'endless-event' },
        line: /^FAIL {2}streaming\.stream {2}message\/stream: the stream sent more than the 10485760-byte limit \[.+\]$/m,
        huge: true,
      },
      {
        setup: { site: 'stream', fault: 'endless-events' },
        line: /^FAIL {2}streaming\.stream {2}message\/stream: the stream sent more than 10000 events without ending \[.+\]$/m,
      },
      {
        setup: { site: 'stream', fault: 'trickle' },
        line: /^FAIL {2}streaming\.stream {2}message\/stream: stopped: the overall time limit of 3000 ms was reached \[.+\]$/m,
        total: 3_000,
      },
      {
        setup: { site: 'card', fault: 'html' },
        line: /^FAIL {2}card\.agent-card {2}agent card: the agent card is not JSON \(HTTP 200, text\/html\): "<!DOCTYPE html>/m,
      },
      {
        setup: { site: 'rpc', fault: 'not-http' },
        line: /^FAIL {2}message\.send-text-part {2}message\/send \(text part\): the answer is not HTTP \(/m,
      },
      {
        setup: { site: 'stream', fault: 'endless-headers' },
        line: /^FAIL {2}streaming\.stream {2}message\/stream: the response headers are larger than 16384 bytes \[.+\]$/m,
      },
      {
        setup: { site: 'card', fault: 'redirect', status: 302, target: witness.url },
        line: new RegExp(
          `^FAIL {2}card\\.agent-card {2}agent card: refused a redirect to another host \\(${witness.url}/\\.well-known/agent-card\\.json\\) \\[.+\\]$`,
          'm',
        ),
      },
    ];
    const servers = await Promise.all(runs.map(({ setup }) => startHostile(setup)));
    running.push(...servers);
    // Three at a time: a dozen node processes at once on a small machine would starve each other.
    const results: Awaited<ReturnType<typeof cliAsync>>[] = [];
    for (let i = 0; i < runs.length; i += 3) {
      results.push(
        ...(await Promise.all(
          runs
            .slice(i, i + 3)
            .map(({ total }, j) =>
              cliAsync([
                'check-server',
                servers[i + j]!.url,
                '--variant',
                'a2a',
                '--timeout',
                `${TIMEOUT}ms`,
                '--total-timeout',
                `${total ?? TOTAL}ms`,
              ]),
            ),
        )),
      );
    }
    const baseline = Math.min(...results.filter((_, i) => !runs[i]!.huge).map((r) => r.peak ?? Infinity));
    runs.forEach(({ setup, line, total, huge }, i) => {
      const result = results[i]!;
      const what = `${setup.fault} at ${setup.site}: ${result.stdout}${result.stderr}`;
      expect(result.status, what).toBe(1);
      expect(result.stdout, what).toMatch(line);
      expect(result.stdout, what).toMatch(/\n\d+ passed, [1-9]\d* failed, \d+ warned, \d+ skipped \(a2a, \d+\.\d s\)\n$/);
      expect(result.stderr, what).toBe('');
      expect(result.stdout, what).not.toMatch(/^\s+at |Error:/m);
      expect(result.ms, what).toBeLessThanOrEqual((total ?? TOTAL) + CLI_SLACK);
      if (huge && Number.isFinite(baseline) && result.peak !== undefined) {
        // Reading up to the 10 MiB cap costs about 60-70 MB of resident memory here (the chunks
        // wait for the garbage collector); the whole 50 MB as text (response.text()) costs about
        // 190 MB. So the peak must stay well below the latter.
        expect(result.peak - baseline, `${what} peak ${result.peak}, baseline ${baseline}`).toBeLessThan(100 * 1024 * 1024);
      }
      if (huge) expect(servers[i]!.written(), what).toBeLessThan(HUGE / 2);
    });
    expect(witness.connections()).toBe(0);
  }, 60_000);
});
