/**
 * How check-server's HTTP+JSON transport (http-json-transport.ts) writes a call in the groups'
 * JSON-RPC terms as the binding's request, and reads the answer back in those terms:
 *
 *   restRequest  the method's operation (validate-operation.ts `operationForMethod`), path parameters
 *                from the params, the rest in the query (GET, DELETE) or the body (POST); on v0.3
 *                the body in the JSON mapping of the v0.3 proto (SPEC-NOTES R-1), on v1.0 as it is.
 *   fromRest     a success body (a proto-JSON Task, `{task}`, a StreamResponse, …) → the JSON-RPC result.
 *   restError    an error body (v0.3: the JSON-RPC error object; v1.0: AIP-193) → the JSON-RPC error.
 */
import type { Wire } from '../../live/agent-card.js';
import { ERROR_REASONS, normalState } from './wire-adapter.js';
import { isObject } from '../../engine/json-value.js';

type Json = Record<string, unknown>;

export interface RestRequest {
  readonly operationId: string;
  readonly verb: string;
  /** Path and query, relative to the HTTP+JSON base URL (starts with `/`). */
  readonly path: string;
  readonly body?: Json;
}

/** The value of a path parameter, from the JSON-RPC params (v0.3 names the task `id` or `taskId`). */
function pathValue(wire: Wire, name: string, params: Json): unknown {
  if (wire === 'v1.0') return params[name];
  if (name === 'id') return params.id ?? params.taskId;
  if (name === 'configId')
    return params.pushNotificationConfigId ?? (isObject(params.pushNotificationConfig) ? params.pushNotificationConfig.id : undefined);
  return params[name];
}

const CONSUMED_V03: Readonly<Record<string, readonly string[]>> = {
  id: ['id', 'taskId'],
  configId: ['pushNotificationConfigId'],
};

function query(values: Json): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else if (value !== undefined && value !== null && !isObject(value)) search.append(key, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** Builds the HTTP request of a method call. `template` is the operation's path with `{name}` placeholders. */
export function restRequest(wire: Wire, operationId: string, verb: string, template: string, params: unknown): RestRequest {
  const values: Json = isObject(params) ? { ...params } : {};
  const original: Json = { ...values };
  const path = template.replace(/\{([^}]+)\}/g, (_all, name: string) => {
    const value = pathValue(wire, name, original);
    for (const key of wire === 'v0.3' ? (CONSUMED_V03[name] ?? [name]) : [name]) delete values[key];
    return encodeURIComponent(typeof value === 'string' ? value : String(value ?? ''));
  });
  if (verb === 'GET' || verb === 'DELETE') return { operationId, verb, path: `${path}${query(values)}` };
  // The proto's bodies: CancelTask and the subscription carry none that matters (the id is in the path).
  if (operationId === 'CancelTask' || operationId.startsWith('TaskSubscription') || operationId.startsWith('SubscribeToTask'))
    return { operationId, verb, path };
  if (wire === 'v1.0') return { operationId, verb, path, body: operationId === 'CreateTaskPushNotificationConfig' ? original : values };
  return { operationId, verb, path, body: v03Body(operationId, original) };
}

// ---- v0.3 JSON-RPC shape → the v0.3 proto's JSON mapping ----------------------------------------

function protoPart(part: unknown): Json {
  if (!isObject(part)) return {};
  if (part.kind === 'data') return { data: { data: part.data } };
  if (part.kind === 'file' && isObject(part.file)) {
    const file = part.file;
    return {
      file: {
        ...(typeof file.uri === 'string' ? { fileWithUri: file.uri } : {}),
        ...(typeof file.bytes === 'string' ? { fileWithBytes: file.bytes } : {}),
        ...(typeof file.mimeType === 'string' ? { mimeType: file.mimeType } : {}),
      },
    };
  }
  return { text: typeof part.text === 'string' ? part.text : '' };
}

/** A v0.3 JSON-RPC Message in the proto's JSON (referenceTaskIds has no field in the v0.3 proto and is left out). */
export function protoMessage(message: unknown): Json {
  if (!isObject(message)) return {};
  return {
    ...(typeof message.messageId === 'string' ? { messageId: message.messageId } : {}),
    ...(typeof message.contextId === 'string' ? { contextId: message.contextId } : {}),
    ...(typeof message.taskId === 'string' ? { taskId: message.taskId } : {}),
    role: message.role === 'agent' ? 'ROLE_AGENT' : 'ROLE_USER',
    content: Array.isArray(message.parts) ? message.parts.map(protoPart) : [],
    ...(isObject(message.metadata) ? { metadata: message.metadata } : {}),
  };
}

