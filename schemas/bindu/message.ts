/**
 * Bindu Message (seed 001 "Message: Operational Communication", seed 002).
 *
 * Differs from A2A v0.3.0: `contextId` and `taskId` are required, the three ids are UUIDs, and
 * `role` admits `system` for protocol-level messages.
 */
import { Type } from '@sinclair/typebox';
import { OpenObject, StringEnum, Uuid } from '../lib.js';

export const Message = Type.Object(
  {
    messageId: Uuid({ description: 'The identifier of this message, a UUID chosen by whoever created the message.' }),
    contextId: Uuid({ description: 'The context (conversation session) this message belongs to.' }),
    taskId: Uuid({
      description: 'The task this message belongs to. Required in Bindu: the client names the task even on the first message.',
    }),
    kind: Type.Literal('message', { description: 'Discriminator of the object; always `message` for a message.' }),
    role: StringEnum(['user', 'agent', 'system'], {
      description:
        'Who sent the message: `user` for a human or client application, `agent` for an agent, `system` for protocol-level notices such as errors or authentication warnings (a Bindu addition).',
    }),
    parts: Type.Array(Type.Ref('Part'), {
      description: 'The content of the message, as a list of parts that may mix text, files and data.',
    }),
    metadata: Type.Optional(OpenObject({ description: 'Free-form metadata attached to the message.' })),
    referenceTaskIds: Type.Optional(
      Type.Array(Uuid({ description: 'The UUID of one referenced task.' }), {
        description: 'Identifiers of other tasks this message refers to, for example to continue from a finished one.',
      }),
    ),
    extensions: Type.Optional(
      Type.Array(Type.String({ description: 'One extension URI.' }), {
        description: 'URIs of the extensions that apply to this message.',
      }),
    ),
  },
  {
    description:
      'A non-result communication between a user, an agent or the system: instructions, status updates, questions, coordination.',
  },
);
