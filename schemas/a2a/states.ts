/**
 * The A2A v0.3.0 task lifecycle as data: which TaskState values are terminal, which are
 * interrupted, and which state may follow which. The live checker (`check-server`) judges the
 * events of a stream with these tables, and the docs draw the state diagram from them, so the
 * rules live here only.
 *
 * These are plain constants, not TypeBox schemas: `collect` leaves them out of the variant's
 * definitions.
 *
 * Where each rule comes from:
 *
 * - Terminal states: A2A v0.3.0 `TaskState` (specification §6.3 and the "life of a task" topic:
 *   once a task has reached `completed`, `canceled`, `rejected` or `failed` it can't be
 *   restarted) and seed 001, "TaskState Enum" ("This is a terminal state" on each of the four)
 *   and its legend ("Terminal States: completed, failed, rejected, canceled - Cannot transition
 *   further").
 * - Interrupted states: seed 001 legend ("Interrupted States: input-required, auth-required -
 *   Can resume to working"); A2A v0.3.0 describes both as waiting on the client.
 * - Active states: seed 001 legend ("Active States: submitted, working - Task is being
 *   processed"). `submitted` is the initial state ("Initial state when task is created").
 * - Transitions: seed 001 says `working` "may transition to input-required, completed, or
 *   failed"; A2A adds that any unfinished task may be canceled (`tasks/cancel`), rejected ("may
 *   occur during initial creation or after assessment") or need authentication. Nothing leaves a
 *   terminal state. Nothing goes back to `submitted`: A2A resumes an interrupted task to
 *   `working`. `unknown` says nothing about where the task stands, so every state may follow it
 *   and every unfinished state may turn into it.
 * - Staying in the same state is not a transition and is always allowed: an agent may send
 *   several `working` updates, each with a new progress message, and may restate a terminal
 *   state (for example a final `status-update` after a Task object that is already `completed`).
 */

/**
 * Every TaskState value, in the order the schema lists them: the `TaskState` schema
 * (`task.ts`) is built from this list, so importing the tables needs no TypeBox.
 */
export const TASK_STATES = [
  'submitted',
  'working',
  'input-required',
  'completed',
  'canceled',
  'failed',
  'rejected',
  'auth-required',
  'unknown',
] as const;

/** A TaskState value of the `a2a` variant. */
export type A2ATaskState = (typeof TASK_STATES)[number];

/** States a task never leaves: no further status change, no further message. */
export const TERMINAL_STATES: readonly A2ATaskState[] = ['completed', 'canceled', 'failed', 'rejected'];

/** States in which the task waits on the client; it resumes to `working`. A stream may end here. */
export const INTERRUPTED_STATES: readonly A2ATaskState[] = ['input-required', 'auth-required'];

/** States in which the agent is processing the task. */
export const ACTIVE_STATES: readonly A2ATaskState[] = ['submitted', 'working'];

/** The state a new task starts in. */
export const INITIAL_STATE: A2ATaskState = 'submitted';

/**
 * For each state, the states it may change to. Staying in the same state is always allowed and is
 * not listed. A terminal state has no successor.
 */
export const TRANSITIONS: Readonly<Record<A2ATaskState, readonly A2ATaskState[]>> = {
  submitted: ['working', 'input-required', 'auth-required', 'completed', 'canceled', 'failed', 'rejected', 'unknown'],
  working: ['input-required', 'auth-required', 'completed', 'canceled', 'failed', 'rejected', 'unknown'],
  'input-required': ['working', 'auth-required', 'completed', 'canceled', 'failed', 'rejected', 'unknown'],
  'auth-required': ['working', 'input-required', 'completed', 'canceled', 'failed', 'rejected', 'unknown'],
  unknown: ['submitted', 'working', 'input-required', 'auth-required', 'completed', 'canceled', 'failed', 'rejected'],
  completed: [],
  canceled: [],
  failed: [],
  rejected: [],
};
