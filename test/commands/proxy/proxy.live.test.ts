/**
 * `bindu-protocol proxy`: the real `@a2a-js/sdk` clients of both lines (0.3.x on the A2A v0.3
 * wire, 1.x as `@a2a-js/sdk-v1` on the v1.0 wire) talk to real SDK servers (agents of ours on
 * 127.0.0.1) through the proxy, and get what the same calls get directly; stream events reach the
 * client while the agent still holds the stream open; every exchange is reported valid, and the
 * recorded file validates with `validate --ndjson` (the built bin). An agent that breaks the
 * protocol has each defect reported on the exchange where it happens. The CLI: first line, summary
 * on SIGINT, exit codes.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientFactory } from '@a2a-js/sdk/client';
import type { MessageSendParams } from '@a2a-js/sdk';
import { ClientFactory as ClientFactoryV1 } from '@a2a-js/sdk-v1/client';
import { Role, type SendMessageRequest } from '@a2a-js/sdk-v1';
import type { ExchangeReport } from '../../../src/commands/proxy/exchange.js';
import { proxiedUrl, rewriteCard } from '../../../src/commands/proxy/card-rewrite.js';
import { cardChoice } from '../../../src/commands/proxy/variant.js';
import { parseListen } from '../../../src/commands/proxy/command.js';
import { availableVariants } from '../../../src/engine/load-validators.js';
import { startRawAgent, startV03Agent, startV1Agent, type Agent } from '../../fixtures/servers/proxy-agents.js';
import { ROOT, cli } from '../../helpers.js';
import { reportedProxy, type ReportedProxy } from '../../fixtures/reported-proxy.js';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g;
/** A result with its generated ids and times replaced, so two runs of the same call compare equal. */
const normal = (value: unknown) => JSON.parse(JSON.stringify(value).replace(UUID, '<uuid>').replace(TIME, '<time>')) as unknown;

/** Resolves with the first value of an async iterator, or rejects after `ms`: the proof that it came before the agent let go. */
async function first<T>(iterator: AsyncIterator<T>, ms = 10_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`no event within ${ms} ms while the agent held the stream`)), ms)),
  );
  try {
    const step = await Promise.race([iterator.next(), timeout]);
    if (step.done) throw new Error('the stream ended before its first event');
    return step.value;
  } finally {
    clearTimeout(timer);
  }
}

const issuesOf = (reports: readonly ExchangeReport[]) =>
  reports.flatMap((report) =>
    [...report.errors, ...report.warnings].map((entry) => `${report.method} ${entry.part} ${entry.path} ${entry.message}`),
  );

// ---------------------------------------------------------------------------------------------

