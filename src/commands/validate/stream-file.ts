/**
 * One large payload of a known type (`validate --type T FILE`, STREAM_MIN bytes or more) judged in
 * bounded memory: the file is read in chunks, never held whole. Applies where the type is a plain
 * object schema whose large parts are root arrays of one named type (`Task.history`,
 * `Task.artifacts`): each element is cut out as it ends and judged on its own, then the rest (the
 * "skeleton", those arrays empty) is judged. The report is the one the whole payload gets (same
 * errors, order, warnings and counts). Any other shape, a key given twice at the root, or text that
 * is not UTF-8 or JSON gives `undefined`: the caller reads the file whole.
 * CONTRIBUTING "Runtime notes" says how the errors are ordered.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { issue, type ValidationIssue } from '../../engine/issues.js';
import { parseJson, textIssues } from '../../engine/json-text.js';
import { check, typeValidator, type ValidationResult } from '../../library/validate.js';
import { escapePointerToken } from '../../engine/json-value.js';
import type { LoadedVariant } from '../../engine/load-validators.js';
import type { Schema } from '../../engine/schema-places.js';

/** Files from this size on are streamed (when their shape allows). */
export const STREAM_MIN = 8 * 1024 * 1024;

const READ = 1 << 20;

/**
 * What stands in for a streamed array's elements: the skeleton is explained once more with this as
 * each streamed array's only element, and where its error lands is where the array's errors go.
 */
const SENTINEL = Buffer.from('{"\\u0000":0}');

/** Keys of a root object schema that leave checking each property on its own sound. */
const PLAIN_ROOT = new Set(['description', 'title', '$comment', 'type', 'properties', 'required', 'additionalProperties']);
const PLAIN_LIST = new Set(['description', 'title', '$comment', 'type', 'items']);

/**
 * For a type whose schema allows it, its properties whose arrays can be streamed, with the type
 * of their elements; undefined when the type's root is not a plain object schema.
 */
export function streamableArrays(variant: LoadedVariant, typeName: string): Map<string, string> | undefined {
  const definitions = variant.definitions as Record<string, Schema>;
  const root = definitions[typeName];
  if (root === undefined || root.type !== 'object' || !Object.keys(root).every((key) => PLAIN_ROOT.has(key))) return undefined;
  const properties = (root.properties ?? {}) as Record<string, Schema>;
  const arrays = new Map<string, string>();
  for (const [name, schema] of Object.entries(properties)) {
    if (
      typeof schema !== 'object' ||
      schema === null ||
      schema.type !== 'array' ||
      !Object.keys(schema).every((key) => PLAIN_LIST.has(key))
    )
      continue;
    const items = schema.items as Schema | undefined;
    if (typeof items !== 'object' || items === null || Object.keys(items).some((key) => key !== '$ref' && key !== 'description')) continue;
    const ref = typeof items.$ref === 'string' && items.$ref.startsWith('#/$defs/') ? items.$ref.slice('#/$defs/'.length) : undefined;
    if (ref !== undefined && definitions[ref] !== undefined) arrays.set(name, ref);
  }
  return arrays.size > 0 ? arrays : undefined;
}

/** Why streaming gave up (the caller then reads the file whole). */
class NotStreamable extends Error {}

const WHITE = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** What is kept of one streamed array while its elements go by. */
interface Streamed {
  readonly key: string;
  readonly itemType: string;
  /** The index of its key among the root's keys, in text order. */
  readonly keyIndex: number;
  /** Its first errors (at most the cap), already with their full paths, and how many more. */
  readonly errors: ValidationIssue[];
  omitted: number;
  readonly warnings: ValidationIssue[];
  /** Its elements' text defects (at most the cap) and how many more. */
  readonly textIssues: ValidationIssue[];
  textOmitted: number;
  valid: boolean;
}

/**
 * The verdict on the file `path` (`size` bytes) as `typeName`, streamed; undefined when it cannot
 * be streamed (the shapes of the file comment). Input errors while reading are thrown as they are.
 */
export function streamPayload(
  variant: LoadedVariant,
  typeName: string,
  path: string,
  strict: boolean,
  maxErrors: number,
  readSize = READ,
): ValidationResult | undefined {
  const arrays = streamableArrays(variant, typeName);
  if (arrays === undefined) return undefined;
  const fd = openSync(path, 'r');
  try {
    if (!fstatSync(fd).isFile()) return undefined;
    return new Streamer(variant, typeName, arrays, strict, maxErrors).run(fd, readSize);
  } catch (error) {
    if (error instanceof NotStreamable) return undefined;
    throw error;
  } finally {
    closeSync(fd);
  }
}

