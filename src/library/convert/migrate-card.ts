/**
 * A whole agent's move from A2A v0.3 to v1.0, seen from its card: the v1.0 card (the v0.3 card
 * converted, each interface now serving protocol version 1.0), what changed field by field, and
 * what the agent must do besides publishing it (the header, content type, method and enum names
 * v1.0 uses, from schemas/wire-pairs.ts and schemas/a2a-v1/states.ts).
 */
import { rest as v03Rest } from '../../../schemas/a2a/rest.js';
import { rest as v1Rest } from '../../../schemas/a2a-v1/rest.js';
import { V03_TO_V1_ROLE, V03_TO_V1_TASK_STATE } from '../../../schemas/a2a-v1/states.js';
import { JSON_MEDIA_TYPE, METHOD_PAIRS, PROTOCOL_VERSION, VERSION_HEADER } from '../../../schemas/wire-pairs.js';
import type { VariantName } from '../../../schemas/variant-table.js';
import { validate } from '../validate.js';
import { toV1 } from './convert.js';
import type { Loss } from './conversion.js';
import { isObject, type Json } from './walk.js';

/** The protocol version the migrated card's interfaces declare. */
export const MIGRATED_PROTOCOL_VERSION = PROTOCOL_VERSION['v1.0'];

/** One change between the v0.3 card and the v1.0 one. */
export interface CardChange {
  /** JSON Pointer in the v0.3 card (`""` for the card as a whole). */
  readonly path: string;
  readonly change: string;
}

export interface CardMigration {
  /** The v1.0 card (a best effort when `valid` is false). */
  readonly card: unknown;
  /** True when `card` is a valid `variant` AgentCard. */
  readonly valid: boolean;
  /** Why it is not (paths into the v1.0 card). */
  readonly errors: readonly Loss[];
  readonly variant: VariantName;
  /** Field by field, what changed. */
  readonly changes: readonly CardChange[];
  /** What the agent must do besides serving this card. */
  readonly todo: readonly string[];
}

const has = (card: Json, key: string) => Object.hasOwn(card, key);

/** The renames every v0.3 card goes through, for the fields this card has. */
function renames(card: Json): CardChange[] {
  const changes: CardChange[] = [];
  const add = (path: string, change: string) => changes.push({ path, change });
  if (has(card, 'url')) add('/url', 'now `supportedInterfaces[0].url`');
  add(
    '/preferredTransport',
    `now \`supportedInterfaces[0].protocolBinding\`${has(card, 'preferredTransport') ? '' : ' (`JSONRPC`, the v0.3 default)'}`,
  );
  if (has(card, 'additionalInterfaces'))
    add('/additionalInterfaces', 'now the other `supportedInterfaces` (`transport` is `protocolBinding`)');
  if (has(card, 'protocolVersion'))
    add('/protocolVersion', `now per interface: \`supportedInterfaces[*].protocolVersion\`, "${MIGRATED_PROTOCOL_VERSION}"`);
  if (has(card, 'supportsAuthenticatedExtendedCard')) add('/supportsAuthenticatedExtendedCard', 'now `capabilities.extendedAgentCard`');
  if (has(card, 'security')) add('/security', 'now `securityRequirements`, each `{"schemes": {"<name>": {"list": [scopes]}}}`');
  if (isObject(card.securitySchemes))
    for (const [name, scheme] of Object.entries(card.securitySchemes)) {
      const type = isObject(scheme) ? scheme.type : undefined;
      add(
        `/securitySchemes/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`,
        `\`type: ${JSON.stringify(type)}\` is now the one-of member the scheme sits in${type === 'apiKey' ? '; `in` is `location`' : ''}`,
      );
    }
  if (Array.isArray(card.skills))
    card.skills.forEach((skill, index) => {
      if (isObject(skill) && has(skill, 'security')) add(`/skills/${index}/security`, 'now `securityRequirements`');
    });
  return changes;
}

/** The HTTP+JSON operations whose path or verb changed, paired by their JSON-RPC methods (schemas/<variant>/rest.ts). */
function restPaths(): string[] {
  const paths: string[] = [];
  for (const pair of METHOD_PAIRS) {
    const before = v03Rest.operations.find((operation) => operation.method === pair.v03);
    const after = v1Rest.operations.find((operation) => operation.method === pair.v1 && !operation.path.includes('{tenant}'));
    if (!before || !after || (before.path === after.path && before.verb === after.verb)) continue;
    paths.push(`${before.verb.toUpperCase()} ${before.path} → ${after.verb.toUpperCase()} ${after.path}`);
  }
  return paths;
}

