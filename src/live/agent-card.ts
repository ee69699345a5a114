/**
 * Which wire an agent speaks, read from its agent card, and which variant checks it.
 *
 * One place for the rule that check-server and the proxy share (DESIGN: "the agent card decides
 * the wire (v0.3 or v1.0) and, without --variant, the variant"):
 *
 *   - a card with `supportedInterfaces` (an array) is an A2A v1.0 card: variant `a2a-v1`, or
 *     `aion` when its capabilities declare an aion context extension URI;
 *   - a card with `url` or `protocolVersion` and no `supportedInterfaces` is an A2A v0.3 card:
 *     variant `a2a`, and `bindu` only when it carries what only a Bindu card has (`agentTrust`,
 *     `kind` agent/team/workflow, a Bindu extension URI): bindu's requests differ from plain A2A's
 *     (tasks/get by `taskId`), so a plain agent is never checked as bindu by default (DESIGN 12);
 *   - anything else cannot be told; the caller reports it.
 *
 * This module loads no schema and no validator: it reads plain JSON.
 */

import { WIRE_OF_VARIANT, type Wire } from '../../schemas/variant-table.js';
import { isObject } from '../engine/json-value.js';

export { WIRE_OF_VARIANT, type Wire };

/** The binding names as v1.0 cards write them (`protocolBinding`) and v0.3 cards (`preferredTransport`, `transport`). */
export type Binding = 'JSONRPC' | 'HTTP+JSON' | 'GRPC';

/** The well-known paths of an agent card, from the agent's base: A2A v0.3.0 and v1.0's, then the older v0.2 name. */
export const AGENT_CARD_PATHS: readonly string[] = ['/.well-known/agent-card.json', '/.well-known/agent.json'];

/** The extension URIs that make a v1.0 card an aion card (the SDK's and seed 004's spellings). */
export const AION_EXTENSION_URIS: readonly string[] = [
  'https://docs.aion.to/a2a/extensions/aion/context/get-context/1.0.0',
  'https://docs.aion.to/a2a/extensions/aion/context/get-contexts/1.0.0',
  'https://docs.aion.to/extensions/aion/context/get-context/1.0.0',
  'https://docs.aion.to/extensions/aion/context/get-contexts/1.0.0',
];

export interface WireChoice {
  readonly wire: Wire;
  /** The variant chosen (the one asked for, or the card's). */
  readonly variant: string;
  /** One sentence saying why, for the first line of a report. */
  readonly reason: string;
}

export interface Endpoint {
  readonly url: string;
  readonly binding: Binding | string;
  /** The protocol version the card gives for this interface, when it gives one. */
  readonly protocolVersion?: string;
  /** v1.0 `tenant`, when the interface names one. */
  readonly tenant?: string;
}

/** The wire a card is written for, or undefined when the card shows neither form. */
export function cardWire(card: unknown): Wire | undefined {
  if (!isObject(card)) return undefined;
  if (Array.isArray(card.supportedInterfaces)) return 'v1.0';
  if (typeof card.url === 'string' || typeof card.protocolVersion === 'string') return 'v0.3';
  return undefined;
}

/** The extension URIs a card declares under `capabilities.extensions[].uri`. */
export function declaredExtensions(card: unknown): string[] {
  if (!isObject(card) || !isObject(card.capabilities) || !Array.isArray(card.capabilities.extensions)) return [];
  return card.capabilities.extensions.flatMap((extension) =>
    isObject(extension) && typeof extension.uri === 'string' ? [extension.uri] : [],
  );
}

/** Kinds of a Bindu card (`kind`); plain A2A cards have no `kind`. */
const BINDU_KINDS: readonly string[] = ['agent', 'team', 'workflow'];

/** True for an extension URI of Bindu's own (its namespace is getbindu.com). */
export function isBinduExtension(uri: string): boolean {
  try {
    const host = new URL(uri).hostname;
    return host === 'getbindu.com' || host.endsWith('.getbindu.com');
  } catch {
    return false;
  }
}

