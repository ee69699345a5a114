/**
 * A2A v0.3.0 method parameters (`params` of the requests). `tasks/pushNotificationConfig/set`
 * takes a TaskPushNotificationConfig (see push.ts) as its parameters.
 */
import { Type } from '@sinclair/typebox';
import { OpenObject } from '../lib.js';

const requestMetadata = () => Type.Optional(OpenObject({ description: 'Extension data attached to the request.' }));

export const MessageSendParams = Type.Object(
  {
    message: Type.Ref('Message', { description: 'The message sent to the agent.' }),
    configuration: Type.Optional(Type.Ref('MessageSendConfiguration', { description: 'Optional settings for how the send is handled.' })),
    metadata: requestMetadata(),
  },
  {
    description: 'The parameters of `message/send` and `message/stream`: a message that starts a new task, continues one, or restarts one.',
  },
);

export const MessageSendConfiguration = Type.Object(
  {
    acceptedOutputModes: Type.Optional(Type.Array(Type.String(), { description: 'The media types the client can take in the response.' })),
    historyLength: Type.Optional(
      Type.Integer({ description: 'How many of the most recent history messages of the task to include in the response.' }),
    ),
    pushNotificationConfig: Type.Optional(
      Type.Ref('PushNotificationConfig', {
        description: 'Where the agent should push updates that happen after the first response.',
      }),
    ),
    blocking: Type.Optional(
      Type.Boolean({
        description: 'True when the client wants the call to return only once the task is done; the server may decline for long tasks.',
      }),
    ),
  },
  { description: 'Settings that adjust how a `message/send` or `message/stream` call is handled.' },
);

export const TaskIdParams = Type.Object(
  {
    id: Type.String({ description: 'The identifier of the task.' }),
    metadata: requestMetadata(),
  },
  { description: 'Parameters that name a task by its id, for simple task operations.' },
);

export const TaskQueryParams = Type.Object(
  {
    id: Type.String({ description: 'The identifier of the task.' }),
    historyLength: Type.Optional(Type.Integer({ description: 'How many of the most recent history messages of the task to return.' })),
    metadata: requestMetadata(),
  },
  { description: 'Parameters for reading a task, optionally limiting how much history comes back.' },
);

export const GetTaskPushNotificationConfigParams = Type.Object(
  {
    id: Type.String({ description: 'The identifier of the task.' }),
    pushNotificationConfigId: Type.Optional(
      Type.String({ description: "Which of the task's push notification configurations to return." }),
    ),
    metadata: requestMetadata(),
  },
  { description: 'Parameters for reading one push notification configuration of a task.' },
);

export const ListTaskPushNotificationConfigParams = Type.Object(
  {
    id: Type.String({ description: 'The identifier of the task.' }),
    metadata: requestMetadata(),
  },
  { description: 'Parameters for listing every push notification configuration of a task.' },
);

export const DeleteTaskPushNotificationConfigParams = Type.Object(
  {
    id: Type.String({ description: 'The identifier of the task.' }),
    pushNotificationConfigId: Type.String({
      description: "Which of the task's push notification configurations to remove.",
    }),
    metadata: requestMetadata(),
  },
  { description: 'Parameters for removing one push notification configuration of a task.' },
);
