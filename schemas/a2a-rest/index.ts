/**
 * `a2a-rest`: the bodies of the A2A v0.3.0 HTTP+JSON binding, the JSON mapping of the v0.3 proto
 * (SPEC-NOTES.md, "The HTTP+JSON binding"). Not a variant of its own (no JSON-RPC methods, no
 * docs pages): a schema set that the `a2a` and `bindu` OpenAPI documents reference, published as
 * JSON Schema (`generated/json-schema/a2a-rest/`) with precompiled validators, so that
 * `validate --operation` checks a recorded v0.3 REST exchange.
 */
import { Type } from '@sinclair/typebox';
import { collect, type VariantSpec } from '../variant.js';
import * as types from './types.js';
import * as agentCard from './agent-card.js';

export const definitions = collect(types, agentCard);

export const a2aRest: VariantSpec<typeof definitions> = {
  name: 'a2a-rest',
  title: 'A2A v0.3.0 HTTP+JSON bodies',
  description:
    'The request and response bodies of the A2A v0.3.0 HTTP+JSON (REST) binding: the JSON mapping of the messages of the v0.3 proto, as @a2a-js/sdk 0.3.x sends and reads them.',
  version: '0.3.0',
  definitions,
  methods: [],
};

export const module = Type.Module(definitions);
