/**
 * The proxy: an HTTP server whose byte relay (./relay.ts) forwards every request to TARGET_URL and every
 * answer back as it arrives, while the validating tap (./tap.ts) judges the copies the relay hands it. The
 * relay never waits for the tap; the tap never writes to a socket. At start the agent card is fetched once
 * (the well-known paths of src/live/agent-card.ts) to choose the variant before the first request.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basePath } from './card-rewrite.js';
import { parsePayload, type Verdict } from './check.js';
import type { ExchangeReport } from './exchange.js';
import { Recorder } from './record.js';
import { mediaType, Relay } from './relay.js';
import { Tap } from './tap.js';
import { requestedChoice, type Choice } from './variant.js';
import { AGENT_CARD_PATHS } from '../../live/agent-card.js';
import type { RunningGrpcRelay } from './grpc-relay.js';
import type { SpecRevision } from '../../../schemas/spec-revisions.js';

export interface ProxyOptions {
  /** The agent's base URL (http or https). */
  readonly target: string;
  readonly host?: string;
  /** 0 (the default): a free port. */
  readonly port?: number;
  /** The variant to validate with; without it the agent card decides (see ./variant.ts). */
  readonly variant?: string;
  readonly strict?: boolean;
  /**
   * The revision of A2A v1.0 whose §5.4 table HTTP+JSON and gRPC error statuses are judged by
   * (schemas/error-table.ts); default: the variant's (schemas/variant-table.ts `specRevisionOf`).
   */
  readonly specRevision?: SpecRevision;
  /** NDJSON file every JSON-RPC payload is appended to. */
  readonly record?: string;
  /** The largest body (or stream event) validated, in bytes (default 16 MiB). */
  readonly maxBytes?: number;
  /** How long the agent may stay silent before its answer, or in the middle of a plain one (default 30 s). */
  readonly timeoutMs?: number;
  /** How long the card fetched at start may take (default 5 s). */
  readonly cardTimeoutMs?: number;
  /** Also relay gRPC (A2A v1.0 §10) on this address to the GRPC interface the agent card names (./grpc-relay.ts). */
  readonly grpcListen?: { readonly host: string; readonly port: number };
  /** Called once per exchange, when it ends. */
  readonly onExchange?: (report: ExchangeReport) => void;
  /** Called with what the proxy says once: the variant chosen, the card rewritten, the agent unreachable, … */
  readonly onNote?: (text: string) => void;
}

export const PROXY_DEFAULTS = { maxBytes: 16 * 1024 * 1024, timeoutMs: 30_000, cardTimeoutMs: 5_000 } as const;

export class ProxyError extends Error {
  constructor(
    readonly kind: 'usage' | 'listen',
    message: string,
  ) {
    super(message);
    this.name = 'ProxyError';
  }
}

export interface RunningProxy {
  /** The proxy's base URL: http://HOST:PORT (+ nothing: the proxy's root is TARGET_URL). */
  readonly url: string;
  /** The gRPC side's host:port (--grpc-listen), and the agent's it relays to. */
  readonly grpc?: { readonly address: string; readonly target: string };
  readonly target: string;
  /** The variant in use, once known. */
  readonly choice: Choice | undefined;
  readonly summary: { exchanges: number; invalid: number; notValidated: number };
  /** Stops listening, cuts the connections still open, closes the record file. */
  close(): Promise<void>;
}

