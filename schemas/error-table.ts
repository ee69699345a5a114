/**
 * The errors of A2A as plain facts, the one table both wires read: the five errors JSON-RPC 2.0
 * defines, then each A2A error with its code, its name and default message on each wire (v0.3
 * lacks -32008 and -32009; -32007 was renamed) and its v1.0 ErrorInfo `reason`; and, per revision
 * of A2A v1.0 (`SPEC_REVISIONS`), each error's HTTP status, gRPC status and reason (§5.4 of that
 * revision). Both wires' error types (`a2a/errors.ts`, `a2a-v1/errors.ts`, the JSON-RPC ones built
 * once by `jsonrpc.ts`), both REST bindings' `errorStatus` maps, the OpenAPI documents, check-server,
 * the proxy and the docs site are made from it. v0.3.0 names no status per error: its REST binding
 * uses v1.0.0's table (`V03_STATUS_REVISION`), as @a2a-js/sdk 0.3.x does for the codes it maps.
 * No TypeBox: the runtime reads this without building a schema.
 *
 * Stable API (other modules and branches import it; add rows, do not rename): `SPEC_REVISIONS`,
 * `SpecRevision`, `GrpcStatus`, `ErrorStatus`, `ERROR_STATUS_TABLE`, `errorStatus(code, revision)`,
 * `httpStatusByName(wire, revision?)`, `grpcStatusOf(code, revision)`.
 */
import type { Wire } from './variant-table.js';
import { LATEST_SPEC_REVISION, SPEC_REVISIONS, revisionRules, type RequirementLevel, type SpecRevision } from './spec-revisions.js';

export { SPEC_REVISIONS, LATEST_SPEC_REVISION, type SpecRevision };

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
  { name: 'JSONParseError', code: -32700, message: 'Invalid JSON payload' },
  { name: 'InvalidRequestError', code: -32600, message: 'Request payload validation error' },
  { name: 'MethodNotFoundError', code: -32601, message: 'Method not found' },
  { name: 'InvalidParamsError', code: -32602, message: 'Invalid parameters' },
  { name: 'InternalError', code: -32603, message: 'Internal error' },
] as const;

/** The A2A errors in code order; `wires` gives the name and default message on each wire that has the error. */
export const A2A_ERRORS = [
  {
    code: -32001,
    reason: 'TASK_NOT_FOUND',
    wires: {
      'v0.3': { name: 'TaskNotFoundError', message: 'Task not found' },
      'v1.0': { name: 'TaskNotFoundError', message: 'Task not found' },
    },
  },
  {
    code: -32002,
    reason: 'TASK_NOT_CANCELABLE',
    wires: {
      'v0.3': { name: 'TaskNotCancelableError', message: 'Task cannot be canceled' },
      'v1.0': { name: 'TaskNotCancelableError', message: 'Task cannot be canceled' },
    },
  },
  {
    code: -32003,
    reason: 'PUSH_NOTIFICATION_NOT_SUPPORTED',
    wires: {
      'v0.3': { name: 'PushNotificationNotSupportedError', message: 'Push Notification is not supported' },
      'v1.0': { name: 'PushNotificationNotSupportedError', message: 'Push Notification is not supported' },
    },
  },
  {
    code: -32004,
    reason: 'UNSUPPORTED_OPERATION',
    wires: {
      'v0.3': { name: 'UnsupportedOperationError', message: 'This operation is not supported' },
      'v1.0': { name: 'UnsupportedOperationError', message: 'This operation is not supported' },
    },
  },
  {
    code: -32005,
    reason: 'CONTENT_TYPE_NOT_SUPPORTED',
    wires: {
      'v0.3': { name: 'ContentTypeNotSupportedError', message: 'Incompatible content types' },
      'v1.0': { name: 'ContentTypeNotSupportedError', message: 'Incompatible content types' },
    },
  },
  {
    code: -32006,
    reason: 'INVALID_AGENT_RESPONSE',
    wires: {
      'v0.3': { name: 'InvalidAgentResponseError', message: 'Invalid agent response' },
      'v1.0': { name: 'InvalidAgentResponseError', message: 'Invalid agent response' },
    },
  },
  {
    code: -32007,
    reason: 'EXTENDED_AGENT_CARD_NOT_CONFIGURED',
    wires: {
      'v0.3': { name: 'AuthenticatedExtendedCardNotConfiguredError', message: 'Authenticated Extended Card is not configured' },
      'v1.0': { name: 'ExtendedAgentCardNotConfiguredError', message: 'Extended Agent Card is not configured' },
    },
  },
  {
    code: -32008,
    reason: 'EXTENSION_SUPPORT_REQUIRED',
    wires: { 'v1.0': { name: 'ExtensionSupportRequiredError', message: 'Extension support is required' } },
  },
  {
    code: -32009,
    reason: 'VERSION_NOT_SUPPORTED',
    wires: { 'v1.0': { name: 'VersionNotSupportedError', message: 'This protocol version is not supported' } },
  },
] as const;

