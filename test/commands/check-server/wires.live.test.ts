/**
 * check-server on both wires, by behaviour group, against real peers on 127.0.0.1:
 *
 * - agents of ours on the real SDKs of both lines (test/fixtures/servers/sdk-agents.ts): the
 *   @a2a-js/sdk 1.x agent is checked without --variant (the card picks a2a-v1), the 0.3.x agent
 *   with --variant a2a; each fails exactly the steps where the SDK departs from the spec, and each
 *   departure is pinned below by a DEVIATION test that shows it on the wire;
 * - the hand-written server of ours (broken.ts), correct unless told otherwise, with one fault per
 *   behaviour group: each fails exactly the steps it breaks;
 * - the options: --only, --skip, --probes, the report's first line and group headings.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkServer, GROUPS, type CheckReport, type StepResult } from '../../../src/commands/check-server/scenario.js';
import { BINDU_REST_STEPS } from '../../../src/commands/check-server/groups/bindu-rest.js';
import { checkServerCommand } from '../../../src/commands/check-server/command.js';
import { checkServerJUnit } from '../../../src/commands/check-server/check-report.js';
import { loadProbes } from '../../../src/commands/check-server/groups/probes.js';
import { AION_EXTENSION_URIS } from '../../../src/live/agent-card.js';
import { startSdkV03Agent, startSdkV1Agent, type SdkAgent } from '../../fixtures/servers/sdk-agents.js';
import { startBrokenServer, type Fault } from '../../fixtures/servers/broken.js';

const BOUNDS = { timeoutMs: 3_000, totalTimeoutMs: 40_000 } as const;
const failed = (report: CheckReport) => report.steps.filter((s) => s.status === 'fail').map((s) => s.name);
const skipped = (report: CheckReport) => report.steps.filter((s) => s.status === 'skip').map((s) => s.name);
const step = (report: CheckReport, name: string): StepResult => {
  const found = report.steps.find((s) => s.name === name);
  if (!found) throw new Error(`no step "${name}" in ${report.steps.map((s) => s.name).join(', ')}`);
  return found;
};

/** POSTs a JSON-RPC body to an endpoint and returns the parsed answer (or the raw text). */
async function rpc(
  endpoint: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string; json: any }> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(5_000),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json };
}

// ---------------------------------------------------------------------------------------------
// @a2a-js/sdk 1.x: the v1.0 wire
// ---------------------------------------------------------------------------------------------

/** The steps the real 1.x agent fails, each pinned by a DEVIATION test below. */
const V1_DEVIATIONS = [
  'wrong jsonrpc version',
  'missing method',
  'method that is not a string',
  'id that is an object',
  'notification (no id)',
  'batch',
  'a message without parts',
  'probes: GetExtendedAgentCard (1 invalid params)',
  'probes: SendMessage (11 invalid params)',
  'probes: SendStreamingMessage (4 invalid params)',
];

