/**
 * Known failures (--expect-fail FILE): a JSON or YAML list of `{ id, transport?, reason, clause?, issue? }`,
 * one per step id (step-ids.ts) and binding (`transport`: jsonrpc or http-json; without it the entry
 * holds on every binding, as the id-only files written before it did). An expected step that FAILs
 * is XFAIL and does not fail the run; one that now passes (or warns) is XPASS, which fails the run
 * only with --strict-expect. An id that names no step is a usage error. --write-expect-fail FILE
 * writes the run's FAILs as such a file (YAML when FILE ends in .yaml or .yml, else JSON),
 * atomically: each step with the binding it failed on, once without a binding when it failed on every
 * binding of a run of several, its reason with what changes from run to run (ids, times, ports)
 * replaced by placeholders (`stableReason`), so the same agent gives the same bytes.
 */
import { readFileSync } from 'node:fs';
import { parse, stringify } from 'yaml';
import { writeFileAtomic } from '../../shell/write-file-atomic.js';
import { CHECK_VARIANTS } from '../../live/stream-lifecycle.js';
import { isKnownId, stepCatalog } from './step-catalog.js';
import type { CheckReport } from './run.js';
import type { StepResult } from './step-log.js';
import { TRANSPORTS, type TransportName } from './transport.js';

/** The bindings an entry may name. */
const BINDINGS = TRANSPORTS.filter((name): name is TransportName => name !== 'all');
const KEYS = ['id', 'transport', 'reason', 'clause', 'issue'];

/** One known failure: the step (on one binding, or on all), why it is expected, and optionally the clause and an upstream issue. */
export interface ExpectedFailure {
  readonly id: string;
  /** The binding the step fails on; absent: every binding. */
  readonly transport?: TransportName;
  readonly reason: string;
  readonly clause?: string;
  readonly issue?: string;
}

/** A step with what the expect-fail file said of it (StepResult.expected). */
export type MarkedStep = StepResult;

export class ExpectFileError extends Error {}

