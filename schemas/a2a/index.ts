/**
 * The `a2a` variant: exactly the A2A v0.3.0 JSON-RPC types (the 93 definitions of the official
 * schema) and its 10 methods.
 */
import { Type } from '@sinclair/typebox';
import { collect, type MethodSpec, type VariantSpec } from '../variant.js';
import * as jsonrpc from '../jsonrpc.js';
import * as parts from './parts.js';
import * as message from './message.js';
import * as task from './task.js';
import * as events from './events.js';
import * as push from './push.js';
import * as security from './security.js';
import * as agentCard from './agent-card.js';
import * as errors from './errors.js';
import * as params from './params.js';
import * as methodsModule from './methods.js';
import { rest } from './rest.js';

export const definitions = collect(jsonrpc, parts, message, task, events, push, security, agentCard, errors, params, methodsModule);

export const methods: readonly MethodSpec[] = methodsModule.methods;

export const a2a: VariantSpec<typeof definitions> = {
  name: 'a2a',
  title: 'A2A v0.3.0',
  description:
    'The Agent2Agent (A2A) protocol v0.3.0 over JSON-RPC 2.0, as defined by the official A2A schema: its types and its ten methods.',
  version: '0.3.0',
  definitions,
  methods,
  rest,
};

export const module = Type.Module(definitions);
