/**
 * The proxy's rules of issue 22, against agents of ours on 127.0.0.1 and the real `@a2a-js/sdk` 0.3.x client:
 * an agent card is known by what it is wherever it is served (a host of several agents: /.well-known/<name>/…),
 * validated and rewritten; a response or stream event whose id is not its request's (null included) is an
 * error at /id (JSON-RPC 2.0 §5), as the SDK client itself refuses it; every stream event is recorded, an
 * unparsable one as a line `validate --ndjson` reports invalid; the answer to a request that is not JSON is
 * checked as a -32700 error with id null; without a card the traffic chooses the plain variant of its wire
 * until a method or field only the extension has appears.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientFactory } from '@a2a-js/sdk/client';
import type { MessageSendParams } from '@a2a-js/sdk';
import { ClientFactory as ClientFactoryV1 } from '@a2a-js/sdk-v1/client';
import { Role, type SendMessageRequest } from '@a2a-js/sdk-v1';
import type { ExchangeReport } from '../../../src/commands/proxy/exchange.js';
import { startHostedV03Agent, startRawAgent, startV1Agent, type RawHandler } from '../../fixtures/servers/proxy-agents.js';
import { closeServer, listen } from '../../fixtures/servers/echo.js';
import { cli } from '../../helpers.js';
import { reportedProxy, type ReportedProxy } from '../../fixtures/reported-proxy.js';

const send = (text: string): MessageSendParams => ({
  message: { kind: 'message', messageId: randomUUID(), role: 'user', parts: [{ kind: 'text', text }] },
});
const rpc = (id: unknown, method: string, params: unknown) => JSON.stringify({ jsonrpc: '2.0', id, method, params });
const message = (text: string) => ({
  message: { kind: 'message', messageId: randomUUID(), role: 'user', parts: [{ kind: 'text', text }] },
});
const task = (state: string) => ({ kind: 'task', id: 't1', contextId: 'c1', status: { state } });
const errorsOf = (report: ExchangeReport) => report.errors.map((e) => [e.part, e.path, e.keyword]);

/** A plain node:http agent with no agent card anywhere (every GET answers 404). */
async function cardless(handle: RawHandler): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'GET') {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('no card here');
      } else handle(req, res, Buffer.concat(chunks).toString('utf8'));
    });
  });
  const url = await listen(server);
  return { url, close: () => closeServer(server) };
}

const post = (url: string, body: string) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then((r) => r.text());

// ---------------------------------------------------------------------------------------------

