/**
 * A2A v1.0 errors on the JSON-RPC binding: the five standard JSON-RPC errors, the nine A2A errors
 * (-32001 to -32009), the error details A2A v1.0 puts in `error.data` (an array of ProtoJSON
 * `google.protobuf.Any` objects, each naming its type in `@type`, preferably a
 * `google.rpc.ErrorInfo`), the generic error object and the error response.
 */
import { Type, type TLiteral } from '@sinclair/typebox';
import { ErrorResponse, ErrorType, RefUnion, errorMessage } from '../jsonrpc.js';
import { Field, ProtoObject, Required } from './proto.js';

/** `@type` of a `google.rpc.ErrorInfo` detail. */
export const ERROR_INFO_TYPE_URL = 'type.googleapis.com/google.rpc.ErrorInfo';
/** `@type` of a `google.rpc.BadRequest` detail. */
export const BAD_REQUEST_TYPE_URL = 'type.googleapis.com/google.rpc.BadRequest';
/** The `domain` A2A errors name in their ErrorInfo. */
export const A2A_ERROR_DOMAIN = 'a2a-protocol.org';

// ---------------------------------------------------------------------------------------------
// Error details
// ---------------------------------------------------------------------------------------------

export const ErrorInfo = ProtoObject(
  [
    Required('@type', Type.Literal(ERROR_INFO_TYPE_URL, { description: 'The type of the detail; always the ErrorInfo type URL.' })),
    Required(
      'reason',
      Type.String({
        description: 'Why the error happened, as an UPPER_SNAKE_CASE constant of the domain, for example `TASK_NOT_FOUND`.',
      }),
    ),
    Required('domain', Type.String({ description: 'Who defines the reason; `a2a-protocol.org` for the A2A errors.' })),
    Field(
      'metadata',
      Type.Record(Type.String(), Type.String(), { description: 'Further facts about the error, as string values (for example the task id).' }),
    ),
  ],
  { description: 'A `google.rpc.ErrorInfo` error detail: the machine-readable reason of an error and its domain.' },
);

export const FieldViolation = ProtoObject(
  [
    Required('field', Type.String({ description: 'The path of the offending field in the request, for example `message.parts`.' })),
    Required('description', Type.String({ description: 'What is wrong with the field.' })),
    Field('reason', Type.String({ description: 'An UPPER_SNAKE_CASE reason for the violation.' })),
    Field('localizedMessage', Type.String({ description: 'A message for people, in their language.' })),
  ],
  { description: 'One invalid field of a request (`google.rpc.BadRequest.FieldViolation`).' },
);

export const BadRequest = ProtoObject(
  [
    Required('@type', Type.Literal(BAD_REQUEST_TYPE_URL, { description: 'The type of the detail; always the BadRequest type URL.' })),
    Required('fieldViolations', Type.Array(Type.Ref('FieldViolation'), { minItems: 1, description: 'The invalid fields.' })),
  ],
  { description: 'A `google.rpc.BadRequest` error detail: which fields of the request are invalid and why.' },
);

export const ErrorDetail = Type.Union(
  [
    Type.Ref('ErrorInfo'),
    Type.Ref('BadRequest'),
    Type.Object(
      {
        '@type': Type.String({
          description: 'The type URL of the detail (any type but the two above, whose shapes are checked).',
          not: { enum: [ERROR_INFO_TYPE_URL, BAD_REQUEST_TYPE_URL] },
        }),
      },
      { description: 'A detail of another type: any object naming its type in `@type`.' },
    ),
  ],
  {
    description:
      'One error detail: a ProtoJSON `google.protobuf.Any`, an object naming its type URL in `@type` beside the fields of that type.',
  },
);

// ---------------------------------------------------------------------------------------------
// Error types
// ---------------------------------------------------------------------------------------------

/** An A2A error of v1.0: a fixed code, a default message and `data` as an array of error details. */
function A2AErrorType<const C extends number>(spec: { code: C; codeDescription: string; defaultMessage: string; reason: string; description: string }) {
  return Type.Object(
    {
      code: Type.Literal(spec.code, { description: spec.codeDescription }) as TLiteral<C>,
      message: errorMessage(spec.defaultMessage),
      data: Type.Optional(
        Type.Array(Type.Ref('ErrorDetail'), {
          description: `Details of the error as ProtoJSON \`Any\` objects, each with its \`@type\`; A2A recommends a \`google.rpc.ErrorInfo\` with reason \`${spec.reason}\` and domain \`a2a-protocol.org\`.`,
        }),
      ),
    },
    { description: spec.description },
  );
}

export const JSONParseError = ErrorType({
  code: -32700,
  codeDescription: 'The code of a parse error: -32700.',
  defaultMessage: 'Invalid JSON payload',
  description: 'The server could not parse the request body as JSON.',
});

export const InvalidRequestError = ErrorType({
  code: -32600,
  codeDescription: 'The code of an invalid request: -32600.',
  defaultMessage: 'Request payload validation error',
  description: 'The body was JSON but not a valid JSON-RPC request object.',
});

export const MethodNotFoundError = ErrorType({
  code: -32601,
  codeDescription: 'The code of an unknown method: -32601.',
  defaultMessage: 'Method not found',
  description: 'No method by that name exists on this server (a v0.3 name such as `message/send` on a v1.0-only server, for example).',
});

