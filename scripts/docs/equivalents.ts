/**
 * What a method or type of one A2A wire is called on the other: the v0.3 JSON-RPC wire of `a2a` and
 * `bindu` (`message/send`, `MessageSendParams`) against the v1.0 ProtoJSON wire of `a2a-v1` and
 * `aion` (`SendMessage`, `SendMessageRequest`). The method pairs are the v0.3 methods against A2A
 * v1.0's names (its §5.3 method mapping) and the aion context extension's renames (SPEC-NOTES
 * B-13); the type pairs are those of the methods' requests, responses and params, plus the types
 * v1.0 renamed or merged (SPEC-NOTES P-6). Used for the cross-wire links and the search aliases.
 */
import { V03_TO_V1_ROLE, V03_TO_V1_TASK_STATE } from '../../schemas/a2a-v1/states.js';
import { paths } from './html.js';
import { paramsSchema, type SiteModel, type VariantDoc } from './model.js';

export type WireName = 'v0.3' | 'v1.0';

/** v0.3 method → v1.0 method. */
const METHOD_PAIRS: readonly (readonly [string, string])[] = [
  ['message/send', 'SendMessage'],
  ['message/stream', 'SendStreamingMessage'],
  ['tasks/get', 'GetTask'],
  ['tasks/list', 'ListTasks'],
  ['tasks/cancel', 'CancelTask'],
  ['tasks/resubscribe', 'SubscribeToTask'],
  ['tasks/pushNotificationConfig/set', 'CreateTaskPushNotificationConfig'],
  ['tasks/pushNotificationConfig/get', 'GetTaskPushNotificationConfig'],
  ['tasks/pushNotificationConfig/list', 'ListTaskPushNotificationConfigs'],
  ['tasks/pushNotificationConfig/delete', 'DeleteTaskPushNotificationConfig'],
  ['agent/getAuthenticatedExtendedCard', 'GetExtendedAgentCard'],
  ['context/get', 'GetContext'],
  ['contexts/get', 'GetContexts'],
];

/** v0.3 type → v1.0 type, for the types v1.0 renamed or merged into another. */
const TYPE_PAIRS: readonly (readonly [string, string])[] = [
  ['MutualTLSSecurityScheme', 'MutualTlsSecurityScheme'],
  ['MessageSendConfiguration', 'SendMessageConfiguration'],
  ['PushNotificationConfig', 'TaskPushNotificationConfig'],
  ['TaskPushNotificationConfig', 'TaskPushNotificationConfig'],
  ['Part', 'Part'],
  ['TextPart', 'Part'],
  ['FilePart', 'Part'],
  ['DataPart', 'Part'],
  ['FileWithBytes', 'Part'],
  ['FileWithUri', 'Part'],
];

/** The wire of a variant: v0.3 method names hold a `/`. */
export function wireOf(v: VariantDoc): WireName {
  return v.spec.methods.some((m) => m.method.includes('/')) ? 'v0.3' : 'v1.0';
}

export interface Equivalent {
  readonly variant: string;
  readonly name: string;
  /** Site-relative path of its page. */
  readonly path: string;
}

function counterpart(pairs: readonly (readonly [string, string])[], wire: WireName, name: string): string[] {
  return pairs.filter((p) => p[wire === 'v0.3' ? 0 : 1] === name).map((p) => p[wire === 'v0.3' ? 1 : 0]);
}

/** The other wire's name of a method, if it has one. */
export function otherMethodNames(wire: WireName, method: string): string[] {
  return counterpart(METHOD_PAIRS, wire, method);
}

/** The pages of a method's equivalent in each variant of the other wire that defines it. */
export function methodEquivalents(model: SiteModel, v: VariantDoc, method: string): Equivalent[] {
  const wire = wireOf(v);
  const names = otherMethodNames(wire, method);
  return model.variants
    .filter((o) => wireOf(o) !== wire)
    .flatMap((o) =>
      names
        .filter((n) => o.spec.methods.some((m) => m.method === n))
        .map((n) => ({ variant: o.name, name: n, path: paths.method(o.name, n) })),
    );
}

/** Type pairs between two variants of different wires: the explicit ones plus those of the paired methods. */
function typePairs(v03: VariantDoc, v1: VariantDoc): [string, string][] {
  const pairs: [string, string][] = TYPE_PAIRS.map(([a, b]) => [a, b]);
  const ref = (v: VariantDoc, name: string) => {
    const method = v.spec.methods.find((m) => m.method === name);
    const params = method ? paramsSchema(v.definitions, method) : undefined;
    return { method, params: typeof params?.$ref === 'string' ? params.$ref : undefined };
  };
  for (const [a, b] of METHOD_PAIRS) {
    const left = ref(v03, a);
    const right = ref(v1, b);
    if (!left.method || !right.method) continue;
    pairs.push(
      [left.method.request, right.method.request],
      [left.method.successResponse, right.method.successResponse],
      [left.method.response, right.method.response],
    );
    if (left.params && right.params) pairs.push([left.params, right.params]);
  }
  return pairs.filter(([a, b]) => v03.definitions.has(a) && v1.definitions.has(b));
}

/**
 * A type's equivalents in the variants of the other wire: its paired types where it is in a pair,
 * otherwise the type of the same name. Sorted by variant order, then name.
 */
export function typeEquivalents(model: SiteModel, v: VariantDoc, name: string): Equivalent[] {
  const wire = wireOf(v);
  const out: Equivalent[] = [];
  for (const o of model.variants.filter((x) => wireOf(x) !== wire)) {
    const pairs = wire === 'v0.3' ? typePairs(v, o) : typePairs(o, v).map(([a, b]): [string, string] => [b, a]);
    const mine = pairs.filter(([a]) => a === name).map(([, b]) => b);
    const mentioned = pairs.some(([, b]) => b === name && !mine.includes(name));
    const names = mine.length > 0 ? [...new Set(mine)].sort() : !mentioned && o.definitions.has(name) ? [name] : [];
    for (const n of names) out.push({ variant: o.name, name: n, path: paths.type(o.name, n) });
  }
  return out;
}

/** The other wire's spelling of an enum value (`input-required` ↔ `TASK_STATE_INPUT_REQUIRED`, `user` ↔ `ROLE_USER`). */
export function otherValueNames(value: string): string[] {
  const pairs: [string, string][] = [...Object.entries(V03_TO_V1_TASK_STATE), ...Object.entries(V03_TO_V1_ROLE)];
  return pairs.flatMap(([a, b]) => (a === value ? [b] : b === value ? [a] : []));
}
