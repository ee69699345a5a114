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
import { DateTime, Uuid } from '../lib.js';
import type { MethodSpec } from '../variant.js';
import { RefUnion, Request, ResponseUnion, SuccessResponse, a2aSuccessResponseTypes, standardErrorTypes } from '../jsonrpc.js';
import { methods as a2aMethods, a2aRequestTypes } from '../a2a/methods.js';

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

export const ListTasksRequest = Request(
  'tasks/list',
  Type.Ref('ListTasksParams', { description: 'How much history to include and how to filter the listing.' }),
  "A `tasks/list` call: lists the caller's tasks.",
);

export const TaskFeedbackRequest = Request(
  'tasks/feedback',
  Type.Ref('TaskFeedbackParams', { description: 'The task and the feedback about it.' }),
  'A `tasks/feedback` call: records a rating and a comment about a task.',
);

export const ListContextsRequest = Request(
  'contexts/list',
  Type.Ref('ListContextsParams', { description: 'How much history to include and how to filter the listing.' }),
  "A `contexts/list` call: lists the caller's contexts.",
);

export const ClearContextsRequest = Request(
  'contexts/clear',
  Type.Ref('ContextsClearParams', { description: 'The context to clear.' }),
  'A `contexts/clear` call: deletes a context together with its tasks.',
);

export const GetContextRequest = Request(
  'context/get',
  Type.Ref('GetContextParams', { description: 'The context to retrieve and the slice of history wanted.' }),
  'A `context/get` call (context extension): retrieves one conversation context with its history.',
);

export const GetContextsListRequest = Request(
  'contexts/get',
  Type.Optional(
    Type.Ref('GetContextsListParams', {
      description: 'The slice of the list wanted; when left out, the server applies its defaults.',
    }),
  ),
  'A `contexts/get` call (context extension): lists the identifiers of the available contexts.',
);

export const A2ARequest = RefUnion(
  [
    ...a2aRequestTypes,
    'ListTasksRequest',
    'TaskFeedbackRequest',
    'ListContextsRequest',
    'ClearContextsRequest',
    'GetContextRequest',
    'GetContextsListRequest',
  ],
  'Any request a client can send to a Bindu agent: the A2A methods, the Bindu additions and the context extension, told apart by `method`.',
);

// ---------------------------------------------------------------------------------------------
// Success responses
// ---------------------------------------------------------------------------------------------

export const ListTasksSuccessResponse = SuccessResponse(
  Type.Ref('ListTasksResult', { description: 'The page of tasks.' }),
  'The successful answer to `tasks/list`.',
);

export const TaskFeedbackSuccessResponse = SuccessResponse(
  Type.Ref('TaskFeedbackResult', { description: 'The confirmation that the feedback was stored.' }),
  'The successful answer to `tasks/feedback`.',
);

export const ListContextsSuccessResponse = SuccessResponse(
  Type.Ref('ListContextsResult', { description: 'The page of contexts.' }),
  'The successful answer to `contexts/list`.',
);

export const ClearContextsSuccessResponse = SuccessResponse(
  Type.Ref('ClearContextsResult', { description: 'The confirmation that the context was cleared.' }),
  'The successful answer to `contexts/clear`.',
);

export const DeleteTaskPushNotificationConfigSuccessResponse = SuccessResponse(
  Type.Ref('DeleteTaskPushNotificationConfigResult', { description: 'Which configuration was removed from which task.' }),
  'The successful answer to `tasks/pushNotificationConfig/delete`.',
);

export const GetContextSuccessResponse = SuccessResponse(
  Type.Ref('Conversation', { description: 'The conversation context with its history.' }),
  'The successful answer to `context/get`.',
);

export const GetContextsListSuccessResponse = SuccessResponse(
  Type.Ref('ContextsList', { description: 'The identifiers of the available contexts.' }),
  'The successful answer to `contexts/get`.',
);

// ---------------------------------------------------------------------------------------------
// Response unions
// ---------------------------------------------------------------------------------------------

export const ListTasksResponse = ResponseUnion('ListTasksSuccessResponse', 'Any answer to `tasks/list`: an error or the success response.');

