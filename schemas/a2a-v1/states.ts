/**
 * The A2A v1.0 task lifecycle as data, and the correspondence between the v0.3 state and role
 * names and the v1.0 ones.
 *
 * A2A v1.0 renamed the states (`input-required` → `TASK_STATE_INPUT_REQUIRED`, `unknown` →
 * `TASK_STATE_UNSPECIFIED`) without changing the lifecycle, so the tables are the `a2a` variant's
 * (`schemas/a2a/states.ts`, where each rule's source is given) under the v1.0 names. The v1.0
 * proto says the same of each state: `TASK_STATE_COMPLETED`, `TASK_STATE_FAILED`,
 * `TASK_STATE_CANCELED` and `TASK_STATE_REJECTED` are terminal, `TASK_STATE_INPUT_REQUIRED` and
 * `TASK_STATE_AUTH_REQUIRED` are interrupted.
 *
 * Plain constants, not TypeBox schemas: `collect` leaves them out of the variant's definitions.
 */
import * as a2a from '../a2a/states.js';

/** Every TaskState name of A2A v1.0 (the `a2a-v1` and `aion` variants), in proto number order (the index is the number). */
export const TASK_STATES = [
  'TASK_STATE_UNSPECIFIED',
  'TASK_STATE_SUBMITTED',
  'TASK_STATE_WORKING',
  'TASK_STATE_COMPLETED',
  'TASK_STATE_FAILED',
  'TASK_STATE_CANCELED',
  'TASK_STATE_INPUT_REQUIRED',
  'TASK_STATE_REJECTED',
  'TASK_STATE_AUTH_REQUIRED',
] as const;

/** A TaskState name of A2A v1.0. */
export type V1TaskState = (typeof TASK_STATES)[number];

/** Every Role name, in proto number order (the index is the number). */
export const ROLES = ['ROLE_UNSPECIFIED', 'ROLE_USER', 'ROLE_AGENT'] as const;

/** The v1.0 name of each A2A v0.3 task state. */
export const V03_TO_V1_TASK_STATE: Readonly<Record<a2a.A2ATaskState, V1TaskState>> = {
  submitted: 'TASK_STATE_SUBMITTED',
  working: 'TASK_STATE_WORKING',
  'input-required': 'TASK_STATE_INPUT_REQUIRED',
  completed: 'TASK_STATE_COMPLETED',
  canceled: 'TASK_STATE_CANCELED',
  failed: 'TASK_STATE_FAILED',
  rejected: 'TASK_STATE_REJECTED',
  'auth-required': 'TASK_STATE_AUTH_REQUIRED',
  unknown: 'TASK_STATE_UNSPECIFIED',
};

/** The A2A v0.3 name of each v1.0 task state. */
export const V1_TO_V03_TASK_STATE: Readonly<Record<V1TaskState, a2a.A2ATaskState>> = Object.fromEntries(
  Object.entries(V03_TO_V1_TASK_STATE).map(([v03, v1]) => [v1, v03]),
) as unknown as Record<V1TaskState, a2a.A2ATaskState>;

/**
 * The v0.3 spelling of a task state name: a v1.0 name by the table above, any other `TASK_STATE_X`
 * as `x` in kebab case (so an unknown v1.0-style name stays readable), a v0.3 name unchanged.
 */
export function v03StateName(name: string): string {
  if (Object.hasOwn(V1_TO_V03_TASK_STATE, name)) return V1_TO_V03_TASK_STATE[name as V1TaskState];
  return name.startsWith('TASK_STATE_') ? name.slice('TASK_STATE_'.length).toLowerCase().replace(/_/g, '-') : name;
}

/** The v1.0 name of each A2A v0.3 role. */
export const V03_TO_V1_ROLE = { user: 'ROLE_USER', agent: 'ROLE_AGENT' } as const;

/** The A2A v0.3 name of each v1.0 role that has one (`ROLE_UNSPECIFIED` has none). */
export const V1_TO_V03_ROLE = { ROLE_USER: 'user', ROLE_AGENT: 'agent' } as const;

const rename = (states: readonly a2a.A2ATaskState[]): V1TaskState[] => states.map((state) => V03_TO_V1_TASK_STATE[state]);

/** States a task never leaves. */
export const TERMINAL_STATES: readonly V1TaskState[] = rename(a2a.TERMINAL_STATES);

/** States in which the task waits on the client; a stream ends there. */
export const INTERRUPTED_STATES: readonly V1TaskState[] = rename(a2a.INTERRUPTED_STATES);

/** States in which the agent is processing the task. */
export const ACTIVE_STATES: readonly V1TaskState[] = rename(a2a.ACTIVE_STATES);

/** The state a new task starts in. */
export const INITIAL_STATE: V1TaskState = V03_TO_V1_TASK_STATE[a2a.INITIAL_STATE];

/** For each state, the states it may change to (staying in a state is always allowed). */
export const TRANSITIONS: Readonly<Record<V1TaskState, readonly V1TaskState[]>> = Object.fromEntries(
  Object.entries(a2a.TRANSITIONS).map(([from, to]) => [V03_TO_V1_TASK_STATE[from as a2a.A2ATaskState], rename(to)]),
) as unknown as Record<V1TaskState, readonly V1TaskState[]>;
