/**
 * Judging NDJSON by regions (src/commands/validate/judge.ts): a worker judges a region with its own
 * requests only, and the main thread pairs its responses across regions (`pairAcross`). The
 * result must be what one job, judging every region with the whole input's requests, writes:
 * the same text and the same counts, including where the two pair a response differently.
 */
import { describe, expect, it } from 'vitest';
import { Judge, RecentRequests, type RegionResult } from '../../../src/commands/validate/judge.js';

const settings = { variant: 'a2a', strict: false, json: false, colour: false, maxErrors: 100, maxBytes: 1 << 20 };
const task = {
  kind: 'task',
  id: 'b7e4c1d9-2a6f-4e83-8d15-3f9a0c6e2b47',
  contextId: '0f8c3a52-6b1e-4d7a-9e24-5c1b7d3e8a90',
  status: { state: 'completed' },
};
const get = (id: string | number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tasks/get', params: { id: task.id } });
const send = (id: string | number) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'message/send',
    params: {
      message: { kind: 'message', messageId: '41d770d0-45ea-4160-8b09-a9851dd17abe', role: 'user', parts: [{ kind: 'text', text: 'hi' }] },
    },
  });
const answer = (id: string | number) => JSON.stringify({ jsonrpc: '2.0', id, result: task });

/** Regions (each a list of lines) as one job judges them, and as workers do with the main thread pairing. */
function both(regions: string[][]): {
  oneJob: { out: string; valid: number; invalid: number };
  workers: { out: string; valid: number; invalid: number };
  checks: number;
} {
  const judge = new Judge(settings);
  const buffers: { bytes: Buffer; first: number }[] = [];
  let line = 1;
  for (const lines of regions) {
    buffers.push({ bytes: Buffer.from(`${lines.join('\n')}\n`), first: line });
    line += lines.length;
  }
  const sum = (results: { out: string; valid: number; invalid: number }[]) => ({
    out: results.map((r) => r.out).join(''),
    valid: results.reduce((n, r) => n + r.valid, 0),
    invalid: results.reduce((n, r) => n + r.invalid, 0),
  });
  const whole = new RecentRequests();
  const oneJob = sum(buffers.map(({ bytes, first }) => judge.region('log', bytes, first, 0, whole, false)));
  const main = new RecentRequests();
  const own: RegionResult[] = buffers.map(({ bytes, first }) => judge.region('log', bytes, first, 0, new RecentRequests(), true));
  const workers = sum(own.map((result) => judge.pairAcross('log', result, main)));
  return { oneJob, workers, checks: own.reduce((n, r) => n + r.checks.length, 0) };
}

describe("NDJSON regions: a worker's region paired across regions is what one job writes", () => {
  it('a response whose request is in an earlier region: paired with it (judged again), not reported as unpaired', () => {
    const { oneJob, workers, checks } = both([
      [get(1), answer(1), send(2)],
      [answer(2), answer(3), get(3), answer(3)],
    ]);
    expect(checks).toBe(2);
    expect(workers).toEqual(oneJob);
    // Paired with message/send: the Task is a right answer; id 3's first answer has no request before it.
    expect(oneJob.out).toMatch(/log:4: valid\n/);
    expect(oneJob.out).toMatch(/log:5: valid, 1 warning\n {2}warning \(root\): cannot tell which method this response answers/);
  });

  it('a region of more requests than are remembered: the whole input has forgotten a request that the region still holds', () => {
    // One job: 9,999 requests before, then X and 10,001 more: the whole input's memory has moved on
    // twice since X, and forgets it; the region's own memory, started at X, has moved on only once.
    const before = Array.from({ length: 9_999 }, (_, i) => get(`a${i}`));
    const after = Array.from({ length: 10_001 }, (_, i) => get(`b${i}`));
    const { oneJob, workers, checks } = both([before, [send('X'), ...after, answer('X')]]);
    expect(checks).toBeGreaterThan(0);
    expect(workers).toEqual(oneJob);
    // One job judged X's answer with no request to pair it with: one answer in the log warns so.
    expect(oneJob.out.split('\n').filter((text) => text.endsWith(': valid, 1 warning'))).toEqual([
      `log:${9_999 + 10_003}: valid, 1 warning`,
    ]);
  });

  it('counts: an answer judged invalid on the worker and valid once paired moves from one count to the other', () => {
    // tasks/cancel's answer is a Task; message/send may answer with a Message or a Task; an error answer fits any.
    const cancel = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tasks/cancel', params: { id: task.id } });
    const message = JSON.stringify({
      jsonrpc: '2.0',
      id: 7,
      result: {
        kind: 'message',
        messageId: '41d770d0-45ea-4160-8b09-a9851dd17abe',
        role: 'agent',
        parts: [{ kind: 'text', text: 'done' }],
      },
    });
    const { oneJob, workers } = both([[cancel], [message]]);
    expect(workers).toEqual(oneJob);
    expect(oneJob.invalid).toBe(1);
  });
});
