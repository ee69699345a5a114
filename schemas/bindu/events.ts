/**
 * Bindu task events (seed 001 "Task Events"). The same fields as A2A v0.3.0, with UUID ids.
 */
import { Type } from '@sinclair/typebox';
import { OpenObject, Uuid } from '../lib.js';

export const TaskStatusUpdateEvent = Type.Object(
  {
    taskId: Uuid({ description: 'The task whose status changed.' }),
    contextId: Uuid({ description: 'The context of that task.' }),
    kind: Type.Literal('status-update', {
      description: 'Discriminator of the event; always `status-update` for a status change.',
    }),
    status: Type.Ref('TaskStatus', { description: 'The status the task has now.' }),
    final: Type.Boolean({ description: 'True when this is the last status update (the task reached a terminal state).' }),
    metadata: Type.Optional(OpenObject({ description: 'Free-form metadata about the event.' })),
  },
  {
    description: 'An event telling the client that a task changed status; used in streams (SSE) and push notifications instead of polling.',
  },
);

export const TaskArtifactUpdateEvent = Type.Object(
  {
    taskId: Uuid({ description: 'The task producing the artifact.' }),
    contextId: Uuid({ description: 'The context of that task.' }),
    kind: Type.Literal('artifact-update', {
      description: 'Discriminator of the event; always `artifact-update` for an artifact change.',
    }),
    artifact: Type.Ref('Artifact', { description: 'The artifact, or the chunk of it, that was generated or updated.' }),
    append: Type.Optional(
      Type.Boolean({
        description: 'True to append these parts to the artifact sent earlier; false to start or replace it.',
      }),
    ),
    lastChunk: Type.Optional(Type.Boolean({ description: 'True when this chunk completes the artifact.' })),
    metadata: Type.Optional(OpenObject({ description: 'Free-form metadata about the event, such as chunk numbers.' })),
  },
  {
    description: 'An event telling the client that an artifact was generated or updated, so large outputs can be delivered in chunks.',
  },
);
