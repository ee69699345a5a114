/**
 * Bindu credit system (seed 001 "Credit System"). Not part of A2A.
 */
import { Type } from '@sinclair/typebox';
import { DateTime, Uuid } from '../lib.js';

export const AgentExecutionCost = Type.Object(
  {
    agentId: Type.String({ description: 'The identifier of the agent.' }),
    agentName: Type.String({ description: 'The name of the agent.' }),
    creditsPerRequest: Type.Integer({ description: 'How many credits one execution of the agent costs.' }),
    creatorDid: Type.String({ description: 'The DID of whoever created the agent.' }),
    minimumTrustLevel: Type.Ref('TrustLevel', { description: 'The lowest trust level allowed to run the agent.' }),
  },
  { description: 'The price in credits of running an agent, and who may run it.' },
);

export const ExecutionRequest = Type.Object(
  {
    requestId: Uuid({ description: 'The identifier of this request.' }),
    executorDid: Type.String({ description: 'The DID of whoever asks for the execution.' }),
    agentId: Type.String({ description: 'The identifier of the agent to run.' }),
    inputData: Type.String({ description: 'The input handed to the agent.' }),
    estimatedCredits: Type.Integer({ description: 'How many credits the execution is expected to cost.' }),
    trustLevel: Type.Ref('TrustLevel', { description: 'The trust level of the executor.' }),
  },
  { description: "A request to run an agent, checked against the executor's credits and trust level first." },
);

export const ExecutionResponse = Type.Object(
  {
    requestId: Uuid({ description: 'The identifier of the request this answers.' }),
    executionId: Uuid({ description: 'The identifier of the execution.' }),
    success: Type.Boolean({ description: 'True when the execution succeeded.' }),
    creditsCharged: Type.Integer({ description: 'How many credits were actually charged; may differ from the estimate.' }),
    transactionId: Type.Optional(Uuid({ description: 'The identifier of the credit transaction.' })),
    outputData: Type.Optional(Type.String({ description: 'What the agent produced.' })),
    errorMessage: Type.Optional(Type.String({ description: 'Why the execution failed, when it did.' })),
    executionTime: DateTime({ description: 'When the execution completed, as an ISO 8601 date-time.' }),
  },
  { description: 'The outcome of an agent execution together with the credits deducted for it.' },
);