describe('an agent card wherever it is served (the SDK 0.3 agent at /.well-known/<name>/agent-card.json, /agents/<name>)', () => {
  let agent: Awaited<ReturnType<typeof startHostedV03Agent>>;
  beforeAll(async () => {
    agent = await startHostedV03Agent('echo');
  });
  afterAll(() => agent.close());

  it('the card is recognised, validated and rewritten; the SDK client reading it talks through the proxy', async () => {
    const run = await reportedProxy({ target: agent.url, variant: 'a2a' });
    try {
      // Nothing at the root's well-known paths: the start found no card.
      expect(run.notes.join('\n')).toMatch(/variant a2a \(--variant\)/);
      const card = (await (await fetch(`${run.proxy.url}${agent.cardPath}`)).json()) as { url: string };
      expect(card).toEqual({ ...agent.card, url: `${run.proxy.url}/agents/echo` });
      const client = await new ClientFactory().createFromUrl(run.proxy.url, agent.cardPath);
      const before = agent.calls();
      const result = (await client.sendMessage(send('hello'))) as { kind: string; id: string };
      expect(result.kind).toBe('task');
      const events: unknown[] = [];
      for await (const event of client.sendMessageStream(send('again'))) events.push(event);
      expect(events.length).toBe(4);
      expect(agent.calls() - before).toBe(2);
      const reports = [await run.next(), await run.next(), await run.next(), await run.next()];
      expect(reports.map((r) => [r.method, r.http.path, r.verdict])).toEqual([
        ['agent card', agent.cardPath, 'valid'],
        ['agent card', agent.cardPath, 'valid'],
        ['message/send', '/agents/echo', 'valid'],
        ['message/stream', '/agents/echo', 'valid'],
      ]);
      expect(run.notes.some((note) => note.includes(`/url ${agent.url}/agents/echo → ${run.proxy.url}/agents/echo`))).toBe(true);
    } finally {
      await run.proxy.close();
    }
  });

  it('without --variant the card that passed through chooses, and says where it was; an invalid card is reported', async () => {
    const run = await reportedProxy({ target: agent.url });
    try {
      expect(run.proxy.choice).toBeUndefined();
      await fetch(`${run.proxy.url}${agent.cardPath}`).then((r) => r.text());
      const report = await run.next();
      expect(report.method).toBe('agent card');
      expect(report.verdict).not.toBe('not validated');
      expect(run.proxy.choice?.wire).toBe('v0.3');
      expect(run.notes.some((note) => note.includes(`from the agent card that passed through at ${agent.cardPath}`))).toBe(true);
    } finally {
      await run.proxy.close();
    }
  });

  it('the same with the SDK 1.x agent and client on the v1.0 wire: supportedInterfaces rewritten, the card chooses a2a-v1', async () => {
    const layout = { cardPath: '/.well-known/echo-v1/agent-card.json', endpoint: '/agents/echo-v1' };
    const v1 = await startV1Agent(layout);
    const run = await reportedProxy({ target: v1.url });
    try {
      const client = await new ClientFactoryV1().createFromUrl(run.proxy.url, layout.cardPath);
      const request = {
        tenant: '',
        message: {
          messageId: randomUUID(),
          contextId: '',
          taskId: '',
          role: Role.ROLE_USER,
          parts: [{ content: { $case: 'text', value: 'hello' }, metadata: undefined, filename: '', mediaType: '' }],
          metadata: undefined,
          extensions: [],
          referenceTaskIds: [],
        },
        configuration: undefined,
        metadata: undefined,
      } as SendMessageRequest;
      expect(await client.sendMessage(request)).toMatchObject({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      const reports = [await run.next(), await run.next()];
      expect(reports.map((r) => [r.method, r.http.path, r.verdict])).toEqual([
        ['agent card', layout.cardPath, 'valid'],
        ['SendMessage', layout.endpoint, 'valid'],
      ]);
      expect(run.proxy.choice?.variant).toBe('a2a-v1');
      const rewrite = `/supportedInterfaces/0/url ${v1.url}${layout.endpoint} → ${run.proxy.url}${layout.endpoint}`;
      expect(run.notes.some((note) => note.includes(rewrite))).toBe(true);
    } finally {
      await run.proxy.close();
      await v1.close();
    }
  });

  it('a JSON answer to a GET that is no agent card passes unchanged and is not called one', async () => {
    const body = '{"name":"not a card","status":"ok"}';
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
    const url = await listen(server);
    const run = await reportedProxy({ target: url, variant: 'a2a' });
    try {
      expect(await (await fetch(`${run.proxy.url}/status`)).text()).toBe(body);
      const report = await run.next();
      expect(report.method).not.toBe('agent card');
      expect(report.verdict).toBe('not validated');
    } finally {
      await run.proxy.close();
      await closeServer(server);
    }
  });

  it('a request that is not JSON: the SDK server answers -32700 with id null, which the proxy checks and finds right', async () => {
    const run = await reportedProxy({ target: agent.url, variant: 'a2a' });
    try {
      const answer = JSON.parse(await post(`${run.proxy.url}/agents/echo`, '{"jsonrpc":"2.0",')) as { id: unknown };
      expect(answer.id).toBeNull();
      const report = await run.next();
      expect(report.method).toBe('JSON-RPC');
      expect(errorsOf(report)).toEqual([['request', '', 'json']]);
      // Checked, and right: the note "the answer was not checked" of old is gone, and no answer error.
      expect(report.notes).toEqual([]);
    } finally {
      await run.proxy.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('the answer to a request that is not JSON (JSON-RPC 2.0 §5: an error, -32700, id null)', () => {
  it('a wrong code and an id are errors at /error/code and /id; an empty answer is an error', async () => {
    let reply = '';
    const agent = await startRawAgent((_req, res) => {
      res.writeHead(reply === '' ? 200 : 400, { 'content-type': 'application/json' });
      res.end(reply);
    });
    const run = await reportedProxy({ target: agent.url, variant: 'a2a' });
    try {
      reply = JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32600, message: 'Invalid Request' } });
      await post(run.proxy.url, '{"id":1,');
      const wrong = await run.next();
      expect(errorsOf(wrong)).toEqual([
        ['request', '', 'json'],
        ['answer', '/error/code', 'code'],
        ['answer', '/id', 'id'],
      ]);
      reply = JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
      await post(run.proxy.url, '{"id":1,');
      expect(errorsOf(await run.next())).toEqual([['request', '', 'json']]);
      reply = '';
      await post(run.proxy.url, 'not json');
      const empty = await run.next();
      expect(errorsOf(empty)).toEqual([
        ['request', '', 'json'],
        ['answer', '', 'json'],
      ]);
      expect(empty.errors[1]!.message).toMatch(/is empty/);
    } finally {
      await run.proxy.close();
      await agent.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe("a response whose id is not its request's (JSON-RPC 2.0 §5: MUST be the same)", () => {
  let previous: unknown;
  let mode = '';
  let agent: Awaited<ReturnType<typeof startRawAgent>>;
  let run: ReportedProxy;
  beforeAll(async () => {
    agent = await startRawAgent((_req, res, body) => {
      const request = JSON.parse(body) as { id: unknown; method: string };
      const other = previous;
      previous = request.id;
      if (request.method === 'message/stream') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(`data: ${JSON.stringify({ jsonrpc: '2.0', id: request.id, result: task('submitted') })}\n\n`);
        const update = { kind: 'status-update', taskId: 't1', contextId: 'c1', status: { state: 'completed' }, final: true };
        res.end(`data: ${JSON.stringify({ jsonrpc: '2.0', id: null, result: update })}\n\n`);
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      const id = mode === 'null' ? null : mode === 'other' ? other : request.id;
      if (mode === 'invalid-request')
        res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } }));
      else if (mode === 'params') res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32602, message: 'Invalid params' } }));
      else res.end(JSON.stringify({ jsonrpc: '2.0', id, result: task('completed') }));
    });
    run = await reportedProxy({ target: agent.url, variant: 'a2a' });
  });
  afterAll(async () => {
    await run.proxy.close();
    await agent.close();
  });

  it('id null: the SDK client refuses the answer, and the proxy reports it at /id', async () => {
    mode = 'null';
    const client = await new ClientFactory().createFromUrl(run.proxy.url);
    await expect(client.sendMessage(send('hi'))).rejects.toThrow(/ID mismatch/);
    const report = await run.nextOf('message/send');
    expect(errorsOf(report)).toEqual([['answer', '/id', 'id']]);
    expect(report.errors[0]!.message).toMatch(/^is null, but the request's id is /);
    expect(report.errors[0]!.hint).toMatch(/JSON-RPC 2\.0 §5/);
  });

  it("another request's id is an error at /id; the right id is valid", async () => {
    mode = 'same';
    await post(run.proxy.url, rpc(41, 'message/send', message('a')));
    mode = 'other';
    await post(run.proxy.url, rpc(42, 'message/send', message('b')));
    const right = await run.nextOf('message/send');
    const wrong = await run.nextOf('message/send');
    expect(right.verdict).toBe('valid');
    expect(errorsOf(wrong)).toEqual([['answer', '/id', 'id']]);
    expect(wrong.errors[0]!.message).toBe("is 41, but the request's id is 42");
  });

  it('a stream event with id null is an error at that event; the SDK client refuses the stream too', async () => {
    const client = await new ClientFactory().createFromUrl(run.proxy.url);
    const seen: unknown[] = [];
    await expect(
      (async () => {
        for await (const event of client.sendMessageStream(send('s'))) seen.push(event);
      })(),
    ).rejects.toThrow(/ID mismatch in SSE event/);
    expect(seen).toHaveLength(1);
    const report = await run.nextOf('message/stream');
    expect(errorsOf(report)).toEqual([['event 2', '/id', 'id']]);
    expect(report.warnings.filter((w) => w.path === '/id')).toEqual([]);
  });

  it('id null answers a request whose id could not be read (-32600) but not an Invalid params error (-32602)', async () => {
    mode = 'invalid-request';
    await post(run.proxy.url, rpc(7, 'message/send', message('c')));
    expect((await run.nextOf('message/send')).verdict).toBe('valid');
    mode = 'params';
    await post(run.proxy.url, rpc(8, 'message/send', message('d')));
    expect(errorsOf(await run.nextOf('message/send'))).toEqual([['answer', '/id', 'id']]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('--record keeps every stream event, an unparsable one as a line validate --ndjson reports invalid', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'bindu-proxy-rules-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('three events, the second not JSON: three answer lines, the second invalid; the SDK client fails on it too', async () => {
    const record = join(dir, 'events.ndjson');
    const agent = await startRawAgent((_req, res, body) => {
      const { id } = JSON.parse(body) as { id: unknown };
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify({ jsonrpc: '2.0', id, result: task('submitted') })}\n\n`);
      res.write('data: {"jsonrpc":"2.0","id":\n\n');
      const update = { kind: 'status-update', taskId: 't1', contextId: 'c1', status: { state: 'completed' }, final: true };
      res.end(`data: ${JSON.stringify({ jsonrpc: '2.0', id, result: update })}\n\n`);
    });
    const run = await reportedProxy({ target: agent.url, variant: 'a2a', record });
    try {
      const client = await new ClientFactory().createFromUrl(run.proxy.url);
      await expect(
        (async () => {
          for await (const _event of client.sendMessageStream(send('s'))) void _event;
        })(),
      ).rejects.toThrow(/Failed to parse SSE event data/);
      const report = await run.nextOf('message/stream');
      expect(report.events).toBe(3);
      expect(errorsOf(report)).toEqual([['event 2', '', 'json']]);
    } finally {
      await run.proxy.close();
      await agent.close();
    }
    const lines = readFileSync(record, 'utf8').split('\n').filter(Boolean);
    expect(lines).toHaveLength(4);
    expect(lines[2]).toBe('{"jsonrpc":"2.0","id":');
    // validate --ndjson: line 3 is not JSON (an input error, exit 2, which wins over the others' verdicts).
    const checked = cli(['validate', '--ndjson', '--variant', 'a2a', '--json', record]);
    expect(checked.status).toBe(2);
    expect(checked.stderr.trim().split('\n')).toEqual([expect.stringMatching(new RegExp(`${record}:3: not JSON`))]);
    const verdicts = checked.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { source: string; valid: boolean });
    expect(verdicts.map((v) => [v.source.split(':').at(-1), v.valid])).toEqual([
      ['1', true],
      ['2', true],
      ['4', true],
    ]);
  });

  it('a request that is not JSON is recorded too, and an event that becomes JSON once its line ends are spaces is marked', async () => {
    const record = join(dir, 'requests.ndjson');
    const agent = await startRawAgent((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      // Two data lines that join to a string with a raw line feed in it: not JSON; with a space instead, JSON.
      res.end('data: {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"bad\ndata: json"}}\n\n');
    });
    const run = await reportedProxy({ target: agent.url, variant: 'a2a', record });
    try {
      await post(run.proxy.url, '{"jsonrpc":');
      expect(errorsOf(await run.next())).toEqual([
        ['request', '', 'json'],
        ['event 1', '', 'json'],
      ]);
    } finally {
      await run.proxy.close();
      await agent.close();
    }
    const lines = readFileSync(record, 'utf8').split('\n').filter(Boolean);
    expect(lines).toEqual(['{"jsonrpc":', '(not JSON) {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"bad json"}}']);
    const checked = cli(['validate', '--ndjson', '--variant', 'a2a', '--json', record]);
    expect(checked.status).toBe(2);
    expect(checked.stdout).toBe('');
    expect(checked.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(new RegExp(`${record}:1: not JSON`)),
      expect.stringMatching(new RegExp(`${record}:2: not JSON`)),
    ]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('without a card, the traffic chooses: plain A2A until what only Bindu has appears', () => {
  const taskId = randomUUID();
  const answer: RawHandler = (_req, res, body) => {
    const { id } = JSON.parse(body) as { id: unknown };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32001, message: 'Task not found' } }));
  };

  it("message/send is a2a and says so; tasks/get with Bindu's taskId turns it to bindu, naming the field", async () => {
    const agent = await cardless(answer);
    const run = await reportedProxy({ target: agent.url });
    try {
      expect(run.proxy.choice).toBeUndefined();
      await post(run.proxy.url, rpc(1, 'message/send', message('hi')));
      expect((await run.next()).verdict).toBe('valid');
      expect(run.proxy.choice?.variant).toBe('a2a');
      expect(run.notes.at(-1)).toMatch(
        /^variant a2a: no agent card seen, and the first request's method "message\/send" is an A2A v0\.3 name/,
      );
      await post(run.proxy.url, rpc(2, 'tasks/get', { taskId }));
      const get = await run.next();
      expect(get.verdict).toBe('valid');
      expect(run.proxy.choice?.variant).toBe('bindu');
      expect(run.notes.at(-1)).toMatch(
        /^variant bindu from here on \(was a2a\): exchange 2's request has what only bindu has: a2a rejects it/,
      );
      // From then on bindu: its message needs what a2a's does not (contextId, taskId).
      await post(run.proxy.url, rpc(3, 'message/send', message('again')));
      expect((await run.next()).verdict).toBe('invalid');
    } finally {
      await run.proxy.close();
      await agent.close();
    }
  });

  it("a method only Bindu's registry lists chooses bindu from the first request; one a2a's lists does not", async () => {
    const agent = await cardless(answer);
    const run = await reportedProxy({ target: agent.url });
    try {
      await post(run.proxy.url, rpc(1, 'tasks/list', {}));
      await run.next();
      expect(run.proxy.choice?.variant).toBe('bindu');
      expect(run.notes.at(-1)).toMatch(/the first request's method "tasks\/list" is one only bindu has/);
    } finally {
      await run.proxy.close();
      await agent.close();
    }
    const plain = await cardless(answer);
    const again = await reportedProxy({ target: plain.url });
    try {
      await post(again.proxy.url, rpc(1, 'tasks/get', { id: taskId }));
      await post(again.proxy.url, rpc(2, 'tasks/cancel', { id: taskId }));
      expect((await again.next()).verdict).toBe('valid');
      expect((await again.next()).verdict).toBe('valid');
      expect(again.proxy.choice?.variant).toBe('a2a');
    } finally {
      await again.proxy.close();
      await plain.close();
    }
  });

  it('a key only Bindu knows (embeddings), in a message Bindu accepts, turns it to bindu; a key neither knows does not', async () => {
    const agent = await cardless(answer);
    const run = await reportedProxy({ target: agent.url });
    const bindu = (part: Record<string, unknown>) => ({
      configuration: { acceptedOutputModes: ['text/plain'] },
      message: { kind: 'message', messageId: randomUUID(), contextId: randomUUID(), taskId, role: 'user', parts: [part] },
    });
    try {
      await post(run.proxy.url, rpc(1, 'message/send', bindu({ kind: 'text', text: 'x', colour: 'red' })));
      const unknown = await run.next();
      expect(unknown.warnings.map((w) => [w.path, w.keyword])).toEqual([['/params/message/parts/0', 'additionalProperties']]);
      expect(run.proxy.choice?.variant).toBe('a2a');
      await post(run.proxy.url, rpc(2, 'message/send', bindu({ kind: 'text', text: 'x', embeddings: [0.25, 0.5] })));
      const known = await run.next();
      expect(known.warnings.map((w) => [w.path, w.message])).toEqual([]);
      expect(run.proxy.choice?.variant).toBe('bindu');
      expect(run.notes.at(-1)).toMatch(
        /exchange 2's request has what only bindu has: a2a does not know a key \(\/params\/message\/parts\/0 .*embeddings/,
      );
    } finally {
      await run.proxy.close();
      await agent.close();
    }
  });

  it('on the v1.0 wire the same rule: a2a-v1, then aion at its own method', async () => {
    const agent = await cardless(answer);
    const run = await reportedProxy({ target: agent.url });
    try {
      await post(run.proxy.url, rpc(1, 'GetTask', { id: taskId }));
      await run.next();
      expect(run.proxy.choice?.variant).toBe('a2a-v1');
      await post(run.proxy.url, rpc(2, 'GetContexts', {}));
      await run.next();
      expect(run.proxy.choice?.variant).toBe('aion');
      expect(run.notes.at(-1)).toMatch(/^variant aion from here on \(was a2a-v1\): exchange 2 calls "GetContexts", a method only aion has/);
    } finally {
      await run.proxy.close();
      await agent.close();
    }
  });
});
