/**
 * The `format` checks of every validator the package ships, in one place: the precompiled
 * validators (scripts/emit-validators.ts writes this module out as generated/validators/formats.cjs,
 * which they require), the error explainer (src/engine/load-validators.ts) and the build's output
 * checks (scripts/lib/validate-outputs.ts). It imports nothing but ajv-formats.
 *
 * `uuid`, `date-time` and `email` follow the grammars JSON Schema 2020-12 section 7.3 names (each
 * given at its check; SPEC-NOTES B-11); every other format keeps ajv-formats' "full" definition.
 * Every check takes time linear in the value's length (CONTRIBUTING "Hostile input").
 */
import { fullFormats } from 'ajv-formats/dist/formats.js';

/** A format as ajv takes it: a pattern, a check, or a check with the JSON type it applies to. */
export type FormatDefinition =
  | RegExp
  | ((value: string) => boolean)
  | { readonly type?: 'string' | 'number'; readonly validate: RegExp | ((value: never) => boolean) };

/** 1 at the char code of each hexadecimal digit (either case), 0 elsewhere in ASCII. */
const HEX_DIGIT = new Uint8Array(128);
for (const digit of '0123456789abcdefABCDEF') HEX_DIGIT[digit.charCodeAt(0)] = 1;

/** True when the characters of `value` from `from` up to `to` are all hexadecimal digits. */
function hexDigits(value: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = value.charCodeAt(i);
    if (c > 127 || HEX_DIGIT[c] === 0) return false;
  }
  return true;
}

/**
 * The last four strings `uuid` accepted. A payload repeats its ids (every message of a task's
 * history carries the same `taskId` and `contextId`), and comparing a string with one already
 * checked costs a fraction of reading its 36 characters again; only strings that passed are kept,
 * so a match is the same verdict. Starts with a valid UUID, never with the empty string.
 */
const RECENT_UUIDS = [
  '00000000-0000-0000-0000-000000000000',
  '00000000-0000-0000-0000-000000000000',
  '00000000-0000-0000-0000-000000000000',
  '00000000-0000-0000-0000-000000000000',
];
let nextRecentUuid = 0;

/**
 * RFC 4122 textual UUID: 32 hexadecimal digits in groups of 8-4-4-4-12 separated by hyphens,
 * either case, nothing around them (no `urn:uuid:` prefix, no braces). Checked with a lookup table, hyphens first (it allocates nothing), unless it is
 * one of the last few accepted.
 */
export function uuid(value: string): boolean {
  if (value === RECENT_UUIDS[0] || value === RECENT_UUIDS[1] || value === RECENT_UUIDS[2] || value === RECENT_UUIDS[3]) return true;
  if (!checkUuid(value)) return false;
  RECENT_UUIDS[nextRecentUuid] = value;
  nextRecentUuid = (nextRecentUuid + 1) & 3;
  return true;
}

function checkUuid(value: string): boolean {
  return (
    value.length === 36 &&
    value.charCodeAt(8) === 0x2d &&
    value.charCodeAt(13) === 0x2d &&
    value.charCodeAt(18) === 0x2d &&
    value.charCodeAt(23) === 0x2d &&
    hexDigits(value, 0, 8) &&
    hexDigits(value, 9, 13) &&
    hexDigits(value, 14, 18) &&
    hexDigits(value, 19, 23) &&
    hexDigits(value, 24, 36)
  );
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The number written by the two ASCII digits at `at`, or -1. */
function twoDigits(value: string, at: number): number {
  const tens = value.charCodeAt(at) - 0x30;
  const units = value.charCodeAt(at + 1) - 0x30;
  return tens >= 0 && tens <= 9 && units >= 0 && units <= 9 ? tens * 10 + units : -1;
}

/**
 * The common shape `YYYY-MM-DDTHH:MM:SS[.fraction]Z` with no leap second, read without a regular
 * expression or any allocation: true when `value` has that shape and is a real date and time,
 * false when it has that shape and is not, undefined when it has another shape (the general check
 * decides).
 */
function utcDateTime(value: string): boolean | undefined {
  const length = value.length;
  if (length < 20 || (value.charCodeAt(length - 1) | 0x20) !== 0x7a) return undefined;
  if (
    value.charCodeAt(4) !== 0x2d ||
    value.charCodeAt(7) !== 0x2d ||
    (value.charCodeAt(10) | 0x20) !== 0x74 ||
    value.charCodeAt(13) !== 0x3a ||
    value.charCodeAt(16) !== 0x3a
  )
    return undefined;
  const century = twoDigits(value, 0);
  const yearOfCentury = twoDigits(value, 2);
  const month = twoDigits(value, 5);
  const day = twoDigits(value, 8);
  const hour = twoDigits(value, 11);
  const minute = twoDigits(value, 14);
  const second = twoDigits(value, 17);
  if (century < 0 || yearOfCentury < 0 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) return undefined;
  if (length > 20) {
    if (value.charCodeAt(19) !== 0x2e || length === 21) return undefined;
    for (let i = 20; i < length - 1; i++) {
      const c = value.charCodeAt(i);
      if (c < 0x30 || c > 0x39) return undefined;
    }
  }
  if (second === 60) return undefined;
  const year = century * 100 + yearOfCentury;
  if (month < 1 || month > 12 || day < 1) return false;
  const leapYear = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && leapYear ? 29 : DAYS_IN_MONTH[month - 1]!)) return false;
  return hour <= 23 && minute <= 59 && second <= 59;
}