describe('check-server against the real @a2a-js/sdk 1.x agent (v1.0 JSON-RPC)', () => {
  let agent: SdkAgent;
  let endpoint: string;
  const v1 = { 'A2A-Version': '1.0' };
  beforeAll(async () => {
    agent = await startSdkV1Agent();
    endpoint = `${agent.url}/a2a/jsonrpc`;
  });
  afterAll(async () => {
    await agent?.close();
  });

  it('without --variant the card picks a2a-v1; every group runs; 0 failed apart from the pinned deviations', async () => {
    const report = await checkServer(agent.url, BOUNDS);
    expect(report.variant).toBe('a2a-v1');
    expect(report.wire).toBe('v1.0');
    expect(report.variantReason).toMatch(/^variant a2a-v1: the agent card has supportedInterfaces \(A2A v1\.0\)/);
    expect(report.endpoint).toBe(endpoint);
    expect(failed(report)).toEqual(V1_DEVIATIONS);
    // Only what a2a-v1 lacks is skipped (it adds no methods to A2A), the HTTP+JSON-only step, the tenant step (the
    // card's interfaces set no tenant) and the signature step (the SDK agent's card is not signed).
    expect(skipped(report)).toEqual([
      "requests carry the interface's tenant (v1.0)",
      'agent card signatures (v1.0)',
      'SendMessage with a wrong Content-Type',
      'variant extras',
    ]);
    expect([...new Set(report.steps.map((s) => s.group))]).toEqual(GROUPS.filter((group) => group !== 'bindings')); // bindings: only with --transport all
    expect(report.steps.map((s) => s.name)).toEqual(
      expect.arrayContaining([
        'agent card',
        'agent card caching headers (v1.0)',
        'SendMessage continuing a task (taskId)',
        'GetTask multi-turn history in order',
        'ListTasks page tokens',
        'CancelTask a running task',
        'SubscribeToTask to a live task',
        'SubscribeToTask to an unknown task',
        'two streams at once',
        'push notifications reach the webhook',
        'GetExtendedAgentCard',
        'A2A-Version 99.0 gets VersionNotSupported',
        'ErrorInfo in A2A errors (v1.0)',
      ]),
    );
    expect(step(report, 'SubscribeToTask to a live task').notes.join('\n')).toMatch(/Task \(working\) → status-update canceled/);
    expect(step(report, 'push notifications reach the webhook').notes.join('\n')).toMatch(
      /\d+ notifications received, each valid with the token/,
    );
    // A run against a loopback agent stays far below the default overall bound (60 s).
    expect(report.steps.every((s) => s.durationMs < BOUNDS.timeoutMs * 2)).toBe(true);
  }, 60_000);

  it.each([
    {
      fault: 'ignores-version' as const,
      fails: {
        'empty A2A-Version is version 0.3':
          /^a request with an empty A2A-Version \(version 0\.3\) to an interface of version 1\.0 was answered error -32001/,
        'A2A-Version 99.0 gets VersionNotSupported': /^expected error -32009, got -32001 \("Task not found/,
      },
      clause: undefined,
    },
    {
      // v1.0 §3.5.2: closing one stream MUST NOT affect the other active streams of the task (the TCK's STREAM-ORDER-004).
      fault: 'close-ends-others' as const,
      fails: {
        'SubscribeToTask: closing one subscriber leaves the other receiving':
          /^after the first subscriber closed its stream, the second did not go on receiving: /,
      },
      clause: /^A2A v1\.0\.1 §3\.5\.2 \(closing one stream MUST NOT affect other active streams for the same task\)$/,
    },
  ])(
    'a broken v1.0 agent ($fault: the real SDK behind a fault of ours) fails exactly the steps it breaks',
    async ({ fault, fails, clause }) => {
      const broken = await startSdkV1Agent({ faults: [fault] });
      try {
        const report = await checkServer(broken.url, { ...BOUNDS, skip: ['envelope', 'probes'] });
        expect(failed(report)).toEqual(Object.keys(fails));
        for (const [name, reason] of Object.entries(fails)) expect(step(report, name).reason).toMatch(reason);
        if (clause) for (const name of Object.keys(fails)) expect(step(report, name).clause, name).toMatch(clause);
      } finally {
        await broken.close();
      }
    },
    60_000,
  );

  it("A2A errors without their ErrorInfo ('no-error-info'): v1.0.1 §9.5 makes it a SHOULD, one WARN; --spec-revision 1.0.0 a MUST, one FAIL", async () => {
    const broken = await startSdkV1Agent({ faults: ['no-error-info'] });
    const name = 'ErrorInfo in A2A errors (v1.0)';
    const said = /^the endpoint answers JSON-RPC: error -32001 has no type\.googleapis\.com\/google\.rpc\.ErrorInfo in error\.data/;
    try {
      const latest = await checkServer(broken.url, { ...BOUNDS, skip: ['envelope', 'probes'] });
      expect(latest.specRevision).toBe('1.0.1');
      expect(failed(latest)).toEqual([]);
      expect(step(latest, name)).toMatchObject({ status: 'warn', reason: expect.stringMatching(said) });
      expect(step(latest, name).clause).toBe('A2A v1.0.1 §9.5 (an A2A error SHOULD carry a google.rpc.ErrorInfo)');
      const older = await checkServer(broken.url, { ...BOUNDS, skip: ['envelope', 'probes'], specRevision: '1.0.0' });
      expect(older.specRevision).toBe('1.0.0');
      expect(failed(older)).toEqual([name]);
      expect(step(older, name).clause).toBe('A2A v1.0.0 §9.5 (an A2A error MUST carry a google.rpc.ErrorInfo)');
    } finally {
      await broken.close();
    }
  }, 60_000);

  it('an aion card (the aion context extension declared) is checked as aion; GetContext and GetContexts are skipped, named, when the agent does not have them', async () => {
    const aion = await startSdkV1Agent({ extensions: [AION_EXTENSION_URIS[0]!] });
    try {
      const report = await checkServer(aion.url, { ...BOUNDS, only: ['card', 'extras'] });
      expect(report.variant).toBe('aion');
      expect(report.variantReason).toContain(AION_EXTENSION_URIS[0]);
      expect(step(report, 'GetContext')).toMatchObject({
        status: 'skip',
        reason: 'the agent does not implement GetContext (MethodNotFound)',
      });
      expect(step(report, 'GetContexts')).toMatchObject({
        status: 'skip',
        reason: 'the agent does not implement GetContexts (MethodNotFound)',
      });
    } finally {
      await aion.close();
    }
  }, 30_000);

  describe('where @a2a-js/sdk 1.x departs from the spec (pinned, so a fix shows up here)', () => {
    it('DEVIATION an envelope that is not a valid Request ("jsonrpc": "1.0", no method, a method that is a number, a batch) answers -32602 InvalidParams, not -32600 InvalidRequest', async () => {
      const params = { id: randomUUID() };
      for (const body of [
        { jsonrpc: '1.0', id: 1, method: 'GetTask', params },
        { jsonrpc: '2.0', id: 1, params },
        { jsonrpc: '2.0', id: 1, method: 42, params },
        [{ jsonrpc: '2.0', id: 1, method: 'GetTask', params }],
      ]) {
        const { json } = await rpc(endpoint, body, v1);
        expect(json.error.code, JSON.stringify(body)).toBe(-32602);
      }
    });

    it('DEVIATION an id that is an object is echoed back with -32602, not answered -32600 with id null (a fraction echoed is lawful)', async () => {
      for (const id of [{ probe: 1 }, 1.5]) {
        const { json } = await rpc(endpoint, { jsonrpc: '2.0', id, method: 'GetTask', params: { id: randomUUID() } }, v1);
        expect(json.id).toEqual(id);
        expect(json.error.code).toBe(-32602);
      }
    });

    it('DEVIATION a request without id (a notification) is answered, with id null', async () => {
      const { json } = await rpc(endpoint, { jsonrpc: '2.0', method: 'GetTask', params: { id: 'nope' } }, v1);
      expect(json).toMatchObject({ id: null, error: { code: -32001 } });
    });

    it('DEVIATION SendMessage accepts a message without role, and a v0.3-shaped message (kind, role "user", parts with kind)', async () => {
      const noRole = await rpc(
        endpoint,
        { jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: { messageId: randomUUID(), parts: [{ text: 'hi' }] } } },
        v1,
      );
      expect(noRole.json.result.task.status.state).toBe('TASK_STATE_COMPLETED');
      const v03 = await rpc(
        endpoint,
        {
          jsonrpc: '2.0',
          id: 2,
          method: 'SendMessage',
          params: { message: { kind: 'message', messageId: randomUUID(), role: 'user', parts: [{ kind: 'text', text: 'hi' }] } },
        },
        v1,
      );
      expect(v03.json.error).toBeUndefined();
      expect(v03.json.result.task).toBeDefined();
      // ...and serves the role it did not know back as "UNRECOGNIZED", which no v1.0 client can read
      // (a second check-server run against the same agent fails ListTasks on it).
      const read = await rpc(endpoint, { jsonrpc: '2.0', id: 3, method: 'GetTask', params: { id: v03.json.result.task.id } }, v1);
      expect(read.json.result.history[0].role).toBe('UNRECOGNIZED');
    });

    it('DEVIATION SendMessage answers with a task for 8 of its 11 invalid params fixtures: REQUIRED role and parts, enum names, one-of parts and value types are not checked (only a missing message or messageId and a message that is not an object are -32602)', async () => {
      const accepted: string[] = [];
      for (const probe of loadProbes('a2a-v1').get('SendMessage')!) {
        const { json } = await rpc(endpoint, { jsonrpc: '2.0', id: 1, method: 'SendMessage', params: probe.params }, v1);
        if (json.error === undefined) accepted.push(probe.id);
        else expect(json.error.code).toBe(-32602);
      }
      expect(accepted.sort()).toEqual(
        [
          'params-v03-message',
          'params-role-missing',
          'params-parts-empty',
          'params-role-unknown',
          'params-part-two-members',
          'params-part-empty',
          'params-accepted-output-modes-string',
          'params-history-length-negative',
        ].sort(),
      );
    });

    it('DEVIATION SendMessage takes a message with no parts, or an empty parts array, and answers with a task (§3.3.2, §5.7: invalid params)', async () => {
      for (const parts of [undefined, []]) {
        const message = { messageId: randomUUID(), role: 'ROLE_USER', ...(parts ? { parts } : {}) };
        const { json } = await rpc(endpoint, { jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message } }, v1);
        expect(json.error).toBeUndefined();
        expect(json.result.task.id).toEqual(expect.any(String));
      }
      const report = await checkServer(agent.url, { ...BOUNDS, only: ['probes.a-message-without-parts'] });
      expect(step(report, 'a message without parts')).toMatchObject({
        status: 'fail',
        reason: expect.stringMatching(
          /^a message with no parts member was accepted \(answered Task \(completed\)\); a message with an empty parts array was accepted/,
        ),
        clause: expect.stringMatching(/^A2A v1\.0\.1 §3\.3\.2 .*§5\.7/),
      });
    });

    it('DEVIATION GetExtendedAgentCard with params that are an array is answered with the card', async () => {
      const { json } = await rpc(endpoint, { jsonrpc: '2.0', id: 1, method: 'GetExtendedAgentCard', params: [] }, v1);
      expect(json.error).toBeUndefined();
      expect(json.result.name).toBe('bindu-protocol SDK 1.x agent');
    });

    it('what it does as the spec says: an unsupported A2A-Version gets -32009 with ErrorInfo VERSION_NOT_SUPPORTED; no header is read as 0.3', async () => {
      const unsupported = await rpc(endpoint, { jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: 'x' } }, { 'A2A-Version': '99.0' });
      expect(unsupported.json.error).toMatchObject({
        code: -32009,
        data: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'VERSION_NOT_SUPPORTED', domain: 'a2a-protocol.org' }],
      });
      const none = await rpc(endpoint, { jsonrpc: '2.0', id: 2, method: 'GetTask', params: { id: 'x' } });
      expect(none.json.error.code).toBe(-32009);
      expect(none.json.error.message).toMatch(/'0\.3' is not supported/);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// @a2a-js/sdk 0.3.x: the v0.3 wire
// ---------------------------------------------------------------------------------------------

/** The steps the real 0.3.x agent fails, each pinned by a DEVIATION test (here or in check-server.test.ts). */
const V03_DEVIATIONS = [
  'id that is an object',
  'notification (no id)',
  'a message without parts',
  'probes: message/send (6 invalid params)',
  'probes: message/stream (2 invalid params)',
];
/** What it does where the specification says SHOULD (WARN), each pinned below too. */
const V03_WARNINGS = ['message/send historyLength 0', 'tasks/get historyLength 0'];

describe('check-server against the real @a2a-js/sdk 0.3.x agent (v0.3 JSON-RPC)', () => {
  let agent: SdkAgent;
  let endpoint: string;
  beforeAll(async () => {
    agent = await startSdkV03Agent();
    endpoint = `${agent.url}/`;
  });
  afterAll(async () => {
    await agent?.close();
  });

  it('--variant a2a: every group runs; 0 failed apart from the pinned deviations', async () => {
    const report = await checkServer(agent.url, { ...BOUNDS, variant: 'a2a' });
    expect(report.variant).toBe('a2a');
    expect(report.wire).toBe('v0.3');
    expect(report.variantReason).toBe('variant a2a (--variant), A2A v0.3 wire');
    expect(failed(report)).toEqual(V03_DEVIATIONS);
    expect(report.steps.filter((s) => s.status === 'warn').map((s) => s.name)).toEqual(V03_WARNINGS);
    // Skipped: only what the v0.3 wire or the a2a variant does not have.
    expect(skipped(report)).toEqual([
      "requests carry the interface's tenant (v1.0)",
      'agent card caching headers (v1.0)',
      'agent card signatures (v1.0)',
      'message/send with a wrong Content-Type',
      'ListTasks',
      'ListTasks by contextId',
      'ListTasks by status',
      'ListTasks page tokens',
      'empty A2A-Version is version 0.3',
      'A2A-Version 99.0 gets VersionNotSupported',
      'variant extras',
      'ErrorInfo in A2A errors (v1.0)',
    ]);
    expect(step(report, 'tasks/resubscribe to a live task').notes.join('\n')).toMatch(/Task \(working\) → status-update canceled, final/);
    expect(step(report, 'message/send continuing a task (taskId)').notes.join('\n')).toMatch(/the follow-up moved the task to completed/);
    expect(step(report, 'probes: message/send (6 invalid params)').reason).toMatch(
      /^accepted params-role-missing: the message needs a role \(answered Task \(completed\)\)/,
    );
  }, 60_000);

  it('without --variant the plain v0.3 card picks a2a (bindu only for a Bindu-only field), saying why', async () => {
    const report = await checkServer(agent.url, { ...BOUNDS, only: ['card'] });
    expect(report.variant).toBe('a2a');
    expect(report.variantReason).toMatch(
      /^variant a2a: the agent card has url\/protocolVersion and no supportedInterfaces \(A2A v0\.3\) and nothing only a Bindu card has/,
    );
  }, 30_000);

  describe('where @a2a-js/sdk 0.3.x departs from the spec (pinned, so a fix shows up here)', () => {
    it('DEVIATION an id that is an object is echoed back in the -32600 answer instead of null (a fraction echoed is lawful)', async () => {
      for (const id of [{ probe: 1 }, 1.5]) {
        const { json } = await rpc(endpoint, { jsonrpc: '2.0', id, method: 'tasks/get', params: { id: randomUUID() } });
        expect(json.id).toEqual(id);
        expect(json.error.code).toBe(-32600);
      }
    });

    it('DEVIATION message/send accepts a message without role, and acceptedOutputModes that is a string', async () => {
      const noRole = await rpc(endpoint, {
        jsonrpc: '2.0',
        id: 1,
        method: 'message/send',
        params: { message: { kind: 'message', messageId: randomUUID(), parts: [{ kind: 'text', text: 'hi' }] } },
      });
      expect(noRole.json.result.kind).toBe('task');
      const modes = await rpc(endpoint, {
        jsonrpc: '2.0',
        id: 2,
        method: 'message/send',
        params: {
          message: { kind: 'message', messageId: randomUUID(), role: 'user', parts: [{ kind: 'text', text: 'hi' }] },
          configuration: { acceptedOutputModes: 'text/plain' },
        },
      });
      expect(modes.json.result.kind).toBe('task');
    });

    it('DEVIATION message/send takes a message with no parts and answers with a task (Message.parts is required: -32602)', async () => {
      const { json } = await rpc(endpoint, {
        jsonrpc: '2.0',
        id: 4,
        method: 'message/send',
        params: { message: { kind: 'message', messageId: randomUUID(), role: 'user' } },
      });
      expect(json.error).toBeUndefined();
      expect(json.result.kind).toBe('task');
      const report = await checkServer(agent.url, { ...BOUNDS, variant: 'a2a', only: ['probes.a-message-without-parts'] });
      expect(step(report, 'a message without parts')).toMatchObject({
        status: 'fail',
        reason: expect.stringMatching(/^a message with no parts member was accepted \(answered Task \(\w+\)\)/),
        clause: 'A2A v0.3.0 §6.4 (Message.parts is required), §8.1 (-32602 InvalidParams for a missing required field)',
      });
      // An empty parts array is what the v0.3 schema allows: a remark, not a FAIL.
      expect(step(report, 'a message without parts').notes).toContainEqual(
        expect.stringMatching(/^a message with an empty parts array was accepted .*: the v0\.3 schema allows an empty parts array$/),
      );
    });

    it('DEVIATION message/stream accepts a historyLength that is a string', async () => {
      const { text } = await rpc(endpoint, {
        jsonrpc: '2.0',
        id: 3,
        method: 'message/stream',
        params: {
          message: { kind: 'message', messageId: randomUUID(), role: 'user', parts: [{ kind: 'text', text: 'hi' }] },
          configuration: { acceptedOutputModes: ['text/plain'], historyLength: '2' },
        },
      });
      expect(text).toMatch(/^data: \{"jsonrpc":"2\.0","id":3,"result":\{/);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// A broken server per behaviour group
// ---------------------------------------------------------------------------------------------

describe('a broken server per behaviour group fails exactly the steps it breaks', () => {
  it('with nothing broken every step passes (push notifications and the extended card are not claimed)', async () => {
    const server = await startBrokenServer();
    try {
      const report = await checkServer(server.url, { ...BOUNDS, variant: 'a2a' });
      expect(failed(report)).toEqual([]);
      expect(report.passed).toBeGreaterThan(35);
      // It has no push config methods (it does not claim push notifications): their probes are skipped, named.
      expect(step(report, 'probes: tasks/pushNotificationConfig/set (3 invalid params)').reason).toBe(
        'the agent does not implement tasks/pushNotificationConfig/set (MethodNotFound)',
      );
    } finally {
      await server.close();
    }
  }, 30_000);

  const cases: { group: string; fault: Fault; fails: Record<string, RegExp>; warns?: Record<string, RegExp> }[] = [
    {
      group: 'card',
      fault: 'invalid-card',
      fails: { 'agent card': /^the card does not validate as an a2a AgentCard: \(root\) missing the required property "name"$/ },
    },
    {
      group: 'envelope',
      fault: 'lenient-envelope',
      fails: { 'wrong jsonrpc version': /^expected error -32600 \(InvalidRequestError\), got -32001/ },
    },
    {
      group: 'message',
      fault: 'loses-context',
      fails: { 'message/send in a conversation (contextId)': /^sent in context \S+, answered in context \S+$/ },
    },
    {
      group: 'tasks',
      fault: 'ignores-history',
      // historyLength is a SHOULD (A2A v1.0 §3.2.4; v0.3 §7.3.1 has no MUST): WARN, not FAIL.
      fails: {},
      warns: {
        'tasks/get (historyLength)': /^historyLength 1 but the task came back with 2 history messages$/,
        'tasks/get historyLength 0': /^historyLength 0 but the task came back with 2 history messages$/,
      },
    },
    {
      group: 'cancel',
      fault: 'cancel-ignored',
      fails: {
        'tasks/cancel a running task': /^after the cancel, tasks\/get says the task is working, not canceled$/,
        'tasks/resubscribe to a live task': /^no event for 800 ms after event 1 \(task working\): the stream hangs$/,
        'tasks/resubscribe: two subscribers see the same events':
          /^stream 1: no event for 800 ms after event 1 \(task working\): the stream hangs/,
      },
    },
    {
      group: 'streaming',
      fault: 'event-after-final',
      fails: {
        'message/stream': /^event 5 \(status-update completed\) arrives after the final event 4$/,
        'two streams at once': /^stream 1: event 5/,
      },
    },
    {
      group: 'probes',
      fault: 'accepts-invalid',
      fails: {
        'a message without parts': /^a message with no parts member was accepted \(answered Task \(completed\)\)/,
        'probes: message/send (6 invalid params)':
          /^accepted params-role-missing: the message needs a role \(answered Task \(completed\)\); accepted params-accepted-output-modes-string/,
      },
    },
    {
      group: 'errors',
      fault: 'undeclared-code',
      fails: {
        'tasks/cancel on an unknown task': /^expected error -32001, got 1001/,
        'error answers valid, with codes their methods declare':
          /^tasks\/cancel on an unknown task: error code 1001 is not one that "tasks\/cancel" declares$/,
      },
    },
  ];
  it.each(cases)(
    '$group: $fault',
    async ({ fault, fails, warns }) => {
      const server = await startBrokenServer([fault]);
      try {
        const report = await checkServer(server.url, { variant: 'a2a', timeoutMs: 800, totalTimeoutMs: 30_000 });
        expect(failed(report)).toEqual(Object.keys(fails));
        for (const [name, reason] of Object.entries(fails)) expect(step(report, name).reason).toMatch(reason);
        expect(report.steps.filter((s) => s.status === 'warn').map((s) => s.name)).toEqual(Object.keys(warns ?? {}));
        for (const [name, reason] of Object.entries(warns ?? {})) {
          expect(step(report, name).reason).toMatch(reason);
          expect(step(report, name).clause).toMatch(/^A2A v0\.3\.0 §7\.3\.1/);
        }
      } finally {
        await server.close();
      }
    },
    30_000,
  );
});

// ---------------------------------------------------------------------------------------------
// Options and report
// ---------------------------------------------------------------------------------------------

describe('check-server options: --only, --skip, --probes; the report', () => {
  let server: Awaited<ReturnType<typeof startBrokenServer>>;
  beforeAll(async () => {
    server = await startBrokenServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('--only runs those groups (the card is always read); --skip leaves groups out', async () => {
    const only = await checkServer(server.url, { ...BOUNDS, variant: 'a2a', only: ['tasks'] });
    expect(new Set(only.steps.map((s) => s.group))).toEqual(new Set(['tasks']));
    expect(step(only, 'tasks/get (historyLength)').status).toBe('pass');
    const skippedGroups = await checkServer(server.url, { ...BOUNDS, variant: 'a2a', skip: ['probes', 'envelope', 'card'] });
    const groups = new Set(skippedGroups.steps.map((s) => s.group));
    expect(groups.has('probes') || groups.has('envelope') || groups.has('card')).toBe(false);
    expect(groups.has('message')).toBe(true);
    await expect(checkServer(server.url, { only: ['nope'] })).rejects.toThrow(/unknown group "nope" \(the groups are: card, envelope/);
  }, 30_000);

  it('--probes N sends at most N cases per method and says how many were left; none skips the group', async () => {
    const one = await checkServer(server.url, { ...BOUNDS, variant: 'a2a', only: ['probes'], probes: 1 });
    const send = step(one, 'probes: message/send (1 invalid params)');
    expect(send.status).toBe('pass');
    expect(send.notes.join('\n')).toMatch(/1 of 1 rejected with a valid error \(5 more not sent: --probes 1\)/);
    const none = await checkServer(server.url, { ...BOUNDS, variant: 'a2a', only: ['probes'], probes: 'none' });
    expect(none.steps.map((s) => [s.name, s.status, s.reason])).toEqual([['probes', 'skip', '--probes none']]);
  }, 30_000);

  it('every invalid params fixture of the variant becomes a probe (a2a-v1 from its own fixtures)', () => {
    const a2a = loadProbes('a2a');
    expect([...a2a.values()].flat().length).toBe(20);
    expect(a2a.get('message/send')!.map((p) => p.id)).toContain('params-role-missing');
    expect(
      loadProbes('a2a-v1')
        .get('SendMessage')!
        .map((p) => p.id).length,
    ).toBeGreaterThan(0);
  });

  it('bindu extras: a method the agent answers with MethodNotFound is skipped, named', async () => {
    const report = await checkServer(server.url, { ...BOUNDS, variant: 'bindu', only: ['extras'] });
    // Bindu's REST side (groups/bindu-rest.ts): this agent serves none of it and declares no DID, so each is a SKIP.
    const rest = report.steps.filter((s) => (BINDU_REST_STEPS as readonly string[]).includes(s.name));
    expect(rest.map((s) => s.status)).toEqual(BINDU_REST_STEPS.map(() => 'skip'));
    expect(report.steps.filter((s) => !rest.includes(s)).map((s) => [s.name, s.status, s.reason])).toEqual(
      ['tasks/list', 'tasks/feedback', 'contexts/list', 'contexts/clear', 'context/get', 'contexts/get'].map((method) => [
        method,
        'skip',
        `the agent does not implement ${method} (MethodNotFound)`,
      ]),
    );
  }, 30_000);

  it('bindu probes: a method the agent answers with MethodNotFound is skipped, named', async () => {
    const report = await checkServer(server.url, { ...BOUNDS, variant: 'bindu', only: ['probes'] });
    expect(step(report, 'probes: tasks/feedback (2 invalid params)')).toMatchObject({
      status: 'skip',
      reason: 'the agent does not implement tasks/feedback (MethodNotFound)',
    });
  }, 30_000);

  it('JUnit: one test case per step, classname check-server.<variant>.<group>', async () => {
    const report = await checkServer(server.url, { ...BOUNDS, variant: 'a2a', only: ['cancel'] });
    const xml = checkServerJUnit(report);
    expect(xml.match(/classname="check-server\.a2a\.cancel"/g)).toHaveLength(report.steps.length);
    expect(xml).toContain('name="wire" value="v0.3"');
  }, 30_000);

  it('CLI: the first line says which variant and why, steps come under a heading per group, the last line counts', async () => {
    let out = '';
    let err = '';
    const code = await checkServerCommand(
      [server.url, '--only', 'card,cancel', '--timeout', '2s'],
      (text) => (out += text),
      (text) => (err += text),
    );
    expect(err).toBe('');
    expect(code).toBe(0); // no --variant: the plain v0.3 card picks a2a, which the server keeps
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^variant a2a: the agent card has url\/protocolVersion/);
    expect(lines).toContain(
      '-- card [JSON-RPC]: agent card: schema, required fields, the endpoint it names answers; v1.0 caching headers and signatures',
    );
    expect(lines).toContain('-- cancel [JSON-RPC]: cancel: a running task becomes canceled; unknown task; finished task');
    expect(lines.at(-1)).toMatch(/^\d+ passed, 0 failed, \d+ warned, \d+ skipped \(a2a, \d+\.\d s\)$/);
    let usage = '';
    expect(
      await checkServerCommand(
        [server.url, '--skip', 'nope'],
        () => undefined,
        (text) => (usage += text),
      ),
    ).toBe(2);
    expect(usage).toMatch(/option --skip: unknown group "nope"/);
    usage = '';
    expect(
      await checkServerCommand(
        [server.url, '--probes', 'some'],
        () => undefined,
        (text) => (usage += text),
      ),
    ).toBe(2);
    expect(usage).toMatch(/option --probes needs all, none or a number/);
  }, 30_000);
});

describe('probes never point an agent off this machine', () => {
  it('every http(s) URL in every probe of every variant names the loopback address', async () => {
    const { confineUrls, PROBE_URL } = await import('../../../src/commands/check-server/groups/probes.js');
    const outside: string[] = [];
    const walk = (value: unknown, where: string): void => {
      if (typeof value === 'string' && /^https?:\/\//i.test(value)) {
        const host = new URL(value).hostname;
        if (!['127.0.0.1', 'localhost', '[::1]'].includes(host)) outside.push(`${where}: ${value}`);
      } else if (Array.isArray(value))
        value.forEach((item, i) => {
          walk(item, `${where}/${i}`);
        });
      else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) walk(v, `${where}/${k}`);
    };
    let seen = 0;
    for (const variant of ['a2a', 'bindu', 'a2a-v1', 'aion']) {
      for (const [method, probes] of loadProbes(variant))
        for (const probe of probes) {
          seen++;
          walk(probe.params, `${variant} ${method} ${probe.id}`);
        }
    }
    expect(seen).toBeGreaterThan(50);
    expect(outside).toEqual([]);
    // the rewrite itself: outside hosts are replaced, loopback and non-URLs kept
    expect(confineUrls({ a: ['https://hooks.example.org/x', 'http://127.0.0.1:5/y', 'not a url'] })).toEqual({
      a: [PROBE_URL, 'http://127.0.0.1:5/y', 'not a url'],
    });
  });
});
