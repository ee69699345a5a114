/**
 * The lifecycle of a Bindu Context (its `status`) as data. Plain constants, not TypeBox schemas:
 * `collect` would leave them out of the variant's definitions, and the variant does not import
 * this file; the docs draw the Context lifecycle diagram from it.
 *
 * Where each rule comes from (seed 000 "Context Status States", the later revision of seed 001's
 * section of the same name):
 *
 * - The four statuses are the schema's own (`Context.status`), read from it below, so the two
 *   cannot disagree.
 * - `active` is the initial status ("Default state for new contexts").
 * - `paused` "Can be resumed to active state"; while paused "no new tasks should be created", so a
 *   paused context can also be closed without resuming it.
 * - Terminal: the seed files `completed` and `archived` under "Terminal States". `archived`
 *   "Cannot be modified or resumed", so nothing leaves it. A `completed` context "is considered
 *   closed" and is not resumed, but it may still be archived: seed 000 "Quick Tips" says
 *   "Regularly archive completed contexts". That is the one move out of a terminal status.
 * - An active or paused context may be completed or archived directly (the lifecycle's last step
 *   in the Context docstring: "Context can be closed or archived when conversation ends").
 */
import type { Static } from '@sinclair/typebox';
import { Context } from './context.js';

/** A Context status value. */
export type ContextStatus = Static<typeof Context.properties.status>;

/** Every Context status, in the order the schema lists them. */
export const CONTEXT_STATUSES: readonly ContextStatus[] = Context.properties.status.anyOf.map((literal) => literal.const);

/** The status of a new context. */
export const INITIAL_CONTEXT_STATUS: ContextStatus = 'active';

/** Statuses of a closed context: it is never resumed. */
export const TERMINAL_CONTEXT_STATUSES: readonly ContextStatus[] = ['completed', 'archived'];

/** For each status, the statuses it may change to (staying is not a change and is not listed). */
export const CONTEXT_TRANSITIONS: Readonly<Record<ContextStatus, readonly ContextStatus[]>> = {
  active: ['paused', 'completed', 'archived'],
  paused: ['active', 'completed', 'archived'],
  completed: ['archived'],
  archived: [],
};
