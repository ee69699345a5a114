/**
 * `bindu-protocol check-server`: the lifecycle tables, the SSE parser, the stream-sequence rules,
 * and the live check against two real servers on 127.0.0.1 (never any other address):
 *
 * - an echo agent on `@a2a-js/sdk` 0.3.x (DefaultRequestHandler + its Express app), which must pass
 *   every step but the SDK's departures from the spec (pinned as DEVIATION tests), and skip, saying
 *   so, what an agent that finishes every task at once cannot show; whose own SDK client's requests
 *   and responses must all validate under `a2a`;
 * - a hand-written server that breaks the protocol in specific ways, each of which check-server
 *   must report by name (exit 1) within its time bounds.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientFactory, DefaultAgentCardResolver, JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import type { Message, MessageSendParams, Task } from '@a2a-js/sdk';
import * as a2aStates from '../../../schemas/a2a/states.js';
import * as binduStates from '../../../schemas/bindu/states.js';
import { a2a, bindu } from '../../../src/library/typebox-variants.js';
import { checkServer, CheckServerError, type CheckReport, type StepResult } from '../../../src/commands/check-server/scenario.js';
import { canTransition, lifecycleOf, StreamSequence } from '../../../src/live/stream-lifecycle.js';
import { SseParser } from '../../../src/live/sse.js';
import { checkServerJUnit } from '../../../src/commands/check-server/check-report.js';
import { validate, validateMessage } from '../../../src/commands/check-server/validation.js';
import { startEchoServer, type RunningServer } from '../../fixtures/servers/echo.js';
import { startBrokenServer, type Fault } from '../../fixtures/servers/broken.js';
import { ROOT } from '../../helpers.js';

const FAST = { variant: 'a2a', timeoutMs: 2_000, totalTimeoutMs: 20_000 } as const;

const step = (report: CheckReport, name: string): StepResult => {
  const found = report.steps.find((s) => s.name === name);
  if (!found) throw new Error(`no step "${name}" in ${report.steps.map((s) => s.name).join(', ')}`);
  return found;
};
const failures = (report: CheckReport) => report.steps.filter((s) => s.status === 'fail').map((s) => `${s.name}: ${s.reason}`);

// ---------------------------------------------------------------------------------------------
// The lifecycle tables (schemas/*/states.ts)
// ---------------------------------------------------------------------------------------------

