/** expect-fail.ts: reasons written without what changes from one run to the next (issue 34). */
import { describe, expect, it } from 'vitest';
import { stableReason } from '../../../src/commands/check-server/expect-fail.js';

describe('stableReason', () => {
  it('replaces ids, times and ports, and leaves the rest', () => {
    expect(
      stableReason(
        'task 0b4e7a4c-9a7e-4f43-8c55-0c1d2e3f4a5b not found at http://127.0.0.1:41237/a2a (2026-11-28T19:56:21.123Z, 1764359781123); after 10000 ms',
      ),
    ).toBe('task <id> not found at http://127.0.0.1:<port>/a2a (<time>, <time>); after 10000 ms');
    expect(stableReason('localhost:8080 and [::1]:3000 and https://agent.example:8443/x')).toBe(
      'localhost:<port> and [::1]:<port> and https://agent.example:<port>/x',
    );
    expect(stableReason('expected error -32002 (TaskNotCancelableError), got a result (Task (completed))')).toBe(
      'expected error -32002 (TaskNotCancelableError), got a result (Task (completed))',
    );
  });
});
