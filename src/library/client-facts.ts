/**
 * Small facts a client of an agent needs, per variant, read from the one place each is written: the error codes
 * (`schemas/error-table.ts` for A2A's and JSON-RPC's, the variant's error definitions for the ones Bindu adds), the
 * task states that end a task or wait on the client (`schemas/<variant>/states.ts`), and the JSON-RPC request id as
 * JSON-RPC 2.0 types it.
 *
 *   const codes = errorCodes('bindu');            // [{ name: 'TaskNotFoundError', code: -32001, httpStatus: 404, message: 'Task not found' }, …]
 *   if (taskStates('bindu').terminal.has(task.status.state)) stopPolling();
 */
import { httpStatusByName } from '../../schemas/error-table.js';
import { VARIANT_TABLE, type VariantName } from '../../schemas/variant-table.js';
import { loadVariant } from '../engine/load-validators.js';
import { isSchema } from '../engine/schema-places.js';

/**
 * A JSON-RPC request id (JSON-RPC 2.0 §4; A2A v0.3.0 `JSONRPCRequest.id`): a string, a number or null, chosen by the
 * client; absent on a notification. The package's method request types require a string or an integer (A2A's
 * per-method requests do), so a request without one is a notification, which no A2A method is.
 */
export type JsonRpcId = string | number | null;

/** A JSON-RPC 2.0 request envelope, `id` optional as JSON-RPC 2.0 §4 has it. */
export interface JsonRpcRequestEnvelope<P = unknown> {
  readonly jsonrpc: '2.0';
  readonly id?: JsonRpcId;
  readonly method: string;
  readonly params?: P;
}

/** One error a variant names. */
export interface ErrorCodeEntry {
  /** The error's type name (`TaskNotFoundError`). */
  readonly name: string;
  readonly code: number;
  /** The HTTP status of the variant's HTTP+JSON binding for it; undefined where the specification names none (Bindu's own errors). */
  readonly httpStatus: number | undefined;
  /** The message servers send unless they word their own (the schema's default), when there is one. */
  readonly message: string | undefined;
}

const wireOf = (variant: string) => VARIANT_TABLE.find((row) => row.name === variant)?.wire;

/** Every error code a variant names, from -32001 down to -32700. A TypeError for an unknown variant. */
export function errorCodes(variant: VariantName): readonly ErrorCodeEntry[] {
  const loaded = loadVariant(variant);
  const statuses = httpStatusByName(wireOf(variant) ?? 'v0.3');
  return Object.entries(loaded.meta.errors)
    .map(([name, code]): ErrorCodeEntry => {
      const message = loaded.definitions[name]?.properties;
      const fallback = isSchema(message) && isSchema(message.message) ? message.message.default : undefined;
      return { name, code, httpStatus: statuses[name], message: typeof fallback === 'string' ? fallback : undefined };
    })
    .sort((a, b) => b.code - a.code);
}

/** The task states of a variant, as sets. */
export interface TaskStateSets {
  readonly all: ReadonlySet<string>;
  /** States a task never leaves (`completed`, `canceled`, `failed`, `rejected`, or their v1.0 names). */
  readonly terminal: ReadonlySet<string>;
  /** States in which the task waits on the client (input, authentication; in bindu also payment and trust verification). */
  readonly needsAction: ReadonlySet<string>;
  /** States in which the agent is working on the task or has it queued. */
  readonly active: ReadonlySet<string>;
}

/** The task states of a variant. A TypeError for an unknown variant. */
export function taskStates(variant: VariantName): TaskStateSets {
  const row = VARIANT_TABLE.find((entry) => entry.name === variant);
  if (row === undefined)
    throw new TypeError(`unknown variant "${String(variant)}" (expected one of: ${VARIANT_TABLE.map((entry) => entry.name).join(', ')})`);
  const { TASK_STATES, TERMINAL_STATES, INTERRUPTED_STATES, ACTIVE_STATES } = row.lifecycle;
  return {
    all: new Set(TASK_STATES),
    terminal: new Set(TERMINAL_STATES),
    needsAction: new Set(INTERRUPTED_STATES),
    active: new Set(ACTIVE_STATES),
  };
}
