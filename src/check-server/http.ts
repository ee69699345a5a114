/**
 * A bounded HTTP client for probing a server that may misbehave: every request has a time limit
 * (and also stops when the whole run's limit is reached), bodies are read up to a byte cap,
 * redirects are followed by hand and only on the same host, and failures become `HttpError`s
 * with a one-line reason instead of stack traces.
 */

/** What kind of failure a request met. */
export type HttpFailure = 'connect' | 'timeout' | 'deadline' | 'too-large' | 'redirect' | 'protocol';

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
  /** The URL that finally answered (after same-host redirects). */
  readonly url: string;
  readonly response: Response;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

/** `host:port` of a URL, with the default port filled in, for comparing origins. */
function hostOf(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : url.protocol === 'http:' ? '80' : '');
  return `${url.hostname.toLowerCase()}:${port}`;
}

function mediaType(response: Response): string {
  return (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Turns what fetch throws into an HttpError naming the cause. */
export function describeFetchError(error: unknown, url: string, limits: Limits, timedOut: () => boolean): HttpError {
  if (error instanceof HttpError) return error;
  if (limits.deadline.aborted) return new HttpError('deadline', 'stopped: the overall time limit was reached');
  if (timedOut()) return new HttpError('timeout', `no answer within ${limits.timeoutMs} ms`);
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  const code = cause?.code;
  const where = (() => {
    try {
      return new URL(url).host;
    } catch {
      return url;
    }
  })();
  if (code === 'ECONNREFUSED') return new HttpError('connect', `connection refused by ${where}`);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new HttpError('connect', `cannot resolve host ${where}`);
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return new HttpError('protocol', `${where} closed the connection`);
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') return new HttpError('timeout', `no answer within ${limits.timeoutMs} ms`);
  const text = cause?.message ?? (error instanceof Error ? error.message : String(error));
  return new HttpError('connect', `request to ${where} failed: ${text}`);
}

export interface SendOptions {
  readonly method: 'GET' | 'POST';
  readonly headers?: Record<string, string>;
  readonly body?: string;
  /** An extra signal (the caller's own timer for streams). */
  readonly signal?: AbortSignal;
}

/**
 * Sends a request and returns once the headers arrived. Redirects are followed only to the same
 * host and port (at most five); a POST follows only 307 and 308, which keep the method and body.
 */
export async function send(url: string, options: SendOptions, signal: AbortSignal): Promise<HttpResponse> {
  let current = new URL(url);
  const origin = hostOf(current);
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
    if (hostOf(next) !== origin || (next.protocol !== 'http:' && next.protocol !== 'https:')) {
      throw new HttpError('redirect', `refused a redirect to another host (${next.href})`);
    }
    if (options.method === 'POST' && response.status !== 307 && response.status !== 308) {
      throw new HttpError('redirect', `HTTP ${response.status} redirect of a POST (to ${next.href}); only 307 and 308 keep the request`);
    }
    if (hop + 1 >= MAX_REDIRECTS) throw new HttpError('redirect', `more than ${MAX_REDIRECTS} redirects`);
    current = next;
  }
}

/** Reads a whole body as UTF-8 text, up to `maxBytes`. */
export async function readBody(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new HttpError('too-large', `the body is ${declared} bytes, more than the ${maxBytes}-byte limit`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new HttpError('too-large', `the body is larger than the ${maxBytes}-byte limit`);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

export interface TextResponse {
  readonly status: number;
  readonly contentType: string;
  readonly url: string;
  readonly text: string;
}

/** One complete request: headers and body within `timeoutMs`, body within `maxBytes`. */
export async function fetchText(url: string, options: SendOptions, limits: Limits): Promise<TextResponse> {
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(), limits.timeoutMs);
  const signals = [limits.deadline, timer.signal, ...(options.signal ? [options.signal] : [])];
  try {
    const sent = await send(url, options, AbortSignal.any(signals));
    const text = await readBody(sent.response, limits.maxBytes);
    return { status: sent.status, contentType: sent.contentType, url: sent.url, text };
  } catch (error) {
    throw describeFetchError(error, url, limits, () => timer.signal.aborted);
  } finally {
    clearTimeout(timeout);
  }
}
