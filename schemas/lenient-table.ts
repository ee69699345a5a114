/**
 * What a robust receiver survives, as plain facts (no TypeBox), read by `validate(…, { lenient: true })`: under
 * lenient reading these issues are warnings, not errors (DESIGN decision 15: the seeds decide what is valid, the
 * running agent decides what a receiver must survive). Structure (a wrong JSON type, an unknown discriminator, a
 * missing id the receiver needs) always stays an error.
 *
 * - Every unknown enum value: proto3 enums are open (a receiver keeps a value it does not know), and A2A v0.3.0
 *   adds task states between releases; the gateway Bindu ships reads `TaskState` as any string.
 * - Every string format (uuid, date-time, uri, …): the value is still a string of the right JSON type; deployed
 *   agents send ids that are not UUIDs (A2A only says "string") and URLs without a scheme's port.
 * - The missing fields below, each with its reason.
 */

/** A required field a receiver can do without, in the variants named, and why. */
export interface SurvivableMissingField {
  /** The variants whose schema requires it. */
  readonly variants: readonly string[];
  /** The type (definition name) that requires it. */
  readonly type: string;
  /** The field. */
  readonly property: string;
  /** Why a receiver can do without it. */
  readonly reason: string;
}

const SKILL_SUMMARY =
  'deployed Bindu agents list each card skill as a summary ({id, name, documentationPath}) and serve the whole skill at /agent/skills/{id}; a client picks a skill by its id';

export const SURVIVABLE_MISSING_FIELDS: readonly SurvivableMissingField[] = [
  // The Bindu card's skills are `Skill` (seed 001, with input and output modes required); A2A's are `AgentSkill`.
  { variants: ['bindu'], type: 'Skill', property: 'description', reason: SKILL_SUMMARY },
  { variants: ['bindu'], type: 'Skill', property: 'tags', reason: SKILL_SUMMARY },
  {
    variants: ['bindu'],
    type: 'Skill',
    property: 'inputModes',
    reason: `${SKILL_SUMMARY}; without them the card's defaultInputModes apply`,
  },
  {
    variants: ['bindu'],
    type: 'Skill',
    property: 'outputModes',
    reason: `${SKILL_SUMMARY}; without them the card's defaultOutputModes apply`,
  },
  { variants: ['a2a'], type: 'AgentSkill', property: 'description', reason: SKILL_SUMMARY },
  { variants: ['a2a'], type: 'AgentSkill', property: 'tags', reason: SKILL_SUMMARY },
  {
    variants: ['bindu'],
    type: 'Message',
    property: 'contextId',
    reason: 'A2A v0.3.0 §6.4 leaves it optional: the agent assigns the context, and a reply carries it',
  },
  {
    variants: ['bindu'],
    type: 'Message',
    property: 'taskId',
    reason: 'A2A v0.3.0 §6.4 leaves it optional: a message sent before its task exists has none',
  },
  {
    variants: ['bindu'],
    type: 'TaskStatus',
    property: 'timestamp',
    reason: 'A2A v0.3.0 §6.2 leaves it optional; a receiver orders the statuses it gets by their arrival',
  },
];
