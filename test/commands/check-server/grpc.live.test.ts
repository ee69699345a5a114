/**
 * check-server on the gRPC binding (A2A v1.0 §10), against the real @a2a-js/sdk 1.x gRPC service
 * (`grpcService` of `@a2a-js/sdk-v1/server/grpc` on @grpc/grpc-js, beside its JSON-RPC and REST
 * handlers: test/fixtures/servers/sdk-agents.ts, `grpc: true`), the same service with gRPC defects
 * of ours wrapped around it (`grpcFaults`), and servers that do not speak gRPC on the port the card
 * names (HTTP/1, TLS records, a stream reset). `--transport all` runs every binding the card lists
 * and the bindings group compares their answers.
 */
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkServer, type CheckReport, type StepResult } from '../../../src/commands/check-server/scenario.js';
import { checkServerCommand } from '../../../src/commands/check-server/command.js';
import { startSdkV1Agent, type GrpcFault, type SdkAgent } from '../../fixtures/servers/sdk-agents.js';
import { ROOT } from '../../helpers.js';

const failed = (report: CheckReport) => report.steps.filter((s) => s.status === 'fail').map((s) => s.name);
const step = (report: CheckReport, name: string, transport = 'grpc'): StepResult => {
  const found = report.steps.find((s) => s.name === name && (s.transport ?? 'jsonrpc') === transport);
  if (!found) throw new Error(`no ${transport} step "${name}" in ${report.steps.map((s) => `${s.transport}:${s.name}`).join(', ')}`);
  return found;
};

/** The steps that exist only on JSON-RPC, skipped on gRPC with the reason. */
const JSON_RPC_ONLY = ['JSON-RPC envelope', 'variant extras'];

async function withFaults(faults: readonly GrpcFault[], run: (agent: SdkAgent) => Promise<void>): Promise<void> {
  const agent = await startSdkV1Agent({ rest: true, grpc: true, grpcFaults: faults });
  try {
    await run(agent);
  } finally {
    await agent.close();
  }
}

