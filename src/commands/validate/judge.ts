/**
 * Judging payloads for `bindu-protocol validate`: one JSON text to one report (a status line and its
 * issues, or a `--json` record) or to an input error, on the main thread and on the `--jobs` workers
 * alike, so both write the same bytes.
 *
 * A response's method comes from the request with the same id earlier in the input. `region` judges
 * a run of complete NDJSON lines into one RegionResult; a worker knows only its own region's
 * requests, so the main thread pairs the rest across regions (`pairAcross`; CONTRIBUTING
 * "Runtime notes").
 */
import type { ValidationIssue } from '../../engine/issues.js';
import { InputError } from '../../engine/json-text.js';
import { decodeRegion } from '../../shell/ndjson-lines.js';
import { checkMessage } from '../../library/validate-message.js';
import { check, typeValidator, type Limits, type ValidationResult } from '../../library/validate.js';
import { judgeText } from '../../library/validate-text.js';
import { loadVariant, type LoadedVariant } from '../../engine/load-validators.js';
import { isRestRecord, restRecordVerdict, validateOperationBody, type OperationPart } from '../../library/validate-operation.js';
import { isObject } from '../../engine/json-value.js';

export interface JudgeSettings {
  readonly variant: string;
  readonly type?: string;
  readonly method?: string;
  /** --operation: each payload is this body of a REST operation (./operation.ts). */
  readonly operation?: { readonly id: string; readonly part: OperationPart };
  readonly strict: boolean;
  readonly json: boolean;
  readonly colour: boolean;
  /** The most errors reported per payload; Infinity for all. */
  readonly maxErrors: number;
  readonly maxBytes: number;
}

/** What a response is paired with: the id and method of a request seen earlier. */
export interface Paired {
  readonly id: string | number;
  readonly method: string;
}

/** Where a judge finds the request a response answers, and remembers requests. */
export interface Requests {
  find(id: string | number): Paired | undefined;
  remember(id: string | number, method: string): void;
}

/**
 * Requests seen earlier in the input (id and method), by id, so a later response finds its
 * method. Bounded: the last `limit` requests at least, 2 × `limit` at most, kept in two
 * generations (a full one is dropped whole), so remembering is O(1). (Evicting the oldest key of
 * one Map one at a time is not: a Map skips over its deleted entries from the front.)
 */
export class RecentRequests implements Requests {
  // Keyed by the id itself: a Map tells the number 1 from the string "1".
  private current = new Map<string | number, Paired>();
  private previous = new Map<string | number, Paired>();
  /** How many times a generation was dropped (a region's own requests: whether it forgot any). */
  rotations = 0;
  constructor(private readonly limit = 10_000) {}
  remember(id: string | number, method: string): void {
    if (this.current.size >= this.limit) {
      this.previous = this.current;
      this.current = new Map();
      this.rotations++;
    }
    // Only what a response is checked with (the method, and the id it must repeat): not the whole request.
    this.current.set(id, { id, method });
  }
  find(id: string | number): Paired | undefined {
    return this.current.get(id) ?? this.previous.get(id);
  }
}

/**
 * A response judged on a worker whose pairing the whole input may decide otherwise: its request
 * was not among the region's own (or the region's requests were too many to all be kept).
 */
export interface PairingCheck {
  readonly line: number;
  /** The response's id, and the method of the request the region paired it with (null: none). */
  readonly id: string | number;
  readonly used: string | null;
  readonly outcome: 0 | 1;
  /** Where its report is in the region's `out`: [start, end). */
  readonly start: number;
  readonly end: number;
  /** The line itself, to judge it again. */
  readonly text: string;
}

/** The results of a region of lines, in order. */
export interface RegionResult {
  /** The reports (for stdout), one after another in line order. */
  readonly out: string;
  /** The input errors (for stderr), in line order. */
  readonly err: string;
  readonly valid: number;
  readonly invalid: number;
  readonly inputErrors: number;
  /**
   * The region's requests, in order, as three lists (line, id, method), when the region was judged
   * with its own requests (a worker); empty when judged with the whole input's.
   */
  readonly requestLines: number[];
  readonly requestIds: (string | number)[];
  readonly requestMethods: string[];
  /** Responses to pair again with the whole input's requests, in line order (a worker's region only). */
  readonly checks: PairingCheck[];
}

/** 0 valid, 1 invalid, 2 input error. */
export type Outcome = 0 | 1 | 2;

/** The result of one line (or one whole input). */
export interface LineResult {
  readonly outcome: Outcome;
  /** The report (stdout) for a payload, the message (stderr) for an input error; each ends with a newline. */
  readonly text: string;
  /** The line number (NDJSON). */
  readonly line: number;
  /** A request: its id and method, for the responses after it. */
  readonly remember?: Paired | undefined;
  /** A response whose request was looked for: its id, and the method of the request found (null: none). */
  readonly lookup?: string | number | undefined;
  readonly used?: string | null | undefined;
}