export const TaskFeedbackResponse = ResponseUnion(
  'TaskFeedbackSuccessResponse',
  'Any answer to `tasks/feedback`: an error or the success response.',
);

export const ListContextsResponse = ResponseUnion(
  'ListContextsSuccessResponse',
  'Any answer to `contexts/list`: an error or the success response.',
);

export const ClearContextsResponse = ResponseUnion(
  'ClearContextsSuccessResponse',
  'Any answer to `contexts/clear`: an error or the success response.',
);

export const GetContextResponse = ResponseUnion(
  'GetContextSuccessResponse',
  'Any answer to `context/get`: an error or the success response.',
);

export const GetContextsListResponse = ResponseUnion(
  'GetContextsListSuccessResponse',
  'Any answer to `contexts/get`: an error or the success response.',
);

export const JSONRPCResponse = RefUnion(
  [
    'JSONRPCErrorResponse',
    ...a2aSuccessResponseTypes,
    'ListTasksSuccessResponse',
    'TaskFeedbackSuccessResponse',
    'ListContextsSuccessResponse',
    'ClearContextsSuccessResponse',
    'GetContextSuccessResponse',
    'GetContextsListSuccessResponse',
  ],
  'Any response a Bindu agent can send: an error response or the success response of one of its methods.',
);

// ---------------------------------------------------------------------------------------------
// Method registry
// ---------------------------------------------------------------------------------------------

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
    errors: errorList(standardErrorTypes, spec.errors, authErrors, adjustment.errors ?? []),
  };
});

export const methods: readonly MethodSpec[] = [
  ...binduA2aMethods,
  {
    method: 'tasks/list',
    summary: "List the caller's tasks.",
    description:
      "Returns one page of the caller's tasks with the total count. `historyLength` caps the history returned with each task; `metadata` may carry filters such as `status` or `limit`, which servers are free to honour.",
    request: 'ListTasksRequest',
    successResponse: 'ListTasksSuccessResponse',
    response: 'ListTasksResponse',
    errors: errorList(standardErrorTypes, authErrors, ['TaskNotFoundError', 'TaskNotCancelableError']),
    origin: 'bindu',
  },
  {
    method: 'tasks/feedback',
    summary: 'Rate a task and comment on it.',
    description:
      "Records the user's feedback about how a task was carried out: a comment and, optionally, a rating from 1 to 5. The task itself does not change. The result confirms the feedback with its identifier and time.",
    request: 'TaskFeedbackRequest',
    successResponse: 'TaskFeedbackSuccessResponse',
    response: 'TaskFeedbackResponse',
    errors: errorList(standardErrorTypes, authErrors, ['TaskNotFoundError']),
    origin: 'bindu',
  },
  {
    method: 'contexts/list',
    summary: "List the caller's conversation contexts.",
    description:
      "Returns one page of the caller's contexts with the total count and the page size. `historyLength` caps the history returned per task; `metadata` may carry filters and paging hints such as `status`, `tags`, `role`, `limit`, `offset`, `sortBy` and `sortOrder`.",
    request: 'ListContextsRequest',
    successResponse: 'ListContextsSuccessResponse',
    response: 'ListContextsResponse',
    errors: errorList(standardErrorTypes, authErrors, ['ContextNotFoundError', 'ContextNotCancelableError']),
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
    errors: errorList(standardErrorTypes, authErrors, ['ContextNotFoundError', 'ContextNotCancelableError']),
    origin: 'bindu',
  },
  {
    method: 'context/get',
    summary: 'Retrieve one conversation context with its history (context extension).',
    description:
      'Returns the conversation held in a context: its messages across tasks, its artifacts and the state of its most recent task. `history_length` limits how many recent tasks are included and `history_offset` where to start counting from the most recent. Parameters are snake_case. A context id that names no context the caller can see is reported as ContextNotFoundError.',
    request: 'GetContextRequest',
    successResponse: 'GetContextSuccessResponse',
    response: 'GetContextResponse',
    errors: errorList(standardErrorTypes, authErrors, ['ContextNotFoundError']),
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
    errors: errorList(standardErrorTypes, authErrors),
    origin: 'context-extension',
  },
];