class Streamer {
  private readonly skeleton: Buffer[] = [];
  /** For each streamed array, the byte offset in the skeleton just after its `[`. */
  private readonly holes: number[] = [];
  private skeletonBytes = 0;
  private readonly rootKeys: string[] = [];
  private readonly streamed: Streamed[] = [];

  // The scan: nesting depth, inside a string, what the root object expects next.
  private depth = 0;
  private inString = false;
  private stringIsKey = false;
  private keyPieces: Buffer[] = [];
  private expectKey = false;
  private valueKey: string | undefined;
  private expectValue = false;
  private started = false;
  /** The array being streamed, and the element being cut out of it. */
  private current: Streamed | undefined;
  private index = 0;
  private element: Buffer[] = [];
  private inElement = false;

  constructor(
    private readonly variant: LoadedVariant,
    private readonly typeName: string,
    private readonly arrays: Map<string, string>,
    private readonly strict: boolean,
    private readonly maxErrors: number,
  ) {}

  run(fd: number, readSize: number): ValidationResult {
    const buffer = Buffer.allocUnsafe(readSize);
    for (;;) {
      const read = readSync(fd, buffer, 0, readSize, null);
      if (read === 0) break;
      this.chunk(buffer.subarray(0, read));
    }
    if (this.depth !== 0 || this.inString || !this.started) throw new NotStreamable();
    return this.verdict();
  }

  private keep(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.skeleton.push(Buffer.from(bytes));
    this.skeletonBytes += bytes.length;
  }

  /** One chunk of the file: the skeleton and the elements cut out, the elements judged as they end. */
  private chunk(bytes: Buffer): void {
    const n = bytes.length;
    let i = 0;
    // Where the skeleton's current run of bytes (or the current element) began in this chunk.
    let from = 0;
    if (!this.started && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) i = from = 3;
    let nextSlash = bytes.indexOf(0x5c, i);
    if (nextSlash === -1) nextSlash = n;
    while (i < n) {
      if (this.inString) {
        // A backslash at the end of the last chunk escaped this chunk's first byte.
        if (this.escaped) {
          this.escaped = false;
          i++;
          continue;
        }
        const quote = bytes.indexOf(0x22, i);
        if (nextSlash < i) {
          nextSlash = bytes.indexOf(0x5c, i);
          if (nextSlash === -1) nextSlash = n;
        }
        if (nextSlash < (quote === -1 ? n : quote)) {
          // An escape before the next quote: step over it.
          if (nextSlash + 1 >= n) this.escaped = true;
          i = nextSlash + 2;
          continue;
        }
        if (quote === -1) {
          // The string goes on in the next chunk.
          i = n;
          break;
        }
        if (this.stringIsKey) {
          this.keyPieces.push(Buffer.from(bytes.subarray(this.keyFrom, quote)));
          this.rootKey();
        }
        this.inString = false;
        i = quote + 1;
        continue;
      }
      const c = bytes[i]!;
      if (WHITE(c)) {
        i++;
        continue;
      }
      if (!this.started) {
        if (c !== 0x7b) throw new NotStreamable();
        this.started = true;
      } else if (this.depth === 0) {
        // Something after the root object.
        throw new NotStreamable();
      }
      if (this.current !== undefined) {
        // Inside a streamed array (depth 2 and deeper): an element starts at depth 2 and ends at a
        // comma or the closing bracket there.
        if (this.depth === 2) {
          if (!this.inElement) {
            if (c === 0x5d && !this.needElement) {
              // The array ends; the skeleton goes on from its bracket.
              this.current = undefined;
              this.depth = 1;
              from = i++;
              continue;
            }
            if (c === 0x2c || c === 0x5d) throw new NotStreamable();
            this.inElement = true;
            this.needElement = false;
            from = i;
          } else if (c === 0x2c || c === 0x5d) {
            this.element.push(Buffer.from(bytes.subarray(from, i)));
            this.elementEnds();
            this.inElement = false;
            if (c === 0x2c) {
              this.needElement = true;
              i++;
            } else {
              this.current = undefined;
              this.depth = 1;
              from = i++;
            }
            continue;
          }
        }
        if (c === 0x22) this.startString(false, i);
        else if (c === 0x7b || c === 0x5b) this.depth++;
        else if (c === 0x7d || c === 0x5d) this.depth--;
        i++;
        continue;
      }
      // The skeleton.
      if (c === 0x22) {
        const isKey = this.depth === 1 && this.expectKey;
        this.startString(isKey, i + 1);
        this.expectKey = false;
        i++;
        continue;
      }
      if (this.depth === 1) {
        if (c === 0x3a) {
          this.expectValue = true;
          i++;
          continue;
        }
        if (c === 0x2c) {
          this.expectKey = true;
          i++;
          continue;
        }
        if (this.expectValue) {
          this.expectValue = false;
          const key = this.valueKey;
          const itemType = key === undefined ? undefined : this.arrays.get(key);
          if (c === 0x5b && itemType !== undefined) {
            // A streamed array: the skeleton keeps its "[" now and its "]" when it ends.
            this.keep(bytes.subarray(from, i + 1));
            this.holes.push(this.skeletonBytes);
            this.current = {
              key: key!,
              itemType,
              keyIndex: this.rootKeys.length - 1,
              errors: [],
              omitted: 0,
              warnings: [],
              textIssues: [],
              textOmitted: 0,
              valid: true,
            };
            this.streamed.push(this.current);
            this.index = 0;
            this.element = [];
            this.inElement = false;
            this.needElement = false;
            this.depth = 2;
            from = ++i;
            continue;
          }
        }
      }
      if (c === 0x7b || c === 0x5b) {
        this.depth++;
        if (this.depth === 1) this.expectKey = true;
      } else if (c === 0x7d || c === 0x5d) {
        this.depth--;
      }
      i++;
    }
    // The chunk ends: keep the skeleton's bytes, or the element's, and a root key's so far.
    if (this.inString && this.stringIsKey) {
      this.keyPieces.push(Buffer.from(bytes.subarray(Math.min(this.keyFrom, n), n)));
      this.keyFrom = 0;
    }
    if (this.current !== undefined) {
      if (this.inElement) this.element.push(Buffer.from(bytes.subarray(from, n)));
    } else {
      this.keep(bytes.subarray(from, n));
    }
  }

