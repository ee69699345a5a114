/**
 * What check-server's steps say (issue 34), against agents of ours (test/fixtures/servers/broken.ts):
 * a part the card's input modes do not admit, refused (SKIP for ContentTypeNotSupported, WARN for
 * another code: DESIGN decision 14); a task that finishes before it is subscribed to (each streaming
 * step SKIPs in its own words, "two subscribers" compares nothing it did not receive); and over
 * agents with broad defects, the wording rules: no FAIL cites a SHOULD (or says "no MUST", or ends
 * in WARN), no reason says the same thing twice.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { checkServer, type CheckReport, type StepResult } from '../../../src/commands/check-server/scenario.js';
import { startBrokenServer, type Fault } from '../../fixtures/servers/broken.js';
import type { RunningServer } from '../../fixtures/servers/echo.js';

const BOUNDS = { timeoutMs: 2_000, totalTimeoutMs: 40_000, variant: 'a2a' } as const;
const running: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(running.map((server) => server.close()));
});
async function check(faults: readonly Fault[], only?: string[]): Promise<CheckReport> {
  const server = await startBrokenServer(faults);
  running.push(server);
  return checkServer(server.url, { ...BOUNDS, ...(only ? { only } : {}) });
}
const step = (report: CheckReport, id: string): StepResult => {
  const found = report.steps.find((s) => s.id === id);
  if (!found) throw new Error(`no step "${id}"`);
  return found;
};

describe('check-server step wording', () => {
  it('a card of text/plain input only: a data part refused with -32005 is a SKIP, file parts refused with -32602 are WARNs', async () => {
    const report = await check(['refuses-non-text'], ['message']);
    expect(step(report, 'message.send-text-part').status).toBe('pass');
    expect(step(report, 'message.send-data-part')).toMatchObject({
      status: 'skip',
      reason:
        'the card\'s input modes (text/plain) do not admit a data part (application/json), and the agent refused the data part with ContentTypeNotSupportedError (-32005 ("Only text/plain is taken")), as it may',
    });
    for (const id of ['message.send-file-by-uri', 'message.send-file-by-bytes'])
      expect(step(report, id)).toMatchObject({
        status: 'warn',
        reason: expect.stringMatching(
          /^the card's input modes \(text\/plain\) do not admit a file part \(they list only text\), and the agent refused the file by (URI|bytes) with error -32602 \("Files are not taken"\), not ContentTypeNotSupportedError \(-32005\)$/,
        ),
        clause: 'A2A v0.3.0 §8.2 (-32005 ContentTypeNotSupportedError for a media type the agent does not support)',
      });
    expect(report.failed).toBe(0);
    // The same card, an agent that takes every part: PASS, with a remark.
    const taking = await check([], ['message']);
    expect(step(taking, 'message.send-data-part').status).toBe('pass');
    expect(step(taking, 'message.send-data-part').notes).toContain(
      "the card's input modes (text/plain) do not admit a data part (application/json); the agent took it all the same",
    );
  }, 30_000);

  it('a task done before it is subscribed to: each streaming step SKIPs in its own words; two subscribers compare nothing they did not receive', async () => {
    const report = await check(['done-before-subscribe'], ['streaming']);
    expect(step(report, 'streaming.resubscribe-to-a-live-task')).toMatchObject({
      status: 'skip',
      reason: 'the task finished (completed) before the cancel that was to end the subscription, so there was no live task to follow',
    });
    expect(step(report, 'streaming.resubscribe-two-subscribers-see-the-same-events')).toMatchObject({
      status: 'skip',
      reason: "subscriber 1 received Task (completed): no event after the task's snapshot, so there are no live events to compare",
    });
    expect(report.failed).toBe(0);
  }, 30_000);

  it('over broad defects: no FAIL clause is a SHOULD, says "no MUST" or ends in WARN; no reason repeats itself; SKIPs speak of their own step', async () => {
    const reports = await Promise.all(
      (['task-without-kind', 'missing-kind', 'done-before-subscribe', 'wrong-state'] as const).map((fault) => check([fault])),
    );
    const fails = reports.flatMap((report) => report.steps.filter((s) => s.status === 'fail'));
    expect(fails.length).toBeGreaterThan(20);
    for (const failure of fails) {
      expect(failure.clause, failure.id).not.toMatch(/SHOULD|no MUST|WARN\)?$/);
      const parts = failure.reason!.split('; ').map((part) => part.replace(/ \(hint: .*$/, ''));
      expect(
        parts.filter((part, i) => parts.indexOf(part) !== i),
        `${failure.id}: ${failure.reason}`,
      ).toEqual([]);
    }
    // The cancel step's words stay in the cancel group.
    for (const skipped of reports.flatMap((report) => report.steps.filter((s) => s.status === 'skip' && s.group !== 'cancel')))
      expect(skipped.reason, skipped.id).not.toMatch(/before it could be canceled|TaskNotCancelableError is what/);
  }, 60_000);
});
