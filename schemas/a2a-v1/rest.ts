/**
 * The HTTP+JSON (REST) binding of A2A v1.0: one row per `google.api.http` binding of the v1.0
 * proto (each rpc's binding and its `additional_bindings` `/{tenant}` form), plus the one verb
 * §11.3 of the v1.0 specification gives differently (`POST /tasks/{id}:subscribe`). Bodies are
 * the `a2a-v1` types themselves (ProtoJSON); errors are the AIP-193 body (`HTTPErrorResponse`)
 * with the status §5.4 maps each error to. `aion` uses the same table: the aion context
 * extension defines no REST form of its methods.
 */
import type { RestBinding, RestOperation, RestParameter } from '../variant.js';
import { httpStatusByName } from '../error-table.js';

const str = { type: 'string', minLength: 1 };
const taskId: RestParameter = { name: 'id', description: 'The task id (proto `id`).', schema: str };
const configTaskId: RestParameter = { name: 'taskId', description: 'The task id (proto `task_id`).', schema: str };
const configId: RestParameter = { name: 'id', description: 'The push notification configuration id (proto `id`).', schema: str };
const tenant: RestParameter = {
  name: 'tenant',
  description: 'The tenant, when the agent serves several (proto `tenant`, bound by the `additional_bindings` form).',
  schema: str,
};

type Base = Omit<RestOperation, 'source'> & { readonly source?: RestOperation['source'] };

const base: readonly Base[] = [
  {
    operationId: 'SendMessage',
    rpc: 'SendMessage',
    method: 'SendMessage',
    verb: 'post',
    path: '/message:send',
    summary: 'Send a message to the agent and get back a task or a message.',
    pathParameters: [],
    requestBody: { type: 'SendMessageRequest', required: true },
    response: { status: 200, type: 'SendMessageResponse' },
  },
  {
    operationId: 'SendStreamingMessage',
    rpc: 'SendStreamingMessage',
    method: 'SendStreamingMessage',
    verb: 'post',
    path: '/message:stream',
    summary: 'Send a message and receive the updates of its task as Server-Sent Events.',
    pathParameters: [],
    requestBody: { type: 'SendMessageRequest', required: true },
    response: { status: 200, type: 'StreamResponse', streaming: true },
  },
  {
    operationId: 'GetTask',
    rpc: 'GetTask',
    method: 'GetTask',
    verb: 'get',
    path: '/tasks/{id}',
    summary: 'Read the current state of a task.',
    pathParameters: [taskId],
    query: { from: 'GetTaskRequest' },
    response: { status: 200, type: 'Task' },
  },
  {
    operationId: 'ListTasks',
    rpc: 'ListTasks',
    method: 'ListTasks',
    verb: 'get',
    path: '/tasks',
    summary: 'List tasks, with filters and paging.',
    pathParameters: [],
    query: { from: 'ListTasksRequest' },
    response: { status: 200, type: 'ListTasksResponse' },
  },
  {
    operationId: 'CancelTask',
    rpc: 'CancelTask',
    method: 'CancelTask',
    verb: 'post',
    path: '/tasks/{id}:cancel',
    summary: 'Ask the agent to cancel a task.',
    pathParameters: [taskId],
    requestBody: { type: 'CancelTaskRequest', required: false },
    response: { status: 200, type: 'Task' },
  },
  {
    operationId: 'SubscribeToTask',
    rpc: 'SubscribeToTask',
    method: 'SubscribeToTask',
    verb: 'get',
    path: '/tasks/{id}:subscribe',
    summary: 'Follow the updates of a task that is not yet terminal, as Server-Sent Events.',
    pathParameters: [taskId],
    response: { status: 200, type: 'StreamResponse', streaming: true },
  },
  {
    operationId: 'CreateTaskPushNotificationConfig',
    rpc: 'CreateTaskPushNotificationConfig',
    method: 'CreateTaskPushNotificationConfig',
    verb: 'post',
    path: '/tasks/{taskId}/pushNotificationConfigs',
    summary: 'Register a webhook for the updates of a task.',
    pathParameters: [configTaskId],
    requestBody: { type: 'TaskPushNotificationConfig', required: true },
    response: { status: 200, type: 'TaskPushNotificationConfig' },
  },
  {
    operationId: 'GetTaskPushNotificationConfig',
    rpc: 'GetTaskPushNotificationConfig',
    method: 'GetTaskPushNotificationConfig',
    verb: 'get',
    path: '/tasks/{taskId}/pushNotificationConfigs/{id}',
    summary: 'Read one push notification configuration of a task.',
    pathParameters: [configTaskId, configId],
    response: { status: 200, type: 'TaskPushNotificationConfig' },
  },
  {
    operationId: 'ListTaskPushNotificationConfigs',
    rpc: 'ListTaskPushNotificationConfigs',
    method: 'ListTaskPushNotificationConfigs',
    verb: 'get',
    path: '/tasks/{taskId}/pushNotificationConfigs',
    summary: 'List the push notification configurations of a task.',
    pathParameters: [configTaskId],
    query: { from: 'ListTaskPushNotificationConfigsRequest' },
    response: { status: 200, type: 'ListTaskPushNotificationConfigsResponse' },
  },
  {
    operationId: 'GetExtendedAgentCard',
    rpc: 'GetExtendedAgentCard',
    method: 'GetExtendedAgentCard',
    verb: 'get',
    path: '/extendedAgentCard',
    summary: 'Read the extended agent card for the authenticated client.',
    pathParameters: [],
    response: { status: 200, type: 'AgentCard' },
  },
  {
    operationId: 'DeleteTaskPushNotificationConfig',
    rpc: 'DeleteTaskPushNotificationConfig',
    method: 'DeleteTaskPushNotificationConfig',
    verb: 'delete',
    path: '/tasks/{taskId}/pushNotificationConfigs/{id}',
    summary: 'Remove a push notification configuration of a task.',
    pathParameters: [configTaskId, configId],
    response: { status: 200, type: 'Empty' },
    alsoStatus: [{ status: 204, why: 'servers that answer google.protobuf.Empty with no body', noBody: true }],
  },
];