  private escaped = false;
  private needElement = false;
  /** Where the key being read began in this chunk (0 when it began in an earlier one). */
  private keyFrom = 0;

  private startString(isKey: boolean, contentStart: number): void {
    this.inString = true;
    this.stringIsKey = isKey;
    this.escaped = false;
    if (isKey) {
      this.keyPieces = [];
      this.keyFrom = contentStart;
    }
  }

  /** A key of the root object has ended: its value comes next. */
  private rootKey(): void {
    const bytes = Buffer.concat(this.keyPieces);
    this.keyPieces = [];
    if (!isUtf8(bytes)) throw new NotStreamable();
    let key: string;
    try {
      key = JSON.parse(`"${bytes.toString('utf8')}"`) as string;
    } catch {
      throw new NotStreamable();
    }
    // A streamed array's key given twice: which one JSON.parse keeps decides, so read it whole.
    if (this.arrays.has(key) && this.rootKeys.includes(key)) throw new NotStreamable();
    this.rootKeys.push(key);
    this.valueKey = key;
  }

  /** An element of the streamed array has been cut out: judged and dropped. */
  private elementEnds(): void {
    const current = this.current!;
    const bytes = this.element.length === 1 ? this.element[0]! : Buffer.concat(this.element);
    this.element = [];
    let end = bytes.length;
    while (end > 0 && WHITE(bytes[end - 1]!)) end--;
    if (end === 0) throw new NotStreamable();
    const slice = bytes.subarray(0, end);
    if (!isUtf8(slice)) throw new NotStreamable();
    const text = slice.toString('utf8');
    let value: unknown;
    try {
      value = parseJson(text);
    } catch {
      throw new NotStreamable();
    }
    const at = `/${escapePointerToken(current.key)}/${this.index}`;
    this.index++;
    const found = textIssues(text, value);
    let ranges: Set<string> | undefined;
    for (const item of found) {
      if (item.keyword === 'range') (ranges ??= new Set()).add(item.path);
      if (current.textIssues.length < this.maxErrors)
        current.textIssues.push(issue(`${at}${item.path}`, item.keyword, item.message, item.hint, item.params));
      else current.textOmitted++;
    }
    if (found.length > 0) current.valid = false;
    const room = Math.max(this.maxErrors - current.errors.length, 0);
    const verdict = check(
      this.variant,
      current.itemType,
      typeValidator(this.variant, current.itemType),
      value,
      this.strict,
      ranges ? { maxErrors: room, skipPaths: ranges } : { maxErrors: room },
    );
    if (!verdict.valid) current.valid = false;
    for (const item of verdict.errors) current.errors.push(issue(`${at}${item.path}`, item.keyword, item.message, item.hint, item.params));
    current.omitted += verdict.omitted ?? 0;
    for (const item of verdict.warnings)
      current.warnings.push(issue(`${at}${item.path}`, item.keyword, item.message, item.hint, item.params));
  }

