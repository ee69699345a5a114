/**
 * How a check-server report is shown: one line per step (`PASS  id  name`, `FAIL  id  name: reason [clause]`,
 * `WARN  id  name: reason [clause]`, `SKIP  id  name: why`, remarks indented below), a summary line, and JUnit XML for CI (one
 * <testcase> per step named by its stable id, its classname `check-server.<variant>.<group>` (`…<variant>.http-json.<group>`
 * on HTTP+JSON, `…<variant>.grpc.<group>` on gRPC); a FAIL holds a <failure> (reason, clause, request, answer), a WARN
 * passes with a `warning:` line in <system-out> (a <failure> with --strict), a skip a <skipped>, an XFAIL a
 * <skipped message="expected failure: …"> with the failure in <system-out>, remarks a <system-out>),
 * rendered and written by `src/shell/junit-xml.ts` like the conformance runner's.
 */
import { renderJUnit } from '../../shell/junit-xml.js';
import { writeFileAtomic } from '../../shell/write-file-atomic.js';
import type { CheckReport, StepResult } from './scenario.js';

const LABEL = { pass: 'PASS', fail: 'FAIL', warn: 'WARN', skip: 'SKIP' } as const;

/** The line of one step, with its remarks on indented lines below. */
export function stepLines(step: StepResult): string {
  const clause = step.clause ? ` [${step.clause}]` : '';
  const label = step.expected ? step.expected.outcome.toUpperCase() : LABEL[step.status];
  const head = `${label}  ${step.id}  ${step.name}${step.reason ? `: ${step.reason}` : ''}${clause}\n`;
  const expected = step.expected
    ? [`expected to fail: ${step.expected.entry.reason}${step.expected.entry.issue ? ` (${step.expected.entry.issue})` : ''}`]
    : [];
  return head + [...expected, ...step.notes].map((note) => `      ${note}\n`).join('');
}

/** `N passed, N failed, N warned, N skipped`. */
export function summaryLine(report: CheckReport & { readonly xfailed?: number; readonly xpassed?: number }): string {
  const expected = report.xfailed !== undefined ? `, ${report.xfailed} xfailed, ${report.xpassed ?? 0} xpassed` : '';
  const counts = `${report.passed} passed, ${report.failed} failed, ${report.warned} warned, ${report.skipped} skipped${expected}`;
  const strict = report.strict ? ', --strict: WARN fails the run' : '';
  return `${counts} (${report.variant}, ${(report.durationMs / 1000).toFixed(1)} s${strict})\n`;
}

/**
 * The deviations of a report (deviations.ts), one line each with the number of steps it was seen in
 * (`results use snake_case keys: 14 steps`), after a heading; nothing when there are none.
 */
export function deviationLines(report: Pick<CheckReport, 'deviations'>): string {
  if (report.deviations.length === 0) return '';
  const lines = report.deviations.map((seen) => {
    const count = `${seen.steps.length} step${seen.steps.length === 1 ? '' : 's'}`;
    return `DEVIATION  ${seen.summary}: ${count} (fix: ${seen.fix}) [${seen.clause}]\n`;
  });
  return `-- deviations: ${report.deviations.length} (each also FAILs the steps named above)\n${lines.join('')}`;
}

/** The full text of a FAIL or WARN: reason, clause, the request sent and the answer received. */
export function failureBody(step: StepResult): string {
  const lines = [`${step.name}: ${step.reason ?? step.status}`];
  if (step.clause) lines.push(`clause: ${step.clause}`);
  if (step.exchange) lines.push(`request:\n${step.exchange.request}`, `answer:\n${step.exchange.answer}`);
  return lines.join('\n');
}

// HTTP+JSON steps have a class of their own, so a run of both bindings keeps them apart.
const classOf = (report: CheckReport, step: StepResult) =>
  step.transport === 'http-json' || step.transport === 'grpc'
    ? `check-server.${report.variant}.${step.transport}.${step.group}`
    : `check-server.${report.variant}.${step.group}`;

