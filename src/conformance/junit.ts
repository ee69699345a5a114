/**
 * JUnit XML for CI dashboards: <testsuites> with one <testsuite> per variant; in it one <testcase>
 * per case (classname `<variant>/<file stem>`, name the case id), one per fixture file for lint
 * (classname `<variant>/lint`) and one for coverage (classname `<variant>/coverage`). A failing
 * testcase holds a <failure> with the reason. Written atomically: a temporary file beside the
 * target, then a rename.
 */
import { renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Report, VariantReport } from './runner.js';

/** Escapes text for XML content and attribute values, dropping characters XML 1.0 cannot hold. */
export function xmlEscape(text: string): string {
  return text
    .replace(/[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

interface JUnitCase {
  readonly classname: string;
  readonly name: string;
  readonly failure?: { readonly message: string; readonly detail: string };
}

const show = (path: string) => (path === '' ? '""' : path);

function casesOf(report: VariantReport): JUnitCase[] {
  const out: JUnitCase[] = [];
  for (const outcome of report.outcomes) {
    const c = outcome.case;
    const classname = c.fullId.slice(0, c.fullId.indexOf('#'));
    const detail = [
      `${c.fullId}: ${c.description}`,
      ...outcome.locations.map((l) => `${c.fullId} ${show(l.path)} ${l.keyword}`),
      ...(outcome.reported.length > 0 ? ['validator reported:', ...outcome.reported.map((e) => `  ${show(e.path)} ${e.keyword}${e.message ? `: ${e.message}` : ''}`)] : []),
    ].join('\n');
    out.push({ classname, name: c.id, ...(outcome.passed ? {} : { failure: { message: outcome.reason ?? 'failed', detail } }) });
  }
  const files = new Map<string, string[]>();
  for (const issue of report.issues) {
    const list = files.get(issue.file) ?? [];
    list.push(`${issue.id ? `#${issue.id}: ` : ''}${issue.message}`);
    files.set(issue.file, list);
  }
  for (const [file, problems] of files) {
    out.push({ classname: `${report.variant}/lint`, name: file, failure: { message: `${problems.length} lint problem(s)`, detail: problems.join('\n') } });
  }
  if (report.coverage) {
    const gaps = report.coverage.gaps;
    out.push({
      classname: `${report.variant}/coverage`,
      name: 'every type and required method part has a valid and an invalid case',
      ...(gaps.length > 0 ? { failure: { message: `${gaps.length} coverage gap(s)`, detail: gaps.join('\n') } } : {}),
    });
  }
  return out;
}

/** The JUnit XML document of a report. */
export function junitXml(report: Report): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const suites = report.variants.map((variant) => ({ variant, cases: casesOf(variant) }));
  const total = suites.reduce((sum, s) => sum + s.cases.length, 0);
  const failures = suites.reduce((sum, s) => sum + s.cases.filter((c) => c.failure).length, 0);
  lines.push(`<testsuites name="bindu-protocol conformance" tests="${total}" failures="${failures}" errors="0">`);
  for (const { variant, cases } of suites) {
    const failed = cases.filter((c) => c.failure).length;
    lines.push(`  <testsuite name="${xmlEscape(variant.variant)}" tests="${cases.length}" failures="${failed}" errors="0" skipped="0">`);
    for (const c of cases) {
      const open = `    <testcase classname="${xmlEscape(c.classname)}" name="${xmlEscape(c.name)}"`;
      if (!c.failure) {
        lines.push(`${open}/>`);
        continue;
      }
      lines.push(`${open}>`);
      lines.push(`      <failure message="${xmlEscape(c.failure.message)}" type="conformance">${xmlEscape(c.failure.detail)}</failure>`);
      lines.push('    </testcase>');
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return lines.join('\n') + '\n';
}

/** Writes the report's JUnit XML to `file` atomically (temporary file in the same directory, then rename). */
export function writeJUnit(file: string, report: Report): void {
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.${Date.now()}.tmp`);
  try {
    writeFileSync(temp, junitXml(report));
    renameSync(temp, file);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {
      // nothing to clean up
    }
    throw error;
  }
}
