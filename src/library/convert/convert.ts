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
 */
import { methodPair, pairedTypeName, TYPE_PAIRS, V03_PART_TYPES } from '../../../schemas/wire-pairs.js';
import type { VariantName, Wire } from '../../../schemas/variant-table.js';
import { loadVariant } from '../../engine/load-validators.js';
import { validate, validateProperty } from '../validate.js';
import { validateMessage } from '../validate-message.js';
import { CALLS_TO_V03, CALLS_TO_V1, envelope } from './calls.js';
import { CARD_TO_V03, CARD_TO_V1 } from './card-conversion.js';
import type { Conversion, ConvertOptions, Loss } from './conversion.js';
import { CORE_TO_V03, CORE_TO_V1 } from './core.js';
import { Context, type Table } from './walk.js';

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

function run(from: Wire, type: string, value: unknown, options?: ConvertOptions): Conversion {
  const key = keyOf(type, from);
  if (key === undefined) {
    throw new TypeError(`cannot convert type "${String(type)}" from ${from} (convertible: ${CONVERTIBLE_TYPE_NAMES[from].join(', ')})`);
  }
  const table = from === 'v0.3' ? TO_V1 : TO_V03;
  const ctx = new Context(from, table);
  const converter =
    key === 'JSONRPCRequest' ? envelope('request') : key === 'JSONRPCResponse' ? envelope('response', options?.method) : table[key]!;
  const converted = converter(value, '', ctx);
  const to: Wire = from === 'v0.3' ? 'v1.0' : 'v0.3';
  const variant = targetVariant(to, key, options);
  const errors = check(key, converted, to, variant, type, options);
  return { value: converted, losses: ctx.losses, valid: errors.length === 0, errors, variant };
}

/** Converts a value of the A2A v0.3 wire (`a2a` or `bindu`) to the A2A v1.0 ProtoJSON wire (`a2a-v1`, `aion`). */
export function toV1(type: string, value: unknown, options?: ConvertOptions): Conversion {
  return run('v0.3', type, value, options);
}

/** Converts a value of the A2A v1.0 ProtoJSON wire (`a2a-v1`, `aion`) to the A2A v0.3 wire (`a2a`, `bindu`). */
export function toV03(type: string, value: unknown, options?: ConvertOptions): Conversion {
  return run('v1.0', type, value, options);
}
