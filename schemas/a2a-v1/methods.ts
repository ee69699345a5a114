/**
 * The JSON-RPC methods of the `a2a-v1` variant: the eleven methods of the A2A v1.0 proto's
 * `A2AService` (PascalCase names, the same on the JSON-RPC binding as in gRPC). For each: the
 * request envelope, the success response, the response union, and the registry entry. The
 * `aion` variant adds the context extension's two methods (`../aion/methods.ts`).
 *
 * A2A v1.0 names no JSON-RPC envelope (in the proto, `SendMessageRequest` is the params), so the
 * envelopes are named `<Method>JSONRPCRequest`, `<Method>JSONRPCSuccessResponse` and
 * `<Method>JSONRPCResponse`.
 *
 * `SendStreamingMessage` and `SubscribeToTask` answer with a Server-Sent Events stream whose every
 * event is a success response carrying one StreamResponse (or an error response).
 */
import { Type } from '@sinclair/typebox';
import type { MethodSpec } from '../variant.js';
import { RefUnion, Request, ResponseUnion, SuccessResponse } from '../jsonrpc.js';

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

export const SendMessageJSONRPCRequest = Request(
  'SendMessage',
  Type.Ref('SendMessageRequest', { description: 'The message to send and how to handle it.' }),
  'A `SendMessage` call: sends a message to the agent and gets back a task or a message.',
);

export const SendStreamingMessageJSONRPCRequest = Request(
  'SendStreamingMessage',
  Type.Ref('SendMessageRequest', { description: 'The message to send and how to handle it.' }),
  'A `SendStreamingMessage` call: sends a message to the agent and subscribes to a stream of updates.',
);

export const GetTaskJSONRPCRequest = Request(
  'GetTask',
  Type.Ref('GetTaskRequest', { description: 'Which task to read and how much history to include.' }),
  'A `GetTask` call: reads the current state of a task.',
);

export const ListTasksJSONRPCRequest = Request(
  'ListTasks',
  Type.Ref('ListTasksRequest', { description: 'Filters and paging for the listing.' }),
  'A `ListTasks` call: lists tasks, with filters and paging.',
);

export const CancelTaskJSONRPCRequest = Request(
  'CancelTask',
  Type.Ref('CancelTaskRequest', { description: 'The task to cancel.' }),
  'A `CancelTask` call: asks the agent to cancel a task.',
);

export const SubscribeToTaskJSONRPCRequest = Request(
  'SubscribeToTask',
  Type.Ref('SubscribeToTaskRequest', { description: 'The task to follow.' }),
  'A `SubscribeToTask` call: opens a stream of the updates of a task that is not yet terminal.',
);

export const CreateTaskPushNotificationConfigJSONRPCRequest = Request(
  'CreateTaskPushNotificationConfig',
  Type.Ref('TaskPushNotificationConfig', { description: 'The configuration to create, naming its task.' }),
  'A `CreateTaskPushNotificationConfig` call: registers a webhook for the updates of a task.',
);

export const GetTaskPushNotificationConfigJSONRPCRequest = Request(
  'GetTaskPushNotificationConfig',
  Type.Ref('GetTaskPushNotificationConfigRequest', { description: 'The task and the configuration to read.' }),
  'A `GetTaskPushNotificationConfig` call: reads one push notification configuration of a task.',
);

export const ListTaskPushNotificationConfigsJSONRPCRequest = Request(
  'ListTaskPushNotificationConfigs',
  Type.Ref('ListTaskPushNotificationConfigsRequest', { description: 'The task whose configurations to list, and paging.' }),
  'A `ListTaskPushNotificationConfigs` call: lists the push notification configurations of a task.',
);

export const DeleteTaskPushNotificationConfigJSONRPCRequest = Request(
  'DeleteTaskPushNotificationConfig',
  Type.Ref('DeleteTaskPushNotificationConfigRequest', { description: 'The task and the configuration to delete.' }),
  'A `DeleteTaskPushNotificationConfig` call: removes a push notification configuration of a task.',
);