/**
 * RFC 3339 section 5.6 `date-time`: `T` (or `t`) between date and time, a fraction of any length
 * after a dot, `Z` (or `z`) or an offset `±hh:mm` with its colon; the day must exist in its month;
 * a second of 60 (a leap second) only at 23:59 UTC once the offset is applied (RFC 3339 section
 * 5.7; which days had one is not checked).
 */
export function dateTime(value: string): boolean {
  const utc = utcDateTime(value);
  if (utc !== undefined) return utc;
  const match = DATE_TIME.exec(value);
  if (match === null) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const hour = Number(match[4]);
  const minute = Number(match[5]);
  const second = Number(match[6]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leapYear = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && leapYear ? 29 : DAYS_IN_MONTH[month - 1]!)) return false;
  if (hour > 23 || minute > 59 || second > 60) return false;
  let offset = 0;
  if (match[7] !== undefined) {
    const offsetHour = Number(match[8]);
    const offsetMinute = Number(match[9]);
    if (offsetHour > 23 || offsetMinute > 59) return false;
    offset = (offsetHour * 60 + offsetMinute) * (match[7] === '+' ? 1 : -1);
  }
  if (second === 60) {
    const minutesOfDay = 24 * 60;
    return (((hour * 60 + minute - offset) % minutesOfDay) + minutesOfDay) % minutesOfDay === 23 * 60 + 59;
  }
  return true;
}

