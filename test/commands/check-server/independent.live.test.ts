/**
 * check-server against agents of ours that behave as independent A2A implementations do (hand-written,
 * not on the SDK's server: test/fixtures/servers/broken.ts), each paired with the exact steps and levels
 * expected (issue 22): one that finishes every task synchronously but streams; one that answers every
 * result with `id: null`; one whose Task lacks `kind`; one serving its card under
 * /.well-known/<agent>/agent-card.json with its endpoint under a path; one refusing loopback webhooks.
 * No --variant anywhere: the plain v0.3 card must decide a2a.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { checkServer, type CheckReport, type StepResult } from '../../../src/commands/check-server/scenario.js';
import { startBrokenServer, type BrokenServerOptions, type Fault } from '../../fixtures/servers/broken.js';
import type { RunningServer } from '../../fixtures/servers/echo.js';

const BOUNDS = { timeoutMs: 1_500, totalTimeoutMs: 40_000 } as const;
const running: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(running.map((server) => server.close()));
});
async function start(faults: readonly Fault[], options: BrokenServerOptions = {}): Promise<RunningServer> {
  const server = await startBrokenServer(faults, options);
  running.push(server);
  return server;
}
const named = (report: CheckReport, status: StepResult['status']) => report.steps.filter((s) => s.status === status).map((s) => s.name);
const step = (report: CheckReport, name: string): StepResult => {
  const found = report.steps.find((s) => s.name === name);
  if (!found) throw new Error(`no step "${name}"`);
  return found;
};

/** Every step whose own calls answer a result (so an id or a kind in every result breaks them all). */
const RESULT_STEPS = [
  'message/send (text part)',
  'message/send (data part)',
  'message/send (file by URI)',
  'message/send (file by bytes)',
  'message/send continuing a task (taskId)',
  'message/send in a conversation (contextId)',
  'message/send historyLength 0',
  'message/send with referenceTaskIds',
  'message/send non-blocking',
  'tasks/get (historyLength)',
  'tasks/get historyLength 0',
  'tasks/get historyLength large',
  'tasks/get multi-turn history in order',
  'tasks/cancel a running task',
];

