/**
 * The hand-written format checks (src/engine/formats.ts) against their definitions written the plain way:
 * `uuid` (a character table) against the RFC 4122 regular expression, and `date-time` (whose
 * common `…Z` shape is read without a regular expression) against a regex-and-calendar reading
 * of RFC 3339. Strings are mutations of valid and near-valid values, from a fixed seed.
 */
import { describe, expect, it } from 'vitest';
import { dateTime, uuid } from '../../src/engine/formats.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** RFC 3339 section 5.6 plus the calendar, leap seconds only at 23:59 UTC. */
function plainDateTime(value: string): boolean {
  const match = DATE_TIME.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((group) => Number(match[group])) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && leap ? 29 : DAYS[month - 1]!)) return false;
  if (hour > 23 || minute > 59 || second > 60) return false;
  let offset = 0;
  if (match[7] !== undefined) {
    const [offsetHour, offsetMinute] = [Number(match[8]), Number(match[9])];
    if (offsetHour > 23 || offsetMinute > 59) return false;
    offset = (offsetHour * 60 + offsetMinute) * (match[7] === '+' ? 1 : -1);
  }
  return second !== 60 || (((hour * 60 + minute - offset) % 1440) + 1440) % 1440 === 1439;
}

/** A small deterministic generator (mulberry32). */
function random(seed: number): (below: number) => number {
  let state = seed;
  return (below) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * below);
  };
}

const SEEDS = [
  '123e4567-e89b-12d3-a456-426614174000',
  'ABCDEF01-2345-6789-ABCD-EF0123456789',
  '2024-02-29T23:59:59Z',
  '2023-02-29T00:00:00.123z',
  '1998-12-31t23:59:60Z',
  '2024-01-01T00:00:00+01:00',
  '0000-01-01T00:00:00Z',
  '2024-13-01T00:00:00Z',
  '2024-04-31T00:00:00Z',
  '2024-01-01T24:00:00Z',
  '2024-01-01T00:00:00.Z',
];
const ALPHABET = '0123456789abcdefABCDEFgG-:.TtZz+ \u0660é';

function mutations(count: number): string[] {
  const next = random(20261121);
  const out: string[] = [];
  for (let n = 0; n < count; n++) {
    let text = SEEDS[next(SEEDS.length)]!;
    for (let edits = next(3); edits > 0; edits--) {
      const at = next(text.length + 1);
      const char = ALPHABET[next(ALPHABET.length)]!;
      const op = next(3);
      text =
        op === 0
          ? text.slice(0, at) + char + text.slice(at + 1)
          : op === 1
            ? text.slice(0, at) + char + text.slice(at)
            : text.slice(0, at) + text.slice(at + 1);
    }
    out.push(text);
  }
  return out;
}

describe('hand-written format checks agree with the plain definitions', () => {
  const strings = mutations(100_000);

  it('uuid', () => {
    const differ = strings.filter((text) => uuid(text) !== UUID.test(text));
    expect(differ).toEqual([]);
    expect(strings.filter((text) => uuid(text)).length).toBeGreaterThan(1000);
  });

  it('date-time', () => {
    const differ = strings.filter((text) => dateTime(text) !== plainDateTime(text));
    expect(differ).toEqual([]);
    expect(strings.filter((text) => dateTime(text)).length).toBeGreaterThan(1000);
  });
});
