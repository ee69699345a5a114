/**
 * Reading JSON input for the commands (`validate`, `convert`): size limits, decoding, parsing
 * with positions, and the defects of a JSON text that JSON.parse hides.
 *
 * - Size: a payload (a whole file, or one NDJSON line) is at most `maxBytes` bytes (default
 *   64 MiB, `--max-bytes` raises it). A regular file is measured with fstat before it is read; a
 *   pipe is read until it passes the limit and no further; an NDJSON line over the limit is an
 *   error for that line only, and its bytes are skipped, not kept.
 * - Encoding: UTF-8 only (RFC 8259 section 8.1). A leading byte order mark is ignored (the same
 *   section lets a parser do so); invalid UTF-8 is an input error naming the byte offset.
 * - Syntax: a text JSON.parse refuses is an input error naming the line and column where it goes
 *   wrong (for a truncated text, where it ends), and what was found there: NaN and Infinity, a raw
 *   control character such as NUL, a missing value.
 * - What JSON.parse accepts but loses (`textIssues`, one linear pass over the text, reported as
 *   errors of the payload with their JSON Pointer): a key given twice in one object (RFC 8259
 *   section 4: names SHOULD be unique, and receivers behave unpredictably; I-JSON, RFC 7493
 *   section 2.3, MUST), an escaped lone surrogate (`"\uD800"`: legal JSON text, not Unicode;
 *   RFC 8259 section 8.2, I-JSON section 2.1), and a number too large for a double (`1e400`,
 *   which reads as Infinity; RFC 8259 section 6, I-JSON section 2.2).
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { issue, type ValidationIssue } from './errors.js';
import { HINT_TEMPLATES } from './hint-table.js';

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

const UNITS: Record<string, number> = { '': 1, b: 1, k: 1024, kb: 1024, kib: 1024, m: 1024 ** 2, mb: 1024 ** 2, mib: 1024 ** 2, g: 1024 ** 3, gb: 1024 ** 3, gib: 1024 ** 3 };

/** `65536`, `64k`, `64M`, `1G` (binary units) as a number of bytes; undefined when it is not one. */
export function parseByteSize(text: string): number | undefined {
  const match = /^(\d{1,15})([a-z]{0,3})$/i.exec(text.trim());
  if (!match) return undefined;
  const unit = UNITS[match[2]!.toLowerCase()];
  if (unit === undefined) return undefined;
  const bytes = Number(match[1]) * unit;
  return bytes >= 1 && Number.isSafeInteger(bytes) ? bytes : undefined;
}

/** A byte count as people read it: `64 MiB`, `1.5 KiB`, `100 bytes`. */
export function formatBytes(bytes: number): string {
  for (const [unit, size] of [['GiB', 1024 ** 3], ['MiB', 1024 ** 2], ['KiB', 1024]] as const) {
    if (bytes >= size) {
      const value = bytes / size;
      return `${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`;
    }
  }
  return `${bytes} byte${bytes === 1 ? '' : 's'}`;
}

/** The words for an error of the file system. */
export function describeReadError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a directory';
  if (code === 'EACCES') return 'permission denied';
  if (code === 'ENOTDIR') return 'a part of the path is not a directory';
  return (error as Error).message;
}

function tooLarge(what: string, maxBytes: number, command = 'validate'): InputError {
  const raise = command === 'validate' ? `raise it with --max-bytes, e.g. --max-bytes ${Math.ceil((maxBytes * 2) / 1024 ** 2)}M` : `${command} reads at most that much`;
  return new InputError(`${what} is larger than the limit of ${formatBytes(maxBytes)} (${raise})`);
}

/**
 * Reads a whole file (a path, or an open descriptor such as 0 for stdin), refusing one over
 * `maxBytes`: a regular file by its size, before reading; a pipe or device by stopping at the limit. Throws InputError with the words for the problem.
 */
