/**
 * The proxy on the HTTP+JSON binding: the SDK REST clients of both lines (0.3's RestTransportFactory,
 * 1.x's RestTransportFactory) talk through the proxy to the SDK REST servers
 * (test/fixtures/servers/sdk-agents.ts, `rest: true`); each exchange is found as its operation from
 * the verb and the path, its bodies and stream events validated; `--record` writes REST lines that
 * `validate --ndjson` checks against their operations.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientFactory, ClientFactoryOptions, RestTransportFactory } from '@a2a-js/sdk/client';
import {
  ClientFactory as ClientFactoryV1,
  ClientFactoryOptions as ClientFactoryOptionsV1,
  RestTransportFactory as RestTransportFactoryV1,
} from '@a2a-js/sdk-v1/client';
import { Role, type SendMessageRequest } from '@a2a-js/sdk-v1';
import type { ExchangeReport } from '../../../src/commands/proxy/exchange.js';
import { checkRestBody, matchRest } from '../../../src/commands/proxy/rest-exchange.js';
import { startSdkV03Agent, startSdkV1Agent, type SdkAgent } from '../../fixtures/servers/sdk-agents.js';
import { cli } from '../../helpers.js';
import { reportedProxy, type ReportedProxy } from '../../fixtures/reported-proxy.js';

const issuesOf = (reports: readonly ExchangeReport[]) =>
  reports.flatMap((report) =>
    [...report.errors, ...report.warnings].map((entry) => `${report.method} ${entry.part} ${entry.path} ${entry.message}`),
  );

describe('the operation from the verb and the path', () => {
  it("templates, the most literal first, the /{tenant} forms, under the card's base path", () => {
    expect(matchRest('a2a-v1', 'POST', '/a2a/rest/tasks/t-1:cancel', ['/a2a/rest'])?.operationId).toBe('CancelTask');
    expect(matchRest('a2a-v1', 'GET', '/a2a/rest/tasks/t-1?historyLength=2', ['/a2a/rest'])?.operationId).toBe('GetTask');
    expect(matchRest('a2a-v1', 'GET', '/a2a/rest/acme/tasks/t-1', ['/a2a/rest'])?.operationId).toBe('GetTaskForTenant');
    expect(matchRest('a2a-v1', 'DELETE', '/tasks/t-1/pushNotificationConfigs/c-1', [])?.operationId).toBe(
      'DeleteTaskPushNotificationConfig',
    );
    expect(matchRest('a2a', 'GET', '/rest/v1/tasks/t-1:subscribe', ['/rest'])?.operationId).toBe('TaskSubscription');
    expect(matchRest('a2a', 'POST', '/rest/v1/message:send', ['/rest'])?.operationId).toBe('SendMessage');
    expect(matchRest('a2a', 'POST', '/', ['/rest'])).toBeUndefined();
    expect(matchRest('a2a', 'PUT', '/rest/v1/message:send', ['/rest'])).toBeUndefined();
  });
});

describe('the proxy between the 0.3 REST client and the 0.3 restHandler', () => {
  let agent: SdkAgent;
  let run: ReportedProxy;
  let dir: string;
  let record: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bindu-proxy-rest-'));
    record = join(dir, 'v03-rest.ndjson');
    agent = await startSdkV03Agent({ rest: true });
    // A plain A2A v0.3 agent: its card would choose bindu, whose card requires more.
    run = await reportedProxy({ target: agent.url, record, variant: 'a2a' });
  });
  afterAll(async () => {
    await run?.proxy.close();
    await agent?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('every REST exchange is found as its operation and valid; the record validates with validate --ndjson', async () => {
    const factory = new ClientFactory(
      ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
        transports: [new RestTransportFactory()],
        preferredTransports: ['HTTP+JSON'],
      }),
    );
    const client = await factory.createFromUrl(run.proxy.url);
    const task = (await client.sendMessage({
      message: { kind: 'message', messageId: randomUUID(), role: 'user', parts: [{ kind: 'text', text: 'through the proxy' }] },
    })) as { kind: string; id: string };
    expect(task.kind).toBe('task');
    const got = await client.getTask({ id: task.id, historyLength: 1 });
    expect(got.id).toBe(task.id);
    const events: unknown[] = [];
    for await (const event of client.sendMessageStream({
      message: { kind: 'message', messageId: randomUUID(), role: 'user', parts: [{ kind: 'text', text: 'stream it' }] },
    }))
      events.push(event);
    expect(events.length).toBeGreaterThanOrEqual(3);
    await expect(client.getTask({ id: 'no-such-task' })).rejects.toThrow();
    await run.settled(5);

    const methods = run.reports.map((report) => report.method);
    expect(methods).toEqual(
      expect.arrayContaining(['agent card', 'SendMessage (HTTP+JSON)', 'GetTask (HTTP+JSON)', 'SendStreamingMessage (HTTP+JSON)']),
    );
    expect(issuesOf(run.reports)).toEqual([]);
    for (const report of run.reports) expect(report.verdict, report.method).toBe('valid');
    expect(run.reports.find((report) => report.method === 'SendStreamingMessage (HTTP+JSON)')!.events).toBe(events.length);

    const lines = readFileSync(record, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { operation: string; part: string; status?: number });
    expect(lines.map((line) => `${line.operation} ${line.part}`)).toEqual(
      expect.arrayContaining([
        'SendMessage request',
        'SendMessage response',
        'GetTask response',
        'SendStreamingMessage response',
        'GetTask error',
      ]),
    );
    expect(lines.find((line) => line.part === 'error')!.status).toBe(404);
    const checked = cli(['validate', '--ndjson', '--variant', 'a2a', '--json', record]);
    expect(checked.stderr).toBe('');
    expect(checked.status).toBe(0);
    expect(checked.stdout.trim().split('\n')).toHaveLength(lines.length);
  });

  it('the JSON-RPC shape on the REST wire is reported invalid, at the request, with the path', async () => {
    const before = run.reports.length;
    const answer = await fetch(`${run.proxy.url}/rest/v1/message:send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: { kind: 'message', messageId: 'm', role: 'user', parts: [{ kind: 'text', text: 'x' }] } }),
    });
    expect(answer.status).toBe(400);
    await answer.text();
    await run.settled(before + 1);
    const report = run.reports[before]!;
    expect(report.method).toBe('SendMessage (HTTP+JSON)');
    expect(report.verdict).toBe('invalid');
    expect(report.errors.map((e) => `${e.part} ${e.path}`)).toEqual(expect.arrayContaining(['request /message']));
  });
});

describe('the proxy between the 1.x REST client and the 1.x restHandler', () => {
  let agent: SdkAgent;
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
    dir = mkdtempSync(join(tmpdir(), 'bindu-proxy-rest-'));
    record = join(dir, 'v1-rest.ndjson');
    agent = await startSdkV1Agent({ rest: true });
    run = await reportedProxy({ target: agent.url, record });
  });
  afterAll(async () => {
    await run?.proxy.close();
    await agent?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('every REST exchange is found as its operation and valid; the record validates with validate --ndjson', async () => {
    const factory = new ClientFactoryV1(
      ClientFactoryOptionsV1.createFrom(ClientFactoryOptionsV1.default, {
        transports: [new RestTransportFactoryV1()],
        preferredTransports: ['HTTP+JSON'],
      }),
    );
    const client = await factory.createFromUrl(run.proxy.url);
    const result = (await client.sendMessage(send('through the proxy'))) as { id: string };
    expect(typeof result.id).toBe('string');
    const got = await client.getTask({ tenant: '', id: result.id, historyLength: undefined });
    expect(got.id).toBe(result.id);
    const events: unknown[] = [];
    for await (const event of client.sendMessageStream(send('stream it'))) events.push(event);
    expect(events.length).toBeGreaterThanOrEqual(3);
    await run.settled(4);

    const methods = run.reports.map((report) => report.method);
    expect(methods).toEqual(
      expect.arrayContaining(['agent card', 'SendMessage (HTTP+JSON)', 'GetTask (HTTP+JSON)', 'SendStreamingMessage (HTTP+JSON)']),
    );
    expect(issuesOf(run.reports)).toEqual([]);
    for (const report of run.reports) expect(report.verdict, report.method).toBe('valid');

    const lines = readFileSync(record, 'utf8').split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThanOrEqual(6);
    const checked = cli(['validate', '--ndjson', '--variant', 'a2a-v1', '--json', record]);
    expect(checked.stderr).toBe('');
    expect(checked.status).toBe(0);
    expect(checked.stdout.trim().split('\n')).toHaveLength(lines.length);
  });

  it('validate --ndjson finds a bad REST line, with the path under /body and an unknown operation named', () => {
    const file = join(dir, 'bad.ndjson');
    writeFileSync(
      file,
      `${[
        JSON.stringify({
          operation: 'GetTask',
          part: 'response',
          status: 200,
          body: { id: 't', contextId: 'c', status: { state: 'completed' } },
        }),
        JSON.stringify({ operation: 'GetTsk', part: 'response', status: 200, body: {} }),
        JSON.stringify({
          operation: 'GetTask',
          part: 'error',
          status: 404,
          body: { error: { code: 404, status: 'NOT_FOUND', message: 'no', details: [] } },
        }),
      ].join('\n')}\n`,
    );
    const checked = cli(['validate', '--ndjson', '--variant', 'a2a-v1', '--json', file]);
    expect(checked.status).toBe(1);
    const verdicts = checked.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { valid: boolean; errors: { path: string; message: string }[] });
    expect(verdicts.map((v) => v.valid)).toEqual([false, false, true]);
    expect(verdicts[0]!.errors[0]!.path).toMatch(/^\/body\/status\/state/);
    expect(verdicts[1]!.errors[0]!.message).toMatch(/unknown operation "GetTsk".*did you mean GetTask/);
  });
});

describe("the proxy judges an HTTP+JSON error's status by the variant's revision (v1.0.1 §5.4, schemas/error-table.ts)", () => {
  const body = (reason: string, code: number) => {
    const value = {
      error: {
        code,
        status: 'FAILED_PRECONDITION',
        message: 'no',
        details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain: 'a2a-protocol.org' }],
      },
    };
    return { value, text: JSON.stringify(value) };
  };

  it('TaskNotCancelable with 400 is valid; with v1.0.0 409 it is an error naming the revision and §5.4', () => {
    expect(checkRestBody('a2a-v1', 'CancelTask', 'error', body('TASK_NOT_CANCELABLE', 400), false, 400).errors).toEqual([]);
    const verdict = checkRestBody('a2a-v1', 'CancelTask', 'error', body('TASK_NOT_CANCELABLE', 409), false, 409);
    expect(verdict.valid).toBe(false);
    expect(verdict.errors.map((e) => [e.path, e.keyword, e.message])).toEqual([
      ['/error/code', 'status', 'answered HTTP 409 for TASK_NOT_CANCELABLE (-32002); A2A v1.0.1 §5.4 maps it to 400'],
    ]);
  });

  it('the v0.3 wire is judged as before: no revision table applies', () => {
    const v03 = { value: { code: -32002, message: 'no' }, text: '{"code":-32002,"message":"no"}' };
    expect(checkRestBody('a2a', 'CancelTask', 'error', v03, false, 409).errors.filter((e) => e.keyword === 'status')).toEqual([]);
  });
});

describe('proxy --spec-revision: the 1.x restHandler answers a cancel of a finished task 400 (v1.0.1 §5.4)', () => {
  let agent: SdkAgent;
  beforeAll(async () => {
    agent = await startSdkV1Agent({ rest: true });
  });
  afterAll(async () => {
    await agent?.close();
  });

  /** Through a proxy at `specRevision`: a task sent and finished, then canceled; the CancelTask exchange's report. */
  async function cancelFinished(specRevision?: '1.0.0' | '1.0.1') {
    const { proxy, reports, settled } = await reportedProxy({ target: agent.url, ...(specRevision ? { specRevision } : {}) });
    try {
      const post = (path: string, body: unknown) =>
        fetch(`${proxy.url}/a2a/rest${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
          body: JSON.stringify(body),
        });
      const sent = await post('/message:send', { message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text: 'finish' }] } });
      const task = ((await sent.json()) as { task: { id: string; status: { state: string } } }).task;
      expect(task.status.state).toBe('TASK_STATE_COMPLETED');
      const canceled = await post(`/tasks/${task.id}:cancel`, { id: task.id });
      expect(canceled.status).toBe(400);
      await canceled.text();
      await settled(2);
      return reports.find((r) => r.method === 'CancelTask (HTTP+JSON)')!;
    } finally {
      await proxy.close();
    }
  }

  it("by default the variant's revision (1.0.1) holds 400 right; --spec-revision 1.0.0 reports it, naming 409", async () => {
    const latest = await cancelFinished();
    expect(latest.errors).toEqual([]);
    expect(latest.verdict).toBe('valid');
    const older = await cancelFinished('1.0.0');
    expect(older.verdict).toBe('invalid');
    expect(older.errors.map((e) => [e.part, e.path, e.message])).toEqual([
      ['answer', '/error/code', 'answered HTTP 400 for TASK_NOT_CANCELABLE (-32002); A2A v1.0.0 §5.4 maps it to 409'],
    ]);
  });

  it('the CLI takes --spec-revision; another value is a usage error (exit 2) naming the revisions', () => {
    const bad = cli(['proxy', agent.url, '--spec-revision', '1.1']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^bindu-protocol: option --spec-revision needs one of 1\.0\.0, 1\.0\.1 \(got "1\.1"\)/);
    expect(cli(['proxy', '--help']).stdout).toMatch(/--spec-revision R +1\.0\.0 \| 1\.0\.1: on the v1\.0 wire/);
  });
});