function v03Body(operationId: string, params: Json): Json {
  if (operationId === 'SendMessage' || operationId === 'SendStreamingMessage') {
    const config = isObject(params.configuration) ? params.configuration : {};
    const push = isObject(config.pushNotificationConfig) ? config.pushNotificationConfig : undefined;
    return {
      message: protoMessage(params.message),
      configuration: {
        ...(Array.isArray(config.acceptedOutputModes) ? { acceptedOutputModes: config.acceptedOutputModes } : {}),
        ...(typeof config.blocking === 'boolean' ? { blocking: config.blocking } : {}),
        ...(typeof config.historyLength === 'number' ? { historyLength: config.historyLength } : {}),
        ...(push ? { pushNotification: push } : {}),
      },
      ...(isObject(params.metadata) ? { metadata: params.metadata } : {}),
    };
  }
  if (operationId === 'CreateTaskPushNotificationConfig') {
    // The proto's body ("config"): a TaskPushNotificationConfig named by its resource name.
    const config = isObject(params.pushNotificationConfig) ? params.pushNotificationConfig : {};
    const taskId = String(params.taskId ?? params.id ?? '');
    return { name: `tasks/${taskId}/pushNotificationConfigs/${String(config.id ?? '')}`, pushNotificationConfig: config };
  }
  return params;
}

// ---- the v0.3 proto's JSON mapping → v0.3 JSON-RPC shape ----------------------------------------

/** `TASK_STATE_CANCELLED` (the v0.3 proto's spelling) → `canceled`; the others as normalState. */
export function protoState(value: unknown): string | undefined {
  if (value === 'TASK_STATE_CANCELLED') return 'canceled';
  return normalState(value);
}

function v03Part(part: unknown): Json {
  if (!isObject(part)) return { kind: 'text', text: '' };
  if (isObject(part.data)) return { kind: 'data', data: part.data.data };
  if (isObject(part.file)) {
    const file = part.file;
    const uri = file.fileWithUri ?? file.file_with_uri;
    const bytes = file.fileWithBytes ?? file.file_with_bytes;
    const mimeType = file.mimeType ?? file.mime_type;
    return {
      kind: 'file',
      file: {
        ...(uri !== undefined ? { uri } : {}),
        ...(bytes !== undefined ? { bytes } : {}),
        ...(mimeType !== undefined ? { mimeType } : {}),
      },
    };
  }
  return { kind: 'text', text: part.text };
}

const pick = (value: Json, camel: string, snake: string): unknown => value[camel] ?? value[snake];

function v03Message(message: unknown): Json {
  if (!isObject(message)) return {};
  const content = Array.isArray(message.content) ? message.content : [];
  return {
    kind: 'message',
    messageId: pick(message, 'messageId', 'message_id'),
    role: message.role === 'ROLE_AGENT' ? 'agent' : 'user',
    parts: content.map(v03Part),
    ...(pick(message, 'contextId', 'context_id') !== undefined ? { contextId: pick(message, 'contextId', 'context_id') } : {}),
    ...(pick(message, 'taskId', 'task_id') !== undefined ? { taskId: pick(message, 'taskId', 'task_id') } : {}),
  };
}

function v03Status(status: unknown): Json {
  if (!isObject(status)) return {};
  const message = status.update ?? status.message;
  return {
    state: protoState(status.state),
    ...(isObject(message) ? { message: v03Message(message) } : {}),
    ...(status.timestamp !== undefined ? { timestamp: status.timestamp } : {}),
  };
}

function v03Artifact(artifact: unknown): Json {
  if (!isObject(artifact)) return {};
  return {
    ...artifact,
    artifactId: pick(artifact, 'artifactId', 'artifact_id'),
    parts: Array.isArray(artifact.parts) ? artifact.parts.map(v03Part) : [],
  };
}

