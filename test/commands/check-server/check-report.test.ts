/** check-report.ts's JUnit on a made-up report: XFAIL a skipped case, WARN a passing case with a warning line (issue 34). */
import { describe, expect, it } from 'vitest';
import { checkServerJUnit } from '../../../src/commands/check-server/check-report.js';
import type { CheckReport, StepResult } from '../../../src/commands/check-server/scenario.js';

const step = (id: string, status: StepResult['status'], extra: Partial<StepResult> = {}): StepResult => ({
  group: 'message',
  transport: 'jsonrpc',
  id,
  name: id,
  status,
  ...(status === 'pass' ? {} : { reason: `it did ${status}`, clause: 'A2A v0.3.0 §7.1' }),
  notes: [],
  durationMs: 1,
  ...extra,
});

const report = (steps: StepResult[], strict = false): CheckReport => ({
  url: 'http://127.0.0.1:1/',
  specRevision: '0.3.0',
  deviations: [],
  variant: 'a2a',
  variantReason: 'test',
  wire: 'v0.3',
  transports: ['jsonrpc'],
  differences: [],
  steps,
  passed: 0,
  failed: 0,
  warned: 1,
  skipped: 0,
  strict,
  ok: true,
  durationMs: 5,
});

const caseOf = (xml: string, id: string) => new RegExp(`<testcase [^>]*name="${id}"[^>]*?(/>|>[^]*?</testcase>)`).exec(xml)?.[0] ?? '';

describe('checkServerJUnit', () => {
  it('XFAIL: <skipped message="expected failure: …"> with the failure in <system-out>; WARN: no <failure>, a warning line', () => {
    const steps = [
      step('message.x', 'fail', { expected: { outcome: 'xfail', entry: { id: 'message.x', reason: 'the SDK drops kind' } } }),
      step('message.w', 'warn'),
    ];
    const xml = checkServerJUnit(report(steps));
    const xfail = caseOf(xml, 'message.x');
    expect(xfail).toContain('<skipped message="expected failure: the SDK drops kind"/>');
    expect(xfail).toContain('<system-out>XFAIL message.x: it did fail\nclause: A2A v0.3.0 §7.1</system-out>');
    expect(xfail).not.toContain('<failure');
    const warn = caseOf(xml, 'message.w');
    expect(warn).not.toContain('<failure');
    expect(warn).not.toContain('<skipped');
    expect(warn).toContain('<system-out>warning: message.w: it did warn\nclause: A2A v0.3.0 §7.1</system-out>');
    expect(xml).toMatch(/<testsuites [^>]*failures="0" errors="0" skipped="1"/);
    // --strict: the WARN fails the case.
    expect(caseOf(checkServerJUnit(report(steps, true)), 'message.w')).toContain('<failure message="it did warn" type="WARN">');
  });
});
