/**
 * `bindu-protocol proxy` against hostile clients and agents: a client that sends one byte a
 * second, a 50 MB body, an agent that hangs, one that resets in the middle of a stream, one that
 * cannot be reached, a client that goes away, a stream event over the cap. Each is forwarded or
 * answered as the contract says and reported on its own exchange, and none stops the proxy from
 * serving another client (an SDK client against an SDK agent) at the same time. The record file
 * holds whole lines only when the proxy is interrupted in the middle of a stream.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, connect, type Server as NetServer } from 'node:net';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientFactory } from '@a2a-js/sdk/client';
import { startProxy, type RunningProxy } from '../../../src/commands/proxy/server.js';
import { BodyCapture, SseCapture } from '../../../src/commands/proxy/capture.js';
import type { ExchangeReport } from '../../../src/commands/proxy/exchange.js';
import { rawCard, startV03Agent, type Agent } from '../../fixtures/servers/proxy-agents.js';
import { closeServer, listen } from '../../fixtures/servers/echo.js';
import { ROOT } from '../../helpers.js';

const message = (text: string) => ({
  message: { kind: 'message' as const, messageId: randomUUID(), role: 'user' as const, parts: [{ kind: 'text' as const, text }] },
});
const rpc = (id: number, method: string, text: string) => JSON.stringify({ jsonrpc: '2.0', id, method, params: message(text) });
const task = { kind: 'task', id: 't1', contextId: 'c1', status: { state: 'completed' } };

/**
 * One hostile agent for every case, chosen by the message text (or by the path for the big body):
 * `hang` never answers, `reset` sends one stream event and resets the connection, `hold` keeps a
 * stream open (and records when the proxy closes it), `big-event` sends a 64 KiB stream event;
 * POST /big counts the body's bytes without keeping them. It also serves its card.
 */
async function hostileAgent() {
  const seen = { bigBytes: 0, holdClosed: false, holdOpen: false };
  const server = createHttpServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'GET' && req.url === '/.well-known/agent-card.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(rawCard(url)));
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not here');
      return;
    }
    if (req.url === '/big') {
      let bytes = 0;
      req.on('data', (chunk: Buffer) => (bytes += chunk.length));
      req.on('end', () => {
        seen.bigBytes = bytes;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: task }));
      });
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = JSON.parse(Buffer.concat(chunks).toString()) as { id: number; params: { message: { parts: { text: string }[] } } };
      const text = request.params.message.parts[0]!.text;
      const event = (result: unknown) => `data: ${JSON.stringify({ jsonrpc: '2.0', id: request.id, result })}\n\n`;
      if (text === 'hang') return;
      if (text === 'reset') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(event({ ...task, status: { state: 'working' } }), () => setTimeout(() => req.socket.resetAndDestroy(), 50));
        return;
      }
      if (text === 'hold') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(event({ ...task, status: { state: 'working' } }));
        seen.holdOpen = true;
        res.on('close', () => (seen.holdClosed = true));
        return;
      }
      if (text === 'big-event') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(event({ ...task, metadata: { pad: 'x'.repeat(64 * 1024) } }));
        res.end(event(task));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: task }));
    });
  });
  const url = await listen(server);
  return { url, seen, close: () => closeServer(server) };
}

