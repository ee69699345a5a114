/**
 * A2A v1.0 request and response messages on the ProtoJSON wire: the `params` of each method and
 * the results that are not core objects. The names are the proto's: in v1.0 `SendMessageRequest`
 * is the parameters of `SendMessage`, not a JSON-RPC envelope (those are in methods.ts).
 */
import { Type } from '@sinclair/typebox';
import { DateTime, OpenObject } from '../lib.js';
import { Field, ProtoObject, Required } from './proto.js';

const tenant = () => Field('tenant', Type.String({ description: 'The tenant, when the agent serves several (a path parameter in HTTP).' }));

const historyLength = (description: string) => Field('historyLength', Type.Integer({ minimum: 0, description }));

export const SendMessageConfiguration = ProtoObject(
  [
    Field(
      'acceptedOutputModes',
      Type.Array(Type.String(), {
        description: 'The media types the client can take in response parts; agents should tailor their output to them.',
      }),
    ),
    Field(
      'taskPushNotificationConfig',
      Type.Ref('TaskPushNotificationConfig', {
        description: 'Where the agent should push later updates of the task; its `taskId` is left out here.',
      }),
    ),
    historyLength('At most how many of the most recent history messages to return; left out for no limit, 0 for none.'),
    Field(
      'returnImmediately',
      Type.Boolean({
        description:
          'True to get the answer as soon as the task exists; false (the default) to wait until the task is in a terminal or interrupted state. The inverse of v0.3 `blocking`.',
      }),
    ),
  ],
  { description: 'Settings that adjust how a `SendMessage` or `SendStreamingMessage` call is handled.' },
);

export const SendMessageRequest = ProtoObject(
  [
    tenant(),
    Required('message', Type.Ref('Message', { description: 'The message sent to the agent.' })),
    Field('configuration', Type.Ref('SendMessageConfiguration', { description: 'How the call is to be handled.' })),
    Field('metadata', OpenObject({ description: 'Extension data attached to the request.' })),
  ],
  { description: 'The parameters of `SendMessage` and `SendStreamingMessage`: a message and how to handle it.' },
);

export const GetTaskRequest = ProtoObject(
  [
    tenant(),
    Required('id', Type.String({ description: 'The identifier of the task to read.' })),
    historyLength('At most how many of the most recent history messages to return; left out for no limit, 0 for none.'),
  ],
  { description: 'The parameters of `GetTask`.' },
);

export const ListTasksRequest = ProtoObject(
  [
    tenant(),
    Field('contextId', Type.String({ description: 'Only tasks of this context.' })),
    Field('status', Type.Ref('TaskState', { description: 'Only tasks in this state.' })),
    Field(
      'pageSize',
      Type.Integer({ minimum: 1, maximum: 100, description: 'At most how many tasks to return, from 1 to 100; 50 when left out.' }),
    ),
    Field('pageToken', Type.String({ description: 'The `nextPageToken` of a previous call, to get the page after it.' })),
    historyLength('At most how many history messages to include in each task.'),
    Field('statusTimestampAfter', DateTime({ description: 'Only tasks whose status was recorded at or after this time (RFC 3339).' })),
    Field(
      'includeArtifacts',
      Type.Boolean({ description: 'True to include the artifacts of the tasks; false (the default) to leave them out.' }),
    ),
  ],
  { description: 'The parameters of `ListTasks`: filters and paging.' },
);

export const ListTasksResponse = ProtoObject(
  [
    Required('tasks', Type.Array(Type.Ref('Task'), { description: 'The tasks on this page; empty when none match.' })),
    Required('nextPageToken', Type.String({ description: 'The token for the next page; the empty string on the last page.' })),
    Required('pageSize', Type.Integer({ minimum: 0, description: 'The page size used for this response.' })),
    Required('totalSize', Type.Integer({ minimum: 0, description: 'How many tasks match in all, before paging.' })),
  ],
  { description: 'The result of `ListTasks`: one page of tasks and paging information.' },
);

export const CancelTaskRequest = ProtoObject(
  [
    tenant(),
    Required('id', Type.String({ description: 'The identifier of the task to cancel.' })),
    Field('metadata', OpenObject({ description: 'Extension data attached to the request.' })),
  ],
  { description: 'The parameters of `CancelTask`.' },
);

export const SubscribeToTaskRequest = ProtoObject(
  [tenant(), Required('id', Type.String({ description: 'The identifier of the task to subscribe to.' }))],
  { description: 'The parameters of `SubscribeToTask`.' },
);

export const GetTaskPushNotificationConfigRequest = ProtoObject(
  [
    tenant(),
    Required('taskId', Type.String({ description: 'The task the configuration belongs to.' })),
    Required('id', Type.String({ description: 'The identifier of the configuration to read.' })),
  ],
  { description: 'The parameters of `GetTaskPushNotificationConfig`.' },
);

export const ListTaskPushNotificationConfigsRequest = ProtoObject(
  [
    tenant(),
    Required('taskId', Type.String({ description: 'The task whose configurations to list.' })),
    Field('pageSize', Type.Integer({ minimum: 0, description: 'At most how many configurations to return.' })),
    Field('pageToken', Type.String({ description: 'The `nextPageToken` of a previous call, to get the page after it.' })),
  ],
  { description: 'The parameters of `ListTaskPushNotificationConfigs`.' },
);

export const ListTaskPushNotificationConfigsResponse = ProtoObject(
  [
    Field(
      'configs',
      Type.Array(Type.Ref('TaskPushNotificationConfig'), { description: 'The push notification configurations on this page.' }),
    ),
    Field('nextPageToken', Type.String({ description: 'The token for the next page; empty or left out on the last page.' })),
  ],
  { description: 'The result of `ListTaskPushNotificationConfigs`: one page of configurations.' },
);

export const DeleteTaskPushNotificationConfigRequest = ProtoObject(
  [
    tenant(),
    Required('taskId', Type.String({ description: 'The task the configuration belongs to.' })),
    Required('id', Type.String({ description: 'The identifier of the configuration to delete.' })),
  ],
  { description: 'The parameters of `DeleteTaskPushNotificationConfig`.' },
);

export const GetExtendedAgentCardRequest = ProtoObject([tenant()], {
  description: 'The parameters of `GetExtendedAgentCard`; the whole `params` member may be left out.',
});

export const Empty = Type.Object(
  {},
  {
    additionalProperties: false,
    description: 'An empty message (`google.protobuf.Empty`), written `{}` in ProtoJSON.',
  },
);
