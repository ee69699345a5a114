/**
 * Bindu method parameters for tasks, messages and push-notification configs
 * (seed 001 "Task Operations & Parameters", "Message Sending Parameters", "Push Notification Parameters").
 *
 * Differs from A2A v0.3.0: TaskIdParams and TaskQueryParams name the task `taskId` (A2A: `id`);
 * MessageSendParams.configuration and MessageSendConfiguration.acceptedOutputModes are required;
 * task and config ids are UUIDs. TaskSendParams, ListTasksParams and TaskFeedbackParams are Bindu-only.
 */
import { Type } from '@sinclair/typebox';
import { OpenObject, Uuid } from '../lib.js';

const historyLength = (what: string) => Type.Integer({ description: `The maximum number of history messages to ${what}.` });

export const TaskSendParams = Type.Object(
  {
    taskId: Uuid({ description: 'The task to run.' }),
    contextId: Uuid({ description: 'The context the task belongs to.' }),
    message: Type.Optional(Type.Ref('Message', { description: 'The message to hand to the task.' })),
    historyLength: Type.Optional(historyLength('include')),
    metadata: Type.Optional(OpenObject({ description: 'Free-form metadata for the execution.' })),
  },
  {
    description: 'Parameters Bindu uses internally to hand a task to its executor. Not received from clients and not part of A2A.',
  },
);

export const TaskIdParams = Type.Object(
  {
    taskId: Uuid({ description: 'The task the operation applies to.' }),
    metadata: Type.Optional(OpenObject({ description: 'Free-form metadata for the operation.' })),
  },
  {
    description:
      'Parameters that only name a task, for operations such as cancellation. Bindu calls the field `taskId` where A2A calls it `id`.',
  },
);

export const TaskQueryParams = Type.Object(
  {
    taskId: Uuid({ description: 'The task to fetch.' }),
    historyLength: Type.Optional(historyLength('return')),
    metadata: Type.Optional(OpenObject({ description: 'Free-form metadata for the query.' })),
  },
  {
    description:
      'Parameters for fetching one task, with an optional cap on how much history comes back. Bindu calls the field `taskId` where A2A calls it `id`.',
  },
);

export const ListTasksParams = Type.Object(
  {
    historyLength: Type.Optional(historyLength('return for each task')),
    metadata: Type.Optional(
      OpenObject({
        description: 'Free-form metadata for filtering or controlling the listing, for example a status filter or a limit.',
      }),
    ),
  },
  { description: 'Parameters for listing tasks, with an optional cap on the history returned per task. A Bindu addition.' },
);

export const TaskFeedbackParams = Type.Object(
  {
    taskId: Uuid({ description: 'The task the feedback is about.' }),
    feedback: Type.String({ description: 'What the user thinks of how the task was carried out, in words.' }),
    rating: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 5,
        description: 'A score from 1 (very poor, did not meet expectations) to 5 (excellent, exceeded them).',
      }),
    ),
    metadata: Type.Optional(OpenObject({ description: 'Free-form metadata about the feedback.' })),
  },
  { description: 'Parameters for rating a task and commenting on how well it was done. A Bindu addition.' },
);

export const MessageSendConfiguration = Type.Object(
  {
    acceptedOutputModes: Type.Array(Type.String({ description: 'One MIME type, for example `text/plain`.' }), {
      description: 'The output formats (MIME types) the client accepts in the response. Required in Bindu.',
    }),
    blocking: Type.Optional(
      Type.Boolean({
        description:
          'True to wait until the task completes or needs input; false to return at once with the task `submitted` or `working`.',
      }),
    ),
    historyLength: Type.Optional(historyLength('include in the response')),
    pushNotificationConfig: Type.Optional(
      Type.Ref('PushNotificationConfig', { description: 'Where and how to push updates about the task.' }),
    ),
  },
  { description: 'How the agent should process a sent message and how the client wants to receive the answer.' },
);

export const MessageSendParams = Type.Object(
  {
    message: Type.Ref('Message', { description: 'The message to send to the agent.' }),
    configuration: Type.Ref('MessageSendConfiguration', {
      description: 'How the message is to be processed. Required in Bindu.',
    }),
    metadata: Type.Optional(OpenObject({ description: 'Free-form metadata for the request.' })),
  },
  {
    description:
      'Parameters for sending a message to start a new task or continue an existing one. A task in a terminal state cannot be restarted.',
  },
);

export const ListTaskPushNotificationConfigParams = Type.Object(
  {
    id: Uuid({ description: 'The task whose push-notification configurations are wanted.' }),
    metadata: Type.Optional(OpenObject({ description: 'Free-form metadata for the request.' })),
  },
  { description: 'Parameters for listing every push-notification configuration attached to a task.' },
);

export const DeleteTaskPushNotificationConfigParams = Type.Object(
  {
    id: Uuid({ description: 'The task the configuration is attached to.' }),
    pushNotificationConfigId: Uuid({ description: 'The push-notification configuration to remove.' }),
    metadata: Type.Optional(OpenObject({ description: 'Free-form metadata for the request, such as a reason.' })),
  },
  {
    description: 'Parameters for removing one push-notification configuration from a task, so it stops receiving updates.',
  },
);