export const GetExtendedAgentCardJSONRPCRequest = Request(
  'GetExtendedAgentCard',
  Type.Optional(Type.Ref('GetExtendedAgentCardRequest', { description: 'The tenant, if any; the member may be left out.' })),
  'A `GetExtendedAgentCard` call: asks, authenticated, for the fuller Agent Card.',
);

/** The request envelopes of the variant, in registry order. */
export const a2aV1RequestTypes = [
  'SendMessageJSONRPCRequest',
  'SendStreamingMessageJSONRPCRequest',
  'GetTaskJSONRPCRequest',
  'ListTasksJSONRPCRequest',
  'CancelTaskJSONRPCRequest',
  'SubscribeToTaskJSONRPCRequest',
  'CreateTaskPushNotificationConfigJSONRPCRequest',
  'GetTaskPushNotificationConfigJSONRPCRequest',
  'ListTaskPushNotificationConfigsJSONRPCRequest',
  'DeleteTaskPushNotificationConfigJSONRPCRequest',
  'GetExtendedAgentCardJSONRPCRequest',
] as const;

export const A2ARequest = RefUnion(
  a2aV1RequestTypes,
  'Any request a client can send on the A2A v1.0 JSON-RPC binding, told apart by `method`.',
);

// ---------------------------------------------------------------------------------------------
// Success responses
// ---------------------------------------------------------------------------------------------

export const SendMessageJSONRPCSuccessResponse = SuccessResponse(
  Type.Ref('SendMessageResponse', {
    description: 'The task that tracks the work, or a direct message, wrapped as `{task}` or `{message}`.',
  }),
  'The successful answer to `SendMessage`.',
);

export const SendStreamingMessageJSONRPCSuccessResponse = SuccessResponse(
  Type.Ref('StreamResponse', {
    description: 'One event of the stream, wrapped as `{task}`, `{message}`, `{statusUpdate}` or `{artifactUpdate}`.',
  }),
  'One successful event of a `SendStreamingMessage` or `SubscribeToTask` stream; a call produces many.',
);

export const GetTaskJSONRPCSuccessResponse = SuccessResponse(
  Type.Ref('Task', { description: 'The task as it stands now.' }),
  'The successful answer to `GetTask`.',
);

export const ListTasksJSONRPCSuccessResponse = SuccessResponse(
  Type.Ref('ListTasksResponse', { description: 'One page of tasks.' }),
  'The successful answer to `ListTasks`.',
);

export const CancelTaskJSONRPCSuccessResponse = SuccessResponse(
  Type.Ref('Task', { description: 'The task after the cancellation was handled.' }),
  'The successful answer to `CancelTask`.',
);

export const CreateTaskPushNotificationConfigJSONRPCSuccessResponse = SuccessResponse(
  Type.Ref('TaskPushNotificationConfig', { description: 'The configuration as the agent stored it.' }),
  'The successful answer to `CreateTaskPushNotificationConfig`.',
);

export const GetTaskPushNotificationConfigJSONRPCSuccessResponse = SuccessResponse(
  Type.Ref('TaskPushNotificationConfig', { description: 'The configuration asked for.' }),
  'The successful answer to `GetTaskPushNotificationConfig`.',
);

export const ListTaskPushNotificationConfigsJSONRPCSuccessResponse = SuccessResponse(
  Type.Ref('ListTaskPushNotificationConfigsResponse', { description: 'One page of configurations.' }),
  'The successful answer to `ListTaskPushNotificationConfigs`.',
);

export const DeleteTaskPushNotificationConfigJSONRPCSuccessResponse = SuccessResponse(
  Type.Union([Type.Ref('Empty'), Type.Null()], {
    description: 'No data: `{}` (the ProtoJSON of `google.protobuf.Empty`), or null as some SDKs send it.',
  }),
  'The successful answer to `DeleteTaskPushNotificationConfig`.',
);

