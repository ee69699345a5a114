import { isObject } from '../../src/engine/json-value.js';
/**
 * A value of the v0.3 JSON-RPC wire (`kind` discriminators, `"role": "user"`, states like
 * `input-required`) in the JSON mapping of the v0.3 proto that the HTTP+JSON binding carries (the
 * `a2a-rest` schema set: `"role": "ROLE_USER"`, `content` parts, `TASK_STATE_CANCELLED`), so that
 * the v0.3 conformance cases can serve as examples of the `a2a` and `bindu` OpenAPI documents.
 * Only what the examples need; a value with no counterpart (a Bindu-only state) gives undefined,
 * and the build keeps an example only when the a2a-rest validator accepts it.
 */
type Json = Record<string, unknown>;

const STATES: Readonly<Record<string, string>> = {
  submitted: 'TASK_STATE_SUBMITTED',
  working: 'TASK_STATE_WORKING',
  'input-required': 'TASK_STATE_INPUT_REQUIRED',
  completed: 'TASK_STATE_COMPLETED',
  canceled: 'TASK_STATE_CANCELLED',
  failed: 'TASK_STATE_FAILED',
  rejected: 'TASK_STATE_REJECTED',
  'auth-required': 'TASK_STATE_AUTH_REQUIRED',
  unknown: 'TASK_STATE_UNSPECIFIED',
};

/** Copies the keys of `source` that are present, in the order given. */
function keep(source: Json, keys: readonly string[]): Json {
  const out: Json = {};
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key];
  return out;
}

function part(value: unknown): Json | undefined {
  if (!isObject(value)) return undefined;
  if (value.kind === 'text' && typeof value.text === 'string') return { text: value.text };
  if (value.kind === 'data' && isObject(value.data)) return { data: { data: value.data } };
  if (value.kind === 'file' && isObject(value.file)) {
    const file = value.file;
    const body =
      typeof file.uri === 'string' ? { fileWithUri: file.uri } : typeof file.bytes === 'string' ? { fileWithBytes: file.bytes } : undefined;
    return body ? { file: { ...body, ...keep(file, ['mimeType']) } } : undefined;
  }
  return undefined;
}

function parts(value: unknown): Json[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const out = value.map(part);
  return out.every((p) => p !== undefined) ? (out as Json[]) : undefined;
}

function message(value: unknown): Json | undefined {
  if (!isObject(value) || value.kind !== 'message') return undefined;
  const content = parts(value.parts);
  const role = value.role === 'user' ? 'ROLE_USER' : value.role === 'agent' ? 'ROLE_AGENT' : undefined;
  if (!content || !role) return undefined;
  return { ...keep(value, ['messageId', 'contextId', 'taskId']), role, content, ...keep(value, ['metadata', 'extensions']) };
}

function status(value: unknown): Json | undefined {
  if (!isObject(value) || typeof value.state !== 'string' || !STATES[value.state]) return undefined;
  const update = value.message === undefined ? undefined : message(value.message);
  if (value.message !== undefined && !update) return undefined;
  return { state: STATES[value.state], ...(update ? { message: update } : {}), ...keep(value, ['timestamp']) };
}

function artifact(value: unknown): Json | undefined {
  if (!isObject(value)) return undefined;
  const content = parts(value.parts);
  return content
    ? { ...keep(value, ['artifactId', 'name', 'description']), parts: content, ...keep(value, ['metadata', 'extensions']) }
    : undefined;
}

function list<T>(value: unknown, each: (item: unknown) => T | undefined): T[] | undefined {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return undefined;
  const out = value.map(each);
  return out.every((item) => item !== undefined) ? (out as T[]) : undefined;
}

function task(value: unknown): Json | undefined {
  if (!isObject(value) || value.kind !== 'task') return undefined;
  const state = status(value.status);
  const artifacts = list(value.artifacts, artifact);
  const history = list(value.history, message);
  if (!state || !artifacts || !history) return undefined;
  return {
    ...keep(value, ['id', 'contextId']),
    status: state,
    ...(artifacts.length > 0 ? { artifacts } : {}),
    ...(history.length > 0 ? { history } : {}),
    ...keep(value, ['metadata']),
  };
}

function statusUpdate(value: unknown): Json | undefined {
  if (!isObject(value) || value.kind !== 'status-update') return undefined;
  const state = status(value.status);
  return state ? { ...keep(value, ['taskId', 'contextId']), status: state, ...keep(value, ['final', 'metadata']) } : undefined;
}