describe('card rewriting, --listen, the variant used', () => {
  const target = new URL('http://agent.test:9000/base/');
  const proxy = new URL('http://127.0.0.1:4000');

  it('v0.3: url and additionalInterfaces name the proxy, under TARGET_URL path; nothing else changes', () => {
    const card = {
      name: 'a',
      url: 'http://agent.test:9000/base/rpc',
      additionalInterfaces: [
        { url: 'http://agent.test:9000/base/rest', transport: 'HTTP+JSON' },
        { url: 'http://elsewhere.test/x', transport: 'GRPC' },
      ],
      skills: [{ id: 's' }],
    };
    const { card: out, rewrites } = rewriteCard(card, target, proxy);
    expect(out).toEqual({
      ...card,
      url: 'http://127.0.0.1:4000/rpc',
      additionalInterfaces: [
        { url: 'http://127.0.0.1:4000/rest', transport: 'HTTP+JSON' },
        { url: 'http://127.0.0.1:4000/x', transport: 'GRPC' },
      ],
    });
    expect(rewrites.map((r) => [r.path, r.outside === true])).toEqual([
      ['/url', false],
      ['/additionalInterfaces/0/url', false],
      ['/additionalInterfaces/1/url', true],
    ]);
    expect(card.url).toBe('http://agent.test:9000/base/rpc');
  });

  it('v1.0: supportedInterfaces name the proxy; a URL that is not http is left as it is', () => {
    const card = {
      supportedInterfaces: [
        { url: 'http://agent.test:9000/base/a2a/jsonrpc', protocolBinding: 'JSONRPC' },
        { url: 'grpc://agent.test:9001', protocolBinding: 'GRPC' },
      ],
    };
    const { card: out, rewrites } = rewriteCard(card, target, proxy);
    expect(out).toEqual({
      supportedInterfaces: [
        { url: 'http://127.0.0.1:4000/a2a/jsonrpc', protocolBinding: 'JSONRPC' },
        { url: 'grpc://agent.test:9001', protocolBinding: 'GRPC' },
      ],
    });
    expect(rewrites).toHaveLength(1);
    expect(proxiedUrl('/base/rpc?x=1', target, proxy)).toEqual({ url: 'http://127.0.0.1:4000/rpc?x=1', outside: false });
  });

  it('--listen takes HOST:PORT, :PORT, PORT and [v6]:PORT', () => {
    expect(parseListen('127.0.0.1:8080')).toEqual({ host: '127.0.0.1', port: 8080 });
    expect(parseListen(':0')).toEqual({ host: '127.0.0.1', port: 0 });
    expect(parseListen('9000')).toEqual({ host: '127.0.0.1', port: 9000 });
    expect(parseListen('[::1]:9000')).toEqual({ host: '::1', port: 9000 });
    expect(() => parseListen('host:99999')).toThrow(/--listen/);
    expect(() => parseListen('host:')).toThrow(/--listen/);
  });

  it('every variant a card or a method name can choose has validators of its own', () => {
    for (const variant of ['a2a', 'bindu', 'a2a-v1', 'aion']) expect(availableVariants()).toContain(variant);
  });
});

// ---------------------------------------------------------------------------------------------