export const GetExtendedAgentCardJSONRPCSuccessResponse = SuccessResponse(
  Type.Ref('AgentCard', { description: 'The full Agent Card, which may list more than the public one.' }),
  'The successful answer to `GetExtendedAgentCard`.',
);

// ---------------------------------------------------------------------------------------------
// Response unions
// ---------------------------------------------------------------------------------------------

export const SendMessageJSONRPCResponse = ResponseUnion(
  'SendMessageJSONRPCSuccessResponse',
  'Any answer to `SendMessage`: an error or the success response.',
);

export const SendStreamingMessageJSONRPCResponse = ResponseUnion(
  'SendStreamingMessageJSONRPCSuccessResponse',
  'Any event of a `SendStreamingMessage` or `SubscribeToTask` stream: an error or a success event.',
);

export const GetTaskJSONRPCResponse = ResponseUnion(
  'GetTaskJSONRPCSuccessResponse',
  'Any answer to `GetTask`: an error or the success response.',
);

export const ListTasksJSONRPCResponse = ResponseUnion(
  'ListTasksJSONRPCSuccessResponse',
  'Any answer to `ListTasks`: an error or the success response.',
);

export const CancelTaskJSONRPCResponse = ResponseUnion(
  'CancelTaskJSONRPCSuccessResponse',
  'Any answer to `CancelTask`: an error or the success response.',
);

export const CreateTaskPushNotificationConfigJSONRPCResponse = ResponseUnion(
  'CreateTaskPushNotificationConfigJSONRPCSuccessResponse',
  'Any answer to `CreateTaskPushNotificationConfig`: an error or the success response.',
);

export const GetTaskPushNotificationConfigJSONRPCResponse = ResponseUnion(
  'GetTaskPushNotificationConfigJSONRPCSuccessResponse',
  'Any answer to `GetTaskPushNotificationConfig`: an error or the success response.',
);

export const ListTaskPushNotificationConfigsJSONRPCResponse = ResponseUnion(
  'ListTaskPushNotificationConfigsJSONRPCSuccessResponse',
  'Any answer to `ListTaskPushNotificationConfigs`: an error or the success response.',
);

export const DeleteTaskPushNotificationConfigJSONRPCResponse = ResponseUnion(
  'DeleteTaskPushNotificationConfigJSONRPCSuccessResponse',
  'Any answer to `DeleteTaskPushNotificationConfig`: an error or the success response.',
);

export const GetExtendedAgentCardJSONRPCResponse = ResponseUnion(
  'GetExtendedAgentCardJSONRPCSuccessResponse',
  'Any answer to `GetExtendedAgentCard`: an error or the success response.',
);

/** The success responses of the variant's methods (SubscribeToTask answers with SendStreamingMessage's), in registry order. */
export const a2aV1SuccessResponseTypes = [
  'SendMessageJSONRPCSuccessResponse',
  'SendStreamingMessageJSONRPCSuccessResponse',
  'GetTaskJSONRPCSuccessResponse',
  'ListTasksJSONRPCSuccessResponse',
  'CancelTaskJSONRPCSuccessResponse',
  'CreateTaskPushNotificationConfigJSONRPCSuccessResponse',
  'GetTaskPushNotificationConfigJSONRPCSuccessResponse',
  'ListTaskPushNotificationConfigsJSONRPCSuccessResponse',
  'DeleteTaskPushNotificationConfigJSONRPCSuccessResponse',
  'GetExtendedAgentCardJSONRPCSuccessResponse',
] as const;

export const JSONRPCResponse = RefUnion(
  ['JSONRPCErrorResponse', ...a2aV1SuccessResponseTypes],
  'Any response an A2A v1.0 server can send on the JSON-RPC binding: an error response or the success response of one of its methods.',
);

