/**
 * Bindu agent-to-agent negotiation (seed 001 "Agent-to-Agent Negotiation"). Not part of A2A.
 */
import { Type } from '@sinclair/typebox';
import { DateTime, OpenObject, StringEnum, Uuid } from '../lib.js';

export const NegotiationStatus = StringEnum(['proposed', 'accepted', 'rejected', 'countered'], {
  description:
    'The state of one negotiation proposal: `proposed` (awaiting an answer), `accepted`, `rejected` or `countered` (a counter-offer was made).',
});

export const NegotiationSessionStatus = StringEnum(['initiated', 'ongoing', 'completed', 'rejected'], {
  description:
    'The state of a whole negotiation session: `initiated`, `ongoing`, `completed` (agreement reached) or `rejected` (no agreement possible).',
});

export const NegotiationProposal = Type.Object(
  {
    proposalId: Uuid({ description: 'The identifier of the proposal.' }),
    fromAgent: Uuid({ description: 'The identifier of the agent making the proposal.' }),
    toAgent: Uuid({ description: 'The identifier of the agent the proposal is addressed to.' }),
    terms: OpenObject({
      description: 'The proposed terms, for example the task type, time limit, cost in credits and deliverables.',
    }),
    timestamp: DateTime({ description: 'When the proposal was made, as an ISO 8601 date-time.' }),
    status: Type.Ref('NegotiationStatus', { description: 'Where the proposal stands.' }),
  },
  { description: 'A structured offer of collaboration terms sent from one agent to another during a negotiation.' },
);

export const NegotiationContext = Type.Object(
  {
    contextId: Uuid({ description: 'The identifier of the negotiation session.' }),
    status: Type.Ref('NegotiationSessionStatus', { description: 'Where the session as a whole stands.' }),
    participants: Type.Array(Type.String({ description: 'The identifier (for example a DID) of one participant.' }), {
      description: 'The agents taking part in the negotiation.',
    }),
    proposals: Type.Array(Type.Ref('NegotiationProposal'), {
      description: 'Every proposal and counter-proposal made in the session so far.',
    }),
  },
  { description: 'The state of a negotiation session between several agents: who takes part and what was proposed.' },
);
