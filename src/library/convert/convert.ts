/**
 * Conversion between the A2A v0.3 JSON-RPC wire (the `a2a` and `bindu` variants) and the A2A v1.0
 * ProtoJSON wire (the `a2a-v1` and `aion` variants), for every type both have (core.ts), the agent
 * card (card.ts), push configurations, params, results and JSON-RPC envelopes (calls.ts).
 *
 *   toV1('Message', value)    v0.3 (`"role": "user"`, parts with `kind`) → v1.0 (`"role": "ROLE_USER"`)
 *   toV03('Task', value)      v1.0 → v0.3
 *
 * The type is named on either wire (`MessageSendParams` or `SendMessageRequest`). Each returns the
 * converted value, the list of what could not be carried across (JSON Pointers into the input),
 * and whether the value is valid in the target variant (checked with `validate`; when it is not,
 * `errors` says why and the value is only a best effort). Keys the source type does not define are
 * never written over a field of the target type (walk.ts). v1.0 input is read under either field
 * name and enum values by name or number; v1.0 output is canonical (lowerCamel names, enum names).
 * v0.3 input is normalized first (`normalize`, variant `bindu`): the snake_case keys deployed Bindu agents send
 * (`context_id`, `message_id`, …; schemas/bindu/deployed-spellings.ts) are read under their canonical names, and each
 * rename is listed among the losses at its path in the input.
 */
import { methodPair, pairedTypeName, TYPE_PAIRS, V03_PART_TYPES } from '../../../schemas/wire-pairs.js';
import type { VariantName, Wire } from '../../../schemas/variant-table.js';
import { loadVariant } from '../../engine/load-validators.js';
import { normalize } from '../normalize.js';
import { validate, validateProperty } from '../validate.js';
import { validateMessage } from '../validate-message.js';
import { CALLS_TO_V03, CALLS_TO_V1, envelope } from './calls.js';
import { CARD_TO_V03, CARD_TO_V1 } from './card-conversion.js';
import type { Conversion, ConvertOptions, Loss } from './conversion.js';
import { CORE_TO_V03, CORE_TO_V1 } from './core.js';
import { Context, isObject, pointer, type Table } from './walk.js';

const TO_V1: Table = { ...CORE_TO_V1, ...CARD_TO_V1, ...CALLS_TO_V1 };
const TO_V03: Table = { ...CORE_TO_V03, ...CARD_TO_V03, ...CALLS_TO_V03 };

/** v1.0 names that map to a v0.3 type other than the one TYPE_PAIRS pairs first. */
const V1_ALIASES: Readonly<Record<string, string>> = {
  TaskPushNotificationConfig: 'TaskPushNotificationConfig',
  SubscribeToTaskRequest: 'TaskIdParams',
};

/** The v0.3 key of the converter for a type named on `from`'s wire (or, failing that, on the other wire). */
function keyOf(type: string, from: Wire): string | undefined {
  if (type === 'JSONRPCRequest' || type === 'JSONRPCResponse') return type;
  const v03Key = Object.hasOwn(TO_V1, type) ? type : V03_PART_TYPES.includes(type) ? 'Part' : undefined;
  const fromV1 = V1_ALIASES[type] ?? pairedTypeName(type, 'v0.3');
  const v1Key = Object.hasOwn(TO_V03, fromV1) && (fromV1 !== type || !Object.hasOwn(TYPE_PAIRS, type)) ? fromV1 : undefined;
  return from === 'v1.0' ? (v1Key ?? v03Key) : (v03Key ?? v1Key);
}

/** Every type name `convert` takes, as named on the v0.3 wire and on the v1.0 wire. */
export const CONVERTIBLE_TYPE_NAMES: Readonly<Record<Wire, readonly string[]>> = {
  'v0.3': [...Object.keys(TO_V1), ...V03_PART_TYPES, 'JSONRPCRequest', 'JSONRPCResponse'],
  'v1.0': [...new Set([...Object.keys(TO_V03).map((key) => TYPE_PAIRS[key] ?? key), 'SubscribeToTaskRequest'])].concat([
    'JSONRPCRequest',
    'JSONRPCResponse',
  ]),
};