export function readFileLimited(path: string | number, maxBytes: number, command = 'validate', name = String(path)): Buffer {
  let fd: number;
  try {
    fd = typeof path === 'number' ? path : openSync(path, 'r');
  } catch (error) {
    throw new InputError(`cannot read ${name}: ${describeReadError(error)}`);
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw new InputError(`cannot read ${name}: it is a directory`);
    if (stat.isFile() && stat.size > maxBytes) throw tooLarge(`${name} (${formatBytes(stat.size)})`, maxBytes, command);
    const chunks: Buffer[] = [];
    let total = 0;
    if (stat.isFile() && stat.size > 0) {
      // A file's size is known: one buffer, not chunks copied into one at the end (twice the size at once).
      const whole = Buffer.allocUnsafe(stat.size);
      while (total < whole.length) {
        let read: number;
        try {
          read = readSync(fd, whole, total, whole.length - total, null);
        } catch (error) {
          throw new InputError(`cannot read ${name}: ${describeReadError(error)}`);
        }
        if (read === 0) break;
        total += read;
      }
      if (total < whole.length) return whole.subarray(0, total);
      chunks.push(whole);
    }
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(1 << 20, maxBytes + 1 - total));
      let read: number;
      try {
        read = readSync(fd, chunk, 0, chunk.length, null);
      } catch (error) {
        throw new InputError(`cannot read ${name}: ${describeReadError(error)}`);
      }
      if (read === 0) break;
      chunks.push(read === chunk.length ? chunk : chunk.subarray(0, read));
      total += read;
      if (total > maxBytes) throw tooLarge(name, maxBytes, command);
    }
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total);
  } finally {
    if (typeof path !== 'number') closeSync(fd);
  }
}