describe('check-server --transport grpc against the real @a2a-js/sdk 1.x gRPC service', () => {
  let agent: SdkAgent;
  beforeAll(async () => {
    agent = await startSdkV1Agent({ rest: true, grpc: true });
  });
  afterAll(async () => {
    await agent?.close();
  });

  it('every applicable step passes on gRPC, the unknown task answered NOT_FOUND with its ErrorInfo', async () => {
    const report = await checkServer(agent.url, { transport: 'grpc', probes: 'none' });
    expect(report.variant).toBe('a2a-v1');
    expect(report.transports).toEqual(['grpc']);
    expect(report.grpcEndpoint).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(report.steps.every((s) => s.transport === 'grpc')).toBe(true);
    expect(failed(report)).toEqual([]);
    expect(report.passed).toBeGreaterThanOrEqual(30);
    expect(report.steps.filter((s) => s.status === 'skip').map((s) => s.name)).toEqual([
      "requests carry the interface's tenant (v1.0)", // the card's interfaces set no tenant
      'agent card signatures (v1.0)', // the SDK agent's card is not signed (a MAY)
      JSON_RPC_ONLY[0],
      'SendMessage with a wrong Content-Type',
      ...JSON_RPC_ONLY.slice(1),
      'probes',
    ]);
    expect(step(report, 'JSON-RPC envelope').reason).toMatch(/exist only on JSON-RPC: no counterpart on gRPC/);
    const probe = step(report, 'the endpoint answers gRPC');
    expect(probe.status).toBe('pass');
    expect(probe.notes.join('\n')).toMatch(/answered NOT_FOUND with ErrorInfo TASK_NOT_FOUND/);
    for (const name of [
      'SendMessage (file by bytes)',
      'GetTask on an unknown task',
      'ListTasks page tokens',
      'CancelTask a running task',
      'SendStreamingMessage',
      'SubscribeToTask to a live task',
      'SubscribeToTask to an unknown task',
      'push notifications reach the webhook',
      'GetExtendedAgentCard',
      'A2A-Version 99.0 gets VersionNotSupported',
    ]) {
      expect(step(report, name).status, name).toBe('pass');
    }
    // The errors group looks again at every error status of the run, as on the other bindings.
    expect(step(report, 'error answers: gRPC status per §5.4, codes their methods declare').notes.join('\n')).toMatch(
      /^[1-9]\d* error statuses of known methods checked/m,
    );
    expect(step(report, 'ErrorInfo in A2A errors (gRPC)').notes.join('\n')).toMatch(/^[1-9]\d* A2A error statuses looked at/m);
  });

  it('the built CLI loads the gRPC libraries only for a run on the gRPC binding', async () => {
    // NODE_DEBUG=module names every CommonJS module Node loads (@grpc/grpc-js and protobufjs are CommonJS).
    const loads = (transport: string) =>
      new Promise<string>((resolve) => {
        execFile(
          process.execPath,
          [join(ROOT, 'dist', 'bin.mjs'), 'check-server', agent.url, '--transport', transport, '--only', 'card'],
          { env: { ...process.env, NODE_DEBUG: 'module' }, maxBuffer: 64 << 20 },
          (_error, _stdout, stderr) => resolve(stderr),
        );
      });
    const [jsonRpc, grpc] = await Promise.all([loads('jsonrpc'), loads('grpc')]);
    expect(grpc).toMatch(/@grpc[\\/]grpc-js/);
    expect(jsonRpc).toMatch(/MODULE/);
    expect(jsonRpc).not.toMatch(/@grpc[\\/]grpc-js|protobufjs/);
  });

  it('the report names gRPC in every group heading and after each FAIL id', async () => {
    const lines: string[] = [];
    const code = await checkServerCommand(
      [agent.url, '--transport', 'grpc', '--only', 'card,tasks', '--report', 'github'],
      (text) => lines.push(text),
      () => undefined,
    );
    const text = lines.join('');
    expect(code).toBe(0);
    expect(text).toMatch(/^-- card \[gRPC\]: /m);
    expect(text).toMatch(/^-- tasks \[gRPC\]: /m);
    expect(text).toMatch(/^PASS {2}card\.the-endpoint-answers-grpc {2}the endpoint answers gRPC$/m);
    expect(text).not.toMatch(/\[JSON-RPC\]|\[HTTP\+JSON\]/);
  });

  it('--transport all --json runs JSON-RPC, HTTP+JSON and gRPC, then the bindings group, every comparison equal', async () => {
    const lines: string[] = [];
    const code = await checkServerCommand(
      [agent.url, '--transport', 'all', '--json', '--probes', 'none'],
      (text) => lines.push(text),
      () => undefined,
    );
    const report = JSON.parse(lines.join('')) as CheckReport;
    expect(report.transports).toEqual(['jsonrpc', 'http-json', 'grpc']);
    const grpcSteps = report.steps.filter((s) => s.transport === 'grpc');
    expect(grpcSteps.filter((s) => s.status === 'pass').length).toBeGreaterThanOrEqual(30);
    const bindings = report.steps.filter((s) => s.group === 'bindings');
    expect(bindings.map((s) => [s.id, s.status])).toEqual([
      ['bindings.same-answer-on-every-binding-send', 'pass'],
      ['bindings.same-answer-on-every-binding-get', 'pass'],
      ['bindings.same-answer-on-every-binding-cancel', 'pass'],
      ['bindings.same-answer-on-every-binding-get-on-an-unknown-task', 'pass'],
      ['bindings.same-answer-on-every-binding-stream', 'pass'],
    ]);
    expect(bindings[3]!.notes.join('\n')).toMatch(/error TaskNotFoundError \(-32001\) on JSON-RPC, HTTP\+JSON, gRPC/);
    // The SDK's JSON-RPC envelope departures (check-server.live.test.ts) are the run's only FAILs.
    expect(report.steps.filter((s) => s.status === 'fail' && s.group !== 'envelope')).toEqual([]);
    expect(code).toBe(1);
  });
});