const paint = (on: boolean, code: string, text: string) => (on ? `\u001b[${code}m${text}\u001b[0m` : text);
const count = (n: number) => n.toLocaleString('en-US');
export const plural = (n: number, word: string) => `${count(n)} ${word}${n === 1 ? '' : 's'}`;

/**
 * The human report of one payload: a status line, then one line per issue (and its hint), and
 * "and K more errors" when the cap left some out.
 */
export function formatHuman(source: string, verdict: ValidationResult, colour: boolean): string {
  const omitted = verdict.omitted ?? 0;
  const errorCount = verdict.errors.length + omitted;
  const counts = [
    errorCount > 0 ? plural(errorCount, 'error') : '',
    verdict.warnings.length > 0 ? plural(verdict.warnings.length, 'warning') : '',
  ].filter(Boolean);
  const status = verdict.valid ? paint(colour, '32', 'valid') : paint(colour, '31', 'invalid');
  const lines = [`${source}: ${status}${counts.length > 0 ? `, ${counts.join(', ')}` : ''}`];
  const item = (label: string, code: string, entry: ValidationIssue) => {
    lines.push(
      `  ${paint(colour, code, label)} ${paint(colour, '1', entry.path === '' ? '(root)' : entry.path)}: ${entry.message} ${paint(colour, '2', `[${entry.keyword}]`)}`,
    );
    if (entry.hint) lines.push(`    ${paint(colour, '36', 'hint:')} ${entry.hint}`);
  };
  for (const entry of verdict.errors) item('error  ', '31', entry);
  if (omitted > 0) lines.push(`  ${paint(colour, '31', '…')} and ${plural(omitted, 'more error')} (--max-errors 0 shows every one)`);
  for (const entry of verdict.warnings) item('warning', '33', entry);
  return `${lines.join('\n')}\n`;
}

/** The `--json` record of one payload; `omitted` only when the cap left errors out. */
export function jsonRecord(source: string, verdict: ValidationResult, quoted?: string): string {
  // The common case without the general serialiser: the same text JSON.stringify writes.
  if (verdict.valid && verdict.errors.length === 0 && verdict.warnings.length === 0)
    return `{"source":${quoted ?? JSON.stringify(source)},"valid":true,"errors":[],"warnings":[]}\n`;
  return `${JSON.stringify({ source, valid: verdict.valid, errors: verdict.errors, warnings: verdict.warnings, omitted: verdict.omitted })}\n`;
}

/** A line with nothing but white space (JSON's, or a byte order mark) is skipped. */
function blank(line: string): boolean {
  if (line.length === 0) return true;
  const first = line.charCodeAt(0);
  return (first <= 0x20 || first === 0xfeff) && line.trim() === '';
}

const isId = (id: unknown): id is string | number => typeof id === 'string' || typeof id === 'number';

/** Judges payloads with one set of settings. */
export class Judge {
  readonly variant: LoadedVariant;
  /** checkMessage's options for a payload that is not paired with a request (made once). */
  private readonly unpaired: { readonly strict: boolean; readonly method?: string };
  // The payload being judged: where its request is looked for, and what pairing it did. Fields
  // rather than a closure and an object per line (a log is judged a line at a time).
  private requests: Requests = new RecentRequests();
  private remembered: Paired | undefined;
  private lookup: string | number | undefined;
  private used: string | null | undefined;
  private readonly judgeValue = (value: unknown, limits: Limits): ValidationResult => this.verdict(value, limits);

  constructor(readonly settings: JudgeSettings) {
    this.variant = loadVariant(settings.variant);
    this.unpaired = settings.method !== undefined ? { strict: settings.strict, method: settings.method } : { strict: settings.strict };
  }

  /** The verdict on one parsed payload, pairing a response with its request through `this.requests`. */
  private verdict(value: unknown, limits: Limits): ValidationResult {
    const { type, method, strict, operation } = this.settings;
    const variant = this.variant;
    if (operation !== undefined) return validateOperationBody(variant.name, operation.id, operation.part, value, strict, limits);
    if (type !== undefined) return check(variant, type, typeValidator(variant, type), value, strict, limits);
    if (method === undefined && isRestRecord(value)) return restRecordVerdict(variant.name, value, strict, limits);
    const isResponse = isObject(value) && !('method' in value);
    let request: Paired | undefined;
    if (isResponse && method === undefined && isId(value.id)) {
      request = this.requests.find(value.id);
      this.lookup = value.id;
      this.used = request?.method ?? null;
    }
    const verdict = checkMessage(variant, value, request !== undefined ? { strict, request } : this.unpaired, limits);
    if (isObject(value) && !isResponse && typeof value.method === 'string' && isId(value.id)) {
      this.requests.remember(value.id, value.method);
      this.remembered = { id: value.id, method: value.method };
    }
    return verdict;
  }

