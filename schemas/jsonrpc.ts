/**
 * JSON-RPC 2.0 for every variant, in two parts.
 *
 * The builders (exported functions, which `collect` leaves out of the definitions): the members
 * every envelope shares, the envelope of one method's request, success response and response
 * union, an error type with a fixed code, and an error response admitting a list of error types.
 * Variants write their method envelopes and errors with these, so the wording of the shared
 * members lives here only.
 *
 * The definitions (exported schemas): the generic message, request and success response shapes,
 * the generic error object, and the A2A v0.3.0 error response and response union. The names those
 * unions list are exported too (plain arrays, also left out by `collect`), so the A2A error union
 * and the bindu variant's unions extend them instead of repeating them.
 */
import {
  Type,
  type TInteger,
  type TLiteral,
  type TNever,
  type TNull,
  type TObject,
  type TOptional,
  type TRef,
  type TSchema,
  type TString,
  type TUnion,
  type TUnknown,
} from '@sinclair/typebox';
import { Absent, OpenObject } from './lib.js';
import { JSONRPC_ERROR_NAMES, a2aErrorNames, wireError, type ErrorCode, type ErrorName, type JsonRpcErrorName } from './error-table.js';
import type { Wire } from './variant-table.js';

// ---------------------------------------------------------------------------------------------
// Members shared by the envelopes
// ---------------------------------------------------------------------------------------------

/** The `jsonrpc` member of every message: the constant string `2.0`. */
export function jsonrpcVersion(): TLiteral<'2.0'> {
  return Type.Literal('2.0', { description: 'The JSON-RPC protocol version; always the string `2.0`.' });
}

/** The `id` of a method's request: a string or an integer the client picks (never null there). */
export function requestId(): TUnion<[TString, TInteger]> {
  return Type.Union([Type.String(), Type.Integer()], {
    description: 'The identifier the client picked for this call; the server repeats it in its response.',
  });
}

/** The `id` of a success response: the request's id, echoed (null admitted, as JSON-RPC allows). */
export function responseId(): TUnion<[TString, TInteger, TNull]> {
  return Type.Union([Type.String(), Type.Integer(), Type.Null()], {
    description: 'The identifier of the request this response answers.',
  });
}

/**
 * The member a response must not carry: `error` on a success response, `result` on an error
 * response. Optional and emitted as `{ "not": {} }`.
 */
export function mustBeAbsent(): TOptional<TNever> {
  return Type.Optional(Absent({ description: 'Must be absent: a response carries either `result` or `error`, never both.' }));
}

/** The `method` member of a method's request: the method name as a constant string. */
export function methodName<const M extends string>(method: M): TLiteral<M> {
  return Type.Literal(method, { description: `The method name; always \`${method}\`.` });
}

/** The `message` member of an error type, with the message servers send by default. */
export function errorMessage(defaultMessage: string): TString {
  return Type.String({
    description: 'A short, human-readable summary of the error; servers may use their own wording.',
    default: defaultMessage,
  });
}

/** The optional `data` member of an error type. */
export function errorData(): TOptional<TUnknown> {
  return Type.Optional(Type.Unknown({ description: 'Optional extra detail about the error, of any JSON type.' }));
}

/**
 * A union of the definitions with the given names, in that order, e.g. every request a variant
 * accepts or every error it names.
 */
export function RefUnion<const N extends readonly string[]>(
  names: N,
  description: string,
): TUnion<{ -readonly [K in keyof N]: TRef<N[K]> }> {
  return Type.Union(
    names.map((name) => Type.Ref(name)),
    { description },
  ) as unknown as TUnion<{ -readonly [K in keyof N]: TRef<N[K]> }>;
}

// ---------------------------------------------------------------------------------------------
// Method envelopes
// ---------------------------------------------------------------------------------------------

/** The members of a method's request without params. */
type RequestMembers<M extends string> = {
  jsonrpc: TLiteral<'2.0'>;
  id: TUnion<[TString, TInteger]>;
  method: TLiteral<M>;
};

/** The members of a method's request with params. */
type RequestWithParamsMembers<M extends string, P extends TSchema> = {
  jsonrpc: TLiteral<'2.0'>;
  id: TUnion<[TString, TInteger]>;
  method: TLiteral<M>;
  params: P;
};

/**
 * The request envelope of one method: `jsonrpc`, `id`, `method` (the constant `method`) and,
 * when the method takes parameters, `params` (the schema given, carrying its own description;
 * wrap it in `Type.Optional` when the parameters may be left out).
 *
 *   Request('tasks/get', Type.Ref('TaskQueryParams', { description: '…' }), 'A `tasks/get` call: …')
 *   Request('agent/getAuthenticatedExtendedCard', 'An `agent/getAuthenticatedExtendedCard` call: …')
 */