describe('the @a2a-js/sdk 0.3.x client and server through the proxy (A2A v0.3)', () => {
  let agent: Agent & { card: { url: string } };
  let run: ReportedProxy;
  let dir: string;
  let record: string;
  const send = (text: string): MessageSendParams => ({
    message: { kind: 'message', messageId: randomUUID(), role: 'user', parts: [{ kind: 'text', text }] },
  });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bindu-proxy-'));
    record = join(dir, 'v03.ndjson');
    agent = await startV03Agent();
    run = await reportedProxy({ target: agent.url, variant: 'a2a', record });
  });
  afterAll(async () => {
    await run.proxy.close();
    await agent.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('every result equals the one the same call gets directly; stream events arrive while the agent holds the stream', async () => {
    const direct = await new ClientFactory().createFromUrl(agent.url);
    const through = await new ClientFactory().createFromUrl(run.proxy.url);
    // The card the client got through the proxy names the proxy, and is otherwise the agent's.
    const card = await (await fetch(`${run.proxy.url}/.well-known/agent-card.json`)).json();
    expect(card).toEqual({ ...agent.card, url: `${run.proxy.url}/` });

    const a = await direct.sendMessage(send('hello'));
    const b = await through.sendMessage(send('hello'));
    expect(normal(b)).toEqual(normal(a));
    const taskId = (b as { id: string }).id;
    expect(await through.getTask({ id: taskId })).toEqual(await direct.getTask({ id: taskId }));
    const cancelDirect = await direct.cancelTask({ id: taskId }).catch((error: Error) => error.message);
    const cancelThrough = await through.cancelTask({ id: taskId }).catch((error: Error) => error.message);
    expect(cancelThrough).toEqual(cancelDirect);
    expect(String(cancelThrough)).toMatch(/-32002|cancel/i);

    // The stream: the agent sends the Task, then waits; the client must see it before release().
    const stream = through.sendMessageStream(send('hold'))[Symbol.asyncIterator]();
    const head = await first(stream);
    expect(head).toMatchObject({ kind: 'task', status: { state: 'submitted' } });
    agent.release();
    const rest: unknown[] = [];
    for (let step = await stream.next(); !step.done; step = await stream.next()) rest.push(step.value);
    const directEvents: unknown[] = [];
    for await (const event of direct.sendMessageStream(send('hold'))) directEvents.push(event);
    expect(normal([head, ...rest])).toEqual(normal(directEvents));
    expect(rest.map((event) => (event as { kind: string }).kind)).toEqual(['status-update', 'artifact-update', 'status-update']);
  });

  it('every exchange is reported valid, with its method; the record validates with validate --ndjson', async () => {
    const methods = run.reports.map((report) => report.method);
    expect(methods).toEqual(expect.arrayContaining(['agent card', 'message/send', 'tasks/get', 'tasks/cancel', 'message/stream']));
    expect(issuesOf(run.reports.filter((r) => r.method !== 'tasks/cancel'))).toEqual([]);
    for (const report of run.reports) expect(report.verdict, report.method).toBe('valid');
    expect(run.reports.find((r) => r.method === 'message/stream')!.events).toBe(4);
    expect(run.notes.some((note) => note.includes('names the proxy instead of the agent'))).toBe(true);

    const lines = readFileSync(record, 'utf8').split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThanOrEqual(10);
    const checked = cli(['validate', '--ndjson', '--variant', 'a2a', '--json', record]);
    expect(checked.stderr).toBe('');
    expect(checked.status).toBe(0);
    const verdicts = checked.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { valid: boolean; warnings: unknown[] });
    expect(verdicts).toHaveLength(lines.length);
    expect(verdicts.every((v) => v.valid)).toBe(true);
  });

  it("without --variant, the card fetched at start decides, by check-server's rule, and says where it was", async () => {
    const own = await reportedProxy({ target: agent.url });
    try {
      // The rule is src/live/agent-card.ts's (shared with check-server); the proxy follows it, whatever it says.
      const rule = cardChoice(agent.card)!;
      expect(own.proxy.choice).toEqual(rule);
      expect(own.notes[0]).toBe(`${rule.reason} (from the agent card at ${agent.url}/.well-known/agent-card.json)`);
      const client = await new ClientFactory().createFromUrl(own.proxy.url);
      await client.sendMessage(send('hi'));
      expect((await own.next()).method).toBe('agent card');
      const exchange = await own.next();
      expect(exchange.method).toBe('message/send');
      expect(exchange.verdict).not.toBe('not validated');
      expect(own.proxy.choice).toEqual(rule);
    } finally {
      await own.proxy.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('the @a2a-js/sdk 1.x client and server through the proxy (A2A v1.0)', () => {
  let agent: Agent;
  let run: ReportedProxy;
  let dir: string;
  let record: string;
  const send = (text: string): SendMessageRequest =>
    ({
      tenant: '',
      message: {
        messageId: randomUUID(),
        contextId: '',
        taskId: '',
        role: Role.ROLE_USER,
        parts: [{ content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: '' }],
        metadata: undefined,
        extensions: [],
        referenceTaskIds: [],
      },
      configuration: undefined,
      metadata: undefined,
    }) as SendMessageRequest;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bindu-proxy-'));
    record = join(dir, 'v1.ndjson');
    agent = await startV1Agent();
    run = await reportedProxy({ target: agent.url, record });
  });
  afterAll(async () => {
    await run.proxy.close();
    await agent.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the card decides: a2a-v1 (a v1.0 card without the aion extension)', () => {
    expect(run.proxy.choice).toMatchObject({ wire: 'v1.0', variant: 'a2a-v1', validator: 'a2a-v1' });
  });

  it('every result equals the one the same call gets directly; stream events arrive while the agent holds the stream', async () => {
    const direct = await new ClientFactoryV1().createFromUrl(agent.url);
    const through = await new ClientFactoryV1().createFromUrl(run.proxy.url);
    const a = await direct.sendMessage(send('hello'));
    const b = await through.sendMessage(send('hello'));
    expect(normal(b)).toEqual(normal(a));
    const taskId = (b as { id: string }).id;
    expect(await through.getTask({ tenant: '', id: taskId, historyLength: undefined })).toEqual(
      await direct.getTask({ tenant: '', id: taskId, historyLength: undefined }),
    );

    const stream = through.sendMessageStream(send('hold'))[Symbol.asyncIterator]();
    const head = await first(stream);
    expect(JSON.stringify(head)).toMatch(/"\$case":"task"/);
    agent.release();
    const rest: unknown[] = [];
    for (let step = await stream.next(); !step.done; step = await stream.next()) rest.push(step.value);
    const directEvents: unknown[] = [];
    for await (const event of direct.sendMessageStream(send('hold'))) directEvents.push(event);
    expect(normal([head, ...rest])).toEqual(normal(directEvents));
    expect(rest).toHaveLength(3);
  });

  it('every exchange is reported valid; the record validates with validate --ndjson', async () => {
    expect(run.reports.map((report) => report.method)).toEqual(
      expect.arrayContaining(['agent card', 'SendMessage', 'GetTask', 'SendStreamingMessage']),
    );
    expect(issuesOf(run.reports)).toEqual([]);
    for (const report of run.reports) expect(report.verdict, report.method).toBe('valid');
    const checked = cli(['validate', '--ndjson', '--variant', 'a2a-v1', '--json', record]);
    expect(checked.stderr).toBe('');
    expect(checked.status).toBe(0);
    const lines = readFileSync(record, 'utf8').split('\n').filter(Boolean);
    expect(checked.stdout.trim().split('\n')).toHaveLength(lines.length);
    expect(lines.length).toBeGreaterThanOrEqual(8);
  });
});

// ---------------------------------------------------------------------------------------------

describe('an agent that breaks the protocol: each defect on the exchange where it happens', () => {
  const task = (state: string) => ({ kind: 'task', id: 't1', contextId: 'c1', status: { state } });

  it('a bad result, a bad stream event, duplicate keys, a non-JSON answer, a wrong id, a stream out of lifecycle order', async () => {
    const agent = await startRawAgent((_req, res, body) => {
      const request = JSON.parse(body) as { id: number; method: string; params: { message: { parts: { text: string }[] } } };
      const text = request.params.message.parts[0]!.text;
      if (request.method === 'message/stream' && text === 'after-final') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(`data: ${JSON.stringify({ jsonrpc: '2.0', id: request.id, result: task('submitted') })}\n\n`);
        res.write(
          `data: ${JSON.stringify({ jsonrpc: '2.0', id: request.id, result: { kind: 'status-update', taskId: 't1', contextId: 'c1', status: { state: 'completed' }, final: true } })}\n\n`,
        );
        res.end(
          `data: ${JSON.stringify({ jsonrpc: '2.0', id: request.id, result: { kind: 'status-update', taskId: 't1', contextId: 'c1', status: { state: 'working' }, final: false } })}\n\n`,
        );
        return;
      }
      if (request.method === 'message/stream' && text === 'no-end') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(`data: ${JSON.stringify({ jsonrpc: '2.0', id: request.id, result: task('working') })}\n\n`);
        return;
      }
      if (request.method === 'message/stream') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(`data: ${JSON.stringify({ jsonrpc: '2.0', id: request.id, result: task('submitted') })}\n\n`);
        res.write(
          `data: ${JSON.stringify({ jsonrpc: '2.0', id: request.id, result: { kind: 'status-update', taskId: 't1', contextId: 'c1', status: { state: 'done' }, final: true } })}\n\n`,
        );
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      if (text === 'bad-state') res.end(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: task('complete') }));
      else if (text === 'duplicate')
        res.end(
          `{"jsonrpc":"2.0","id":${request.id},"result":{"kind":"task","id":"t1","id":"t2","contextId":"c1","status":{"state":"completed"}}}`,
        );
      else if (text === 'not-json') res.end('{"jsonrpc":"2.0",');
      else res.end(JSON.stringify({ jsonrpc: '2.0', id: 999, result: task('completed') }));
    });
    const run = await reportedProxy({ target: agent.url, variant: 'a2a' });
    const post = (id: number, method: string, text: string) =>
      fetch(run.proxy.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id,
          method,
          params: { message: { kind: 'message', messageId: `m${id}`, role: 'user', parts: [{ kind: 'text', text }] } },
        }),
      }).then((r) => r.text());
    try {
      await post(1, 'message/send', 'bad-state');
      const one = await run.next();
      expect(one).toMatchObject({ method: 'message/send', verdict: 'invalid' });
      expect(one.errors.map((e) => [e.part, e.path])).toEqual([['answer', '/result/status/state']]);
      expect(one.errors[0]!.hint).toMatch(/completed/);

      const streamed = await post(2, 'message/stream', 'x');
      expect(streamed).toContain('"state":"done"');
      const two = await run.next();
      expect(two).toMatchObject({ method: 'message/stream', verdict: 'invalid', events: 2 });
      expect(two.errors.map((e) => [e.part, e.path])).toEqual([['event 2', '/result/status/state']]);

      await post(3, 'message/send', 'duplicate');
      const three = await run.next();
      expect(three.errors.map((e) => [e.part, e.path])).toEqual([['answer', '/result/id']]);
      expect(three.errors[0]!.message).toMatch(/appears more than once/);

      await post(4, 'message/send', 'not-json');
      const four = await run.next();
      expect(four.verdict).toBe('invalid');
      expect(four.errors[0]).toMatchObject({ part: 'answer', path: '', keyword: 'json' });

      await post(5, 'message/send', 'wrong-id');
      const five = await run.next();
      // JSON-RPC 2.0 §5: the id MUST be the same as the request's: an error, not a warning.
      expect(five.errors.map((e) => [e.part, e.path, e.keyword])).toEqual([['answer', '/id', 'id']]);
      expect(five.warnings.filter((w) => w.path === '/id')).toEqual([]);
      await post(6, 'message/stream', 'after-final');
      const six = await run.next();
      expect(six.errors.map((e) => [e.part, e.keyword])).toEqual([['event 3', 'lifecycle']]);
      expect(six.errors[0]!.message).toMatch(/arrives after the final event 2/);

      await post(7, 'message/stream', 'no-end');
      const seven = await run.next();
      expect(seven.errors.map((e) => [e.part, e.keyword])).toEqual([['answer', 'lifecycle']]);
      expect(seven.errors[0]!.message).toMatch(/closed after 1 events while the task was working, with no final event/);
      expect(run.proxy.summary).toEqual({ exchanges: 7, invalid: 7, notValidated: 0 });
    } finally {
      await run.proxy.close();
      await agent.close();
    }
  });

  it('60 exchanges at once, ids shared, some invalid: each reported once, and the record pairs every answer with its own request', async () => {
    // message/send is answered with a Message, tasks/get with a Task; a Message paired with a tasks/get request (the
    // same id) would be invalid, so the record's order is checked by `validate --ndjson` pairing the lines.
    const agent = await startRawAgent((_req, res, body) => {
      const request = JSON.parse(body) as {
        id: number;
        method: string;
        params: { id?: string; message?: { messageId: string; parts: { text: string }[] } };
      };
      const text = request.params.message?.parts[0]?.text;
      const n = Number((request.params.id ?? request.params.message!.messageId).slice(1));
      const result =
        request.method === 'tasks/get'
          ? task('completed')
          : { kind: 'message', messageId: `r${request.id}`, role: 'agent', parts: [{ kind: 'text', text: 'ok' }] };
      // An agent that answers late, in another order than it was asked: the exchanges overlap.
      setTimeout(
        () => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: text === 'bad' ? task('complete') : result }));
        },
        (n * 7) % 23,
      );
    });
    const dir = mkdtempSync(join(tmpdir(), 'bindu-proxy-'));
    const record = join(dir, 'traffic.ndjson');
    const run = await reportedProxy({ target: agent.url, variant: 'a2a', record });
    try {
      const bodies = Array.from({ length: 60 }, (_, n) => {
        const id = Math.floor(n / 2) % 4; // each id asked by both methods, many times
        return n % 2 === 0
          ? { jsonrpc: '2.0', id, method: 'tasks/get', params: { id: `t${n}` } }
          : {
              jsonrpc: '2.0',
              id,
              method: 'message/send',
              params: {
                message: {
                  kind: 'message',
                  messageId: `m${n}`,
                  role: 'user',
                  parts: [{ kind: 'text', text: n % 10 === 1 ? 'bad' : 'hi' }],
                },
              },
            };
      });
      await Promise.all(
        bodies.map((body) =>
          fetch(run.proxy.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) =>
            r.text(),
          ),
        ),
      );
      while (run.reports.length < 60) await run.next();
      await run.proxy.close();
      expect(run.reports.map((report) => report.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, n) => n + 1));
      expect(run.proxy.summary).toEqual({ exchanges: 60, invalid: 6, notValidated: 0 });
      for (const report of run.reports.filter((r) => r.verdict === 'invalid')) {
        expect(report.errors.map((e) => [e.part, e.path])).toEqual([['answer', '/result/status/state']]);
      }
      const lines = readFileSync(record, 'utf8').split('\n').filter(Boolean);
      expect(lines.length).toBeGreaterThanOrEqual(120);
      const checked = cli(['validate', '--ndjson', '--variant', 'a2a', '--json', record]);
      expect(checked.stderr).toBe('');
      const verdicts = checked.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { valid: boolean; errors: { path: string }[] });
      expect(verdicts).toHaveLength(lines.length);
      // The six bad answers, each at its state; nothing else (a Message paired with a tasks/get would be one more).
      const invalid = verdicts.filter((v) => !v.valid);
      expect(invalid.map((v) => v.errors.map((e) => e.path))).toEqual(Array.from({ length: 6 }, () => ['/result/status/state']));
    } finally {
      await run.proxy.close();
      await agent.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a compressed answer is passed on compressed, byte for byte, and its decompressed copy validated', async () => {
    const bad = gzipSync(JSON.stringify({ jsonrpc: '2.0', id: 1, result: task('complete') }));
    const agent = await startRawAgent((_req, res, body) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(body.includes('corrupt') ? bad.subarray(0, 20) : bad);
    });
    const run = await reportedProxy({ target: agent.url, variant: 'a2a' });
    const rawPost = (text: string) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        const url = new URL(run.proxy.url);
        const call = httpRequest(
          {
            host: url.hostname,
            port: url.port,
            method: 'POST',
            path: '/',
            headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
          },
          (answer) => {
            const chunks: Buffer[] = [];
            answer.on('data', (chunk: Buffer) => chunks.push(chunk));
            answer.on('end', () => resolve({ headers: answer.headers, body: Buffer.concat(chunks) }));
          },
        );
        call.on('error', reject);
        call.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'message/send',
            params: { message: { kind: 'message', messageId: 'm', role: 'user', parts: [{ kind: 'text', text }] } },
          }),
        );
      });
    try {
      const answer = await rawPost('hi');
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(answer.body.equals(bad)).toBe(true);
      const report = await run.next();
      expect(report.errors.map((e) => [e.part, e.path])).toEqual([['answer', '/result/status/state']]);
      await rawPost('corrupt');
      const broken = await run.next();
      expect(broken.errors.map((e) => [e.part, e.keyword])).toEqual([['answer', 'encoding']]);
    } finally {
      await run.proxy.close();
      await agent.close();
    }
  });

  it('an invalid request is reported on the request, and still forwarded unchanged', async () => {
    let received = '';
    const agent = await startRawAgent((_req, res, body) => {
      received = body;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Invalid params' } }));
    });
    const run = await reportedProxy({ target: agent.url, variant: 'a2a' });
    try {
      const body =
        '{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"kind":"message","role":"robot","parts":[],"messageId":"m"}}}';
      await fetch(run.proxy.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(received).toBe(body);
      const report = await run.next();
      expect(report.verdict).toBe('invalid');
      expect(report.errors.map((e) => [e.part, e.path])).toContainEqual(['request', '/params/message/role']);
      expect(report.errors.every((e) => e.part === 'request')).toBe(true);
    } finally {
      await run.proxy.close();
      await agent.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------

const BIN = join(ROOT, 'dist', 'bin.mjs');

/** Starts the bin; resolves with the child and its first stdout line. */
function startCli(args: string[]): Promise<{
  child: ChildProcessWithoutNullStreams;
  firstLine: string;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}> {
  const child = spawn(process.execPath, [BIN, 'proxy', ...args], { cwd: ROOT });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const check = () => {
      const at = stdout.indexOf('\n');
      if (at !== -1) {
        child.stdout.off('data', check);
        resolve({ child, firstLine: stdout.slice(0, at), stdout: () => stdout, stderr: () => stderr, exit });
      }
    };
    child.stdout.on('data', check);
    exit.then((code) => reject(new Error(`the proxy exited (${code}) before its first line: ${stderr}`)));
  });
}

describe('bindu-protocol proxy (CLI, the built bin)', () => {
  let agent: Agent;
  beforeAll(async () => {
    agent = await startV03Agent();
    agent.release();
  });
  afterAll(() => agent.close());

  it('prints the address first; SIGINT prints the summary; exit 0 when nothing was invalid', async () => {
    const run = await startCli([agent.url, '--variant', 'a2a']);
    const address = /^proxy (http:\/\/127\.0\.0\.1:\d+) → /.exec(run.firstLine);
    expect(address, run.firstLine).not.toBeNull();
    const client = await new ClientFactory().createFromUrl(address![1]!);
    await client.sendMessage({
      message: { kind: 'message', messageId: randomUUID(), role: 'user', parts: [{ kind: 'text', text: 'hi' }] },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    run.child.kill('SIGINT');
    expect(await run.exit).toBe(0);
    const lines = run.stdout().trim().split('\n');
    expect(lines[lines.length - 1]).toBe('2 exchanges, 0 invalid, 0 not validated');
    expect(lines.some((line) => /^message\/send {2}valid {2}\d+ ms {2}POST \/ → 200$/.test(line))).toBe(true);
    expect(run.stderr()).toMatch(/names the proxy instead of the agent/);
  });

  it('--json: one object per exchange; SIGTERM exits 1 after an invalid exchange', async () => {
    // As bindu (its Message needs contextId and taskId), the plain client's exchange is invalid.
    const run = await startCli([agent.url, '--json', '--variant', 'bindu']);
    const head = JSON.parse(run.firstLine) as { proxy: string; variant: string };
    expect(head.variant).toBe('bindu');
    const client = await new ClientFactory().createFromUrl(head.proxy);
    await client.sendMessage({ message: { kind: 'message', messageId: 'm', role: 'user', parts: [{ kind: 'text', text: 'hi' }] } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(1);
    const objects = run
      .stdout()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(objects.find((o) => o.method === 'message/send')).toMatchObject({
      verdict: 'invalid',
      http: { method: 'POST', path: '/', status: 200 },
    });
    expect(objects[objects.length - 1]).toEqual({ summary: { exchanges: 2, invalid: 2, notValidated: 0 } });
  });

  it('exit 2 with one line: a bad TARGET_URL, a port in use, a usage error', async () => {
    for (const args of [['not a url'], ['ftp://127.0.0.1/'], []]) {
      const result = cli(['proxy', ...args]);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr.split('\n')[0]).toMatch(/^bindu-protocol: /);
    }
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as { port: number }).port;
    try {
      const result = cli(['proxy', agent.url, '--listen', `127.0.0.1:${port}`]);
      expect(result.status).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(`bindu-protocol: cannot listen on 127.0.0.1:${port}: the port is in use\n`);
    } finally {
      busy.close();
    }
  });
});
