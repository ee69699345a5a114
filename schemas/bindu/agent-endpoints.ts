/**
 * What a Bindu agent serves besides JSON-RPC (SPEC-NOTES B-30): the skills at `GET /agent/skills`
 * and `GET /agent/skills/{id}`, and the capability assessment at `POST /agent/negotiation`. The
 * seeds do not describe these endpoints; the names are those of Bindu's own `docs/openapi.yaml`
 * (SkillDetail, NegotiationRequest, NegotiationResponse), the fields those a running Bindu agent
 * serves (pip `bindu` 2026.36.7; recorded in test/fixtures/bindu-agent/recorded/).
 *
 * The skills are the seed's `Skill` (camelCase, DESIGN decision 1): a running agent writes them in
 * snake_case (`input_modes`, `documentation_path`), which check-server names as a deviation. The
 * negotiation bodies are snake_case in Bindu's documentation and code alike, so they are here too.
 * The DID document at `/did/resolve` is defined with Bindu's DID signatures (`DidDocument`).
 */
import { Type } from '@sinclair/typebox';
import { OpenObject } from '../lib.js';
import { Skill } from './agent-card.js';

export const SkillsListResponse = Type.Object(
  {
    skills: Type.Array(Type.Ref('Skill'), { description: 'Every skill the agent offers, in the order it lists them.' }),
    total: Type.Integer({ minimum: 0, description: 'How many skills there are: the length of `skills`.' }),
  },
  { description: 'The answer to `GET /agent/skills`: the skills of a Bindu agent, for discovery.' },
);

export const SkillDetail = Type.Object(
  {
    ...Skill.properties,
    hasDocumentation: Type.Optional(
      Type.Boolean({
        description:
          'Whether the skill has a documentation file, served at `/agent/skills/{id}/documentation` (its text is left out here).',
      }),
    ),
  },
  {
    description:
      'The answer to `GET /agent/skills/{id}`: one skill in full (the fields of `Skill`), without its documentation text, and whether it has documentation.',
  },
);

const mimeTypes = (description: string) =>
  Type.Array(Type.String({ description: 'One MIME type, for example `text/plain`.' }), { description });
const weight = (description: string) => Type.Optional(Type.Number({ minimum: 0, maximum: 1, description }));

export const NegotiationWeights = Type.Object(
  {
    skill_match: weight('How much the match between the task and the skills counts.'),
    io_compatibility: weight('How much the match of input and output MIME types counts.'),
    performance: weight('How much the latency estimate counts.'),
    load: weight("How much the agent's current load counts."),
    cost: weight('How much the cost counts.'),
  },
  { description: 'How much each factor contributes to the score of a capability assessment (the agent normalises them).' },
);

export const NegotiationRequest = Type.Object(
  {
    task_summary: Type.String({
      minLength: 1,
      maxLength: 10000,
      description: 'What the task is, in a sentence (at most 10 000 characters).',
    }),
    task_details: Type.Optional(Type.String({ description: 'Longer context: audience, constraints.' })),
    input_mime_types: Type.Optional(mimeTypes('The MIME types the caller will send.')),
    output_mime_types: Type.Optional(mimeTypes('The MIME types the caller wants back.')),
    max_latency_ms: Type.Optional(Type.Integer({ minimum: 0, description: 'The latency the caller tolerates, in milliseconds.' })),
    max_cost_amount: Type.Optional(Type.String({ description: 'The cost the caller tolerates (currency-agnostic, as a string).' })),
    required_tools: Type.Optional(
      Type.Array(Type.String({ description: 'One tool name.' }), { description: 'Tools the agent must have.' }),
    ),
    forbidden_tools: Type.Optional(
      Type.Array(Type.String({ description: 'One tool name.' }), { description: 'Tools the agent must not use.' }),
    ),
    min_score: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: 'Below this score the agent declines.' })),
    weights: Type.Optional(
      Type.Ref('NegotiationWeights', { description: "How much each factor counts (the agent's defaults otherwise)." }),
    ),
  },
  { description: 'The body of `POST /agent/negotiation`: a task a caller asks a Bindu agent to assess before sending it.' },
);

export const NegotiationSkillMatch = Type.Object(
  {
    skill_id: Type.String({ description: 'The id of the skill that matched.' }),
    skill_name: Type.String({ description: 'The name of the skill that matched.' }),
    score: Type.Number({ minimum: 0, maximum: 1, description: 'How well the skill matches the task.' }),
    reasons: Type.Array(Type.String({ description: 'One reason, for example `tags: echo`.' }), { description: 'Why it matched.' }),
  },
  { description: 'One skill of the agent that matches the task of a capability assessment.' },
);

export const NegotiationResponse = Type.Object(
  {
    accepted: Type.Boolean({ description: 'Whether the agent will take the task.' }),
    score: Type.Number({ minimum: 0, maximum: 1, description: 'How well the agent fits the task, all factors weighed.' }),
    confidence: Type.Number({ minimum: 0, maximum: 1, description: 'How sure the agent is of its score.' }),
    rejection_reason: Type.Optional(Type.String({ description: 'Why the agent declines, when it does.' })),
    skill_matches: Type.Optional(Type.Array(Type.Ref('NegotiationSkillMatch'), { description: 'The skills that match the task.' })),
    matched_tags: Type.Optional(Type.Array(Type.String({ description: 'One tag.' }), { description: 'The skill tags the task matched.' })),
    matched_capabilities: Type.Optional(
      Type.Array(Type.String({ description: 'One capability.' }), { description: 'The skill capabilities the task matched.' }),
    ),
    latency_estimate_ms: Type.Optional(Type.Integer({ minimum: 0, description: 'The latency the agent expects, in milliseconds.' })),
    queue_depth: Type.Optional(Type.Integer({ minimum: 0, description: 'How many tasks wait before this one.' })),
    subscores: Type.Optional(
      OpenObject({ description: 'The score of each factor (skill_match, io_compatibility, load, cost, performance).' }),
    ),
  },
  {
    description:
      "The answer to `POST /agent/negotiation`: whether the agent takes the task, its score and why. (Bindu's openapi.yaml documents `can_handle`, `reasons` and `estimated_*`; a running agent sends these fields, SPEC-NOTES B-30.)",
  },
);