/** The default target variant: the extension one for the context types, else the base. */
function targetVariant(to: Wire, key: string, options: ConvertOptions | undefined): VariantName {
  if (options?.variant) return options.variant;
  const context = key === 'Conversation';
  return to === 'v1.0' ? (context ? 'aion' : 'a2a-v1') : context ? 'bindu' : 'a2a';
}

/** The method whose result a synthetic v0.3 result type names. */
const RESULT_METHOD: Readonly<Record<string, string>> = {
  SendMessageResult: 'message/send',
  SendStreamingMessageResult: 'message/stream',
  TaskPushNotificationConfigList: 'tasks/pushNotificationConfig/list',
  Null: 'tasks/pushNotificationConfig/delete',
};

/** Checks the output in the target variant: the errors that make it invalid, as losses. */
function check(key: string, value: unknown, to: Wire, variant: VariantName, type: string, options?: ConvertOptions): Loss[] {
  if (value === undefined) return [{ path: '', message: 'nothing could be converted' }];
  let result: { valid: boolean; errors: readonly { path: string; message: string; keyword: string }[] };
  if (key === 'JSONRPCRequest') result = validateMessage(value, { variant });
  else if (key === 'JSONRPCResponse') {
    const pair = options?.method === undefined ? undefined : methodPair(options.method);
    result = validateMessage(value, { variant, method: to === 'v1.0' ? pair?.v1 : pair?.v03 });
  } else if (to === 'v0.3' && key === 'Role') {
    const role = (loadVariant(variant).definitions.Message as { properties: { role: { enum: string[] } } }).properties.role;
    result = { valid: role.enum.includes(value as string), errors: [] };
  } else if (to === 'v0.3' && key === 'SecurityRequirement') {
    // v0.3 has no named type for it: `{"<scheme>": ["<scope>", …]}` (AgentCard `security` items).
    const ok = (v: unknown) => Array.isArray(v) && v.every((scope) => typeof scope === 'string');
    const valid = typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(ok);
    result = { valid, errors: valid ? [] : [{ path: '', message: 'must map scheme names to arrays of scopes', keyword: 'type' }] };
  } else if (to === 'v0.3' && Object.hasOwn(RESULT_METHOD, key)) {
    const method = loadVariant(variant).method(RESULT_METHOD[key]!)!;
    result = validateProperty(method.successResponse, 'result', value, { variant });
  } else {
    const name = to === 'v1.0' ? (key === 'TaskIdParams' && type === 'SubscribeToTaskRequest' ? type : pairedTypeName(key, 'v1.0')) : key;
    result = validate(name, value, { variant });
  }
  return result.errors.map((error) => ({ path: error.path, message: `${error.message} (${error.keyword})` }));
}

/**
 * v0.3 input as deployed Bindu agents send it, in the canonical spelling: the value to convert, a loss for each rename
 * (and for each key given under both spellings, whose snake_case copy is left out), and a function that turns a path
 * into the normalized value back into a path into the input. Types `normalize` does not know are taken as they are.
 */
