/**
 * A2A v0.3.0 errors: the five standard JSON-RPC errors and the seven A2A-specific ones, each a
 * JSON-RPC error object with a fixed `code` and a default `message`, and their union `A2AError`.
 */
import { ErrorType, RefUnion, a2aErrorTypes } from '../jsonrpc.js';

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
  description: 'No method by that name exists on this server, or it is not available.',
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

export const TaskNotFoundError = ErrorType({
  code: -32001,
  codeDescription: 'The code of an unknown task: -32001.',
  defaultMessage: 'Task not found',
  description: 'A2A error: no task with the given id exists, or it is no longer available.',
});

export const TaskNotCancelableError = ErrorType({
  code: -32002,
  codeDescription: 'The code for a non-cancelable task: -32002.',
  defaultMessage: 'Task cannot be canceled',
  description: 'A2A error: the task can no longer be canceled, typically because it already reached a terminal state.',
});

export const PushNotificationNotSupportedError = ErrorType({
  code: -32003,
  codeDescription: 'The code of unsupported push notifications: -32003.',
  defaultMessage: 'Push Notification is not supported',
  description: 'A2A error: the client used push notification features that this agent does not offer.',
});

export const UnsupportedOperationError = ErrorType({
  code: -32004,
  codeDescription: 'The code of an unsupported operation: -32004.',
  defaultMessage: 'This operation is not supported',
  description: 'A2A error: the agent does not support the requested operation, or some aspect of it.',
});

export const ContentTypeNotSupportedError = ErrorType({
  code: -32005,
  codeDescription: 'The code of unsupported content types: -32005.',
  defaultMessage: 'Incompatible content types',
  description: "A2A error: the media types involved in the request do not match what the agent can handle.",
});

export const InvalidAgentResponseError = ErrorType({
  code: -32006,
  codeDescription: 'The code of an invalid agent response: -32006.',
  defaultMessage: 'Invalid agent response',
  description: 'A2A error: the agent produced a response that does not fit what the method must return.',
});

export const AuthenticatedExtendedCardNotConfiguredError = ErrorType({
  code: -32007,
  codeDescription: 'The code of a missing authenticated extended card: -32007.',
  defaultMessage: 'Authenticated Extended Card is not configured',
  description: 'A2A error: the agent has no authenticated extended Agent Card to return.',
});

export const A2AError = RefUnion(
  a2aErrorTypes,
  'Any of the errors A2A names: the standard JSON-RPC ones and the A2A-specific ones, told apart by `code`.',
);
