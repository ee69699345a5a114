/**
 * What corresponds between the A2A v0.3 wire (`a2a`, `bindu`) and the A2A v1.0 wire (`a2a-v1`,
 * `aion`), as plain facts (no TypeBox): the JSON-RPC method of one wire for each method of the other
 * (v1.0 specification §A.2 "method mapping"; `ListTasks` has no v0.3 counterpart) and the type of
 * one wire for each type of the other, where the names differ. `convert` and `migrate-card` read it.
 */
import type { Wire } from './variant-table.js';

/** A method both wires have: its name on each, and the types of its params and result on each. */
export interface MethodPair {
  readonly v03: string;
  readonly v1: string;
  /** The params type on each wire (undefined: the method takes none on that wire). */
  readonly params: { readonly v03?: string; readonly v1: string };
  /** The result type on each wire; `stream` methods answer with a stream of that type. */
  readonly result: { readonly v03: string; readonly v1: string };
  readonly stream?: boolean;
}

export const METHOD_PAIRS: readonly MethodPair[] = [
  {
    v03: 'message/send',
    v1: 'SendMessage',
    params: { v03: 'MessageSendParams', v1: 'SendMessageRequest' },
    result: { v03: 'SendMessageResult', v1: 'SendMessageResponse' },
  },
  {
    v03: 'message/stream',
    v1: 'SendStreamingMessage',
    params: { v03: 'MessageSendParams', v1: 'SendMessageRequest' },
    result: { v03: 'SendStreamingMessageResult', v1: 'StreamResponse' },
    stream: true,
  },
  { v03: 'tasks/get', v1: 'GetTask', params: { v03: 'TaskQueryParams', v1: 'GetTaskRequest' }, result: { v03: 'Task', v1: 'Task' } },
  { v03: 'tasks/cancel', v1: 'CancelTask', params: { v03: 'TaskIdParams', v1: 'CancelTaskRequest' }, result: { v03: 'Task', v1: 'Task' } },
  {
    v03: 'tasks/resubscribe',
    v1: 'SubscribeToTask',
    params: { v03: 'TaskIdParams', v1: 'SubscribeToTaskRequest' },
    result: { v03: 'SendStreamingMessageResult', v1: 'StreamResponse' },
    stream: true,
  },
  {
    v03: 'tasks/pushNotificationConfig/set',
    v1: 'CreateTaskPushNotificationConfig',
    params: { v03: 'TaskPushNotificationConfig', v1: 'TaskPushNotificationConfig' },
    result: { v03: 'TaskPushNotificationConfig', v1: 'TaskPushNotificationConfig' },
  },
  {
    v03: 'tasks/pushNotificationConfig/get',
    v1: 'GetTaskPushNotificationConfig',
    params: { v03: 'GetTaskPushNotificationConfigParams', v1: 'GetTaskPushNotificationConfigRequest' },
    result: { v03: 'TaskPushNotificationConfig', v1: 'TaskPushNotificationConfig' },
  },
  {
    v03: 'tasks/pushNotificationConfig/list',
    v1: 'ListTaskPushNotificationConfigs',
    params: { v03: 'ListTaskPushNotificationConfigParams', v1: 'ListTaskPushNotificationConfigsRequest' },
    result: { v03: 'TaskPushNotificationConfigList', v1: 'ListTaskPushNotificationConfigsResponse' },
  },
  {
    v03: 'tasks/pushNotificationConfig/delete',
    v1: 'DeleteTaskPushNotificationConfig',
    params: { v03: 'DeleteTaskPushNotificationConfigParams', v1: 'DeleteTaskPushNotificationConfigRequest' },
    result: { v03: 'Null', v1: 'Empty' },
  },
  {
    v03: 'agent/getAuthenticatedExtendedCard',
    v1: 'GetExtendedAgentCard',
    params: { v1: 'GetExtendedAgentCardRequest' },
    result: { v03: 'AgentCard', v1: 'AgentCard' },
  },
];

/**
 * Types whose names differ between the wires: v0.3 name → v1.0 name. Every other convertible type
 * has the same name on both. (`SendMessageResult`, `SendStreamingMessageResult`,
 * `TaskPushNotificationConfigList` and `Null` name the v0.3 results, which have no type of their own.)
 */
export const TYPE_PAIRS: Readonly<Record<string, string>> = {
  MessageSendParams: 'SendMessageRequest',
  MessageSendConfiguration: 'SendMessageConfiguration',
  PushNotificationConfig: 'TaskPushNotificationConfig',
  PushNotificationAuthenticationInfo: 'AuthenticationInfo',
  TaskQueryParams: 'GetTaskRequest',
  TaskIdParams: 'CancelTaskRequest',
  GetTaskPushNotificationConfigParams: 'GetTaskPushNotificationConfigRequest',
  ListTaskPushNotificationConfigParams: 'ListTaskPushNotificationConfigsRequest',
  DeleteTaskPushNotificationConfigParams: 'DeleteTaskPushNotificationConfigRequest',
  SendMessageResult: 'SendMessageResponse',
  SendStreamingMessageResult: 'StreamResponse',
  TaskPushNotificationConfigList: 'ListTaskPushNotificationConfigsResponse',
  MutualTLSSecurityScheme: 'MutualTlsSecurityScheme',
  Null: 'Empty',
};

/** The v0.3 part types, each one kind of the v1.0 `Part` (which holds `text`, `raw`/`url` or `data`). */
export const V03_PART_TYPES: readonly string[] = ['TextPart', 'FilePart', 'DataPart'];

/** The name on `wire` of the type called `name` on the other wire. */
export function pairedTypeName(name: string, to: Wire): string {
  if (to === 'v1.0') return V03_PART_TYPES.includes(name) ? 'Part' : (TYPE_PAIRS[name] ?? name);
  const found = Object.entries(TYPE_PAIRS).find(([, v1]) => v1 === name);
  return found ? found[0] : name;
}

/** The method of the other wire for a JSON-RPC method name of either wire. */
export function methodPair(method: string): MethodPair | undefined {
  return METHOD_PAIRS.find((pair) => pair.v03 === method || pair.v1 === method);
}

/** The HTTP media type of JSON bodies on each wire (v1.0 §9 / §11: `application/a2a+json`; v0.3: `application/json`). */
export const JSON_MEDIA_TYPE: Readonly<Record<Wire, string>> = { 'v0.3': 'application/json', 'v1.0': 'application/a2a+json' };

/** The protocol version each wire is, as an agent interface or the version header names it (`major.minor`). */
export const PROTOCOL_VERSION: Readonly<Record<Wire, string>> = { 'v0.3': '0.3', 'v1.0': '1.0' };

/** The HTTP header a v1.0 client and server name the protocol version in (v1.0 §3.2.6), and its value. */
export const VERSION_HEADER = { name: 'A2A-Version', value: PROTOCOL_VERSION['v1.0'] } as const;
