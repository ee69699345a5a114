/**
 * Bindu errors (the error catalogue of Bindu's protocol types; codes -32008 to -32030), their union
 * `BinduError`, and the JSON-RPC error response of the bindu variant, whose `error` admits the
 * generic JSON-RPC error, every A2A error and every Bindu error.
 *
 * Each error has the same shape as the A2A ones: a constant integer `code`, a `message` whose
 * default is given here (servers may word it their own way) and optional `data`.
 */
import { Type, type TLiteral } from '@sinclair/typebox';
import { Absent } from '../lib.js';

/** An integer error code constant, emitted with `"type": "integer"` as A2A types its error codes. */
function ErrorCode<const C extends number>(code: C, description: string): TLiteral<C> {
  return { ...Type.Literal(code, { description }), type: 'integer' } as unknown as TLiteral<C>;
}

const errorData = () =>
  Type.Optional(Type.Unknown({ description: 'Optional extra detail about the error, of any JSON type.' }));

const errorMessage = (defaultMessage: string) =>
  Type.String({
    description: 'A short, human-readable summary of the error; servers may use their own wording.',
    default: defaultMessage,
  });

export const TaskImmutableError = Type.Object(
  {
    code: ErrorCode(-32008, 'The code of an immutable task: -32008.'),
    message: errorMessage('Task is in a terminal state and cannot be modified'),
    data: errorData(),
  },
  {
    description:
      'Bindu error: the task has reached a terminal state and can take no more messages; start a new task that lists it in `referenceTaskIds` instead.',
  },
);

export const AuthenticationRequiredError = Type.Object(
  {
    code: ErrorCode(-32009, 'The code of a missing authentication: -32009.'),
    message: errorMessage('Authentication required'),
    data: errorData(),
  },
  { description: 'Bindu error: the call carries no credentials, but the agent requires a bearer token.' },
);

export const InvalidTokenError = Type.Object(
  {
    code: ErrorCode(-32010, 'The code of an invalid token: -32010.'),
    message: errorMessage('Invalid authentication token'),
    data: errorData(),
  },
  { description: 'Bindu error: the authentication token is malformed or otherwise invalid.' },
);

export const TokenExpiredError = Type.Object(
  {
    code: ErrorCode(-32011, 'The code of an expired token: -32011.'),
    message: errorMessage('Authentication token expired'),
    data: errorData(),
  },
  { description: 'Bindu error: the authentication token has expired; the client must obtain a new one.' },
);

export const InvalidTokenSignatureError = Type.Object(
  {
    code: ErrorCode(-32012, 'The code of a token whose signature does not verify: -32012.'),
    message: errorMessage('Invalid token signature'),
    data: errorData(),
  },
  { description: 'Bindu error: the signature of the authentication token could not be verified.' },
);

export const InsufficientPermissionsError = Type.Object(
  {
    code: ErrorCode(-32013, 'The code of missing permissions: -32013.'),
    message: errorMessage('Insufficient permissions'),
    data: errorData(),
  },
  {
    description:
      'Bindu error: the caller is authenticated but lacks the permissions the operation needs.',
  },
);

export const ContextNotFoundError = Type.Object(
  {
    code: ErrorCode(-32020, 'The code of an unknown context: -32020.'),
    message: errorMessage('Context not found'),
    data: errorData(),
  },
  { description: 'Bindu error: no context with the given id exists, or it does not belong to the caller.' },
);

export const ContextNotCancelableError = Type.Object(
  {
    code: ErrorCode(-32021, 'The code of a context that cannot be canceled: -32021.'),
    message: errorMessage('Context cannot be canceled'),
    data: errorData(),
  },
  { description: 'Bindu error: the context cannot be canceled or cleared in its current state.' },
);

export const SkillNotFoundError = Type.Object(
  {
    code: ErrorCode(-32030, 'The code of an unknown skill: -32030.'),
    message: errorMessage('Skill not found'),
    data: errorData(),
  },
  { description: 'Bindu error: no skill with the given id exists on this agent.' },
);

export const BinduError = Type.Union(
  [
    Type.Ref('TaskImmutableError'),
    Type.Ref('AuthenticationRequiredError'),
    Type.Ref('InvalidTokenError'),
    Type.Ref('TokenExpiredError'),
    Type.Ref('InvalidTokenSignatureError'),
    Type.Ref('InsufficientPermissionsError'),
    Type.Ref('ContextNotFoundError'),
    Type.Ref('ContextNotCancelableError'),
    Type.Ref('SkillNotFoundError'),
  ],
  { description: 'Any of the errors Bindu adds to A2A, told apart by `code`.' },
);

export const JSONRPCErrorResponse = Type.Object(
  {
    jsonrpc: Type.Literal('2.0', { description: 'The JSON-RPC protocol version; always the string `2.0`.' }),
    id: Type.Union([Type.String(), Type.Integer(), Type.Null()], {
      description: 'The identifier of the request this response answers; null when it could not be read.',
    }),
    error: Type.Union(
      [
        Type.Ref('JSONRPCError'),
        Type.Ref('JSONParseError'),
        Type.Ref('InvalidRequestError'),
        Type.Ref('MethodNotFoundError'),
        Type.Ref('InvalidParamsError'),
        Type.Ref('InternalError'),
        Type.Ref('TaskNotFoundError'),
        Type.Ref('TaskNotCancelableError'),
        Type.Ref('PushNotificationNotSupportedError'),
        Type.Ref('UnsupportedOperationError'),
        Type.Ref('ContentTypeNotSupportedError'),
        Type.Ref('InvalidAgentResponseError'),
        Type.Ref('AuthenticatedExtendedCardNotConfiguredError'),
        Type.Ref('TaskImmutableError'),
        Type.Ref('AuthenticationRequiredError'),
        Type.Ref('InvalidTokenError'),
        Type.Ref('TokenExpiredError'),
        Type.Ref('InvalidTokenSignatureError'),
        Type.Ref('InsufficientPermissionsError'),
        Type.Ref('ContextNotFoundError'),
        Type.Ref('ContextNotCancelableError'),
        Type.Ref('SkillNotFoundError'),
      ],
      { description: 'What went wrong: a generic JSON-RPC error, one of the errors A2A names or one Bindu adds.' },
    ),
    result: Type.Optional(
      Absent({ description: 'Must be absent: a response carries either `result` or `error`, never both.' }),
    ),
  },
  { description: 'A JSON-RPC 2.0 response reporting that the call failed.' },
);
