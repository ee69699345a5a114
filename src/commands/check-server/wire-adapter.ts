/**
 * What check-server needs to know about each JSON wire, in one place: method names, request
 * headers, how a message, a part and the params of each call are written, how a result, a stream
 * event, a task state and an error are read. The steps (groups/*.ts) speak through this, so each
 * behaviour is written once for both wires.
 *
 *   v0.3  A2A v0.3.0 JSON-RPC (variants a2a, bindu): `message/send`, `kind` discriminators,
 *         kebab-case states, the Task or Message itself as the result, `final` on status updates.
 *   v1.0  A2A v1.0 JSON-RPC (variants a2a-v1, aion): `SendMessage`, the `A2A-Version: 1.0` header
 *         on every request, ProtoJSON (`ROLE_USER`, `TASK_STATE_COMPLETED`), results and events
 *         wrapped in a one-key object (`{task}`, `{message}`, `{statusUpdate}`), and a
 *         `google.rpc.ErrorInfo` in `error.data` for every A2A error.
 */
import { randomUUID } from 'node:crypto';
import type { Wire } from '../../live/agent-card.js';
import { A2A_ERROR_DOMAIN, ERROR_INFO_TYPE_URL, ERROR_REASONS } from '../../../schemas/error-table.js';
import { v03StateName } from '../../../schemas/a2a-v1/states.js';
import { isObject } from '../../engine/json-value.js';

type Json = Record<string, unknown>;

/** The calls check-server makes, by what they do. */
export interface Methods {
  readonly send: string;
  readonly stream: string;
  readonly get: string;
  readonly cancel: string;
  readonly resubscribe: string;
  /** ListTasks on v1.0; undefined on v0.3 (bindu's tasks/list is a variant extra). */
  readonly list?: string;
  readonly pushSet: string;
  readonly pushGet: string;
  readonly pushList: string;
  readonly pushDelete: string;
  readonly extendedCard: string;
}

/** A task as check-server follows it, whatever the wire. */
export interface TaskView {
  readonly id: string;
  readonly contextId: string | undefined;
  /** The state in v0.3 spelling (`input-required`), whatever the wire wrote. */
  readonly state: string | undefined;
  readonly history: readonly Json[] | undefined;
  readonly artifacts: readonly unknown[] | undefined;
}

export interface PartSpec {
  readonly text?: string;
  readonly data?: Json;
  readonly fileUri?: { readonly uri: string; readonly mediaType: string; readonly name: string };
  readonly fileBytes?: { readonly base64: string; readonly mediaType: string; readonly name: string };
}

export interface MessageSpec {
  readonly parts: readonly PartSpec[];
  readonly taskId?: string;
  readonly contextId?: string;
  readonly referenceTaskIds?: readonly string[];
}

export interface SendSpec {
  readonly blocking: boolean;
  readonly acceptedOutputModes: readonly string[];
  readonly webhook?: { readonly url: string; readonly token: string };
}

/** The ErrorInfo `reason` of each A2A error code, its `@type` and domain: schemas/error-table.ts. */
export { ERROR_REASONS, ERROR_INFO_TYPE_URL as ERROR_INFO_TYPE, A2A_ERROR_DOMAIN as ERROR_INFO_DOMAIN };

export interface WireAdapter {
  readonly wire: Wire;
  readonly methods: Methods;
  /** Headers sent with every JSON-RPC request (besides content type and accept). */
  readonly headers: Readonly<Record<string, string>>;
  message(spec: MessageSpec, options?: { readonly withMessageId?: boolean; readonly taskIdKey?: boolean }): Json;
  sendParams(message: Json, spec: SendSpec): Json;
  getParams(taskKey: string, id: string, historyLength?: number): Json;
  cancelParams(taskKey: string, id: string): Json;
  pushSetParams(taskId: string, configId: string, url: string, token: string): Json;
  pushGetParams(taskKey: string, taskId: string, configId: string): Json;
  pushListParams(taskKey: string, taskId: string): Json;
  pushDeleteParams(taskKey: string, taskId: string, configId: string): Json;
  /** The push config a set/get answer or a list entry describes: its id and url. */
  pushConfigOf(value: unknown): { id?: string; url?: string; taskId?: string } | undefined;
  /** The entries of a push config list answer. */
  pushConfigList(result: unknown): unknown[] | undefined;
  /** The task a send/get/cancel result is, or undefined (a Message, or not a task). */
  taskOf(result: unknown): TaskView | undefined;
  /** True when a send result is a Message. */
  isMessage(result: unknown): boolean;
  /** A stream event's result in v0.3 shape (`kind`, kebab-case state), for the lifecycle rules. */
  asV03Event(result: unknown): unknown;
  /** The v0.3 spelling of a task state. */
  state(value: unknown): string | undefined;
}