describe('the invalid params probes on gRPC, against the real @a2a-js/sdk 1.x gRPC service', () => {
  let agent: SdkAgent;
  let report: CheckReport;
  beforeAll(async () => {
    agent = await startSdkV1Agent({ rest: true, grpc: true });
    report = await checkServer(agent.url, { transport: 'grpc', only: ['probes'] });
  });
  afterAll(async () => {
    await agent?.close();
  });

  it('a fixture the protobuf codec cannot write is named in its step, not sent and no FAIL; an INVALID_ARGUMENT answer passes', () => {
    expect(report.steps.every((s) => s.group === 'probes' && s.transport === 'grpc')).toBe(true);
    const cancel = step(report, 'probes: CancelTask (2 invalid params)');
    expect(cancel.status).toBe('pass');
    expect(cancel.notes).toEqual([
      '1 not encodable on gRPC (the protobuf codec refuses them, nothing sent): params-id-number (cannot write lf.a2a.v1.CancelTaskRequest from its ProtoJSON form: .lf.a2a.v1.CancelTaskRequest.id: expected string: 5)',
      '1 of 1 sent rejected with a valid error',
    ]);
    // An unknown enum name has no number to write: ProtoJSON refuses it, as it refuses a wrong JSON type.
    expect(step(report, 'probes: ListTasks (4 invalid params)').notes.join('\n')).toMatch(
      /^2 not encodable on gRPC .*params-status-unknown \(.*unknown enum value: "TASK_STATE_DONE"\); params-timestamp-not-date-time /m,
    );
    expect(step(report, 'probes: GetExtendedAgentCard (1 invalid params)')).toMatchObject({
      status: 'skip',
      reason: 'not encodable on gRPC: no invalid params of GetExtendedAgentCard can be written as its request message',
    });
    // The SDK's own methods answer each probe they can be sent with an error (the fixtures name no task of the agent).
    for (const name of ['probes: GetTask (4 invalid params)', 'probes: SubscribeToTask (2 invalid params)'])
      expect(step(report, name).status, name).toBe('pass');
  });

  it('DEVIATION the SDK gRPC service takes SendMessage/SendStreamingMessage with no role, no parts, a part with no content or a negative historyLength (§3.3.2, §5.7: INVALID_ARGUMENT), as on its JSON-RPC side', () => {
    expect(step(report, 'a message without parts')).toMatchObject({
      status: 'fail',
      reason: expect.stringMatching(
        /^a message with no parts member was accepted \(answered Task \(completed\)\); a message with an empty parts array was accepted/,
      ),
    });
    expect(step(report, 'probes: SendMessage (11 invalid params)')).toMatchObject({
      status: 'fail',
      reason:
        'accepted params-role-missing: the message needs a role (REQUIRED) (answered Task (completed)); ' +
        'accepted params-parts-empty: parts is REQUIRED and must hold one part at least (answered Task (completed)); ' +
        'accepted params-part-empty: a part carries one of text, raw, url, data (answered Task (completed)); ' +
        'accepted params-history-length-negative: historyLength is not negative (answered Task (completed))',
    });
    expect(step(report, 'probes: SendMessage (11 invalid params)').notes.join('\n')).toMatch(
      /^5 not encodable on gRPC .*params-role-unknown .*\n2 of 6 sent rejected with a valid error, 4 accepted$/m,
    );
    expect(step(report, 'probes: SendStreamingMessage (4 invalid params)')).toMatchObject({
      status: 'fail',
      reason:
        'accepted params-role-missing: the message needs a role (REQUIRED) (the stream began with Task (submitted)); ' +
        'accepted params-parts-empty: parts is REQUIRED and must hold one part at least (the stream began with Task (submitted))',
    });
    expect(failed(report)).toEqual([
      'a message without parts',
      'probes: SendMessage (11 invalid params)',
      'probes: SendStreamingMessage (4 invalid params)',
    ]);
  });
});

