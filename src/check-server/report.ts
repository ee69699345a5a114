/**
 * How a check-server report is shown: one line per step (`PASS  name`, `FAIL  name: reason`,
 * `SKIP  name: why`, remarks indented below), a summary line, and JUnit XML for CI (one
 * <testcase> per step; a failure holds a <failure>, a skip a <skipped>). The XML escaping is the
 * conformance runner's (`src/conformance/junit.ts`), so both documents escape alike.
 */
import { renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { xmlEscape } from '../conformance/junit.js';
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
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const total = report.steps.length;
  const time = (ms: number) => (ms / 1000).toFixed(3);
  lines.push(
    `<testsuites name="bindu-protocol check-server" tests="${total}" failures="${report.failed}" errors="0" skipped="${report.skipped}" time="${time(report.durationMs)}">`,
  );
  lines.push(
    `  <testsuite name="${xmlEscape(`check-server ${report.url}`)}" tests="${total}" failures="${report.failed}" errors="0" skipped="${report.skipped}" time="${time(report.durationMs)}">`,
  );
  lines.push('    <properties>');
  lines.push(`      <property name="variant" value="${xmlEscape(report.variant)}"/>`);
  if (report.cardUrl) lines.push(`      <property name="card" value="${xmlEscape(report.cardUrl)}"/>`);
  if (report.endpoint) lines.push(`      <property name="endpoint" value="${xmlEscape(report.endpoint)}"/>`);
  lines.push('    </properties>');
  for (const step of report.steps) {
    const open = `    <testcase classname="check-server.${xmlEscape(report.variant)}" name="${xmlEscape(step.name)}" time="${time(step.durationMs)}"`;
    const notes = step.notes.length > 0 ? `      <system-out>${xmlEscape(step.notes.join('\n'))}</system-out>` : undefined;
    if (step.status === 'pass' && !notes) {
      lines.push(`${open}/>`);
      continue;
    }
    lines.push(`${open}>`);
    if (step.status === 'fail') lines.push(`      <failure message="${xmlEscape(step.reason ?? 'failed')}" type="check-server">${xmlEscape(step.reason ?? '')}</failure>`);
    if (step.status === 'skip') lines.push(`      <skipped message="${xmlEscape(step.reason ?? 'skipped')}"/>`);
    if (notes) lines.push(notes);
    lines.push('    </testcase>');
  }
  lines.push('  </testsuite>');
  lines.push('</testsuites>');
  return lines.join('\n') + '\n';
}

/** Writes the JUnit XML atomically: a temporary file beside the target, then a rename. */
export function writeCheckServerJUnit(file: string, report: CheckReport): void {
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.${Date.now()}.tmp`);
  try {
    writeFileSync(temp, checkServerJUnit(report));
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
