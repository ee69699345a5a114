/**
 * A2A v0.3.0 JSON-RPC methods: the request envelope of each method and their union `A2ARequest`,
 * each method's success response and its response union (error or success), and the method
 * registry that names them.
 *
 * `message/stream` and `tasks/resubscribe` answer with a Server-Sent Events stream; every event's
 * data is one SendStreamingMessageResponse.
 */
import { Type } from '@sinclair/typebox';
import type { MethodSpec } from '../variant.js';
import { RefUnion, Request, ResponseUnion, SuccessResponse, standardErrorTypes } from '../jsonrpc.js';

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

export const SendMessageRequest = Request(
  'message/send',
  Type.Ref('MessageSendParams', { description: 'The message to send and how to handle it.' }),
  'A `message/send` call: sends a message to the agent and waits for a single answer.',
);

export const SendStreamingMessageRequest = Request(
  'message/stream',
  Type.Ref('MessageSendParams', { description: 'The message to send and how to handle it.' }),
  'A `message/stream` call: sends a message to the agent and subscribes to a stream of updates.',
);

export const GetTaskRequest = Request(
  'tasks/get',
  Type.Ref('TaskQueryParams', { description: 'Which task to read and how much history to include.' }),
  'A `tasks/get` call: reads the current state of a task.',
);

export const CancelTaskRequest = Request(
  'tasks/cancel',
  Type.Ref('TaskIdParams', { description: 'The task to cancel.' }),
  'A `tasks/cancel` call: asks the agent to stop working on a task.',
);

export const TaskResubscriptionRequest = Request(
  'tasks/resubscribe',
  Type.Ref('TaskIdParams', { description: 'The task whose updates the client wants to receive again.' }),
  'A `tasks/resubscribe` call: reopens the stream of updates for a running task, for example after the connection dropped.',
);

export const SetTaskPushNotificationConfigRequest = Request(
  'tasks/pushNotificationConfig/set',
  Type.Ref('TaskPushNotificationConfig', { description: 'The task and the push notification configuration to store for it.' }),
  'A `tasks/pushNotificationConfig/set` call: creates or replaces a push notification configuration of a task.',
);

export const GetTaskPushNotificationConfigRequest = Request(
  'tasks/pushNotificationConfig/get',
  Type.Union([Type.Ref('TaskIdParams'), Type.Ref('GetTaskPushNotificationConfigParams')], {
    description: 'The task, and optionally which of its configurations to read. The bare task-id form is still accepted for compatibility.',
  }),
  'A `tasks/pushNotificationConfig/get` call: reads a push notification configuration of a task.',
);

export const ListTaskPushNotificationConfigRequest = Request(
  'tasks/pushNotificationConfig/list',
  Type.Ref('ListTaskPushNotificationConfigParams', { description: 'The task whose configurations to list.' }),
  'A `tasks/pushNotificationConfig/list` call: lists every push notification configuration of a task.',
);

export const DeleteTaskPushNotificationConfigRequest = Request(
  'tasks/pushNotificationConfig/delete',
  Type.Ref('DeleteTaskPushNotificationConfigParams', { description: 'The task and the configuration to remove from it.' }),
  'A `tasks/pushNotificationConfig/delete` call: removes a push notification configuration from a task.',
);

export const GetAuthenticatedExtendedCardRequest = Request(
  'agent/getAuthenticatedExtendedCard',
  'An `agent/getAuthenticatedExtendedCard` call: asks, with authentication, for the fuller Agent Card. It takes no parameters.',
);

/** The requests of the A2A v0.3.0 methods, in the order of the official `A2ARequest`. */
export const a2aRequestTypes = [
  'SendMessageRequest',
  'SendStreamingMessageRequest',
  'GetTaskRequest',
  'CancelTaskRequest',
  'SetTaskPushNotificationConfigRequest',
  'GetTaskPushNotificationConfigRequest',
  'TaskResubscriptionRequest',
  'ListTaskPushNotificationConfigRequest',
  'DeleteTaskPushNotificationConfigRequest',
  'GetAuthenticatedExtendedCardRequest',
] as const;

export const A2ARequest = RefUnion(a2aRequestTypes, 'Any request an A2A client can send, told apart by `method`.');

// ---------------------------------------------------------------------------------------------
// Success responses
// ---------------------------------------------------------------------------------------------

export const SendMessageSuccessResponse = SuccessResponse(
  Type.Union([Type.Ref('Task'), Type.Ref('Message')], {
    description: 'What the agent returned: the task that tracks the work, or a message that answers directly.',
  }),
  'The successful answer to `message/send`.',
);

export const SendStreamingMessageSuccessResponse = SuccessResponse(
  Type.Union([Type.Ref('Task'), Type.Ref('Message'), Type.Ref('TaskStatusUpdateEvent'), Type.Ref('TaskArtifactUpdateEvent')], {
    description: 'One item of the stream: a task, a message, or an update to the status or an artifact of a task.',
  }),
  'One successful event of a `message/stream` or `tasks/resubscribe` stream; a single call can produce many of them.',
);

