/**
 * One exchange: an HTTP request the proxy forwarded and the answer it passed back, with what was
 * found in each part (the request, the answer, each stream event, the card). Bounded: at most
 * MAX_ISSUES issues are kept per exchange (the rest are counted), whatever the length of a stream.
 */
import type { ValidationIssue } from '../../engine/issues.js';
import type { Verdict } from './check.js';

export const MAX_ISSUES = 100;

export type ExchangeVerdict = 'valid' | 'invalid' | 'not validated';

export interface ExchangeIssue extends ValidationIssue {
  /** Which payload: `request`, `answer`, `event N` (from 1), `card`. */
  readonly part: string;
}

export interface ExchangeReport {
  /** Its number in the session, from 1. */
  readonly seq: number;
  /** The JSON-RPC method (or `batch [...]`), `agent card`, or the HTTP method and path of other traffic. */
  readonly method: string;
  readonly verdict: ExchangeVerdict;
  readonly durationMs: number;
  readonly http: { readonly method: string; readonly path: string; readonly status?: number };
  /** Stream events seen (SSE answers only). */
  readonly events?: number;
  /** What kept a part from being validated, and transport faults (the agent unreachable, a reset). */
  readonly notes: readonly string[];
  readonly errors: readonly ExchangeIssue[];
  readonly warnings: readonly ExchangeIssue[];
  /** Issues left out by the per-exchange cap. */
  readonly omitted?: number;
}

export class Exchange {
  readonly started = performance.now();
  /** When the exchange ended (`finish`), if it was reported later. */
  private ended: number | undefined;
  method: string;
  status: number | undefined;
  events: number | undefined;
  notValidated = false;
  /** How many payloads were checked. */
  parts = 0;
  readonly notes: string[] = [];
  private readonly errors: ExchangeIssue[] = [];
  private readonly warnings: ExchangeIssue[] = [];
  private omitted = 0;
  private invalid = false;

  constructor(
    readonly seq: number,
    readonly httpMethod: string,
    readonly path: string,
  ) {
    const query = path.indexOf('?');
    this.method = `${httpMethod} ${query === -1 ? path : path.slice(0, query)}`;
  }

  /** Adds a part's verdict. */
  add(part: string, verdict: Verdict): void {
    this.parts++;
    if (!verdict.valid) this.invalid = true;
    if (verdict.errors.length === 0 && verdict.warnings.length === 0) return;
    for (const [list, items] of [
      [this.errors, verdict.errors],
      [this.warnings, verdict.warnings],
    ] as const) {
      for (const item of items) {
        if (this.errors.length + this.warnings.length >= MAX_ISSUES) this.omitted++;
        else list.push({ part, ...item });
      }
    }
  }

  /** A part that could not be validated, and why. */
  skip(note: string): void {
    this.notValidated = true;
    this.note(note);
  }

  note(text: string): void {
    if (!this.notes.includes(text) && this.notes.length < 10) this.notes.push(text);
  }

  /** The exchange is over (its report may be made later: the duration ends here). */
  finish(): void {
    this.ended ??= performance.now();
  }

  report(): ExchangeReport {
    return {
      seq: this.seq,
      method: this.method,
      verdict: this.invalid ? 'invalid' : this.notValidated ? 'not validated' : 'valid',
      durationMs: Math.round((this.ended ?? performance.now()) - this.started),
      http: { method: this.httpMethod, path: this.path, ...(this.status !== undefined ? { status: this.status } : {}) },
      ...(this.events !== undefined ? { events: this.events } : {}),
      notes: this.notes,
      errors: this.errors,
      warnings: this.warnings,
      ...(this.omitted > 0 ? { omitted: this.omitted } : {}),
    };
  }
}