/** Parses TARGET_URL; a ProxyError (usage) when it is not an http or https URL. */
export function parseTarget(target: string): URL {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new ProxyError('usage', `TARGET_URL "${target}" is not a URL (expected http://HOST:PORT/… or https://…)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ProxyError('usage', `TARGET_URL "${target}" is not http or https`);
  if (url.username || url.password) throw new ProxyError('usage', 'TARGET_URL must not carry a user name or password');
  url.search = '';
  url.hash = '';
  return url;
}

/** Fetches the card once at start, to choose the variant before the first request (and learn its GRPC interface). */
async function fetchCard(tap: Tap, relay: Relay, timeoutMs: number, say: (text: string) => void, choose = true): Promise<void> {
  const { target } = relay;
  for (const path of AGENT_CARD_PATHS) {
    const url = `${target.origin}${relay.base}${path}`;
    let text: string;
    try {
      const signal = AbortSignal.timeout(timeoutMs);
      const response = await fetch(url, { headers: { accept: 'application/json' }, signal, redirect: 'manual' });
      if (response.status < 200 || response.status > 299 || Number(response.headers.get('content-length')) > relay.maxBytes) {
        await response.body?.cancel().catch(() => undefined);
        continue;
      }
      text = await response.text();
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      const reason = code === 'TimeoutError' ? 'no answer in time' : code;
      say(
        `the agent at ${target.href} cannot be reached now (${reason}); the proxy forwards to it when it answers, ` +
          'and chooses the variant from the first agent card or request that passes',
      );
      return;
    }
    const parsed = parsePayload(text);
    if (parsed.ok) {
      tap.learnCard(parsed.value, `at ${url}`);
      if (tap.choice && tap.grpcEndpoint !== undefined) return;
      if (tap.choice && choose) return;
    }
  }
  if (!tap.choice) {
    say(`no agent card at ${target.href} tells the wire; the variant will be chosen from the first agent card or request that passes`);
  }
}

function listenError(error: NodeJS.ErrnoException, where: string): ProxyError {
  const why =
    error.code === 'EADDRINUSE' ? 'the port is in use' : error.code === 'EACCES' ? 'permission denied' : (error.code ?? error.message);
  return new ProxyError('listen', `cannot listen on ${where}: ${why}`);
}

/** Starts the proxy: listens, fetches the card once (to choose the variant), then serves. */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const target = parseTarget(options.target);
  const say = (text: string): void => options.onNote?.(text);
  let choice: Choice | undefined;
  if (options.variant !== undefined) {
    choice = requestedChoice(options.variant);
    if (!choice) throw new ProxyError('usage', `unknown variant "${options.variant}"`);
  }
  let recorder: Recorder | undefined;
  try {
    recorder = options.record !== undefined ? new Recorder(options.record, say) : undefined;
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new ProxyError('usage', `cannot record to "${options.record}": ${why}`);
  }
  const maxBytes = options.maxBytes ?? PROXY_DEFAULTS.maxBytes;
  const relay = new Relay(target, options.timeoutMs ?? PROXY_DEFAULTS.timeoutMs, maxBytes, say);
  const { specRevision } = options;
  const tapOptions = {
    choice,
    recorder,
    batched: true,
    strict: options.strict === true,
    specRevision,
    maxBytes,
    say,
    onExchange: options.onExchange,
  };
  const tap = new Tap(target, basePath(target), tapOptions);
  const closeAll = () => {
    relay.closeAll();
    tap.close();
  };
  const server: Server = createServer({ noDelay: true, keepAlive: true }, (req, res) => {
    relay.forward(req, res, tap.open(req.method ?? 'GET', req.url ?? '/', mediaType(req.headers['content-type'])));
  });
  server.on('connection', (socket) => relay.track(socket));
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      closeAll();
      reject(listenError(error, `${host}:${options.port ?? 0}`));
    });
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  relay.proxyUrl = new URL(`http://${shown}:${address.port}`);
  const cardTimeoutMs = options.cardTimeoutMs ?? PROXY_DEFAULTS.cardTimeoutMs;
  if (!tap.choice || options.grpcListen) await fetchCard(tap, relay, cardTimeoutMs, tap.choice ? () => undefined : say, !tap.choice);
  if (options.variant !== undefined) say(tap.choice!.reason);
  let grpc: RunningGrpcRelay | undefined;
  let grpcTargetText: string | undefined;
  if (options.grpcListen) {
    // gRPC's modules (@grpc/grpc-js, protobufjs) are loaded only for --grpc-listen: they were 15 MB of an idle proxy's 70 MB.
    const [{ grpcTarget }, { startGrpcRelay }] = await Promise.all([import('../../live/grpc-client.js'), import('./grpc-relay.js')]);
    const where = `${options.grpcListen.host}:${options.grpcListen.port}`;
    const named = tap.grpcEndpoint;
    const target = named !== undefined ? grpcTarget(named) : undefined;
    if (!target || 'why' in target) {
      server.close();
      closeAll();
      throw new ProxyError(
        'usage',
        target === undefined
          ? `--grpc-listen: no agent card at ${relay.target.href} names a GRPC interface to relay to`
          : `--grpc-listen: the agent card's GRPC interface ${target.why}`,
      );
    }
    let seq = 1_000_000;
    try {
      grpc = await startGrpcRelay({
        ...options.grpcListen,
        target,
        variant: () => tap.choice?.validator ?? 'a2a-v1',
        strict: options.strict === true,
        specRevision,
        recorder,
        nextSeq: () => ++seq,
        onExchange: (report) => tap.count(report),
        settle: () => tap.drain(),
      });
    } catch (error) {
      server.close();
      closeAll();
      throw new ProxyError('listen', `cannot listen for gRPC on ${where}: ${(error as Error).message}`);
    }
    grpcTargetText = target.target;
    relay.grpcAddress = grpc.address;
    say(`gRPC: ${grpc.address} relays to the agent's GRPC interface ${named}`);
  }
  return {
    url: relay.proxyUrl.origin,
    target: target.href,
    ...(grpc ? { grpc: { address: grpc.address, target: grpcTargetText! } } : {}),
    get choice() {
      return tap.choice;
    },
    summary: tap.summary,
    close: () =>
      Promise.all([
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          closeAll();
        }),
        grpc?.close(),
      ]).then(() => undefined),
  };
}

export type { Verdict };
