/**
 * The JSON-RPC 2.0 envelope shared by every A2A call: the generic message, request, success and
 * error response shapes, and the error object. The method-specific envelopes (in `a2a/methods.ts`)
 * repeat these properties with a concrete `method`, `params` and `result`.
 */
import { Type } from '@sinclair/typebox';
import { Absent, OpenObject } from './lib.js';

const jsonrpcVersion = () =>
  Type.Literal('2.0', { description: 'The JSON-RPC protocol version; always the string `2.0`.' });

export const JSONRPCMessage = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: Type.Optional(
      Type.Union([Type.String(), Type.Integer(), Type.Null()], {
        description:
          'The identifier the client picked for the call (string, integer or null), which the server copies into its response. Absent on notifications.',
      }),
    ),
  },
  {
    description:
      'The fields every JSON-RPC 2.0 message carries, whether request, response or notification. Not used on the wire by itself.',
  },
);

export const JSONRPCRequest = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: Type.Optional(
      Type.Union([Type.String(), Type.Integer(), Type.Null()], {
        description:
          'The identifier the client picked for the call (string, integer or null), which the server copies into its response. Absent on notifications.',
      }),
    ),
    method: Type.String({ description: 'Which method the server should run.' }),
    params: Type.Optional(OpenObject({ description: 'The arguments of the call, as a JSON object.' })),
  },
  { description: 'A generic JSON-RPC 2.0 call, with any method name and any parameters.' },
);

export const JSONRPCSuccessResponse = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: Type.Union([Type.String(), Type.Integer(), Type.Null()], {
      description: 'The identifier of the request this response answers.',
    }),
    result: Type.Unknown({ description: 'The outcome of the call; its shape depends on the method that was called.' }),
    error: Type.Optional(Absent({ description: 'Must be absent: a response carries either `result` or `error`, never both.' })),
  },
  { description: 'A JSON-RPC 2.0 response reporting that the call succeeded.' },
);

export const JSONRPCErrorResponse = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
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
      ],
      { description: 'What went wrong: a generic JSON-RPC error or one of the errors A2A names.' },
    ),
    result: Type.Optional(Absent({ description: 'Must be absent: a response carries either `result` or `error`, never both.' })),
  },
  { description: 'A JSON-RPC 2.0 response reporting that the call failed.' },
);

export const JSONRPCResponse = Type.Union(
  [
    Type.Ref('JSONRPCErrorResponse'),
    Type.Ref('SendMessageSuccessResponse'),
    Type.Ref('SendStreamingMessageSuccessResponse'),
    Type.Ref('GetTaskSuccessResponse'),
    Type.Ref('CancelTaskSuccessResponse'),
    Type.Ref('SetTaskPushNotificationConfigSuccessResponse'),
    Type.Ref('GetTaskPushNotificationConfigSuccessResponse'),
    Type.Ref('ListTaskPushNotificationConfigSuccessResponse'),
    Type.Ref('DeleteTaskPushNotificationConfigSuccessResponse'),
    Type.Ref('GetAuthenticatedExtendedCardSuccessResponse'),
  ],
  { description: 'Any response an A2A server can send: an error response or the success response of one of its methods.' },
);

export const JSONRPCError = Type.Object(
  {
    code: Type.Integer({ description: 'A number identifying the kind of error.' }),
    message: Type.String({ description: 'A short, human-readable summary of the error.' }),
    data: Type.Optional(Type.Unknown({ description: 'Optional extra detail about the error, of any JSON type.' })),
  },
  { description: 'The error object of JSON-RPC 2.0, carried in the `error` member of a failed response.' },
);