export const GetTaskSuccessResponse = SuccessResponse(
  Type.Ref('Task', { description: 'The task as it stands now.' }),
  'The successful answer to `tasks/get`.',
);

export const CancelTaskSuccessResponse = SuccessResponse(
  Type.Ref('Task', { description: 'The task after the cancellation request was handled.' }),
  'The successful answer to `tasks/cancel`.',
);

export const SetTaskPushNotificationConfigSuccessResponse = SuccessResponse(
  Type.Ref('TaskPushNotificationConfig', { description: 'The configuration as the agent stored it.' }),
  'The successful answer to `tasks/pushNotificationConfig/set`.',
);

export const GetTaskPushNotificationConfigSuccessResponse = SuccessResponse(
  Type.Ref('TaskPushNotificationConfig', { description: 'The requested configuration.' }),
  'The successful answer to `tasks/pushNotificationConfig/get`.',
);

export const ListTaskPushNotificationConfigSuccessResponse = SuccessResponse(
  Type.Array(Type.Ref('TaskPushNotificationConfig'), { description: 'Every push notification configuration of the task.' }),
  'The successful answer to `tasks/pushNotificationConfig/list`.',
);

export const DeleteTaskPushNotificationConfigSuccessResponse = SuccessResponse(
  Type.Null({ description: 'Always null: the deletion returns no data.' }),
  'The successful answer to `tasks/pushNotificationConfig/delete`.',
);

export const GetAuthenticatedExtendedCardSuccessResponse = SuccessResponse(
  Type.Ref('AgentCard', { description: 'The full Agent Card, which may list details and skills the public card leaves out.' }),
  'The successful answer to `agent/getAuthenticatedExtendedCard`.',
);

// ---------------------------------------------------------------------------------------------
// Response unions
// ---------------------------------------------------------------------------------------------

export const SendMessageResponse = ResponseUnion(
  'SendMessageSuccessResponse',
  'Any answer to `message/send`: an error or the success response.',
);

export const SendStreamingMessageResponse = ResponseUnion(
  'SendStreamingMessageSuccessResponse',
  'Any event of a `message/stream` or `tasks/resubscribe` stream: an error or a success event.',
);

export const GetTaskResponse = ResponseUnion('GetTaskSuccessResponse', 'Any answer to `tasks/get`: an error or the success response.');

export const CancelTaskResponse = ResponseUnion(
  'CancelTaskSuccessResponse',
  'Any answer to `tasks/cancel`: an error or the success response.',
);

export const SetTaskPushNotificationConfigResponse = ResponseUnion(
  'SetTaskPushNotificationConfigSuccessResponse',
  'Any answer to `tasks/pushNotificationConfig/set`: an error or the success response.',
);

export const GetTaskPushNotificationConfigResponse = ResponseUnion(
  'GetTaskPushNotificationConfigSuccessResponse',
  'Any answer to `tasks/pushNotificationConfig/get`: an error or the success response.',
);

export const ListTaskPushNotificationConfigResponse = ResponseUnion(
  'ListTaskPushNotificationConfigSuccessResponse',
  'Any answer to `tasks/pushNotificationConfig/list`: an error or the success response.',
);

export const DeleteTaskPushNotificationConfigResponse = ResponseUnion(
  'DeleteTaskPushNotificationConfigSuccessResponse',
  'Any answer to `tasks/pushNotificationConfig/delete`: an error or the success response.',
);

export const GetAuthenticatedExtendedCardResponse = ResponseUnion(
  'GetAuthenticatedExtendedCardSuccessResponse',
  'Any answer to `agent/getAuthenticatedExtendedCard`: an error or the success response.',
);

// ---------------------------------------------------------------------------------------------
// Method registry
// ---------------------------------------------------------------------------------------------

/** The errors of `message/send` and `message/stream`, which handle a message the same way. */
const messageErrors = [
  ...standardErrorTypes,
  'TaskNotFoundError',
  'UnsupportedOperationError',
  'ContentTypeNotSupportedError',
  'PushNotificationNotSupportedError',
  'InvalidAgentResponseError',
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
    errors: messageErrors,
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
    errors: messageErrors,
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
    errors: [...standardErrorTypes, 'TaskNotFoundError'],
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
    errors: [...standardErrorTypes, 'TaskNotFoundError', 'TaskNotCancelableError'],
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
    errors: [...standardErrorTypes, 'TaskNotFoundError', 'UnsupportedOperationError'],
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
    errors: [...standardErrorTypes, 'PushNotificationNotSupportedError', 'TaskNotFoundError'],
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
    errors: [...standardErrorTypes, 'PushNotificationNotSupportedError', 'TaskNotFoundError'],
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
    errors: [...standardErrorTypes, 'PushNotificationNotSupportedError', 'TaskNotFoundError'],
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
    errors: [...standardErrorTypes, 'PushNotificationNotSupportedError', 'TaskNotFoundError'],
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
    errors: [...standardErrorTypes, 'AuthenticatedExtendedCardNotConfiguredError'],
    origin: 'a2a',
  },
];
