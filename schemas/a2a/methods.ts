/**
 * A2A v0.3.0 JSON-RPC methods: the request envelope of each method and their union `A2ARequest`,
 * each method's success response and its response union (error or success), and the method
 * registry that names them.
 *
 * `message/stream` and `tasks/resubscribe` answer with a Server-Sent Events stream; every event's
 * data is one SendStreamingMessageResponse.
 */
import { Type } from '@sinclair/typebox';
import { Absent } from '../lib.js';
import type { MethodSpec } from '../variant.js';

const jsonrpcVersion = () =>
  Type.Literal('2.0', { description: 'The JSON-RPC protocol version; always the string `2.0`.' });

const requestId = () =>
  Type.Union([Type.String(), Type.Integer()], {
    description: 'The identifier the client picked for this call; the server repeats it in its response.',
  });

const responseId = () =>
  Type.Union([Type.String(), Type.Integer(), Type.Null()], {
    description: 'The identifier of the request this response answers.',
  });

const noError = () =>
  Type.Optional(Absent({ description: 'Must be absent: a response carries either `result` or `error`, never both.' }));

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

export const SendMessageRequest = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: requestId(),
    method: Type.Literal('message/send', { description: 'The method name; always `message/send`.' }),
    params: Type.Ref('MessageSendParams', { description: 'The message to send and how to handle it.' }),
  },
  { description: 'A `message/send` call: sends a message to the agent and waits for a single answer.' },
);

export const SendStreamingMessageRequest = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: requestId(),
    method: Type.Literal('message/stream', { description: 'The method name; always `message/stream`.' }),
    params: Type.Ref('MessageSendParams', { description: 'The message to send and how to handle it.' }),
  },
  { description: 'A `message/stream` call: sends a message to the agent and subscribes to a stream of updates.' },
);

export const GetTaskRequest = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: requestId(),
    method: Type.Literal('tasks/get', { description: 'The method name; always `tasks/get`.' }),
    params: Type.Ref('TaskQueryParams', { description: 'Which task to read and how much history to include.' }),
  },
  { description: 'A `tasks/get` call: reads the current state of a task.' },
);

export const CancelTaskRequest = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: requestId(),
    method: Type.Literal('tasks/cancel', { description: 'The method name; always `tasks/cancel`.' }),
    params: Type.Ref('TaskIdParams', { description: 'The task to cancel.' }),
  },
  { description: 'A `tasks/cancel` call: asks the agent to stop working on a task.' },
);

export const TaskResubscriptionRequest = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: requestId(),
    method: Type.Literal('tasks/resubscribe', { description: 'The method name; always `tasks/resubscribe`.' }),
    params: Type.Ref('TaskIdParams', { description: 'The task whose updates the client wants to receive again.' }),
  },
  {
    description:
      'A `tasks/resubscribe` call: reopens the stream of updates for a running task, for example after the connection dropped.',
  },
);

export const SetTaskPushNotificationConfigRequest = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: requestId(),
    method: Type.Literal('tasks/pushNotificationConfig/set', {
      description: 'The method name; always `tasks/pushNotificationConfig/set`.',
    }),
    params: Type.Ref('TaskPushNotificationConfig', { description: 'The task and the push notification configuration to store for it.' }),
  },
  { description: 'A `tasks/pushNotificationConfig/set` call: creates or replaces a push notification configuration of a task.' },
);

export const GetTaskPushNotificationConfigRequest = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: requestId(),
    method: Type.Literal('tasks/pushNotificationConfig/get', {
      description: 'The method name; always `tasks/pushNotificationConfig/get`.',
    }),
    params: Type.Union([Type.Ref('TaskIdParams'), Type.Ref('GetTaskPushNotificationConfigParams')], {
      description:
        'The task, and optionally which of its configurations to read. The bare task-id form is still accepted for compatibility.',
    }),
  },
  { description: 'A `tasks/pushNotificationConfig/get` call: reads a push notification configuration of a task.' },
);

export const ListTaskPushNotificationConfigRequest = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: requestId(),
    method: Type.Literal('tasks/pushNotificationConfig/list', {
      description: 'The method name; always `tasks/pushNotificationConfig/list`.',
    }),
    params: Type.Ref('ListTaskPushNotificationConfigParams', { description: 'The task whose configurations to list.' }),
  },
  { description: 'A `tasks/pushNotificationConfig/list` call: lists every push notification configuration of a task.' },
);

export const DeleteTaskPushNotificationConfigRequest = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: requestId(),
    method: Type.Literal('tasks/pushNotificationConfig/delete', {
      description: 'The method name; always `tasks/pushNotificationConfig/delete`.',
    }),
    params: Type.Ref('DeleteTaskPushNotificationConfigParams', {
      description: 'The task and the configuration to remove from it.',
    }),
  },
  { description: 'A `tasks/pushNotificationConfig/delete` call: removes a push notification configuration from a task.' },
);