export const InvalidParamsError = ErrorType({
  code: -32602,
  codeDescription: 'The code of invalid parameters: -32602.',
  defaultMessage: 'Invalid parameters',
  description: 'The parameters of the call are not valid for the method.',
});

export const InternalError = ErrorType({
  code: -32603,
  codeDescription: 'The code of an internal server error: -32603.',
  defaultMessage: 'Internal error',
  description: 'The server failed while handling the call.',
});

export const TaskNotFoundError = A2AErrorType({
  code: -32001,
  codeDescription: 'The code of an unknown task: -32001.',
  defaultMessage: 'Task not found',
  reason: 'TASK_NOT_FOUND',
  description: 'A2A error: no task with the given id exists, or it is no longer available.',
});

export const TaskNotCancelableError = A2AErrorType({
  code: -32002,
  codeDescription: 'The code of a task that cannot be canceled: -32002.',
  defaultMessage: 'Task cannot be canceled',
  reason: 'TASK_NOT_CANCELABLE',
  description: 'A2A error: the task cannot be canceled, typically because it is already in a terminal state.',
});

export const PushNotificationNotSupportedError = A2AErrorType({
  code: -32003,
  codeDescription: 'The code of unsupported push notifications: -32003.',
  defaultMessage: 'Push Notification is not supported',
  reason: 'PUSH_NOTIFICATION_NOT_SUPPORTED',
  description: 'A2A error: the agent does not support push notifications.',
});

export const UnsupportedOperationError = A2AErrorType({
  code: -32004,
  codeDescription: 'The code of an unsupported operation: -32004.',
  defaultMessage: 'This operation is not supported',
  reason: 'UNSUPPORTED_OPERATION',
  description: 'A2A error: the operation is not supported, for example subscribing to a task that is already terminal.',
});

export const ContentTypeNotSupportedError = A2AErrorType({
  code: -32005,
  codeDescription: 'The code of an unsupported content type: -32005.',
  defaultMessage: 'Incompatible content types',
  reason: 'CONTENT_TYPE_NOT_SUPPORTED',
  description: 'A2A error: a media type in the request or the accepted output modes is not supported.',
});

export const InvalidAgentResponseError = A2AErrorType({
  code: -32006,
  codeDescription: 'The code of an invalid agent response: -32006.',
  defaultMessage: 'Invalid agent response',
  reason: 'INVALID_AGENT_RESPONSE',
  description: 'A2A error: the agent produced a response that does not conform to the specification.',
});

export const ExtendedAgentCardNotConfiguredError = A2AErrorType({
  code: -32007,
  codeDescription: 'The code of a missing extended agent card: -32007.',
  defaultMessage: 'Extended Agent Card is not configured',
  reason: 'EXTENDED_AGENT_CARD_NOT_CONFIGURED',
  description: 'A2A error: the agent has no extended Agent Card to return (v0.3 called it AuthenticatedExtendedCardNotConfiguredError).',
});

export const ExtensionSupportRequiredError = A2AErrorType({
  code: -32008,
  codeDescription: 'The code of a required extension the client did not declare: -32008.',
  defaultMessage: 'Extension support is required',
  reason: 'EXTENSION_SUPPORT_REQUIRED',
  description: 'A2A error: the agent requires an extension that the client did not declare in `A2A-Extensions`.',
});

export const VersionNotSupportedError = A2AErrorType({
  code: -32009,
  codeDescription: 'The code of an unsupported protocol version: -32009.',
  defaultMessage: 'This protocol version is not supported',
  reason: 'VERSION_NOT_SUPPORTED',
  description: 'A2A error: the agent does not support the A2A version the client asked for (`A2A-Version`).',
});

/** The nine A2A error codes of v1.0. */
export const A2A_ERROR_CODES = [-32001, -32002, -32003, -32004, -32005, -32006, -32007, -32008, -32009] as const;

/** The error types A2A v1.0 names: the five JSON-RPC errors, then the nine A2A errors. */
export const a2aV1ErrorTypes = [
  'JSONParseError',
  'InvalidRequestError',
  'MethodNotFoundError',
  'InvalidParamsError',
  'InternalError',
  'TaskNotFoundError',
  'TaskNotCancelableError',
  'PushNotificationNotSupportedError',
  'UnsupportedOperationError',
  'ContentTypeNotSupportedError',
  'InvalidAgentResponseError',
  'ExtendedAgentCardNotConfiguredError',
  'ExtensionSupportRequiredError',
  'VersionNotSupportedError',
] as const;

export const A2AError = RefUnion(a2aV1ErrorTypes, 'Any of the errors A2A v1.0 names, told apart by `code`.');

export const JSONRPCError = Type.Object(
  {
    code: Type.Integer({
      description:
        'A number identifying the kind of error; not one of the nine A2A codes (-32001 to -32009), whose errors have their own shape. Server-defined errors use -32000 to -32099.',
      not: { enum: [...A2A_ERROR_CODES] },
    }),
    message: Type.String({ description: 'A short, human-readable summary of the error.' }),
    data: Type.Optional(Type.Unknown({ description: 'Optional extra detail about the error, of any JSON type.' })),
  },
  {
    description:
      'The error object of JSON-RPC 2.0, for the errors A2A does not name (such as server-defined errors); an A2A error code must match its own error type.',
  },
);

export const JSONRPCErrorResponse = ErrorResponse(
  ['JSONRPCError', ...a2aV1ErrorTypes],
  'What went wrong: a generic JSON-RPC error or one of the errors A2A v1.0 names.',
);
