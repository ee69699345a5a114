/**
 * No format check can be made slow: every string format of src/engine/formats.ts (as the precompiled
 * validators call it: a RegExp's `test`, or the function) and every `pattern` of the published
 * JSON Schemas (compiled as the validators compile it, `new RegExp(pattern, 'u')`) takes, on 1 MB
 * strings built to make a backtracking matcher work hard, at most FACTOR times what it takes on
 * plain 1 MB strings in the same run (see `plain`; FLOOR_MS keeps sub-millisecond noise from
 * failing it).
 * FACTOR is 25, not less: ajv-formats' `uri` and `uri-reference` expressions are linear but read a
 * string that fails at its end several times over, one pass per alternative (7–10× the plain time
 * at every size, measured), which a factor of 10 turned into a flaky test. A backtracking blow-up
 * on 1 MB is thousands of times the plain time, and fails either way.
 * Sizes grow from 16 KB, so a check that is quadratic fails early instead of running for hours.
 * The hints compare at most 256 characters, so a 1 MB value cannot make them slow either.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nearest, valueHint } from '../../src/engine/issues.js';
import { formats } from '../../src/engine/formats.js';
import { ROOT } from '../helpers.js';

const FACTOR = 25;
const FLOOR_MS = 5;
const SIZES = [1 << 14, 1 << 16, 1 << 18, 1 << 20];

const fill = (unit: string, n: number) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);

/** Strings that almost match, then fail at the end: long runs of one character, repeated near-misses. */
function adversarial(n: number): [string, string][] {
  const cases: [string, string][] = [
    ['a… then "!"', `${fill('a', n)}!`],
    ['0… then "!"', `${fill('0', n)}!`],
    ['A… then "=!"', `${fill('A', n)}=!`],
    ['base64 then "=" in the middle', `${fill('QUJD', n)}=A=`],
    ['hyphens', fill('-', n)],
    ['"a-" then "-"', `${fill('a-', n)}-`],
    ['"a." then "@"', `${fill('a.', n)}@`],
    ['a@ then "a-" labels', `a@${fill('a-', n)}.`],
    ['a@ then labels ending with a dot', `a@${fill('a.', n)}.`],
    ['unterminated quoted local part', `"${fill('a', n)}`],
    ['quoted local part of escapes', `"${fill('\\a', n)}"@`],
    ['"!#" then @a', `${fill('!#', n)}@a`],
    ['"a@" repeated', fill('a@', n)],
    ['x@[ then "1:"', `x@[${fill('1:', n)}]`],
    ['x@[IPv6: then "1:"', `x@[IPv6:${fill('1:', n)}]`],
    ['http:// then a… then a space', `http://${fill('a', n)} `],
    ['a: then / then NUL', `a:${fill('/', n)}\u0000`],
    ['a: then %', `a:${fill('%', n)}`],
    ['"%41" then %', `${fill('%41', n)}%`],
    ['http://[ then :', `http://[${fill(':', n)}`],
    ['http:// then "a." then !', `http://${fill('a.', n)}!`],
    ['// then "a:" then @', `//${fill('a:', n)}@`],
    ['a: then "a@" then :x', `a:${fill('a@', n)}:x`],
    ['"1:" then ::x', `${fill('1:', n)}::x`],
    ['"1." then !', `${fill('1.', n)}!`],
    ['a date-time with a long fraction then x', `2025-01-31T12:00:00.${fill('1', n)}x`],
    ['date-times repeated then x', `${fill('2025-01-31T12:00:00', n)}x`],
    ['UUID prefixes repeated', fill('0c6f1e2d-3b4a-4c5d-9e8f-', n)],
    ['P then "1D" then x', `P${fill('1D', n)}x`],
    ['PT then digits then Hx', `PT${fill('1', n)}Hx`],
    ['"/a~0" then ~', `${fill('/a~0', n)}~`],
    ['"{a}" then {', `${fill('{a}', n)}{`],
    ['backslashes', fill('\\', n)],
    ['"[a"', fill('[a', n)],
    ['"(a"', fill('(a', n)],
    ['1 then zeros then x', `1${fill('0', n)}x`],
  ];
  return cases;
}

/**
 * Plain long strings, without any near-miss structure: letters, and a long URI, e-mail address and
 * date-time made of one long run. The plain time of a check is the longest of these (each is read
 * whole by the checks of its kind).
 */
function plain(n: number): string[] {
  return [fill('a', n), `http://example.com/${fill('a', n)}`, `a@${fill('a', n)}.com`, `2025-01-31T12:00:00.${fill('1', n)}Z`];
}

type Check = (value: string) => unknown;

