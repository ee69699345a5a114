/**
 * The errors of A2A as plain facts, the one table both wires read: the five errors JSON-RPC 2.0
 * defines, then each A2A error with its code, its name and default message on each wire (v0.3
 * lacks -32008 and -32009; -32007 was renamed), its v1.0 ErrorInfo `reason` and its HTTP status.
 * Both wires' error types (`a2a/errors.ts`, `a2a-v1/errors.ts`, the JSON-RPC ones built once by
 * `jsonrpc.ts`), both REST bindings' `errorStatus` maps and check-server's codes and reasons are
 * made from it. HTTP statuses: A2A v1.0 §5.4; v0.3 names none per error, and @a2a-js/sdk 0.3.x maps
 * each code to the same status. No TypeBox: the runtime reads this without building a schema.
 */
import type { Wire } from './variant-table.js';

/** `@type` of a `google.rpc.ErrorInfo` detail. */
export const ERROR_INFO_TYPE_URL = 'type.googleapis.com/google.rpc.ErrorInfo';
/** `@type` of a `google.rpc.BadRequest` detail. */
export const BAD_REQUEST_TYPE_URL = 'type.googleapis.com/google.rpc.BadRequest';
/** The `domain` A2A errors name in their ErrorInfo. */
export const A2A_ERROR_DOMAIN = 'a2a-protocol.org';

/** JSON-RPC 2.0's range of implementation-defined server errors. */
export const SERVER_ERROR_CODES = { min: -32099, max: -32000 } as const;

/** The five errors JSON-RPC 2.0 defines, under A2A's names, with the message servers send by default. */
export const JSONRPC_ERRORS = [
  { name: 'JSONParseError', code: -32700, message: 'Invalid JSON payload', httpStatus: 400 },
  { name: 'InvalidRequestError', code: -32600, message: 'Request payload validation error', httpStatus: 400 },
  { name: 'MethodNotFoundError', code: -32601, message: 'Method not found', httpStatus: 404 },
  { name: 'InvalidParamsError', code: -32602, message: 'Invalid parameters', httpStatus: 400 },
  { name: 'InternalError', code: -32603, message: 'Internal error', httpStatus: 500 },
] as const;

/** The A2A errors in code order; `wires` gives the name and default message on each wire that has the error. */
export const A2A_ERRORS = [
  {
    code: -32001,
    reason: 'TASK_NOT_FOUND',
    httpStatus: 404,
    wires: {
      'v0.3': { name: 'TaskNotFoundError', message: 'Task not found' },
      'v1.0': { name: 'TaskNotFoundError', message: 'Task not found' },
    },
  },
  {
    code: -32002,
    reason: 'TASK_NOT_CANCELABLE',
    httpStatus: 409,
    wires: {
      'v0.3': { name: 'TaskNotCancelableError', message: 'Task cannot be canceled' },
      'v1.0': { name: 'TaskNotCancelableError', message: 'Task cannot be canceled' },
    },
  },
  {
    code: -32003,
    reason: 'PUSH_NOTIFICATION_NOT_SUPPORTED',
    httpStatus: 400,
    wires: {
      'v0.3': { name: 'PushNotificationNotSupportedError', message: 'Push Notification is not supported' },
      'v1.0': { name: 'PushNotificationNotSupportedError', message: 'Push Notification is not supported' },
    },
  },
  {
    code: -32004,
    reason: 'UNSUPPORTED_OPERATION',
    httpStatus: 400,
    wires: {
      'v0.3': { name: 'UnsupportedOperationError', message: 'This operation is not supported' },
      'v1.0': { name: 'UnsupportedOperationError', message: 'This operation is not supported' },
    },
  },
  {
    code: -32005,
    reason: 'CONTENT_TYPE_NOT_SUPPORTED',
    httpStatus: 415,
    wires: {
      'v0.3': { name: 'ContentTypeNotSupportedError', message: 'Incompatible content types' },
      'v1.0': { name: 'ContentTypeNotSupportedError', message: 'Incompatible content types' },
    },
  },
  {
    code: -32006,
    reason: 'INVALID_AGENT_RESPONSE',
    httpStatus: 502,
    wires: {
      'v0.3': { name: 'InvalidAgentResponseError', message: 'Invalid agent response' },
      'v1.0': { name: 'InvalidAgentResponseError', message: 'Invalid agent response' },
    },
  },
  {
    code: -32007,
    reason: 'EXTENDED_AGENT_CARD_NOT_CONFIGURED',
    httpStatus: 400,
    wires: {
      'v0.3': { name: 'AuthenticatedExtendedCardNotConfiguredError', message: 'Authenticated Extended Card is not configured' },
      'v1.0': { name: 'ExtendedAgentCardNotConfiguredError', message: 'Extended Agent Card is not configured' },
    },
  },
  {
    code: -32008,
    reason: 'EXTENSION_SUPPORT_REQUIRED',
    httpStatus: 400,
    wires: { 'v1.0': { name: 'ExtensionSupportRequiredError', message: 'Extension support is required' } },
  },
  {
    code: -32009,
    reason: 'VERSION_NOT_SUPPORTED',
    httpStatus: 400,
    wires: { 'v1.0': { name: 'VersionNotSupportedError', message: 'This protocol version is not supported' } },
  },
] as const;

