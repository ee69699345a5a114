/**
 * A2A v1.0 push notifications on the ProtoJSON wire. The configuration is flattened (v0.3 nested
 * it as `pushNotificationConfig` beside `taskId`) and authentication names a single `scheme`.
 */
import { Type } from '@sinclair/typebox';
import { Field, ProtoObject, Required } from './proto.js';

export const AuthenticationInfo = ProtoObject(
  [
    Required(
      'scheme',
      Type.String({
        description:
          'The HTTP authentication scheme the agent uses when calling the webhook, from the IANA registry (for example `Bearer` or `Basic`); case-insensitive.',
      }),
    ),
    Field(
      'credentials',
      Type.String({ description: 'The credentials to send, in the form the scheme defines (for example a token for Bearer).' }),
    ),
  ],
  { description: 'How an agent authenticates when it posts a push notification.' },
);

export const TaskPushNotificationConfig = ProtoObject(
  [
    Field('tenant', Type.String({ description: 'The tenant, when the agent serves several.' })),
    Field(
      'id',
      Type.String({ description: 'The identifier of this configuration (for example a UUID), so that a task can have several.' }),
    ),
    Field(
      'taskId',
      Type.String({
        description:
          'The task the configuration belongs to. Given when creating one; left out when the configuration travels inside a `SendMessage` request.',
      }),
    ),
    Required('url', Type.String({ description: 'The webhook URL the agent posts notifications to.' })),
    Field(
      'token',
      Type.String({ description: 'A token unique to the task or session, which the receiver can use to check notifications.' }),
    ),
    Field('authentication', Type.Ref('AuthenticationInfo', { description: 'How the agent must authenticate to the webhook.' })),
  ],
  { description: 'A push notification configuration of a task: where and how the agent posts its updates.' },
);