// ---------------------------------------------------------------------------------------------
// Method registry
// ---------------------------------------------------------------------------------------------

/** The errors any JSON-RPC method can return. */
export const standardErrors = [
  'JSONParseError',
  'InvalidRequestError',
  'MethodNotFoundError',
  'InvalidParamsError',
  'InternalError',
] as const;

/** The errors any A2A v1.0 method can return besides: a required extension not declared, an unsupported version. */
const serviceErrors = ['ExtensionSupportRequiredError', 'VersionNotSupportedError'] as const;

const messageErrors = [
  'TaskNotFoundError',
  'UnsupportedOperationError',
  'ContentTypeNotSupportedError',
  'PushNotificationNotSupportedError',
  'InvalidAgentResponseError',
] as const;

const pushErrors = ['PushNotificationNotSupportedError', 'TaskNotFoundError'] as const;

export const methods: readonly MethodSpec[] = [
  {
    method: 'SendMessage',
    summary: 'Send a message to the agent and get back a task or a message.',
    description:
      'Sends a message to the agent, starting an interaction or continuing one (the message names the task or context). The result wraps either the Task that tracks the work (`{"task": …}`) or a direct Message (`{"message": …}`). Unless `configuration.returnImmediately` is true, the call waits until the task is terminal or interrupted; `configuration.taskPushNotificationConfig` registers a webhook for later updates.',
    request: 'SendMessageJSONRPCRequest',
    successResponse: 'SendMessageJSONRPCSuccessResponse',
    response: 'SendMessageJSONRPCResponse',
    errors: [...standardErrors, ...messageErrors, ...serviceErrors],
    origin: 'a2a-v1',
  },
  {
    method: 'SendStreamingMessage',
    summary: 'Send a message and receive the updates as a Server-Sent Events stream.',
    description:
      'Like `SendMessage`, but the answer is a Server-Sent Events stream whose every event is a JSON-RPC response carrying one StreamResponse: a single message, or the task followed by status and artifact updates. The stream closes when the task is terminal or interrupted (there is no `final` flag). The agent must declare `capabilities.streaming`.',
    request: 'SendStreamingMessageJSONRPCRequest',
    successResponse: 'SendStreamingMessageJSONRPCSuccessResponse',
    response: 'SendStreamingMessageJSONRPCResponse',
    errors: [...standardErrors, ...messageErrors, ...serviceErrors],
    streaming: true,
    origin: 'a2a-v1',
  },
  {
    method: 'GetTask',
    summary: 'Read the current state of a task.',
    description: 'Returns a task as it stands now, with at most `historyLength` of its most recent messages.',
    request: 'GetTaskJSONRPCRequest',
    successResponse: 'GetTaskJSONRPCSuccessResponse',
    response: 'GetTaskJSONRPCResponse',
    errors: [...standardErrors, 'TaskNotFoundError', ...serviceErrors],
    origin: 'a2a-v1',
  },
  {
    method: 'ListTasks',
    summary: 'List tasks, with filters and paging.',
    description:
      'Returns one page of the tasks the caller may see, filtered by context, state or status time, with `nextPageToken` (empty on the last page), the page size and the total count.',
    request: 'ListTasksJSONRPCRequest',
    successResponse: 'ListTasksJSONRPCSuccessResponse',
    response: 'ListTasksJSONRPCResponse',
    errors: [...standardErrors, ...serviceErrors],
    origin: 'a2a-v1',
  },
  {
    method: 'CancelTask',
    summary: 'Ask the agent to cancel a task.',
    description: 'Asks the agent to stop a task; the result is the task after the attempt. A terminal task cannot be canceled.',
    request: 'CancelTaskJSONRPCRequest',
    successResponse: 'CancelTaskJSONRPCSuccessResponse',
    response: 'CancelTaskJSONRPCResponse',
    errors: [...standardErrors, 'TaskNotFoundError', 'TaskNotCancelableError', ...serviceErrors],
    origin: 'a2a-v1',
  },
  {
    method: 'SubscribeToTask',
    summary: 'Follow the updates of a task as a Server-Sent Events stream.',
    description:
      'Opens a Server-Sent Events stream of a task that is not terminal (a terminal task gives UnsupportedOperationError). The first event carries the task; the events have the shape of `SendStreamingMessage` events. The agent must declare `capabilities.streaming`.',
    request: 'SubscribeToTaskJSONRPCRequest',
    successResponse: 'SendStreamingMessageJSONRPCSuccessResponse',
    response: 'SendStreamingMessageJSONRPCResponse',
    errors: [...standardErrors, 'TaskNotFoundError', 'UnsupportedOperationError', ...serviceErrors],
    streaming: true,
    origin: 'a2a-v1',
  },
  {
    method: 'CreateTaskPushNotificationConfig',
    summary: 'Register a webhook for the updates of a task.',
    description:
      'Stores a push notification configuration for a task; the result is the configuration as stored. The agent must declare `capabilities.pushNotifications`.',
    request: 'CreateTaskPushNotificationConfigJSONRPCRequest',
    successResponse: 'CreateTaskPushNotificationConfigJSONRPCSuccessResponse',
    response: 'CreateTaskPushNotificationConfigJSONRPCResponse',
    errors: [...standardErrors, ...pushErrors, ...serviceErrors],
    origin: 'a2a-v1',
  },
  {
    method: 'GetTaskPushNotificationConfig',
    summary: 'Read a push notification configuration of a task.',
    description: 'Returns the configuration with the given id of the given task.',
    request: 'GetTaskPushNotificationConfigJSONRPCRequest',
    successResponse: 'GetTaskPushNotificationConfigJSONRPCSuccessResponse',
    response: 'GetTaskPushNotificationConfigJSONRPCResponse',
    errors: [...standardErrors, ...pushErrors, ...serviceErrors],
    origin: 'a2a-v1',
  },
  {
    method: 'ListTaskPushNotificationConfigs',
    summary: 'List the push notification configurations of a task.',
    description: 'Returns one page of the push notification configurations of a task.',
    request: 'ListTaskPushNotificationConfigsJSONRPCRequest',
    successResponse: 'ListTaskPushNotificationConfigsJSONRPCSuccessResponse',
    response: 'ListTaskPushNotificationConfigsJSONRPCResponse',
    errors: [...standardErrors, ...pushErrors, ...serviceErrors],
    origin: 'a2a-v1',
  },
  {
    method: 'DeleteTaskPushNotificationConfig',
    summary: 'Remove a push notification configuration of a task.',
    description: 'Deletes one push notification configuration of a task. The result carries no data: `{}`, or null.',
    request: 'DeleteTaskPushNotificationConfigJSONRPCRequest',
    successResponse: 'DeleteTaskPushNotificationConfigJSONRPCSuccessResponse',
    response: 'DeleteTaskPushNotificationConfigJSONRPCResponse',
    errors: [...standardErrors, ...pushErrors, ...serviceErrors],
    origin: 'a2a-v1',
  },
  {
    method: 'GetExtendedAgentCard',
    summary: 'Fetch the fuller Agent Card available to authenticated clients.',
    description:
      'Returns an Agent Card that may include details and skills the public card leaves out. Available when the public card sets `capabilities.extendedAgentCard`; the call must be authenticated as the public card requires.',
    request: 'GetExtendedAgentCardJSONRPCRequest',
    successResponse: 'GetExtendedAgentCardJSONRPCSuccessResponse',
    response: 'GetExtendedAgentCardJSONRPCResponse',
    errors: [...standardErrors, 'UnsupportedOperationError', 'ExtendedAgentCardNotConfiguredError', ...serviceErrors],
    origin: 'a2a-v1',
  },
];
