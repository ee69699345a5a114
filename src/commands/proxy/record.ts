/**
 * `--record FILE`: every JSON-RPC payload that passed, one a line, in a form `validate --ndjson`
 * reads (it pairs a response with the latest earlier request of the same id).
 *
 * Whole lines only: each line is one synchronous write(2) to a file opened for appending, so a
 * signal (handled by Node between two turns of the event loop, never inside a synchronous write)
 * cannot cut one; a short write (no space left, a file-size limit) is truncated back to the last
 * whole line and the recording stops with one note. SIGKILL in the middle of a write(2) is the
 * only way to leave part of a line.
 *
 * A payload that parsed as JSON is written as it came, with its CR and LF bytes turned to spaces
 * (in JSON text that parsed they can only be white space between tokens), so duplicate keys, lone
 * surrogates and huge numbers reach the file as they were sent. Pairing stays right when
 * exchanges overlap: before an answer line, the request line of its own exchange is written again
 * if another exchange's request with the same id was written since.
 */
import { isUtf8 } from 'node:buffer';
import { closeSync, fstatSync, ftruncateSync, openSync, writeSync } from 'node:fs';

export class Recorder {
  private fd: number | undefined;
  /** Request id (JSON) → the exchange whose request line holds it last. Only ids of live exchanges. */
  private readonly lastRequest = new Map<string, number>();
  stopped: string | undefined;
  lines = 0;

  constructor(
    readonly file: string,
    private readonly onNote: (text: string) => void,
  ) {
    this.fd = openSync(file, 'a');
  }

  private write(text: string): boolean {
    if (this.fd === undefined) return false;
    const line = Buffer.from(`${text.replace(/[\r\n]/g, ' ')}\n`, 'utf8');
    const before = fstatSync(this.fd).size;
    try {
      const written = writeSync(this.fd, line);
      if (written === line.length) {
        this.lines++;
        return true;
      }
      throw Object.assign(new Error(`wrote ${written} of ${line.length} bytes`), { code: 'ESHORT' });
    } catch (error) {
      try {
        ftruncateSync(this.fd, before);
      } catch {
        // the file stays as it is; the note says recording stopped
      }
      this.stop(
        `cannot write to ${this.file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); recording stopped after ${this.lines} lines`,
      );
      return false;
    }
  }

  /** A line of its own (a REST body, ./rest.ts): no pairing by id. */
  line(text: string): void {
    this.write(text);
  }

  /**
   * A payload that is not JSON (a request, a body, a stream event) as a line `validate --ndjson` reports
   * invalid: as it came when that line still is no JSON text (CR and LF turned to spaces, bytes that are
   * not UTF-8 to U+FFFD); else, with "(not JSON) " before it, since those changes made it one.
   */
  unparsable(payload: Buffer | string): void {
    const text = (typeof payload === 'string' ? payload : payload.toString('utf8')).replace(/[\r\n]/g, ' ');
    const changed =
      typeof payload === 'string' ? /[\r\n]/.test(payload) : !isUtf8(payload) || payload.includes(0x0a) || payload.includes(0x0d);
    let parses = false;
    if (changed || text.trim() === '') {
      try {
        JSON.parse(text);
        parses = true;
      } catch {
        // still no JSON text: the line says what came
      }
    }
    this.write(parses || text.trim() === '' ? `(not JSON) ${text}` : text);
  }

  /** A request line of exchange `seq` with these ids. */
  request(seq: number, text: string, ids: readonly string[]): void {
    if (!this.write(text)) return;
    for (const id of ids) this.lastRequest.set(id, seq);
  }

  /** An answer line of exchange `seq`, its request line written again first when another came between. */
  answer(seq: number, text: string, request: { text: string; ids: readonly string[] } | undefined): void {
    if (request?.ids.some((id) => this.lastRequest.get(id) !== seq)) this.request(seq, request.text, request.ids);
    this.write(text);
  }

  /** The exchange is over: its ids are forgotten (unless a later exchange's request holds them). */
  done(seq: number, ids: readonly string[]): void {
    for (const id of ids) if (this.lastRequest.get(id) === seq) this.lastRequest.delete(id);
  }

  private stop(reason: string): void {
    this.stopped = reason;
    this.close();
    this.onNote(reason);
  }

  close(): void {
    if (this.fd === undefined) return;
    try {
      closeSync(this.fd);
    } catch {
      // already closed
    }
    this.fd = undefined;
  }
}