describe('gRPC defects of ours around the SDK service', () => {
  it('an unknown task answered INTERNAL without ErrorInfo FAILs on gRPC, and the bindings disagree', async () => {
    await withFaults(['unknown-task-internal'], async (agent) => {
      const report = await checkServer(agent.url, { transport: 'all', probes: 'none', only: ['card', 'tasks', 'bindings'] });
      for (const name of ['the endpoint answers gRPC', 'GetTask on an unknown task']) {
        expect(step(report, name)).toMatchObject({
          status: 'fail',
          reason: expect.stringMatching(
            /expected error -32001 \(TaskNotFoundError\), got gRPC INTERNAL \(no ErrorInfo\): "internal error"; gRPC INTERNAL without the google\.rpc\.ErrorInfo that A2A v1\.0 §10\.6 requires in the status details \(grpc-status-details-bin\) for an A2A error \(reason TASK_NOT_FOUND, domain a2a-protocol\.org, status NOT_FOUND\)/,
          ),
          clause: 'A2A v1.0.1 §10.6, §5.4',
        });
      }
      expect(step(report, 'GetTask on an unknown task', 'jsonrpc').status).toBe('pass');
      expect(step(report, 'GetTask on an unknown task', 'http-json').status).toBe('pass');
      expect(step(report, 'same answer on every binding: GetTask on an unknown task', 'jsonrpc')).toMatchObject({
        status: 'fail',
        reason:
          'GetTask on an unknown task differs between the bindings: JSON-RPC: error TaskNotFoundError (-32001) · ' +
          'HTTP+JSON: error TaskNotFoundError (-32001) · gRPC: error InternalError (-32603)',
        clause: 'A2A v1.0.1 §5.1 (functional equivalence of the bindings)',
      });
      expect(step(report, 'same answer on every binding: SendMessage', 'jsonrpc').status).toBe('pass');
    });
  });

  it('an A2A error with its ErrorInfo but another status FAILs naming the §5.4 status', async () => {
    await withFaults(['wrong-status'], async (agent) => {
      const report = await checkServer(agent.url, {
        transport: 'grpc',
        only: ['message.send-to-a-task-in-a-terminal-state', 'tasks.get-on-an-unknown-task', 'errors'],
      });
      expect(failed(report)).toEqual([
        'SendMessage to a task in a terminal state',
        'GetTask on an unknown task',
        'error answers: gRPC status per §5.4, codes their methods declare',
      ]);
      expect(step(report, 'error answers: gRPC status per §5.4, codes their methods declare')).toMatchObject({
        reason: expect.stringMatching(
          /^SendMessage to a task in a terminal state: error -32004 .*maps it to FAILED_PRECONDITION; GetTask on an unknown task: error -32001 .*maps it to NOT_FOUND$/,
        ),
        clause: 'A2A v1.0.1 §10.6, §5.4',
      });
      expect(step(report, 'ErrorInfo in A2A errors (gRPC)').status).toBe('pass');
      expect(step(report, 'GetTask on an unknown task').reason).toMatch(
        /error -32001 \(TASK_NOT_FOUND\) came with gRPC status INTERNAL; A2A v1\.0\.1 §5\.4 maps it to NOT_FOUND$/,
      );
      // v1.0.1 §5.4: UnsupportedOperationError is FAILED_PRECONDITION (v1.0.0 said UNIMPLEMENTED).
      expect(step(report, 'SendMessage to a task in a terminal state').reason).toMatch(
        /error -32004 \(UNSUPPORTED_OPERATION\) came with gRPC status INTERNAL; A2A v1\.0\.1 §5\.4 maps it to FAILED_PRECONDITION$/,
      );
    });
  });

  it('an A2A error whose status details were dropped FAILs citing §10.6', async () => {
    await withFaults(['no-error-info'], async (agent) => {
      const report = await checkServer(agent.url, {
        transport: 'grpc',
        only: ['tasks.get-on-an-unknown-task', 'cancel.cancel-on-an-unknown-task', 'errors'],
      });
      expect(failed(report)).toEqual(['GetTask on an unknown task', 'CancelTask on an unknown task', 'ErrorInfo in A2A errors (gRPC)']);
      // NOT_FOUND is a status §5.4 gives to A2A errors only: without its ErrorInfo it still counts as one.
      expect(step(report, 'ErrorInfo in A2A errors (gRPC)')).toMatchObject({
        reason: expect.stringMatching(
          /^GetTask on an unknown task: gRPC NOT_FOUND \(no ErrorInfo\): "Task not found: [^"]+" has no type\.googleapis\.com\/google\.rpc\.ErrorInfo in its status details \(grpc-status-details-bin\); CancelTask on an unknown task: gRPC NOT_FOUND \(no ErrorInfo\).* has no type\.googleapis\.com\/google\.rpc\.ErrorInfo/,
        ),
        clause: 'A2A v1.0.1 §10.6',
      });
      expect(step(report, 'error answers: gRPC status per §5.4, codes their methods declare').status).toBe('pass');
      expect(step(report, 'CancelTask on an unknown task').reason).toMatch(
        /got gRPC NOT_FOUND \(no ErrorInfo\).*without the google\.rpc\.ErrorInfo that A2A v1\.0 §10\.6 requires.*reason TASK_NOT_FOUND, domain a2a-protocol\.org, status NOT_FOUND\)$/,
      );
    });
  });

  it('a stream that ends without its final event FAILs by the stream rules', async () => {
    await withFaults(['stream-no-final'], async (agent) => {
      const report = await checkServer(agent.url, { transport: 'grpc', only: ['streaming.stream'] });
      expect(failed(report)).toEqual(['SendStreamingMessage']);
      expect(step(report, 'SendStreamingMessage').reason).toBe(
        'the stream closed after 3 events while the task was working, with no final event',
      );
    });
  });
});

