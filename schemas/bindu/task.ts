/**
 * Bindu tasks (seed 001 "Task Management", "TaskStatus Object", "TaskState Enum", "Artifact").
 *
 * Differs from A2A v0.3.0: TaskState has 17 values, eight more than A2A's nine (the seed lists
 * `unknown` among the Bindu additions, but A2A v0.3.0 already has it); TaskStatus.timestamp is required,
 * ids are UUIDs, and an Artifact may itself carry `append`/`lastChunk` while its `parts` are optional.
 */
import { Type } from '@sinclair/typebox';
import { DateTime, OpenObject, StringEnum, Uuid } from '../lib.js';
import { TASK_STATES } from './states.js';

export const TaskState = StringEnum(TASK_STATES, {
  description:
    'Where a task is in its lifecycle. The A2A states are `submitted`, `working`, `input-required`, `completed`, `canceled`, `failed`, `rejected`, `auth-required` and `unknown` (`completed`, `canceled`, `failed` and `rejected` are terminal; `input-required` and `auth-required` wait on the client). Bindu adds `payment-required`, `trust-verification-required`, `pending` (queued), `suspended`, `resumed` and the three negotiation-bid outcomes `negotiation-bid-submitted`, `negotiation-bid-lost` and `negotiation-bid-won`.',
});

export const TaskStatus = Type.Object(
  {
    state: Type.Ref('TaskState', { description: 'The lifecycle state the task is in.' }),
    message: Type.Optional(Type.Ref('Message', { description: 'An optional message that explains the status or gives context.' })),
    timestamp: DateTime({ description: 'When this status was recorded, as an ISO 8601 date-time. Required in Bindu.' }),
  },
  { description: 'The status of a task at one moment: its state, the time it was recorded and an optional message.' },
);

export const Task = Type.Object(
  {
    id: Uuid({ description: 'The identifier of the task.' }),
    contextId: Uuid({ description: 'The context (conversation session) the task belongs to.' }),
    kind: Type.Literal('task', { description: 'Discriminator of the object; always `task` for a task.' }),
    status: Type.Ref('TaskStatus', { description: 'The current status: state, timestamp and optional message.' }),
    artifacts: Type.Optional(Type.Array(Type.Ref('Artifact'), { description: 'The outputs produced while the task ran.' })),
    history: Type.Optional(Type.Array(Type.Ref('Message'), { description: 'The messages exchanged in the course of the task.' })),
    metadata: Type.Optional(OpenObject({ description: 'Free-form metadata for extensions and custom data.' })),
  },
  {
    description:
      'A stateful unit of work that coordinates a client and an agent: it tracks the state, keeps the message history and collects the artifacts.',
  },
);

export const Artifact = Type.Object(
  {
    artifactId: Uuid({ description: 'The identifier of the artifact.' }),
    name: Type.Optional(Type.String({ description: 'A human-readable name for the artifact.' })),
    description: Type.Optional(Type.String({ description: 'A human-readable explanation of what the artifact is.' })),
    parts: Type.Optional(Type.Array(Type.Ref('Part'), { description: 'The content of the artifact, as a list of parts.' })),
    metadata: Type.Optional(OpenObject({ description: 'Free-form metadata about the artifact.' })),
    extensions: Type.Optional(
      Type.Array(Type.String({ description: 'One extension URI.' }), {
        description: 'URIs of the extensions that apply to this artifact.',
      }),
    ),
    append: Type.Optional(
      Type.Boolean({
        description: 'True when this artifact is to be appended to an earlier one with the same id. A Bindu addition.',
      }),
    ),
    lastChunk: Type.Optional(Type.Boolean({ description: 'True when this is the last chunk of the artifact. A Bindu addition.' })),
  },
  {
    description:
      'An immutable output of a task, such as a report, generated code or a processed file, made of parts. A task may produce several.',
  },
);
