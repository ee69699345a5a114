/**
 * Judges the sequence of a `message/stream` (or `tasks/resubscribe`) stream against the task
 * lifecycle of the variant (`schemas/<variant>/states.ts`, the one place the rules are written):
 *
 * - a stream holds either one Message, or a Task and updates of that task (same task and context);
 * - every change of state is one the lifecycle allows;
 * - nothing follows an event marked `final: true`;
 * - nothing follows a terminal or an interrupted state (the server closes the stream there), except
 *   a status update that restates the same state, for example to carry `final: true`;
 * - the stream ends with a final event, a terminal or interrupted state, or its one Message.
 */
import { VARIANT_TABLE, variantNames, type TaskLifecycle, type VariantName } from '../../schemas/variant-table.js';
import { v03StateName } from '../../schemas/a2a-v1/states.js';
import { isObject } from '../engine/json-value.js';

/**
 * The variants check-server checks: every variant of schemas/variant-table.ts, `a2a` and `bindu` on
 * the A2A v0.3 wire, `a2a-v1` and `aion` on the v1.0 wire (whose states are read in their v0.3
 * spelling, see wire-adapter.ts).
 */
export const CHECK_VARIANTS = variantNames;
export type CheckVariant = VariantName;

export interface Lifecycle {
  readonly states: readonly string[];
  readonly terminal: readonly string[];
  readonly interrupted: readonly string[];
  readonly transitions: Readonly<Record<string, readonly string[]>>;
}

/** A variant's lifecycle (its `states.ts`) in v0.3 state names, the spelling the checks read states in. */
function inV03Names(table: TaskLifecycle): Lifecycle {
  const names = (states: readonly string[]): string[] => states.map(v03StateName);
  return {
    states: names(table.TASK_STATES),
    terminal: names(table.TERMINAL_STATES),
    interrupted: names(table.INTERRUPTED_STATES),
    transitions: Object.fromEntries(Object.entries(table.TRANSITIONS).map(([from, to]) => [v03StateName(from), names(to)])),
  };
}

const LIFECYCLES = new Map<string, Lifecycle>(VARIANT_TABLE.map((variant) => [variant.name, inV03Names(variant.lifecycle)]));

/** The lifecycle tables of a variant. */
export function lifecycleOf(variant: CheckVariant): Lifecycle {
  return LIFECYCLES.get(variant)!;
}

/** True when a task may go from `from` to `to` (staying in a state is always allowed). */
export function canTransition(lifecycle: Lifecycle, from: string, to: string): boolean {
  return from === to || (lifecycle.transitions[from] ?? []).includes(to);
}

/** A short name for an event's result: `Task (working)`, `status-update completed, final`, `Message`. */
export function describeResult(result: unknown): string {
  if (!isObject(result)) return 'a result that is not an object';
  const state = isObject(result.status) && typeof result.status.state === 'string' ? result.status.state : undefined;
  switch (result.kind) {
    case 'task':
      return `Task (${state ?? 'no state'})`;
    case 'message':
      return 'Message';
    case 'status-update':
      return `status-update ${state ?? '(no state)'}${result.final === true ? ', final' : ''}`;
    case 'artifact-update':
      return 'artifact-update';
    default:
      if (typeof result.kind === 'string') return `an object of kind "${result.kind}"`;
      return typeof result.id === 'string' && isObject(result.status)
        ? `a Task without kind (${state ?? 'no state'})`
        : 'an object without kind';
  }
}

/** Follows one stream, event by event. */
export class StreamSequence {
  private count = 0;
  private taskId: string | undefined;
  private contextId: string | undefined;
  private state: string | undefined;
  private finalAt = 0;
  private messageAt = 0;
  private stoppedAt = 0;
  /** Remarks that are not failures (for example a stream that does not start with its Task). */
  readonly notes: string[] = [];

  constructor(private readonly lifecycle: Lifecycle) {}

  /** The events seen so far. */
  get events(): number {
    return this.count;
  }

  /** True once the stream should be over: a final event, a terminal or interrupted state, or a Message. */
  get complete(): boolean {
    return this.finalAt > 0 || this.messageAt > 0 || this.stoppedAt > 0;
  }

  /** The state the task is in after the events so far. */
  get currentState(): string | undefined {
    return this.state;
  }

  /** Takes the `result` of the next success event; returns what is wrong with it in the sequence. */
  add(result: unknown): string[] {
    const n = ++this.count;
    // Named only in a problem (most events have none).
    const what = (): string => `event ${n} (${describeResult(result)})`;
    if (this.finalAt > 0) return [`${what()} arrives after the final event ${this.finalAt}`];
    if (this.messageAt > 0)
      return [`${what()} follows the Message of event ${this.messageAt}; a stream answered with a Message holds nothing else`];
    if (!isObject(result)) return [];

    const problems: string[] = [];
    const kind = result.kind;
    const state = isObject(result.status) && typeof result.status.state === 'string' ? result.status.state : undefined;

    if (this.stoppedAt > 0) {
      const restates = kind === 'status-update' && state === this.state;
      if (!restates) {
        const reached = `the task reached ${this.state} at event ${this.stoppedAt}`;
        const why = this.lifecycle.terminal.includes(this.state!)
          ? 'a terminal state is final and the stream ends there'
          : 'the stream ends at an interrupted state';
        return [`${what()} arrives after ${reached}; ${why}`];
      }
    }

    if (kind === 'message') {
      if (n === 1) this.messageAt = n;
      else problems.push(`${what()} is a Message inside a task stream; a stream holds either one Message or a Task and its updates`);
      return problems;
    }

    const taskId = kind === 'task' ? result.id : result.taskId;
    if (kind === 'task' || kind === 'status-update' || kind === 'artifact-update') {
      if (n === 1 && kind !== 'task') this.notes.push(`the stream starts with a ${kind}, not with the Task`);
      if (typeof taskId === 'string') {
        if (this.taskId === undefined) this.taskId = taskId;
        else if (taskId !== this.taskId) problems.push(`${what()} is about task ${taskId}, but the stream is about task ${this.taskId}`);
      }
      if (typeof result.contextId === 'string') {
        if (this.contextId === undefined) this.contextId = result.contextId;
        else if (result.contextId !== this.contextId)
          problems.push(`${what()} names context ${result.contextId}, but the stream is in context ${this.contextId}`);
      }
    }

    if ((kind === 'task' || kind === 'status-update') && state !== undefined && this.lifecycle.states.includes(state)) {
      if (this.state !== undefined && !canTransition(this.lifecycle, this.state, state)) {
        const allowed = this.lifecycle.transitions[this.state] ?? [];
        problems.push(
          `${what()} moves the task from ${this.state} to ${state}, which the lifecycle does not allow (${this.state} may become: ${allowed.length > 0 ? allowed.join(', ') : 'nothing, it is terminal'})`,
        );
      }
      this.state = state;
      if (this.stoppedAt === 0 && (this.lifecycle.terminal.includes(state) || this.lifecycle.interrupted.includes(state)))
        this.stoppedAt = n;
    }
    if (kind === 'status-update' && result.final === true) this.finalAt = n;
    return problems;
  }

  /** The stream closed; returns what is wrong with where it ended. */
  end(): string[] {
    if (this.count === 0) return ['the stream closed without sending any event'];
    if (this.complete) return [];
    return [`the stream closed after ${this.count} events while the task was ${this.state ?? 'in no known state'}, with no final event`];
  }
}
