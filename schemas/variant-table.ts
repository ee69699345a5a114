/**
 * The variants as plain facts, the one list the runtime reads: each variant's name, the JSON wire
 * its payloads travel on, the specification revision it follows, the variant it extends, and the
 * module of its task lifecycle; and the
 * variant used when none is named. The TypeBox side of a variant (its definitions and methods) is
 * `<variant>/index.ts`; this file and the lifecycle modules it names load no TypeBox, so the
 * package root, the agent card's wire choice, check-server, the proxy and convert read it without
 * building a schema.
 *
 * Stable API: `specRevision` of each row and `specRevisionOf(variant)` (the revision's rules are
 * `spec-revisions.ts`, its statuses `error-table.ts`).
 */
import * as a2aStates from './a2a/states.js';
import * as binduStates from './bindu/states.js';
import * as a2aV1States from './a2a-v1/states.js';

/** The two JSON wires: A2A v0.3 (`kind`, `message/send`) and A2A v1.0 (ProtoJSON, `SendMessage`). */
export type Wire = 'v0.3' | 'v1.0';

/** A task lifecycle as a `states.ts` module holds it, in the state names of its wire. */
export interface TaskLifecycle {
  /** Every TaskState name, in the order the schema lists them. */
  readonly TASK_STATES: readonly string[];
  /** States a task never leaves. */
  readonly TERMINAL_STATES: readonly string[];
  /** States in which the task waits on the client; a stream ends there. */
  readonly INTERRUPTED_STATES: readonly string[];
  /** States in which the agent is processing the task. */
  readonly ACTIVE_STATES: readonly string[];
  /** The state a new task starts in. */
  readonly INITIAL_STATE: string;
  /** For each state, the states it may change to (staying in a state is always allowed). */
  readonly TRANSITIONS: Readonly<Record<string, readonly string[]>>;
}

/** What the runtime knows of a variant without building its schemas. */
export interface VariantFacts {
  readonly name: string;
  readonly wire: Wire;
  /**
   * The revision of the A2A specification the variant follows: `0.3.0` on the v0.3 wire, and on the
   * v1.0 wire the latest release of the v1.0 line (a `SpecRevision` of `spec-revisions.ts`).
   */
  readonly specRevision: string;
  /** The variant whose definitions this one extends (bindu extends a2a, aion extends a2a-v1). */
  readonly base?: string;
  /** The task lifecycle (`<variant>/states.ts`; aion's is a2a-v1's). */
  readonly lifecycle: TaskLifecycle;
  /** The file that holds the lifecycle, from the repository root. */
  readonly lifecycleFile: string;
}

/** Every variant, in the order the package lists them. */
export const VARIANT_TABLE = [
  { name: 'a2a', wire: 'v0.3', specRevision: '0.3.0', lifecycle: a2aStates, lifecycleFile: 'schemas/a2a/states.ts' },
  { name: 'bindu', wire: 'v0.3', specRevision: '0.3.0', base: 'a2a', lifecycle: binduStates, lifecycleFile: 'schemas/bindu/states.ts' },
  { name: 'a2a-v1', wire: 'v1.0', specRevision: '1.0.1', lifecycle: a2aV1States, lifecycleFile: 'schemas/a2a-v1/states.ts' },
  { name: 'aion', wire: 'v1.0', specRevision: '1.0.1', base: 'a2a-v1', lifecycle: a2aV1States, lifecycleFile: 'schemas/a2a-v1/states.ts' },
] as const satisfies readonly VariantFacts[];

type Names<T extends readonly { readonly name: string }[]> = { readonly [K in keyof T]: T[K]['name'] };

/** The variant names, in the order the package lists them. */
export const variantNames = VARIANT_TABLE.map((variant) => variant.name) as unknown as Names<typeof VARIANT_TABLE>;

/** A variant's name. */
export type VariantName = (typeof variantNames)[number];

/** The variant used when none is named. */
export const defaultVariant: VariantName = 'bindu';

/** The wire of each variant, by name (undefined for a name that is no variant). */
export const WIRE_OF_VARIANT: Readonly<Record<string, Wire>> = Object.fromEntries(
  VARIANT_TABLE.map((variant) => [variant.name, variant.wire]),
);

/** True when `name` is a variant of the table. */
export function isVariantName(name: unknown): name is VariantName {
  return typeof name === 'string' && (variantNames as readonly string[]).includes(name);
}

/** The facts of a variant, by name. */
export function variantFacts(name: VariantName): VariantFacts {
  return VARIANT_TABLE.find((variant) => variant.name === name)!;
}

/** The specification revision a variant follows (`0.3.0`, `1.0.1`); undefined for a name that is no variant. */
export function specRevisionOf(name: string): string | undefined {
  return VARIANT_TABLE.find((variant) => variant.name === name)?.specRevision;
}
