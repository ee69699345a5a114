/**
 * The aion context extension 1.0.0 on the A2A v1.0 wire (seed 004 and the aion SDK): the
 * parameters and results of `GetContext` and `GetContexts`, the extension URIs, and the
 * AgentExtension entry an agent declares for each. Type names are those of the aion SDK.
 *
 * Like the rest of the variant, each field is accepted under its lowerCamel name or its
 * snake_case name, never both (the SDK's models accept both and emit lowerCamel); seed 004's
 * `context_id` result key is the snake_case form.
 */
import { Type, type TLiteral } from '@sinclair/typebox';
import { OpenObject } from '../lib.js';
import { Field, ProtoObject, Required } from '../a2a-v1/proto.js';

// ---------------------------------------------------------------------------------------------
// Extension URIs
// ---------------------------------------------------------------------------------------------

/** The URI the aion SDK advertises for GetContext 1.0.0. */
export const GET_CONTEXT_EXTENSION_URI_V1 = Type.Literal('https://docs.aion.to/a2a/extensions/aion/context/get-context/1.0.0', {
  description: 'The URI of the GetContext extension 1.0.0 as the aion SDK advertises it in agent cards.',
});

/** The URI seed 004 gives as canonical for GetContext 1.0.0 (no `/a2a/` segment). */
export const GET_CONTEXT_EXTENSION_CANONICAL_URI_V1 = Type.Literal('https://docs.aion.to/extensions/aion/context/get-context/1.0.0', {
  description: 'The URI of the GetContext extension 1.0.0 as its documentation page (seed 004) states it, without the `/a2a/` segment.',
});

/** The URI the aion SDK advertises for GetContexts 1.0.0. */
export const GET_CONTEXTS_LIST_EXTENSION_URI_V1 = Type.Literal('https://docs.aion.to/a2a/extensions/aion/context/get-contexts/1.0.0', {
  description: 'The URI of the GetContexts extension 1.0.0 as the aion SDK advertises it in agent cards.',
});

/** The URI the documentation gives for GetContexts 1.0.0 (no `/a2a/` segment). */
export const GET_CONTEXTS_LIST_EXTENSION_CANONICAL_URI_V1 = Type.Literal(
  'https://docs.aion.to/extensions/aion/context/get-contexts/1.0.0',
  {
    description: 'The URI of the GetContexts extension 1.0.0 as its documentation page states it, without the `/a2a/` segment.',
  },
);

const declaration = <A extends string, B extends string>(uris: readonly [TLiteral<A>, TLiteral<B>], what: string, method: string) =>
  ProtoObject(
    [
      Required(
        'uri',
        Type.Union([Type.Literal(uris[0].const), Type.Literal(uris[1].const)], {
          description: `The URI of the ${what} extension: the form the SDK advertises or the documented form.`,
        }),
      ),
      Field('description', Type.String({ description: 'How the agent uses the extension.' })),
      Field('required', Type.Boolean({ description: 'Whether clients must support the extension; the SDK declares it not required.' })),
      Field('params', OpenObject({ description: 'Extension settings; the SDK sends none.' })),
    ],
    {
      description: `The AgentExtension entry (in \`capabilities.extensions\`) by which an agent declares the ${what} extension 1.0.0, which adds the \`${method}\` method.`,
    },
  );

export const GetContextExtension = declaration(
  [GET_CONTEXT_EXTENSION_URI_V1, GET_CONTEXT_EXTENSION_CANONICAL_URI_V1],
  'GetContext',
  'GetContext',
);

export const GetContextsListExtension = declaration(
  [GET_CONTEXTS_LIST_EXTENSION_URI_V1, GET_CONTEXTS_LIST_EXTENSION_CANONICAL_URI_V1],
  'GetContexts',
  'GetContexts',
);

/** The AgentExtension values an agent puts in its card (the SDK's form). */
export const getContextExtension = {
  uri: GET_CONTEXT_EXTENSION_URI_V1.const,
  description: 'Retrieve a conversation context with its message history and artifacts (GetContext).',
  required: false,
} as const;

export const getContextsListExtension = {
  uri: GET_CONTEXTS_LIST_EXTENSION_URI_V1.const,
  description: 'List the identifiers of the available conversation contexts (GetContexts).',
  required: false,
} as const;

// ---------------------------------------------------------------------------------------------
// Params and results
// ---------------------------------------------------------------------------------------------

export const GetContextParams = ProtoObject(
  [
    Required('contextId', Type.String({ description: 'The identifier of the conversation context to retrieve.' })),
    Field(
      'historyLength',
      Type.Integer({
        minimum: 0,
        description: 'At most how many of the most recent tasks of the context to return; a server-defined limit when left out.',
      }),
    ),
    Field(
      'historyOffset',
      Type.Integer({ minimum: 0, description: 'How many of the most recent entries to skip before returning any; 0 when left out.' }),
    ),
    Field('metadata', OpenObject({ description: 'Extension data attached to the request.' })),
  ],
  { description: 'The parameters of `GetContext`: which context, and which slice of its history.' },
);

export const GetContextsListParams = ProtoObject(
  [
    Field('historyLength', Type.Integer({ minimum: 0, description: 'At most how many of the most recent contexts to return.' })),
    Field('historyOffset', Type.Integer({ minimum: 0, description: 'How many of the most recent contexts to skip before returning any.' })),
    Field('metadata', OpenObject({ description: 'Extension data attached to the request.' })),
  ],
  { description: 'The parameters of `GetContexts`: which slice of the list of contexts, most recent first. All optional.' },
);

export const ConversationTaskStatus = ProtoObject(
  [
    Required(
      'state',
      Type.Ref('TaskState', {
        description: 'The state of the most recent task of the context; `TASK_STATE_UNSPECIFIED` when it has none.',
      }),
    ),
  ],
  { description: 'The status of a conversation: the state of its most recent task, without message or timestamp.' },
);

export const Conversation = ProtoObject(
  [
    Required('contextId', Type.String({ description: 'The identifier of the conversation context.' })),
    Required(
      'history',
      Type.Array(Type.Ref('Message'), { description: 'The messages of the context, across its tasks, most recent first; may be empty.' }),
    ),
    Required('artifacts', Type.Array(Type.Ref('Artifact'), { description: 'The artifacts produced in the context; may be empty.' })),
    Required('status', Type.Ref('ConversationTaskStatus', { description: 'The current status of the conversation.' })),
  ],
  { description: 'The result of `GetContext`: a conversation context with its message history, its artifacts and its status.' },
);

export const ContextsList = Type.Array(Type.String({ description: 'The identifier of one context.' }), {
  description: 'The result of `GetContexts`: the identifiers of the available conversation contexts, most recent first.',
});
