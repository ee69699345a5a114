/**
 * check-server against broken servers of ours, for the groups check-server-wires.test.ts does not
 * break: push, extended and extras on the v0.3 wire (the hand-written server of broken.ts, claiming
 * push notifications and an extended card, or run as bindu), and message, tasks (ListTasks), cancel,
 * streaming, push and extended on the v1.0 wire (a fault layer of ours in front of the real @a2a-js/sdk 1.x agent of
 * sdk-agents.ts). Each fault fails exactly the steps it breaks; with no fault those steps pass.
 * Every agent and every webhook is on 127.0.0.1.
 */
import { describe, expect, it } from 'vitest';
import { checkServer, type CheckReport, type StepResult } from '../../../src/commands/check-server/scenario.js';
import { startBrokenServer, type BrokenServerOptions, type Fault } from '../../fixtures/servers/broken.js';
import { startSdkV1Agent, type V1Fault } from '../../fixtures/servers/sdk-agents.js';

const failed = (report: CheckReport) => report.steps.filter((s) => s.status === 'fail').map((s) => s.name);
const step = (report: CheckReport, name: string): StepResult => {
  const found = report.steps.find((s) => s.name === name);
  if (!found) throw new Error(`no step "${name}" in ${report.steps.map((s) => s.name).join(', ')}`);
  return found;
};

const PUSH_STEPS = [
  'tasks/pushNotificationConfig/set',
  'tasks/pushNotificationConfig/get',
  'tasks/pushNotificationConfig/list',
  'tasks/pushNotificationConfig/delete',
  'push notifications reach the webhook',
];
const BINDU_EXTRAS = ['tasks/list', 'tasks/feedback', 'contexts/list', 'contexts/clear', 'context/get', 'contexts/get'];

async function checkBroken(faults: readonly Fault[], options: BrokenServerOptions): Promise<CheckReport> {
  const server = await startBrokenServer(faults, options);
  try {
    return await checkServer(server.url, { variant: options.variant ?? 'a2a', timeoutMs: 800, totalTimeoutMs: 30_000 });
  } finally {
    await server.close();
  }
}

describe('v0.3: the hand-written server claiming push notifications and an extended card, or run as bindu', () => {
  it('with nothing broken every step passes, the push, extended and extras steps among them', async () => {
    const report = await checkBroken([], { variant: 'bindu', push: true, extended: true });
    expect(failed(report)).toEqual([]);
    for (const name of [...PUSH_STEPS, 'agent/getAuthenticatedExtendedCard', ...BINDU_EXTRAS])
      expect(step(report, name).status, name).toBe('pass');
    expect(step(report, 'push notifications reach the webhook').notes.join('\n')).toMatch(
      /^\d+ notifications received, each valid with the token$/m,
    );
    expect(step(report, 'contexts/get').notes.join('\n')).toMatch(/answered a list of [1-9]/);
    const a2a = await checkBroken([], { push: true, extended: true });
    expect(failed(a2a)).toEqual([]);
    for (const name of [...PUSH_STEPS, 'agent/getAuthenticatedExtendedCard']) expect(step(a2a, name).status, name).toBe('pass');
  }, 30_000);

  const cases: {
    group: string;
    fault: Fault;
    options: BrokenServerOptions;
    fails: Record<string, RegExp>;
    warns?: Record<string, RegExp>;
  }[] = [
    {
      group: 'push',
      fault: 'push-set-other-url',
      options: { push: true },
      fails: { 'tasks/pushNotificationConfig/set': /^the stored configuration does not carry the id and url that were sent$/ },
    },
    {
      group: 'push',
      fault: 'push-list-loses',
      options: { push: true },
      fails: { 'tasks/pushNotificationConfig/list': /^the list does not hold the stored configuration$/ },
    },
    {
      group: 'push',
      fault: 'push-delete-ignored',
      options: { push: true },
      fails: { 'tasks/pushNotificationConfig/delete': /^the configuration is still listed after it was deleted$/ },
    },
    {
      group: 'push',
      fault: 'push-no-token',
      options: { push: true },
      fails: { 'push notifications reach the webhook': /^notification 1 does not carry the configured token \(X-A2A-Notification-Token\)/ },
    },
    {
      group: 'push',
      fault: 'push-invalid-notification',
      options: { push: true },
      fails: {
        'push notifications reach the webhook': /^notification 1 is not a valid Task: \(root\) missing the required property "kind"/,
      },
    },
    {
      group: 'push',
      fault: 'push-get-other-task',
      options: { push: true },
      fails: { 'tasks/pushNotificationConfig/get': /^the configuration read back names task \S+, expected \S+$/ },
    },
    {
      group: 'push',
      fault: 'push-list-other-task',
      options: { push: true },
      fails: { 'tasks/pushNotificationConfig/list': /^the list holds the stored configuration under task \S+, expected \S+$/ },
    },
    {
      group: 'push',
      fault: 'push-silent',
      options: { push: true },
      // Like an agent that refuses loopback webhooks (A2A v1.0 §13.2): a WARN with the advice, never a FAIL.
      fails: {},
      warns: {
        'push notifications reach the webhook':
          /^no notification reached the webhook http:\/\/127\.0\.0\.1:\d+\/\S+ within 800 ms\. It is on the loopback address, and agents may refuse to deliver to private addresses; give a URL the agent can reach with --webhook/,
      },
    },
    {
      group: 'extended',
      fault: 'invalid-extended-card',
      options: { extended: true },
      fails: { 'agent/getAuthenticatedExtendedCard': /^the response does not validate: \/result missing the required property "name"$/ },
    },
    {
      group: 'extended',
      fault: 'extended-missing',
      options: { extended: true },
      fails: { 'agent/getAuthenticatedExtendedCard': /^expected a result, got error -32601/ },
    },
    {
      group: 'extras',
      fault: 'feedback-invalid',
      options: { variant: 'bindu' },
      fails: { 'tasks/feedback': /^the response does not validate: \/result missing the required property "feedbackId"$/ },
    },
  ];
  it.each(cases)(
    '$group: $fault fails exactly the steps it breaks',
    async ({ fault, options, fails, warns }) => {
      const report = await checkBroken([fault], options);
      expect(failed(report)).toEqual(Object.keys(fails));
      for (const [name, reason] of Object.entries(fails)) expect(step(report, name).reason).toMatch(reason);
      expect(report.steps.filter((s) => s.status === 'warn').map((s) => s.name)).toEqual(Object.keys(warns ?? {}));
      for (const [name, reason] of Object.entries(warns ?? {})) expect(step(report, name).reason).toMatch(reason);
    },
    30_000,
  );

  it('a set that does not take leaves get, list and delete skipped, named; the webhook is still checked', async () => {
    const report = await checkBroken(['push-set-other-url'], { push: true });
    for (const name of PUSH_STEPS.slice(1, 4))
      expect(step(report, name)).toMatchObject({ status: 'skip', reason: 'tasks/pushNotificationConfig/set did not succeed' });
    expect(step(report, 'push notifications reach the webhook').status).toBe('pass');
  }, 30_000);
});

