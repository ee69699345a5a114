/**
 * Bindu JSON-RPC methods: the result types and envelopes of the methods Bindu adds to A2A
 * (`tasks/list`, `tasks/feedback`, `contexts/list`, `contexts/clear`) and of the context extension
 * (`context/get`, `contexts/get`, seed 003), the Bindu result of `tasks/pushNotificationConfig/delete`,
 * the request and response unions of the variant, and the method registry.
 *
 * The ten A2A methods keep their A2A envelopes: those refer to Message, Task, the params and the
 * events by name, so inside the bindu module they already carry the Bindu shapes.
 */
import { Type } from '@sinclair/typebox';
import { Absent, DateTime, Uuid } from '../lib.js';
import type { MethodSpec } from '../variant.js';
import { methods as a2aMethods } from '../a2a/methods.js';

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

const method = <const M extends string>(name: M) =>
  Type.Literal(name, { description: `The method name; always \`${name}\`.` });

// ---------------------------------------------------------------------------------------------
// Results (the seeds show these only by example: DESIGN decision 6)
// ---------------------------------------------------------------------------------------------

export const ListTasksResult = Type.Object(
  {
    tasks: Type.Array(Type.Ref('Task'), { description: 'The tasks on this page of the listing.' }),
    total: Type.Integer({ minimum: 0, description: 'How many tasks match the listing in all, across every page.' }),
    page: Type.Integer({ description: 'The number of the page returned.' }),
  },
  { description: 'The result of `tasks/list`: one page of tasks and the total count.' },
);

export const TaskFeedbackResult = Type.Object(
  {
    success: Type.Boolean({ description: 'True when the feedback was recorded.' }),
    feedbackId: Type.String({ description: 'The identifier under which the feedback was stored.' }),
    taskId: Uuid({ description: 'The task the feedback is about.' }),
    timestamp: DateTime({ description: 'When the feedback was recorded, as an ISO 8601 date-time.' }),
  },
  { description: 'The result of `tasks/feedback`: confirmation that the feedback was stored.' },
);

export const ListContextsResult = Type.Object(
  {
    contexts: Type.Array(Type.Ref('Context'), { description: 'The contexts on this page of the listing.' }),
    total: Type.Integer({ minimum: 0, description: 'How many contexts match the listing in all, across every page.' }),
    page: Type.Integer({ description: 'The number of the page returned.' }),
    pageSize: Type.Integer({ minimum: 0, description: 'The largest number of contexts a page holds.' }),
  },
  { description: 'The result of `contexts/list`: one page of contexts, the total count and the page size.' },
);

export const ClearContextsResult = Type.Object(
  {
    message: Type.String({ description: 'A human-readable confirmation that the context and its tasks were cleared.' }),
  },
  { description: 'The result of `contexts/clear`: a confirmation message.' },
);

export const DeleteTaskPushNotificationConfigResult = Type.Object(
  {
    success: Type.Boolean({ description: 'True when the configuration was removed.' }),
    deletedConfigId: Type.String({ description: 'The identifier of the configuration that was removed.' }),
    taskId: Uuid({ description: 'The task the configuration was attached to.' }),
  },
  { description: 'The Bindu result of `tasks/pushNotificationConfig/delete`: which configuration was removed from which task.' },
);

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

export const ListTasksRequest = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: requestId(),
    method: method('tasks/list'),
    params: Type.Ref('ListTasksParams', { description: 'How much history to include and how to filter the listing.' }),
  },
  { description: 'A `tasks/list` call: lists the caller\'s tasks.' },
);

export const TaskFeedbackRequest = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: requestId(),
    method: method('tasks/feedback'),
    params: Type.Ref('TaskFeedbackParams', { description: 'The task and the feedback about it.' }),
  },
  { description: 'A `tasks/feedback` call: records a rating and a comment about a task.' },
);

