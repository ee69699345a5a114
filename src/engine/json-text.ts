/**
 * The defects of a JSON text, and its parsing with positions: the checks every
 * reader of text makes (`validateText`, the CLI, the proxy, check-server).
 *
 * - Encoding: UTF-8 only (RFC 8259 section 8.1); a leading byte order mark is ignored; invalid
 *   UTF-8 is an input error naming the byte offset.
 * - Syntax: a text JSON.parse refuses is an input error naming the line and column, and what is there.
 * - What JSON.parse accepts but loses (`textIssues`, one linear pass, errors with their JSON Pointer):
 *   a duplicate key (I-JSON, RFC 7493 section 2.3), an escaped lone surrogate (section 2.1), a number
 *   beyond a double (section 2.2).
 */
import { issue, type ValidationIssue } from './validation-issue.js';
import { HINT_TEMPLATES } from './hint-table.js';
import { escapePointerToken } from './json-value.js';

/** The default limit of one payload: 64 MiB (see DEFAULT_MAX_BYTES_REASON). */
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Why 64 MiB: a JSON-RPC message of this protocol is kilobytes, a few megabytes with a file sent
 * inline as base64; 64 MiB leaves room for that and more, while the value JSON.parse builds from
 * it (several times the text) stays well inside Node's default heap.
 */
export const DEFAULT_MAX_BYTES_REASON = 'a payload is kilobytes, or megabytes with an inline file';

/** An input error: the message names what is wrong (the caller adds the source). */
export class InputError extends Error {}

/** A byte count as people read it: `64 MiB`, `1.5 KiB`, `100 bytes`. */
export function formatBytes(bytes: number): string {
  for (const [unit, size] of [
    ['GiB', 1024 ** 3],
    ['MiB', 1024 ** 2],
    ['KiB', 1024],
  ] as const) {
    if (bytes >= size) {
      const value = bytes / size;
      return `${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`;
    }
  }
  return `${bytes} byte${bytes === 1 ? '' : 's'}`;
}

/** The offset of the first byte that does not belong to well-formed UTF-8 (the buffer is known not to be). */
export function invalidUtf8Offset(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    let max = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (b === 0xe0) {
      need = 2;
      min = 0xa0;
    } else if (b === 0xed) {
      need = 2;
      min = 0x80;
      max = 0x9f;
    } else if (b >= 0xe1 && b <= 0xef) {
      need = 2;
      min = 0x80;
    } else if (b === 0xf0) {
      need = 3;
      min = 0x90;
    } else if (b >= 0xf1 && b <= 0xf3) {
      need = 3;
      min = 0x80;
    } else if (b === 0xf4) {
      need = 3;
      min = 0x80;
      max = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined) return i;
      if (k === 1 ? c < min || c > max : c < 0x80 || c > 0xbf) return i;
    }
    i += need + 1;
  }
  return n;
}

/**
 * Decodes UTF-8 bytes, dropping a leading byte order mark (RFC 8259 section 8.1 lets a parser
 * ignore it). Throws InputError naming the offset of the first byte that is not UTF-8.
 */
export function decodeUtf8(bytes: Uint8Array, base = 0, stripBom = true): string {
  const hasBom = stripBom && bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  try {
    return strictUtf8.decode(hasBom ? bytes.subarray(3) : bytes);
  } catch {
    const at = invalidUtf8Offset(bytes);
    throw new InputError(
      `not UTF-8: byte 0x${bytes[at]!.toString(16).toUpperCase().padStart(2, '0')} at byte offset ${base + at} does not belong to a UTF-8 sequence`,
    );
  }
}

/** Rejects what is not UTF-8 (`fatal`) and keeps a byte order mark (`decodeUtf8` drops it when asked). */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The number of bytes `text` takes in UTF-8 (a lone surrogate counts as U+FFFD, 3 bytes, as an encoder writes it). */
export function utf8Length(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 2;
      i++;
    } else n += 2;
  }
  return n;
}

// ---------------------------------------------------------------------------------------------
// Parsing, with the position of a syntax error
// ---------------------------------------------------------------------------------------------

