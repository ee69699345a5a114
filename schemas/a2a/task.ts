/**
 * A2A v0.3.0 tasks: the stateful unit of work, its lifecycle state and status, and the artifacts
 * it produces.
 */
import { Type } from '@sinclair/typebox';
import { OpenObject, StringEnum } from '../lib.js';
import { TASK_STATES } from './states.js';

export const TaskState = StringEnum(TASK_STATES, {
  description:
    'Where a task is in its lifecycle. `completed`, `canceled`, `failed` and `rejected` are terminal; `input-required` and `auth-required` wait on the client.',
});

export const TaskStatus = Type.Object(
  {
    state: Type.Ref('TaskState', { description: 'The lifecycle state the task is in.' }),
    message: Type.Optional(Type.Ref('Message', { description: 'An optional message from the agent that explains the status to a human.' })),
    timestamp: Type.Optional(Type.String({ description: 'When this status was recorded, as an ISO 8601 date-time string.' })),
  },
  { description: 'A snapshot of how a task is doing: its state, an optional explanation and when it was recorded.' },
);

export const Task = Type.Object(
  {
    kind: Type.Literal('task', { description: 'Discriminator of the object; always `task` for a task.' }),
    id: Type.String({ description: 'The identifier of the task, assigned by the server when it creates the task.' }),
    contextId: Type.String({
      description: 'The server-assigned context identifier that ties this task to related tasks and messages.',
    }),
    status: Type.Ref('TaskStatus', { description: 'Where the task stands now: its state, an optional message and a time.' }),
    history: Type.Optional(
      Type.Array(Type.Ref('Message'), { description: 'The messages exchanged in the course of the task, oldest first.' }),
    ),
    artifacts: Type.Optional(Type.Array(Type.Ref('Artifact'), { description: 'The outputs the agent has produced for the task so far.' })),
    metadata: Type.Optional(OpenObject({ description: 'Extension data attached to the task, keyed by an extension-specific name.' })),
  },
  { description: 'A unit of work an agent performs for a client, with its own identity and lifecycle.' },
);

export const Artifact = Type.Object(
  {
    artifactId: Type.String({ description: 'The identifier of the artifact, unique within its task.' }),
    name: Type.Optional(Type.String({ description: 'A name for the artifact, meant for people.' })),
    description: Type.Optional(Type.String({ description: 'A human-readable explanation of what the artifact is.' })),
    parts: Type.Array(Type.Ref('Part'), { description: 'The content of the artifact, as a list of parts.' }),
    extensions: Type.Optional(Type.Array(Type.String(), { description: 'URIs of the extensions that apply to this artifact.' })),
    metadata: Type.Optional(OpenObject({ description: 'Extension data attached to the artifact, keyed by an extension-specific name.' })),
  },
  { description: 'An output of a task, such as a document, an image or a data structure, made of parts.' },
);
