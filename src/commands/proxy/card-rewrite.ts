/**
 * The one change the proxy makes to the traffic: the agent card it passes on names the proxy
 * instead of the agent in its endpoint URLs (v0.3 `url` and `additionalInterfaces[].url`, v1.0
 * `supportedInterfaces[].url`), so a client that discovers the agent from the card keeps talking
 * through the proxy. Every other field is passed on as the agent sent it.
 */
import { isObject } from '../../engine/json-value.js';
import { AGENT_CARD_PATHS, cardWire } from '../../live/agent-card.js';

/** True when a request path (with its query) asks for an agent card. */
export function isCardPath(path: string): boolean {
  const bare = path.split('?')[0]!;
  return AGENT_CARD_PATHS.some((card) => bare.endsWith(card));
}

/**
 * True when a JSON value is an agent card of either wire, wherever it was served: an object with a `name`,
 * the form of a v0.3 or v1.0 card (src/live/agent-card.ts `cardWire`) and its `skills` or `capabilities`.
 */
export function isAgentCard(value: unknown): boolean {
  return (
    isObject(value) &&
    typeof value.name === 'string' &&
    cardWire(value) !== undefined &&
    (Array.isArray(value.skills) || isObject(value.capabilities))
  );
}

export interface Rewrite {
  /** Where in the card (a JSON Pointer). */
  readonly path: string;
  readonly from: string;
  readonly to: string;
  /** Set when the URL was not under TARGET_URL, so the proxy's mapping of it is a guess. */
  readonly outside?: true;
}

type Json = Record<string, unknown>;

/** The target's path prefix without a trailing slash ('' for the root). */
export function basePath(target: URL): string {
  return target.pathname.replace(/\/+$/, '');
}

/**
 * The URL under the proxy that reaches `url` on the agent: the proxy forwards its path P to
 * TARGET_URL's path + P, so a URL under TARGET_URL keeps what follows TARGET_URL's path. A URL
 * elsewhere keeps its whole path (marked `outside`: the proxy can reach it only if the agent serves
 * that path too).
 */
export function proxiedUrl(url: string, target: URL, proxy: URL): { url: string; outside: boolean } | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url, target);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  const base = basePath(target);
  const under = parsed.origin === target.origin && (base === '' || parsed.pathname === base || parsed.pathname.startsWith(`${base}/`));
  const rest = under ? parsed.pathname.slice(base.length) || '/' : parsed.pathname;
  return { url: `${proxy.origin}${rest}${parsed.search}${parsed.hash}`, outside: !under };
}

/**
 * A copy of `card` whose endpoint URLs name the proxy, and the list of what changed (empty when
 * the card names no endpoint the proxy can stand in for). A GRPC interface names `grpc`, the proxy's
 * gRPC side (host:port), when there is one. The input is not modified.
 */
export function rewriteCard(card: unknown, target: URL, proxy: URL, grpc?: string): { card: unknown; rewrites: Rewrite[] } {
  if (!isObject(card)) return { card, rewrites: [] };
  const rewrites: Rewrite[] = [];
  const swap = (value: unknown, path: string): unknown => {
    if (typeof value !== 'string') return value;
    const mapped = proxiedUrl(value, target, proxy);
    if (!mapped || mapped.url === value) return value;
    rewrites.push({ path, from: value, to: mapped.url, ...(mapped.outside ? { outside: true as const } : {}) });
    return mapped.url;
  };
  const out: Json = { ...card };
  if ('url' in out) out.url = swap(out.url, '/url');
  for (const list of ['additionalInterfaces', 'supportedInterfaces'] as const) {
    const entries = out[list];
    if (!Array.isArray(entries)) continue;
    out[list] = entries.map((entry, index) => {
      if (!isObject(entry) || !('url' in entry)) return entry;
      const path = `/${list}/${index}/url`;
      // A v1.0 GRPC interface (host:port) names the proxy's gRPC side when it runs (--grpc-listen), else stays as it is.
      if (list === 'supportedInterfaces' && String(entry.protocolBinding ?? '').toUpperCase() === 'GRPC') {
        if (grpc === undefined || typeof entry.url !== 'string' || entry.url === grpc) return entry;
        rewrites.push({ path, from: entry.url, to: grpc });
        return { ...entry, url: grpc };
      }
      return { ...entry, url: swap(entry.url, path) };
    });
  }
  return { card: out, rewrites };
}
