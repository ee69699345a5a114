/**
 * NDJSON lines from chunks of bytes, in bounded memory: an NDJSON line over the limit is an
 * error for that line only, and its bytes are skipped, not kept. Lines are decoded one by one
 * (see `decodeRegion`) or handed on as regions of bytes to a worker thread.
 */
import { isUtf8 } from 'node:buffer';
import { formatBytes, invalidUtf8Offset } from '../engine/json-text.js';

/** What the splitter hands on: complete lines, decoded, and per-line input errors. */
export interface LineSink {
  /**
   * One complete line, decoded, without its line end ("\n" or "\r\n"); `number` counts from 1.
   * Called synchronously, in order.
   */
  line(text: string, number: number): void;
  /** An input error for one line (too long, not UTF-8). */
  lineError(line: number, message: string): void;
}

/**
 * What the splitter hands on when the decoding is done elsewhere (a worker thread): regions of
 * complete lines as bytes, with the number of their first line and their byte offset in the
 * input, and the errors of lines too long to keep. `decodeRegion` turns a region into lines.
 */
export interface RegionSink {
  /** Complete lines as bytes (the region ends with a newline); `bytes` may be reused after the call. */
  region(bytes: Buffer, first: number, offset: number): void;
  lineError(line: number, message: string): void;
}

const NEWLINE = 0x0a;

/** The number of newlines in some bytes. */
export function countLines(bytes: Uint8Array): number {
  let count = 0;
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = buffer.indexOf(NEWLINE); at !== -1; at = buffer.indexOf(NEWLINE, at + 1)) count++;
  return count;
}

const tooLongMessage = (maxBytes: number) =>
  `the line is longer than the limit of ${formatBytes(maxBytes)} (raise it with --max-bytes); skipped`;

/**
 * Decodes a region of complete lines (it ends with a newline) whose first line is `first` and
 * which starts at byte `offset` of the input, handing on the good lines and naming the bad ones
 * (not UTF-8, or longer than `maxBytes`). A byte order mark at the start of line 1 is dropped.
 *
 * Each line is decoded on its own: a line of ASCII becomes a one-byte string, which JSON.parse
 * reads faster than the two-byte string a whole region becomes once any line holds a character
 * beyond Latin-1 (measured on the bench log: decoding and parsing 0.75× the time of a region at once).
 */
export function decodeRegion(bytes: Buffer, first: number, offset: number, maxBytes: number, sink: LineSink): void {
  // One check of the whole region; line by line only when some line is not UTF-8.
  const allUtf8 = isUtf8(bytes);
  let line = first;
  let from = 0;
  for (let at = bytes.indexOf(NEWLINE); at !== -1; at = bytes.indexOf(NEWLINE, from), line++) {
    const lineStart = from;
    let start = from;
    let end = at > from && bytes[at - 1] === 0x0d ? at - 1 : at;
    from = at + 1;
    if (line === 1 && bytes[start] === 0xef && bytes[start + 1] === 0xbb && bytes[start + 2] === 0xbf) start += 3;
    if (end < start) end = start;
    if (end - start > maxBytes) {
      sink.lineError(line, tooLongMessage(maxBytes));
      continue;
    }
    if (!allUtf8) {
      const one = bytes.subarray(lineStart, at + 1);
      if (!isUtf8(one)) {
        const bad = invalidUtf8Offset(one);
        sink.lineError(
          line,
          `not UTF-8: byte 0x${one[bad]!.toString(16).toUpperCase().padStart(2, '0')} at byte ${bad + 1} of the line (byte offset ${offset + lineStart + bad}) does not belong to a UTF-8 sequence`,
        );
        continue;
      }
    }
    sink.line(bytes.toString('utf8', start, end), line);
  }
}

/**
 * Splits a byte stream into NDJSON lines in bounded memory: the complete lines of each chunk are
 * handed on together (decoded, to a LineSink; as bytes, to a RegionSink); only the last, partial
 * line is kept for the next chunk. A line longer than `maxBytes` is reported and skipped to its
 * end without being kept.
 */
export class LineSplitter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private skipping = false;
  private line = 1;
  private offset = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly sink: LineSink | RegionSink,
  ) {}

  /** Feeds a chunk; the chunk may be reused by the caller afterwards. */
  push(chunk: Buffer): void {
    let start = 0;
    const base = this.offset;
    this.offset += chunk.length;
    if (this.skipping) {
      const newline = chunk.indexOf(NEWLINE);
      if (newline === -1) return;
      this.skipping = false;
      this.line++;
      start = newline + 1;
    }
    const last = chunk.lastIndexOf(NEWLINE);
    if (last < start) {
      this.keep(chunk.subarray(start));
      return;
    }
    if (this.pendingBytes > 0) {
      const newline = chunk.indexOf(NEWLINE, start);
      const head = chunk.subarray(start, newline + 1);
      if (this.pendingBytes + head.length - 1 > this.maxBytes) {
        this.tooLong();
        this.skipping = false;
        this.line++;
        start = newline + 1;
      } else {
        // The kept start of a line and its end in this chunk: a region of one line; the chunk's
        // other complete lines follow as a region of their own, without being copied.
        this.region(Buffer.concat([...this.pending, head]), base + start - this.pendingBytes);
        start = newline + 1;
      }
      this.pending = [];
      this.pendingBytes = 0;
    }
    if (start <= last) this.region(chunk.subarray(start, last + 1), base + start);
    if (last + 1 < chunk.length) this.keep(chunk.subarray(last + 1));
  }

  /**
   * Before the caller reads into `target`: copies the start of a line kept from the last chunk to the start of `target`
   * and forgets it, returning its length (0 when nothing is kept, or the kept bytes are over half of `target`). The
   * caller then pushes `target` from 0 with what it read after them, so the line is handed on with the lines after it,
   * not as a region of its own.
   */
  carryInto(target: Buffer): number {
    const kept = this.pendingBytes;
    if (kept === 0 || kept > target.length / 2) return 0;
    let at = 0;
    for (const piece of this.pending) at += piece.copy(target, at);
    this.pending = [];
    this.pendingBytes = 0;
    // Those bytes are counted again when pushed.
    this.offset -= kept;
    return kept;
  }

  /** Ends the input: a last line without a newline is handed on too. */
  end(): void {
    if (this.skipping) return;
    if (this.pendingBytes > 0) {
      const rest = Buffer.concat([...this.pending, Buffer.from('\n')]);
      this.pending = [];
      this.pendingBytes = 0;
      this.region(rest, this.offset - rest.length + 1);
    }
  }

  private keep(bytes: Buffer): void {
    if (this.skipping || bytes.length === 0) return;
    if (this.pendingBytes + bytes.length > this.maxBytes) {
      this.tooLong();
      this.pending = [];
      this.pendingBytes = 0;
      return;
    }
    this.pending.push(Buffer.from(bytes));
    this.pendingBytes += bytes.length;
  }

  private tooLong(): void {
    this.sink.lineError(this.line, tooLongMessage(this.maxBytes));
    this.skipping = true;
  }

  /** Complete lines (the region ends with a newline). */
  private region(bytes: Buffer, offset: number): void {
    const first = this.line;
    this.line += countLines(bytes);
    if ('region' in this.sink) this.sink.region(bytes, first, offset);
    else decodeRegion(bytes, first, offset, this.maxBytes, this.sink);
  }
}