export function Request<const M extends string>(method: M, description: string): TObject<RequestMembers<M>>;
export function Request<const M extends string, P extends TSchema>(
  method: M,
  params: P,
  description: string,
): TObject<RequestWithParamsMembers<M, P>>;
export function Request(method: string, paramsOrDescription: TSchema | string, description?: string): TObject {
  const members = { jsonrpc: jsonrpcVersion(), id: requestId(), method: methodName(method) };
  if (typeof paramsOrDescription === 'string') return Type.Object(members, { description: paramsOrDescription });
  if (description === undefined) throw new TypeError(`Request('${method}'): a request with params needs a description`);
  return Type.Object({ ...members, params: paramsOrDescription }, { description });
}

/**
 * The success response envelope of one method: `jsonrpc`, `id`, `result` (the schema given,
 * carrying its own description) and an `error` that must be absent.
 */
export function SuccessResponse<R extends TSchema>(
  result: R,
  description: string,
): TObject<{ jsonrpc: TLiteral<'2.0'>; id: TUnion<[TString, TInteger, TNull]>; result: R; error: TOptional<TNever> }> {
  return Type.Object({ jsonrpc: jsonrpcVersion(), id: responseId(), result, error: mustBeAbsent() }, { description });
}

/**
 * Every answer one method can give: the variant's `JSONRPCErrorResponse` or the success
 * response with the given definition name.
 */
export function ResponseUnion<const S extends string>(
  successResponse: S,
  description: string,
): TUnion<[TRef<'JSONRPCErrorResponse'>, TRef<S>]> {
  return Type.Union([Type.Ref('JSONRPCErrorResponse'), Type.Ref(successResponse)], { description });
}

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/** What distinguishes one error type from another. */
export interface ErrorTypeSpec<C extends number> {
  /** The integer error code, a constant of the type. */
  readonly code: C;
  /** The description of the `code` member, e.g. "The code of an unknown task: -32001." */
  readonly codeDescription: string;
  /** The default of the `message` member: the message servers send unless they word their own. */
  readonly defaultMessage: string;
  /** What the error means: the description of the type. */
  readonly description: string;
}

/**
 * An error type: a JSON-RPC error object whose `code` is a constant, with a default `message`
 * and optional `data`. The build types the integer constant as `integer`.
 */
export function ErrorType<const C extends number>(
  spec: ErrorTypeSpec<C>,
): TObject<{ code: TLiteral<C>; message: TString; data: TOptional<TUnknown> }> {
  return Type.Object(
    {
      code: Type.Literal(spec.code, { description: spec.codeDescription }),
      message: errorMessage(spec.defaultMessage),
      data: errorData(),
    },
    { description: spec.description },
  );
}

/** What `ErrorType` builds for the code `C`. */
type ErrorTypeSchema<C extends number> = TObject<{ code: TLiteral<C>; message: TString; data: TOptional<TUnknown> }>;

/** An error type of a wire with the code and default message `error-table.ts` gives its name. */
export function WireErrorType<W extends Wire, const N extends ErrorName<W>>(
  wire: W,
  name: N,
  text: { readonly code: string; readonly description: string },
): ErrorTypeSchema<ErrorCode<W, N>> {
  const fact = wireError(wire, name);
  return ErrorType({
    code: fact.code as ErrorCode<W, N>,
    codeDescription: `${text.code}: ${fact.code}.`,
    defaultMessage: fact.message,
    description: text.description,
  });
}

/** The descriptions of the five JSON-RPC 2.0 error types: of their `code` member, and of the type. */
const STANDARD_ERROR_TEXT: Readonly<Record<JsonRpcErrorName, { readonly code: string; readonly description: string }>> = {
  JSONParseError: {
    code: 'The code of a parse error',
    description: 'The server could not parse the request body as JSON.',
  },
  InvalidRequestError: {
    code: 'The code of an invalid request',
    description: 'The body was JSON but not a valid JSON-RPC request object.',
  },
  MethodNotFoundError: {
    code: 'The code of an unknown method',
    description: 'No method by that name exists on this server, or it is not available.',
  },
  InvalidParamsError: {
    code: 'The code of invalid parameters',
    description: 'The parameters of the call are not valid for the method.',
  },
  InternalError: {
    code: 'The code of an internal server error',
    description: 'The server failed while handling the call.',
  },
};