describe('agents that behave as independent implementations do', () => {
  it('a correct agent of ours keeps every MUST: 0 FAIL and 0 WARN with no --variant, twice in a row with the same steps', async () => {
    const server = await start([]);
    const first = await checkServer(server.url, BOUNDS);
    const second = await checkServer(server.url, BOUNDS);
    expect(first.variant).toBe('a2a');
    expect(first.variantReason).toMatch(/nothing only a Bindu card has/);
    for (const report of [first, second]) {
      expect(named(report, 'fail')).toEqual([]);
      expect(named(report, 'warn')).toEqual([]);
      expect(report.ok).toBe(true);
    }
    expect(second.steps.map((s) => [s.name, s.status, s.reason])).toEqual(first.steps.map((s) => [s.name, s.status, s.reason]));
  }, 60_000);

  it('sync-streaming (ignores blocking: false, but streams): cancel and resubscribe run on a task a streaming send started', async () => {
    const report = await checkServer((await start(['sync-streaming'])).url, BOUNDS);
    expect(named(report, 'fail')).toEqual([]);
    const started =
      /^the agent answered the non-blocking message\/send with the task already completed; starting a task with message\/stream/;
    const cancel = step(report, 'tasks/cancel a running task');
    expect(cancel.status).toBe('pass');
    expect(cancel.notes[0]).toMatch(started);
    expect(cancel.notes.at(-1)).toMatch(/is canceled \(started by a streaming send, which ended canceled\), and stays so$/);
    const resubscribe = step(report, 'tasks/resubscribe to a live task');
    expect(resubscribe.status).toBe('pass');
    expect(resubscribe.notes.join('\n')).toMatch(/Task \(working\) → status-update canceled, final/);
    expect(step(report, 'message/send non-blocking').notes).toContain('answered with the task completed: the agent finishes at once');
  }, 60_000);

  it('id-null: every step whose own answer is a result FAILs on JSON-RPC 2.0 §5, and goes on judging the behaviour', async () => {
    const report = await checkServer((await start(['id-null'])).url, BOUNDS);
    expect(named(report, 'fail')).toEqual([
      ...RESULT_STEPS,
      'message/stream',
      'tasks/resubscribe to a live task',
      'tasks/resubscribe: two subscribers see the same events',
      'tasks/resubscribe: closing one subscriber leaves the other receiving',
      'two streams at once',
      // Its empty parts array, which v0.3 allows, is answered with a result.
      'a message without parts',
    ]);
    for (const name of RESULT_STEPS) {
      expect(step(report, name).reason, name).toMatch(/^the response id is null, expected \d+/);
      expect(step(report, name).clause, name).toMatch(/^JSON-RPC 2\.0 §5 \(the id MUST be the same as the request id\)/);
    }
    expect(step(report, 'message/stream').reason).toMatch(/^event 1 has id null, expected \d+/);
    // Error answers keep their ids: the error steps are not touched.
    expect(step(report, 'tasks/get on an unknown task').status).toBe('pass');
  }, 60_000);

  it('task-without-kind: each answer is judged where it comes (the schema of a2a), and the behaviour behind it still is', async () => {
    const report = await checkServer((await start(['task-without-kind'])).url, BOUNDS);
    expect(named(report, 'fail')).toEqual([
      ...RESULT_STEPS,
      'tasks/resubscribe to a live task',
      'tasks/resubscribe: two subscribers see the same events',
      'tasks/resubscribe: closing one subscriber leaves the other receiving',
      'a message without parts',
    ]);
    for (const name of [...RESULT_STEPS, 'a message without parts']) {
      expect(step(report, name).reason, name).toMatch(/the response does not validate: \/result missing the required property "kind"/);
      expect(step(report, name).clause, name).toMatch(/^the a2a schema \(A2A v0\.3\.0 §/);
    }
    // The task is still used: the multi-turn history is read (and in order), cancel reaches canceled.
    expect(step(report, 'tasks/get multi-turn history in order').notes.at(-1)).toMatch(/the two turns in order$/);
    expect(step(report, 'tasks/cancel a running task').notes.at(-1)).toMatch(/is canceled/);

    // With a second defect behind the first, both are named: historyLength ignored and the kind missing.
    const both = await checkServer((await start(['task-without-kind', 'ignores-history'])).url, BOUNDS);
    expect(step(both, 'tasks/get historyLength 0').reason).toMatch(
      /^historyLength 0 but the task came back with 2 history messages; the response does not validate: \/result missing the required property "kind"$/,
    );
  }, 60_000);

  it('close-ends-others (closing one subscriber ends the other): a WARN on v0.3, which says nothing of several streams', async () => {
    const name = 'tasks/resubscribe: closing one subscriber leaves the other receiving';
    const correct = await checkServer((await start([])).url, { ...BOUNDS, only: ['streaming'] });
    expect(step(correct, name)).toMatchObject({ status: 'pass' });
    expect(step(correct, name).notes.at(-1)).toMatch(
      /^stream 1 closed after Task \(working\); stream 2: Task \(working\) → status-update canceled, final$/,
    );
    const report = await checkServer((await start(['close-ends-others'])).url, BOUNDS);
    expect(named(report, 'fail')).toEqual([]);
    expect(named(report, 'warn')).toEqual([name]);
    expect(step(report, name).reason).toMatch(/^after the first subscriber closed its stream, the second did not go on receiving: /);
    expect(step(report, name).clause).toBe(
      'A2A v1.0 §3.5.2 (closing one stream leaves the others), read as a SHOULD for v0.3, which says nothing of several streams',
    );
  }, 60_000);

  it('a card under /.well-known/<agent>/agent-card.json and the endpoint under a path: given the card URL, every group runs', async () => {
    const server = await start([], { agentPath: 'weather' });
    const report = await checkServer(`${server.url}/.well-known/weather/agent-card.json`, BOUNDS);
    expect(report.cardUrl).toBe(`${server.url}/.well-known/weather/agent-card.json`);
    expect(report.endpoint).toBe(`${server.url}/agents/weather/rpc`);
    expect(named(report, 'fail')).toEqual([]);
    // Given only the base URL, the card step says where such a card may be.
    const bare = await checkServer(server.url, BOUNDS);
    expect(named(bare, 'fail')).toEqual(['agent card']);
    expect(step(bare, 'agent card').reason).toMatch(/\/\.well-known\/<agent>\/agent-card\.json\): give its URL\)$/);
    expect(bare.variant).toBe('a2a');
  }, 60_000);

  it('refuses-loopback (push claimed): the set and the delivery are WARNs naming §13.2 and --webhook, never FAILs', async () => {
    const report = await checkServer((await start(['refuses-loopback'], { push: true })).url, BOUNDS);
    expect(named(report, 'fail')).toEqual([]);
    expect(named(report, 'warn')).toEqual(['tasks/pushNotificationConfig/set', 'push notifications reach the webhook']);
    for (const name of named(report, 'warn')) {
      expect(step(report, name).reason).toMatch(
        /"The webhook URL names a private address"\) \(and took a public URL\) for the webhook http:\/\/127\.0\.0\.1:\d+\/\S+\. It is on the loopback address.*--webhook$/,
      );
      expect(step(report, name).clause).toBe('A2A v0.3.0 §9.5 (push delivery)');
    }
    expect(step(report, 'tasks/pushNotificationConfig/get')).toMatchObject({
      status: 'skip',
      reason: 'tasks/pushNotificationConfig/set did not succeed',
    });
    // --strict makes a WARN fail the run.
    expect(report.ok).toBe(true);
    const strict = await checkServer((await start(['refuses-loopback'], { push: true })).url, { ...BOUNDS, strict: true, only: ['push'] });
    expect(strict.warned).toBe(2);
    expect(strict.ok).toBe(false);
  }, 60_000);
});