  /**
   * One JSON text (a whole input, or one NDJSON line) named `source`: its report, or its input
   * error. `quoted`, when given, is `source` as a JSON string (made once per region, not per line).
   */
  payload(source: string, text: string, line: number, requests: Requests, quoted?: string): LineResult {
    this.requests = requests;
    this.remembered = undefined;
    this.lookup = undefined;
    this.used = undefined;
    let verdict: ValidationResult;
    try {
      verdict = judgeText(text, this.judgeValue, this.settings.maxErrors);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      return {
        outcome: 2,
        text: `bindu-protocol: ${source}: ${error.message}\n`,
        line,
        remember: undefined,
        lookup: undefined,
        used: undefined,
      };
    }
    const report = this.settings.json ? jsonRecord(source, verdict, quoted) : formatHuman(source, verdict, this.settings.colour);
    return { outcome: verdict.valid ? 0 : 1, text: report, line, remember: this.remembered, lookup: this.lookup, used: this.used };
  }

  /**
   * Judges a region of complete NDJSON lines (see `decodeRegion`). With `own` false, `requests`
   * are the whole input's so far and the pairing is final; with `own` true they are the region's
   * alone (a worker), and the result says what `pairAcross` needs.
   */
  region(
    name: string,
    bytes: Buffer,
    first: number,
    offset: number,
    requests: Requests & { readonly rotations?: number },
    own: boolean,
  ): RegionResult {
    const out: string[] = [];
    const err: string[] = [];
    let length = 0;
    let valid = 0;
    let invalid = 0;
    let inputErrors = 0;
    const requestLines: number[] = [];
    const requestIds: (string | number)[] = [];
    const requestMethods: string[] = [];
    const checks: PairingCheck[] = [];
    const json = this.settings.json;
    // The JSON string of "NAME:LINE" is that of "NAME:" with the line's digits before its closing quote.
    const quotedName = json ? JSON.stringify(`${name}:`).slice(0, -1) : '';
    decodeRegion(bytes, first, offset, this.settings.maxBytes, {
      line: (text, number) => {
        if (blank(text)) return;
        const result = this.payload(`${name}:${number}`, text, number, requests, json ? `${quotedName}${number}"` : undefined);
        if (result.outcome === 2) {
          inputErrors++;
          err.push(result.text);
          return;
        }
        if (result.outcome === 0) valid++;
        else invalid++;
        const start = length;
        out.push(result.text);
        length += result.text.length;
        if (!own) return;
        if (result.remember !== undefined) {
          requestLines.push(number);
          requestIds.push(result.remember.id);
          requestMethods.push(result.remember.method);
        }
        // Found among the region's own requests, with none of them forgotten: the whole input finds the same one.
        if (result.lookup !== undefined && (result.used === null || (requests.rotations ?? 0) > 0)) {
          checks.push({ line: number, id: result.lookup, used: result.used ?? null, outcome: result.outcome, start, end: length, text });
        }
      },
      lineError: (line, message) => {
        inputErrors++;
        err.push(`bindu-protocol: ${name}:${line}: ${message}\n`);
      },
    });
    return { out: out.join(''), err: err.join(''), valid, invalid, inputErrors, requestLines, requestIds, requestMethods, checks };
  }

  /**
   * A worker's region result paired with the whole input's requests (`requests`, which then
   * remembers the region's): each response to check is paired as one job would have, and judged
   * again when that pairs it otherwise. Returns the reports and counts to write.
   */
  pairAcross(name: string, result: RegionResult, requests: Requests): { out: string; valid: number; invalid: number } {
    let { valid, invalid } = result;
    const pieces: string[] = [];
    let copied = 0;
    let next = 0;
    const rememberUpTo = (line: number) => {
      for (; next < result.requestLines.length && result.requestLines[next]! < line; next++)
        requests.remember(result.requestIds[next]!, result.requestMethods[next]!);
    };
    for (const check of result.checks) {
      rememberUpTo(check.line);
      const found = requests.find(check.id);
      if ((found?.method ?? null) === check.used) continue;
      // Judged again with only that request (a RecentRequests, the one kind `payload` meets: its code stays optimised).
      const alone = new RecentRequests(1);
      if (found) alone.remember(found.id, found.method);
      const source = `${name}:${check.line}`;
      const again = this.payload(source, check.text, check.line, alone, JSON.stringify(source));
      if (check.outcome === 0) valid--;
      else invalid--;
      if (again.outcome === 0) valid++;
      else invalid++;
      pieces.push(result.out.slice(copied, check.start), again.text);
      copied = check.end;
    }
    rememberUpTo(Number.POSITIVE_INFINITY);
    const out = pieces.length === 0 ? result.out : `${pieces.join('')}${result.out.slice(copied)}`;
    return { out, valid, invalid };
  }
}