/**
 * What makes a v0.3 card a Bindu card, as the reason names it (`agentTrust`, `kind "team"`, an
 * extension URI), or undefined for a plain A2A card.
 */
export function binduMarker(card: unknown): string | undefined {
  if (!isObject(card)) return undefined;
  if ('agentTrust' in card) return 'the field agentTrust';
  if (typeof card.kind === 'string' && BINDU_KINDS.includes(card.kind)) return `the field kind ${JSON.stringify(card.kind)}`;
  const uri = declaredExtensions(card).find(isBinduExtension);
  return uri === undefined ? undefined : `the Bindu extension ${uri}`;
}

/**
 * Chooses the wire and variant. With `requested`, the variant is the one asked for and its wire
 * wins; a card of the other wire is named in the reason so the report can warn about it.
 */
export function chooseVariant(card: unknown, requested?: string): WireChoice | undefined {
  const seen = cardWire(card);
  if (requested !== undefined) {
    const wire = WIRE_OF_VARIANT[requested];
    if (wire === undefined) return undefined;
    const note = seen === undefined || seen === wire ? '' : `, although the agent card looks like an A2A ${seen} card`;
    return { wire, variant: requested, reason: `variant ${requested} (--variant), A2A ${wire} wire${note}` };
  }
  if (seen === 'v1.0') {
    const aion = declaredExtensions(card).find((uri) => AION_EXTENSION_URIS.includes(uri));
    const v1 = 'the agent card has supportedInterfaces (A2A v1.0) and declares';
    return aion !== undefined
      ? { wire: seen, variant: 'aion', reason: `variant aion: ${v1} the aion context extension ${aion}` }
      : { wire: seen, variant: 'a2a-v1', reason: `variant a2a-v1: ${v1} no aion extension` };
  }
  if (seen === 'v0.3') {
    const v03 = 'the agent card has url/protocolVersion and no supportedInterfaces (A2A v0.3)';
    const marker = binduMarker(card);
    return marker !== undefined
      ? { wire: seen, variant: 'bindu', reason: `variant bindu: ${v03} and ${marker}, which only a Bindu card has` }
      : {
          wire: seen,
          variant: 'a2a',
          reason: `variant a2a: ${v03} and nothing only a Bindu card has (agentTrust, kind, a Bindu extension)`,
        };
  }
  return undefined;
}

/**
 * The endpoints a card names, in the card's order of preference: v1.0 `supportedInterfaces` as
 * listed; v0.3 the main `url` (with `preferredTransport`, JSONRPC when absent) and then
 * `additionalInterfaces`. Entries that are not objects with a string `url` are left out.
 */
export function endpoints(card: unknown): Endpoint[] {
  if (!isObject(card)) return [];
  const out: Endpoint[] = [];
  const push = (url: unknown, binding: unknown, protocolVersion?: unknown, tenant?: unknown): void => {
    if (typeof url !== 'string') return;
    out.push({
      url,
      binding: typeof binding === 'string' ? binding : 'JSONRPC',
      ...(typeof protocolVersion === 'string' ? { protocolVersion } : {}),
      ...(typeof tenant === 'string' && tenant !== '' ? { tenant } : {}),
    });
  };
  if (Array.isArray(card.supportedInterfaces)) {
    for (const entry of card.supportedInterfaces) {
      if (isObject(entry)) push(entry.url, entry.protocolBinding, entry.protocolVersion, entry.tenant);
    }
    return out;
  }
  push(card.url, card.preferredTransport, card.protocolVersion);
  if (Array.isArray(card.additionalInterfaces)) {
    for (const entry of card.additionalInterfaces) {
      if (isObject(entry) && !out.some((known) => known.url === entry.url && known.binding === entry.transport)) {
        push(entry.url, entry.transport, card.protocolVersion);
      }
    }
  }
  return out;
}

/** The first endpoint of a binding (JSONRPC by default), or undefined. */
export function endpointFor(card: unknown, binding: Binding = 'JSONRPC'): Endpoint | undefined {
  return endpoints(card).find((endpoint) => endpoint.binding.toUpperCase() === binding);
}