function v03Task(task: unknown): Json {
  if (!isObject(task)) return {};
  return {
    kind: 'task',
    id: task.id,
    contextId: pick(task, 'contextId', 'context_id'),
    status: v03Status(task.status),
    ...(Array.isArray(task.artifacts) ? { artifacts: task.artifacts.map(v03Artifact) } : {}),
    ...(Array.isArray(task.history) ? { history: task.history.map(v03Message) } : {}),
  };
}

function v03PushConfig(config: unknown): Json {
  if (!isObject(config)) return {};
  const name = typeof config.name === 'string' ? config.name : '';
  const match = /^tasks\/([^/]+)\/pushNotificationConfigs\/?/.exec(name);
  const inner = pick(config, 'pushNotificationConfig', 'push_notification_config');
  return { ...(match ? { taskId: match[1] } : {}), pushNotificationConfig: isObject(inner) ? inner : {} };
}

function v03Event(value: Json): unknown {
  if (isObject(value.task)) return v03Task(value.task);
  const message = value.msg ?? value.message;
  if (isObject(message)) return v03Message(message);
  const status = value.statusUpdate ?? value.status_update;
  if (isObject(status)) {
    return {
      kind: 'status-update',
      taskId: pick(status, 'taskId', 'task_id'),
      contextId: pick(status, 'contextId', 'context_id'),
      status: v03Status(status.status),
      final: status.final === true,
    };
  }
  const artifact = value.artifactUpdate ?? value.artifact_update;
  if (isObject(artifact)) {
    return {
      kind: 'artifact-update',
      taskId: pick(artifact, 'taskId', 'task_id'),
      contextId: pick(artifact, 'contextId', 'context_id'),
      artifact: v03Artifact(artifact.artifact),
      ...(artifact.append !== undefined ? { append: artifact.append } : {}),
      ...(pick(artifact, 'lastChunk', 'last_chunk') !== undefined ? { lastChunk: pick(artifact, 'lastChunk', 'last_chunk') } : {}),
    };
  }
  return value;
}

/** The JSON-RPC result an operation's success body stands for (a 204 answer: `body` undefined). */
export function fromRest(wire: Wire, operationId: string, body: unknown): unknown {
  if (wire === 'v1.0') return body ?? {};
  if (body === undefined) return null;
  if (!isObject(body)) return body;
  switch (operationId) {
    case 'SendMessage':
    case 'SendStreamingMessage':
    case 'TaskSubscription':
    case 'TaskSubscriptionByPost':
      return v03Event(body);
    case 'GetTask':
    case 'CancelTask':
      return v03Task(body);
    case 'CreateTaskPushNotificationConfig':
    case 'GetTaskPushNotificationConfig':
      return v03PushConfig(body);
    case 'ListTaskPushNotificationConfig':
      return Array.isArray(body.configs) ? body.configs.map(v03PushConfig) : [];
    default:
      return body;
  }
}

const CODE_OF_REASON: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(ERROR_REASONS).map(([code, reason]) => [reason, Number(code)]),
);

/** The JSON-RPC codes of the generic errors, by the google.rpc status a v1.0 error body names. */
const CODE_OF_STATUS: Readonly<Record<string, number>> = {
  INVALID_ARGUMENT: -32602,
  NOT_FOUND: -32601,
  INTERNAL: -32603,
  UNIMPLEMENTED: -32004,
};

/**
 * The JSON-RPC error object an error body stands for: v0.3 writes it as it is; v1.0's AIP-193 body
 * names the A2A error by the ErrorInfo `reason` (§11.6), a generic error by its status.
 */
export function restError(wire: Wire, body: unknown): Json | undefined {
  if (!isObject(body)) return undefined;
  if (wire === 'v0.3') return typeof body.code === 'number' ? body : undefined;
  const error = body.error;
  if (!isObject(error)) return undefined;
  const details = Array.isArray(error.details) ? error.details : [];
  const info = details.find((detail) => isObject(detail) && typeof detail.reason === 'string') as Json | undefined;
  const reason = info?.reason as string | undefined;
  const code =
    (reason !== undefined ? CODE_OF_REASON[reason] : undefined) ??
    (typeof error.status === 'string' ? CODE_OF_STATUS[error.status] : undefined) ??
    -32603;
  return { code, message: typeof error.message === 'string' ? error.message : '', ...(info ? { data: info } : {}) };
}