/** The specification's verb where it differs from the proto's: §11.3.2 `POST /tasks/{id}:subscribe`. */
const specificationOnly: readonly Base[] = [
  {
    operationId: 'SubscribeToTaskByPost',
    rpc: 'SubscribeToTask',
    method: 'SubscribeToTask',
    verb: 'post',
    path: '/tasks/{id}:subscribe',
    source: 'specification',
    summary: "Follow the updates of a task as Server-Sent Events (§11.3.2's verb, POST; the proto binds GET).",
    pathParameters: [taskId],
    requestBody: { type: 'SubscribeToTaskRequest', required: false },
    response: { status: 200, type: 'StreamResponse', streaming: true },
  },
];

/** The specification's §11.3 lists each rpc of the proto at the same path and verb, but SubscribeToTask. */
const operations: RestOperation[] = [];
for (const row of base) {
  operations.push({ ...row, source: row.source ?? 'proto and specification' });
  operations.push({
    ...row,
    operationId: `${row.operationId}ForTenant`,
    path: `/{tenant}${row.path}`,
    source: 'proto',
    summary: `${row.summary} (the \`/{tenant}\` form)`,
    pathParameters: [tenant, ...row.pathParameters],
  });
}
operations.splice(
  operations.findIndex((o) => o.operationId === 'SubscribeToTask'),
  1,
  { ...base.find((o) => o.operationId === 'SubscribeToTask')!, source: 'proto' },
);
operations.push(...specificationOnly.map((row) => ({ ...row, source: row.source ?? 'specification' })));

export const rest: RestBinding = {
  schemas: 'a2a-v1',
  errorBody: 'HTTPErrorResponse',
  errorRule:
    'v1.0.1 §11.6: HTTP error responses use the `google.rpc.Status` JSON representation (AIP-193 in v1.0.0), `{"error": {"code", "status", "message", "details"}}`, each detail with its `@type`, and an A2A error MUST carry a `google.rpc.ErrorInfo` whose `reason` names it (`TASK_NOT_FOUND`) in the domain `a2a-protocol.org`; the HTTP status of each error is the one of the revision\'s §5.4 (schemas/error-table.ts).',
  errorStatus: httpStatusByName('v1.0'),
  operations,
};