export const GetAuthenticatedExtendedCardRequest = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: requestId(),
    method: Type.Literal('agent/getAuthenticatedExtendedCard', {
      description: 'The method name; always `agent/getAuthenticatedExtendedCard`.',
    }),
  },
  {
    description:
      'An `agent/getAuthenticatedExtendedCard` call: asks, with authentication, for the fuller Agent Card. It takes no parameters.',
  },
);

export const A2ARequest = Type.Union(
  [
    Type.Ref('SendMessageRequest'),
    Type.Ref('SendStreamingMessageRequest'),
    Type.Ref('GetTaskRequest'),
    Type.Ref('CancelTaskRequest'),
    Type.Ref('SetTaskPushNotificationConfigRequest'),
    Type.Ref('GetTaskPushNotificationConfigRequest'),
    Type.Ref('TaskResubscriptionRequest'),
    Type.Ref('ListTaskPushNotificationConfigRequest'),
    Type.Ref('DeleteTaskPushNotificationConfigRequest'),
    Type.Ref('GetAuthenticatedExtendedCardRequest'),
  ],
  { description: 'Any request an A2A client can send, told apart by `method`.' },
);

// ---------------------------------------------------------------------------------------------
// Success responses
// ---------------------------------------------------------------------------------------------

export const SendMessageSuccessResponse = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: responseId(),
    result: Type.Union([Type.Ref('Task'), Type.Ref('Message')], {
      description: 'What the agent returned: the task that tracks the work, or a message that answers directly.',
    }),
    error: noError(),
  },
  { description: 'The successful answer to `message/send`.' },
);

export const SendStreamingMessageSuccessResponse = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: responseId(),
    result: Type.Union(
      [Type.Ref('Task'), Type.Ref('Message'), Type.Ref('TaskStatusUpdateEvent'), Type.Ref('TaskArtifactUpdateEvent')],
      { description: 'One item of the stream: a task, a message, or an update to the status or an artifact of a task.' },
    ),
    error: noError(),
  },
  {
    description:
      'One successful event of a `message/stream` or `tasks/resubscribe` stream; a single call can produce many of them.',
  },
);

export const GetTaskSuccessResponse = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: responseId(),
    result: Type.Ref('Task', { description: 'The task as it stands now.' }),
    error: noError(),
  },
  { description: 'The successful answer to `tasks/get`.' },
);

export const CancelTaskSuccessResponse = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: responseId(),
    result: Type.Ref('Task', { description: 'The task after the cancellation request was handled.' }),
    error: noError(),
  },
  { description: 'The successful answer to `tasks/cancel`.' },
);

export const SetTaskPushNotificationConfigSuccessResponse = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: responseId(),
    result: Type.Ref('TaskPushNotificationConfig', { description: 'The configuration as the agent stored it.' }),
    error: noError(),
  },
  { description: 'The successful answer to `tasks/pushNotificationConfig/set`.' },
);

export const GetTaskPushNotificationConfigSuccessResponse = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: responseId(),
    result: Type.Ref('TaskPushNotificationConfig', { description: 'The requested configuration.' }),
    error: noError(),
  },
  { description: 'The successful answer to `tasks/pushNotificationConfig/get`.' },
);

export const ListTaskPushNotificationConfigSuccessResponse = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: responseId(),
    result: Type.Array(Type.Ref('TaskPushNotificationConfig'), {
      description: 'Every push notification configuration of the task.',
    }),
    error: noError(),
  },
  { description: 'The successful answer to `tasks/pushNotificationConfig/list`.' },
);

export const DeleteTaskPushNotificationConfigSuccessResponse = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: responseId(),
    result: Type.Null({ description: 'Always null: the deletion returns no data.' }),
    error: noError(),
  },
  { description: 'The successful answer to `tasks/pushNotificationConfig/delete`.' },
);

export const GetAuthenticatedExtendedCardSuccessResponse = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: responseId(),
    result: Type.Ref('AgentCard', {
      description: 'The full Agent Card, which may list details and skills the public card leaves out.',
    }),
    error: noError(),
  },
  { description: 'The successful answer to `agent/getAuthenticatedExtendedCard`.' },
);

// ---------------------------------------------------------------------------------------------
// Response unions
// ---------------------------------------------------------------------------------------------

export const SendMessageResponse = Type.Union(
  [Type.Ref('JSONRPCErrorResponse'), Type.Ref('SendMessageSuccessResponse')],
  { description: 'Any answer to `message/send`: an error or the success response.' },
);

