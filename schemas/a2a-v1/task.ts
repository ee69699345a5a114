/**
 * A2A v1.0 tasks on the ProtoJSON wire: the task, its status and the artifacts it produces.
 */
import { Type } from '@sinclair/typebox';
import { DateTime, OpenObject } from '../lib.js';
import { Field, ProtoObject, Required } from './proto.js';

export const TaskStatus = ProtoObject(
  [
    Required('state', Type.Ref('TaskState', { description: 'The lifecycle state the task is in.' })),
    Field('message', Type.Ref('Message', { description: 'A message associated with the status, for example why input is needed.' })),
    Field(
      'timestamp',
      DateTime({ description: 'When the status was recorded: an RFC 3339 date-time, which emitters write in UTC with a `Z`.' }),
    ),
  ],
  { description: 'The status of a task: its state, an optional message and when it was recorded.' },
);

export const Task = ProtoObject(
  [
    Required('id', Type.String({ description: 'The identifier of the task (for example a UUID), assigned by the server.' })),
    Field('contextId', Type.String({ description: 'The context that groups this task with related tasks and messages.' })),
    Required('status', Type.Ref('TaskStatus', { description: 'The current status of the task.' })),
    Field('artifacts', Type.Array(Type.Ref('Artifact'), { description: 'The outputs the task has produced.' })),
    Field('history', Type.Array(Type.Ref('Message'), { description: 'The messages exchanged in the course of the task.' })),
    Field('metadata', OpenObject({ description: 'Custom metadata about the task.' })),
    Field('kind', Type.Never({ description: 'Must be absent: `kind` is the A2A v0.3 discriminator, which v1.0 dropped.' })),
  ],
  { description: 'The unit of work of A2A: an identity, a status, the artifacts produced and the message history.' },
);

export const Artifact = ProtoObject(
  [
    Required('artifactId', Type.String({ description: 'The identifier of the artifact (for example a UUID), unique within its task.' })),
    Field('name', Type.String({ description: 'A name for the artifact, for people.' })),
    Field('description', Type.String({ description: 'A description of the artifact, for people.' })),
    Required('parts', Type.Array(Type.Ref('Part'), { minItems: 1, description: 'The content of the artifact: at least one part.' })),
    Field('metadata', OpenObject({ description: 'Metadata attached to the artifact.' })),
    Field('extensions', Type.Array(Type.String(), { description: 'URIs of the extensions present in or contributing to this artifact.' })),
  ],
  { description: 'An output of a task, made of parts.' },
);
