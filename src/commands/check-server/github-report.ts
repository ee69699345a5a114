/**
 * check-server's `--report github`: GitHub Actions annotations and the job summary.
 *
 * Annotations (workflow commands on stdout): GitHub shows at most 10 `::error` and 10 `::warning`
 * annotations of a step and drops the rest, so each kind is bounded here: one annotation per step id
 * (a step that failed on both bindings is one annotation naming both), the most important first
 * (FAILs in the order of the groups, which is the order in which they block one another, then the
 * XPASSes --strict-expect fails the run for), and when there are more than MAX_ANNOTATIONS the last
 * is a summary naming how many were left out. An agent that cannot be reached and a usage error
 * are one `::error` each (`runError`).
 *
 * The job summary (`jobSummary`): markdown appended to the file `$GITHUB_STEP_SUMMARY` names: the
 * counts, then a table of the FAIL, WARN, XFAIL and XPASS steps with reason and clause.
 */
import { TRANSPORT_TITLES, type CheckReport, type StepResult } from './scenario.js';

/** GitHub shows at most this many annotations of each kind per step. */
export const MAX_ANNOTATIONS = 10;
/** The most rows of the job summary's table (GitHub takes up to 1 MiB of summary per step). */
export const MAX_SUMMARY_ROWS = 200;
/** The most characters of a reason in the job summary's table. */
const MAX_CELL = 400;

/** GitHub Actions workflow commands: escaping of a message and of a property value. */
const ghData = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const ghProperty = (text: string) => ghData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

type Report = CheckReport & { readonly xfailed?: number; readonly xpassed?: number };

const bindingOf = (step: StepResult) => TRANSPORT_TITLES[step.transport ?? 'jsonrpc'];

/** One entry per step id of the steps of one kind, in run order, with the bindings each was seen on. */
function byId(steps: readonly StepResult[]): { step: StepResult; bindings: string[] }[] {
  const entries = new Map<string, { step: StepResult; bindings: string[] }>();
  for (const step of steps) {
    const entry = entries.get(step.id);
    if (entry) {
      if (!entry.bindings.includes(bindingOf(step))) entry.bindings.push(bindingOf(step));
    } else entries.set(step.id, { step, bindings: [bindingOf(step)] });
  }
  return [...entries.values()];
}

/** `::error`/`::warning` lines for one kind, at most MAX_ANNOTATIONS, the last a summary when some are left out. */
function bounded(kind: 'error' | 'warning', lines: readonly string[], what: string): string[] {
  if (lines.length <= MAX_ANNOTATIONS) return [...lines];
  const left = lines.length - (MAX_ANNOTATIONS - 1);
  return [
    ...lines.slice(0, MAX_ANNOTATIONS - 1),
    `::${kind} title=check-server::${ghData(`${left} more ${what} not annotated (GitHub shows ${MAX_ANNOTATIONS}); the log and the job summary list every one`)}`,
  ];
}

/** An annotation titled by the step id, and by the bindings it was seen on when the run covered more than one. */
const annotation = (kind: 'error' | 'warning', entry: { step: StepResult; bindings: string[] }, said: string, several: boolean) => {
  const { step } = entry;
  const title = `${step.id}${several && entry.bindings.length > 0 ? ` [${entry.bindings.join(', ')}]` : ''}`;
  return `::${kind} title=${ghProperty(title)}::${ghData(`${step.name}: ${said}`)}`;
};

/** The annotations of a report: FAILs (and, with --strict-expect, XPASSes) as `::error`, WARNs as `::warning`, each kind bounded. */
export function githubAnnotations(report: Report, strictExpect = false): string {
  const fails = byId(report.steps.filter((step) => step.status === 'fail' && step.expected === undefined));
  const xpasses = strictExpect ? byId(report.steps.filter((step) => step.expected?.outcome === 'xpass')) : [];
  const warns = byId(report.steps.filter((step) => step.status === 'warn' && step.expected === undefined));
  const clause = (step: StepResult) => (step.clause ? ` [${step.clause}]` : '');
  const several = report.transports.length > 1;
  const errors = [
    ...fails.map((entry) => annotation('error', entry, `${entry.step.reason ?? 'failed'}${clause(entry.step)}`, several)),
    ...xpasses.map((entry) =>
      annotation(
        'error',
        entry,
        `XPASS: listed as a known failure (${entry.step.expected!.entry.reason}) but it no longer fails (--strict-expect)`,
        several,
      ),
    ),
  ];
  const warnings = warns.map((entry) => annotation('warning', entry, `${entry.step.reason ?? 'warned'}${clause(entry.step)}`, several));
  const lines = [...bounded('error', errors, 'failing steps'), ...bounded('warning', warnings, 'warning steps')];
  return lines.map((line) => `${line}\n`).join('');
}

/** The one `::error` of a run that did not happen: an unreachable agent, a usage error. */
export function runError(message: string): string {
  return `::error title=check-server::${ghData(message)}\n`;
}

/** A table cell: one line, pipes escaped, bounded. */
const cell = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  const short = flat.length > MAX_CELL ? `${flat.slice(0, MAX_CELL)}…` : flat;
  return short.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/>/g, '&gt;');
};

/** The markdown job summary of a report: a heading, the counts, and a table of what did not pass. */
export function jobSummary(report: Report): string {
  const counts: [string, number][] = [
    ['passed', report.passed],
    ['failed', report.failed],
    ['warned', report.warned],
    ['skipped', report.skipped],
  ];
  if (report.xfailed !== undefined) counts.push(['xfailed', report.xfailed], ['xpassed', report.xpassed ?? 0]);
  const lines = [
    `### bindu-protocol check-server: ${report.ok ? 'passed' : 'failed'} (${report.variant}, ${report.transports.map((name) => TRANSPORT_TITLES[name]).join(' + ')})`,
    '',
    `Agent: \`${report.url}\``,
    '',
    `| ${counts.map(([name]) => name).join(' | ')} |`,
    `|${counts.map(() => ' ---: |').join('')}`,
    `| ${counts.map(([, count]) => count).join(' | ')} |`,
    '',
  ];
  const label = (step: StepResult) => (step.expected ? step.expected.outcome.toUpperCase() : step.status.toUpperCase());
  const order = { FAIL: 0, XPASS: 1, WARN: 2, XFAIL: 3 } as Record<string, number>;
  const rows = report.steps
    .filter((step) => step.status === 'fail' || step.status === 'warn' || step.expected !== undefined)
    .map((step) => ({ step, label: label(step) }))
    .sort((a, b) => order[a.label]! - order[b.label]!);
  if (rows.length > 0) {
    lines.push('| result | step | binding | reason | clause |', '| --- | --- | --- | --- | --- |');
    for (const { step, label: said } of rows.slice(0, MAX_SUMMARY_ROWS)) {
      const reason =
        step.expected?.outcome === 'xfail' ? `${step.reason ?? 'failed'} (known: ${step.expected.entry.reason})` : (step.reason ?? '');
      lines.push(`| ${said} | \`${step.id}\` | ${bindingOf(step)} | ${cell(reason)} | ${cell(step.clause ?? '')} |`);
    }
    if (rows.length > MAX_SUMMARY_ROWS) lines.push('', `${rows.length - MAX_SUMMARY_ROWS} more rows left out; the log lists every step.`);
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

/** The job summary of a run that did not happen. */
export function failedRunSummary(url: string, message: string): string {
  return `### bindu-protocol check-server: did not run\n\nAgent: \`${url}\`\n\n${cell(message)}\n\n`;
}