export const SendStreamingMessageResponse = Type.Union(
  [Type.Ref('JSONRPCErrorResponse'), Type.Ref('SendStreamingMessageSuccessResponse')],
  { description: 'Any event of a `message/stream` or `tasks/resubscribe` stream: an error or a success event.' },
);

export const GetTaskResponse = Type.Union([Type.Ref('JSONRPCErrorResponse'), Type.Ref('GetTaskSuccessResponse')], {
  description: 'Any answer to `tasks/get`: an error or the success response.',
});

export const CancelTaskResponse = Type.Union([Type.Ref('JSONRPCErrorResponse'), Type.Ref('CancelTaskSuccessResponse')], {
  description: 'Any answer to `tasks/cancel`: an error or the success response.',
});

export const SetTaskPushNotificationConfigResponse = Type.Union(
  [Type.Ref('JSONRPCErrorResponse'), Type.Ref('SetTaskPushNotificationConfigSuccessResponse')],
  { description: 'Any answer to `tasks/pushNotificationConfig/set`: an error or the success response.' },
);

export const GetTaskPushNotificationConfigResponse = Type.Union(
  [Type.Ref('JSONRPCErrorResponse'), Type.Ref('GetTaskPushNotificationConfigSuccessResponse')],
  { description: 'Any answer to `tasks/pushNotificationConfig/get`: an error or the success response.' },
);

export const ListTaskPushNotificationConfigResponse = Type.Union(
  [Type.Ref('JSONRPCErrorResponse'), Type.Ref('ListTaskPushNotificationConfigSuccessResponse')],
  { description: 'Any answer to `tasks/pushNotificationConfig/list`: an error or the success response.' },
);

export const DeleteTaskPushNotificationConfigResponse = Type.Union(
  [Type.Ref('JSONRPCErrorResponse'), Type.Ref('DeleteTaskPushNotificationConfigSuccessResponse')],
  { description: 'Any answer to `tasks/pushNotificationConfig/delete`: an error or the success response.' },
);

export const GetAuthenticatedExtendedCardResponse = Type.Union(
  [Type.Ref('JSONRPCErrorResponse'), Type.Ref('GetAuthenticatedExtendedCardSuccessResponse')],
  { description: 'Any answer to `agent/getAuthenticatedExtendedCard`: an error or the success response.' },
);

// ---------------------------------------------------------------------------------------------
// Method registry
// ---------------------------------------------------------------------------------------------

/** The errors any JSON-RPC method can return. */
const standardErrors = [
  'JSONParseError',
  'InvalidRequestError',
  'MethodNotFoundError',
  'InvalidParamsError',
  'InternalError',
] as const;

