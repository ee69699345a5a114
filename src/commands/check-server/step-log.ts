/**
 * How a check-server step ends and is recorded. A step's body throws `fail(reason)` or `skip(why)`;
 * `StepLog.step` turns what it threw into PASS, FAIL or SKIP (an HttpError or any other error fails
 * the step; only CheckServerError stops the run) and keeps, per step, the answers the agent gave
 * (to compare bindings) and every error answer (for the errors group). The wording helpers of the
 * reasons (formatErrors, errorText, joinProblems, snippet) are here too, so every reason reads alike.
 */
import { HttpError } from '../../live/http-client.js';
import type { GrpcStatus } from '../../live/grpc-client.js';
import type { GroupName } from './groups/names.js';
import type { TransportName } from './transport.js';
import type { ValidationError } from './validation.js';
import { isObject } from '../../engine/json-value.js';
export { isObject };
import { stepId } from './step-ids.js';
import { JSONRPC_ID, defaultClauses, type ClauseBook } from './clauses.js';
import { DEVIATIONS, snakeCaseLine, type DeviationKind, type DeviationSeen } from './deviations.js';

/** The most characters of a request or an answer kept with a FAIL. */
export const MAX_EXCHANGE_CHARS = 4000;
const bound = (text: string) =>
  text.length > MAX_EXCHANGE_CHARS ? `${text.slice(0, MAX_EXCHANGE_CHARS)}… (${text.length - MAX_EXCHANGE_CHARS} more characters)` : text;

export type Json = Record<string, unknown>;

/**
 * PASS; FAIL where a MUST/REQUIRED (or the variant's schema) is broken; WARN where a SHOULD/RECOMMENDED
 * is not followed; SKIP for what the agent may leave out or what cannot be checked (DESIGN decision 13).
 */
export type StepStatus = 'pass' | 'fail' | 'warn' | 'skip';

export interface StepResult {
  /** The behaviour group the step belongs to. */
  readonly group: GroupName;
  /** The binding the step spoke (absent in reports made before --transport). */
  readonly transport?: TransportName;
  /** The stable id, `<group>.<slug>` (step-ids.ts): the same on every run and on both wires. */
  readonly id: string;
  readonly name: string;
  readonly status: StepStatus;
  /** Why a step failed, warned or was skipped. */
  readonly reason?: string;
  /** The clause a FAIL or WARN rests on: spec version and section, or JSON-RPC 2.0 section. */
  readonly clause?: string;
  /** For a FAIL: the last request sent and the answer received (bounded), for --json and JUnit. */
  readonly exchange?: { readonly request: string; readonly answer: string };
  /** Remarks that do not change the verdict. */
  readonly notes: readonly string[];
  /** What an --expect-fail file says of the step (expect-fail.ts): XFAIL, or XPASS when it no longer fails. */
  readonly expected?: {
    readonly outcome: 'xfail' | 'xpass';
    readonly entry: { readonly id: string; readonly reason: string; readonly clause?: string; readonly issue?: string };
  };
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

export class StepFail extends Error {
  constructor(
    message: string,
    readonly clause?: string,
  ) {
    super(message);
  }
}
export class StepWarn extends Error {
  constructor(
    message: string,
    readonly clause: string,
  ) {
    super(message);
  }
}
export class StepSkip extends Error {}
/** Ends the step with FAIL; `clause` names the MUST it rests on (else the step's or the group's clause). */
export const fail = (reason: string, clause?: string): never => {
  throw new StepFail(reason, clause);
};
/** Ends the step with WARN: a SHOULD/RECOMMENDED not followed, naming its clause. */
export const warn = (reason: string, clause: string): never => {
  throw new StepWarn(reason, clause);
};
export const skip = (reason: string): never => {
  throw new StepSkip(reason);
};

/** Reasons are complete: every problem is named, up to this many (a bound against a hostile agent, said when reached). */
const MAX_SHOWN = 50;

export const snippet = (text: string, max = 80) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > max ? `${flat.slice(0, max)}…` : flat);
};

/** The deepest errors first (they say most), each once, every one named (up to MAX_SHOWN). */
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
  return lines.length > MAX_SHOWN ? `${shown} (and ${lines.length - MAX_SHOWN} more, beyond the bound of ${MAX_SHOWN})` : shown;
}