/** `TASK_STATE_INPUT_REQUIRED` → `input-required` (schemas/a2a-v1/states.ts); v0.3 names pass unchanged. */
export function normalState(value: unknown): string | undefined {
  return typeof value === 'string' ? v03StateName(value) : undefined;
}

const V03: WireAdapter = {
  wire: 'v0.3',
  methods: {
    send: 'message/send',
    stream: 'message/stream',
    get: 'tasks/get',
    cancel: 'tasks/cancel',
    resubscribe: 'tasks/resubscribe',
    pushSet: 'tasks/pushNotificationConfig/set',
    pushGet: 'tasks/pushNotificationConfig/get',
    pushList: 'tasks/pushNotificationConfig/list',
    pushDelete: 'tasks/pushNotificationConfig/delete',
    extendedCard: 'agent/getAuthenticatedExtendedCard',
  },
  headers: {},
  message(spec, options = {}) {
    const parts = spec.parts.map((part): Json => {
      if (part.data !== undefined) return { kind: 'data', data: part.data };
      if (part.fileUri) return { kind: 'file', file: { uri: part.fileUri.uri, mimeType: part.fileUri.mediaType, name: part.fileUri.name } };
      if (part.fileBytes)
        return { kind: 'file', file: { bytes: part.fileBytes.base64, mimeType: part.fileBytes.mediaType, name: part.fileBytes.name } };
      return { kind: 'text', text: part.text ?? '' };
    });
    return {
      kind: 'message',
      ...(options.withMessageId === false ? {} : { messageId: randomUUID() }),
      role: 'user',
      parts,
      ...(spec.contextId !== undefined ? { contextId: spec.contextId } : {}),
      ...(spec.taskId !== undefined ? { taskId: spec.taskId } : {}),
      ...(spec.referenceTaskIds !== undefined ? { referenceTaskIds: [...spec.referenceTaskIds] } : {}),
    };
  },
  sendParams(message, spec) {
    return {
      message,
      configuration: {
        acceptedOutputModes: [...spec.acceptedOutputModes],
        blocking: spec.blocking,
        ...(spec.webhook ? { pushNotificationConfig: { url: spec.webhook.url, token: spec.webhook.token } } : {}),
      },
    };
  },
  getParams: (key, id, historyLength) => ({ [key]: id, ...(historyLength !== undefined ? { historyLength } : {}) }),
  cancelParams: (key, id) => ({ [key]: id }),
  pushSetParams: (taskId, configId, url, token) => ({ taskId, pushNotificationConfig: { id: configId, url, token } }),
  pushGetParams: (key, taskId, configId) => ({ [key]: taskId, pushNotificationConfigId: configId }),
  pushListParams: (key, taskId) => ({ [key]: taskId }),
  pushDeleteParams: (key, taskId, configId) => ({ [key]: taskId, pushNotificationConfigId: configId }),
  pushConfigOf(value) {
    if (!isObject(value) || !isObject(value.pushNotificationConfig)) return undefined;
    const config = value.pushNotificationConfig;
    return {
      ...(typeof config.id === 'string' ? { id: config.id } : {}),
      ...(typeof config.url === 'string' ? { url: config.url } : {}),
      ...(typeof value.taskId === 'string' ? { taskId: value.taskId } : {}),
    };
  },
  pushConfigList: (result) => (Array.isArray(result) ? result : undefined),
  taskOf(result) {
    // A Task without `kind` is invalid but still names the task: usable, its answer judged where it came.
    if (!isObject(result) || typeof result.id !== 'string') return undefined;
    if (result.kind !== 'task' && !(result.kind === undefined && isObject(result.status))) return undefined;
    return {
      id: result.id,
      contextId: typeof result.contextId === 'string' ? result.contextId : undefined,
      state: isObject(result.status) ? normalState(result.status.state) : undefined,
      history: Array.isArray(result.history) ? (result.history as Json[]) : undefined,
      artifacts: Array.isArray(result.artifacts) ? result.artifacts : undefined,
    };
  },
  isMessage: (result) => isObject(result) && result.kind === 'message',
  asV03Event: (result) => result,
  state: normalState,
};

/** The one key of a v1.0 wrapper object (`{task: …}` → ['task', …]). */
function unwrap(result: unknown): [string, unknown] | undefined {
  if (!isObject(result)) return undefined;
  const keys = Object.keys(result);
  if (keys.length !== 1) return undefined;
  return [keys[0]!, result[keys[0]!]];
}

function v1Task(value: unknown): TaskView | undefined {
  if (!isObject(value) || typeof value.id !== 'string') return undefined;
  return {
    id: value.id,
    contextId: typeof value.contextId === 'string' ? value.contextId : typeof value.context_id === 'string' ? value.context_id : undefined,
    state: isObject(value.status) ? normalState(value.status.state) : undefined,
    history: Array.isArray(value.history) ? (value.history as Json[]) : undefined,
    artifacts: Array.isArray(value.artifacts) ? value.artifacts : undefined,
  };
}

