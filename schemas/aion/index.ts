/**
 * The `aion` variant: every `a2a-v1` definition (A2A v1.0 on its JSON-RPC binding, in ProtoJSON)
 * plus the aion context extension 1.0.0 (`GetContext`, `GetContexts`, the Conversation, the
 * extension URIs), and the request and response unions and method registry that include the
 * extension's methods. Later modules win on a duplicate name, as in `bindu`.
 */
import { Type } from '@sinclair/typebox';
import { collect, type MethodSpec, type VariantSpec } from '../variant.js';
import { definitions as a2aV1Definitions } from '../a2a-v1/index.js';
import * as contextExtension from './context-extension.js';
import * as methodsModule from './methods.js';
import { rest } from '../a2a-v1/rest.js';

export const definitions = collect(a2aV1Definitions, contextExtension, methodsModule);

export const methods: readonly MethodSpec[] = methodsModule.methods;

export const aion: VariantSpec<typeof definitions> = {
  name: 'aion',
  title: 'A2A v1.0 (ProtoJSON) with the aion context extension',
  description:
    'The Agent2Agent (A2A) protocol v1.0 over JSON-RPC 2.0 in ProtoJSON (lowerCamel or proto field names, enum value names, one-of wrappers, no `kind`), its eleven methods, and the aion context extension 1.0.0 (`GetContext`, `GetContexts`).',
  version: '1.0.0',
  definitions,
  methods,
  rest,
};

export const module = Type.Module(definitions);

export {
  getContextExtension,
  getContextsListExtension,
} from './context-extension.js';