/**
 * The errors Bindu adds to A2A (its `types.py` error catalogue, as the seeds name them), in code
 * order, with the default message. `collides` names each A2A error that has the same code: a client
 * reading the code alone cannot tell them apart (SPEC-NOTES B-31). -32010 is taken by A2A only in
 * the v1.1 draft (not a release; the brief for issue 38 names it); -32008 and -32009 by v1.0.
 */
export const BINDU_ERRORS = [
  {
    name: 'TaskImmutableError',
    code: -32008,
    message: 'Task is in a terminal state and cannot be modified',
    collides: [{ spec: 'A2A v1.0', name: 'ExtensionSupportRequiredError' }],
  },
  {
    name: 'AuthenticationRequiredError',
    code: -32009,
    message: 'Authentication required',
    collides: [{ spec: 'A2A v1.0', name: 'VersionNotSupportedError' }],
  },
  { name: 'InvalidTokenError', code: -32010, message: 'Invalid authentication token', collides: [{ spec: 'A2A v1.1 draft', name: '' }] },
  { name: 'TokenExpiredError', code: -32011, message: 'Authentication token expired', collides: [] },
  { name: 'InvalidTokenSignatureError', code: -32012, message: 'Invalid token signature', collides: [] },
  { name: 'InsufficientPermissionsError', code: -32013, message: 'Insufficient permissions', collides: [] },
  { name: 'ContextNotFoundError', code: -32020, message: 'Context not found', collides: [] },
  { name: 'ContextNotCancelableError', code: -32021, message: 'Context cannot be canceled', collides: [] },
  { name: 'SkillNotFoundError', code: -32030, message: 'Skill not found', collides: [] },
] as const satisfies readonly {
  readonly name: string;
  readonly code: number;
  readonly message: string;
  readonly collides: readonly { readonly spec: string; readonly name: string }[];
}[];

/** The name of an error Bindu adds. */
export type BinduErrorName = (typeof BINDU_ERRORS)[number]['name'];

/** One error Bindu adds, by name. */
export function binduError<N extends BinduErrorName>(name: N): Extract<(typeof BINDU_ERRORS)[number], { name: N }> {
  return BINDU_ERRORS.find((error) => error.name === name) as Extract<(typeof BINDU_ERRORS)[number], { name: N }>;
}

/** One error as a wire names it. */
export interface WireError {
  readonly name: string;
  readonly code: number;
  /** The message servers send unless they word their own (the default of the `message` member). */
  readonly message: string;
  /** The HTTP status the wire's HTTP+JSON binding answers it with. */
  readonly httpStatus: number;
  /** The v1.0 ErrorInfo `reason` (A2A errors only). */
  readonly reason?: string;
}