export const ListContextsRequest = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: requestId(),
    method: method('contexts/list'),
    params: Type.Ref('ListContextsParams', {
      description: 'How much history to include and how to filter the listing.',
    }),
  },
  { description: 'A `contexts/list` call: lists the caller\'s contexts.' },
);

export const ClearContextsRequest = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: requestId(),
    method: method('contexts/clear'),
    params: Type.Ref('ContextsClearParams', { description: 'The context to clear.' }),
  },
  { description: 'A `contexts/clear` call: deletes a context together with its tasks.' },
);

export const GetContextRequest = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: requestId(),
    method: method('context/get'),
    params: Type.Ref('GetContextParams', { description: 'The context to retrieve and the slice of history wanted.' }),
  },
  { description: 'A `context/get` call (context extension): retrieves one conversation context with its history.' },
);

export const GetContextsListRequest = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: requestId(),
    method: method('contexts/get'),
    params: Type.Optional(
      Type.Ref('GetContextsListParams', {
        description: 'The slice of the list wanted; when left out, the server applies its defaults.',
      }),
    ),
  },
  { description: 'A `contexts/get` call (context extension): lists the identifiers of the available contexts.' },
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
    Type.Ref('ListTasksRequest'),
    Type.Ref('TaskFeedbackRequest'),
    Type.Ref('ListContextsRequest'),
    Type.Ref('ClearContextsRequest'),
    Type.Ref('GetContextRequest'),
    Type.Ref('GetContextsListRequest'),
  ],
  {
    description:
      'Any request a client can send to a Bindu agent: the A2A methods, the Bindu additions and the context extension, told apart by `method`.',
  },
);

// ---------------------------------------------------------------------------------------------
// Success responses
// ---------------------------------------------------------------------------------------------

export const ListTasksSuccessResponse = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: responseId(),
    result: Type.Ref('ListTasksResult', { description: 'The page of tasks.' }),
    error: noError(),
  },
  { description: 'The successful answer to `tasks/list`.' },
);

export const TaskFeedbackSuccessResponse = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: responseId(),
    result: Type.Ref('TaskFeedbackResult', { description: 'The confirmation that the feedback was stored.' }),
    error: noError(),
  },
  { description: 'The successful answer to `tasks/feedback`.' },
);

export const ListContextsSuccessResponse = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: responseId(),
    result: Type.Ref('ListContextsResult', { description: 'The page of contexts.' }),
    error: noError(),
  },
  { description: 'The successful answer to `contexts/list`.' },
);

export const ClearContextsSuccessResponse = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: responseId(),
    result: Type.Ref('ClearContextsResult', { description: 'The confirmation that the context was cleared.' }),
    error: noError(),
  },
  { description: 'The successful answer to `contexts/clear`.' },
);

export const DeleteTaskPushNotificationConfigSuccessResponse = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: responseId(),
    result: Type.Ref('DeleteTaskPushNotificationConfigResult', {
      description: 'Which configuration was removed from which task.',
    }),
    error: noError(),
  },
  { description: 'The successful answer to `tasks/pushNotificationConfig/delete`.' },
);

export const GetContextSuccessResponse = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: responseId(),
    result: Type.Ref('Conversation', { description: 'The conversation context with its history.' }),
    error: noError(),
  },
  { description: 'The successful answer to `context/get`.' },
);

export const GetContextsListSuccessResponse = Type.Object(
  {
    jsonrpc: jsonrpcVersion(),
    id: responseId(),
    result: Type.Ref('ContextsList', { description: 'The identifiers of the available contexts.' }),
    error: noError(),
  },
  { description: 'The successful answer to `contexts/get`.' },
);

// ---------------------------------------------------------------------------------------------
// Response unions
// ---------------------------------------------------------------------------------------------

export const ListTasksResponse = Type.Union([Type.Ref('JSONRPCErrorResponse'), Type.Ref('ListTasksSuccessResponse')], {
  description: 'Any answer to `tasks/list`: an error or the success response.',
});

