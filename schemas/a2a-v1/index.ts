/**
 * The `a2a-v1` variant: exactly the messages, enums and eleven methods of the A2A v1.0 proto
 * (`a2a.proto` at tag v1.0.0), on its JSON-RPC binding in ProtoJSON (lowerCamel or proto field
 * names, enum value names, one-of wrappers, no `kind`), with the binding's JSON-RPC envelopes and
 * error catalogue (the five JSON-RPC errors and the nine A2A errors, whose `data` carries
 * `google.rpc.ErrorInfo` details). The builders in proto.ts write the ProtoJSON rules as JSON
 * Schema constraints. `aion` is this variant plus the aion context extension (`../aion/`).
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
import * as httpErrors from './http-errors.js';
import * as methodsModule from './methods.js';
import { rest } from './rest.js';

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
  httpErrors,
  methodsModule,
);

export const methods: readonly MethodSpec[] = methodsModule.methods;

export const a2aV1: VariantSpec<typeof definitions> = {
  name: 'a2a-v1',
  title: 'A2A v1.0 (ProtoJSON)',
  description:
    'The Agent2Agent (A2A) protocol v1.0 over JSON-RPC 2.0 in ProtoJSON (lowerCamel or proto field names, enum value names, one-of wrappers, no `kind`): the messages and enums of the v1.0 proto, its eleven methods and the error catalogue of the JSON-RPC binding.',
  version: '1.0.0',
  definitions,
  methods,
  rest,
};

export const module = Type.Module(definitions);
