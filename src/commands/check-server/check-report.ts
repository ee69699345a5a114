/**
 * How a check-server report is shown: one line per step (`PASS  name`, `FAIL  name: reason`,
 * `SKIP  name: why`, remarks indented below), a summary line, and JUnit XML for CI (one
 * <testcase> per step, its classname `check-server.<variant>.<group>` (`…<variant>.http-json.<group>`
 * on HTTP+JSON); a failure holds a
 * <failure>, a skip a <skipped>, remarks a <system-out>),
 * rendered and written by `src/shell/junit-xml.ts` like the conformance runner's.
 */
import { renderJUnit } from '../../shell/junit-xml.js';
import { writeFileAtomic } from '../../shell/write-file-atomic.js';
import type { CheckReport, StepResult } from './scenario.js';

const LABEL = { pass: 'PASS', fail: 'FAIL', skip: 'SKIP' } as const;

/** The line of one step, with its remarks on indented lines below. */
export function stepLines(step: StepResult): string {
  const head = `${LABEL[step.status]}  ${step.name}${step.reason ? `: ${step.reason}` : ''}\n`;
  return head + step.notes.map((note) => `      ${note}\n`).join('');
}

/** `N passed, N failed, N skipped`. */
export function summaryLine(report: CheckReport): string {
  return `${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped (${report.variant}, ${(report.durationMs / 1000).toFixed(1)} s)\n`;
}

/** The JUnit XML document of a report: one test suite, one test case per step. */
export function checkServerJUnit(report: CheckReport): string {
  const properties: [string, string][] = [
    ['variant', report.variant],
    ['wire', report.wire],
    ['variant-reason', report.variantReason],
    ['transports', (report.transports ?? ['jsonrpc']).join(',')],
  ];
  if (report.restEndpoint) properties.push(['rest-endpoint', report.restEndpoint]);
  if (report.cardUrl) properties.push(['card', report.cardUrl]);
  if (report.endpoint) properties.push(['endpoint', report.endpoint]);
  const cases = report.steps.map((step) => ({
    // HTTP+JSON steps have a class of their own, so a run of both bindings keeps them apart.
    classname:
      step.transport === 'http-json'
        ? `check-server.${report.variant}.http-json.${step.group}`
        : `check-server.${report.variant}.${step.group}`,
    name: step.name,
    durationMs: step.durationMs,
    ...(step.status === 'fail' ? { failure: { message: step.reason ?? 'failed', type: 'check-server', detail: step.reason ?? '' } } : {}),
    ...(step.status === 'skip' ? { skipped: { message: step.reason ?? 'skipped' } } : {}),
    ...(step.notes.length > 0 ? { systemOut: step.notes.join('\n') } : {}),
  }));
  return renderJUnit({
    name: 'bindu-protocol check-server',
    durationMs: report.durationMs,
    countSkipped: true,
    suites: [{ name: `check-server ${report.url}`, durationMs: report.durationMs, properties, cases }],
  });
}

/** Writes the JUnit XML atomically: a temporary file beside the target, then a rename. */
export function writeCheckServerJUnit(file: string, report: CheckReport): void {
  writeFileAtomic(file, checkServerJUnit(report));
}