/** What the agent must do besides serving the v1.0 card. */
function todo(card: Json): string[] {
  const list = [
    `answer with \`${VERSION_HEADER.name}: ${VERSION_HEADER.value}\` and accept requests that send it (a request without it is v0.3)`,
    `send and accept JSON bodies as \`${JSON_MEDIA_TYPE['v1.0']}\` (v0.3: \`${JSON_MEDIA_TYPE['v0.3']}\`)`,
    `take the v1.0 JSON-RPC method names: ${METHOD_PAIRS.map((pair) => `${pair.v03} → ${pair.v1}`).join(', ')}; ListTasks is new`,
    `write enum values by their v1.0 names: roles ${Object.entries(V03_TO_V1_ROLE)
      .map(([v03, v1]) => `${v03} → ${v1}`)
      .join(', ')}; states ${Object.entries(V03_TO_V1_TASK_STATE)
      .map(([v03, v1]) => `${v03} → ${v1}`)
      .join(', ')}`,
    'write parts without `kind` (`{"text"}`, `{"raw"|"url", "filename", "mediaType"}`, `{"data"}`), results and stream events in their one-of wrappers (`{"task"}`, `{"message"}`, `{"statusUpdate"}`, `{"artifactUpdate"}`), and no `final` (a v1.0 stream ends by closing)',
    'write every timestamp in UTC with `Z` (v1.0 §5.6.1)',
  ];
  const capabilities = isObject(card.capabilities) ? card.capabilities : {};
  if (card.supportsAuthenticatedExtendedCard === true)
    list.push('serve the extended card as `GetExtendedAgentCard` (v0.3: `agent/getAuthenticatedExtendedCard`)');
  if (capabilities.pushNotifications === true)
    list.push(
      'take push notification configurations flat (`{"taskId", "url", "token", "authentication": {"scheme"}}`) and post each notification as a StreamResponse',
    );
  if (capabilities.streaming === true) list.push('stream `SendStreamingMessage` and `SubscribeToTask` answers as StreamResponse events');
  const bindings = [card.preferredTransport, ...(Array.isArray(card.additionalInterfaces) ? card.additionalInterfaces : [])].map((entry) =>
    isObject(entry) ? entry.transport : entry,
  );
  if (bindings.includes('HTTP+JSON')) list.push(`serve HTTP+JSON at the v1.0 paths: ${restPaths().join(', ')}`);
  if (has(card, 'signatures')) list.push('sign the v1.0 card again: the v0.3 signatures do not cover it');
  list.push(
    `to keep v0.3 clients, keep serving v0.3 too and list each such interface a second time in \`supportedInterfaces\` with its v0.3 \`protocolVersion\``,
  );
  return list;
}

/**
 * Migrates a v0.3 agent card (of the `a2a` or `bindu` variant) to v1.0. The card is not checked
 * here (the command checks it first); what cannot be carried is in `changes`.
 */
export function migrateCard(card: unknown, options?: { readonly variant?: VariantName }): CardMigration {
  const converted = toV1('AgentCard', card, { variant: options?.variant ?? 'a2a-v1' });
  const v1 = converted.value;
  if (isObject(v1) && Array.isArray(v1.supportedInterfaces)) {
    for (const entry of v1.supportedInterfaces) if (isObject(entry)) entry.protocolVersion = MIGRATED_PROTOCOL_VERSION;
  }
  const checked = validate('AgentCard', v1, { variant: converted.variant });
  const errors =
    v1 === undefined
      ? converted.errors
      : checked.errors.map((error) => ({ path: error.path, message: `${error.message} (${error.keyword})` }));
  const object = isObject(card) ? card : {};
  const changes = [
    ...renames(object),
    ...converted.losses
      .filter((loss) => !loss.message.startsWith('no `preferredTransport`'))
      .map((loss) => ({ path: loss.path, change: loss.message })),
  ];
  return { card: v1, valid: errors.length === 0, errors, variant: converted.variant, changes, todo: todo(object) };
}