export function errorText(error: unknown): string {
  if (!isObject(error)) return `${snippet(JSON.stringify(error) ?? 'nothing', 40)} (an error member that is not an object)`;
  const code = typeof error.code === 'number' ? error.code : JSON.stringify(error.code);
  return typeof error.message === 'string' ? `${code} (${snippet(error.message, 60)})` : String(code);
}

/**
 * Each problem once: the same text again, or the same text a second call gave with less detail
 * (one problem the start of another: the same error without its hint), is left out; the longer
 * of the two is kept, where the first of them stood.
 */
export function distinct(problems: readonly string[]): string[] {
  // `long` says all of `short` and more (a hint in parentheses, or further problems after a semicolon).
  const covers = (long: string, short: string) =>
    long.startsWith(short) && (long.length === short.length || /^[ ;]/.test(long.slice(short.length)));
  const kept: string[] = [];
  for (const problem of problems) {
    const longer = kept.findIndex((other) => covers(other, problem));
    if (longer >= 0) continue;
    const shorter = kept.findIndex((other) => covers(problem, other));
    if (shorter >= 0) kept[shorter] = problem;
    else kept.push(problem);
  }
  return kept;
}

/** Joins problems, every one named (up to MAX_SHOWN). */
export function joinProblems(problems: readonly string[]): string {
  const shown = problems.slice(0, MAX_SHOWN).join('; ');
  return problems.length > MAX_SHOWN ? `${shown} (and ${problems.length - MAX_SHOWN} more, beyond the bound of ${MAX_SHOWN})` : shown;
}

/** `a bindu`, `an a2a`, `an aion`: the article before a word. */
export { article } from '../../engine/hint-table.js';

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
  /** On gRPC, the status the error came as (its code name, its ErrorInfo details). */
  readonly grpc?: GrpcStatus;
}

/** The one line of a step for one kind of deviation. */
function deviationLine(kind: DeviationKind, seen: ReadonlyMap<string, string>): string {
  if (kind.id === DEVIATIONS.snakeCaseKeys.id) return snakeCaseLine(seen);
  return `${kind.summary}: ${[...seen.keys()].join('; ')} (fix: ${kind.fix})`;
}

/** The steps of one run on one binding, in order, with what each one saw. */
/** How the validator words an A2A v1.0 error without its ErrorInfo (src/engine/issues.ts: "… must hold a google.rpc.ErrorInfo …"). */
export const MISSING_ERROR_INFO = /must (hold|contain) a google\.rpc\.ErrorInfo/;

export class StepLog {
  readonly steps: StepResult[] = [];
  /** The answers each step got (`Task (completed)`, `error -32001`), by step name, to compare bindings. */
  readonly answers = new Map<string, string[]>();
  /** Every error answer, for the errors group. */
  readonly errorsSeen: ErrorSeen[] = [];
  /** The group of the steps being run. */
  group: GroupName = 'card';
  private current = '';
  /** Problems of usable answers of the current step, reported at its end. */
  private deferred: string[] = [];
  /** Setup calls of the current step that went wrong, reported just before it. */
  private readonly pendingSetup: StepResult[] = [];
  /** The last request sent and answer received by the current step. */
  private lastExchange: { request: string; answer: string } | undefined;
  /** How clauses are named for the run's wire (set by the run once the card decided it). */
  clauses: ClauseBook = defaultClauses;
  /** The deviations of the current step, by kind: what was seen (for snake_case keys, each key and its fix). */
  private stepDeviations = new Map<string, { kind: DeviationKind; seen: Map<string, string> }>();
  /** Every deviation of the run, by kind id, with the steps it was seen in. */
  private readonly deviationSteps = new Map<string, { kind: DeviationKind; steps: string[] }>();

  constructor(
    /** The binding the steps speak (the card step may settle it: the card's first binding). */
    public binding: TransportName,
    private readonly settings: {
      readonly totalTimeoutMs: number;
      readonly onStep?: (step: StepResult) => void;
      /** Whether a step is run, by its id (--only/--skip with step ids); the agent card always is. */
      readonly select?: (id: string) => boolean;
      /** Values never shown (--header-env): replaced by *** wherever a step would say them. */
      readonly secrets?: readonly string[];
    },
    private readonly deadline: AbortSignal,
  ) {}

