/**
 * A2A v0.3.0 streaming events: what an agent sends after the first Task in a `message/stream` or
 * `tasks/resubscribe` stream (and in push notifications).
 */
import { Type } from '@sinclair/typebox';
import { OpenObject } from '../lib.js';

export const TaskStatusUpdateEvent = Type.Object(
  {
    kind: Type.Literal('status-update', {
      description: 'Discriminator of the event; always `status-update` for a status change.',
    }),
    taskId: Type.String({ description: 'The task whose status changed.' }),
    contextId: Type.String({ description: 'The context of that task.' }),
    status: Type.Ref('TaskStatus', { description: 'The status the task has now.' }),
    final: Type.Boolean({ description: 'True when this is the last event the stream will carry for this interaction.' }),
    metadata: Type.Optional(OpenObject({ description: 'Extension data attached to the event.' })),
  },
  { description: 'An event telling the client that a task moved to a new status; sent in streams and subscriptions.' },
);

export const TaskArtifactUpdateEvent = Type.Object(
  {
    kind: Type.Literal('artifact-update', {
      description: 'Discriminator of the event; always `artifact-update` for an artifact change.',
    }),
    taskId: Type.String({ description: 'The task the artifact belongs to.' }),
    contextId: Type.String({ description: 'The context of that task.' }),
    artifact: Type.Ref('Artifact', { description: 'The artifact, or the chunk of it, that was produced or changed.' }),
    append: Type.Optional(
      Type.Boolean({ description: 'True when these parts extend an artifact with the same id sent earlier, instead of replacing it.' }),
    ),
    lastChunk: Type.Optional(Type.Boolean({ description: 'True when this chunk completes the artifact.' })),
    metadata: Type.Optional(OpenObject({ description: 'Extension data attached to the event.' })),
  },
  { description: 'An event telling the client that an artifact was created or updated; sent in streams and subscriptions.' },
);