/** A v1.0 card listing one GRPC interface at `target`, served on 127.0.0.1. */
async function cardServer(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  const card = {
    name: 'gRPC only',
    description: 'A card listing a GRPC interface (check-server test fixture).',
    supportedInterfaces: [{ url: target, protocolBinding: 'GRPC', protocolVersion: '1.0' }],
    version: '1.0.0',
    capabilities: { streaming: true },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 'x', name: 'x', description: 'x', tags: ['x'] }],
  };
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(card));
  });
  const url = await listenOn(server);
  return { url, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function listenOn(server: Server | net.Server | http2.Http2Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function checkGrpcAt(target: string): Promise<CheckReport> {
  const card = await cardServer(target);
  try {
    return await checkServer(card.url, { transport: 'grpc', only: ['card', 'tasks'], timeoutMs: 3_000, totalTimeoutMs: 20_000 });
  } finally {
    await card.close();
  }
}

describe('a port that does not speak gRPC: a clear FAIL, the later steps skipped, in bounded time', () => {
  it('an HTTP/1 server', async () => {
    const server = createServer((_req, res) => res.end('hello'));
    const url = await listenOn(server);
    try {
      const report = await checkGrpcAt(url.replace('http://', ''));
      expect(step(report, 'the endpoint answers gRPC')).toMatchObject({
        status: 'fail',
        reason: expect.stringMatching(/gRPC could not talk to 127\.0\.0\.1:\d+: UNAVAILABLE: .*the port does not speak HTTP\/2/),
      });
      expect(step(report, 'GetTask on an unknown task')).toMatchObject({ status: 'skip', reason: expect.stringMatching(/unreachable/) });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('TLS records where plaintext was expected', async () => {
    // What a TLS server sends a client that does not open with a ClientHello: an alert, then it closes.
    const server = net.createServer((socket) => {
      socket.on('error', () => undefined);
      socket.once('data', () => socket.end(Buffer.from([0x15, 0x03, 0x03, 0x00, 0x02, 0x02, 0x28])));
    });
    const url = await listenOn(server);
    try {
      const report = await checkGrpcAt(url.replace('http://', ''));
      expect(step(report, 'the endpoint answers gRPC')).toMatchObject({
        status: 'fail',
        reason: expect.stringMatching(
          /gRPC could not talk to .*speaking gRPC in plaintext\? \(a url of https:\/\/ or grpcs:\/\/ asks for TLS\)/,
        ),
      });
    } finally {
      server.close();
    }
  });

  it('a server that resets every stream', async () => {
    const server = http2.createServer();
    server.on('stream', (stream) => {
      stream.on('error', () => undefined);
      stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR);
    });
    const url = await listenOn(server);
    try {
      const report = await checkGrpcAt(url.replace('http://', ''));
      expect(step(report, 'the endpoint answers gRPC')).toMatchObject({
        status: 'fail',
        reason: expect.stringMatching(/GetTask: the server reset the stream without a gRPC status \(RST_STREAM with code 2/),
      });
      expect(step(report, 'GetTask on an unknown task').status).toBe('fail');
    } finally {
      server.close();
    }
  });
});