  async step(name: string, body: (note: (text: string) => void) => Promise<void>, stepClause?: string): Promise<StepResult> {
    const start = Date.now();
    const notes: string[] = [];
    let status: StepStatus = 'pass';
    let reason: string | undefined;
    let clause: string | undefined;
    const id = stepId(this.group, name);
    // A step left out by --only/--skip is neither run nor reported.
    if (this.settings.select && id !== 'card.agent-card' && !this.settings.select(id))
      return { group: this.group, transport: this.binding, id, name, status: 'skip', reason: 'not selected', notes: [], durationMs: 0 };
    this.current = name;
    this.lastExchange = undefined;
    this.deferred = [];
    this.stepDeviations = new Map();
    if (this.deadline.aborted) {
      status = 'fail';
      reason = `not run: the overall time limit of ${this.settings.totalTimeoutMs} ms was reached`;
    } else {
      try {
        await body((text) => notes.push(text));
      } catch (error) {
        if (error instanceof CheckServerError) throw error;
        status = error instanceof StepSkip ? 'skip' : error instanceof StepWarn ? 'warn' : 'fail';
        reason = this.reasonOf(error);
        if (error instanceof StepWarn) clause = error.clause;
        else if (status === 'fail') clause = this.clauseOf(error, reason, stepClause);
      }
    }
    // Answers that were invalid but usable: the step judged the behaviour with them, and fails for them too.
    if (this.deferred.length > 0) {
      const invalid = distinct(this.deferred).join('; ');
      const own = this.clauseOf(new StepFail(invalid), invalid, stepClause);
      const said = status === 'fail' || status === 'warn' ? `${reason}; ` : '';
      if (status === 'warn') clause = `${own}; ${clause}`;
      else if (status !== 'fail') clause = own;
      reason = `${said}${invalid}`;
      status = 'fail';
    }
    // Deviations: one line per kind, after the step's own verdict, which they never replace.
    if (this.stepDeviations.size > 0) {
      const lines: string[] = [];
      const clauses: string[] = [];
      for (const { kind, seen } of this.stepDeviations.values()) {
        lines.push(deviationLine(kind, seen));
        clauses.push(kind.clause);
        this.countDeviation(kind, name);
      }
      const said = status === 'fail' || status === 'warn' ? `${reason}; ` : '';
      reason = `${said}${lines.join('; ')}`;
      clause = status === 'fail' || status === 'warn' ? `${clause}; ${clauses.join('; ')}` : clauses.join('; ');
      const failing = [...this.stepDeviations.values()].some(({ kind }) => kind.level !== 'warn');
      status = failing || status === 'fail' ? 'fail' : 'warn';
    }
    // Set by the body (TypeScript does not see it change after the reset above).
    const last = this.lastExchange as { request: string; answer: string } | undefined;
    const exchange = status === 'fail' || status === 'warn' ? last : undefined;
    for (const setup of this.pendingSetup.splice(0)) {
      this.steps.push(setup);
      this.settings.onStep?.(setup);
    }
    const hide = (text: string) => this.redact(text);
    const result: StepResult = {
      group: this.group,
      transport: this.binding,
      id,
      name,
      status,
      ...(reason !== undefined ? { reason: hide(reason) } : {}),
      ...(clause !== undefined ? { clause } : {}),
      ...(exchange !== undefined ? { exchange: { request: hide(exchange.request), answer: hide(exchange.answer) } } : {}),
      notes: notes.map(hide),
      durationMs: Date.now() - start,
    };
    this.steps.push(result);
    this.settings.onStep?.(result);
    return result;
  }

  /**
   * The clause of a FAIL: the one `fail` named; else, for an answer the variant's schema rejects,
   * that schema; else the step's own clause, else the group's (clauses.ts).
   */
  private clauseOf(error: unknown, reason: string, stepClause: string | undefined): string {
    if (error instanceof StepFail && error.clause !== undefined) return this.withErrorInfo(reason, error.clause);
    const base = stepClause ?? this.clauses.group(this.group);
    if (error instanceof HttpError) return `${base}; the answer must arrive whole (a transport failure)`;
    if (/does not validate|is not a valid /.test(reason)) return this.schemaClause(reason, base);
    if (/ id (is|has) /.test(reason)) return `${JSONRPC_ID}; ${base}`;
    return this.withErrorInfo(reason, base);
  }

  /** The clause of an answer the variant's schema rejects. */
  private schemaClause(reason: string, base: string): string {
    return this.withErrorInfo(reason, `the ${this.clauses.variant} schema (${base})`);
  }