export const TaskFeedbackResponse = Type.Union(
  [Type.Ref('JSONRPCErrorResponse'), Type.Ref('TaskFeedbackSuccessResponse')],
  { description: 'Any answer to `tasks/feedback`: an error or the success response.' },
);

export const ListContextsResponse = Type.Union(
  [Type.Ref('JSONRPCErrorResponse'), Type.Ref('ListContextsSuccessResponse')],
  { description: 'Any answer to `contexts/list`: an error or the success response.' },
);

export const ClearContextsResponse = Type.Union(
  [Type.Ref('JSONRPCErrorResponse'), Type.Ref('ClearContextsSuccessResponse')],
  { description: 'Any answer to `contexts/clear`: an error or the success response.' },
);

export const GetContextResponse = Type.Union([Type.Ref('JSONRPCErrorResponse'), Type.Ref('GetContextSuccessResponse')], {
  description: 'Any answer to `context/get`: an error or the success response.',
});

export const GetContextsListResponse = Type.Union(
  [Type.Ref('JSONRPCErrorResponse'), Type.Ref('GetContextsListSuccessResponse')],
  { description: 'Any answer to `contexts/get`: an error or the success response.' },
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
    Type.Ref('ListTasksSuccessResponse'),
    Type.Ref('TaskFeedbackSuccessResponse'),
    Type.Ref('ListContextsSuccessResponse'),
    Type.Ref('ClearContextsSuccessResponse'),
    Type.Ref('GetContextSuccessResponse'),
    Type.Ref('GetContextsListSuccessResponse'),
  ],
  {
    description:
      'Any response a Bindu agent can send: an error response or the success response of one of its methods.',
  },
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

/** Bindu's authentication middleware runs before dispatch, so it can answer any method with these. */
const authErrors = [
  'AuthenticationRequiredError',
  'InvalidTokenError',
  'TokenExpiredError',
  'InvalidTokenSignatureError',
  'InsufficientPermissionsError',
] as const;

/** Error lists without duplicates, in first-seen order. */
const errorList = (...groups: readonly (readonly string[])[]): readonly string[] => [...new Set(groups.flat())];

/** What the bindu variant adds to, or changes in, the A2A methods. */
const a2aAdjustments: Record<string, { readonly errors?: readonly string[]; readonly description?: string }> = {
  'message/send': {
    errors: ['TaskImmutableError', 'ContextNotFoundError'],
    description:
      'Sends a message to the agent, starting a new task or continuing an existing one. In Bindu the message always names its task and context (`taskId`, `contextId`, both UUIDs) and `configuration` with `acceptedOutputModes` is required. The agent answers with the Task that tracks the work or with a Message. A task in a terminal state cannot take further messages (TaskImmutableError); continue the conversation with a new task that lists the old one in `referenceTaskIds`. A context the caller may not use is reported as ContextNotFoundError.',
  },
  'message/stream': {
    errors: ['TaskImmutableError', 'ContextNotFoundError'],
    description:
      'Like `message/send`, with the same Bindu requirements on the message and configuration, but the answer is a Server-Sent Events stream in which every event is a SendStreamingMessageResponse: a Task followed by status and artifact update events until the task stops (`final: true`), or a single Message. The agent must declare `capabilities.streaming`.',
  },
  'tasks/get': {
    description:
      'Returns a task as it stands now: its status, its artifacts and, up to `historyLength` messages, its history. Bindu names the task with `taskId` (A2A: `id`).',
  },
  'tasks/cancel': {
    description:
      'Asks the agent to stop working on a task, named by `taskId` (A2A: `id`). The result is the task after the attempt, normally `canceled`. A task that has already reached a terminal state cannot be canceled.',
  },
  'tasks/resubscribe': {
    description:
      'Reopens the Server-Sent Events stream of a running task, named by `taskId` (A2A: `id`), after an earlier stream was lost. Events have the same shape as in `message/stream`. The agent must declare `capabilities.streaming`.',
  },
  'tasks/pushNotificationConfig/delete': {
    description:
      'Deletes one push notification configuration of a task. In Bindu the result reports what was removed: `{success, deletedConfigId, taskId}`. The agent must declare `capabilities.pushNotifications`.',
  },
};