  /** The skeleton judged, and the streamed arrays' findings put where the whole payload's would be. */
  private verdict(): ValidationResult {
    const skeleton = Buffer.concat(this.skeleton, this.skeletonBytes);
    if (!isUtf8(skeleton)) throw new NotStreamable();
    // The sentinel: an object with one unknown key, which every streamed element type reports
    // (missing keys; the unknown key as a warning, or as an error when strict).
    const pieces: Buffer[] = [];
    let last = 0;
    for (const hole of this.holes) {
      pieces.push(skeleton.subarray(last, hole), SENTINEL);
      last = hole;
    }
    pieces.push(skeleton.subarray(last));
    let text: string;
    let value: unknown;
    let withSentinels: unknown;
    try {
      text = skeleton.toString('utf8');
      value = parseJson(text);
      withSentinels = parseJson(Buffer.concat(pieces).toString('utf8'));
    } catch {
      throw new NotStreamable();
    }
    const validator = typeValidator(this.variant, this.typeName);
    const found = textIssues(text, value);
    let ranges: Set<string> | undefined;
    for (const item of found) if (item.keyword === 'range') (ranges ??= new Set()).add(item.path);
    const unlimited = ranges ? { maxErrors: Number.POSITIVE_INFINITY, skipPaths: ranges } : { maxErrors: Number.POSITIVE_INFINITY };
    let valid = check(this.variant, this.typeName, validator, value, this.strict, unlimited).valid && found.length === 0;
    const explained = check(this.variant, this.typeName, validator, withSentinels, this.strict, unlimited);
    for (const array of this.streamed) if (!array.valid) valid = false;

    // Each array's errors, and its warnings, where the explainer put its sentinel's.
    const errors = this.splice(explained.errors, (array) => array.errors, true);
    const warnings = this.splice(explained.warnings, (array) => array.warnings, false);
    let omitted = this.streamed.reduce((sum, array) => sum + array.omitted, 0);

    // Text defects first, in text order: the skeleton's up to each streamed array's key, the array's, the rest.
    const textFirst: ValidationIssue[] = [];
    let next = 0;
    for (const array of this.streamed) {
      while (next < found.length && this.rootKeyOf(found[next]!) <= array.keyIndex) textFirst.push(found[next++]!);
      textFirst.push(...array.textIssues);
      omitted += array.textOmitted;
    }
    while (next < found.length) textFirst.push(found[next++]!);

    const all = textFirst.length > 0 ? [...textFirst, ...errors] : errors;
    const kept = all.length > this.maxErrors ? all.slice(0, this.maxErrors) : all;
    omitted += all.length - kept.length;
    if (valid) return { valid: true, errors: [], warnings };
    return omitted > 0 ? { valid: false, errors: kept, warnings, omitted } : { valid: false, errors: kept, warnings };
  }

  /**
   * The skeleton's issues with each streamed array's put in place of its sentinel's (those at or
   * under `/<key>/0`). Errors must find every sentinel; warnings of an array whose sentinel made
   * none go where its key is among the root's.
   */
  private splice(
    issues: readonly ValidationIssue[],
    of: (array: Streamed) => readonly ValidationIssue[],
    required: boolean,
  ): ValidationIssue[] {
    const out: ValidationIssue[] = [];
    const placed = new Set<Streamed>();
    const sentinels = this.streamed.map((array) => `/${escapePointerToken(array.key)}/0`);
    for (const item of issues) {
      const k = sentinels.findIndex((at) => item.path === at || item.path.startsWith(`${at}/`));
      if (k === -1) {
        out.push(item);
        continue;
      }
      const array = this.streamed[k]!;
      if (placed.has(array)) continue;
      placed.add(array);
      out.push(...of(array));
    }
    const missing = this.streamed.filter((array) => !placed.has(array));
    if (missing.length === 0) return out;
    if (required) throw new NotStreamable();
    // No sentinel warning (strict): the array's warnings after the skeleton's before its key.
    const merged: ValidationIssue[] = [];
    let next = 0;
    for (const array of missing) {
      while (next < out.length && this.rootKeyOf(out[next]!) < array.keyIndex) merged.push(out[next++]!);
      merged.push(...of(array));
    }
    while (next < out.length) merged.push(out[next++]!);
    return merged;
  }

  /** The index among the root's keys (in text order) of the key an issue is under; -1 for the root itself. */
  private rootKeyOf(item: ValidationIssue): number {
    const token = item.path.split('/')[1];
    if (token === undefined) return -1;
    const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
    // A repeated key is reported where it is repeated: its last place.
    return item.keyword === 'duplicateKey' ? this.rootKeys.lastIndexOf(key) : this.rootKeys.indexOf(key);
  }
}