  /**
   * A reason that says an A2A error lacks its ErrorInfo cites the clause first: v1.0 §9.5 (the validator's words on
   * JSON-RPC), §11.6 (the HTTP+JSON transport's); one of an unmapped HTTP status, the revision's §5.4.
   */
  private withErrorInfo(reason: string, clause: string): string {
    if (MISSING_ERROR_INFO.test(reason)) return `${this.clauses.errorInfo}; ${clause}`;
    if (/without the google\.rpc\.ErrorInfo that A2A v1\.0(\.\d+)? §11\.6 requires/.test(reason))
      return `${this.clauses.errorInfoRest}; ${clause}`;
    // An HTTP status the revision's mapping does not give the code: the mapping is the clause (http-json-transport.ts).
    if (/came with HTTP \d+; the binding maps it to \d+/.test(reason)) return `${this.clauses.errorMappings}; ${clause}`;
    return clause;
  }

  private reasonOf(error: unknown): string {
    if (error instanceof StepSkip || error instanceof StepFail || error instanceof StepWarn) return error.message;
    if (error instanceof HttpError) {
      return error.kind === 'deadline'
        ? `stopped: the overall time limit of ${this.settings.totalTimeoutMs} ms was reached`
        : error.message;
    }
    return `internal error: ${error instanceof Error ? error.message : String(error)}`;
  }

  /**
   * Reports, once, a setup call of the current step whose answer was wrong: a FAIL of its own
   * (`setup of "<step>": <method>`), listed just before the step, which goes on with what it got.
   */
  setupFailed(method: string, reason: string): void {
    const name = `setup of "${this.current}": ${method}`;
    this.pendingSetup.push({
      group: this.group,
      transport: this.binding,
      id: stepId(this.group, name),
      name,
      status: 'fail',
      reason: this.redact(reason),
      clause: /does not validate|is not a valid /.test(reason)
        ? this.schemaClause(reason, this.clauses.group(this.group))
        : this.clauses.group(this.group),
      ...(this.lastExchange
        ? { exchange: { request: this.redact(this.lastExchange.request), answer: this.redact(this.lastExchange.answer) } }
        : {}),
      notes: [],
      durationMs: 0,
    });
  }

  /** The text with every secret value replaced by ***. */
  private redact(text: string): string {
    let out = text;
    for (const secret of this.settings.secrets ?? []) if (secret !== '') out = out.split(secret).join('***');
    return out;
  }

  /**
   * Records a deviation seen in the current step (deviations.ts): reported in one line per kind at
   * the step's end, which then fails, and counted for the report's summary. `seen` holds what was
   * seen: for snake_case keys each key and its camelCase fix, else a detail (and an empty fix).
   */
  deviate(kind: DeviationKind, seen: Iterable<[string, string]>): void {
    const entry = this.stepDeviations.get(kind.id) ?? { kind, seen: new Map<string, string>() };
    for (const [what, fix] of seen) entry.seen.set(what, fix);
    this.stepDeviations.set(kind.id, entry);
  }

  /** Counts a deviation for a step reported outside `step` (a setup call's FAIL). */
  private countDeviation(kind: DeviationKind, stepName: string): void {
    const entry = this.deviationSteps.get(kind.id) ?? { kind, steps: [] };
    if (!entry.steps.includes(stepName)) entry.steps.push(stepName);
    this.deviationSteps.set(kind.id, entry);
  }

  /** Every deviation of the run with the steps it was seen in, in the order first seen. */
  get deviations(): DeviationSeen[] {
    return [...this.deviationSteps.values()].map(({ kind, steps }) => ({ ...kind, steps: [...steps] }));
  }

  /** Keeps problems of a usable answer of the current step (see TransportContext.defer). */
  defer(problems: readonly string[]): void {
    this.deferred.push(...problems);
  }

  /** Remembers the last exchange of the current step (both bounded), for a FAIL's details. */
  exchanged(request: string, answer: string): void {
    this.lastExchange = { request: bound(request), answer: bound(answer) };
  }

  /** Remembers an answer of the current step, for --transport all. */
  answered(text: string): void {
    const list = this.answers.get(this.current) ?? [];
    list.push(text);
    this.answers.set(this.current, list);
  }

  /** Remembers an error answer of the current step. */
  sawError(method: string | undefined, error: Json, httpStatus: number, contentType: string, grpc?: GrpcStatus): void {
    this.errorsSeen.push({ step: this.current, method, error, httpStatus, contentType, ...(grpc ? { grpc } : {}) });
  }
}
