/**
 * What the proxy keeps of the bytes it forwards, to validate them: copies of the chunks, never
 * the stream itself (forwarding never waits for these). Both are bounded by the size cap: a body
 * over it is dropped as soon as it passes the cap (and the exchange reported as not validated);
 * a stream is validated event by event, with only the event being read held, and stops being
 * read (not forwarded: that goes on) when one event grows over the cap.
 */
import { isUtf8 } from 'node:buffer';
import { TextDecoder } from 'node:util';
import { SseParser, type SseEvent } from '../../live/sse.js';

/** A whole body, up to `maxBytes`. */
export class BodyCapture {
  private chunks: Buffer[] = [];
  /** Every byte seen, kept or not. */
  bytes = 0;
  overflow = false;

  constructor(private readonly maxBytes: number) {}

  push(chunk: Buffer): void {
    this.bytes += chunk.length;
    if (this.overflow) return;
    if (this.bytes > this.maxBytes) {
      this.overflow = true;
      this.chunks = [];
      return;
    }
    this.chunks.push(chunk);
  }

  /** The bytes kept (empty after an overflow). */
  buffer(): Buffer {
    return this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
  }
}

/**
 * An event stream read as it passes: `push` returns the events each chunk completes (the reuse
 * of check-server's SSE parser). Bytes that do not complete an event count towards the cap; an
 * event larger than it stops the reading (`overflow`).
 */
export class SseCapture {
  private readonly parser = new SseParser();
  /**
   * Made for the first chunk that is not whole UTF-8 by itself (a character cut between chunks, bytes that are not
   * UTF-8) or that begins the stream with a BOM: making one for every stream was a tenth of the copy's time. Until
   * then each chunk decodes alone, as the decoder would have decoded it (it holds nothing back between whole chunks).
   */
  private decoder: TextDecoder | undefined;
  private first = true;
  /** Bytes since the last event was completed. */
  private pending = 0;
  bytes = 0;
  events = 0;
  overflow = false;

  constructor(private readonly maxBytes: number) {}

  push(chunk: Buffer): SseEvent[] {
    this.bytes += chunk.length;
    if (this.overflow) return [];
    const events = this.parser.feed(this.decode(chunk));
    this.pending = events.length > 0 ? 0 : this.pending + chunk.length;
    if (this.pending > this.maxBytes) {
      this.overflow = true;
      this.parser.end();
      return [];
    }
    this.events += events.length;
    return events;
  }

  private decode(chunk: Buffer): string {
    const bom = this.first && chunk.length >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf;
    this.first = false;
    if (this.decoder === undefined && !bom && isUtf8(chunk)) return chunk.toString('utf8');
    this.decoder ??= new TextDecoder();
    return this.decoder.decode(chunk, { stream: true });
  }

  /** The end of the stream: the events still held back (a CR waiting for its LF). */
  end(): SseEvent[] {
    if (this.overflow) return [];
    const events = [...this.parser.feed(this.decoder?.decode() ?? ''), ...this.parser.end()];
    this.events += events.length;
    return events;
  }
}
