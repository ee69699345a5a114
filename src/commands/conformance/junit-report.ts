/**
 * JUnit XML for CI dashboards: <testsuites> with one <testsuite> per variant; in it one <testcase>
 * per case (classname `<variant>/<file stem>`, name the case id), one per fixture file for lint
 * (classname `<variant>/lint`) and one for coverage (classname `<variant>/coverage`). A failing
 * testcase holds a <failure> with the reason. Rendered and written (atomically) by `src/shell/junit-xml.ts`.
 */
import { renderJUnit, type JUnitCase } from '../../shell/junit-xml.js';
import { writeFileAtomic } from '../../shell/write-file-atomic.js';
import type { Report, VariantReport } from '../../library/conformance/runner.js';

const show = (path: string) => (path === '' ? '""' : path);
const failure = (message: string, detail: string) => ({ message, type: 'conformance', detail });

function casesOf(report: VariantReport): JUnitCase[] {
  const out: JUnitCase[] = [];
  for (const outcome of report.outcomes) {
    const c = outcome.case;
    const classname = c.fullId.slice(0, c.fullId.indexOf('#'));
    const detail = [
      `${c.fullId}: ${c.description}`,
      ...outcome.locations.map((l) => `${c.fullId} ${show(l.path)} ${l.keyword}`),
      ...(outcome.reported.length > 0
        ? ['validator reported:', ...outcome.reported.map((e) => `  ${show(e.path)} ${e.keyword}${e.message ? `: ${e.message}` : ''}`)]
        : []),
    ].join('\n');
    out.push({ classname, name: c.id, ...(outcome.passed ? {} : { failure: failure(outcome.reason ?? 'failed', detail) }) });
  }
  const files = new Map<string, string[]>();
  for (const issue of report.issues) {
    const list = files.get(issue.file) ?? [];
    list.push(`${issue.id ? `#${issue.id}: ` : ''}${issue.message}`);
    files.set(issue.file, list);
  }
  for (const [file, problems] of files) {
    out.push({
      classname: `${report.variant}/lint`,
      name: file,
      failure: failure(`${problems.length} lint problem(s)`, problems.join('\n')),
    });
  }
  if (report.coverage) {
    const gaps = report.coverage.gaps;
    out.push({
      classname: `${report.variant}/coverage`,
      name: 'every type and required method part has a valid and an invalid case',
      ...(gaps.length > 0 ? { failure: failure(`${gaps.length} coverage gap(s)`, gaps.join('\n')) } : {}),
    });
  }
  return out;
}

/** The JUnit XML document of a report. */
export function junitXml(report: Report): string {
  return renderJUnit({
    name: 'bindu-protocol conformance',
    suites: report.variants.map((variant) => ({ name: variant.variant, cases: casesOf(variant) })),
  });
}

/** Writes the report's JUnit XML to `file` atomically (temporary file in the same directory, then rename). */
export function writeJUnit(file: string, report: Report): void {
  writeFileAtomic(file, junitXml(report));
}
