/**
 * A2A v1.0 streaming on the ProtoJSON wire: the two update events and the one-of wrappers that
 * carry results (`SendMessageResponse`, and `StreamResponse` for every stream event and push
 * notification).
 */
import { Type } from '@sinclair/typebox';
import { OpenObject } from '../lib.js';
import { Field, OneOf, ProtoObject, Required } from './proto.js';

const noKind = () =>
  Field('kind', Type.Never({ description: 'Must be absent: `kind` is the A2A v0.3 discriminator, which v1.0 dropped.' }));

export const TaskStatusUpdateEvent = ProtoObject(
  [
    Required('taskId', Type.String({ description: 'The task whose status changed.' })),
    Required('contextId', Type.String({ description: 'The context of that task.' })),
    Required('status', Type.Ref('TaskStatus', { description: 'The new status of the task.' })),
    Field('metadata', OpenObject({ description: 'Metadata attached to the update.' })),
    noKind(),
  ],
  {
    description:
      'An event telling the client that a task has a new status. Unlike v0.3 it has no `final` flag: the end of the stream marks the end.',
  },
);

export const TaskArtifactUpdateEvent = ProtoObject(
  [
    Required('taskId', Type.String({ description: 'The task the artifact belongs to.' })),
    Required('contextId', Type.String({ description: 'The context of that task.' })),
    Required('artifact', Type.Ref('Artifact', { description: 'The artifact, or the chunk of it, that was produced.' })),
    Field('append', Type.Boolean({ description: 'True when the parts are to be appended to the artifact with the same id sent earlier.' })),
    Field('lastChunk', Type.Boolean({ description: 'True when this is the last chunk of the artifact.' })),
    Field('metadata', OpenObject({ description: 'Metadata attached to the update.' })),
    noKind(),
  ],
  { description: 'An event telling the client that an artifact was generated or extended.' },
);

export const SendMessageResponse = ProtoObject(
  [
    OneOf(
      'payload',
      [
        Field('task', Type.Ref('Task', { description: 'The task created or updated by the message.' })),
        Field('message', Type.Ref('Message', { description: 'A message from the agent that answers directly.' })),
      ],
      'The answer: exactly one of `task` or `message`.',
    ),
  ],
  { description: 'The result of `SendMessage`: the task that tracks the work, or a direct message, wrapped in a one-of.' },
);

export const StreamResponse = ProtoObject(
  [
    OneOf(
      'payload',
      [
        Field('task', Type.Ref('Task', { description: 'The task in its current state.' })),
        Field('message', Type.Ref('Message', { description: 'A message from the agent.' })),
        Field('statusUpdate', Type.Ref('TaskStatusUpdateEvent', { description: 'A change in the status of the task.' })),
        Field('artifactUpdate', Type.Ref('TaskArtifactUpdateEvent', { description: 'A new or extended artifact of the task.' })),
      ],
      'The event: exactly one of `task`, `message`, `statusUpdate` or `artifactUpdate`.',
    ),
  ],
  {
    description:
      'One event of a `SendStreamingMessage` or `SubscribeToTask` stream (and the body of a push notification), wrapped in a one-of.',
  },
);
