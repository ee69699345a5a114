/**
 * A2A v0.3.0 push notifications: where and how an agent posts task updates to a client-provided
 * webhook, and the pairing of such a configuration with a task.
 */
import { Type } from '@sinclair/typebox';

export const PushNotificationConfig = Type.Object(
  {
    id: Type.Optional(
      Type.String({
        description: 'An identifier the client gives this configuration, so that one task can have several callbacks.',
      }),
    ),
    url: Type.String({ description: 'The webhook URL the agent posts notifications to.' }),
    token: Type.Optional(
      Type.String({ description: 'A token tied to the task or session, which the receiver uses to check that a notification is genuine.' }),
    ),
    authentication: Type.Optional(
      Type.Ref('PushNotificationAuthenticationInfo', {
        description: 'How the agent must authenticate when it calls the webhook.',
      }),
    ),
  },
  { description: 'How an agent should deliver push notifications about a task: the webhook and its credentials.' },
);

export const PushNotificationAuthenticationInfo = Type.Object(
  {
    schemes: Type.Array(Type.String(), {
      description: 'The authentication schemes the webhook accepts, for example `Basic` or `Bearer`.',
    }),
    credentials: Type.Optional(Type.String({ description: 'Credentials the webhook expects, when it needs any.' })),
  },
  { description: 'The authentication an agent must use when it calls a push notification webhook.' },
);

export const TaskPushNotificationConfig = Type.Object(
  {
    taskId: Type.String({ description: 'The task the configuration applies to.' }),
    pushNotificationConfig: Type.Ref('PushNotificationConfig', {
      description: 'The push notification configuration for that task.',
    }),
  },
  { description: 'A push notification configuration together with the task it belongs to.' },
);
