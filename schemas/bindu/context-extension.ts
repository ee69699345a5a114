/**
 * The context extension in its A2A v0.3.0 wire form (seed 003): the parameters and results of
 * `context/get` and `contexts/get`. Type names are those of the aion SDK that defined the extension.
 *
 * The parameters are snake_case, as seed 003 shows them. The results embed this variant's Message,
 * Artifact and TaskState, i.e. the A2A-wire (`kind`-discriminated) shapes.
 */
import { Type } from '@sinclair/typebox';

const historyOffset = (what: string) =>
  Type.Integer({ minimum: 0, description: `How many of the most recent ${what} to skip before returning any.` });

export const GetContextParams = Type.Object(
  {
    context_id: Type.String({ description: 'The identifier of the conversation context to retrieve.' }),
    history_length: Type.Optional(Type.Integer({ minimum: 0, description: 'How many of the most recent tasks of the context to return.' })),
    history_offset: Type.Optional(historyOffset('messages')),
  },
  { description: 'Parameters of `context/get`: which context to retrieve and which slice of its history.' },
);

export const GetContextsListParams = Type.Object(
  {
    history_length: Type.Optional(Type.Integer({ minimum: 0, description: 'How many of the most recent contexts to return.' })),
    history_offset: Type.Optional(historyOffset('contexts')),
  },
  { description: 'Parameters of `contexts/get`: which slice of the list of contexts to return, most recent first.' },
);

export const ConversationTaskStatus = Type.Object(
  {
    state: Type.Ref('TaskState', { description: 'The state of the most recent task of the context.' }),
  },
  { description: 'The status of a conversation: the state of its most recent task, without timestamp or message.' },
);

export const Conversation = Type.Object(
  {
    contextId: Type.String({ description: 'The identifier of the conversation context.' }),
    history: Type.Array(Type.Ref('Message'), {
      description: 'The messages of the context, across its tasks, most recent first.',
    }),
    artifacts: Type.Array(Type.Ref('Artifact'), { description: 'The artifacts produced in the context.' }),
    status: Type.Ref('ConversationTaskStatus', { description: 'The status of the conversation.' }),
  },
  { description: 'A conversation context with its message history, its artifacts and its current status.' },
);

export const ContextsList = Type.Array(Type.String({ description: 'The identifier of one context.' }), {
  description: 'The identifiers of the available conversation contexts, most recent first.',
});
