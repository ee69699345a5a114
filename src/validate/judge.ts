/**
 * Judging payloads for `bindu-protocol validate`: one JSON text to one report (a status line and
 * its issues, or a `--json` record), or to an input error. Used by the command on the main
 * thread and by its worker threads (`--jobs`), so both write the same bytes.
 *
 * A response's method comes from the request with the same id earlier in the input. The command
 * judges the lines of a region (a run of complete NDJSON lines) in order with `judgeRegion`; on a
 * worker, the requests it knows are only those of its own region, so each result says which
 * request (by method) it paired a response with, and the main thread, which sees every line in
 * order, judges the line again in the rare case where the whole input pairs it otherwise (its
 * request was in an earlier region).
 */
import type { ValidationIssue } from '../errors.js';
import { InputError, decodeRegion } from '../input.js';
import { checkMessage } from '../message.js';
import { check, typeValidator, type Limits, type ValidationResult } from '../validate.js';
import { judgeText } from '../validate-text.js';
import { loadVariant, type LoadedVariant } from './load.js';
import { isRestRecord, restRecordVerdict, validateOperationBody, type OperationPart } from './operation.js';

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
  constructor(private readonly limit = 10_000) {}
  remember(id: string | number, method: string): void {
    if (this.current.size >= this.limit) {
      this.previous = this.current;
      this.current = new Map();
    }
    // Only what a response is checked with (the method, and the id it must repeat): not the whole request.
    this.current.set(id, { id, method });
  }
  find(id: string | number): Paired | undefined {
    return this.current.get(id) ?? this.previous.get(id);
  }
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
  readonly remember?: Paired;
  /** A response whose request was looked for: its id, and the method of the request found (null: none). */
  readonly lookup?: string | number;
  readonly used?: string | null;
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
  const counts = [errorCount > 0 ? plural(errorCount, 'error') : '', verdict.warnings.length > 0 ? plural(verdict.warnings.length, 'warning') : ''].filter(Boolean);
  const status = verdict.valid ? paint(colour, '32', 'valid') : paint(colour, '31', 'invalid');
  const lines = [`${source}: ${status}${counts.length > 0 ? `, ${counts.join(', ')}` : ''}`];
  const item = (label: string, code: string, entry: ValidationIssue) => {
    lines.push(`  ${paint(colour, code, label)} ${paint(colour, '1', entry.path === '' ? '(root)' : entry.path)}: ${entry.message} ${paint(colour, '2', `[${entry.keyword}]`)}`);
    if (entry.hint) lines.push(`    ${paint(colour, '36', 'hint:')} ${entry.hint}`);
  };
  for (const entry of verdict.errors) item('error  ', '31', entry);
  if (omitted > 0) lines.push(`  ${paint(colour, '31', '…')} and ${plural(omitted, 'more error')} (--max-errors 0 shows every one)`);
  for (const entry of verdict.warnings) item('warning', '33', entry);
  return `${lines.join('\n')}\n`;
}

/** The `--json` record of one payload; `omitted` only when the cap left errors out. */
export function jsonRecord(source: string, verdict: ValidationResult): string {
  // The common case without the general serialiser: the same text JSON.stringify writes.
  if (verdict.valid && verdict.errors.length === 0 && verdict.warnings.length === 0) return `{"source":${JSON.stringify(source)},"valid":true,"errors":[],"warnings":[]}\n`;
  return `${JSON.stringify({ source, valid: verdict.valid, errors: verdict.errors, warnings: verdict.warnings, omitted: verdict.omitted })}\n`;
}

/** A line with nothing but white space (JSON's, or a byte order mark) is skipped. */
function blank(line: string): boolean {
  if (line.length === 0) return true;
  const first = line.charCodeAt(0);
  return (first <= 0x20 || first === 0xfeff) && line.trim() === '';
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (id: unknown): id is string | number => typeof id === 'string' || typeof id === 'number';

/** Judges payloads with one set of settings. */
export class Judge {
  readonly variant: LoadedVariant;

  constructor(readonly settings: JudgeSettings) {
    this.variant = loadVariant(settings.variant);
  }

  /** The verdict on one parsed payload, pairing a response with its request through `requests`. */
  private verdict(value: unknown, limits: Limits, requests: Requests, pairing: { remember?: Paired; lookup?: string | number; used?: string | null }): ValidationResult {
    const { type, method, strict, operation } = this.settings;
    const variant = this.variant;
    if (operation !== undefined) return validateOperationBody(variant.name, operation.id, operation.part, value, strict, limits);
    if (type !== undefined) return check(variant, type, typeValidator(variant, type), value, strict, limits);
    if (method === undefined && isRestRecord(value)) return restRecordVerdict(variant.name, value, strict, limits);
    const isResponse = isObject(value) && !('method' in value);
    let request: Paired | undefined;
    if (isResponse && method === undefined && isId(value.id)) {
      request = requests.find(value.id);
      pairing.lookup = value.id;
      pairing.used = request?.method ?? null;
    }
    const verdict = checkMessage(variant, value, { strict, ...(method !== undefined ? { method } : {}), ...(request !== undefined ? { request } : {}) }, limits);
    if (isObject(value) && !isResponse && typeof value.method === 'string' && isId(value.id)) {
      requests.remember(value.id, value.method);
      pairing.remember = { id: value.id, method: value.method };
    }
    return verdict;
  }

  /** One JSON text (a whole input, or one NDJSON line) named `source`: its report, or its input error. */
  payload(source: string, text: string, line: number, requests: Requests): LineResult {
    const pairing: { remember?: Paired; lookup?: string | number; used?: string | null } = {};
    let verdict: ValidationResult;
    try {
      verdict = judgeText(text, (value, limits) => this.verdict(value, limits, requests, pairing), this.settings.maxErrors);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      return { outcome: 2, text: `bindu-protocol: ${source}: ${error.message}\n`, line };
    }
    const report = this.settings.json ? jsonRecord(source, verdict) : formatHuman(source, verdict, this.settings.colour);
    return { outcome: verdict.valid ? 0 : 1, text: report, line, ...pairing };
  }

  /** The results of a region of complete NDJSON lines (see `decodeRegion`), in order, appended to `out`. */
  region(name: string, bytes: Buffer, first: number, offset: number, requests: Requests, out: LineResult[]): void {
    decodeRegion(bytes, first, offset, this.settings.maxBytes, {
      lines: (text, firstLine) => {
        let number = firstLine;
        let from = 0;
        for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', from)) {
          const line = text.slice(from, at > from && text.charCodeAt(at - 1) === 0x0d ? at - 1 : at);
          from = at + 1;
          if (!blank(line)) out.push(this.payload(`${name}:${number}`, line, number, requests));
          number++;
        }
      },
      lineError: (line, message) => out.push({ outcome: 2, text: `bindu-protocol: ${name}:${line}: ${message}\n`, line }),
    });
  }

  /** The text of line `line` of a region (to judge it again), or undefined. */
  static lineOf(bytes: Buffer, first: number, line: number): string | undefined {
    let from = 0;
    for (let number = first; number < line; number++) {
      const at = bytes.indexOf(0x0a, from);
      if (at === -1) return undefined;
      from = at + 1;
    }
    const end = bytes.indexOf(0x0a, from);
    let text = bytes.toString('utf8', from, end === -1 ? bytes.length : end);
    if (line === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    return text.endsWith('\r') ? text.slice(0, -1) : text;
  }
}

