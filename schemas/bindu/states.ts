/**
 * The Bindu task lifecycle as data: the A2A rules (`../a2a/states.ts`) extended to the eight
 * states Bindu adds. Plain constants, not TypeBox schemas, so `collect` leaves them out of the
 * definitions; the live checker and the docs read them.
 *
 * Where each rule comes from:
 *
 * - Terminal states are A2A's four. Seed 001's legend ("Terminal States: completed, failed,
 *   rejected, canceled - Cannot transition further") names no Bindu state as terminal, and seed
 *   001 "Important Notes" repeats: "Cannot restart tasks in terminal states (completed, canceled,
 *   rejected, failed)". The negotiation outcomes (`negotiation-bid-lost`, `negotiation-bid-won`)
 *   are therefore not terminal here.
 * - Interrupted states: the legend names `input-required` and `auth-required`. Seed 001 describes
 *   `payment-required` ("Task requires payment to proceed") and `trust-verification-required`
 *   ("Task requires trust verification to proceed") in the words it uses for `auth-required`
 *   ("Task requires authentication to proceed"), so they are interrupted states too: the task
 *   waits for something the client must supply.
 * - Active states: the legend's `submitted` and `working`, plus `pending` ("Task is pending
 *   execution (queued)") and `resumed` ("Task has been resumed after suspension").
 * - Transitions: the seeds give no rule for the Bindu states beyond "terminal states cannot
 *   transition further", and a Bindu agent puts a continued unfinished task back to `submitted`
 *   when a new message arrives for it. So any unfinished state may change to any other state, and
 *   a terminal state to none. Staying in the same state is always allowed and is not listed.
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
  'payment-required',
  'unknown',
  'trust-verification-required',
  'pending',
  'suspended',
  'resumed',
  'negotiation-bid-submitted',
  'negotiation-bid-lost',
  'negotiation-bid-won',
] as const;

/** A TaskState value of the `bindu` variant. */
export type BinduTaskState = (typeof TASK_STATES)[number];

/** States a task never leaves (A2A's four; Bindu adds none). */
export const TERMINAL_STATES: readonly BinduTaskState[] = ['completed', 'canceled', 'failed', 'rejected'];

/** States in which the task waits on the client. A stream may end here. */
export const INTERRUPTED_STATES: readonly BinduTaskState[] = [
  'input-required',
  'auth-required',
  'payment-required',
  'trust-verification-required',
];

/** States in which the agent is processing the task or has it queued. */
export const ACTIVE_STATES: readonly BinduTaskState[] = ['submitted', 'working', 'pending', 'resumed'];

/** The state a new task starts in. */
export const INITIAL_STATE: BinduTaskState = 'submitted';

/**
 * For each state, the states it may change to. Staying in the same state is always allowed and is
 * not listed. A terminal state has no successor; every other state may change to any state.
 */
export const TRANSITIONS: Readonly<Record<BinduTaskState, readonly BinduTaskState[]>> = Object.fromEntries(
  TASK_STATES.map((from) => [from, TERMINAL_STATES.includes(from) ? [] : TASK_STATES.filter((to) => to !== from)]),
) as unknown as Record<BinduTaskState, readonly BinduTaskState[]>;