/** A gRPC canonical status code name (`google.rpc.Code`), as §5.4 and §10.6 write them. */
export type GrpcStatus =
  | 'INVALID_ARGUMENT'
  | 'NOT_FOUND'
  | 'FAILED_PRECONDITION'
  | 'UNIMPLEMENTED'
  | 'INTERNAL'
  | 'UNAUTHENTICATED'
  | 'PERMISSION_DENIED'
  | 'UNAVAILABLE';

/** How one error is answered under one revision. */
export interface ErrorStatus {
  /** The HTTP status of the HTTP+JSON binding. */
  readonly httpStatus: number;
  /** The gRPC status (`google.rpc.Code` name) of the gRPC binding; also the `status` of an HTTP+JSON error body. */
  readonly grpcStatus: GrpcStatus;
  /** The `google.rpc.ErrorInfo` reason (A2A errors only). */
  readonly reason?: string;
}

/** One row of a revision's table: an error code and how that revision answers it. */
export interface ErrorStatusRow extends ErrorStatus {
  readonly code: number;
}

/**
 * Each revision's statuses, by error code. The A2A errors (-32001 … -32009) are the §5.4 table of the
 * revision, word for word; the five JSON-RPC 2.0 errors follow §3.3.2's examples (validation: 400 and
 * INVALID_ARGUMENT; system: 500 and INTERNAL) and gRPC's own UNIMPLEMENTED for a method it does not
 * serve (HTTP 404, as @a2a-js/sdk answers an unknown route). v1.0.1 changed: -32002 409 → 400,
 * -32005 415 → 400, -32006 502 → 500; gRPC -32003, -32004, -32009 UNIMPLEMENTED → FAILED_PRECONDITION.
 */
export const ERROR_STATUS_TABLE: Readonly<Record<SpecRevision, readonly ErrorStatusRow[]>> = {
  '1.0.0': [
    { code: -32700, httpStatus: 400, grpcStatus: 'INVALID_ARGUMENT' },
    { code: -32600, httpStatus: 400, grpcStatus: 'INVALID_ARGUMENT' },
    { code: -32601, httpStatus: 404, grpcStatus: 'UNIMPLEMENTED' },
    { code: -32602, httpStatus: 400, grpcStatus: 'INVALID_ARGUMENT' },
    { code: -32603, httpStatus: 500, grpcStatus: 'INTERNAL' },
    { code: -32001, httpStatus: 404, grpcStatus: 'NOT_FOUND', reason: 'TASK_NOT_FOUND' },
    { code: -32002, httpStatus: 409, grpcStatus: 'FAILED_PRECONDITION', reason: 'TASK_NOT_CANCELABLE' },
    { code: -32003, httpStatus: 400, grpcStatus: 'UNIMPLEMENTED', reason: 'PUSH_NOTIFICATION_NOT_SUPPORTED' },
    { code: -32004, httpStatus: 400, grpcStatus: 'UNIMPLEMENTED', reason: 'UNSUPPORTED_OPERATION' },
    { code: -32005, httpStatus: 415, grpcStatus: 'INVALID_ARGUMENT', reason: 'CONTENT_TYPE_NOT_SUPPORTED' },
    { code: -32006, httpStatus: 502, grpcStatus: 'INTERNAL', reason: 'INVALID_AGENT_RESPONSE' },
    { code: -32007, httpStatus: 400, grpcStatus: 'FAILED_PRECONDITION', reason: 'EXTENDED_AGENT_CARD_NOT_CONFIGURED' },
    { code: -32008, httpStatus: 400, grpcStatus: 'FAILED_PRECONDITION', reason: 'EXTENSION_SUPPORT_REQUIRED' },
    { code: -32009, httpStatus: 400, grpcStatus: 'UNIMPLEMENTED', reason: 'VERSION_NOT_SUPPORTED' },
  ],
  '1.0.1': [
    { code: -32700, httpStatus: 400, grpcStatus: 'INVALID_ARGUMENT' },
    { code: -32600, httpStatus: 400, grpcStatus: 'INVALID_ARGUMENT' },
    { code: -32601, httpStatus: 404, grpcStatus: 'UNIMPLEMENTED' },
    { code: -32602, httpStatus: 400, grpcStatus: 'INVALID_ARGUMENT' },
    { code: -32603, httpStatus: 500, grpcStatus: 'INTERNAL' },
    { code: -32001, httpStatus: 404, grpcStatus: 'NOT_FOUND', reason: 'TASK_NOT_FOUND' },
    { code: -32002, httpStatus: 400, grpcStatus: 'FAILED_PRECONDITION', reason: 'TASK_NOT_CANCELABLE' },
    { code: -32003, httpStatus: 400, grpcStatus: 'FAILED_PRECONDITION', reason: 'PUSH_NOTIFICATION_NOT_SUPPORTED' },
    { code: -32004, httpStatus: 400, grpcStatus: 'FAILED_PRECONDITION', reason: 'UNSUPPORTED_OPERATION' },
    { code: -32005, httpStatus: 400, grpcStatus: 'INVALID_ARGUMENT', reason: 'CONTENT_TYPE_NOT_SUPPORTED' },
    { code: -32006, httpStatus: 500, grpcStatus: 'INTERNAL', reason: 'INVALID_AGENT_RESPONSE' },
    { code: -32007, httpStatus: 400, grpcStatus: 'FAILED_PRECONDITION', reason: 'EXTENDED_AGENT_CARD_NOT_CONFIGURED' },
    { code: -32008, httpStatus: 400, grpcStatus: 'FAILED_PRECONDITION', reason: 'EXTENSION_SUPPORT_REQUIRED' },
    { code: -32009, httpStatus: 400, grpcStatus: 'FAILED_PRECONDITION', reason: 'VERSION_NOT_SUPPORTED' },
  ],
};

