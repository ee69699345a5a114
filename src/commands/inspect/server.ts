/**
 * The inspector's HTTP server, on loopback by default: the page (built by scripts/bundle-inspect-app.ts into
 * dist/inspect/, served from there and nowhere else: no CDN, nothing fetched at run time) and the API it calls.
 *
 *   GET  /api/state         the agent: its card, the card's verdict, the variant and why, the bindings, schemes
 *   POST /api/connect       {url}: inspect this agent (fetch its card) instead
 *   GET  /api/events        Server-Sent Events: each exchange as it happens (start, each payload, end with its
 *                           verdict), those before the page opened first
 *   POST /api/call          {action, binding, message?, taskId?, blocking?, auth?} → {id}; the exchange follows on /api/events
 *   POST /api/stop          {id}: closes a stream or subscription under way
 *   POST /api/token         {tokenUrl, clientId, clientSecret, scope?}: an OAuth2 client-credentials token, fetched here
 *                           (a page cannot, across origins) and handed back, never kept
 *   POST /api/check-server  {transport?, only?, auth?} → {report, junit}: check-server against the agent
 *   GET  /api/record        the NDJSON record of this session (what `validate --ndjson` reads)
 *   POST /api/open-record   an NDJSON record (the body) → each line with its verdict, as `validate --ndjson` gives it
 *
 * What cannot be done (no agent yet, a task id missing, a token endpoint that refuses) is answered 200 with
 * `{error}`, which the page shows. A request from another origin (a page elsewhere in the browser) is refused
 * (403): a POST must come from the inspector's own page (its Origin); and unless it listens on a wildcard
 * address, the Host must be the address it listens on or localhost (421), so a name made to resolve to
 * 127.0.0.1 (DNS rebinding) reaches nothing.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isObject } from '../../engine/json-value.js';
import { AgentSession, SessionError, type CallAuth, type CallRequest, type ExchangeEvent } from './agent-session.js';

export interface InspectorOptions {
  /** The agent to inspect first (the page can name another). */
  readonly target?: string;
  readonly host?: string;
  readonly port?: number;
  readonly variant?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Where the built page is (dist/inspect/). */
  readonly appDir: string;
  readonly timeoutMs?: number;
  readonly maxBytes?: number;
  /** What the inspector says once (the variant chosen, the card unreadable): never a credential. */
  readonly onNote?: (text: string) => void;
}

export interface RunningInspector {
  readonly url: string;
  close(): Promise<void>;
}

export class InspectorError extends Error {}

/** The page's files: name → media type. Nothing else is served from the app directory. */
const APP_FILES: Readonly<Record<string, string>> = {
  'index.html': 'text/html; charset=utf-8',
  'app.js': 'text/javascript; charset=utf-8',
  'app.css': 'text/css; charset=utf-8',
};

/** How many exchange events are kept for a page that opens later (the oldest go first). */
const HISTORY = 5000;
/** The largest request body the API takes (an NDJSON record to open included). */
const MAX_BODY = 32 * 1024 * 1024;

