/**
 * Which A2A wire a payload looks like: the v0.3 JSON-RPC wire of the `a2a` and `bindu` variants
 * (`"role": "user"`, `"kind": "text"`, `"state": "input-required"`, `message/send`) or the v1.0
 * ProtoJSON wire of `a2a-v1` and `aion` (`"role": "ROLE_USER"`, `"state": "TASK_STATE_COMPLETED"`,
 * `SendMessage`, `statusUpdate` wrappers). Used to tell a user who validates against the wrong
 * variant what they most likely have.
 */
import { TASK_STATES as V03_STATES } from '../../../schemas/bindu/states.js';
import { WIRE_OF_VARIANT, type Wire } from '../../../schemas/variant-table.js';
import { pointerTo } from '../../engine/json-value.js';

export interface WireGuess {
  /** The wire the payload looks like. */
  readonly wire: Wire;
  /** JSON Pointer of the first telling value. */
  readonly path: string;
  /** What gave it away, e.g. `"role": "user"`. */
  readonly evidence: string;
}

const V03_KINDS = new Set(['message', 'task', 'status-update', 'artifact-update', 'text', 'file', 'data']);
const V03_METHODS = /^(message\/(send|stream)|tasks\/|agent\/getAuthenticatedExtendedCard$|contexts?\/)/;
const V1_METHODS = new Set([
  'SendMessage',
  'SendStreamingMessage',
  'GetTask',
  'ListTasks',
  'CancelTask',
  'SubscribeToTask',
  'CreateTaskPushNotificationConfig',
  'GetTaskPushNotificationConfig',
  'ListTaskPushNotificationConfigs',
  'DeleteTaskPushNotificationConfig',
  'GetExtendedAgentCard',
  'GetContext',
  'GetContexts',
]);
const V1_ONLY_KEYS = new Set([
  'statusUpdate',
  'artifactUpdate',
  'status_update',
  'artifact_update',
  'supportedInterfaces',
  'returnImmediately',
  'taskPushNotificationConfig',
  'mediaType',
  'media_type',
]);
const V03_STATE_NAMES = new Set<string>(V03_STATES);

const pointer = pointerTo;

/** The telling entries of one object, for each wire. */
function clues(object: Record<string, unknown>, path: string, found: WireGuess[]): void {
  const add = (wire: Wire, key: string, value: unknown) =>
    found.push({ wire, path: pointer(path, key), evidence: `${JSON.stringify(key)}: ${JSON.stringify(value)}` });
  const { kind, role, state, method } = object;
  if (typeof kind === 'string' && V03_KINDS.has(kind)) add('v0.3', 'kind', kind);
  if (role === 'user' || role === 'agent' || role === 'system') add('v0.3', 'role', role);
  if (typeof role === 'string' && role.startsWith('ROLE_')) add('v1.0', 'role', role);
  if (typeof state === 'string' && V03_STATE_NAMES.has(state)) add('v0.3', 'state', state);
  if (typeof state === 'string' && state.startsWith('TASK_STATE_')) add('v1.0', 'state', state);
  if (typeof method === 'string' && V03_METHODS.test(method)) add('v0.3', 'method', method);
  if (typeof method === 'string' && V1_METHODS.has(method)) add('v1.0', 'method', method);
  for (const key of Object.keys(object))
    if (V1_ONLY_KEYS.has(key)) found.push({ wire: 'v1.0', path: pointer(path, key), evidence: `the key ${JSON.stringify(key)}` });
}

/**
 * Guesses the wire of a payload from the first telling values (up to a few hundred nodes deep
 * into it); undefined when nothing tells. When both wires show, the one with more clues wins.
 */
export function detectWire(value: unknown): WireGuess | undefined {
  const found: WireGuess[] = [];
  const queue: { value: unknown; path: string }[] = [{ value, path: '' }];
  let visited = 0;
  while (queue.length > 0 && visited < 500) {
    const { value: node, path } = queue.shift()!;
    visited++;
    if (Array.isArray(node))
      node.forEach((item, index) => {
        queue.push({ value: item, path: pointer(path, index) });
      });
    else if (typeof node === 'object' && node !== null) {
      const object = node as Record<string, unknown>;
      clues(object, path, found);
      for (const [key, child] of Object.entries(object)) {
        if (key === 'metadata' || key === 'data') continue; // free-form content tells nothing
        if (typeof child === 'object' && child !== null) queue.push({ value: child, path: pointer(path, key) });
      }
    }
  }
  if (found.length === 0) return undefined;
  const v03 = found.filter((guess) => guess.wire === 'v0.3');
  const v1 = found.filter((guess) => guess.wire === 'v1.0');
  return (v03.length >= v1.length ? v03 : v1)[0];
}

/**
 * A hint for a payload that failed validation in `variant` and looks like the other wire; undefined
 * when it does not (or when nothing tells).
 */
export function wireHint(value: unknown, variant: string): string | undefined {
  const guess = detectWire(value);
  if (!guess) return undefined;
  const at = guess.path === '' ? '' : ` at ${guess.path}`;
  if (WIRE_OF_VARIANT[variant] === 'v1.0' && guess.wire === 'v0.3') {
    return `this looks like the A2A v0.3 wire (${guess.evidence}${at}), but the ${variant} variant is A2A v1.0 in ProtoJSON (\`"role": "ROLE_USER"\`, parts without \`kind\`); validate it with --variant a2a or bindu, or convert it with \`bindu-protocol convert --from a2a --to ${variant}\``;
  }
  if (WIRE_OF_VARIANT[variant] === 'v0.3' && guess.wire === 'v1.0') {
    return `this looks like the A2A v1.0 ProtoJSON wire (${guess.evidence}${at}), but the ${variant} variant is the A2A v0.3 wire (\`"role": "user"\`, parts with \`kind\`); validate it with --variant a2a-v1 (or aion, A2A v1.0 with the aion context extension), or convert it with \`bindu-protocol convert --from a2a-v1 --to ${variant}\``;
  }
  return undefined;
}
