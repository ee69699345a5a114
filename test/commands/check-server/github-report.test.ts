/** github-report.ts on made-up reports: one annotation per step id, each kind bounded, XPASS under --strict-expect. */
import { describe, expect, it } from 'vitest';
import { githubAnnotations, jobSummary, MAX_ANNOTATIONS } from '../../../src/commands/check-server/github-report.js';
import type { CheckReport, StepResult } from '../../../src/commands/check-server/scenario.js';

const step = (
  id: string,
  status: StepResult['status'],
  transport: 'jsonrpc' | 'http-json',
  extra: Partial<StepResult> = {},
): StepResult => ({
  group: 'message',
  transport,
  id,
  name: id.replace('message.', ''),
  status,
  ...(status === 'pass' ? {} : { reason: `${status} on ${transport}: 50% | <b>`, clause: 'A2A v1.0 §3.1.1' }),
  notes: [],
  durationMs: 1,
  ...extra,
});

const report = (steps: StepResult[]): CheckReport => ({
  url: 'http://127.0.0.1:1/',
  specRevision: '1.0.1',
  deviations: [],
  variant: 'a2a-v1',
  variantReason: 'test',
  wire: 'v1.0',
  transports: ['jsonrpc', 'http-json'],
  differences: [],
  steps,
  passed: steps.filter((s) => s.status === 'pass').length,
  failed: steps.filter((s) => s.status === 'fail').length,
  warned: steps.filter((s) => s.status === 'warn').length,
  skipped: steps.filter((s) => s.status === 'skip').length,
  strict: false,
  ok: false,
  durationMs: 5,
});

describe('githubAnnotations', () => {
  it('one ::error per failing step id (both bindings named), warnings bounded apart, escapes as GitHub reads them', () => {
    const steps = ['a', 'b', 'c'].flatMap((id) => [step(`message.${id}`, 'fail', 'jsonrpc'), step(`message.${id}`, 'fail', 'http-json')]);
    const warns = Array.from({ length: 12 }, (_, i) => step(`message.w${i}`, 'warn', 'jsonrpc'));
    const lines = githubAnnotations(report([...steps, ...warns]))
      .trimEnd()
      .split('\n');
    expect(lines.filter((line) => line.startsWith('::error '))).toEqual([
      '::error title=message.a [JSON-RPC%2C HTTP+JSON]::a: fail on jsonrpc: 50%25 | <b> [A2A v1.0 §3.1.1]',
      '::error title=message.b [JSON-RPC%2C HTTP+JSON]::b: fail on jsonrpc: 50%25 | <b> [A2A v1.0 §3.1.1]',
      '::error title=message.c [JSON-RPC%2C HTTP+JSON]::c: fail on jsonrpc: 50%25 | <b> [A2A v1.0 §3.1.1]',
    ]);
    const warnings = lines.filter((line) => line.startsWith('::warning '));
    expect(warnings).toHaveLength(MAX_ANNOTATIONS);
    expect(warnings.at(-1)).toContain('::warning title=check-server::3 more warning steps not annotated');
  });

  it('an XPASS is an ::error only under --strict-expect; an XFAIL never is', () => {
    const entry = { id: 'message.x', reason: 'known' };
    const steps = [
      step('message.x', 'pass', 'jsonrpc', { expected: { outcome: 'xpass', entry } }),
      step('message.y', 'fail', 'jsonrpc', { expected: { outcome: 'xfail', entry: { ...entry, id: 'message.y' } } }),
    ];
    expect(githubAnnotations(report(steps))).toBe('');
    expect(githubAnnotations(report(steps), true)).toBe(
      '::error title=message.x [JSON-RPC]::x: XPASS: listed as a known failure (known) but it no longer fails (--strict-expect)\n',
    );
  });
});

describe('jobSummary', () => {
  it('a table of FAIL, then WARN, then XFAIL rows, cells on one line with pipes and tags escaped', () => {
    const entry = { id: 'message.z', reason: 'known' };
    const markdown = jobSummary(
      report([
        step('message.w', 'warn', 'jsonrpc'),
        step('message.z', 'fail', 'http-json', { expected: { outcome: 'xfail', entry } }),
        step('message.f', 'fail', 'http-json'),
        step('message.p', 'pass', 'jsonrpc'),
      ]),
    );
    expect(markdown.split('\n').filter((line) => /^\| (FAIL|WARN|XFAIL|XPASS) /.test(line))).toEqual([
      '| FAIL | `message.f` | HTTP+JSON | fail on http-json: 50% \\| &lt;b&gt; | A2A v1.0 §3.1.1 |',
      '| WARN | `message.w` | JSON-RPC | warn on jsonrpc: 50% \\| &lt;b&gt; | A2A v1.0 §3.1.1 |',
      '| XFAIL | `message.z` | HTTP+JSON | fail on http-json: 50% \\| &lt;b&gt; (known: known) | A2A v1.0 §3.1.1 |',
    ]);
  });
});
