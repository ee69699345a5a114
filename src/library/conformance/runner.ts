/**
 * The conformance runner: lints the fixtures of each variant, runs every case through the validator
 * backend, and measures coverage.
 *
 * A valid case passes when the validator accepts the data. An invalid case passes when the validator
 * rejects it and reports every expected error (same path, same keyword); other errors may be reported
 * too, and messages are never compared. Lint problems and coverage gaps count as failures.
 */
import { join } from 'node:path';
import { createBackend } from './backend.js';
import { coverage, formatCoverage, type Coverage } from './coverage.js';
import { fixtureSchemaValidator, lintVariant } from './lint.js';
import { packageRoot, readVariantFiles, variantDirectories, type FixtureFile } from './load-fixtures.js';
import type { Backend, Check, ErrorLocation, LintIssue, ReportedError, ResolvedCase } from './fixture.js';

export interface CaseOutcome {
  readonly case: ResolvedCase;
  readonly passed: boolean;
  /** Why the case failed, in one line. */
  readonly reason?: string;
  /** The locations to print for a failure: the missing expected errors, or the unexpected ones. */
  readonly locations: readonly ErrorLocation[];
  /** Everything the validator reported. */
  readonly reported: readonly ReportedError[];
}

export interface VariantReport {
  readonly variant: string;
  readonly files: number;
  readonly outcomes: readonly CaseOutcome[];
  readonly issues: readonly LintIssue[];
  /** Undefined when the package has no such variant. */
  readonly coverage?: Coverage;
  readonly passed: number;
  /** Failed cases + lint problems + coverage gaps. */
  readonly failed: number;
}

export interface Report {
  readonly variants: readonly VariantReport[];
  readonly passed: number;
  readonly failed: number;
}

const sameLocation = (a: ErrorLocation, b: ErrorLocation) => a.path === b.path && a.keyword === b.keyword;
const showLocation = (error: ErrorLocation) => `${error.path === '' ? '""' : error.path} ${error.keyword}`;

/** Runs one case. */
export function runCase(check: Check, c: ResolvedCase): CaseOutcome {
  let reported: readonly ReportedError[];
  let valid: boolean;
  try {
    ({ valid, errors: reported } = check(c.target, c.data));
  } catch (error) {
    return { case: c, passed: false, reason: `the validator failed: ${(error as Error).message}`, locations: [], reported: [] };
  }
  if (c.valid) {
    if (valid) return { case: c, passed: true, locations: [], reported };
    return { case: c, passed: false, reason: 'expected valid, but the validator reported these errors', locations: reported, reported };
  }
  if (valid)
    return { case: c, passed: false, reason: 'expected invalid, but the validator accepted the data', locations: c.errors, reported };
  const missing = c.errors.filter((expected) => !reported.some((error) => sameLocation(error, expected)));
  if (missing.length === 0) return { case: c, passed: true, locations: [], reported };
  const got = reported.map(showLocation).join(', ');
  return { case: c, passed: false, reason: `expected error not reported (the validator reported: ${got})`, locations: missing, reported };
}

export interface RunOptions {
  /** The package root (generated/ and conformance/fixture.schema.json); default: this package. */
  readonly root?: string;
  /** Where the variant directories are; default `<root>/conformance`. */
  readonly conformanceDir?: string;
  /** Which variants to run; default every directory under the conformance directory. */
  readonly variants?: readonly string[];
  /** The validator; default the ajv adapter of backend.ts. */
  readonly backend?: Backend;
}

/** Lints, runs and measures one variant from already-read files (tests pass files made in memory). */
export function runVariant(variant: string, files: readonly FixtureFile[], backend: Backend, root: string): VariantReport {
  const catalogue = backend.catalogue(variant);
  const { issues, cases } = lintVariant(files, catalogue, fixtureSchemaValidator(root));
  if (!catalogue) {
    issues.unshift({ file: `${variant}/`, message: `the package has no variant "${variant}"; its cases were not run` });
    return { variant, files: files.length, outcomes: [], issues, passed: 0, failed: issues.length };
  }
  const check = backend.checker(variant);
  const outcomes = cases.map((c) => runCase(check, c));
  const cov = coverage(catalogue, cases);
  const passed = outcomes.filter((o) => o.passed).length;
  const failed = outcomes.length - passed + issues.length + cov.gaps.length;
  return { variant, files: files.length, outcomes, issues, coverage: cov, passed, failed };
}

/** Runs the suite. */
export function runConformance(options: RunOptions = {}): Report {
  const root = options.root ?? packageRoot();
  const dir = options.conformanceDir ?? join(root, 'conformance');
  const backend = options.backend ?? createBackend(root);
  const names = options.variants ?? variantDirectories(dir);
  const reports = names.map((variant) => runVariant(variant, readVariantFiles(dir, variant), backend, root));
  return {
    variants: reports,
    passed: reports.reduce((sum, r) => sum + r.passed, 0),
    failed: reports.reduce((sum, r) => sum + r.failed, 0),
  };
}

/** The failure lines of a variant: `id path keyword  (reason)`, lint problems and coverage gaps. */
export function failureLines(report: VariantReport): string[] {
  const lines: string[] = [];
  for (const outcome of report.outcomes) {
    if (outcome.passed) continue;
    const id = outcome.case.fullId;
    if (outcome.locations.length === 0) lines.push(`${id} - -  (${outcome.reason})`);
    outcome.locations.forEach((location, i) => {
      lines.push(`${id} ${showLocation(location)}${i === 0 ? `  (${outcome.reason})` : ''}`);
    });
  }
  for (const issue of report.issues) lines.push(`lint ${issue.file}${issue.id ? `#${issue.id}` : ''}: ${issue.message}`);
  for (const gap of report.coverage?.gaps ?? []) lines.push(`coverage ${report.variant} ${gap}`);
  return lines;
}

/** One line of counts for a variant. */
export function summaryLine(report: VariantReport): string {
  const valid = report.outcomes.filter((o) => o.case.valid).length;
  const casesFailed = report.outcomes.filter((o) => !o.passed).length;
  const cov = report.coverage;
  const coverageText = cov
    ? `coverage ${cov.typesCovered}/${cov.types.length} types, ${cov.partsCovered}/${cov.partsRequired} method parts`
    : 'no coverage (unknown variant)';
  return (
    `${report.variant}: ${report.outcomes.length} cases (${valid} valid, ${report.outcomes.length - valid} invalid) in ${report.files} files: ` +
    `${report.passed} passed, ${casesFailed} failed; ${report.issues.length} lint problems; ${coverageText}`
  );
}

/** The whole text report: coverage tables, failures, counts per variant, and last `N passed, N failed`. */
export function formatReport(report: Report): string {
  const out: string[] = [];
  for (const variant of report.variants) if (variant.coverage) out.push(formatCoverage(variant.coverage));
  const failures = report.variants.flatMap(failureLines);
  if (failures.length > 0) out.push(`failures (id path keyword):\n${failures.map((line) => `  ${line}`).join('\n')}\n`);
  for (const variant of report.variants) out.push(`${summaryLine(variant)}\n`);
  out.push(`${report.passed} passed, ${report.failed} failed\n`);
  return out.join('');
}
