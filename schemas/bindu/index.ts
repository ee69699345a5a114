/**
 * The `bindu` variant (the default): every A2A v0.3.0 definition, the Bindu overrides of those whose
 * shape the seeds change, the Bindu-only types (contexts, negotiation, credits, trust and identity,
 * AP2 payments and mandates, the Bindu agent card and DID document, the Bindu errors) and the context extension in
 * its A2A-wire form. Later modules win on a duplicate name.
 */
import { Type } from '@sinclair/typebox';
import { collect, type MethodSpec, type VariantSpec } from '../variant.js';
import { definitions as a2aDefinitions } from '../a2a/index.js';
import * as parts from './parts.js';
import * as message from './message.js';
import * as task from './task.js';
import * as events from './events.js';
import * as params from './params.js';
import * as context from './context.js';
import * as negotiation from './negotiation.js';
import * as credits from './credits.js';
import * as trust from './trust.js';
import * as payments from './payments.js';
import * as mandates from './mandates.js';
import * as agentCard from './agent-card.js';
import * as agentEndpoints from './agent-endpoints.js';
import * as did from './did.js';
import * as errors from './errors.js';
import * as contextExtension from './context-extension.js';
import * as methodsModule from './methods.js';
import { rest } from './rest.js';

export const definitions = collect(
  a2aDefinitions,
  parts,
  message,
  task,
  events,
  params,
  context,
  negotiation,
  credits,
  trust,
  payments,
  mandates,
  agentCard,
  agentEndpoints,
  did,
  errors,
  contextExtension,
  methodsModule,
);

export const methods: readonly MethodSpec[] = methodsModule.methods;

export const bindu: VariantSpec<typeof definitions> = {
  name: 'bindu',
  title: 'Bindu protocol',
  description:
    "The Bindu agent protocol: A2A v0.3.0 over JSON-RPC 2.0 extended with Bindu's task states, system role, embeddings, contexts, task listing and feedback, negotiation, credits, trust and identity, the Bindu agent card, AP2 payment types and mandates, Bindu errors, and the context extension (`context/get`, `contexts/get`).",
  version: '0.3.0+bindu',
  definitions,
  methods,
  rest,
};

export const module = Type.Module(definitions);
