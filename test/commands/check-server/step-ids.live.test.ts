/**
 * Stable step ids (issue 23): two runs against the same agent give the same ids and outcomes,
 * --list-steps (no agent contacted) lists every id a run prints, --only/--skip take step ids.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkServerCommand } from '../../../src/commands/check-server/command.js';
import { checkServer } from '../../../src/commands/check-server/scenario.js';
import { stepId } from '../../../src/commands/check-server/step-ids.js';
import { startBrokenServer } from '../../fixtures/servers/broken.js';
import type { RunningServer } from '../../fixtures/servers/echo.js';
import { startSdkV1Agent, type SdkAgent } from '../../fixtures/servers/sdk-agents.js';

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await checkServerCommand(
    args,
    (text) => (stdout += text),
    (text) => (stderr += text),
  );
  return { code, stdout, stderr };
}

describe('check-server step ids', () => {
  let agent: RunningServer;
  let v1: SdkAgent;
  beforeAll(async () => {
    agent = await startBrokenServer(['wrong-error-code']);
    v1 = await startSdkV1Agent();
  });
  afterAll(async () => {
    await Promise.all([agent?.close(), v1?.close()]);
  });

  it('are wire-neutral: the same step on both wires has one id', () => {
    expect(stepId('message', 'message/send (text part)')).toBe(stepId('message', 'SendMessage (text part)'));
    expect(stepId('cancel', 'tasks/cancel on a finished task')).toBe('cancel.cancel-on-a-finished-task');
    expect(stepId('probes', 'probes: tasks/get (7 invalid params)')).toBe(stepId('probes', 'probes: GetTask (2 invalid params)'));
    expect(stepId('tasks', 'setup of "tasks/get historyLength 0": message/send')).toBe('tasks.get-historylength-0.setup-send');
  });

  it('two consecutive runs give the same ids and outcomes; --list-steps lists every id printed', async () => {
    const options = { variant: 'a2a', timeoutMs: 2000 } as const;
    const first = await checkServer(agent.url, options);
    const second = await checkServer(agent.url, options);
    const outcomes = (report: typeof first) => report.steps.map((step) => `${step.id} ${step.status}`);
    expect(outcomes(second)).toEqual(outcomes(first));
    expect(first.failed).toBeGreaterThan(0);
    const ids = first.steps.map((step) => step.id);
    expect(new Set(ids).size).toBe(ids.length);

    const run = await cli([agent.url, '--variant', 'a2a', '--timeout', '2s']);
    const printed = run.stdout
      .split('\n')
      .map((line) => /^(?:PASS|FAIL|WARN|SKIP) {2}(\S+) {2}/.exec(line)?.[1])
      .filter((id): id is string => id !== undefined);
    expect(printed).toEqual(ids);
    const list = await cli(['--list-steps', '--variant', 'a2a']);
    expect(list.code).toBe(0);
    const listed = list.stdout.split('\n').map((line) => line.split(' ')[0]);
    for (const id of printed) expect(listed).toContain(id);
  }, 60_000);

  it('the same step on the v1.0 wire has the id it has on v0.3; every printed id is listed for a2a-v1', async () => {
    const a = await checkServer(agent.url, { variant: 'a2a', timeoutMs: 2000 });
    const b = await checkServer(v1.url, { timeoutMs: 3000 });
    expect(b.wire).toBe('v1.0');
    const v03 = new Set(a.steps.map((step) => step.id));
    // The steps both wires share (every group but the v1.0-only ones) have one id.
    for (const name of ['text part', 'data part', 'continuing a task (taskId)'])
      expect(v03.has(b.steps.find((step) => step.name === `SendMessage (${name})` || step.name === `SendMessage ${name}`)!.id)).toBe(true);
    expect(b.steps.map((step) => step.id).filter((id) => v03.has(id)).length).toBeGreaterThan(30);
    const list = await cli(['--list-steps', '--variant', 'a2a-v1']);
    for (const step of b.steps) expect(list.stdout).toContain(`${step.id} `);
  }, 60_000);

  it('--only and --skip take step ids; an unknown id is a usage error', async () => {
    const only = await checkServer(agent.url, { variant: 'a2a', timeoutMs: 2000, only: ['cancel.cancel-on-a-finished-task'] });
    expect(only.steps.map((step) => step.id)).toEqual(['cancel.cancel-on-a-finished-task']);
    expect(only.failed).toBe(1);
    const skipped = await checkServer(agent.url, {
      variant: 'a2a',
      timeoutMs: 2000,
      only: ['cancel'],
      skip: ['cancel.cancel-on-a-finished-task'],
    });
    expect(skipped.steps.map((step) => step.id)).not.toContain('cancel.cancel-on-a-finished-task');
    expect(skipped.steps.some((step) => step.group === 'cancel')).toBe(true);
    expect(skipped.failed).toBe(0);
    const bad = await cli([agent.url, '--only', 'cancel.no-such-step']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('unknown step id "cancel.no-such-step"');
  }, 60_000);
});