/**
 * The five JSON-RPC 2.0 error types, for a variant's `errors.ts` to export under their names
 * (`export const { JSONParseError, … } = standardErrors('v0.3')`); `descriptions` rewords a type
 * for the wire.
 */
export function standardErrors<W extends Wire>(
  wire: W,
  descriptions: Partial<Record<JsonRpcErrorName, string>> = {},
): { [N in JsonRpcErrorName]: ErrorTypeSchema<ErrorCode<W, N>> } {
  const out: Record<string, TObject> = {};
  for (const name of JSONRPC_ERROR_NAMES) {
    const text = STANDARD_ERROR_TEXT[name];
    out[name] = WireErrorType(wire, name, { code: text.code, description: descriptions[name] ?? text.description });
  }
  return out as { [N in JsonRpcErrorName]: ErrorTypeSchema<ErrorCode<W, N>> };
}

/**
 * A variant's `JSONRPCErrorResponse`: `jsonrpc`, `id` (null when the request's id could not be
 * read), `error` (any of the named error types, described by `errorDescription`) and a `result`
 * that must be absent.
 */
export function ErrorResponse<const N extends readonly string[]>(errors: N, errorDescription: string) {
  return Type.Object(
    {
      jsonrpc: jsonrpcVersion(),
      id: Type.Union([Type.String(), Type.Integer(), Type.Null()], {
        description: 'The identifier of the request this response answers; null when it could not be read.',
      }),
      error: RefUnion(errors, errorDescription),
      result: mustBeAbsent(),
    },
    { description: 'A JSON-RPC 2.0 response reporting that the call failed.' },
  );
}

// ---------------------------------------------------------------------------------------------
// Definitions
// ---------------------------------------------------------------------------------------------

/** The `id` of a generic message: optional, since notifications carry none. */
const messageId = () =>
  Type.Optional(
    Type.Union([Type.String(), Type.Integer(), Type.Null()], {
      description:
        'The identifier the client picked for the call (string, integer or null), which the server copies into its response. Absent on notifications.',
    }),
  );

/** The error types of the five errors JSON-RPC 2.0 itself defines, which any method can return. */
export const standardErrorTypes = JSONRPC_ERROR_NAMES;

/** The error types A2A v0.3.0 names (its `A2AError`), in the order of the official schema. */
export const a2aErrorTypes = [...standardErrorTypes, ...a2aErrorNames('v0.3')] as const;

/** The success responses of the A2A v0.3.0 methods, in the order of the official `JSONRPCResponse`. */
export const a2aSuccessResponseTypes = [
  'SendMessageSuccessResponse',
  'SendStreamingMessageSuccessResponse',
  'GetTaskSuccessResponse',
  'CancelTaskSuccessResponse',
  'SetTaskPushNotificationConfigSuccessResponse',
  'GetTaskPushNotificationConfigSuccessResponse',
  'ListTaskPushNotificationConfigSuccessResponse',
  'DeleteTaskPushNotificationConfigSuccessResponse',
  'GetAuthenticatedExtendedCardSuccessResponse',
] as const;

export const JSONRPCMessage = Type.Object(
  { jsonrpc: jsonrpcVersion(), id: messageId() },
  {
    description:
      'The fields every JSON-RPC 2.0 message carries, whether request, response or notification. Not used on the wire by itself.',
  },
);

export const JSONRPCRequest = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: messageId(),
    method: Type.String({ description: 'Which method the server should run.' }),
    params: Type.Optional(OpenObject({ description: 'The arguments of the call, as a JSON object.' })),
  },
  { description: 'A generic JSON-RPC 2.0 call, with any method name and any parameters.' },
);

export const JSONRPCSuccessResponse = SuccessResponse(
  Type.Unknown({ description: 'The outcome of the call; its shape depends on the method that was called.' }),
  'A JSON-RPC 2.0 response reporting that the call succeeded.',
);

export const JSONRPCErrorResponse = ErrorResponse(
  ['JSONRPCError', ...a2aErrorTypes],
  'What went wrong: a generic JSON-RPC error or one of the errors A2A names.',
);

export const JSONRPCResponse = RefUnion(
  ['JSONRPCErrorResponse', ...a2aSuccessResponseTypes],
  'Any response an A2A server can send: an error response or the success response of one of its methods.',
);

export const JSONRPCError = Type.Object(
  {
    code: Type.Integer({ description: 'A number identifying the kind of error.' }),
    message: Type.String({ description: 'A short, human-readable summary of the error.' }),
    data: errorData(),
  },
  { description: 'The error object of JSON-RPC 2.0, carried in the `error` member of a failed response.' },
);