const binduA2aMethods: MethodSpec[] = a2aMethods.map((spec) => {
  const adjustment = a2aAdjustments[spec.method] ?? {};
  return {
    ...spec,
    description: adjustment.description ?? spec.description,
    errors: errorList(standardErrors, spec.errors, authErrors, adjustment.errors ?? []),
  };
});

export const methods: readonly MethodSpec[] = [
  ...binduA2aMethods,
  {
    method: 'tasks/list',
    summary: 'List the caller\'s tasks.',
    description:
      'Returns one page of the caller\'s tasks with the total count. `historyLength` caps the history returned with each task; `metadata` may carry filters such as `status` or `limit`, which servers are free to honour.',
    request: 'ListTasksRequest',
    successResponse: 'ListTasksSuccessResponse',
    response: 'ListTasksResponse',
    errors: errorList(standardErrors, authErrors, ['TaskNotFoundError', 'TaskNotCancelableError']),
    origin: 'bindu',
  },
  {
    method: 'tasks/feedback',
    summary: 'Rate a task and comment on it.',
    description:
      'Records the user\'s feedback about how a task was carried out: a comment and, optionally, a rating from 1 to 5. The task itself does not change. The result confirms the feedback with its identifier and time.',
    request: 'TaskFeedbackRequest',
    successResponse: 'TaskFeedbackSuccessResponse',
    response: 'TaskFeedbackResponse',
    errors: errorList(standardErrors, authErrors, ['TaskNotFoundError']),
    origin: 'bindu',
  },
  {
    method: 'contexts/list',
    summary: 'List the caller\'s conversation contexts.',
    description:
      'Returns one page of the caller\'s contexts with the total count and the page size. `historyLength` caps the history returned per task; `metadata` may carry filters and paging hints such as `status`, `tags`, `role`, `limit`, `offset`, `sortBy` and `sortOrder`.',
    request: 'ListContextsRequest',
    successResponse: 'ListContextsSuccessResponse',
    response: 'ListContextsResponse',
    errors: errorList(standardErrors, authErrors, ['ContextNotFoundError', 'ContextNotCancelableError']),
    origin: 'bindu',
  },
  {
    method: 'contexts/clear',
    summary: 'Clear a conversation context and its tasks.',
    description:
      'Deletes a context together with every task that belongs to it. The result is a confirmation message. An unknown context, or one that belongs to someone else, is reported as ContextNotFoundError.',
    request: 'ClearContextsRequest',
    successResponse: 'ClearContextsSuccessResponse',
    response: 'ClearContextsResponse',
    errors: errorList(standardErrors, authErrors, ['ContextNotFoundError', 'ContextNotCancelableError']),
    origin: 'bindu',
  },
  {
    method: 'context/get',
    summary: 'Retrieve one conversation context with its history (context extension).',
    description:
      'Returns the conversation held in a context: its messages across tasks, its artifacts and the state of its most recent task. `history_length` limits how many recent tasks are included and `history_offset` where to start counting from the most recent. Parameters are snake_case.',
    request: 'GetContextRequest',
    successResponse: 'GetContextSuccessResponse',
    response: 'GetContextResponse',
    errors: errorList(standardErrors, authErrors),
    origin: 'context-extension',
  },
  {
    method: 'contexts/get',
    summary: 'List the identifiers of the available conversation contexts (context extension).',
    description:
      'Returns the identifiers of the available contexts, most recent first. `history_length` limits how many are returned and `history_offset` how many of the most recent to skip. Parameters are snake_case. This is not a getter for a Bindu Context object: use `contexts/list` for those.',
    request: 'GetContextsListRequest',
    successResponse: 'GetContextsListSuccessResponse',
    response: 'GetContextsListResponse',
    errors: errorList(standardErrors, authErrors),
    origin: 'context-extension',
  },
];