/** Reads a stream (stdin) to its end, refusing it once it passes `maxBytes` (the rest is not read). */
export async function readStreamLimited(stream: NodeJS.ReadableStream & { destroy?(): void }, name: string, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      total += buffer.length;
      if (total > maxBytes) {
        stream.destroy?.();
        throw tooLarge(name, maxBytes);
      }
      chunks.push(buffer);
    }
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`cannot read ${name}: ${describeReadError(error)}`);
  }
  return Buffer.concat(chunks, total);
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
    if (b >= 0xc2 && b <= 0xdf) { need = 1; min = 0x80; }
    else if (b === 0xe0) { need = 2; min = 0xa0; }
    else if (b === 0xed) { need = 2; min = 0x80; max = 0x9f; }
    else if (b >= 0xe1 && b <= 0xef) { need = 2; min = 0x80; }
    else if (b === 0xf0) { need = 3; min = 0x90; }
    else if (b >= 0xf1 && b <= 0xf3) { need = 3; min = 0x80; }
    else if (b === 0xf4) { need = 3; min = 0x80; max = 0x8f; }
    else return i;
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
export function decodeUtf8(bytes: Buffer, base = 0, stripBom = true): string {
  if (!isUtf8(bytes)) {
    const at = invalidUtf8Offset(bytes);
    throw new InputError(`not UTF-8: byte 0x${bytes[at]!.toString(16).toUpperCase().padStart(2, '0')} at byte offset ${base + at} does not belong to a UTF-8 sequence`);
  }
  const hasBom = stripBom && bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return bytes.toString('utf8', hasBom ? 3 : 0);
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
      if (c < 0x20) return fail(`${describeChar(text, i)} inside a string (write it as an escape, e.g. \\u${c.toString(16).padStart(4, '0')})`);
      if (c === 0x5c) {
        const e = text.charCodeAt(i + 1);
        if (e === 0x75) {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return fail('a \\u escape without four hexadecimal digits');
          i += 6;
          continue;
        }
        if (!'"\\/bfnrt'.includes(text[i + 1] ?? '') || i + 1 >= n) return i + 1 >= n ? fail('the text ends inside a string (truncated?)', n) : fail(`an invalid escape "\\${text[i + 1]}" in a string`);
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

const escapeToken = (token: string) => (token.includes('~') || token.includes('/') ? token.replace(/~/g, '~0').replace(/\//g, '~1') : token);

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
    if (kinds.length > KEPT_FRAMES) for (const frames of [kinds, indexes, memberStart, memberEnd, memberText, offsets, sets] as unknown[][]) frames.length = KEPT_FRAMES;
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
    for (let d = 0; d <= upTo; d++) path += `/${kinds[d] === 1 ? escapeToken(memberAt(d)) : String(indexes[d])}`;
    return last === undefined ? path : `${path}/${escapeToken(last)}`;
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
          found.push(expectKey
            ? issue(pointer(depth - 1, key!), 'unicode', 'this key holds a lone surrogate (a \\uD800-\\uDFFF escape without its pair): it is legal JSON text but not Unicode', hint)
            : issue(pointer(depth), 'unicode', 'holds a lone surrogate (a \\uD800-\\uDFFF escape without its pair): it is legal JSON text but not Unicode', hint));
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
          found.push(issue(pointer(depth - 1, name), 'duplicateKey', `the key ${JSON.stringify(name)} appears more than once in this object; JSON.parse keeps only the last`, HINT_TEMPLATES.duplicateKey));
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
        found.push(issue(pointer(depth), 'range', `the number ${literal.length > 24 ? `${literal.slice(0, 23)}…` : literal} is out of range: it is beyond the largest double (about 1.8e308) and reads as ${literal.startsWith('-') ? '-Infinity' : 'Infinity'}`, HINT_TEMPLATES.numberRange));
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
export function withTextIssues<T extends { valid: boolean; errors: readonly ValidationIssue[]; warnings: readonly ValidationIssue[] }>(verdict: T, found: readonly ValidationIssue[]): { valid: boolean; errors: readonly ValidationIssue[]; warnings: readonly ValidationIssue[] } {
  if (found.length === 0) return verdict;
  const ranges = found.filter((item) => item.keyword === 'range').map((item) => item.path);
  const errors = ranges.length === 0 ? verdict.errors : verdict.errors.filter((item) => !ranges.includes(item.path));
  return { valid: false, errors: [...found, ...errors], warnings: verdict.warnings };
}

// ---------------------------------------------------------------------------------------------
// NDJSON: lines from chunks of bytes
// ---------------------------------------------------------------------------------------------

/** What the splitter hands on: complete lines, decoded, and per-line input errors. */
export interface LineSink {
  /**
   * One complete line, decoded, without its line end ("\n" or "\r\n"); `number` counts from 1.
   * Called synchronously, in order.
   */
  line(text: string, number: number): void;
  /** An input error for one line (too long, not UTF-8). */
  lineError(line: number, message: string): void;
}

/**
 * What the splitter hands on when the decoding is done elsewhere (a worker thread): regions of
 * complete lines as bytes, with the number of their first line and their byte offset in the
 * input, and the errors of lines too long to keep. `decodeRegion` turns a region into lines.
 */
export interface RegionSink {
  /** Complete lines as bytes (the region ends with a newline); `bytes` may be reused after the call. */
  region(bytes: Buffer, first: number, offset: number): void;
  lineError(line: number, message: string): void;
}

const NEWLINE = 0x0a;

/** The number of newlines in some bytes. */
export function countLines(bytes: Uint8Array): number {
  let count = 0;
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = buffer.indexOf(NEWLINE); at !== -1; at = buffer.indexOf(NEWLINE, at + 1)) count++;
  return count;
}

const tooLongMessage = (maxBytes: number) => `the line is longer than the limit of ${formatBytes(maxBytes)} (raise it with --max-bytes); skipped`;

/**
 * Decodes a region of complete lines (it ends with a newline) whose first line is `first` and
 * which starts at byte `offset` of the input, handing on the good lines and naming the bad ones
 * (not UTF-8, or longer than `maxBytes`). A byte order mark at the start of line 1 is dropped.
 *
 * Each line is decoded on its own: a line of ASCII becomes a one-byte string, which JSON.parse
 * reads faster than the two-byte string a whole region becomes once any line holds a character
 * beyond Latin-1 (measured on the bench log: decoding and parsing 0.75× the time of a region at once).
 */
export function decodeRegion(bytes: Buffer, first: number, offset: number, maxBytes: number, sink: LineSink): void {
  // One check of the whole region; line by line only when some line is not UTF-8.
  const allUtf8 = isUtf8(bytes);
  let line = first;
  let from = 0;
  for (let at = bytes.indexOf(NEWLINE); at !== -1; at = bytes.indexOf(NEWLINE, from), line++) {
    const lineStart = from;
    let start = from;
    let end = at > from && bytes[at - 1] === 0x0d ? at - 1 : at;
    from = at + 1;
    if (line === 1 && bytes[start] === 0xef && bytes[start + 1] === 0xbb && bytes[start + 2] === 0xbf) start += 3;
    if (end < start) end = start;
    if (end - start > maxBytes) {
      sink.lineError(line, tooLongMessage(maxBytes));
      continue;
    }
    if (!allUtf8) {
      const one = bytes.subarray(lineStart, at + 1);
      if (!isUtf8(one)) {
        const bad = invalidUtf8Offset(one);
        sink.lineError(line, `not UTF-8: byte 0x${one[bad]!.toString(16).toUpperCase().padStart(2, '0')} at byte ${bad + 1} of the line (byte offset ${offset + lineStart + bad}) does not belong to a UTF-8 sequence`);
        continue;
      }
    }
    sink.line(bytes.toString('utf8', start, end), line);
  }
}

/**
 * Splits a byte stream into NDJSON lines in bounded memory: the complete lines of each chunk are
 * handed on together (decoded, to a LineSink; as bytes, to a RegionSink); only the last, partial
 * line is kept for the next chunk. A line longer than `maxBytes` is reported and skipped to its
 * end without being kept.
 */
export class LineSplitter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private skipping = false;
  private line = 1;
  private offset = 0;

  constructor(private readonly maxBytes: number, private readonly sink: LineSink | RegionSink) {}

  /** Feeds a chunk; the chunk may be reused by the caller afterwards. */
  push(chunk: Buffer): void {
    let start = 0;
    const base = this.offset;
    this.offset += chunk.length;
    if (this.skipping) {
      const newline = chunk.indexOf(NEWLINE);
      if (newline === -1) return;
      this.skipping = false;
      this.line++;
      start = newline + 1;
    }
    const last = chunk.lastIndexOf(NEWLINE);
    if (last < start) {
      this.keep(chunk.subarray(start));
      return;
    }
    if (this.pendingBytes > 0) {
      const newline = chunk.indexOf(NEWLINE, start);
      const head = chunk.subarray(start, newline + 1);
      if (this.pendingBytes + head.length - 1 > this.maxBytes) {
        this.tooLong();
        this.skipping = false;
        this.line++;
        start = newline + 1;
      } else {
        // The kept start of a line and its end in this chunk: a region of one line; the chunk's
        // other complete lines follow as a region of their own, without being copied.
        this.region(Buffer.concat([...this.pending, head]), base + start - this.pendingBytes);
        start = newline + 1;
      }
      this.pending = [];
      this.pendingBytes = 0;
    }
    if (start <= last) this.region(chunk.subarray(start, last + 1), base + start);
    if (last + 1 < chunk.length) this.keep(chunk.subarray(last + 1));
  }

  /** Ends the input: a last line without a newline is handed on too. */
  end(): void {
    if (this.skipping) return;
    if (this.pendingBytes > 0) {
      const rest = Buffer.concat([...this.pending, Buffer.from('\n')]);
      this.pending = [];
      this.pendingBytes = 0;
      this.region(rest, this.offset - rest.length + 1);
    }
  }

  private keep(bytes: Buffer): void {
    if (this.skipping || bytes.length === 0) return;
    if (this.pendingBytes + bytes.length > this.maxBytes) {
      this.tooLong();
      this.pending = [];
      this.pendingBytes = 0;
      return;
    }
    this.pending.push(Buffer.from(bytes));
    this.pendingBytes += bytes.length;
  }

  private tooLong(): void {
    this.sink.lineError(this.line, tooLongMessage(this.maxBytes));
    this.skipping = true;
  }

  /** Complete lines (the region ends with a newline). */
  private region(bytes: Buffer, offset: number): void {
    const first = this.line;
    this.line += countLines(bytes);
    if ('region' in this.sink) this.sink.region(bytes, first, offset);
    else decodeRegion(bytes, first, offset, this.maxBytes, this.sink);
  }
}
