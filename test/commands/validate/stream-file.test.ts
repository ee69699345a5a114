/**
 * A large payload of a known type streamed (src/commands/validate/stream-file.ts) gets the report the whole
 * payload gets: checked against `validateText` on the same text, with every error, with caps,
 * strict and not, with text defects, and with the file read a few bytes at a time so that every
 * string, escape, key and element falls across a chunk boundary somewhere.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { loadVariant } from '../../../src/engine/load-validators.js';
import { streamPayload, streamableArrays, STREAM_MIN } from '../../../src/commands/validate/stream-file.js';
import { validateText } from '../../../src/library/validate-text.js';
import type { ValidationIssue } from '../../../src/engine/issues.js';

const dir = mkdtempSync(join(tmpdir(), 'bindu-stream-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const ROOT = join(__dirname, '..', '..', '..');
const bindu = loadVariant('bindu');
let files = 0;
const file = (text: string) => {
  const path = join(dir, `p${files++}.json`);
  writeFileSync(path, text);
  return path;
};
const plain = (items: readonly ValidationIssue[]) =>
  items.map((item) => ({ path: item.path, keyword: item.keyword, message: item.message, hint: item.hint }));
const report = (verdict: {
  valid: boolean;
  errors: readonly ValidationIssue[];
  warnings: readonly ValidationIssue[];
  omitted?: number;
}) => ({ valid: verdict.valid, errors: plain(verdict.errors), warnings: plain(verdict.warnings), omitted: verdict.omitted ?? 0 });

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const message = (i: number, broken: boolean) => ({
  kind: 'message',
  messageId: broken ? `msg-${i}` : uuid(i),
  role: broken ? 'robot' : 'agent',
  ...(broken ? { context_id: uuid(1) } : { contextId: uuid(1) }),
  taskId: uuid(2),
  parts: [{ kind: 'text', text: `line "${i}" with \\ a backslash, a quote \\" and é` }],
});
const task = (history: unknown[], extra: Record<string, unknown> = {}) => ({
  id: uuid(2),
  contextId: uuid(1),
  kind: 'task',
  status: { state: 'completed' },
  history,
  ...extra,
});

/** The streamed verdict and the whole one, on the same text. */
function both(text: string, options: { strict?: boolean; maxErrors?: number; readSize?: number } = {}) {
  const maxErrors = options.maxErrors ?? 100;
  const streamed = streamPayload(
    bindu,
    'Task',
    file(text),
    options.strict === true,
    maxErrors === 0 ? Infinity : maxErrors,
    options.readSize,
  );
  const whole = validateText('Task', text, { variant: 'bindu', strict: options.strict === true, maxErrors });
  return { streamed: streamed === undefined ? undefined : report(streamed), whole: report(whole) };
}