export const methods: readonly MethodSpec[] = [
  {
    method: 'message/send',
    summary: 'Send a message to the agent and get back a task or a message.',
    description:
      'Sends a message to the agent, starting a new interaction or continuing one (the message names the task and context to continue). The agent answers with a Task that tracks the work or, for simple exchanges, with a Message. Tasks in a terminal state cannot take further messages. With `configuration.blocking` the client asks to wait until the task is done; `configuration.pushNotificationConfig` registers a webhook for later updates.',
    request: 'SendMessageRequest',
    successResponse: 'SendMessageSuccessResponse',
    response: 'SendMessageResponse',
    errors: [
      ...standardErrors,
      'TaskNotFoundError',
      'UnsupportedOperationError',
      'ContentTypeNotSupportedError',
      'PushNotificationNotSupportedError',
      'InvalidAgentResponseError',
    ],
    origin: 'a2a',
  },
  {
    method: 'message/stream',
    summary: 'Send a message to the agent and receive updates as a Server-Sent Events stream.',
    description:
      'Like `message/send`, but the answer is a Server-Sent Events stream in which every event is a SendStreamingMessageResponse. The stream holds either a single Message, or a Task followed by status and artifact update events until the task stops (`final: true`). The agent must declare `capabilities.streaming`.',
    request: 'SendStreamingMessageRequest',
    successResponse: 'SendStreamingMessageSuccessResponse',
    response: 'SendStreamingMessageResponse',
    errors: [
      ...standardErrors,
      'TaskNotFoundError',
      'UnsupportedOperationError',
      'ContentTypeNotSupportedError',
      'PushNotificationNotSupportedError',
      'InvalidAgentResponseError',
    ],
    streaming: true,
    origin: 'a2a',
  },
  {
    method: 'tasks/get',
    summary: 'Read the current state of a task.',
    description:
      'Returns a task as it stands now: its status, its artifacts and, up to `historyLength` messages, its history. Used to poll a task started with `message/send`, or to fetch the final state after a push notification or the end of a stream.',
    request: 'GetTaskRequest',
    successResponse: 'GetTaskSuccessResponse',
    response: 'GetTaskResponse',
    errors: [...standardErrors, 'TaskNotFoundError'],
    origin: 'a2a',
  },
  {
    method: 'tasks/cancel',
    summary: 'Ask the agent to cancel a task.',
    description:
      'Asks the agent to stop working on a task. Cancellation is not guaranteed; the result is the task after the attempt, normally in the `canceled` state. A task that has already reached a terminal state cannot be canceled.',
    request: 'CancelTaskRequest',
    successResponse: 'CancelTaskSuccessResponse',
    response: 'CancelTaskResponse',
    errors: [...standardErrors, 'TaskNotFoundError', 'TaskNotCancelableError'],
    origin: 'a2a',
  },
  {
    method: 'tasks/resubscribe',
    summary: 'Reconnect to the update stream of a running task.',
    description:
      'Reopens the Server-Sent Events stream of a task after an earlier `message/stream` or `tasks/resubscribe` connection was lost. Events have the same shape as in `message/stream`; whether events missed while disconnected are replayed is left to the implementation. The agent must declare `capabilities.streaming`.',
    request: 'TaskResubscriptionRequest',
    successResponse: 'SendStreamingMessageSuccessResponse',
    response: 'SendStreamingMessageResponse',
    errors: [...standardErrors, 'TaskNotFoundError', 'UnsupportedOperationError'],
    streaming: true,
    origin: 'a2a',
  },
  {
    method: 'tasks/pushNotificationConfig/set',
    summary: 'Create or replace a push notification configuration of a task.',
    description:
      'Stores where and how the agent should post updates about a task. The agent must declare `capabilities.pushNotifications`. The result is the configuration as stored.',
    request: 'SetTaskPushNotificationConfigRequest',
    successResponse: 'SetTaskPushNotificationConfigSuccessResponse',
    response: 'SetTaskPushNotificationConfigResponse',
    errors: [...standardErrors, 'PushNotificationNotSupportedError', 'TaskNotFoundError'],
    origin: 'a2a',
  },
  {
    method: 'tasks/pushNotificationConfig/get',
    summary: 'Read a push notification configuration of a task.',
    description:
      'Returns one push notification configuration of a task, chosen by `pushNotificationConfigId` (params with the task id alone are accepted for compatibility). The agent must declare `capabilities.pushNotifications`.',
    request: 'GetTaskPushNotificationConfigRequest',
    successResponse: 'GetTaskPushNotificationConfigSuccessResponse',
    response: 'GetTaskPushNotificationConfigResponse',
    errors: [...standardErrors, 'PushNotificationNotSupportedError', 'TaskNotFoundError'],
    origin: 'a2a',
  },
  {
    method: 'tasks/pushNotificationConfig/list',
    summary: 'List the push notification configurations of a task.',
    description:
      'Returns every push notification configuration registered for a task. The agent must declare `capabilities.pushNotifications`.',
    request: 'ListTaskPushNotificationConfigRequest',
    successResponse: 'ListTaskPushNotificationConfigSuccessResponse',
    response: 'ListTaskPushNotificationConfigResponse',
    errors: [...standardErrors, 'PushNotificationNotSupportedError', 'TaskNotFoundError'],
    origin: 'a2a',
  },
  {
    method: 'tasks/pushNotificationConfig/delete',
    summary: 'Remove a push notification configuration from a task.',
    description:
      'Deletes one push notification configuration of a task; the result is null. The agent must declare `capabilities.pushNotifications`.',
    request: 'DeleteTaskPushNotificationConfigRequest',
    successResponse: 'DeleteTaskPushNotificationConfigSuccessResponse',
    response: 'DeleteTaskPushNotificationConfigResponse',
    errors: [...standardErrors, 'PushNotificationNotSupportedError', 'TaskNotFoundError'],
    origin: 'a2a',
  },
  {
    method: 'agent/getAuthenticatedExtendedCard',
    summary: 'Fetch the fuller Agent Card available to authenticated clients.',
    description:
      'Returns an Agent Card that may include details and skills the public card leaves out. Only available when the public card sets `supportsAuthenticatedExtendedCard`; the call must be authenticated with one of the schemes the public card declares (a failed authentication is an HTTP 401). Takes no parameters.',
    request: 'GetAuthenticatedExtendedCardRequest',
    successResponse: 'GetAuthenticatedExtendedCardSuccessResponse',
    response: 'GetAuthenticatedExtendedCardResponse',
    errors: [...standardErrors, 'AuthenticatedExtendedCardNotConfiguredError'],
    origin: 'a2a',
  },
];