/** The string checks the precompiled validators run: each format, and each schema pattern. */
function checks(): [string, Check][] {
  const list: [string, Check][] = [];
  for (const [name, definition] of Object.entries(formats)) {
    const format =
      definition instanceof RegExp || typeof definition === 'function'
        ? definition
        : definition.type === 'number'
          ? undefined
          : definition.validate;
    if (format === undefined) continue;
    list.push([
      `format ${name}`,
      format instanceof RegExp ? (value) => format.test(value) : (value) => (format as (value: string) => boolean)(value),
    ]);
  }
  const patterns = new Set<string>();
  const walk = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    const { pattern } = node as { pattern?: unknown };
    if (typeof pattern === 'string') patterns.add(pattern);
    for (const child of Object.values(node)) walk(child);
  };
  const folder = join(ROOT, 'generated', 'json-schema');
  for (const name of readdirSync(folder).filter((entry) => entry.endsWith('.json')))
    walk(JSON.parse(readFileSync(join(folder, name), 'utf8')));
  for (const pattern of patterns) {
    const regex = new RegExp(pattern, 'u');
    list.push([`pattern /${pattern}/`, (value) => regex.test(value)]);
  }
  return list;
}

/** The fastest of `runs` timings of one call, in milliseconds. */
function time(check: Check, value: string, runs: number): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    try {
      check(value);
    } catch {
      // A check that throws (the regex format on a bad pattern) still answers.
    }
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/** The slowest adversarial case at each size, failing at the first size whose time is over the bound. */
function measure(check: Check): { size: number; label: string; ms: number; plainMs: number; bound: number }[] {
  // Warm up on short strings of every kind first: V8 runs a regular expression in its bytecode
  // interpreter at first and compiles it to machine code once it is used, so timing a cold check
  // would compare an interpreted run with a compiled one.
  for (let i = 0; i < 20; i++) {
    for (const value of plain(1024)) time(check, value, 1);
    for (const [, value] of adversarial(1024)) time(check, value, 1);
  }
  const rows = [];
  for (const size of SIZES) {
    const plainMs = Math.max(...plain(size).map((value) => time(check, value, 5)));
    const bound = FACTOR * Math.max(plainMs, FLOOR_MS);
    let worst = { label: '', ms: 0 };
    let worstValue = '';
    for (const [label, value] of adversarial(size)) {
      let ms = time(check, value, 1);
      // Over the bound once: time it again (the fastest of five), so a pause of the machine does not count.
      if (ms > bound) ms = Math.min(ms, time(check, value, 5));
      if (ms > worst.ms) {
        worst = { label, ms };
        worstValue = value;
      }
      if (ms > bound) return [...rows, { size, ...worst, plainMs, bound }];
    }
    // The worst case, timed again as the fastest of five (the growth check compares these).
    worst.ms = Math.min(worst.ms, time(check, worstValue, 5));
    rows.push({ size, ...worst, plainMs, bound });
  }
  return rows;
}

describe('format checks run in linear time', () => {
  const all = checks();

  it('the checks include uuid, date-time, uri, email and the base64 pattern of aion', () => {
    const names = all.map(([name]) => name);
    for (const wanted of ['format uuid', 'format date-time', 'format uri', 'format email']) expect(names).toContain(wanted);
    expect(names.some((name) => name.startsWith('pattern /^[A-Za-z0-9+/'))).toBe(true);
  });

  for (const [name, check] of all) {
    it(`${name}: 1 MB adversarial strings within ${FACTOR}× a plain 1 MB string`, () => {
      const rows = measure(check);
      const last = rows[rows.length - 1]!;
      const report = rows
        .map(
          (row) =>
            `${row.size} chars: worst ${row.ms.toFixed(1)} ms (${row.label}), plain ${row.plainMs.toFixed(2)} ms, bound ${row.bound.toFixed(1)} ms`,
        )
        .join('\n');
      expect(last.ms, report).toBeLessThanOrEqual(last.bound);
      expect(last.size, report).toBe(SIZES[SIZES.length - 1]);
    }, 120_000);
  }

  it('the hints do not compare a 1 MB value (no suggestion, in linear time)', () => {
    const huge = fill('a_', 1 << 20);
    const start = performance.now();
    expect(nearest(huge, ['completed', 'canceled'])).toEqual([]);
    expect(valueHint(huge, ['input-required', 'TASK_STATE_WORKING'])).toBeUndefined();
    expect(performance.now() - start).toBeLessThan(10_000); // quadratic on 1 MB would take hours; linear, milliseconds
    expect(nearest('complete', ['completed', 'canceled'])).toEqual(['completed']);
  });
});