/** The JUnit XML document of a report: one test suite, one test case per step. */
export function checkServerJUnit(report: CheckReport, strictExpect = false): string {
  const properties: [string, string][] = [
    ['url', report.url],
    ['variant', report.variant],
    ['wire', report.wire],
    ['variant-reason', report.variantReason],
    ['transports', (report.transports ?? ['jsonrpc']).join(',')],
  ];
  if (report.restEndpoint) properties.push(['rest-endpoint', report.restEndpoint]);
  if (report.cardUrl) properties.push(['card', report.cardUrl]);
  if (report.endpoint) properties.push(['endpoint', report.endpoint]);
  const cases = report.steps.map((step) => {
    const outcome = step.expected?.outcome;
    // XFAIL: a skipped case (CI tools show it apart from a pass and a failure), the failure in its output.
    if (outcome === 'xfail')
      return {
        classname: classOf(report, step),
        name: step.id,
        durationMs: step.durationMs,
        skipped: { message: `expected failure: ${step.expected!.entry.reason}` },
        systemOut: [`XFAIL ${failureBody(step)}`, ...step.notes].join('\n'),
      };
    if (outcome === 'xpass' && !strictExpect) {
      const said = `XPASS (expected to fail: ${step.expected!.entry.reason})`;
      return {
        classname: classOf(report, step),
        name: step.id,
        durationMs: step.durationMs,
        systemOut: [said, ...step.notes].join('\n'),
      };
    }
    if (outcome === 'xpass') {
      const message = `XPASS: expected to fail (${step.expected!.entry.reason}), but ${step.status === 'pass' ? 'passed' : 'warned'}`;
      return {
        classname: classOf(report, step),
        name: step.id,
        durationMs: step.durationMs,
        failure: { message, type: 'XPASS', detail: message },
      };
    }
    return {
      classname: classOf(report, step),
      name: step.id,
      durationMs: step.durationMs,
      ...(step.status === 'fail' || (step.status === 'warn' && report.strict)
        ? { failure: { message: step.reason ?? 'failed', type: step.status === 'fail' ? 'FAIL' : 'WARN', detail: failureBody(step) } }
        : {}),
      ...(step.status === 'skip' ? { skipped: { message: step.reason ?? 'skipped' } } : {}),
      ...(step.notes.length > 0 || (step.status === 'warn' && !report.strict)
        ? { systemOut: [...(step.status === 'warn' && !report.strict ? [`warning: ${failureBody(step)}`] : []), ...step.notes].join('\n') }
        : {}),
    };
  });
  return renderJUnit({
    name: 'bindu-protocol check-server',
    durationMs: report.durationMs,
    countSkipped: true,
    // A name that is the same on every run (the URL and its port change): the variant and the binding(s); the URL is a property.
    suites: [
      {
        name: `check-server ${report.variant} ${(report.transports ?? ['jsonrpc']).join('+')}`,
        durationMs: report.durationMs,
        properties,
        cases,
      },
    ],
  });
}

/** Writes the JUnit XML atomically: a temporary file beside the target, then a rename. */
export function writeCheckServerJUnit(file: string, report: CheckReport, strictExpect = false): void {
  writeFileAtomic(file, checkServerJUnit(report, strictExpect));
}

/**
 * The JUnit XML of a run that could not start (an unreachable agent, a --wait that ran out): one
 * failing test case, the card fetch, with the reason; the suite named as a run's would be.
 */
export function unreachableJUnit(url: string, variant: string | undefined, transport: string | undefined, reason: string): string {
  const name = variant ?? 'unknown';
  return renderJUnit({
    name: 'bindu-protocol check-server',
    durationMs: 0,
    countSkipped: true,
    suites: [
      {
        name: `check-server ${name} ${transport === 'all' ? 'jsonrpc+http-json' : (transport ?? 'jsonrpc')}`,
        durationMs: 0,
        properties: [['url', url]],
        cases: [
          {
            classname: `check-server.${name}.card`,
            name: 'card.agent-card',
            durationMs: 0,
            failure: { message: reason, type: 'UNREACHABLE', detail: reason },
          },
        ],
      },
    ],
  });
}