/** Line and column (both from 1, the column in characters) of a position in `text`. */
export function lineColumn(text: string, position: number): string {
  let line = 1;
  let start = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < position; at = text.indexOf('\n', at + 1)) {
    line++;
    start = at + 1;
  }
  return `line ${line}, column ${position - start + 1}`;
}

function describeChar(text: string, at: number): string {
  const code = text.codePointAt(at)!;
  if (code < 0x20 || code === 0x7f) return `the control character U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  if (code === 0xfeff) return 'a byte order mark (U+FEFF)';
  return `"${String.fromCodePoint(code)}"`;
}

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/**
 * Where a text JSON.parse refused goes wrong, and what is there: one pass, no recursion. Used only
 * after JSON.parse failed, for the message.
 */
export function syntaxError(text: string): { position: number; problem: string } {
  const n = text.length;
  const stack: number[] = [];
  let i = 0;
  const space = () => {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
  };
  const fail = (problem: string, at = i) => ({ position: at, problem });
  const unexpected = (wanted: string) => {
    if (i >= n) return fail(`the text ends where ${wanted} should be (truncated?)`);
    for (const word of ['NaN', 'Infinity', '-Infinity']) {
      if (text.startsWith(word, i)) return fail(`${word} is not a JSON number (JSON has no NaN or Infinity)`);
    }
    return fail(`${describeChar(text, i)} where ${wanted} should be`);
  };
  const string = (): { position: number; problem: string } | undefined => {
    const start = i;
    i++;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return undefined;
      }
      if (c < 0x20)
        return fail(`${describeChar(text, i)} inside a string (write it as an escape, e.g. \\u${c.toString(16).padStart(4, '0')})`);
      if (c === 0x5c) {
        const e = text.charCodeAt(i + 1);
        if (e === 0x75) {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return fail('a \\u escape without four hexadecimal digits');
          i += 6;
          continue;
        }
        if (!'"\\/bfnrt'.includes(text[i + 1] ?? '') || i + 1 >= n)
          return i + 1 >= n
            ? fail('the text ends inside a string (truncated?)', n)
            : fail(`an invalid escape "\\${text[i + 1]}" in a string`);
        i += 2;
        continue;
      }
      i++;
    }
    return fail(`the text ends inside a string that starts at ${lineColumn(text, start)} (truncated?)`, n);
  };
  const number = (): { position: number; problem: string } | undefined => {
    if (text.charCodeAt(i) === 0x2d) i++;
    if (text.startsWith('Infinity', i)) return fail('-Infinity is not a JSON number (JSON has no NaN or Infinity)', i - 1);
    if (!isDigit(text.charCodeAt(i))) return unexpected('a digit');
    if (text.charCodeAt(i) === 0x30) i++;
    else while (isDigit(text.charCodeAt(i))) i++;
    if (text.charCodeAt(i) === 0x2e) {
      i++;
      if (!isDigit(text.charCodeAt(i))) return unexpected('a digit after the decimal point');
      while (isDigit(text.charCodeAt(i))) i++;
    }
    if ((text.charCodeAt(i) | 0x20) === 0x65) {
      i++;
      if (text.charCodeAt(i) === 0x2b || text.charCodeAt(i) === 0x2d) i++;
      if (!isDigit(text.charCodeAt(i))) return unexpected('a digit of the exponent');
      while (isDigit(text.charCodeAt(i))) i++;
    }
    return undefined;
  };
  // 0: a value is wanted; 1: after a value
  let wantValue = true;
  space();
  if (i >= n) return fail('the input is empty (no JSON value)');
  for (;;) {
    space();
    if (wantValue) {
      const c = text.charCodeAt(i);
      let problem: { position: number; problem: string } | undefined;
      if (c === 0x7b || c === 0x5b) {
        stack.push(c);
        i++;
        space();
        if (text.charCodeAt(i) === (c === 0x7b ? 0x7d : 0x5d)) {
          stack.pop();
          i++;
          wantValue = false;
          continue;
        }
        if (c === 0x7b) {
          if (text.charCodeAt(i) !== 0x22) return unexpected('a key (a double-quoted string)');
          problem = string();
          if (problem) return problem;
          space();
          if (text.charCodeAt(i) !== 0x3a) return unexpected('":" after the key');
          i++;
        }
        continue;
      }
      if (c === 0x22) problem = string();
      else if (c === 0x2d || isDigit(c)) problem = number();
      else if (text.startsWith('true', i)) i += 4;
      else if (text.startsWith('false', i)) i += 5;
      else if (text.startsWith('null', i)) i += 4;
      else return unexpected('a value');
      if (problem) return problem;
      wantValue = false;
      continue;
    }
    const top = stack[stack.length - 1];
    if (top === undefined) {
      if (i < n) return fail(`${describeChar(text, i)} after the end of the JSON value`);
      return fail('JSON.parse refused the text, but no position was found');
    }
    const c = text.charCodeAt(i);
    if (c === 0x2c) {
      i++;
      space();
      if (top === 0x7b) {
        if (text.charCodeAt(i) !== 0x22) return unexpected('a key (a double-quoted string)');
        const problem = string();
        if (problem) return problem;
        space();
        if (text.charCodeAt(i) !== 0x3a) return unexpected('":" after the key');
        i++;
      }
      wantValue = true;
      continue;
    }
    if (c === (top === 0x7b ? 0x7d : 0x5d)) {
      stack.pop();
      i++;
      continue;
    }
    return unexpected(top === 0x7b ? '"," or "}"' : '"," or "]"');
  }
}

/** Parses a JSON text; a syntax error is an InputError saying where (line, column) and what. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    const { position, problem } = syntaxError(text);
    throw new InputError(`not JSON (${problem}, at ${lineColumn(text, position)})`);
  }
}

// ---------------------------------------------------------------------------------------------
// What JSON.parse accepts but loses
// ---------------------------------------------------------------------------------------------

/** Keys kept in a list (a linear search) up to this many, then in a Set. */
const LIST_KEYS = 24;

// The scan's frames, one per open container, kept from one call to the next (a line of a log
// after another): its kind (1 object, 0 array), the index or key of its current member, its keys
// so far. The current key of an object: as offsets into the text (start, end of its characters)
// while it has no escapes, else as a string. Its keys so far: as offset pairs while there are few
// and none has escapes (compared in place, nothing allocated), else in a Set.
const kinds: number[] = [];
const indexes: number[] = [];
const memberStart: number[] = [];
const memberEnd: number[] = [];
const memberText: (string | undefined)[] = [];
const offsets: number[][] = [];
const sets: (Set<string> | undefined)[] = [];
/** Frames beyond this many (a deeply nested text) are not kept after the call. */
const KEPT_FRAMES = 256;

/**
 * The defects JSON.parse hides in a text it accepted: duplicate keys, escaped lone surrogates and
 * numbers beyond the range of a double, each an error with the JSON Pointer of where it is. One
 * pass, no recursion (any depth); the contents of a string without a backslash are skipped with
 * indexOf. `text` must be JSON that JSON.parse accepts.
 */
export function textIssues(text: string, parsed?: unknown): ValidationIssue[] {
  if (parsed !== undefined && provablyPlain(text, parsed)) return [];
  try {
    return scan(text);
  } finally {
    // Each frame is set afresh when its container opens; only a deep text's extra frames are dropped.
    if (kinds.length > KEPT_FRAMES)
      for (const frames of [kinds, indexes, memberStart, memberEnd, memberText, offsets, sets] as unknown[][]) frames.length = KEPT_FRAMES;
  }
}

/** Objects nested deeper than this are left to the scan (the walk below recurses). */
const WALK_DEPTH = 512;

/**
 * The keys of every object in a parsed value, or -1 when the value holds a number that is not
 * finite (a literal out of range) or nests deeper than WALK_DEPTH.
 */
function keysIn(value: unknown, depth: number): number {
  if (typeof value !== 'object' || value === null) return typeof value === 'number' && !Number.isFinite(value) ? -1 : 0;
  if (depth > WALK_DEPTH) return -1;
  let keys = 0;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'object' ? item === null : typeof item !== 'number') continue;
      const inner = keysIn(item, depth + 1);
      if (inner < 0) return -1;
      keys += inner;
    }
    return keys;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    keys++;
    const item = record[key];
    if (typeof item === 'object' ? item === null : typeof item !== 'number') continue;
    const inner = keysIn(item, depth + 1);
    if (inner < 0) return -1;
    keys += inner;
  }
  return keys;
}

/** An escape that could be half of a surrogate pair (or an escaped backslash before "uD8…": the scan tells). */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/**
 * Whether `text`, which JSON.parse read as `parsed`, provably has none of the defects the scan
 * looks for, found without the scan: no \uD800-\uDFFF escape at all, every number finite, no
 * white space before any colon, and as many colons just after a quote as keys in the value.
 *
 * Why that proves there is no repeated key: outside strings, a colon follows a key, and with no
 * white space before any colon it follows the key's closing quote; so the text's count is every
 * key written, plus any `":` inside strings. The value's count is every key written, less one per
 * repeat. The two are equal only when no string holds `":` and no key repeats. Anything else
 * (`"key" : 1`, a string quoting JSON) is left to the scan, which decides.
 */
function provablyPlain(text: string, parsed: unknown): boolean {
  if (text.indexOf('\\u') !== -1 && SURROGATE_ESCAPE.test(text)) return false;
  const keys = keysIn(parsed, 0);
  if (keys < 0) return false;
  let written = 0;
  for (let at = text.indexOf(':'); at !== -1; at = text.indexOf(':', at + 1)) {
    const before = text.charCodeAt(at - 1);
    if (before === 0x22) {
      if (++written > keys) return false;
    } else if (before === 0x20 || before === 0x0a || before === 0x0d || before === 0x09) {
      return false;
    }
  }
  return written === keys;
}

function scan(text: string): ValidationIssue[] {
  const found: ValidationIssue[] = [];
  const memberAt = (d: number) => memberText[d] ?? text.slice(memberStart[d], memberEnd[d]);
  let depth = -1;
  let expectKey = false;
  const n = text.length;
  let nextBackslash = text.indexOf('\\');
  if (nextBackslash === -1) nextBackslash = n;
  const pointer = (upTo: number, last?: string) => {
    let path = '';
    for (let d = 0; d <= upTo; d++) path += `/${kinds[d] === 1 ? escapePointerToken(memberAt(d)) : String(indexes[d])}`;
    return last === undefined ? path : `${path}/${escapePointerToken(last)}`;
  };
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      let end = text.indexOf('"', i + 1);
      let key: string | undefined;
      if (nextBackslash < end) {
        // Escapes: walk the string, checking each \u escape for a surrogate without its pair.
        let j = i + 1;
        let lone = false;
        for (;;) {
          const d = text.charCodeAt(j);
          if (d === 0x22) break;
          if (d !== 0x5c) {
            j++;
            continue;
          }
          if (text.charCodeAt(j + 1) !== 0x75) {
            j += 2;
            continue;
          }
          const unit = parseInt(text.slice(j + 2, j + 6), 16);
          j += 6;
          if (unit >= 0xd800 && unit <= 0xdbff) {
            const next = text.charCodeAt(j) === 0x5c && text.charCodeAt(j + 1) === 0x75 ? parseInt(text.slice(j + 2, j + 6), 16) : -1;
            if (next >= 0xdc00 && next <= 0xdfff) j += 6;
            else lone = true;
          } else if (unit >= 0xdc00 && unit <= 0xdfff) {
            lone = true;
          }
        }
        end = j;
        nextBackslash = text.indexOf('\\', end + 1);
        if (nextBackslash === -1) nextBackslash = n;
        if (expectKey) key = JSON.parse(text.slice(i, end + 1)) as string;
        if (lone) {
          const hint = HINT_TEMPLATES.loneSurrogate;
          found.push(
            expectKey
              ? issue(
                  pointer(depth - 1, key!),
                  'unicode',
                  'this key holds a lone surrogate (a \\uD800-\\uDFFF escape without its pair): it is legal JSON text but not Unicode',
                  hint,
                )
              : issue(
                  pointer(depth),
                  'unicode',
                  'holds a lone surrogate (a \\uD800-\\uDFFF escape without its pair): it is legal JSON text but not Unicode',
                  hint,
                ),
          );
        }
      }
      const start = i + 1;
      i = end + 1;
      if (expectKey) {
        expectKey = false;
        const pairs = offsets[depth]!;
        let set = sets[depth];
        let duplicate = false;
        if (set === undefined && key === undefined && pairs.length < 2 * LIST_KEYS) {
          // Compared in place with the keys so far: same length, then the same characters.
          const length = end - start;
          for (let k = 0; k < pairs.length && !duplicate; k += 2) {
            const from = pairs[k]!;
            if (pairs[k + 1]! - from !== length) continue;
            let same = true;
            for (let m = 0; m < length; m++) {
              if (text.charCodeAt(from + m) !== text.charCodeAt(start + m)) {
                same = false;
                break;
              }
            }
            duplicate = same;
          }
          pairs.push(start, end);
          memberText[depth] = undefined;
        } else {
          if (set === undefined) {
            set = sets[depth] = new Set();
            for (let k = 0; k < pairs.length; k += 2) set.add(text.slice(pairs[k], pairs[k + 1]));
          }
          const name = key ?? text.slice(start, end);
          duplicate = set.has(name);
          set.add(name);
          memberText[depth] = key;
        }
        memberStart[depth] = start;
        memberEnd[depth] = end;
        if (duplicate) {
          const name = memberAt(depth);
          found.push(
            issue(
              pointer(depth - 1, name),
              'duplicateKey',
              `the key ${JSON.stringify(name)} appears more than once in this object; JSON.parse keeps only the last`,
              HINT_TEMPLATES.duplicateKey,
            ),
          );
        }
      }
      continue;
    }
    if (c === 0x7b || c === 0x5b) {
      depth++;
      kinds[depth] = c === 0x7b ? 1 : 0;
      indexes[depth] = 0;
      if (c === 0x7b) {
        const pairs = offsets[depth];
        if (pairs === undefined) offsets[depth] = [];
        else pairs.length = 0;
        sets[depth] = undefined;
        memberText[depth] = undefined;
        expectKey = true;
      }
      i++;
      continue;
    }
    if (c === 0x7d || c === 0x5d) {
      depth--;
      expectKey = false;
      i++;
      continue;
    }
    if (c === 0x2c) {
      if (kinds[depth] === 1) expectKey = true;
      else indexes[depth]!++;
      i++;
      continue;
    }
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      const start = i;
      let exponent = false;
      i++;
      for (;;) {
        const d = text.charCodeAt(i);
        if ((d >= 0x30 && d <= 0x39) || d === 0x2e || d === 0x2b || d === 0x2d) i++;
        else if (d === 0x65 || d === 0x45) {
          exponent = true;
          i++;
        } else break;
      }
      if ((exponent || i - start > 300) && !Number.isFinite(Number(text.slice(start, i)))) {
        const literal = text.slice(start, i);
        found.push(
          issue(
            pointer(depth),
            'range',
            `the number ${literal.length > 24 ? `${literal.slice(0, 23)}…` : literal} is out of range: it is beyond the largest double (about 1.8e308) and reads as ${literal.startsWith('-') ? '-Infinity' : 'Infinity'}`,
            HINT_TEMPLATES.numberRange,
          ),
        );
      }
      continue;
    }
    i++;
  }
  return found;
}

/**
 * A verdict with the text's own defects added: they come first, and a validator error at the
 * place of an out-of-range number (which the validator saw as Infinity) is left out.
 */
export function withTextIssues<T extends { valid: boolean; errors: readonly ValidationIssue[]; warnings: readonly ValidationIssue[] }>(
  verdict: T,
  found: readonly ValidationIssue[],
): { valid: boolean; errors: readonly ValidationIssue[]; warnings: readonly ValidationIssue[] } {
  if (found.length === 0) return verdict;
  const ranges = found.filter((item) => item.keyword === 'range').map((item) => item.path);
  const errors = ranges.length === 0 ? verdict.errors : verdict.errors.filter((item) => !ranges.includes(item.path));
  return { valid: false, errors: [...found, ...errors], warnings: verdict.warnings };
}