const DOT_STRING = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+(?:\.[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+)*$/;
/**
 * A domain of dot-separated labels of letters, digits and hyphens, a label neither empty nor
 * starting or ending with a hyphen; read in one pass without splitting it (a domain of half a
 * million one-letter labels costs what one long label costs).
 */
function domainLabels(domain: string): boolean {
  let previous = 0x2e;
  for (let i = 0; i < domain.length; i++) {
    const c = domain.charCodeAt(i);
    const alnum = (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a);
    if (c === 0x2e) {
      if (previous === 0x2e || previous === 0x2d) return false;
    } else if (c === 0x2d) {
      if (previous === 0x2e) return false;
    } else if (!alnum) {
      return false;
    }
    previous = c;
  }
  return previous !== 0x2e && previous !== 0x2d;
}
const OCTET = /^\d{1,3}$/;
const HEX_GROUP = /^[0-9A-Fa-f]{1,4}$/;

function ipv4(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((part) => OCTET.test(part) && Number(part) <= 255);
}

/** RFC 5321 `IPv6-addr`: eight groups, or fewer around one "::" standing for at least two, optionally ending in an IPv4 address. */
function ipv6(text: string): boolean {
  let body = text;
  const lastColon = text.lastIndexOf(':');
  if (lastColon < 0) return false;
  if (text.slice(lastColon + 1).includes('.')) {
    if (!ipv4(text.slice(lastColon + 1))) return false;
    body = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = body.split('::');
  if (halves.length > 2) return false;
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  if (halves.length === 1) {
    const all = groups(body);
    return all.length === 8 && all.every((group) => HEX_GROUP.test(group));
  }
  const left = groups(halves[0]!);
  const right = groups(halves[1]!);
  return left.length + right.length <= 6 && left.every((group) => HEX_GROUP.test(group)) && right.every((group) => HEX_GROUP.test(group));
}

/**
 * RFC 5321 section 4.1.2 `Mailbox`: a dot-string or quoted-string local part, then a domain of
 * letter-digit-hyphen labels, or an IPv4 or IPv6 address literal in brackets (the
 * "General-address-literal" form, whose tags IANA registers, is not accepted).
 */
export function email(value: string): boolean {
  let at: number;
  if (value.startsWith('"')) {
    let i = 1;
    for (; i < value.length; i++) {
      const c = value.charCodeAt(i);
      if (c === 0x22) break;
      if (c === 0x5c) {
        i++;
        const escaped = value.charCodeAt(i);
        if (!(escaped >= 0x20 && escaped <= 0x7e)) return false;
      } else if (!(c === 0x20 || c === 0x21 || (c >= 0x23 && c <= 0x5b) || (c >= 0x5d && c <= 0x7e))) {
        return false;
      }
    }
    if (i >= value.length) return false;
    at = i + 1;
    if (value.charCodeAt(at) !== 0x40) return false;
  } else {
    at = value.indexOf('@');
    if (at <= 0 || !DOT_STRING.test(value.slice(0, at))) return false;
  }
  const domain = value.slice(at + 1);
  if (domain.startsWith('[')) {
    if (!domain.endsWith(']')) return false;
    const literal = domain.slice(1, -1);
    return /^ipv6:/i.test(literal) ? ipv6(literal.slice(5)) : ipv4(literal);
  }
  return domainLabels(domain);
}

const AJV_URL = (fullFormats as unknown as Record<string, RegExp>).url!;
const URL_HEAD = '^(?:https?|ftp):\\/\\/(?:\\S+(?::\\S*)?@)?';
const URL_TAIL = '(?::\\d{2,5})?(?:\\/[^\\s]*)?$';
/** ajv-formats' host of a `url` (an IPv4 address outside the private ranges, or a domain with a top-level label), then an optional port. */
const URL_HOST_PORT =
  AJV_URL.source.startsWith(URL_HEAD) && AJV_URL.source.endsWith(URL_TAIL)
    ? new RegExp(`^${AJV_URL.source.slice(URL_HEAD.length, -URL_TAIL.length)}(?::\\d{2,5})?$`, 'iu')
    : undefined;
const URL_SCHEME = /^(?:https?|ftp):\/\//i;
const WHITE_SPACE = /\s/u;

/**
 * ajv-formats' `url` (deprecated there; no schema of this package uses it), with the same grammar,
 * in linear time. Its regular expression lets the user information (`\S+(?::\S*)?@`) end at any
 * "@", which backtracks quadratically ("http://[" then a run of ":" takes seconds at 16 KB). Here:
 * no white space anywhere; the host and port run from the start, or from the last "@" of a
 * "/"-free stretch, to the next "/" (a host holds neither "@" nor "/", and what follows it is a
 * path starting with "/"). The stretches are disjoint, so every character is looked at a bounded
 * number of times.
 */
export function url(value: string): boolean {
  if (URL_HOST_PORT === undefined) return AJV_URL.test(value);
  const scheme = URL_SCHEME.exec(value);
  if (scheme === null) return false;
  const rest = value.slice(scheme[0].length);
  if (WHITE_SPACE.test(rest)) return false;
  let start = 0;
  let lastAt = -1;
  for (let i = 0; i <= rest.length; i++) {
    const c = i < rest.length ? rest.charCodeAt(i) : 0x2f;
    if (c === 0x40) lastAt = i;
    else if (c === 0x2f) {
      // The host may start at the beginning (a stretch without "@"), or after the stretch's last "@" (with user information before it).
      const from = lastAt >= 1 ? lastAt + 1 : start === 0 && lastAt === -1 ? 0 : -1;
      if (from !== -1 && URL_HOST_PORT.test(rest.slice(from, i))) return true;
      start = i + 1;
      lastAt = -1;
    }
  }
  return false;
}

/** Every format the package's validators know, by name. */
export const formats: Readonly<Record<string, FormatDefinition>> = Object.freeze({
  ...(fullFormats as unknown as Record<string, FormatDefinition>),
  uuid,
  'date-time': dateTime,
  email,
  url,
});

/** Registers every format on an ajv instance (any object with ajv's `addFormat`). */
export function addFormats<T extends { addFormat(name: string, format: never): unknown }>(ajv: T): T {
  for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, format as never);
  return ajv;
}