describe('hostile clients and agents never stop the proxy serving another client', () => {
  let hostile: Awaited<ReturnType<typeof hostileAgent>>;
  let good: Agent;
  let proxy: RunningProxy;
  let goodProxy: RunningProxy;
  const reports: ExchangeReport[] = [];
  const notes: string[] = [];
  const waiters = new Map<string, (report: ExchangeReport) => void>();
  /** The report of the exchange whose request carried `text` (or the path). */
  const reportOf = (match: (report: ExchangeReport) => boolean) =>
    new Promise<ExchangeReport>((resolve) => {
      const found = reports.find(match);
      if (found) return resolve(found);
      const key = randomUUID();
      waiters.set(key, (report) => {
        if (match(report)) {
          waiters.delete(key);
          resolve(report);
        }
      });
    });

  /** The other client: the 0.3 SDK client against the SDK agent, through a proxy of its own or the same one. */
  const serveAnother = async (through: RunningProxy) => {
    const client = await new ClientFactory().createFromUrl(through.url);
    const result = await client.sendMessage(message('still here'));
    expect(result).toMatchObject({ kind: 'task', status: { state: 'completed' } });
  };

  beforeAll(async () => {
    hostile = await hostileAgent();
    good = await startV03Agent();
    good.release();
    const onExchange = (report: ExchangeReport) => {
      reports.push(report);
      for (const waiter of [...waiters.values()]) waiter(report);
    };
    proxy = await startProxy({
      target: hostile.url,
      variant: 'a2a',
      timeoutMs: 500,
      maxBytes: 16 * 1024,
      onExchange,
      onNote: (text) => notes.push(text),
    });
    goodProxy = await startProxy({ target: good.url, variant: 'a2a', onExchange });
  });
  afterAll(async () => {
    await proxy.close();
    await goodProxy.close();
    await hostile.close();
    await good.close();
  });

  it('a client sending one byte a second holds only its own exchange, and gets its answer', async () => {
    const body = Buffer.from(rpc(7, 'message/send', 'slow'));
    const socket = connect(Number(new URL(proxy.url).port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.write(`POST /slow HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    // All but the last three bytes, then one byte a second: longer than the proxy's 500 ms agent timeout.
    let sent = body.length - 3;
    socket.write(body.subarray(0, sent));
    const timer = setInterval(() => {
      if (sent < body.length) socket.write(body.subarray(sent, ++sent));
    }, 1000);
    try {
      // Served through the same proxy, and through another, while the slow request is still arriving.
      const client = await new ClientFactory().createFromUrl(proxy.url);
      await expect(client.sendMessage(message('fast'))).resolves.toMatchObject({ kind: 'task' });
      await serveAnother(goodProxy);
      expect(sent).toBeLessThan(body.length);
      const report = await reportOf((r) => r.http.path === '/slow');
      expect(report).toMatchObject({ method: 'message/send', verdict: 'valid', http: { status: 200 } });
      for (let i = 0; i < 100 && !answer.includes('"id":7'); i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(sent).toBe(body.length);
    } finally {
      clearInterval(timer);
      socket.destroy();
    }
  });

  it('a 50 MB body is forwarded whole, reported as not validated, while another client is served', async () => {
    const size = 50 * 1024 * 1024;
    const big = Buffer.alloc(size, 0x20);
    big.write('{"jsonrpc":"2.0","id":1,"method":"message/send","params":{}', 0);
    big.write('}', size - 1);
    const sending = fetch(`${proxy.url}/big`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    await serveAnother(goodProxy);
    const answer = await sending;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ result: { kind: 'task' } });
    expect(hostile.seen.bigBytes).toBe(size);
    const report = await reportOf((r) => r.http.path === '/big');
    expect(report.verdict).toBe('not validated');
    expect(report.notes.join(' ')).toMatch(/request body \(52428800 bytes\) is over the 16384-byte cap: forwarded, not validated/);
  });

  it('an agent that hangs: the client gets a 502 with a short JSON body; the proxy goes on serving', async () => {
    const hung = fetch(proxy.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: rpc(8, 'message/send', 'hang'),
    });
    await serveAnother(goodProxy);
    const answer = await hung;
    expect(answer.status).toBe(502);
    expect(answer.headers.get('content-type')).toBe('application/json');
    const body = (await answer.json()) as { error: string; message: string };
    expect(body).toEqual({ error: 'Bad Gateway', message: 'bindu-protocol proxy: the agent did not answer within 500 ms' });
    const report = await reportOf((r) => r.http.status === 502 && r.method === 'message/send');
    expect(report.verdict).toBe('not validated');
    expect(notes.some((note) => note.includes('did not answer within 500 ms; answered 502'))).toBe(true);
    const client = await new ClientFactory().createFromUrl(proxy.url);
    await expect(client.sendMessage(message('after the hang'))).resolves.toMatchObject({ kind: 'task' });
  });

  it('an agent that resets mid-stream: the client sees the stream break, the event before it is validated', async () => {
    const answer = await fetch(proxy.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: rpc(9, 'message/stream', 'reset'),
    });
    expect(answer.status).toBe(200);
    await expect(answer.text()).rejects.toThrow();
    const report = await reportOf((r) => r.method === 'message/stream' && r.notes.some((n) => n.includes('in the middle of its answer')));
    expect(report.events).toBe(1);
    expect(report.errors).toEqual([]);
    expect(report.verdict).toBe('not validated');
    await serveAnother(goodProxy);
    const client = await new ClientFactory().createFromUrl(proxy.url);
    await expect(client.sendMessage(message('after the reset'))).resolves.toMatchObject({ kind: 'task' });
  });

  it('a client that goes away closes its upstream request', async () => {
    const abort = new AbortController();
    const answer = await fetch(proxy.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: rpc(10, 'message/stream', 'hold'),
      signal: abort.signal,
    });
    const reader = answer.body!.getReader();
    await reader.read();
    expect(hostile.seen.holdOpen).toBe(true);
    expect(hostile.seen.holdClosed).toBe(false);
    abort.abort();
    const report = await reportOf(
      (r) => r.method === 'message/stream' && r.notes.some((n) => n.includes('client closed the connection before the answer ended')),
    );
    expect(report.verdict).toBe('not validated');
    for (let i = 0; i < 100 && !hostile.seen.holdClosed; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(hostile.seen.holdClosed).toBe(true);
  });

  it('traffic that is not JSON-RPC is forwarded and reported as not validated', async () => {
    const answer = await fetch(`${proxy.url}/.well-known/agent.json`);
    expect(answer.status).toBe(404);
    const card = await reportOf((r) => r.http.path === '/.well-known/agent.json');
    expect(card).toMatchObject({ method: 'agent card', verdict: 'not validated', notes: ['no agent card to check (HTTP 404)'] });
    await fetch(`${proxy.url}/other?x=1`, { method: 'GET' }).then((r) => r.text());
    const other = await reportOf((r) => r.http.path === '/other?x=1');
    expect(other).toMatchObject({
      method: 'GET /other',
      verdict: 'not validated',
      notes: ['not JSON-RPC (nor an agent card, nor an HTTP+JSON operation): forwarded, not checked'],
    });
  });

  it('a stream event over the cap is forwarded whole and reported as not validated', async () => {
    const answer = await fetch(proxy.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: rpc(11, 'message/stream', 'big-event'),
    });
    const text = await answer.text();
    expect(text.length).toBeGreaterThan(64 * 1024);
    expect(text.split('\n\n').filter(Boolean)).toHaveLength(2);
    const report = await reportOf((r) => r.notes.some((n) => n.includes('grew over the 16384-byte cap')));
    expect(report.verdict).toBe('not validated');
  });

  it('an agent that cannot be reached: 502, said once per exchange, and the proxy keeps serving', async () => {
    const closed: NetServer = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const said: string[] = [];
    const nowhere = await startProxy({ target: `http://127.0.0.1:${port}`, variant: 'a2a', onNote: (text) => said.push(text) });
    try {
      expect(nowhere.choice?.variant).toBe('a2a');
      for (const id of [1, 2]) {
        const answer = await fetch(nowhere.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: rpc(id, 'message/send', 'x'),
        });
        expect(answer.status).toBe(502);
        expect(((await answer.json()) as { message: string }).message).toMatch(/refused the connection/);
      }
      expect(said.filter((text) => text.includes('answered 502'))).toHaveLength(2);
      expect(nowhere.summary).toEqual({ exchanges: 2, invalid: 0, notValidated: 2 });
    } finally {
      await nowhere.close();
    }
  });
});

describe('bounded copies', () => {
  it('a body over the cap keeps nothing; a stream keeps only the event being read', () => {
    const body = new BodyCapture(10);
    body.push(Buffer.alloc(8));
    body.push(Buffer.alloc(8));
    body.push(Buffer.alloc(8));
    expect(body.overflow).toBe(true);
    expect(body.bytes).toBe(24);
    expect(body.buffer().length).toBe(0);
    const stream = new SseCapture(20);
    expect(stream.push(Buffer.from('data: 1\n\ndata: 2\n\n'))).toHaveLength(2);
    for (let i = 0; i < 1000; i++) expect(stream.push(Buffer.from('data: 1\n\n'))).toHaveLength(1);
    expect(stream.overflow).toBe(false);
    stream.push(Buffer.from(`data: ${'x'.repeat(30)}`));
    expect(stream.overflow).toBe(true);
    expect(stream.push(Buffer.from('\n\n'))).toEqual([]);
    expect(stream.events).toBe(1002);
  });
});

describe('--record leaves whole lines when the proxy is interrupted', () => {
  it('SIGINT in the middle of a stream: every line of the file is a whole JSON payload', async () => {
    const agent = await hostileAgent();
    const dir = mkdtempSync(join(tmpdir(), 'bindu-proxy-record-'));
    const file = join(dir, 'record.ndjson');
    const child = spawn(process.execPath, [join(ROOT, 'dist', 'bin.mjs'), 'proxy', agent.url, '--variant', 'a2a', '--record', file], {
      cwd: ROOT,
    });
    try {
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      const exit = new Promise<number | null>((resolve) => child.on('close', resolve));
      while (!stdout.includes('\n')) await new Promise((resolve) => setTimeout(resolve, 20));
      const url = /^proxy (\S+) /.exec(stdout)![1]!;
      for (let id = 1; id <= 20; id++)
        await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: rpc(id, 'message/send', `n${id}`) }).then(
          (r) => r.text(),
        );
      const open = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: rpc(21, 'message/stream', 'hold'),
      });
      await open.body!.getReader().read();
      child.kill('SIGINT');
      expect(await exit).toBe(0);
      const text = readFileSync(file, 'utf8');
      expect(text.endsWith('\n')).toBe(true);
      const lines = text.split('\n').slice(0, -1);
      expect(lines).toHaveLength(42);
      for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
      expect(stdout.trim().split('\n').at(-1)).toBe('21 exchanges, 0 invalid, 1 not validated');
    } finally {
      child.kill('SIGKILL');
      await agent.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('memory stays flat over a long session', () => {
  /** The resident set of a process, in MB (Linux /proc). */
  const rss = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

  it.skipIf(process.platform !== 'linux')(
    '3,000 exchanges of 8 KiB and a stream of 10,000 events of 4 KiB grow the proxy by less than 30 MB',
    async () => {
      const pad = 'x'.repeat(8192);
      const server = createHttpServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          const request = JSON.parse(Buffer.concat(chunks).toString()) as { id: number; method: string };
          if (request.method === 'message/stream') {
            res.writeHead(200, { 'content-type': 'text/event-stream' });
            const update = (final: boolean) =>
              `data: ${JSON.stringify({ jsonrpc: '2.0', id: request.id, result: { kind: 'artifact-update', taskId: 't1', contextId: 'c1', artifact: { artifactId: 'a', parts: [{ kind: 'text', text: pad.slice(0, 4096) }] }, lastChunk: final } })}\n\n`;
            let sent = 0;
            const more = () => {
              while (sent < 10_000) {
                sent++;
                if (!res.write(update(sent === 10_000))) return void res.once('drain', more);
              }
              res.end();
            };
            res.write(`data: ${JSON.stringify({ jsonrpc: '2.0', id: request.id, result: { ...task, status: { state: 'working' } } })}\n\n`);
            more();
            return;
          }
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: { ...task, metadata: { pad } } }));
        });
      });
      const url = await listen(server);
      const child = spawn(process.execPath, [join(ROOT, 'dist', 'bin.mjs'), 'proxy', url, '--variant', 'a2a'], { cwd: ROOT });
      try {
        let first = '';
        child.stdout.on('data', (chunk: Buffer) => {
          if (!first.includes('\n')) first += chunk.toString();
        });
        while (!first.includes('\n')) await new Promise((resolve) => setTimeout(resolve, 20));
        const proxyUrl = /^proxy (\S+) /.exec(first)![1]!;
        const exchanges = async (count: number) => {
          let next = 0;
          const worker = async () => {
            while (next < count) {
              const id = ++next;
              const answer = await fetch(proxyUrl, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: rpc(id, 'message/send', pad),
              });
              await answer.arrayBuffer();
            }
          };
          await Promise.all(Array.from({ length: 8 }, worker));
        };
        // The baseline once the young generation has grown to the size the proxy holds it at (src/shell/heap.ts
        // PROXY_NEW_SPACE, reached as exchanges survive collections): after 300 exchanges it sometimes had not, and
        // its growth (some 20 MB of RSS) was then counted as the session's.
        await exchanges(1_500);
        await new Promise((resolve) => setTimeout(resolve, 300));
        const before = rss(child.pid!);
        await exchanges(3_000);
        const stream = await fetch(proxyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: rpc(1, 'message/stream', 'long'),
        });
        let streamed = 0;
        const reader = stream.body!.getReader();
        for (let step = await reader.read(); !step.done; step = await reader.read()) streamed += step.value.byteLength;
        expect(streamed).toBeGreaterThan(10_000 * 4096);
        await new Promise((resolve) => setTimeout(resolve, 300));
        const after = rss(child.pid!);
        expect(after - before, `RSS ${before.toFixed(1)} MB → ${after.toFixed(1)} MB`).toBeLessThan(30);
      } finally {
        child.kill('SIGKILL');
        await closeServer(server);
      }
    },
    120_000,
  );
});
