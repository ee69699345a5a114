/**
 * Bindu contexts (seed 000, the later revision of seed 001 "Context Management").
 * Not part of A2A.
 */
import { Type } from '@sinclair/typebox';
import { DateTime, OpenObject, StringEnum, Uuid } from '../lib.js';

export const Context = Type.Object(
  {
    contextId: Uuid({ description: 'The identifier of the context.' }),
    kind: Type.Literal('context', { description: 'Discriminator of the object; always `context` for a context.' }),
    tasks: Type.Optional(
      Type.Array(Uuid({ description: 'The identifier of one task.' }), {
        description: 'The tasks that belong to this context.',
      }),
    ),
    name: Type.Optional(Type.String({ description: 'A human-readable name for the context.' })),
    description: Type.Optional(Type.String({ description: 'What the context is for, or a summary of it.' })),
    role: Type.String({
      description: 'The role the context plays, for example `assistant`, `analyst` or `coordinator`.',
    }),
    createdAt: DateTime({ description: 'When the context was created, as an ISO 8601 date-time.' }),
    updatedAt: DateTime({ description: 'When the context was last changed, as an ISO 8601 date-time.' }),
    status: Type.Optional(
      StringEnum(['active', 'paused', 'completed', 'archived'], {
        description:
          'Where the context is in its lifecycle: `active` (in use, the default), `paused` (suspended, may resume), `completed` (its purpose is done) or `archived` (kept read-only for reference).',
      }),
    ),
    tags: Type.Optional(Type.Array(Type.String({ description: 'One tag.' }), { description: 'Tags for grouping and filtering contexts.' })),
    metadata: Type.Optional(OpenObject({ description: 'Free-form, application-specific data about the context.' })),
    parentContextId: Type.Optional(Uuid({ description: 'The context this one is nested under, for hierarchical contexts.' })),
    referenceContextIds: Type.Optional(
      Type.Array(Uuid({ description: 'The identifier of one related context.' }), {
        description: 'Other contexts this one refers to.',
      }),
    ),
    extensions: Type.Optional(OpenObject({ description: 'Additional protocol extension data, keyed by extension name.' })),
  },
  {
    description:
      'A conversation session: a container that groups related tasks, keeps their history and carries session-level metadata. A Bindu addition.',
  },
);

export const ContextIdParams = Type.Object(
  {
    contextId: Uuid({ description: 'The context the operation applies to.' }),
    metadata: Type.Optional(OpenObject({ description: 'Free-form metadata for the operation.' })),
  },
  { description: 'Parameters that only name a context; the base of the other single-context parameter types.' },
);

export const ContextQueryParams = Type.Object(
  {
    contextId: Uuid({ description: 'The context to query.' }),
    historyLength: Type.Optional(Type.Integer({ description: 'The maximum number of history messages to return for each task.' })),
    metadata: Type.Optional(OpenObject({ description: 'Free-form metadata for the query.' })),
  },
  {
    description:
      'Parameters for querying one context with a cap on task history. Defined for future single-context retrieval; no method takes it yet.',
  },
);

export const ListContextsParams = Type.Object(
  {
    historyLength: Type.Optional(
      Type.Integer({ description: 'The maximum number of history messages to return for each task of each context.' }),
    ),
    metadata: Type.Optional(
      OpenObject({
        description:
          'Free-form metadata for filtering or controlling the listing, for example `status`, `tags`, `role`, `limit`, `offset`, `sortBy` or `sortOrder`.',
      }),
    ),
  },
  { description: 'Parameters for listing contexts, with an optional cap on history size.' },
);

export const ContextsClearParams = Type.Ref('ContextIdParams', {
  description:
    'Parameters of `contexts/clear`: the context to clear, with optional metadata. The same shape as ContextIdParams, which it extends without adding fields.',
});
