/**
 * How a check-server step ends and is recorded. A step's body throws `fail(reason)` or `skip(why)`;
 * `StepLog.step` turns what it threw into PASS, FAIL or SKIP (an HttpError or any other error fails
 * the step; only CheckServerError stops the run) and keeps, per step, the answers the agent gave
 * (to compare bindings) and every error answer (for the errors group). The wording helpers of the
 * reasons (formatErrors, errorText, joinProblems, snippet) are here too, so every reason reads alike.
 */
import { HttpError } from '../../live/http-client.js';
import type { GroupName } from './groups/names.js';
import type { TransportName } from './transport.js';
import type { ValidationError } from './validation.js';
import { isObject } from '../../engine/json-value.js';
export { isObject };

export type Json = Record<string, unknown>;

export type StepStatus = 'pass' | 'fail' | 'skip';

export interface StepResult {
  /** The behaviour group the step belongs to. */
  readonly group: GroupName;
  /** The binding the step spoke (absent in reports made before --transport). */
  readonly transport?: TransportName;
  readonly name: string;
  readonly status: StepStatus;
  /** Why a step failed or was skipped. */
  readonly reason?: string;
  /** Remarks that do not change the verdict. */
  readonly notes: readonly string[];
  readonly durationMs: number;
}

/** A problem that stops the check before it starts: a bad URL (`usage`) or an unreachable server (`connection`). */
export class CheckServerError extends Error {
  constructor(
    readonly kind: 'usage' | 'connection',
    message: string,
  ) {
    super(message);
    this.name = 'CheckServerError';
  }
}

export class StepFail extends Error {}
export class StepSkip extends Error {}
export const fail = (reason: string): never => {
  throw new StepFail(reason);
};
export const skip = (reason: string): never => {
  throw new StepSkip(reason);
};

const MAX_SHOWN = 3;

export const snippet = (text: string, max = 80) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > max ? `${flat.slice(0, max)}…` : flat);
};

/** The deepest errors first (they say most), each once, at most three. */
export function formatErrors(errors: readonly ValidationError[]): string {
  const depth = (path: string) => path.split('/').length;
  const lines: string[] = [];
  for (const error of [...errors].sort((a, b) => depth(b.path) - depth(a.path))) {
    const where = error.path === '' ? '(root)' : error.path;
    const text = error.message.startsWith(error.path) && error.path !== '' ? error.message : `${where} ${error.message}`;
    const line = error.hint ? `${text} (hint: ${error.hint})` : text;
    if (!lines.includes(line)) lines.push(line);
  }
  const shown = lines.slice(0, MAX_SHOWN).join('; ');
  return lines.length > MAX_SHOWN ? `${shown} (and ${lines.length - MAX_SHOWN} more)` : shown;
}

export function errorText(error: unknown): string {
  if (!isObject(error)) return 'an error';
  const code = typeof error.code === 'number' ? error.code : JSON.stringify(error.code);
  return typeof error.message === 'string' ? `${code} (${snippet(error.message, 60)})` : String(code);
}

/** Joins problems, at most three shown. */
export function joinProblems(problems: readonly string[]): string {
  const shown = problems.slice(0, MAX_SHOWN).join('; ');
  return problems.length > MAX_SHOWN ? `${shown} (and ${problems.length - MAX_SHOWN} more)` : shown;
}

export const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/** One error answer seen during the run, for the errors group. */
export interface ErrorSeen {
  readonly step: string;
  readonly method: string | undefined;
  readonly error: Json;
  readonly httpStatus: number;
  readonly contentType: string;
}

/** The steps of one run on one binding, in order, with what each one saw. */
export class StepLog {
  readonly steps: StepResult[] = [];
  /** The answers each step got (`Task (completed)`, `error -32001`), by step name, to compare bindings. */
  readonly answers = new Map<string, string[]>();
  /** Every error answer, for the errors group. */
  readonly errorsSeen: ErrorSeen[] = [];
  /** The group of the steps being run. */
  group: GroupName = 'card';
  private current = '';

  constructor(
    /** The binding the steps speak (the card step may settle it: the card's first binding). */
    public binding: TransportName,
    private readonly settings: { readonly totalTimeoutMs: number; readonly onStep?: (step: StepResult) => void },
    private readonly deadline: AbortSignal,
  ) {}

  async step(name: string, body: (note: (text: string) => void) => Promise<void>): Promise<StepResult> {
    const start = Date.now();
    const notes: string[] = [];
    let status: StepStatus = 'pass';
    let reason: string | undefined;
    this.current = name;
    if (this.deadline.aborted) {
      status = 'fail';
      reason = `not run: the overall time limit of ${this.settings.totalTimeoutMs} ms was reached`;
    } else {
      try {
        await body((text) => notes.push(text));
      } catch (error) {
        if (error instanceof CheckServerError) throw error;
        status = error instanceof StepSkip ? 'skip' : 'fail';
        reason = this.reasonOf(error);
      }
    }
    const result: StepResult = {
      group: this.group,
      transport: this.binding,
      name,
      status,
      ...(reason !== undefined ? { reason } : {}),
      notes,
      durationMs: Date.now() - start,
    };
    this.steps.push(result);
    this.settings.onStep?.(result);
    return result;
  }

  private reasonOf(error: unknown): string {
    if (error instanceof StepSkip || error instanceof StepFail) return error.message;
    if (error instanceof HttpError) {
      return error.kind === 'deadline'
        ? `stopped: the overall time limit of ${this.settings.totalTimeoutMs} ms was reached`
        : error.message;
    }
    return `internal error: ${error instanceof Error ? error.message : String(error)}`;
  }

  /** Remembers an answer of the current step, for --transport all. */
  answered(text: string): void {
    const list = this.answers.get(this.current) ?? [];
    list.push(text);
    this.answers.set(this.current, list);
  }

  /** Remembers an error answer of the current step. */
  sawError(method: string | undefined, error: Json, httpStatus: number, contentType: string): void {
    this.errorsSeen.push({ step: this.current, method, error, httpStatus, contentType });
  }
}