function artifactUpdate(value: unknown): Json | undefined {
  if (!isObject(value) || value.kind !== 'artifact-update') return undefined;
  const body = artifact(value.artifact);
  return body
    ? { ...keep(value, ['taskId', 'contextId']), artifact: body, ...keep(value, ['append', 'lastChunk', 'metadata']) }
    : undefined;
}

/** `{taskId, pushNotificationConfig}` → the proto's resource: `{name: "tasks/{id}/pushNotificationConfigs/{configId}", …}`. */
function taskPushConfig(value: unknown): Json | undefined {
  if (!isObject(value) || typeof value.taskId !== 'string' || !isObject(value.pushNotificationConfig)) return undefined;
  const config = keep(value.pushNotificationConfig, ['id', 'url', 'token', 'authentication']);
  const id = typeof config.id === 'string' ? config.id : '';
  return { name: `tasks/${value.taskId}/pushNotificationConfigs/${id}`, pushNotificationConfig: config };
}

/** The card without what the v0.3 proto has no field for (`iconUrl`) and without its security schemes (other shapes). */
function agentCard(value: unknown): Json | undefined {
  if (!isObject(value)) return undefined;
  const skills = list(value.skills, (skill) =>
    isObject(skill) ? keep(skill, ['id', 'name', 'description', 'tags', 'examples', 'inputModes', 'outputModes']) : undefined,
  );
  if (!skills) return undefined;
  return {
    ...keep(value, [
      'protocolVersion',
      'name',
      'description',
      'url',
      'preferredTransport',
      'additionalInterfaces',
      'provider',
      'version',
      'documentationUrl',
    ]),
    capabilities: isObject(value.capabilities) ? keep(value.capabilities, ['streaming', 'pushNotifications', 'extensions']) : {},
    ...keep(value, ['defaultInputModes', 'defaultOutputModes']),
    skills,
    ...keep(value, ['supportsAuthenticatedExtendedCard', 'signatures']),
  };
}

function configuration(value: unknown): Json | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) return undefined;
  return {
    ...keep(value, ['acceptedOutputModes', 'blocking', 'historyLength']),
    ...(isObject(value.pushNotificationConfig)
      ? { pushNotification: keep(value.pushNotificationConfig, ['id', 'url', 'token', 'authentication']) }
      : {}),
  };
}

/**
 * `value` (of the v0.3 JSON-RPC wire: a method's params or result) as the a2a-rest type `type`,
 * or undefined when this converter has no form for it.
 */
export function toRestJson(type: string, value: unknown): unknown {
  switch (type) {
    case 'Task':
      return task(value);
    case 'SendMessageResponse':
    case 'StreamResponse': {
      if (!isObject(value)) return undefined;
      const kinds: Record<string, [string, (v: unknown) => Json | undefined]> = {
        task: ['task', task],
        message: ['message', message],
        ...(type === 'StreamResponse'
          ? { 'status-update': ['statusUpdate', statusUpdate], 'artifact-update': ['artifactUpdate', artifactUpdate] }
          : {}),
      };
      const entry = typeof value.kind === 'string' ? kinds[value.kind] : undefined;
      const body = entry?.[1](value);
      return entry && body ? { [entry[0]]: body } : undefined;
    }
    case 'SendMessageRequest': {
      if (!isObject(value)) return undefined;
      const body = message(value.message);
      const config = configuration(value.configuration);
      if (!body || (value.configuration !== undefined && !config)) return undefined;
      return { message: body, ...(config ? { configuration: config } : {}), ...keep(value, ['metadata']) };
    }
    case 'CancelTaskRequest':
    case 'TaskSubscriptionRequest':
      if (!isObject(value)) return undefined;
      // The task's id: `id` on the A2A wire, `taskId` in Bindu's params.
      return typeof (value.id ?? value.taskId) === 'string' ? { name: `tasks/${String(value.id ?? value.taskId)}` } : undefined;
    case 'TaskPushNotificationConfig':
      return taskPushConfig(value);
    case 'ListTaskPushNotificationConfigResponse': {
      const configs = Array.isArray(value) ? list(value, taskPushConfig) : undefined;
      return configs ? { configs } : undefined;
    }
    case 'AgentCard':
      return agentCard(value);
    default:
      return undefined;
  }
}