type Rows = typeof A2A_ERRORS;
/** The A2A errors a wire has, as rows `{ name, code }`, in the table's order (a tuple, so a union of them keeps its order). */
type A2AOf<T, W extends Wire> = T extends readonly [infer H, ...infer R]
  ? H extends { readonly code: infer C; readonly wires: { readonly [K in W]: { readonly name: infer N } } }
    ? [{ name: N; code: C }, ...A2AOf<R, W>]
    : A2AOf<R, W>
  : [];
type NamesOf<T> = { readonly [K in keyof T]: T[K] extends { name: infer N } ? N : never };

/** The name of a JSON-RPC 2.0 error. */
export type JsonRpcErrorName = (typeof JSONRPC_ERRORS)[number]['name'];
/** The names of the A2A errors of a wire, in code order. */
export type A2AErrorNames<W extends Wire> = NamesOf<A2AOf<Rows, W>>;
/** The name of an error (JSON-RPC or A2A) on a wire. */
export type ErrorName<W extends Wire> = (JsonRpcErrorName | A2AErrorNames<W>[number]) & string;
type AnyRow<W extends Wire> = (typeof JSONRPC_ERRORS)[number] | A2AOf<Rows, W>[number];
/** The code of an error, by wire and name (a literal type, which the schemas' static types carry). */
export type ErrorCode<W extends Wire, N extends string> = Extract<AnyRow<W>, { name: N }>['code'] & number;

/** Every error of a wire: the five JSON-RPC ones, then its A2A errors in code order. */
export function wireErrors(wire: Wire): readonly WireError[] {
  const a2a = A2A_ERRORS.flatMap((row): WireError[] => {
    const named = (row.wires as Partial<Record<Wire, { name: string; message: string }>>)[wire];
    if (!named) return [];
    return [{ name: named.name, code: row.code, message: named.message, httpStatus: row.httpStatus, reason: row.reason }];
  });
  return [...JSONRPC_ERRORS, ...a2a];
}

/** One error of a wire, by name; throws for a name the wire does not have. */
export function wireError<W extends Wire, N extends ErrorName<W>>(
  wire: W,
  name: N,
): WireError & { readonly name: N; readonly code: ErrorCode<W, N> } {
  const found = wireErrors(wire).find((error) => error.name === name);
  if (!found) throw new Error(`the A2A ${wire} wire has no error named ${name}`);
  return found as WireError & { readonly name: N; readonly code: ErrorCode<W, N> };
}

/** The names of the A2A errors of a wire, in code order (the JSON-RPC ones are `JSONRPC_ERROR_NAMES`). */
export function a2aErrorNames<W extends Wire>(wire: W): A2AErrorNames<W> {
  return wireErrors(wire)
    .slice(JSONRPC_ERRORS.length)
    .map((error) => error.name) as unknown as A2AErrorNames<W>;
}

/** The names of the five JSON-RPC 2.0 errors, in the order JSON-RPC lists them. */
export const JSONRPC_ERROR_NAMES = JSONRPC_ERRORS.map((error) => error.name) as unknown as NamesOf<typeof JSONRPC_ERRORS>;

/** The HTTP status of each error of a wire, by name: the `errorStatus` map of the wire's REST binding. */
export function httpStatusByName(wire: Wire): Readonly<Record<string, number>> {
  return Object.fromEntries(wireErrors(wire).map((error) => [error.name, error.httpStatus]));
}

/** The ErrorInfo `reason` of each A2A error code (v1.0 §9.5: the error name in UPPER_SNAKE_CASE without "Error"). */
export const ERROR_REASONS: Readonly<Record<number, string>> = Object.fromEntries(A2A_ERRORS.map((row) => [row.code, row.reason]));