function send(res: ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new SessionError(`the request body is over ${MAX_BODY} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readBody(req);
  let value: unknown;
  try {
    value = JSON.parse(text || '{}');
  } catch {
    throw new SessionError('the request body is not JSON');
  }
  if (!isObject(value)) throw new SessionError('the request body is not a JSON object');
  return value;
}

/** Headers and query parameters of the page's credentials, each a string (anything else is dropped). */
function authOf(value: unknown): CallAuth | undefined {
  if (!isObject(value)) return undefined;
  const strings = (entry: unknown): Record<string, string> =>
    isObject(entry)
      ? Object.fromEntries(Object.entries(entry).filter((pair): pair is [string, string] => typeof pair[1] === 'string'))
      : {};
  for (const [name, text] of Object.entries(strings(value.headers)))
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) || /[\r\n\0]/.test(text)) throw new SessionError(`header "${name}" cannot be sent`);
  return { headers: strings(value.headers), query: strings(value.query) };
}

export async function startInspector(options: InspectorOptions): Promise<RunningInspector> {
  const say = (text: string): void => options.onNote?.(text);
  for (const file of Object.keys(APP_FILES)) {
    try {
      statSync(join(options.appDir, file));
    } catch {
      throw new InspectorError(`the inspector's page is not built (${join(options.appDir, file)} is missing): run npm run build`);
    }
  }
  const recordDir = mkdtempSync(join(tmpdir(), 'bindu-inspect-'));
  const history: ExchangeEvent[] = [];
  const pages = new Set<ServerResponse>();
  const notes: string[] = [];
  let session: AgentSession | undefined;
  let cardFault: string | undefined;
  let sessions = 0;

  /** To every page still open (a call aborted by `close` reports its end after the pages were ended). */
  const toPages = (text: string): void => {
    for (const page of pages) if (!page.writableEnded) page.write(text);
  };
  const emit = (event: ExchangeEvent): void => {
    history.push(event);
    if (history.length > HISTORY) history.splice(0, history.length - HISTORY);
    toPages(`data: ${JSON.stringify(event)}\n\n`);
  };
  const note = (text: string): void => {
    notes.push(text);
    if (notes.length > 50) notes.shift();
    say(text);
    toPages(`event: note\ndata: ${JSON.stringify(text)}\n\n`);
  };

  /** Inspects `target` from now on: a new session (and record), its card fetched. */
  const connect = async (target: string, auth?: CallAuth): Promise<void> => {
    const next = new AgentSession({
      target,
      ...(options.variant !== undefined ? { variant: options.variant } : {}),
      ...(options.headers ? { headers: options.headers } : {}),
      record: join(recordDir, `record-${++sessions}.ndjson`),
      timeoutMs: options.timeoutMs ?? 30_000,
      maxBytes: options.maxBytes ?? 16 * 1024 * 1024,
      onEvent: emit,
      onNote: note,
    });
    session?.close();
    session = next;
    cardFault = undefined;
    try {
      await next.fetchCard(auth);
    } catch (error) {
      if (!(error instanceof SessionError)) throw error;
      cardFault = error.message;
      note(error.message);
    }
  };

  const state = () => {
    const choice = session?.choice;
    return {
      target: session?.target.href,
      cardUrl: session?.cardUrl,
      card: session?.card,
      cardReport: session?.cardReport,
      cardFault,
      variant: choice ? { variant: choice.variant, validator: choice.validator, wire: choice.wire, reason: choice.reason } : undefined,
      bindings: session?.bindings() ?? [],
      notes,
      recordLines: session?.recorder.lines ?? 0,
    };
  };

  const need = (): AgentSession => {
    if (!session) throw new SessionError('no agent yet: name its URL first');
    return session;
  };

  let origin = '';
  /** The Host names the page may be reached by (a name that resolves elsewhere cannot drive it); any, on a wildcard address. */
  let hosts: ReadonlySet<string> | undefined;
  const api = async (req: IncomingMessage, res: ServerResponse, path: string): Promise<void> => {
    if (req.method === 'GET' && path === '/api/state') return send(res, 200, state());
    if (req.method === 'GET' && path === '/api/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
      res.write(': bindu-protocol inspect\n\n');
      for (const event of history) res.write(`data: ${JSON.stringify(event)}\n\n`);
      pages.add(res);
      res.on('close', () => pages.delete(res));
      return;
    }
    if (req.method === 'GET' && path === '/api/record') {
      const file = need().recorder.file;
      res.writeHead(200, {
        'content-type': 'application/x-ndjson',
        'content-disposition': 'attachment; filename="bindu-inspect-record.ndjson"',
        'cache-control': 'no-store',
      });
      res.end(readFileSync(file));
      return;
    }
    if (req.method !== 'POST') return send(res, 405, { error: `${req.method} ${path} is not an operation of the inspector` });
    if (req.headers.origin !== undefined && req.headers.origin !== `http://${req.headers.host}`)
      return send(res, 403, { error: 'the inspector answers its own page only' });
    if (path === '/api/open-record') return send(res, 200, await openRecord(await readBody(req), session?.choice?.validator, recordDir));
    const body = await readJson(req);
    switch (path) {
      case '/api/connect': {
        if (typeof body.url !== 'string' || body.url.trim() === '') throw new SessionError('connect needs the agent URL');
        await connect(body.url.trim(), authOf(body.auth));
        return send(res, 200, state());
      }
      case '/api/call': {
        const id = need().call({
          action: body.action,
          binding: body.binding,
          ...(isObject(body.message) ? { message: body.message } : {}),
          ...(typeof body.taskId === 'string' ? { taskId: body.taskId } : {}),
          ...(typeof body.blocking === 'boolean' ? { blocking: body.blocking } : {}),
          auth: authOf(body.auth),
        } as CallRequest);
        return send(res, 200, { id });
      }
      case '/api/stop':
        return send(res, 200, { stopped: need().stop(Number(body.id)) });
      case '/api/token':
        return send(res, 200, await clientCredentials(body));
      case '/api/check-server':
        return send(res, 200, await runCheckServer(need(), body, options));
      default:
        return send(res, 404, { error: `no operation ${path}` });
    }
  };

  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (hosts !== undefined && !hosts.has(req.headers.host ?? '')) {
      send(res, 421, { error: `the inspector answers at ${origin} only` });
      return;
    }
    if (path.startsWith('/api/')) {
      api(req, res, path).catch((error: unknown) => {
        if (res.headersSent) return res.end();
        // What the person asked for cannot be done (no agent yet, a bad token endpoint, …): said on the page. A 200, since
        // the browser logs every 4xx answer to a fetch as a console error, and this is no fault of the page.
        if (error instanceof SessionError) send(res, 200, { error: error.message });
        else send(res, 500, { error: `internal error: ${error instanceof Error ? error.message : String(error)}` });
      });
      return;
    }
    const name = path === '/' ? 'index.html' : path.slice(1);
    const type = req.method === 'GET' ? APP_FILES[name] : undefined;
    if (type === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('not found\n');
      return;
    }
    res.writeHead(200, {
      'content-type': type,
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'self'; img-src 'self' data:; style-src 'self'; object-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
    });
    res.end(readFileSync(join(options.appDir, name)));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      rmSync(recordDir, { recursive: true, force: true });
      const why =
        error.code === 'EADDRINUSE'
          ? 'the port is in use'
          : error.code === 'EACCES'
            ? 'permission denied'
            : error.code === 'EADDRNOTAVAIL'
              ? 'no such address on this machine'
              : (error.code ?? error.message);
      reject(new InspectorError(`cannot listen on ${host}:${options.port ?? 0}: ${why}`));
    });
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  origin = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  hosts = wildcard ? undefined : new Set([new URL(origin).host, `localhost:${address.port}`]);
  if (options.target !== undefined) {
    try {
      await connect(options.target);
    } catch (error) {
      server.close();
      rmSync(recordDir, { recursive: true, force: true });
      throw error instanceof SessionError ? new InspectorError(error.message) : error;
    }
  }
  return {
    url: origin,
    close: () =>
      new Promise<void>((resolve) => {
        session?.close();
        // A call the session aborted still reports its end after this: the pages are gone by then.
        for (const page of pages) page.end();
        pages.clear();
        server.closeAllConnections();
        server.close(() => {
          rmSync(recordDir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}

/** OAuth2 client credentials (RFC 6749 §4.4): the token endpoint's answer, or its error, in words. */
async function clientCredentials(body: Record<string, unknown>): Promise<{ accessToken: string; tokenType: string; expiresIn?: number }> {
  const { tokenUrl, clientId, clientSecret, scope } = body;
  if (typeof tokenUrl !== 'string' || typeof clientId !== 'string' || typeof clientSecret !== 'string')
    throw new SessionError('a client-credentials token needs tokenUrl, clientId and clientSecret');
  let url: URL;
  try {
    url = new URL(tokenUrl);
  } catch {
    throw new SessionError(`the token URL "${tokenUrl}" is not a URL`);
  }
  const form = new URLSearchParams({ grant_type: 'client_credentials', ...(typeof scope === 'string' && scope !== '' ? { scope } : {}) });
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`,
      },
      body: form.toString(),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new SessionError(
      `the token endpoint ${url.host} cannot be reached (${(error as { cause?: { code?: string } }).cause?.code ?? 'no answer'})`,
    );
  }
  let answer: unknown;
  try {
    answer = await response.json();
  } catch {
    throw new SessionError(`the token endpoint answered HTTP ${response.status} without JSON`);
  }
  if (!response.ok || !isObject(answer) || typeof answer.access_token !== 'string') {
    const why = isObject(answer) && typeof answer.error === 'string' ? `: ${answer.error}` : '';
    throw new SessionError(`the token endpoint answered HTTP ${response.status} with no access_token${why}`);
  }
  return {
    accessToken: answer.access_token,
    tokenType: typeof answer.token_type === 'string' ? answer.token_type : 'Bearer',
    ...(typeof answer.expires_in === 'number' ? { expiresIn: answer.expires_in } : {}),
  };
}

/** check-server against the session's agent, with the page's credentials (hidden from the report as --header-env hides them). */
async function runCheckServer(session: AgentSession, body: Record<string, unknown>, options: InspectorOptions) {
  const { checkServer, checkServerJUnit, CheckServerError } = await import('../check-server/index.js');
  const auth = authOf(body.auth);
  const secrets = [...Object.values(auth?.headers ?? {}), ...Object.values(auth?.query ?? {})].flatMap((value) => {
    const token = value.replace(/^\S+\s+/, '');
    return token !== value && token.length >= 4 ? [value, token] : [value];
  });
  const only = Array.isArray(body.only) ? body.only.filter((group): group is string => typeof group === 'string') : [];
  const transport = body.transport === 'http-json' || body.transport === 'all' ? body.transport : 'jsonrpc';
  try {
    const report = await checkServer(session.target.href, {
      ...(options.variant !== undefined ? { variant: options.variant } : {}),
      headers: { ...options.headers, ...auth?.headers },
      secrets,
      transport,
      ...(only.length > 0 ? { only } : {}),
    });
    return { report, junit: checkServerJUnit(report) };
  } catch (error) {
    if (error instanceof CheckServerError) throw new SessionError(`check-server: ${error.message}`);
    throw error;
  }
}

/** An NDJSON record judged as `validate --ndjson --json` judges it: each line with its verdict or input error. */
async function openRecord(text: string, variant: string | undefined, dir: string) {
  const { validateCommand } = await import('../validate/command.js');
  const file = join(dir, `opened-${process.hrtime.bigint()}.ndjson`);
  writeFileSync(file, text);
  const verdicts = new Map<number, unknown>();
  const lineOf = (source: string): number => Number(/:(\d+)$/.exec(source)?.[1] ?? 0);
  let out = '';
  let err = '';
  const chosen = variant ?? 'a2a';
  try {
    await validateCommand(
      ['--ndjson', '--json', '--variant', chosen, file],
      (chunk) => (out += chunk),
      (chunk) => (err += chunk),
    );
  } finally {
    rmSync(file, { force: true });
  }
  for (const line of out.split('\n')) {
    if (line.trim() === '') continue;
    const record = JSON.parse(line) as { source: string };
    verdicts.set(lineOf(record.source), record);
  }
  for (const line of err.split('\n')) {
    const match = /^bindu-protocol: .*?:(\d+): (.*)$/.exec(line);
    if (match) verdicts.set(Number(match[1]), { valid: false, inputError: match[2] });
  }
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  return {
    variant: chosen,
    lines: lines.map((line, index) => ({ line: index + 1, text: line, verdict: verdicts.get(index + 1) ?? null })),
  };
}
