/**
 * The `aion` variant: A2A v1.0 on its JSON-RPC binding, in ProtoJSON (lowerCamel or proto field
 * names, enum names, one-of wrappers, no `kind`), and the aion context extension 1.0.0
 * (`GetContext`, `GetContexts`). The builders in proto.ts write the ProtoJSON rules as JSON
 * Schema constraints.
 */
import { Type } from '@sinclair/typebox';
import { collect, type MethodSpec, type VariantSpec } from '../variant.js';
import { JSONRPCMessage, JSONRPCRequest, JSONRPCSuccessResponse } from '../jsonrpc.js';
import * as enums from './enums.js';
import * as parts from './parts.js';
import * as message from './message.js';
import * as task from './task.js';
import * as events from './events.js';
import * as push from './push.js';
import * as security from './security.js';
import * as agentCard from './agent-card.js';
import * as requests from './requests.js';
import * as errors from './errors.js';
import * as contextExtension from './context-extension.js';
import * as methodsModule from './methods.js';

const jsonrpc = { JSONRPCMessage, JSONRPCRequest, JSONRPCSuccessResponse };

export const definitions = collect(
  jsonrpc,
  enums,
  parts,
  message,
  task,
  events,
  push,
  security,
  agentCard,
  requests,
  errors,
  contextExtension,
  methodsModule,
);

export const methods: readonly MethodSpec[] = methodsModule.methods;

export const aion: VariantSpec<typeof definitions> = {
  name: 'aion',
  title: 'A2A v1.0 (ProtoJSON) with the aion context extension',
  description:
    'The Agent2Agent (A2A) protocol v1.0 over JSON-RPC 2.0 in ProtoJSON (lowerCamel or proto field names, enum value names, one-of wrappers, no `kind`), its eleven methods, and the aion context extension 1.0.0 (`GetContext`, `GetContexts`).',
  version: '1.0.0',
  definitions,
  methods,
};

export const module = Type.Module(definitions);

export {
  getContextExtension,
  getContextsListExtension,
} from './context-extension.js';