/** The revision whose statuses the v0.3 wire's REST binding uses (v0.3.0 names none per error). */
export const V03_STATUS_REVISION: SpecRevision = '1.0.0';

/** The revision a wire's statuses follow unless one is named: v1.0 the latest, v0.3 `V03_STATUS_REVISION`. */
export function defaultStatusRevision(wire: Wire): SpecRevision {
  return wire === 'v0.3' ? V03_STATUS_REVISION : LATEST_SPEC_REVISION;
}

/** How `revision` answers the error `code` (HTTP status, gRPC status, ErrorInfo reason); undefined for a code the table lacks. */
export function errorStatus(code: number, revision: SpecRevision): ErrorStatus | undefined {
  const row = ERROR_STATUS_TABLE[revision].find((entry) => entry.code === code);
  if (!row) return undefined;
  return { httpStatus: row.httpStatus, grpcStatus: row.grpcStatus, ...(row.reason !== undefined ? { reason: row.reason } : {}) };
}

/** The gRPC status `revision` gives the error `code`; undefined for a code the table lacks. */
export function grpcStatusOf(code: number, revision: SpecRevision): GrpcStatus | undefined {
  return errorStatus(code, revision)?.grpcStatus;
}

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
  /** The HTTP status the wire's HTTP+JSON binding answers it with, under the revision asked for. */
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

/** Every error of a wire: the five JSON-RPC ones, then its A2A errors in code order; statuses of `revision`. */
export function wireErrors(wire: Wire, revision: SpecRevision = defaultStatusRevision(wire)): readonly WireError[] {
  const status = (code: number) => errorStatus(code, revision)!.httpStatus;
  const jsonRpc = JSONRPC_ERRORS.map((row): WireError => ({ ...row, httpStatus: status(row.code) }));
  const a2a = A2A_ERRORS.flatMap((row): WireError[] => {
    const named = (row.wires as Partial<Record<Wire, { name: string; message: string }>>)[wire];
    if (!named) return [];
    return [{ name: named.name, code: row.code, message: named.message, httpStatus: status(row.code), reason: row.reason }];
  });
  return [...jsonRpc, ...a2a];
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

/** The HTTP status of each error of a wire under `revision`, by name: the `errorStatus` map of the wire's REST binding. */
export function httpStatusByName(wire: Wire, revision: SpecRevision = defaultStatusRevision(wire)): Readonly<Record<string, number>> {
  return Object.fromEntries(wireErrors(wire, revision).map((error) => [error.name, error.httpStatus]));
}

/** The ErrorInfo `reason` of each A2A error code (v1.0 §9.5: the error name in UPPER_SNAKE_CASE without "Error"). */
export const ERROR_REASONS: Readonly<Record<number, string>> = Object.fromEntries(A2A_ERRORS.map((row) => [row.code, row.reason]));

/** What a revision asks of an A2A error's `google.rpc.ErrorInfo` on JSON-RPC: the validators' meta data carries it. */
export interface JsonRpcErrorInfoRule {
  readonly revision: SpecRevision;
  /** MUST in v1.0.0, SHOULD in v1.0.1. */
  readonly level: RequirementLevel;
  /** The section that says so (`9.5`). */
  readonly section: string;
  readonly type: string;
  readonly domain: string;
  /** The reason of each A2A error, by code (as a string, a JSON key). */
  readonly reasons: Readonly<Record<string, string>>;
}

/** The JSON-RPC ErrorInfo rule of a revision, made from the revision's rules and its rows. */
export function jsonRpcErrorInfoRule(revision: SpecRevision): JsonRpcErrorInfoRule {
  const rules = revisionRules(revision);
  const reasons = Object.fromEntries(
    ERROR_STATUS_TABLE[revision].flatMap((row) => (row.reason !== undefined ? [[String(row.code), row.reason]] : [])),
  );
  return {
    revision,
    level: rules.jsonRpcErrorInfo,
    section: rules.sections.jsonRpcErrors,
    type: ERROR_INFO_TYPE_URL,
    domain: A2A_ERROR_DOMAIN,
    reasons,
  };
}
