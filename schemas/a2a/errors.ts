/**
 * A2A v0.3.0 errors: the five standard JSON-RPC errors and the seven A2A-specific ones, each a
 * JSON-RPC error object with a fixed `code` and a default `message`, and their union `A2AError`.
 */
import { Type } from '@sinclair/typebox';

const errorData = () =>
  Type.Optional(Type.Unknown({ description: 'Optional extra detail about the error, of any JSON type.' }));

const errorMessage = (defaultMessage: string) =>
  Type.String({
    description: 'A short, human-readable summary of the error; servers may use their own wording.',
    default: defaultMessage,
  });

export const JSONParseError = Type.Object(
  {
    code: Type.Literal(-32700, { description: 'The code of a parse error: -32700.' }),
    message: errorMessage('Invalid JSON payload'),
    data: errorData(),
  },
  { description: 'The server could not parse the request body as JSON.' },
);

export const InvalidRequestError = Type.Object(
  {
    code: Type.Literal(-32600, { description: 'The code of an invalid request: -32600.' }),
    message: errorMessage('Request payload validation error'),
    data: errorData(),
  },
  { description: 'The body was JSON but not a valid JSON-RPC request object.' },
);

export const MethodNotFoundError = Type.Object(
  {
    code: Type.Literal(-32601, { description: 'The code of an unknown method: -32601.' }),
    message: errorMessage('Method not found'),
    data: errorData(),
  },
  { description: 'No method by that name exists on this server, or it is not available.' },
);

export const InvalidParamsError = Type.Object(
  {
    code: Type.Literal(-32602, { description: 'The code of invalid parameters: -32602.' }),
    message: errorMessage('Invalid parameters'),
    data: errorData(),
  },
  { description: 'The parameters of the call are not valid for the method.' },
);

export const InternalError = Type.Object(
  {
    code: Type.Literal(-32603, { description: 'The code of an internal server error: -32603.' }),
    message: errorMessage('Internal error'),
    data: errorData(),
  },
  { description: 'The server failed while handling the call.' },
);

export const TaskNotFoundError = Type.Object(
  {
    code: Type.Literal(-32001, { description: 'The code of an unknown task: -32001.' }),
    message: errorMessage('Task not found'),
    data: errorData(),
  },
  { description: 'A2A error: no task with the given id exists, or it is no longer available.' },
);

export const TaskNotCancelableError = Type.Object(
  {
    code: Type.Literal(-32002, { description: 'The code for a non-cancelable task: -32002.' }),
    message: errorMessage('Task cannot be canceled'),
    data: errorData(),
  },
  { description: 'A2A error: the task can no longer be canceled, typically because it already reached a terminal state.' },
);

export const PushNotificationNotSupportedError = Type.Object(
  {
    code: Type.Literal(-32003, { description: 'The code of unsupported push notifications: -32003.' }),
    message: errorMessage('Push Notification is not supported'),
    data: errorData(),
  },
  { description: 'A2A error: the client used push notification features that this agent does not offer.' },
);

export const UnsupportedOperationError = Type.Object(
  {
    code: Type.Literal(-32004, { description: 'The code of an unsupported operation: -32004.' }),
    message: errorMessage('This operation is not supported'),
    data: errorData(),
  },
  { description: 'A2A error: the agent does not support the requested operation, or some aspect of it.' },
);

export const ContentTypeNotSupportedError = Type.Object(
  {
    code: Type.Literal(-32005, { description: 'The code of unsupported content types: -32005.' }),
    message: errorMessage('Incompatible content types'),
    data: errorData(),
  },
  { description: "A2A error: the media types involved in the request do not match what the agent can handle." },
);

export const InvalidAgentResponseError = Type.Object(
  {
    code: Type.Literal(-32006, { description: 'The code of an invalid agent response: -32006.' }),
    message: errorMessage('Invalid agent response'),
    data: errorData(),
  },
  { description: 'A2A error: the agent produced a response that does not fit what the method must return.' },
);

export const AuthenticatedExtendedCardNotConfiguredError = Type.Object(
  {
    code: Type.Literal(-32007, { description: 'The code of a missing authenticated extended card: -32007.' }),
    message: errorMessage('Authenticated Extended Card is not configured'),
    data: errorData(),
  },
  { description: 'A2A error: the agent has no authenticated extended Agent Card to return.' },
);

export const A2AError = Type.Union(
  [
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
  ],
  { description: 'Any of the errors A2A names: the standard JSON-RPC ones and the A2A-specific ones, told apart by `code`.' },
);