/** The v1.0 protocol version check-server speaks (Major.Minor, §3.6). */
export const V1_VERSION = '1.0';

const V1: WireAdapter = {
  wire: 'v1.0',
  methods: {
    send: 'SendMessage',
    stream: 'SendStreamingMessage',
    get: 'GetTask',
    cancel: 'CancelTask',
    resubscribe: 'SubscribeToTask',
    list: 'ListTasks',
    pushSet: 'CreateTaskPushNotificationConfig',
    pushGet: 'GetTaskPushNotificationConfig',
    pushList: 'ListTaskPushNotificationConfigs',
    pushDelete: 'DeleteTaskPushNotificationConfig',
    extendedCard: 'GetExtendedAgentCard',
  },
  headers: { 'A2A-Version': V1_VERSION },
  message(spec, options = {}) {
    const parts = spec.parts.map((part): Json => {
      if (part.data !== undefined) return { data: part.data, mediaType: 'application/json' };
      if (part.fileUri) return { url: part.fileUri.uri, mediaType: part.fileUri.mediaType, filename: part.fileUri.name };
      if (part.fileBytes) return { raw: part.fileBytes.base64, mediaType: part.fileBytes.mediaType, filename: part.fileBytes.name };
      return { text: part.text ?? '' };
    });
    return {
      ...(options.withMessageId === false ? {} : { messageId: randomUUID() }),
      role: 'ROLE_USER',
      parts,
      ...(spec.contextId !== undefined ? { contextId: spec.contextId } : {}),
      ...(spec.taskId !== undefined ? { taskId: spec.taskId } : {}),
      ...(spec.referenceTaskIds !== undefined ? { referenceTaskIds: [...spec.referenceTaskIds] } : {}),
    };
  },
  sendParams(message, spec) {
    return {
      message,
      configuration: {
        acceptedOutputModes: [...spec.acceptedOutputModes],
        returnImmediately: !spec.blocking,
        ...(spec.webhook ? { taskPushNotificationConfig: { url: spec.webhook.url, token: spec.webhook.token } } : {}),
      },
    };
  },
  getParams: (_key, id, historyLength) => ({ id, ...(historyLength !== undefined ? { historyLength } : {}) }),
  cancelParams: (_key, id) => ({ id }),
  pushSetParams: (taskId, _configId, url, token) => ({ taskId, url, token }),
  pushGetParams: (_key, taskId, configId) => ({ taskId, id: configId }),
  pushListParams: (_key, taskId) => ({ taskId }),
  pushDeleteParams: (_key, taskId, configId) => ({ taskId, id: configId }),
  pushConfigOf(value) {
    if (!isObject(value)) return undefined;
    return {
      ...(typeof value.id === 'string' ? { id: value.id } : {}),
      ...(typeof value.url === 'string' ? { url: value.url } : {}),
      ...(typeof value.taskId === 'string' ? { taskId: value.taskId } : {}),
    };
  },
  pushConfigList: (result) =>
    isObject(result) && Array.isArray(result.configs) ? result.configs : isObject(result) && !('configs' in result) ? [] : undefined,
  taskOf(result) {
    const entry = unwrap(result);
    if (entry && entry[0] === 'task') return v1Task(entry[1]);
    // GetTask and CancelTask answer the Task itself.
    return isObject(result) && 'status' in result ? v1Task(result) : undefined;
  },
  isMessage: (result) => unwrap(result)?.[0] === 'message',
  asV03Event(result) {
    const entry = unwrap(result);
    // GetTask and CancelTask answer the Task itself, not wrapped.
    if (isObject(result) && typeof result.id === 'string' && isObject(result.status))
      return { ...result, kind: 'task', status: { ...result.status, state: normalState(result.status.state) } };
    if (!entry || !isObject(entry[1])) return isObject(result) ? {} : result;
    const [key, value] = entry;
    const status = isObject(value.status) ? { ...value.status, state: normalState(value.status.state) } : value.status;
    switch (key) {
      case 'task':
        return { ...value, kind: 'task', status };
      case 'message':
        return { ...value, kind: 'message' };
      case 'statusUpdate':
      case 'status_update':
        return {
          ...value,
          kind: 'status-update',
          taskId: value.taskId ?? value.task_id,
          contextId: value.contextId ?? value.context_id,
          status,
        };
      case 'artifactUpdate':
      case 'artifact_update':
        return { ...value, kind: 'artifact-update', taskId: value.taskId ?? value.task_id, contextId: value.contextId ?? value.context_id };
      default:
        return { kind: key };
    }
  },
  state: normalState,
};

export function adapterFor(wire: Wire): WireAdapter {
  return wire === 'v1.0' ? V1 : V03;
}
