/**
 * A2A v1.0 Message on the ProtoJSON wire: one turn of the conversation.
 */
import { Type } from '@sinclair/typebox';
import { OpenObject } from '../lib.js';
import { Field, ProtoObject, Required } from './proto.js';

export const Message = ProtoObject(
  [
    Required('messageId', Type.String({ description: 'The identifier of the message (for example a UUID), chosen by its sender.' })),
    Field('contextId', Type.String({ description: 'The context the message belongs to. Agents always set it; clients may leave it out.' })),
    Field(
      'taskId',
      Type.String({
        description: 'The task the message belongs to; left out before a task exists. The server infers the context from it.',
      }),
    ),
    Required('role', Type.Ref('Role', { description: 'Who sent the message.' })),
    Required('parts', Type.Array(Type.Ref('Part'), { minItems: 1, description: 'The content of the message: at least one part.' })),
    Field('metadata', OpenObject({ description: 'Extension data attached to the message.' })),
    Field('extensions', Type.Array(Type.String(), { description: 'URIs of the extensions present in or contributing to this message.' })),
    Field('referenceTaskIds', Type.Array(Type.String(), { description: 'Identifiers of other tasks this message refers to for context.' })),
    Field('kind', Type.Never({ description: 'Must be absent: `kind` is the A2A v0.3 discriminator, which v1.0 dropped.' })),
  ],
  { description: 'One unit of communication between a client (`ROLE_USER`) and an agent (`ROLE_AGENT`).' },
);
