/**
 * The package's one JUnit XML writer, shared by the conformance runner (`src/commands/conformance/junit-report.ts`)
 * and check-server (`src/commands/check-server/check-report.ts`): each maps its report to a `JUnitDocument`, this
 * renders it (`<testsuites>` > `<testsuite>` > `<testcase>`, a failing case with a <failure>, a
 * skipped one with a <skipped>); the callers write it with `writeFileAtomic` (`src/shell/write-file-atomic.ts`).
 */
import { writeFileAtomic } from './write-file-atomic.js';

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

export interface JUnitCase {
  readonly classname: string;
  readonly name: string;
  /** Omitted from the XML when undefined, as are the other optional members. */
  readonly durationMs?: number;
  readonly failure?: { readonly message: string; readonly type: string; readonly detail: string };
  readonly skipped?: { readonly message: string };
  /** Remarks, as <system-out>. */
  readonly systemOut?: string;
}

export interface JUnitSuite {
  readonly name: string;
  readonly durationMs?: number;
  /** Name/value pairs, as <properties>. */
  readonly properties?: readonly (readonly [string, string])[];
  readonly cases: readonly JUnitCase[];
}

export interface JUnitDocument {
  readonly name: string;
  readonly durationMs?: number;
  /** True to give <testsuites> a `skipped` count too (a <testsuite> always has one). */
  readonly countSkipped?: boolean;
  readonly suites: readonly JUnitSuite[];
}

/** ` name="value"` for each attribute whose value is defined, values escaped. */
function attributes(list: readonly (readonly [string, string | number | undefined])[]): string {
  return list
    .filter((entry): entry is readonly [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${xmlEscape(String(value))}"`)
    .join('');
}

const seconds = (ms: number | undefined) => (ms === undefined ? undefined : (ms / 1000).toFixed(3));

/** The start tag of <testsuites> or <testsuite>: name, counts of the cases (`errors` always 0), time. */
function suiteTag(tag: string, name: string, cases: readonly JUnitCase[], countSkipped: boolean, durationMs: number | undefined): string {
  return `<${tag}${attributes([
    ['name', name],
    ['tests', cases.length],
    ['failures', cases.filter((c) => c.failure).length],
    ['errors', 0],
    ['skipped', countSkipped ? cases.filter((c) => c.skipped).length : undefined],
    ['time', seconds(durationMs)],
  ])}>`;
}

function caseLines(c: JUnitCase): string[] {
  const open = `    <testcase${attributes([
    ['classname', c.classname],
    ['name', c.name],
    ['time', seconds(c.durationMs)],
  ])}`;
  const body: string[] = [];
  if (c.failure)
    body.push(
      `      <failure${attributes([
        ['message', c.failure.message],
        ['type', c.failure.type],
      ])}>${xmlEscape(c.failure.detail)}</failure>`,
    );
  if (c.skipped) body.push(`      <skipped${attributes([['message', c.skipped.message]])}/>`);
  if (c.systemOut !== undefined) body.push(`      <system-out>${xmlEscape(c.systemOut)}</system-out>`);
  return body.length === 0 ? [`${open}/>`] : [`${open}>`, ...body, '    </testcase>'];
}

/** The JUnit XML text of a document. */
export function renderJUnit(doc: JUnitDocument): string {
  const all = doc.suites.flatMap((s) => s.cases);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    suiteTag('testsuites', doc.name, all, doc.countSkipped ?? false, doc.durationMs),
  ];
  for (const suite of doc.suites) {
    lines.push(`  ${suiteTag('testsuite', suite.name, suite.cases, true, suite.durationMs)}`);
    if (suite.properties) {
      lines.push('    <properties>');
      for (const [name, value] of suite.properties)
        lines.push(
          `      <property${attributes([
            ['name', name],
            ['value', value],
          ])}/>`,
        );
      lines.push('    </properties>');
    }
    for (const c of suite.cases) lines.push(...caseLines(c));
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}

/** Writes `text` to `file` atomically (see `src/shell/write-file-atomic.ts`); kept for the callers of this module. */
export function writeAtomically(file: string, text: string): void {
  writeFileAtomic(file, text);
}