function canonicalV03(type: string, key: string, value: unknown): { value: unknown; losses: Loss[]; inputPath: (path: string) => string } {
  const definitions = loadVariant('bindu').definitions;
  const name = Object.hasOwn(definitions, type) ? type : Object.hasOwn(definitions, key) ? key : undefined;
  const same = { value, losses: [], inputPath: (path: string) => path };
  if (name === undefined || !isObject(value)) return same;
  const result = normalize(name as never, value, { variant: 'bindu' });
  const conflicts = result.errors.concat(result.warnings).filter((issue) => issue.keyword === 'conflict');
  if (result.changes.length === 0 && conflicts.length === 0) return same;
  // A normalized path (canonical keys) → the key the input had there; normalize's change paths name their parent by
  // its canonical path and the member by the key sent.
  const renamed = new Map<string, string>();
  const parentOf = (path: string) => path.slice(0, path.lastIndexOf('/'));
  for (const change of result.changes)
    if (change.kind === 'key') renamed.set(pointer(parentOf(change.path), String(change.to)), String(change.from));
  const inputPath = (path: string): string => {
    let normalized = '';
    let input = '';
    for (const segment of path.split('/').slice(1)) {
      normalized = `${normalized}/${segment}`;
      const sent = renamed.get(normalized);
      input = sent === undefined ? `${input}/${segment}` : pointer(input, sent);
    }
    return input;
  };
  const losses: Loss[] = [];
  for (const change of result.changes) {
    const at = pointer(inputPath(parentOf(change.path)), String(change.from));
    losses.push({
      path: at,
      message: `\`${String(change.from)}\` is deployed Bindu's spelling of \`${String(change.to)}\`; read as \`${String(change.to)}\``,
    });
  }
  for (const conflict of conflicts) {
    const { property, canonicalProperty } = conflict.params as { property: string; canonicalProperty: string };
    // Left out of the value converted, so that only the canonical key is read.
    const parentPath = parentOf(conflict.path);
    let parent: unknown = result.value;
    for (const segment of parentPath.split('/').slice(1)) {
      const step = segment.replace(/~1/g, '/').replace(/~0/g, '~');
      parent = Array.isArray(parent) ? parent[Number(step)] : isObject(parent) ? parent[step] : undefined;
    }
    if (isObject(parent)) delete parent[property];
    losses.push({
      path: pointer(inputPath(parentPath), property),
      message: `\`${property}\` (deployed Bindu's spelling of \`${canonicalProperty}\`) repeats \`${canonicalProperty}\`; the value under \`${canonicalProperty}\` was used`,
    });
  }
  return { value: result.value, losses, inputPath };
}

function run(from: Wire, type: string, value: unknown, options?: ConvertOptions): Conversion {
  const key = keyOf(type, from);
  if (key === undefined) {
    throw new TypeError(`cannot convert type "${String(type)}" from ${from} (convertible: ${CONVERTIBLE_TYPE_NAMES[from].join(', ')})`);
  }
  const table = from === 'v0.3' ? TO_V1 : TO_V03;
  const ctx = new Context(from, table);
  const converter =
    key === 'JSONRPCRequest' ? envelope('request') : key === 'JSONRPCResponse' ? envelope('response', options?.method) : table[key]!;
  const input = from === 'v0.3' ? canonicalV03(type, key, value) : undefined;
  const converted = converter(input === undefined ? value : input.value, '', ctx);
  const to: Wire = from === 'v0.3' ? 'v1.0' : 'v0.3';
  const variant = targetVariant(to, key, options);
  const errors = check(key, converted, to, variant, type, options);
  const losses =
    input === undefined || input.losses.length === 0
      ? ctx.losses
      : [...input.losses, ...ctx.losses.map((loss) => ({ ...loss, path: input.inputPath(loss.path) }))];
  return { value: converted, losses, valid: errors.length === 0, errors, variant };
}

/** Converts a value of the A2A v0.3 wire (`a2a` or `bindu`) to the A2A v1.0 ProtoJSON wire (`a2a-v1`, `aion`). */
export function toV1(type: string, value: unknown, options?: ConvertOptions): Conversion {
  return run('v0.3', type, value, options);
}

/** Converts a value of the A2A v1.0 ProtoJSON wire (`a2a-v1`, `aion`) to the A2A v0.3 wire (`a2a`, `bindu`). */
export function toV03(type: string, value: unknown, options?: ConvertOptions): Conversion {
  return run('v1.0', type, value, options);
}