describe('streaming a large payload: the same report as the whole payload', () => {
  it("streams the Task's history and artifacts (lists of one named type), nothing where the root is a union", () => {
    expect([...(streamableArrays(bindu, 'Task') ?? new Map())]).toEqual([
      ['artifacts', 'Artifact'],
      ['history', 'Message'],
    ]);
    expect(streamableArrays(bindu, 'Part')).toBeUndefined();
  });

  const cases: [string, string][] = [
    [
      'defects in every message, and at the root before and after the history',
      JSON.stringify({
        zzz: 1,
        ...task(
          Array.from({ length: 40 }, (_, i) => message(i, i % 3 !== 0)),
          { kind: 'tsk', artifacts: [{ artifactId: 'a', parts: [] }, { parts: [{ kind: 'txt' }] }], after: true, metadata: { m: 1 } },
        ),
      }),
    ],
    [
      'valid, with unknown keys in messages (warnings) and at the root after the history',
      JSON.stringify(
        task(
          Array.from({ length: 25 }, (_, i) => ({ ...message(i, false), extra: i })),
          { trailing: 'x' },
        ),
      ),
    ],
    [
      'valid, pretty-printed with CRLF and a byte order mark',
      `\uFEFF${JSON.stringify(task(Array.from({ length: 10 }, (_, i) => message(i, false))), null, 2).replace(/\n/g, '\r\n')}`,
    ],
    [
      'an empty history, and white space everywhere',
      ` { "history" : [ ] , "id" :"${uuid(2)}", "contextId":"${uuid(1)}" ,"kind":"task","status":{"state":"done"} } `,
    ],
    [
      'text defects: duplicate keys in messages and at the root, a lone surrogate, a number out of range',
      `{"id":"${uuid(2)}","id":"${uuid(2)}","contextId":"${uuid(1)}","kind":"task","status":{"state":"completed"},"history":[${JSON.stringify(message(1, false)).replace('"kind":"message"', '"kind":"message","kind":"message"')},${JSON.stringify(message(2, true)).replace('"taskId"', '"metadata":{"n":1e400,"s":"\\ud800"},"taskId"')}],"metadata":{"k":"\\udc00"}}`,
    ],
  ];
  for (const [name, text] of cases) {
    it(`${name}: every error, capped at 100 and at 7, strict and not, read 1 MiB and 7 bytes at a time`, () => {
      for (const strict of [false, true]) {
        for (const maxErrors of [0, 100, 7]) {
          for (const readSize of [1 << 20, 7, 64]) {
            const { streamed, whole } = both(text, { strict, maxErrors, readSize });
            expect(streamed, `strict ${strict}, cap ${maxErrors}, reads of ${readSize}`).toEqual(whole);
          }
        }
      }
    });
  }

  it("the cap is the whole payload's: the first N errors and the exact count of the rest", () => {
    const text = JSON.stringify(task(Array.from({ length: 500 }, (_, i) => message(i, true))));
    const { streamed, whole } = both(text, { maxErrors: 100 });
    expect(streamed).toEqual(whole);
    expect(streamed!.errors).toHaveLength(100);
    // Three defects a message, and the status's missing timestamp (Bindu requires one).
    expect(streamed!.omitted).toBe(3 * 500 + 1 - 100);
  });

  it('anything it cannot stream is left to the whole read: not an object, text after it, a syntax error in a message, a trailing comma, the history given twice', () => {
    const good = JSON.stringify(task([message(1, false)]));
    for (const text of [
      '[1,2]',
      `${good} x`,
      good.replace('"kind":"message"', '"kind" "message"'),
      good.replace(']', ',]'),
      good.replace('[', '[,'),
      good.replace('"history"', '"history":[],"history"'),
      good.slice(0, -5),
    ]) {
      expect(streamPayload(bindu, 'Task', file(text), false, 100, 5), text).toBeUndefined();
    }
  });

  it(`the CLI streams a file of ${STREAM_MIN / 1024 / 1024} MiB or more: the same report as the same bytes on stdin (read whole)`, () => {
    const history = Array.from({ length: Math.ceil(STREAM_MIN / 200) }, (_, i) => message(i, i % 1000 === 0));
    const text = JSON.stringify(task(history, { zzz: 1 }));
    expect(Buffer.byteLength(text)).toBeGreaterThan(STREAM_MIN);
    const path = file(text);
    const cli = (node: string[], args: string[], input?: string) =>
      spawnSync(process.execPath, [...node, join(ROOT, 'dist', 'bin.mjs'), 'validate', '--variant', 'bindu', '--type', 'Task', ...args], {
        encoding: 'utf8',
        input,
        maxBuffer: 1 << 26,
      });
    // Streamed, the file fits in a heap of 24 MB, where the text and its value alone would not.
    const fromFile = cli(['--max-old-space-size=24'], [path]);
    const fromStdin = cli([], ['-'], text);
    expect(fromFile.status).toBe(1);
    expect(fromFile.stdout.replace(path, '<stdin>')).toBe(fromStdin.stdout);
    expect(fromFile.stdout).toMatch(/invalid, \d+ errors, 1 warning/);
  }, 60_000);
});
