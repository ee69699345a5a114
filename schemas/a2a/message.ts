/**
 * A2A v0.3.0 Message: one turn of the conversation between a client (`user`) and an agent (`agent`).
 */
import { Type } from '@sinclair/typebox';
import { OpenObject, StringEnum } from '../lib.js';

export const Message = Type.Object(
  {
    kind: Type.Literal('message', { description: 'Discriminator of the object; always `message` for a message.' }),
    messageId: Type.String({ description: 'An identifier for this message chosen by its sender, usually a UUID.' }),
    role: StringEnum(['agent', 'user'], {
      description: 'The sender: `user` when the client wrote it, `agent` when the agent did.',
    }),
    parts: Type.Array(Type.Ref('Part'), {
      description: 'The content of the message, as a list of parts that may mix text, files and data.',
    }),
    contextId: Type.Optional(Type.String({ description: 'The context this message belongs to; groups related tasks and messages.' })),
    taskId: Type.Optional(
      Type.String({ description: 'The task this message belongs to. Left out on the first message, before a task exists.' }),
    ),
    referenceTaskIds: Type.Optional(
      Type.Array(Type.String(), { description: 'Identifiers of other tasks this message points to as background.' }),
    ),
    extensions: Type.Optional(Type.Array(Type.String(), { description: 'URIs of the extensions that apply to this message.' })),
    metadata: Type.Optional(OpenObject({ description: 'Extension data attached to the message, keyed by an extension-specific name.' })),
  },
  { description: 'One turn of the conversation, sent either by the client or by the agent.' },
);
