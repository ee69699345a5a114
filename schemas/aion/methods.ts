/**
 * The JSON-RPC methods the aion context extension 1.0.0 adds to A2A v1.0 (`GetContext`,
 * `GetContexts`; the envelopes keep the aion SDK's names), the `aion` variant's request and
 * response unions (A2A v1.0's plus these), and its registry: the eleven A2A v1.0 methods of
 * `../a2a-v1/methods.ts`, then the two of the extension.
 */
import { Type } from '@sinclair/typebox';
import type { MethodSpec } from '../variant.js';
import { RefUnion, Request, ResponseUnion, SuccessResponse } from '../jsonrpc.js';
import { a2aV1RequestTypes, a2aV1SuccessResponseTypes, methods as a2aV1Methods, standardErrors } from '../a2a-v1/methods.js';

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

export const GetContextRequest = Request(
  'GetContext',
  Type.Ref('GetContextParams', { description: 'The context to retrieve and the slice of its history wanted.' }),
  'A `GetContext` call (aion context extension): retrieves one conversation context with its history and artifacts.',
);

export const GetContextsListRequest = Request(
  'GetContexts',
  Type.Optional(
    Type.Ref('GetContextsListParams', { description: 'The slice of the list wanted; when left out, the server applies its defaults.' }),
  ),
  'A `GetContexts` call (aion context extension): lists the identifiers of the available contexts.',
);

/** The request envelopes of the variant, in registry order. */
export const aionRequestTypes = [...a2aV1RequestTypes, 'GetContextRequest', 'GetContextsListRequest'] as const;

export const A2ARequest = RefUnion(
  aionRequestTypes,
  'Any request a client can send on the A2A v1.0 JSON-RPC binding, the aion context extension included, told apart by `method`.',
);

// ---------------------------------------------------------------------------------------------
// Success responses
// ---------------------------------------------------------------------------------------------

export const GetContextSuccessResponse = SuccessResponse(
  Type.Ref('Conversation', { description: 'The conversation context with its history, artifacts and status.' }),
  'The successful answer to `GetContext`.',
);

export const GetContextsListSuccessResponse = SuccessResponse(
  Type.Ref('ContextsList', { description: 'The identifiers of the available contexts, most recent first.' }),
  'The successful answer to `GetContexts`.',
);

// ---------------------------------------------------------------------------------------------
// Response unions
// ---------------------------------------------------------------------------------------------

export const GetContextResponse = ResponseUnion(
  'GetContextSuccessResponse',
  'Any answer to `GetContext`: an error or the success response.',
);

export const GetContextsListResponse = ResponseUnion(
  'GetContextsListSuccessResponse',
  'Any answer to `GetContexts`: an error or the success response.',
);

export const JSONRPCResponse = RefUnion(
  ['JSONRPCErrorResponse', ...a2aV1SuccessResponseTypes, 'GetContextSuccessResponse', 'GetContextsListSuccessResponse'],
  'Any response an A2A v1.0 server with the aion context extension can send: an error response or the success response of one of its methods.',
);

// ---------------------------------------------------------------------------------------------
// Method registry
// ---------------------------------------------------------------------------------------------

export const methods: readonly MethodSpec[] = [
  ...a2aV1Methods,
  {
    method: 'GetContext',
    summary: 'Retrieve a conversation context with its history and artifacts (aion context extension).',
    description:
      'Returns the Conversation of a context: its messages across its tasks (most recent first, at most `historyLength` tasks after skipping `historyOffset`), its artifacts and the state of its latest task. Available on every aion agent, without activation.',
    request: 'GetContextRequest',
    successResponse: 'GetContextSuccessResponse',
    response: 'GetContextResponse',
    errors: [...standardErrors],
    origin: 'aion-context',
  },
  {
    method: 'GetContexts',
    summary: 'List the identifiers of the available conversation contexts (aion context extension).',
    description:
      'Returns the identifiers of the contexts, most recent first: at most `historyLength` of them after skipping `historyOffset`. The result is a bare array of strings.',
    request: 'GetContextsListRequest',
    successResponse: 'GetContextsListSuccessResponse',
    response: 'GetContextsListResponse',
    errors: [...standardErrors],
    origin: 'aion-context',
  },
];
