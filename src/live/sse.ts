/**
 * Server-Sent Events, read by hand over a fetch response body, as the HTML "event stream"
 * interpretation says (CR, LF or CRLF line ends; a blank line dispatches; `data:` lines joined with
 * LF; no event without data, nor an unfinished one at the end).
 *
 * `readEvents` adds the bounds a live check needs: the wait between two chunks, a cap on the bytes
 * read (which also bounds an event and a line) and the run's deadline; scenario.ts caps the number
 * of events. CONTRIBUTING "Runtime notes" says why this is not eventsource-parser.
 */
import { HttpError } from './http-client.js';

export interface SseEvent {
  /** The `event:` field, `message` when absent. */
  readonly event: string;
  /** The `data:` lines joined with LF. */
  readonly data: string;
  /** The last `id:` seen, if any. */
  readonly id?: string;
}

/** An incremental parser: feed it text as it arrives, collect the events it completes. */
export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private type = '';
  private lastId: string | undefined;
  private started = false;

  /** How far into `buffer` there is surely no line end (so a long line is scanned once, not once per chunk). */
  private scanned = 0;

  /** Adds text; returns the events completed by it. */
  feed(text: string): SseEvent[] {
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    const buffer = this.buffer + text;
    const events: SseEvent[] = [];
    let start = 0;
    // The next CR and the next LF, each searched for again only once passed: most streams have no CR, and a
    // search per line for one would read the rest of the text each time.
    let cr = buffer.indexOf('\r', this.scanned);
    let lf = buffer.indexOf('\n', this.scanned);
    for (;;) {
      const from = Math.max(start, this.scanned);
      if (cr !== -1 && cr < from) cr = buffer.indexOf('\r', from);
      if (lf !== -1 && lf < from) lf = buffer.indexOf('\n', from);
      const at = cr === -1 ? lf : lf === -1 ? cr : Math.min(cr, lf);
      if (at === -1) {
        this.scanned = buffer.length;
        break;
      }
      // A CR at the very end may be the first half of a CRLF split across chunks: wait for more.
      if (buffer[at] === '\r' && at === buffer.length - 1) {
        this.scanned = at;
        break;
      }
      const line = buffer.slice(start, at);
      start = buffer[at] === '\r' && buffer[at + 1] === '\n' ? at + 2 : at + 1;
      this.scanned = start;
      const event = this.line(line);
      if (event) events.push(event);
    }
    this.buffer = buffer.slice(start);
    this.scanned -= start;
    return events;
  }

  /**
   * The end of the stream. A CR held back to see whether LF follows still ends its line (which may
   * complete an event); a line without any terminator and an unfinished event are dropped.
   */
  end(): SseEvent[] {
    const events: SseEvent[] = [];
    if (this.buffer.endsWith('\r')) {
      const event = this.line(this.buffer.slice(0, -1));
      if (event) events.push(event);
    }
    this.buffer = '';
    this.scanned = 0;
    this.data = [];
    this.type = '';
    return events;
  }

  private line(line: string): SseEvent | undefined {
    if (line === '') {
      if (this.data.length === 0) {
        this.type = '';
        return undefined;
      }
      const event: SseEvent = {
        event: this.type || 'message',
        data: this.data.join('\n'),
        ...(this.lastId !== undefined ? { id: this.lastId } : {}),
      };
      this.data = [];
      this.type = '';
      return event;
    }
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.type = value;
    else if (field === 'id' && !value.includes('\0')) this.lastId = value;
    return undefined;
  }
}

export interface StreamBounds {
  /** The longest wait for the next chunk. */
  readonly idleMs: number;
  /** The most bytes read from the stream. */
  readonly maxBytes: number;
  /** Aborted when the whole run's time is up. */
  readonly deadline: AbortSignal;
}

/**
 * Yields the events of an event-stream body until the server closes it. Throws an HttpError
 * (`timeout` when no chunk came within `idleMs`, `too-large`, `deadline`, `closed` when the
 * connection broke off before the body's end); the body is cancelled whenever the reader stops
 * early. A stream that trickles bytes, never idle long enough for `idleMs`, is stopped by the
 * deadline; one that never ends an event, by `maxBytes`.
 */
export async function* readEvents(body: ReadableStream<Uint8Array>, bounds: StreamBounds): AsyncGenerator<SseEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  let size = 0;
  let finished = false;
  try {
    for (;;) {
      let timer: NodeJS.Timeout | undefined;
      let onAbort: (() => void) | undefined;
      const stop = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new HttpError('timeout', `no event for ${bounds.idleMs} ms`)), bounds.idleMs);
        onAbort = () => reject(new HttpError('deadline', 'stopped: the overall time limit was reached'));
        if (bounds.deadline.aborted) onAbort();
        else bounds.deadline.addEventListener('abort', onAbort, { once: true });
      });
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await Promise.race([reader.read(), stop]);
      } catch (error) {
        if (error instanceof HttpError) throw error;
        if (bounds.deadline.aborted) throw new HttpError('deadline', 'stopped: the overall time limit was reached');
        throw new HttpError('closed', 'the connection closed in the middle of the stream');
      } finally {
        clearTimeout(timer);
        if (onAbort) bounds.deadline.removeEventListener('abort', onAbort);
        stop.catch(() => undefined);
      }
      if (chunk.done) break;
      size += chunk.value.byteLength;
      if (size > bounds.maxBytes) throw new HttpError('too-large', `the stream sent more than the ${bounds.maxBytes}-byte limit`);
      for (const event of parser.feed(decoder.decode(chunk.value, { stream: true }))) yield event;
    }
    for (const event of [...parser.feed(decoder.decode()), ...parser.end()]) yield event;
    finished = true;
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    try {
      reader.releaseLock();
    } catch {
      // a read still pending on a cancelled stream; nothing more to release
    }
  }
}