describe('task lifecycle tables', () => {
  const tables = [
    { name: 'a2a', states: a2aStates, schema: a2a.definitions.TaskState },
    { name: 'bindu', states: binduStates, schema: bindu.definitions.TaskState },
  ];

  it.each(tables)('$name: every TaskState value has a row, and only those', ({ states, schema }) => {
    const values = schema.anyOf.map((literal: { const: string }) => literal.const);
    expect([...states.TASK_STATES]).toEqual(values);
    expect(Object.keys(states.TRANSITIONS).sort()).toEqual([...values].sort());
    for (const targets of Object.values(states.TRANSITIONS) as (readonly string[])[]) {
      for (const target of targets) expect(values).toContain(target);
    }
  });

  it.each(tables)('$name: terminal states have no successor; every other state can still end', ({ states }) => {
    const rows = states.TRANSITIONS as Record<string, readonly string[]>;
    expect([...states.TERMINAL_STATES].sort()).toEqual(['canceled', 'completed', 'failed', 'rejected']);
    for (const state of states.TERMINAL_STATES) expect(rows[state]).toEqual([]);
    for (const state of states.TASK_STATES.filter((s: string) => !states.TERMINAL_STATES.includes(s as never))) {
      expect(
        rows[state]!.some((next) => states.TERMINAL_STATES.includes(next as never)),
        state,
      ).toBe(true);
      expect(rows[state], state).not.toContain(state);
    }
  });

  it('a2a: interrupted states resume to working; nothing returns to submitted', () => {
    expect([...a2aStates.INTERRUPTED_STATES]).toEqual(['input-required', 'auth-required']);
    for (const state of a2aStates.INTERRUPTED_STATES) expect(a2aStates.TRANSITIONS[state]).toContain('working');
    for (const state of ['working', 'input-required', 'auth-required'] as const)
      expect(a2aStates.TRANSITIONS[state]).not.toContain('submitted');
    const l = lifecycleOf('a2a');
    expect(canTransition(l, 'working', 'working')).toBe(true);
    expect(canTransition(l, 'completed', 'completed')).toBe(true);
    expect(canTransition(l, 'completed', 'working')).toBe(false);
    expect(canTransition(l, 'working', 'submitted')).toBe(false);
  });

  it('bindu: A2A states plus the eight Bindu ones; payment and trust verification wait on the client', () => {
    expect(binduStates.TASK_STATES.length).toBe(17);
    for (const state of a2aStates.TASK_STATES) expect(binduStates.TASK_STATES).toContain(state);
    expect(binduStates.INTERRUPTED_STATES).toEqual(expect.arrayContaining(['payment-required', 'trust-verification-required']));
    expect(canTransition(lifecycleOf('bindu'), 'working', 'submitted')).toBe(true);
    expect(canTransition(lifecycleOf('bindu'), 'negotiation-bid-won', 'working')).toBe(true);
    expect(canTransition(lifecycleOf('bindu'), 'canceled', 'resumed')).toBe(false);
  });

  it('the tables are plain data: not TypeBox schemas, so no variant defines them', () => {
    for (const name of ['TERMINAL_STATES', 'INTERRUPTED_STATES', 'TRANSITIONS', 'TASK_STATES']) {
      expect(a2a.definitions).not.toHaveProperty(name);
      expect(bindu.definitions).not.toHaveProperty(name);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// SSE parsing and the stream sequence
// ---------------------------------------------------------------------------------------------

describe('SSE parser', () => {
  const parse = (...chunks: string[]) => {
    const parser = new SseParser();
    return [...chunks.flatMap((chunk) => parser.feed(chunk)), ...parser.end()];
  };

  it('splits events on blank lines and joins multi-line data with LF', () => {
    expect(parse('data: {"a":\ndata: 1}\n\ndata: two\n\n')).toEqual([
      { event: 'message', data: '{"a":\n1}' },
      { event: 'message', data: 'two' },
    ]);
  });

  it('accepts CRLF and CR line ends, also split across chunks, and a leading BOM', () => {
    expect(parse('\ufeffdata: a\r', '\n\r\n', 'data: b\r\r')).toEqual([
      { event: 'message', data: 'a' },
      { event: 'message', data: 'b' },
    ]);
  });

  it('reads event and id fields, drops comments, one leading space and events without data', () => {
    expect(parse(': keep-alive\n\nevent: error\nid: 7\ndata:  two spaces\n\nevent: empty\n\n')).toEqual([
      { event: 'error', data: ' two spaces', id: '7' },
    ]);
  });

  it('drops an event the stream ends in the middle of', () => {
    expect(parse('data: whole\n\ndata: half')).toEqual([{ event: 'message', data: 'whole' }]);
  });
});

describe('stream sequence', () => {
  const task = (state: string, id = 't1') => ({ kind: 'task', id, contextId: 'c1', status: { state } });
  const status = (state: string, final = false, taskId = 't1') => ({
    kind: 'status-update',
    taskId,
    contextId: 'c1',
    status: { state },
    final,
  });
  const artifact = { kind: 'artifact-update', taskId: 't1', contextId: 'c1', artifact: { artifactId: 'a', parts: [] } };
  const run = (variant: 'a2a' | 'bindu', ...results: unknown[]) => {
    const sequence = new StreamSequence(lifecycleOf(variant));
    return [...results.flatMap((result) => sequence.add(result)), ...sequence.end()];
  };

  it('accepts a Task and its updates up to a final event, and a single Message', () => {
    expect(run('a2a', task('submitted'), status('working'), artifact, status('completed', true))).toEqual([]);
    expect(run('a2a', task('submitted'), status('input-required', true))).toEqual([]);
    expect(run('a2a', { kind: 'message', messageId: 'm', role: 'agent', parts: [] })).toEqual([]);
  });

  it('reports an event after the final one', () => {
    expect(run('a2a', task('submitted'), status('completed', true), status('completed'))).toEqual([
      'event 3 (status-update completed) arrives after the final event 2',
    ]);
  });

  it('keeps terminal states terminal; a restatement of the same state is allowed', () => {
    expect(run('a2a', task('submitted'), status('failed'), status('failed', true))).toEqual([]);
    expect(run('a2a', task('submitted'), status('completed'), status('working', true))[0]).toMatch(
      /^event 3 \(status-update working, final\) arrives after the task reached completed at event 2; a terminal state is final/,
    );
  });

  it('applies the variant table: a2a never goes back to submitted, bindu may', () => {
    expect(run('a2a', task('working'), status('submitted'), status('completed', true))[0]).toMatch(
      /moves the task from working to submitted/,
    );
    expect(run('bindu', task('working'), status('submitted'), status('completed', true))).toEqual([]);
  });

  it('reports a stream that ends early, changes task, or carries a second Message', () => {
    expect(run('a2a', task('submitted'), status('working'))).toEqual([
      'the stream closed after 2 events while the task was working, with no final event',
    ]);
    expect(run('a2a')).toEqual(['the stream closed without sending any event']);
    expect(run('a2a', task('submitted'), status('completed', true, 't2'))[0]).toMatch(/is about task t2, but the stream is about task t1/);
    const message = { kind: 'message', messageId: 'm', role: 'agent', parts: [] };
    expect(run('a2a', message, message)[0]).toMatch(/follows the Message of event 1/);
  });
});

// ---------------------------------------------------------------------------------------------
// Against a real A2A v0.3 server: @a2a-js/sdk 0.3.x
// ---------------------------------------------------------------------------------------------

describe('check-server against the @a2a-js/sdk echo server', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startEchoServer({ streaming: true, pushNotifications: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('under --variant a2a it fails only where the SDK departs from the spec; what an agent that finishes at once cannot show is skipped, saying so', async () => {
    const report = await checkServer(server.url, FAST);
    // The same departures as the SDK agents of check-server-wires.test.ts, each pinned there or below.
    expect(report.steps.filter((s) => s.status === 'fail').map((s) => s.name)).toEqual([
      'id that is an object',
      'notification (no id)',
      'a message without parts',
      'probes: message/send (6 invalid params)',
      'probes: message/stream (2 invalid params)',
    ]);
    // Each FAIL names its clause; historyLength 0 answered with the whole history is a SHOULD: WARN.
    for (const failed of report.steps.filter((s) => s.status === 'fail'))
      expect(failed.clause, failed.name).toMatch(/JSON-RPC 2\.0 §|A2A v0\.3\.0 §/);
    expect(report.steps.filter((s) => s.status === 'warn').map((s) => s.name)).toEqual([
      'message/send historyLength 0',
      'tasks/get historyLength 0',
    ]);
    expect(step(report, 'tasks/get historyLength 0').clause).toMatch(/^A2A v0\.3\.0 §7\.3\.1/);
    // A fractional id echoed back is lawful (JSON-RPC 2.0 §4: SHOULD NOT send, MUST echo).
    expect(step(report, 'id with a fraction')).toMatchObject({ status: 'pass', notes: [expect.stringMatching(/id echoed/)] });
    expect(step(report, 'probes: message/send (6 invalid params)').reason).toContain('accepted check-server-part-without-kind');
    // The SDK refuses a message to a completed task; the file by URI is fetched from check-server itself.
    expect(step(report, 'message/send to a task in a terminal state').status).toBe('pass');
    expect(step(report, 'message/send (file by URI)').status).toBe('pass');
    // The echo agent completes every task at once: no task waits for input, none stays running.
    expect(step(report, 'message/send continuing a task (taskId)')).toMatchObject({
      status: 'skip',
      reason: expect.stringMatching(/^the agent finished the task at once \(completed\) and never asks for input/),
    });
    expect(step(report, 'tasks/get multi-turn history in order').status).toBe('skip');
    expect(step(report, 'tasks/cancel a running task')).toMatchObject({
      status: 'skip',
      reason: expect.stringMatching(/^the task finished \(completed\) before it could be canceled, so TaskNotCancelableError is what/),
    });
    expect(step(report, 'tasks/resubscribe to a live task').status).toBe('skip');
    for (const name of [
      'agent card',
      'message/send (text part)',
      'message/send (data part)',
      'tasks/get (historyLength)',
      'tasks/get on an unknown task',
      'tasks/cancel on a finished task',
      'unknown method',
      'malformed JSON',
    ]) {
      expect(step(report, name).status, name).toBe('pass');
    }
    for (const name of [
      'tasks/pushNotificationConfig/set',
      'tasks/pushNotificationConfig/get',
      'tasks/pushNotificationConfig/list',
      'tasks/pushNotificationConfig/delete',
      'push notifications reach the webhook',
    ]) {
      expect(step(report, name).status, name).toBe('pass');
    }
    expect(report.endpoint).toBe(`${server.url}/`);
    expect(step(report, 'message/stream').notes.join('\n')).toMatch(
      /Task \(submitted\) → status-update working → artifact-update → status-update completed, final/,
    );
  }, 30_000);

  it('without --variant its plain v0.3 card is checked as a2a, the reason saying no Bindu-only field decided', async () => {
    const report = await checkServer(server.url, { timeoutMs: 2_000, totalTimeoutMs: 20_000, probes: 'none' });
    expect(report.variant).toBe('a2a');
    expect(report.variantReason).toMatch(/^variant a2a: .*nothing only a Bindu card has \(agentTrust, kind, a Bindu extension\)$/);
    expect(report.steps.filter((s) => s.status === 'fail').map((s) => s.name)).toEqual(['id that is an object', 'notification (no id)']);
  }, 30_000);

  it('under --variant bindu it reports what a plain A2A server lacks', async () => {
    const report = await checkServer(server.url, { variant: 'bindu', timeoutMs: 2_000, totalTimeoutMs: 20_000 });
    expect(report.variant).toBe('bindu');
    expect(report.ok).toBe(false);
    expect(step(report, 'agent card').reason).toMatch(/does not validate as a bindu AgentCard/);
    // Bindu clients name the task (Message.taskId is required); the SDK only continues tasks it knows.
    expect(step(report, 'message/send (text part)').reason).toMatch(/expected a result, got error -32001/);
  }, 30_000);

  it("every request and response of the SDK's own client validates under a2a", async () => {
    interface Exchange {
      url: string;
      request?: { method?: string };
      status: number;
      contentType: string;
      body: string;
    }
    const exchanges: Exchange[] = [];
    const reads: Promise<void>[] = [];
    const capture: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const entry: Exchange = {
        url: input instanceof Request ? input.url : String(input),
        ...(typeof init?.body === 'string' ? { request: JSON.parse(init.body) } : {}),
        status: response.status,
        contentType: response.headers.get('content-type') ?? '',
        body: '',
      };
      exchanges.push(entry);
      reads.push(
        response
          .clone()
          .text()
          .then((text) => void (entry.body = text)),
      );
      return response;
    };
    const factory = new ClientFactory({
      transports: [new JsonRpcTransportFactory({ fetchImpl: capture })],
      cardResolver: new DefaultAgentCardResolver({ fetchImpl: capture }),
    });
    const client = await factory.createFromUrl(server.url);
    const message = (parts: Message['parts']): MessageSendParams => ({
      message: { kind: 'message', messageId: randomUUID(), role: 'user', parts },
    });

    const first = (await client.sendMessage(message([{ kind: 'text', text: 'hello' }]))) as Task;
    expect(first.kind).toBe('task');
    const second = (await client.sendMessage(message([{ kind: 'data', data: { n: 1 } }]))) as Task;
    expect(second.status.state).toBe('completed');
    const read = await client.getTask({ id: first.id, historyLength: 1 });
    expect(read.history).toHaveLength(1);
    await expect(client.cancelTask({ id: first.id })).rejects.toThrow();
    const events: string[] = [];
    for await (const event of client.sendMessageStream(message([{ kind: 'text', text: 'stream' }]))) events.push(event.kind);
    expect(events).toEqual(['task', 'status-update', 'artifact-update', 'status-update']);
    const config = { taskId: first.id, pushNotificationConfig: { id: randomUUID(), url: 'http://127.0.0.1:9/hook', token: 't' } };
    await client.setTaskPushNotificationConfig(config);
    // The SDK's Client types this params as TaskIdParams; the wire (and its transport) take GetTaskPushNotificationConfigParams.
    await client.getTaskPushNotificationConfig({ id: first.id, pushNotificationConfigId: config.pushNotificationConfig.id } as {
      id: string;
    });
    expect(await client.listTaskPushNotificationConfig({ id: first.id })).toHaveLength(1);
    await client.deleteTaskPushNotificationConfig({ id: first.id, pushNotificationConfigId: config.pushNotificationConfig.id });
    for await (const event of client.resubscribeTask({ id: first.id })) events.push(`resubscribed ${event.kind}`);
    expect(events.at(-1)).toBe('resubscribed task');
    await Promise.all(reads);

    const problems: string[] = [];
    const check = (what: string, verdict: { valid: boolean; errors: readonly { path: string; message: string }[] }) => {
      if (!verdict.valid) problems.push(`${what}: ${verdict.errors.map((e) => `${e.path} ${e.message}`).join('; ')}`);
    };
    const methods = new Set<string>();
    for (const exchange of exchanges) {
      if (!exchange.request) {
        check(`GET ${exchange.url}`, validate('AgentCard', JSON.parse(exchange.body), { variant: 'a2a' }));
        continue;
      }
      const method = exchange.request.method!;
      methods.add(method);
      check(`${method} request`, validateMessage(exchange.request, { variant: 'a2a' }));
      if (exchange.contentType.startsWith('text/event-stream')) {
        const parser = new SseParser();
        const sse = [...parser.feed(exchange.body), ...parser.end()];
        expect(sse.length, method).toBeGreaterThan(0);
        sse.forEach((event, i) => {
          check(`${method} event ${i + 1}`, validateMessage(JSON.parse(event.data), { variant: 'a2a', method }));
        });
      } else {
        check(`${method} response`, validateMessage(JSON.parse(exchange.body), { variant: 'a2a', method }));
      }
    }
    expect(problems).toEqual([]);
    expect([...methods].sort()).toEqual([
      'message/send',
      'message/stream',
      'tasks/cancel',
      'tasks/get',
      'tasks/pushNotificationConfig/delete',
      'tasks/pushNotificationConfig/get',
      'tasks/pushNotificationConfig/list',
      'tasks/pushNotificationConfig/set',
      'tasks/resubscribe',
    ]);
  }, 30_000);

  describe('where @a2a-js/sdk 0.3.x departs from the spec (pinned, so a fix shows up here)', () => {
    const post = async (body: unknown) => {
      const response = await fetch(`${server.url}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(5_000),
      });
      return { status: response.status, text: await response.text() };
    };
    const json = async (body: unknown) => JSON.parse((await post(body)).text) as Record<string, any>;
    const userMessage = (parts: unknown) => ({ kind: 'message', messageId: randomUUID(), role: 'user', parts });
    let taskId: string;
    beforeAll(async () => {
      taskId = (
        await json({ jsonrpc: '2.0', id: 1, method: 'message/send', params: { message: userMessage([{ kind: 'text', text: 'x' }]) } })
      ).result.id;
    });

    it('DEVIATION historyLength 0: tasks/get returns the whole history instead of none (history.slice(-0))', async () => {
      const answer = await json({ jsonrpc: '2.0', id: 2, method: 'tasks/get', params: { id: taskId, historyLength: 0 } });
      expect(answer.result.history.length).toBeGreaterThan(0);
    });

    it('DEVIATION an unknown method without params answers -32602 (params checked first), not -32601', async () => {
      const answer = await json({ jsonrpc: '2.0', id: 3, method: 'bindu-protocol/no-such-method' });
      expect(answer.error.code).toBe(-32602);
      expect((await json({ jsonrpc: '2.0', id: 4, method: 'bindu-protocol/no-such-method', params: {} })).error.code).toBe(-32601);
    });

    it('DEVIATION message/send without a message answers -32603 (a TypeError), not -32602', async () => {
      const answer = await json({ jsonrpc: '2.0', id: 5, method: 'message/send', params: {} });
      expect(answer.error.code).toBe(-32603);
      expect(answer.error.message).toMatch(/Cannot read properties of undefined/);
    });

    it('DEVIATION parts that are not an array are not rejected: the agent crashes and the answer is a failed Task that does not validate', async () => {
      const answer = await json({ jsonrpc: '2.0', id: 6, method: 'message/send', params: { message: userMessage('not-an-array') } });
      expect(answer.error).toBeUndefined();
      expect(answer.result.status.state).toBe('failed');
      // The failed Task gets a fresh id, not the one stamped on the message in its own history.
      expect(answer.result.history[0].taskId).not.toBe(answer.result.id);
      const verdict = validateMessage(answer, { variant: 'a2a', method: 'message/send' });
      expect(verdict.valid).toBe(false);
      expect(verdict.errors.map((e) => e.path)).toContain('/result/history/0/parts');
    });

    it('DEVIATION a request without id (which A2A does not allow) is answered, with id null, instead of -32600', async () => {
      const answer = await json({ jsonrpc: '2.0', method: 'tasks/get', params: { id: taskId } });
      expect(answer.id).toBeNull();
      expect(answer.result.id).toBe(taskId);
    });

    it('DEVIATION an error inside a stream drops the request id 0 (`id || null`)', async () => {
      const { text } = await post({
        jsonrpc: '2.0',
        id: 0,
        method: 'message/stream',
        params: { message: { ...userMessage([{ kind: 'text', text: 'x' }]), taskId: 'no-such-task' } },
      });
      const parser = new SseParser();
      const [event] = parser.feed(text);
      expect(event!.event).toBe('error');
      expect(JSON.parse(event!.data)).toMatchObject({ id: null, error: { code: -32001 } });
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Against a server that breaks the protocol
// ---------------------------------------------------------------------------------------------

describe('check-server against a server that breaks the protocol', () => {
  const servers: RunningServer[] = [];
  const start = async (...faults: Fault[]) => {
    const server = await startBrokenServer(faults);
    servers.push(server);
    return server;
  };
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });

  it('passes when nothing is broken (push not claimed: its MethodNotFound is lawful on v0.3), and twice in a row alike', async () => {
    const url = (await start()).url;
    const report = await checkServer(url, FAST);
    expect(failures(report)).toEqual([]);
    expect(report.steps.filter((s) => s.status === 'warn')).toEqual([]);
    expect(step(report, 'push notifications not claimed')).toMatchObject({
      status: 'pass',
      notes: expect.arrayContaining(['answered MethodNotFound: on A2A v0.3 the method is optional']),
    });
    const again = await checkServer(url, FAST);
    expect(again.steps.map((s) => [s.name, s.status])).toEqual(report.steps.map((s) => [s.name, s.status]));
  }, 30_000);

  const cases: { fault: Fault; step: string; reason: RegExp }[] = [
    { fault: 'wrong-state', step: 'message/send (text part)', reason: /^the response does not validate: \/result\/status\/state .*"done"/ },
    { fault: 'missing-kind', step: 'message/send (text part)', reason: /^the response does not validate: \/result .*required.*"kind"/ },
    {
      fault: 'wrong-error-code',
      step: 'tasks/cancel on a finished task',
      reason: /^expected error -32002, got -32001 \("Task not found"\)$/,
    },
    { fault: 'event-after-final', step: 'message/stream', reason: /^event 5 \(status-update completed\) arrives after the final event 4$/ },
    {
      fault: 'terminal-changes',
      step: 'message/stream',
      reason: /event 5 \(status-update working\) arrives after the task reached completed at event 4; a terminal state is final/,
    },
  ];
  it.each(cases)(
    '$fault: "$step" fails and names it',
    async ({ fault, step: name, reason }) => {
      const report = await checkServer((await start(fault)).url, FAST);
      expect(report.ok).toBe(false);
      expect(step(report, name)).toMatchObject({ status: 'fail' });
      expect(step(report, name).reason).toMatch(reason);
    },
    20_000,
  );

  it('hang-request: a request that never answers fails after the request timeout, and the run goes on', async () => {
    const started = Date.now();
    const report = await checkServer((await start('hang-request')).url, { ...FAST, timeoutMs: 400 });
    expect(Date.now() - started).toBeLessThan(12_000); // bounded (a hang never ends), with room for a loaded machine
    expect(step(report, 'tasks/get (historyLength)')).toMatchObject({ status: 'fail', reason: 'no answer within 400 ms' });
    expect(step(report, 'tasks/cancel on a finished task').status).toBe('pass');
  }, 20_000);

  it('hang-stream: a stream that stops sending fails after the idle timeout', async () => {
    const started = Date.now();
    const report = await checkServer((await start('hang-stream')).url, { ...FAST, timeoutMs: 400 });
    expect(Date.now() - started).toBeLessThan(12_000); // bounded (a hang never ends), with room for a loaded machine
    expect(step(report, 'message/stream')).toMatchObject({
      status: 'fail',
      reason: 'no event for 400 ms after event 1 (task submitted): the stream hangs',
    });
  }, 20_000);

  it('open-after-final: a stream the server keeps open after the final event fails after the idle timeout', async () => {
    const report = await checkServer((await start('open-after-final')).url, { ...FAST, timeoutMs: 400 });
    expect(step(report, 'message/stream').reason).toBe(
      'the stream stayed open more than 400 ms after its last event (event 4) although the stream was over',
    );
  }, 20_000);

  it('the overall bound stops the run: steps left over fail as not run', async () => {
    const started = Date.now();
    const report = await checkServer((await start('hang-request')).url, { variant: 'a2a', timeoutMs: 5_000, totalTimeoutMs: 600 });
    expect(Date.now() - started).toBeLessThan(12_000); // bounded (a hang never ends), with room for a loaded machine
    expect(step(report, 'tasks/get (historyLength)').reason).toBe('stopped: the overall time limit of 600 ms was reached');
    expect(step(report, 'message/stream').reason).toBe('not run: the overall time limit of 600 ms was reached');
    expect(report.ok).toBe(false);
  }, 20_000);

  it('a body over the byte cap fails without being read whole', async () => {
    const report = await checkServer((await start('huge-body')).url, { ...FAST, maxBytes: 100_000 });
    expect(step(report, 'message/send (text part)').reason).toMatch(/more than the 100000-byte limit/);
  }, 20_000);

  it('falls back to /.well-known/agent.json and says so', async () => {
    const report = await checkServer((await start('legacy-card-path')).url, FAST);
    expect(step(report, 'agent card').status).toBe('pass');
    expect(step(report, 'agent card').notes.join('\n')).toMatch(/older path \/\.well-known\/agent\.json/);
    expect(report.cardUrl).toMatch(/\/\.well-known\/agent\.json$/);
    expect(report.ok).toBe(true);
  }, 20_000);

  it('refuses a redirect to another host and probes nothing else', async () => {
    const report = await checkServer((await start('redirect-off-host')).url, FAST);
    expect(step(report, 'agent card').reason).toMatch(
      /^refused a redirect to another host \(http:\/\/localhost:\d+\/\.well-known\/agent\.json\)$/,
    );
    expect(report.steps.slice(1).every((s) => s.status === 'skip')).toBe(true);
  }, 20_000);

  it('reads multi-line SSE data as the SSE standard says; the SDK client does not (DEVIATION of its parser)', async () => {
    const server = await start('multiline-sse');
    const report = await checkServer(server.url, FAST);
    expect(step(report, 'message/stream').status).toBe('pass');
    const client = await new ClientFactory().createFromUrl(server.url);
    const stream = client.sendMessageStream({
      message: { kind: 'message', messageId: randomUUID(), role: 'user', parts: [{ kind: 'text', text: 'x' }] },
    });
    await expect(
      (async () => {
        for await (const _ of stream) {
          // the first event already fails to parse
        }
      })(),
    ).rejects.toThrow(/Failed to parse SSE event data/);
  }, 20_000);
});

describe('checkServer input errors', () => {
  it('a bad URL or variant is a usage error; an unreachable server a connection error', async () => {
    await expect(checkServer('not a url')).rejects.toMatchObject({ kind: 'usage' });
    await expect(checkServer('ftp://127.0.0.1/')).rejects.toMatchObject({ kind: 'usage' });
    await expect(checkServer('http://127.0.0.1:1/', { variant: 'nope' as never })).rejects.toMatchObject({ kind: 'usage' });
    const port = await freePort();
    const error = await checkServer(`http://127.0.0.1:${port}/`, FAST).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CheckServerError);
    expect(error).toMatchObject({
      kind: 'connection',
      message: `cannot reach http://127.0.0.1:${port}/: connection refused by 127.0.0.1:${port}`,
    });
  }, 20_000);
});

// ---------------------------------------------------------------------------------------------
// The command line (dist/src/bin.js, as CI builds it before testing)
// ---------------------------------------------------------------------------------------------

/** A port nothing listens on (taken and released). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Runs the built CLI without blocking this process (the servers live here). */
function cliAsync(args: string[], timeoutMs = 20_000): Promise<{ status: number | null; stdout: string; stderr: string; ms: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [join(ROOT, 'dist', 'src', 'bin.js'), ...args], { cwd: ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const killer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (status) => {
      clearTimeout(killer);
      resolve({ status, stdout, stderr, ms: Date.now() - started });
    });
  });
}

describe('bindu-protocol check-server (CLI)', () => {
  let echo: RunningServer;
  let broken: RunningServer;
  let correct: RunningServer;
  let dir: string;
  beforeAll(async () => {
    echo = await startEchoServer();
    correct = await startBrokenServer();
    broken = await startBrokenServer(['wrong-error-code', 'event-after-final']);
    dir = mkdtempSync(join(tmpdir(), 'check-server-'));
  });
  afterAll(async () => {
    await Promise.all([echo?.close(), broken?.close(), correct?.close()]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('exit 0 against a correct server: one line per step, then the summary', async () => {
    const junit = join(dir, 'pass.xml');
    const result = await cliAsync(['check-server', correct.url, '--variant', 'a2a', '--junit', junit, '--timeout', '2s']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const heads = result.stdout.split('\n').filter((line) => /^(PASS|FAIL|WARN|SKIP) {2}/.test(line));
    const summary = /\n(\d+) passed, 0 failed, 0 warned, (\d+) skipped \(a2a, \d+\.\d s\)\n$/.exec(result.stdout);
    expect(summary).not.toBeNull();
    const [passed, skipped] = [Number(summary![1]), Number(summary![2])];
    expect(heads).toHaveLength(passed + skipped);
    expect(result.stdout.split('\n')[0]).toBe('variant a2a (--variant), A2A v0.3 wire');
    expect(heads[0]).toBe('PASS  card.agent-card  agent card');
    expect(heads).toContain('PASS  message.send-text-part  message/send (text part)');
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toMatch(
      new RegExp(`<testsuites name="bindu-protocol check-server" tests="${passed + skipped}" failures="0" errors="0" skipped="${skipped}"`),
    );
    expect(xml.match(/<testcase /g)).toHaveLength(passed + skipped);
  }, 30_000);

  it('--report github adds one ::error per FAIL (title the step, message the reason and clause), exit code unchanged', async () => {
    const result = await cliAsync(['check-server', broken.url, '--variant=a2a', '--timeout', '500ms', '--report', 'github']);
    expect(result.status).toBe(1);
    const lines = result.stdout.split('\n').filter((line) => line.startsWith('::'));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(
      '::error title=cancel.cancel-on-a-finished-task::tasks/cancel on a finished task: expected error -32002, got -32001 ("Task not found") [A2A v0.3.0 §7.4, §8.2 (-32002)]',
    );
    expect(result.stdout).toMatch(/\n\d+ passed, 3 failed, 0 warned, \d+ skipped \(a2a, [^\n]*\n::error /);
    const bad = await cliAsync(['check-server', broken.url, '--report', 'gitlab']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/option --report needs github \(got "gitlab"\)/);
  }, 30_000);

  it('exit 1 naming each failure; --json and --junit carry the same verdicts', async () => {
    const result = await cliAsync(['check-server', broken.url, '--variant=a2a', '--timeout', '500ms']);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(
      'FAIL  cancel.cancel-on-a-finished-task  tasks/cancel on a finished task: expected error -32002, got -32001 ("Task not found") [A2A v0.3.0 §7.4, §8.2 (-32002)]\n',
    );
    expect(result.stdout).toContain(
      'FAIL  streaming.stream  message/stream: event 5 (status-update completed) arrives after the final event 4 [A2A v0.3.0 §7.2, §7.9 (message/stream, tasks/resubscribe)]\n',
    );
    expect(result.stdout).toContain('PASS  push.push-notifications-not-claimed  push notifications not claimed\n');
    expect(result.stdout).toMatch(/\n\d+ passed, 3 failed, 0 warned, \d+ skipped \(a2a, /);

    const json = await cliAsync(['check-server', broken.url, '--variant', 'a2a', '--json']);
    expect(json.status).toBe(1);
    const report = JSON.parse(json.stdout) as CheckReport;
    expect(report.failed).toBe(3);
    expect(report.steps.filter((s) => s.status === 'fail').map((s) => s.name)).toEqual([
      'tasks/cancel on a finished task',
      'message/stream',
      'two streams at once',
    ]);
    // A FAIL carries its clause, the request sent and the answer received, in --json and in the JUnit failure body.
    const cancel = report.steps.find((s) => s.name === 'tasks/cancel on a finished task')!;
    expect(cancel.clause).toBe('A2A v0.3.0 §7.4, §8.2 (-32002)');
    expect(cancel.exchange?.request).toMatch(/^POST http:\/\/127\.0\.0\.1:\d+\/rpc\n\{"jsonrpc":"2\.0","id":\d+,"method":"tasks\/cancel"/);
    expect(cancel.exchange?.answer).toMatch(/^HTTP 200 application\/json\n\{.*"code":-32001/);
    const xml = checkServerJUnit(report);
    expect(xml.match(/<failure /g)).toHaveLength(3);
    expect(xml).toContain('clause: A2A v0.3.0 §7.4, §8.2 (-32002)\nrequest:\nPOST http://127.0.0.1:');
    // The suite's name is the same on every run (issue 23): the variant and binding; the URL a property.
    expect(xml).toContain('<testsuite name="check-server a2a jsonrpc"');
    expect(xml).toContain(`<property name="url" value="${broken.url}/"/>`);
  }, 30_000);

  it('exit 2 for usage errors, a bad URL and an unreachable server', async () => {
    const port = await freePort();
    const usage = [
      ['check-server'],
      ['check-server', 'a', 'b'],
      ['check-server', 'not a url'],
      ['check-server', 'ftp://127.0.0.1/'],
      ['check-server', echo.url, '--variant', 'nope'],
      ['check-server', echo.url, '--only', 'nope'],
      ['check-server', echo.url, '--timeout', 'soon'],
      ['check-server', echo.url, '--junit', join(dir, 'missing', 'x.xml')],
    ];
    const [unreachable, help, ...results] = await Promise.all([
      cliAsync(['check-server', `http://127.0.0.1:${port}`]),
      cliAsync(['check-server', '--help']),
      ...usage.map((args) => cliAsync(args)),
    ]);
    usage.forEach((args, i) => {
      const result = results[i]!;
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stdout, args.join(' ')).toBe('');
      expect(result.stderr, args.join(' ')).toMatch(/^bindu-protocol: .+\nRun 'bindu-protocol --help' for usage\.\n$/);
    });
    expect(unreachable!.status).toBe(2);
    expect(unreachable!.stdout).toBe('');
    expect(unreachable!.stderr).toBe(`bindu-protocol: cannot reach http://127.0.0.1:${port}/: connection refused by 127.0.0.1:${port}\n`);
    expect(help!.status).toBe(0);
    expect(help!.stdout).toMatch(/^usage: bindu-protocol check-server URL/);
  }, 60_000);
});
