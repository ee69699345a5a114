/**
 * A bounded HTTP client for probing a server that may misbehave: every request has a time limit
 * (and also stops when the whole run's limit is reached), bodies are read up to a byte cap (a
 * larger body is never held whole), redirects are followed by hand and only within the same
 * origin, and failures become `HttpError`s with a one-line reason instead of stack traces.
 */

/**
 * What kind of failure a request met: `connect` (nothing answered: refused, unresolvable,
 * unreachable; the run cannot start when the card meets it), `timeout`, `deadline` (the whole run's
 * bound), `too-large`, `redirect` (refused), `closed` (the connection ended in the middle of an
 * answer) and `protocol` (an answer that is not HTTP, or not a usable one).
 */
export type HttpFailure = 'connect' | 'timeout' | 'deadline' | 'too-large' | 'redirect' | 'closed' | 'protocol';

export class HttpError extends Error {
  constructor(
    readonly kind: HttpFailure,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export interface Limits {
  /** Time allowed for one request: until the headers arrive and, for a plain body, until it is read. */
  readonly timeoutMs: number;
  /** The most bytes read from one response body (a stream counts all its events). */
  readonly maxBytes: number;
  /** Aborted when the whole run's time is up. */
  readonly deadline: AbortSignal;
}

export interface HttpResponse {
  readonly status: number;
  /** The media type without parameters, lower case (`application/json`), or '' when absent. */
  readonly contentType: string;
  /** The URL that finally answered (after same-origin redirects). */
  readonly url: string;
  readonly response: Response;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

function mediaType(response: Response): string {
  return (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The largest response head Node's HTTP client accepts (`--max-http-header-size`, 16 KiB by default). */
function maxHeaderSize(): number {
  const fromFlag = /--max-http-header-size[= ](\d+)/.exec([...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' '));
  return fromFlag ? Number(fromFlag[1]) : 16_384;
}

/** The `code` and `message` of the innermost cause fetch gives (undici wraps the real error). */
function causeOf(error: unknown): { code?: string; message?: string } {
  let current = error as { cause?: unknown; code?: unknown; message?: unknown } | undefined;
  for (let depth = 0; depth < 4 && current && typeof current === 'object' && current.cause && typeof current.cause === 'object'; depth++) {
    current = current.cause as typeof current;
  }
  return {
    ...(typeof current?.code === 'string' ? { code: current.code } : {}),
    ...(typeof current?.message === 'string' ? { message: current.message } : {}),
  };
}

/** Connection ended by the peer (a close, a reset, a broken pipe, or fewer bytes than announced). */
const CLOSED_CODES = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE', 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH', 'ECONNABORTED']);

/**
 * Turns what fetch throws before the response headers arrived into an HttpError naming the cause.
 * Only a failure to open the connection is `connect`; a server that accepted the connection and
 * then misbehaved is a `closed` or `protocol` failure of the step.
 */
export function describeFetchError(error: unknown, url: string, limits: Limits, timedOut: () => boolean): HttpError {
  if (error instanceof HttpError) return error;
  if (limits.deadline.aborted) return new HttpError('deadline', 'stopped: the overall time limit was reached');
  if (timedOut()) return new HttpError('timeout', `no answer within ${limits.timeoutMs} ms`);
  const { code, message } = causeOf(error);
  const where = (() => {
    try {
      return new URL(url).host;
    } catch {
      return url;
    }
  })();
  if (code === 'ECONNREFUSED') return new HttpError('connect', `connection refused by ${where}`);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new HttpError('connect', `cannot resolve host ${where}`);
  if (code !== undefined && CLOSED_CODES.has(code)) return new HttpError('closed', 'the server closed the connection without answering');
  if (code === 'UND_ERR_HEADERS_OVERFLOW')
    return new HttpError('protocol', `the response headers are larger than ${maxHeaderSize()} bytes`);
  if (code?.startsWith('HPE_')) return new HttpError('protocol', `the answer is not HTTP (${message ?? code})`);
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
    return new HttpError('timeout', `no answer within ${limits.timeoutMs} ms`);
  const text = message ?? (error instanceof Error ? error.message : String(error));
  return new HttpError('connect', `request to ${where} failed: ${text}`);
}

/** How far the reading of a body got, for the message when it breaks off. */
export interface BodyProgress {
  bytes: number;
}

/**
 * Turns what the reading of a body throws (after the headers arrived) into an HttpError: the
 * run's bound, the request timeout ("did not finish"), the connection closing in the middle, or a
 * malformed body encoding.
 */
export function describeBodyError(error: unknown, limits: Limits, timedOut: () => boolean, progress: BodyProgress): HttpError {
  if (error instanceof HttpError) return error;
  if (limits.deadline.aborted) return new HttpError('deadline', 'stopped: the overall time limit was reached');
  if (timedOut())
    return new HttpError(
      'timeout',
      `the answer did not finish within ${limits.timeoutMs} ms (${progress.bytes} bytes of the body received)`,
    );
  const { code, message } = causeOf(error);
  if (code === undefined || CLOSED_CODES.has(code))
    return new HttpError('closed', `the connection closed in the middle of the response (after ${progress.bytes} bytes)`);
  return new HttpError('protocol', `the body could not be read (${message ?? code})`);
}

export interface SendOptions {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly headers?: Record<string, string>;
  readonly body?: string;
  /** An extra signal (the caller's own timer for streams). */
  readonly signal?: AbortSignal;
}

/**
 * Sends a request and returns once the headers arrived. Redirects are followed by hand and only
 * within the same origin (scheme, host and port: another port, another address of the same
 * machine, or https on the same port is another origin, refused before any connection to it is
 * made); at most five; a POST follows only 307 and 308, which keep the method and body.
 */
export async function send(url: string, options: SendOptions, signal: AbortSignal): Promise<HttpResponse> {
  let current = new URL(url);
  const origin = current.origin;
  for (let hop = 0; ; hop++) {
    const response = await fetch(current, {
      method: options.method,
      headers: options.headers,
      body: options.body,
      redirect: 'manual',
      signal,
    });
    if (!REDIRECTS.has(response.status)) {
      return { status: response.status, contentType: mediaType(response), url: current.href, response };
    }
    await response.body?.cancel().catch(() => undefined);
    const location = response.headers.get('location');
    if (!location) throw new HttpError('redirect', `HTTP ${response.status} redirect without a Location header`);
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      throw new HttpError('redirect', `HTTP ${response.status} redirect to an invalid URL (${location})`);
    }
    if (next.origin !== origin || (next.protocol !== 'http:' && next.protocol !== 'https:')) {
      throw new HttpError('redirect', `refused a redirect to another host (${next.href})`);
    }
    if (options.method !== 'GET' && response.status !== 307 && response.status !== 308) {
      throw new HttpError(
        'redirect',
        `HTTP ${response.status} redirect of a ${options.method} (to ${next.href}); only 307 and 308 keep the request`,
      );
    }
    if (hop + 1 >= MAX_REDIRECTS) throw new HttpError('redirect', `more than ${MAX_REDIRECTS} redirects`);
    current = next;
  }
}

/**
 * Reads a whole body as UTF-8 text, up to `maxBytes` (a declared Content-Length over the cap is
 * refused before reading). Never holds more than `maxBytes` of it; `progress` counts the bytes read.
 */
export async function readBody(response: Response, maxBytes: number, progress: BodyProgress = { bytes: 0 }): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new HttpError('too-large', `the body is ${declared} bytes, more than the ${maxBytes}-byte limit`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      progress.bytes += value.byteLength;
      if (progress.bytes > maxBytes) throw new HttpError('too-large', `the body is larger than the ${maxBytes}-byte limit`);
      parts.push(decoder.decode(value, { stream: true }));
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error;
  }
  parts.push(decoder.decode());
  return parts.join('');
}

export interface TextResponse {
  readonly status: number;
  readonly contentType: string;
  readonly url: string;
  readonly text: string;
  /** The response headers (the card step reads the v1.0 caching headers). */
  readonly headers: Headers;
}

/** One complete request: headers and body within `timeoutMs`, body within `maxBytes`. */
export async function fetchText(url: string, options: SendOptions, limits: Limits): Promise<TextResponse> {
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(), limits.timeoutMs);
  const signals = [limits.deadline, timer.signal, ...(options.signal ? [options.signal] : [])];
  const timedOut = () => timer.signal.aborted;
  try {
    let sent: HttpResponse;
    try {
      sent = await send(url, options, AbortSignal.any(signals));
    } catch (error) {
      throw describeFetchError(error, url, limits, timedOut);
    }
    const progress: BodyProgress = { bytes: 0 };
    let text: string;
    try {
      text = await readBody(sent.response, limits.maxBytes, progress);
    } catch (error) {
      throw describeBodyError(error, limits, timedOut, progress);
    }
    return { status: sent.status, contentType: sent.contentType, url: sent.url, text, headers: sent.response.headers };
  } finally {
    clearTimeout(timeout);
  }
}
