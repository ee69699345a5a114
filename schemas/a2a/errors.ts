/**
 * A2A v0.3.0 errors: the five standard JSON-RPC errors and the seven A2A-specific ones, each a
 * JSON-RPC error object with a fixed `code` and a default `message`, and their union `A2AError`.
 * Codes, names and default messages are `../error-table.ts`'s; the descriptions are written here.
 */
import { RefUnion, WireErrorType, a2aErrorTypes, standardErrors } from '../jsonrpc.js';

export const { JSONParseError, InvalidRequestError, MethodNotFoundError, InvalidParamsError, InternalError } = standardErrors('v0.3');

export const TaskNotFoundError = WireErrorType('v0.3', 'TaskNotFoundError', {
  code: 'The code of an unknown task',
  description: 'A2A error: no task with the given id exists, or it is no longer available.',
});

export const TaskNotCancelableError = WireErrorType('v0.3', 'TaskNotCancelableError', {
  code: 'The code for a non-cancelable task',
  description: 'A2A error: the task can no longer be canceled, typically because it already reached a terminal state.',
});

export const PushNotificationNotSupportedError = WireErrorType('v0.3', 'PushNotificationNotSupportedError', {
  code: 'The code of unsupported push notifications',
  description: 'A2A error: the client used push notification features that this agent does not offer.',
});

export const UnsupportedOperationError = WireErrorType('v0.3', 'UnsupportedOperationError', {
  code: 'The code of an unsupported operation',
  description: 'A2A error: the agent does not support the requested operation, or some aspect of it.',
});

export const ContentTypeNotSupportedError = WireErrorType('v0.3', 'ContentTypeNotSupportedError', {
  code: 'The code of unsupported content types',
  description: 'A2A error: the media types involved in the request do not match what the agent can handle.',
});

export const InvalidAgentResponseError = WireErrorType('v0.3', 'InvalidAgentResponseError', {
  code: 'The code of an invalid agent response',
  description: 'A2A error: the agent produced a response that does not fit what the method must return.',
});

export const AuthenticatedExtendedCardNotConfiguredError = WireErrorType('v0.3', 'AuthenticatedExtendedCardNotConfiguredError', {
  code: 'The code of a missing authenticated extended card',
  description: 'A2A error: the agent has no authenticated extended Agent Card to return.',
});

export const A2AError = RefUnion(
  a2aErrorTypes,
  'Any of the errors A2A names: the standard JSON-RPC ones and the A2A-specific ones, told apart by `code`.',
);