/** Reads and checks an expect-fail file; throws ExpectFileError with a plain reason. */
export function readExpectFile(file: string): ExpectedFailure[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ExpectFileError(`cannot read the expect-fail file "${file}": ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  let data: unknown;
  try {
    // YAML 1.2 reads JSON as well.
    data = parse(text);
  } catch (error) {
    throw new ExpectFileError(`the expect-fail file "${file}" is neither JSON nor YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  if (data === null || data === undefined) return [];
  if (!Array.isArray(data)) throw new ExpectFileError(`the expect-fail file "${file}" must hold a list of { id, reason, clause?, issue? }`);
  const catalog = stepCatalog(CHECK_VARIANTS);
  const entries: ExpectedFailure[] = [];
  data.forEach((item: unknown, index) => {
    const where = `the expect-fail file "${file}", entry ${index + 1}`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw new ExpectFileError(`${where} is not an object`);
    const entry = item as Record<string, unknown>;
    const extra = Object.keys(entry).filter((key) => !KEYS.includes(key));
    if (extra.length > 0) throw new ExpectFileError(`${where} has unknown keys: ${extra.join(', ')} (allowed: ${KEYS.join(', ')})`);
    for (const key of ['id', 'reason'] as const)
      if (typeof entry[key] !== 'string' || entry[key] === '') throw new ExpectFileError(`${where} needs a non-empty string "${key}"`);
    for (const key of ['clause', 'issue'] as const)
      if (entry[key] !== undefined && typeof entry[key] !== 'string') throw new ExpectFileError(`${where}: "${key}" must be a string`);
    const transport = entry.transport;
    if (transport !== undefined && !(BINDINGS as readonly unknown[]).includes(transport))
      throw new ExpectFileError(`${where}: "transport" must be one of ${BINDINGS.join(', ')} (got ${JSON.stringify(transport)})`);
    const id = entry.id as string;
    if (!isKnownId(id, catalog)) throw new ExpectFileError(`${where}: unknown step id "${id}" (check-server --list-steps lists them)`);
    // One entry per step and binding; an entry without a binding covers them all.
    const clash = entries.find(
      (other) => other.id === id && (other.transport === undefined || transport === undefined || other.transport === transport),
    );
    if (clash)
      throw new ExpectFileError(
        `${where}: step id "${id}" is listed twice${transport !== undefined || clash.transport !== undefined ? ' for the same binding (an entry without transport covers every binding)' : ''}`,
      );
    entries.push({
      id,
      ...(transport !== undefined ? { transport: transport as TransportName } : {}),
      reason: entry.reason as string,
      ...(typeof entry.clause === 'string' ? { clause: entry.clause } : {}),
      ...(typeof entry.issue === 'string' ? { issue: entry.issue } : {}),
    });
  });
  return entries;
}

/** What the file says of one step: XFAIL for an expected FAIL, XPASS for an expected step that no longer fails (a SKIP is neither). */
export function markStep(step: StepResult, entries: readonly ExpectedFailure[]): MarkedStep {
  const binding = step.transport ?? 'jsonrpc';
  const entry = entries.find(
    (candidate) => candidate.id === step.id && (candidate.transport === undefined || candidate.transport === binding),
  );
  if (!entry || step.status === 'skip') return step;
  return { ...step, expected: { outcome: step.status === 'fail' ? 'xfail' : 'xpass', entry } };
}

/** The report with each step marked, XFAILs no longer failing the run and XPASSes failing it with --strict-expect. */
export function applyExpectations(
  report: CheckReport,
  entries: readonly ExpectedFailure[],
  strictExpect: boolean,
): CheckReport & { readonly xfailed: number; readonly xpassed: number } {
  const steps = report.steps.map((step) => markStep(step, entries));
  const xfailed = steps.filter((step) => step.expected?.outcome === 'xfail').length;
  const xpassed = steps.filter((step) => step.expected?.outcome === 'xpass').length;
  const failed = report.failed - xfailed;
  const warned = steps.filter((step) => step.status === 'warn' && step.expected === undefined).length;
  return {
    ...report,
    steps,
    failed,
    xfailed,
    xpassed,
    ok: failed === 0 && (!report.strict || warned === 0) && (!strictExpect || xpassed === 0),
  };
}

/**
 * A reason as it would read on any run against the same agent: UUIDs, timestamps (ISO 8601, or
 * epoch milliseconds/seconds) and port numbers replaced by `<id>`, `<time>` and `<port>`.
 */
export function stableReason(reason: string): string {
  return reason
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<id>')
    .replace(/\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?/g, '<time>')
    .replace(/\b1\d{9}(\d{3})?\b/g, '<time>')
    .replace(/(\/\/[^\s/:"'@]+|\blocalhost|\b127\.0\.0\.1|\[[0-9a-f:.]+\]):\d{1,5}\b/gi, '$1:<port>');
}

/**
 * The run's FAILs as an expect-fail file: one entry per step and binding it failed on, in run order
 * (the reason and clause of its first FAIL); a step that failed on every binding of a run of several
 * is one entry without a binding.
 */
export function expectFileOf(report: CheckReport, file: string): string {
  const bindings = report.transports ?? ['jsonrpc'];
  const failedOn = new Map<string, Set<TransportName>>();
  for (const step of report.steps)
    if (step.status === 'fail') failedOn.set(step.id, (failedOn.get(step.id) ?? new Set()).add(step.transport ?? 'jsonrpc'));
  const entries: ExpectedFailure[] = [];
  for (const step of report.steps) {
    if (step.status !== 'fail') continue;
    const everywhere = bindings.length > 1 && bindings.every((binding) => failedOn.get(step.id)!.has(binding));
    const transport = step.transport ?? 'jsonrpc';
    if (entries.some((entry) => entry.id === step.id && (everywhere || entry.transport === transport))) continue;
    entries.push({
      id: step.id,
      ...(everywhere ? {} : { transport }),
      reason: stableReason(step.reason ?? 'failed'),
      ...(step.clause ? { clause: step.clause } : {}),
    });
  }
  return /\.ya?ml$/i.test(file) ? stringify(entries, { lineWidth: 0 }) : `${JSON.stringify(entries, null, 2)}\n`;
}

export function writeExpectFile(file: string, report: CheckReport): void {
  writeFileAtomic(file, expectFileOf(report, file));
}