describe('v1.0: the real @a2a-js/sdk 1.x agent behind a fault layer of ours', () => {
  // The request faults read the body before the SDK (see sdk-agents.ts), so the envelope group,
  // which sends malformed bodies, is left out; so are the probes (the SDK's own deviations).
  const checkV1 = async (faults: readonly V1Fault[]) => {
    const agent = await startSdkV1Agent({ faults });
    try {
      return await checkServer(agent.url, { timeoutMs: 3_000, totalTimeoutMs: 40_000, skip: ['envelope', 'probes'] });
    } finally {
      await agent.close();
    }
  };
  const V1_STEPS = [
    'SendMessage in a conversation (contextId)',
    'ListTasks by contextId',
    'GetTaskPushNotificationConfig',
    'push notifications reach the webhook',
    'GetExtendedAgentCard',
    'CancelTask a running task',
    'CancelTask on a finished task',
    'SubscribeToTask to a live task',
    'SendStreamingMessage',
    'two streams at once',
  ];

  it('with no fault every step passes, these among them (each fault case below shows the layer itself breaks nothing else)', async () => {
    const report = await checkV1([]);
    expect(report.variant).toBe('a2a-v1');
    expect(failed(report)).toEqual([]);
    for (const name of V1_STEPS) expect(step(report, name).status, name).toBe('pass');
  }, 60_000);

  const cases: { group: string; fault: V1Fault; fails: Record<string, RegExp> }[] = [
    {
      group: 'message',
      fault: 'loses-context',
      fails: { 'SendMessage in a conversation (contextId)': /^sent in context \S+, answered in context \S+$/ },
    },
    {
      group: 'tasks',
      fault: 'list-ignores-context',
      fails: { 'ListTasks by contextId': /^\d+ of \d+ tasks listed are in another context$/ },
    },
    {
      group: 'push',
      fault: 'push-get-other-url',
      fails: { GetTaskPushNotificationConfig: /^the configuration read back does not carry the id and url that were stored$/ },
    },
    {
      group: 'push',
      fault: 'push-no-token',
      fails: { 'push notifications reach the webhook': /^notification 1 does not carry the configured token \(X-A2A-Notification-Token\)/ },
    },
    { group: 'extended', fault: 'invalid-extended-card', fails: { GetExtendedAgentCard: /missing the required property "name"/ } },
    // The live subscription cancels its task midway: with the cancel ignored, the stream never ends.
    {
      group: 'cancel',
      fault: 'cancel-ignored',
      fails: {
        'CancelTask a running task': /^after the cancel, GetTask says the task is working, not canceled$/,
        'CancelTask on a finished task': /^expected error -32002 \(TaskNotCancelableError\), got a result \(Task \(completed\)\)$/,
        'SubscribeToTask to a live task': /^no event for 3000 ms after event 1 \(task working\): the stream hangs$/,
        'SubscribeToTask: two subscribers see the same events':
          /^stream 1: no event for 3000 ms after event 1 \(task working\): the stream hangs/,
      },
    },
    {
      group: 'streaming',
      fault: 'stream-not-sse',
      fails: {
        SendStreamingMessage: /^the answer is application\/json \(HTTP 200\), not text\/event-stream$/,
        'two streams at once': /^stream 1: not a stream \(HTTP 200, application\/json\); stream 2: not a stream/,
      },
    },
  ];
  it.each(cases)(
    '$group: $fault fails exactly the steps it breaks',
    async ({ fault, fails }) => {
      const report = await checkV1([fault]);
      expect(failed(report)).toEqual(Object.keys(fails));
      for (const [name, reason] of Object.entries(fails)) expect(step(report, name).reason).toMatch(reason);
    },
    60_000,
  );
});
