/**
 * The one stream loop of check-server (src/commands/check-server/stream-reader.ts) with a binding
 * of the test's own making: the loop knows nothing of JSON-RPC or HTTP+JSON. A made-up envelope
 * (`{ok}` for a result, `{bad}` for an error) is read by the fake transport; the loop records the
 * answers and the error answers under the binding's label, keeps the task lifecycle, stops at an
 * event after the final one, hands a plain answer back to the binding, and names an unreachable
 * endpoint by the binding's title.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeResult, lifecycleOf } from '../../../src/live/stream-lifecycle.js';
import { readStream } from '../../../src/commands/check-server/stream-reader.js';
import type { StreamExchange, Transport, TransportContext } from '../../../src/commands/check-server/transport.js';
import { adapterFor } from '../../../src/commands/check-server/wire-adapter.js';

const TASK = { kind: 'task', id: 't-1', contextId: 'c-1', status: { state: 'working' } };
const DONE = { kind: 'status-update', taskId: 't-1', contextId: 'c-1', status: { state: 'completed' }, final: true };
const sse = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;

/** What a fake binding was told, and what the loop recorded through the context. */
interface Recorded {
  answers: string[];
  errors: { method: string | undefined; code: unknown; httpStatus: number }[];
  unreachable: string[];
  exchanges: { request: string; answer: string }[];
  plain: { status: number; parsed: unknown }[];
}

function fakeBinding(endpoint: string, path: string): { transport: Transport; context: TransportContext; recorded: Recorded } {
  const recorded: Recorded = { answers: [], errors: [], unreachable: [], plain: [], exchanges: [] };
  const adapter = adapterFor('v0.3');
  const exchange: StreamExchange = {
    url: `${endpoint}${path}`,
    init: { method: 'POST', headers: { accept: 'text/event-stream' }, body: '{}' },
    label: 'FakeStream',
    plain: (status, _contentType, _text, parsed) => {
      recorded.plain.push({ status, parsed });
      return { body: { made: 'by the binding' }, remarks: ['a remark of the binding'] };
    },
    event: (data, index) =>
      'bad' in data
        ? { kind: 'error', error: data.bad, problems: [] }
        : { kind: 'result', result: data.ok, problems: index === 2 ? ['a problem of event 2'] : [] },
  };
  const transport: Transport = {
    name: 'http-json',
    endpoint,
    call: async () => ({}),
    openStream: () => exchange,
    verdict: () => ({ valid: true, errors: [], warnings: [] }),
    withoutTenant: async () => ({}),
  };
  const context: TransportContext = {
    variant: 'a2a',
    adapter,
    lifecycle: lifecycleOf('a2a'),
    limits: { timeoutMs: 5_000, maxBytes: 1024 * 1024, deadline: new AbortController().signal },
    needEndpoint: () => undefined,
    describe: (result) => describeResult(adapter.asV03Event(result)),
    answered: (text) => recorded.answers.push(text),
    exchanged: (request, answer) => recorded.exchanges.push({ request, answer }),
    defer: () => undefined,
    sawError: (method, error, httpStatus) => recorded.errors.push({ method, code: error.code, httpStatus }),
    unreachable: (why) => recorded.unreachable.push(why),
    deviate: () => undefined,
  };
  return { transport, context, recorded };
}

describe("the stream loop, with a binding of the test's own", () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/plain') {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"whatever": 1}');
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      if (request.url === '/error') {
        response.end(sse({ bad: { code: -32001, message: 'no such task' } }));
        return;
      }
      // A task, its final update, then one event too many; the connection is left open: the loop must stop by itself.
      response.write(sse({ ok: TASK }) + sse({ ok: DONE }) + sse({ ok: DONE }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('reads each event through the binding, keeps the lifecycle, and stops at an event after the final one', async () => {
    const { transport, context, recorded } = fakeBinding(base, '/stream');
    const seenByStep: number[] = [];
    const outcome = await readStream(
      transport,
      context,
      'FakeStream',
      {},
      { onEvent: async (_result, index) => void seenByStep.push(index) },
    );
    expect(outcome.seen).toEqual(['Task (working)', 'status-update completed, final', 'status-update completed, final']);
    expect(outcome.results).toEqual([TASK, DONE, DONE]);
    expect(outcome.problems).toEqual(['a problem of event 2', 'event 3 (status-update completed, final) arrives after the final event 2']);
    expect(outcome.sequence.currentState).toBe('completed');
    expect(recorded.answers).toEqual(outcome.seen);
    // The cut event is not handed to the step.
    expect(seenByStep).toEqual([1, 2]);
    // The request and the events read so far are kept for a FAIL's details.
    const last = recorded.exchanges.at(-1)!;
    expect(last.request).toMatch(/^POST http:\/\/127\.0\.0\.1:\d+\/stream/);
    expect(last.answer.split('\n').filter((line) => line.startsWith('data: '))).toHaveLength(3);
    expect(outcome.plain).toBeUndefined();
  });

  it("records an error event under the binding's label, with the HTTP status of the stream", async () => {
    const { transport, context, recorded } = fakeBinding(base, '/error');
    const outcome = await readStream(transport, context, 'FakeStream', {});
    expect(outcome.problems).toEqual(['event 1 is error -32001 ("no such task")']);
    expect(outcome.results).toEqual([]);
    expect(recorded.errors).toEqual([{ method: 'FakeStream', code: -32001, httpStatus: 200 }]);
    expect(recorded.answers).toEqual(['error -32001']);
  });

  it('hands an answer without a stream to the binding, which says what it is', async () => {
    const { transport, context, recorded } = fakeBinding(base, '/plain');
    const outcome = await readStream(transport, context, 'FakeStream', {});
    expect(recorded.plain).toEqual([{ status: 404, parsed: { whatever: 1 } }]);
    expect(outcome.plain).toEqual({
      status: 404,
      contentType: 'application/json',
      body: { made: 'by the binding' },
      text: '{"whatever": 1}',
    });
    expect(outcome.remarks).toEqual(['a remark of the binding']);
    expect(outcome.problems).toEqual([]);
  });

  it("names an endpoint that cannot be reached by the binding's title, and throws the connect failure", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { transport, context, recorded } = fakeBinding(`http://127.0.0.1:${port}/base`, '/stream');
    await expect(readStream(transport, context, 'FakeStream', {})).rejects.toMatchObject({ kind: 'connect' });
    expect(recorded.unreachable).toHaveLength(1);
    expect(recorded.unreachable[0]).toMatch(new RegExp(`^the HTTP\\+JSON endpoint http://127\\.0\\.0\\.1:${port}/base is unreachable \\(`));
  });
});
