/**
 * A2A v1.0 errors on the JSON-RPC binding: the five standard JSON-RPC errors, the nine A2A errors
 * (-32001 to -32009), the error details A2A v1.0 puts in `error.data` (an array of ProtoJSON
 * `google.protobuf.Any` objects, each of which MUST name its type in `@type`; v1.0.1 §9.5 makes the
 * `google.rpc.ErrorInfo` of an A2A error a SHOULD, which `validateMessage` reports as a warning,
 * where v1.0.0 said MUST), the generic error object and the error response. Codes, names, default
 * messages and reasons are `../error-table.ts`'s; the descriptions are written here.
 */
import { Type, type TLiteral } from '@sinclair/typebox';
import { ErrorResponse, RefUnion, errorMessage, standardErrors } from '../jsonrpc.js';
import {
  A2A_ERROR_DOMAIN,
  BAD_REQUEST_TYPE_URL,
  ERROR_INFO_TYPE_URL,
  JSONRPC_ERROR_NAMES,
  a2aErrorNames,
  wireError,
  type A2AErrorNames,
  type ErrorCode,
} from '../error-table.js';
import { Field, ProtoObject, Required } from './proto.js';

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
      Type.Record(Type.String(), Type.String(), {
        description: 'Further facts about the error, as string values (for example the task id).',
      }),
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

type V1A2AErrorName = A2AErrorNames<'v1.0'>[number];

/**
 * An A2A error of v1.0: the code and default message the error table gives, and an optional `data`, an array of
 * error details each naming its `@type` (v1.0.1 §9.5 MUST). The `google.rpc.ErrorInfo` naming the error is a SHOULD
 * on JSON-RPC in v1.0.1 (v1.0.0: MUST), so the schema does not require it; `validateMessage` warns when it is
 * missing, and check-server holds an agent to the revision it checks (SPEC-NOTES P-5).
 */
function A2AErrorType<const N extends V1A2AErrorName>(name: N, text: { code: string; description: string }) {
  const fact = wireError('v1.0', name);
  const reason = fact.reason as string;
  return Type.Object(
    {
      code: Type.Literal(fact.code, { description: `${text.code}: ${fact.code}.` }) as TLiteral<ErrorCode<'v1.0', N>>,
      message: errorMessage(fact.message),
      data: Type.Optional(
        Type.Array(Type.Ref('ErrorDetail'), {
          description:
            'Details of the error as ProtoJSON `Any` objects, each of which MUST carry its `@type` (A2A v1.0.1 §9.5); one of them ' +
            `SHOULD be a \`google.rpc.ErrorInfo\` with reason \`${reason}\` and domain \`${A2A_ERROR_DOMAIN}\` (v1.0.1 §9.5; v1.0.0 said MUST, ` +
            'and HTTP+JSON §11.6 and gRPC §10.6 still do); other details may follow.',
        }),
      ),
    },
    { description: text.description },
  );
}

export const { JSONParseError, InvalidRequestError, MethodNotFoundError, InvalidParamsError, InternalError } = standardErrors('v1.0', {
  MethodNotFoundError:
    'No method by that name exists on this server (a v0.3 name such as `message/send` on a v1.0-only server, for example).',
});

export const TaskNotFoundError = A2AErrorType('TaskNotFoundError', {
  code: 'The code of an unknown task',
  description: 'A2A error: no task with the given id exists, or it is no longer available.',
});

export const TaskNotCancelableError = A2AErrorType('TaskNotCancelableError', {
  code: 'The code of a task that cannot be canceled',
  description: 'A2A error: the task cannot be canceled, typically because it is already in a terminal state.',
});

export const PushNotificationNotSupportedError = A2AErrorType('PushNotificationNotSupportedError', {
  code: 'The code of unsupported push notifications',
  description: 'A2A error: the agent does not support push notifications.',
});

export const UnsupportedOperationError = A2AErrorType('UnsupportedOperationError', {
  code: 'The code of an unsupported operation',
  description: 'A2A error: the operation is not supported, for example subscribing to a task that is already terminal.',
});

export const ContentTypeNotSupportedError = A2AErrorType('ContentTypeNotSupportedError', {
  code: 'The code of an unsupported content type',
  description: 'A2A error: a media type in the request or the accepted output modes is not supported.',
});

export const InvalidAgentResponseError = A2AErrorType('InvalidAgentResponseError', {
  code: 'The code of an invalid agent response',
  description: 'A2A error: the agent produced a response that does not conform to the specification.',
});

export const ExtendedAgentCardNotConfiguredError = A2AErrorType('ExtendedAgentCardNotConfiguredError', {
  code: 'The code of a missing extended agent card',
  description: 'A2A error: the agent has no extended Agent Card to return (v0.3 called it AuthenticatedExtendedCardNotConfiguredError).',
});

export const ExtensionSupportRequiredError = A2AErrorType('ExtensionSupportRequiredError', {
  code: 'The code of a required extension the client did not declare',
  description: 'A2A error: the agent requires an extension that the client did not declare in `A2A-Extensions`.',
});

export const VersionNotSupportedError = A2AErrorType('VersionNotSupportedError', {
  code: 'The code of an unsupported protocol version',
  description: 'A2A error: the agent does not support the A2A version the client asked for (`A2A-Version`).',
});

/** The error types A2A v1.0 names: the five JSON-RPC errors, then the nine A2A errors. */
export const a2aV1ErrorTypes = [...JSONRPC_ERROR_NAMES, ...a2aErrorNames('v1.0')] as const;

/** The codes of the A2A errors of v1.0 (-32001 to -32009). */
const A2A_ERROR_CODES = a2aErrorNames('v1.0').map((name) => wireError('v1.0', name).code);

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
