/**
 * `bindu-protocol validate`: checks JSON payloads from files or stdin (options: README "CLI").
 *
 * Exit 0 when every payload is valid, 1 when one is invalid, 2 for a usage or input error
 * (unreadable, too large, not UTF-8, not JSON, unknown type, method or variant); an input error
 * wins over an invalid payload. Every payload gets one result.
 *
 * --ndjson reads one payload a line in bounded memory, in regions of complete lines (shell/ndjson-lines.ts);
 * with --jobs N, N - 1 worker threads (./worker.ts) judge regions too, and the output is the same
 * bytes whatever N (CONTRIBUTING "Runtime notes").
 */
import { once } from 'node:events';
import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { UsageError, parseArgs, variantOption } from '../../shell/args.js';
import { nearest } from '../../engine/issues.js';
import { allowYoungGenerationGrowth, growYoungGeneration, scavengeOnOwnThread, youngGenerationGrown } from '../../shell/heap.js';
import { DEFAULT_MAX_BYTES, InputError, decodeUtf8, formatBytes } from '../../engine/json-text.js';
import { LineSplitter, type RegionSink } from '../../shell/ndjson-lines.js';
import { describeReadError, parseByteSize, readFileLimited, readStreamLimited } from '../../shell/read-input.js';
import { DEFAULT_MAX_ERRORS, type ValidationResult } from '../../library/validate.js';
import { Judge, RecentRequests, formatHuman, jsonRecord, plural, type JudgeSettings, type RegionResult } from './judge.js';
import { STREAM_MIN, streamPayload } from './stream-file.js';
import { loadVariant } from '../../engine/load-validators.js';
import { variantNames } from '../../library/variants.js';
import type { RegionAnswer, RegionTask, WorkerData } from './worker.js';
import { defaultJobs, takePrestarted, WORKER_LIMITS, WORKER_NEW_SPACE, workerFile } from './prestart.js';
import { OPERATION_PARTS, OperationError, restOperation, type OperationPart } from '../../library/validate-operation.js';

export { formatHuman } from './judge.js';

export const VALIDATE_USAGE = `usage: bindu-protocol validate [FILE ...|-] [--variant ${variantNames.join('|')}] [--type NAME]
                              [--strict] [--ndjson] [--json] [--method M] [--max-bytes N]
                              [--max-errors N] [--jobs N] [--operation ID [--part request|response|error]]

Validates JSON payloads read from files, or from stdin when FILE is - or absent.

  --type NAME      validate each payload as this type of the variant (see: bindu-protocol list types);
                   a file of 8 MiB or more whose large parts are lists (a Task's history) is read
                   as a stream, an element at a time, never held whole
                   without --type, each payload must be a JSON-RPC request or response: a request's
                   method decides; a response's method is --method, or that of the request with the
                   same id earlier in the input (without one, or when that request's method is
                   unknown, the response is checked as a JSON-RPC response only, with a warning)
  --method M       the method the responses answer (bindu-protocol list methods)
  --operation ID   each payload is a body of this operation of the HTTP+JSON binding (the
                   operationId of generated/openapi/<variant>.json, e.g. SendMessage, GetTask)
  --part P         which body: request, response (the success body; for a stream, one event's
                   data) or error (default: request, or response when the operation has no
                   request body)
  --variant V      the variant whose schemas apply (default: bindu)
  --strict         unknown keys and non-canonical forms are errors, not warnings
  --ndjson         one payload a line, read as a stream; each is named FILE:LINE (a proxy's REST
                   line {"operation","part","status","body"} is checked against its operation)
  --json           one JSON line a payload: {"source","valid","errors":[{"path","keyword","message","hint","params"}],"warnings":[...]}
                   (and "omitted": K when --max-errors left K errors out)
  --max-bytes N    the largest payload (a file, or one --ndjson line) in bytes, or with k, M, G
                   (default 64M); a larger one is an input error, and is not read
  --max-errors N   print at most N errors per payload, then "and K more errors" (default ${DEFAULT_MAX_ERRORS};
                   0 prints every one); the verdict does not depend on it
  --jobs N         with --ndjson, validate on N threads (default: the number of cores, here
                   ${defaultJobs()}); the output is the same, in input order, whatever N

Input is UTF-8 JSON (a leading byte order mark is ignored). Duplicate keys, lone surrogates
(\\uD800) and numbers beyond a double (1e400) make a payload invalid.

On a terminal, a long run shows its progress on stderr (never with --json, never when stderr is
redirected).

exit 0 all valid · 1 some invalid · 2 usage or input error (unreadable, too large, not UTF-8, not JSON, unknown type)
`;

type Write = (text: string) => void;

interface Settings extends JudgeSettings {
  readonly jobs: number;
  readonly progress: boolean;
}

async function drain(): Promise<void> {
  if (process.stdout.writableNeedDrain) await once(process.stdout, 'drain');
}

/** How many bytes a read takes from an NDJSON file. */
const CHUNK = 1 << 20;

/**
 * With workers, the last TAIL bytes of a file are read TAIL_READ at a time: the last regions are short, so the threads
 * finish within a short region of each other (with 1 MiB regions one thread waited ~12 ms for the other at the end).
 */
const TAIL = 2 * CHUNK;
const TAIL_READ = CHUNK / 8;

/**
 * Progress of a long run on stderr (a terminal): one line rewritten in place, first after a
 * second, then at most four times a second; cleared before any other message and at the end.
 */
export class Progress {
  private shown = false;
  private last = 0;
  private readonly start: number;
  bytes = 0;
  payloads = 0;

  constructor(
    private readonly stream: { write(text: string): unknown },
    private readonly total: number | undefined,
    private readonly now = () => Date.now(),
  ) {
    this.start = now();
  }

  /** Redraws the line when it is time to. */
  tick(): void {
    const now = this.now();
    if (now - this.start < 1000 || now - this.last < 250) return;
    this.last = now;
    this.stream.write(`\r${this.line(now)}\u001b[K`);
    this.shown = true;
  }

  /** The words of the progress line at time `now`. */
  line(now: number): string {
    const seconds = Math.max((now - this.start) / 1000, 0.001);
    const rate = this.bytes / seconds;
    const parts = [
      `validate: ${plural(this.payloads, 'payload')}`,
      this.total !== undefined && this.total > 0
        ? `${formatBytes(this.bytes)} of ${formatBytes(this.total)} (${Math.min(100, Math.floor((this.bytes / this.total) * 100))}%)`
        : formatBytes(this.bytes),
      `${formatBytes(Math.round(rate))}/s`,
    ];
    if (this.total !== undefined && rate > 0 && this.bytes < this.total)
      parts.push(`about ${Math.ceil((this.total - this.bytes) / rate)} s left`);
    return parts.join(', ');
  }

  /** Removes the line (before another message, and at the end). */
  clear(): void {
    if (!this.shown) return;
    this.stream.write('\r\u001b[K');
    this.shown = false;
  }
}

/** A region handed to a worker (or an input error in order with them), waiting for its result. */
interface Pending {
  readonly name: string;
  readonly first: number;
  /** Judged on a worker, with the region's own requests (paired across regions when written). */
  readonly fromWorker: boolean;
  promise: Promise<RegionResult>;
  done: boolean;
  /** While at a worker: the task's id and its bytes and offset, should this thread take it back. */
  task?: { readonly id: number; readonly bytes: Buffer; readonly offset: number } | undefined;
  /** The read buffer its bytes are in, to read into again once it is written. */
  chunk?: SharedArrayBuffer | undefined;
}

/**
 * Regions a worker may hold unanswered: enough that it never waits for the main thread, even while that thread is
 * descheduled on a loaded machine (A/B runs under a load of 5 on 2 cores, `--jobs 2` against two one-job processes on
 * the halves: 0.82x with 3, 0.91x with 6, 0.93x with 10; alike on a quieter machine). Each holds a 1 MiB read buffer.
 */
const PER_WORKER = 6;

/** Slots of the claims (more than the tasks ever out at once: PER_WORKER × 255 workers). */
const SLOTS = 4096;

/**
 * Regions smaller than this are judged here: posting costs more. On stdin most are a line begun in one read and ended
 * in the next (a pipe's reads, 64 KiB, still go to the workers); a file's reads carry such a line into the next region.
 */
const SMALL = 8 * 1024;

/** The worker threads of a run, each judging the regions it is given, in the order given. */
class Pool {
  private readonly workers: Worker[] = [];
  /** Regions each worker has not answered yet. */
  private readonly busy: number[] = [];
  private readonly waiting = new Map<number, { resolve(result: RegionResult): void; reject(error: Error): void; worker: number }>();
  private ids = 0;
  private failed: Error | undefined;
  /** A task's token in its slot until a worker starts it or this thread takes it back (see worker.ts). */
  private readonly claims = new Int32Array(new SharedArrayBuffer(4 * SLOTS));
  /** The workers whose young generation has reached its size. */
  private readonly grownWorkers = new Set<number>();

  constructor(file: string, jobs: number, settings: JudgeSettings) {
    // Each thread's young generation may grow (heap.ts: the flag is the process's), a worker's to WORKER_NEW_SPACE, this
    // thread's to what one job's does: `grown` says when the workers are there, and this thread then stops the growth.
    allowYoungGenerationGrowth();
    growYoungGeneration();
    // A JavaScript thread on every core (this one and the workers): no helper thread would find a core to collect on.
    if (jobs + 1 >= defaultJobs()) scavengeOnOwnThread();
    const workerData: WorkerData = { settings, claims: this.claims, newSpace: WORKER_NEW_SPACE };
    // Those the executable started before it loaded the command line (prestart.ts) wait for their settings.
    const prestarted = takePrestarted(jobs);
    for (const worker of prestarted) worker.postMessage(workerData);
    for (let i = 0; i < jobs; i++) {
      const worker = prestarted[i] ?? new Worker(file, { workerData, resourceLimits: WORKER_LIMITS });
      this.busy.push(0);
      worker.on('message', (answer: RegionAnswer) => {
        if (answer.grown) this.grownWorkers.add(i);
        const waiter = this.waiting.get(answer.id);
        if (!waiter) return;
        this.waiting.delete(answer.id);
        this.busy[waiter.worker]!--;
        if (answer.result) waiter.resolve(answer.result);
        else waiter.reject(new Error(answer.error ?? 'a validation worker failed'));
      });
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => {
        if (code !== 0 && this.workers.length > 0) this.fail(new Error(`a validation worker stopped (exit code ${code})`));
      });
      this.workers.push(worker);
    }
  }

  /** Every worker's young generation has reached its size. */
  get grown(): boolean {
    return this.grownWorkers.size === this.workers.length;
  }

  private fail(error: Error): void {
    this.failed ??= error;
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
  }

  /** The least busy worker with fewer than PER_WORKER regions unanswered, or -1. */
  free(): number {
    let best = -1;
    for (let i = 0; i < this.busy.length; i++)
      if (this.busy[i]! < PER_WORKER && (best === -1 || this.busy[i]! < this.busy[best]!)) best = i;
    return best;
  }

  /** Hands `bytes` (on a SharedArrayBuffer: not copied) to worker `index`; returns the task's id and its result. */
  run(index: number, name: string, bytes: Buffer, first: number, offset: number): { id: number; promise: Promise<RegionResult> } {
    const id = ++this.ids;
    if (this.failed) return { id, promise: Promise.reject(this.failed) };
    const worker = this.workers[index]!;
    const slot = id % SLOTS;
    const token = tokenOf(id);
    Atomics.store(this.claims, slot, token);
    this.busy[index]!++;
    const task: RegionTask = {
      id,
      slot,
      token,
      name,
      buffer: bytes.buffer as SharedArrayBuffer,
      byteOffset: bytes.byteOffset,
      length: bytes.length,
      first,
      offset,
    };
    const promise = new Promise<RegionResult>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, worker: index });
    });
    worker.postMessage(task);
    return { id, promise };
  }

  /** Takes task `id` back when no worker has started it (true): the caller judges it; its worker will not answer. */
  takeBack(id: number): boolean {
    const waiter = this.waiting.get(id);
    if (!waiter || Atomics.compareExchange(this.claims, id % SLOTS, tokenOf(id), 0) !== tokenOf(id)) return false;
    this.waiting.delete(id);
    this.busy[waiter.worker]!--;
    return true;
  }

  close(): void {
    // Not waited for: a worker's heap is freed while the output is written and the process exits.
    for (const worker of this.workers.splice(0)) {
      worker.unref();
      void worker.terminate();
    }
  }
}

/** A task's token in its claim slot: never 0 (taken), and fits an Int32Array. */
const tokenOf = (id: number) => (id % 0x3fff_ffff) + 1;

class Run {
  valid = 0;
  invalid = 0;
  inputErrors = 0;
  /** Every request of the input so far, in input order (responses are paired with these). */
  private readonly requests = new RecentRequests();
  private readonly judge: Judge;
  private pool: Pool | undefined;
  private poolTried = false;
  private readonly queue: Pending[] = [];
  private buffered: string[] = [];
  /** With workers: the read buffer (shared memory), and those free to read into again. */
  private chunk: SharedArrayBuffer | undefined;
  private readonly spare: SharedArrayBuffer[] = [];

  constructor(
    private readonly settings: Settings,
    private readonly out: Write,
    private readonly err: Write,
    private readonly progress: Progress | undefined,
  ) {
    this.judge = new Judge(settings);
  }

  inputError(message: string): void {
    this.inputErrors++;
    this.progress?.clear();
    this.err(`bindu-protocol: ${message}\n`);
  }

  /** Counts and writes a region's results (its reports are buffered until the next flush). */
  private emit(result: RegionResult, name: string, fromWorker: boolean): void {
    const { out, valid, invalid } = fromWorker ? this.judge.pairAcross(name, result, this.requests) : result;
    this.valid += valid;
    this.invalid += invalid;
    this.inputErrors += result.inputErrors;
    if (this.progress) this.progress.payloads += valid + invalid + result.inputErrors;
    if (result.err.length > 0) {
      this.progress?.clear();
      this.err(result.err);
    }
    if (out.length > 0) this.buffered.push(out);
  }

  private async flush(): Promise<void> {
    if (this.buffered.length === 0) return;
    const text = this.buffered.length === 1 ? this.buffered[0]! : this.buffered.join('');
    this.buffered = [];
    this.out(text);
    await drain();
  }

  /**
   * A large file of a known type, streamed (./stream.ts): true when it was judged so, false when
   * it has to be read whole.
   */
  private streamed(source: string, name: string): boolean {
    const { type, operation } = this.settings;
    if (type === undefined || operation !== undefined || source === '-') return false;
    let size: number;
    try {
      const stat = statSync(source);
      if (!stat.isFile()) return false;
      size = stat.size;
    } catch {
      return false;
    }
    if (size < STREAM_MIN || size > this.settings.maxBytes) return false;
    let verdict: ValidationResult | undefined;
    try {
      verdict = streamPayload(this.judge.variant, type, source, this.settings.strict, this.settings.maxErrors);
    } catch {
      // Unreadable after all: the whole read says why, as for any file.
      return false;
    }
    if (verdict === undefined) return false;
    if (this.progress) {
      this.progress.bytes += size;
      this.progress.payloads++;
    }
    if (verdict.valid) this.valid++;
    else this.invalid++;
    this.buffered.push(this.settings.json ? jsonRecord(name, verdict) : formatHuman(name, verdict, this.settings.colour));
    return true;
  }

  /** One whole input (a file or stdin): read within the limit, decoded, validated. */
  async whole(source: string, name: string): Promise<void> {
    if (this.streamed(source, name)) {
      await this.flush();
      this.progress?.tick();
      return;
    }
    let text: string;
    let bytes: Buffer | undefined;
    try {
      bytes =
        source === '-'
          ? await readStreamLimited(process.stdin, name, this.settings.maxBytes)
          : readFileLimited(source, this.settings.maxBytes);
      if (this.progress) this.progress.bytes += bytes.length;
      text = decodeUtf8(bytes);
      // Not kept while the text is parsed and checked: a large payload's bytes are as large again.
      bytes = undefined;
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      this.inputError(
        error.message.startsWith('cannot read') || error.message.startsWith(name) ? error.message : `${name}: ${error.message}`,
      );
      return;
    }
    const result = this.judge.payload(name, text, 0, this.requests);
    if (this.progress) this.progress.payloads++;
    if (result.outcome === 2) {
      this.inputErrors++;
      this.progress?.clear();
      this.err(result.text);
    } else {
      if (result.outcome === 0) this.valid++;
      else this.invalid++;
      this.buffered.push(result.text);
    }
    await this.flush();
    this.progress?.tick();
  }

  /**
   * A region of complete lines. With one job: judged here as it comes, with every request of the
   * input so far. With N jobs, the N - 1 workers take the regions while they have room, this
   * thread judges the others (and those it takes back, see `settle`), with the region's own
   * requests; the results are written in order, paired across regions as they are.
   */
  private region(name: string, bytes: Buffer, first: number, offset: number): void {
    if (offset > 0) this.startPool();
    if (!this.pool) {
      if (offset === 0) growYoungGeneration();
      else youngGenerationGrown();
      // Nothing is queued without workers: judged with every request of the input so far.
      this.emit(this.judge.region(name, bytes, first, offset, this.requests, false), name, false);
      return;
    }
    if (this.pool.grown) youngGenerationGrown();
    const worker = bytes.length < SMALL ? -1 : this.pool.free();
    if (worker === -1) {
      // Small, or every worker has its fill: judged here, with the region's own requests, as a worker would.
      this.queue.push({ name, first, fromWorker: true, done: true, promise: Promise.resolve(this.judgeHere(name, bytes, first, offset)) });
      return;
    }
    // A file's regions are read into shared memory (see `lines`); other bytes are copied there once.
    let shared = bytes;
    if (!(bytes.buffer instanceof SharedArrayBuffer)) {
      shared = Buffer.from(new SharedArrayBuffer(bytes.length));
      bytes.copy(shared);
    }
    const { id, promise } = this.pool.run(worker, name, shared, first, offset);
    const pending: Pending = { name, first, fromWorker: true, done: false, promise, task: { id, bytes: shared, offset } };
    if (shared.buffer === this.chunk) {
      // The worker reads the read buffer in place: the next read goes to another.
      pending.chunk = this.chunk;
      this.chunk = undefined;
    }
    pending.promise = promise.then(
      (result) => {
        pending.done = true;
        pending.task = undefined;
        return result;
      },
      (error: Error) => {
        pending.done = true;
        pending.task = undefined;
        throw error;
      },
    );
    pending.promise.catch(() => undefined);
    this.queue.push(pending);
  }

  /** A region judged on this thread with its own requests, as on a worker. */
  private judgeHere(name: string, bytes: Buffer, first: number, offset: number): RegionResult {
    return this.judge.region(name, bytes, first, offset, new RecentRequests(), true);
  }

  /**
   * Rather than wait for a worker: takes back the last region handed out that no worker has
   * started, and judges it here (true), so no core idles while work is queued at a worker (at the
   * end of the input, or while a worker is descheduled on a loaded machine).
   */
  private takeBack(): boolean {
    if (!this.pool) return false;
    for (let k = this.queue.length - 1; k >= 0; k--) {
      const pending = this.queue[k]!;
      const task = pending.task;
      if (pending.done || task === undefined || !this.pool.takeBack(task.id)) continue;
      pending.task = undefined;
      pending.done = true;
      pending.promise = Promise.resolve(this.judgeHere(pending.name, task.bytes, pending.first, task.offset));
      return true;
    }
    return false;
  }

  /** With N jobs, starts the N - 1 workers (once, when the input proves longer than one region). */
  private startPool(): void {
    if (this.settings.jobs < 2 || this.pool || this.poolTried) return;
    this.poolTried = true;
    const file = workerFile();
    if (file) this.pool = new Pool(file, this.settings.jobs - 1, this.settings);
  }

  /** Writes the results of the regions that are done, in order; waits while more than `inFlight` are out. */
  private async settle(inFlight: number): Promise<void> {
    // The workers' answers are events: let them in, so a worker with room gets the next region now.
    if (this.pool) await new Promise((resolve) => setImmediate(resolve));
    while (this.queue.length > 0 && (this.queue.length > inFlight || this.queue[0]!.done)) {
      if (!this.queue[0]!.done && this.takeBack()) continue;
      const head = this.queue.shift()!;
      let result: RegionResult;
      try {
        result = await head.promise;
      } catch (error) {
        this.inputError(`${head.name}: lines ${head.first} and after could not be validated: ${(error as Error).message.split('\n')[0]}`);
        continue;
      }
      if (head.chunk) this.spare.push(head.chunk);
      this.emit(result, head.name, head.fromWorker);
      await this.flush();
    }
    await this.flush();
    this.progress?.tick();
  }

  /** One payload a line, in chunks of complete lines (see the file comment). */
  async lines(source: string, name: string): Promise<void> {
    const sink: RegionSink = {
      region: (bytes, first, offset) => this.region(name, bytes, first, offset),
      lineError: (line, message) => {
        // In order with the regions still at the workers.
        const result: RegionResult = {
          out: '',
          err: `bindu-protocol: ${name}:${line}: ${message}\n`,
          valid: 0,
          invalid: 0,
          inputErrors: 1,
          requestLines: [],
          requestIds: [],
          requestMethods: [],
          checks: [],
        };
        if (this.queue.length === 0) this.emit(result, name, false);
        else this.queue.push({ name, first: line, fromWorker: false, done: true, promise: Promise.resolve(result) });
      },
    };
    const splitter = new LineSplitter(this.settings.maxBytes, sink);
    const inFlight = 2 * PER_WORKER * this.settings.jobs;
    try {
      if (source === '-') {
        for await (const chunk of process.stdin) {
          const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
          if (this.progress) this.progress.bytes += buffer.length;
          splitter.push(buffer);
          await this.settle(inFlight);
        }
      } else {
        const fd = openSync(source, 'r');
        try {
          const stat = fstatSync(fd);
          if (stat.isDirectory()) throw Object.assign(new Error('directory'), { code: 'EISDIR' });
          // A file of more than one region: the workers start while this thread judges the first.
          if (stat.size > CHUNK) this.startPool();
          let buffer: Buffer = Buffer.allocUnsafe(CHUNK);
          let position = 0;
          for (;;) {
            // With workers, reads go to shared memory, which they read in place (a buffer handed to one is not read into
            // again until its region is written).
            if (this.pool && this.chunk === undefined) {
              this.chunk = this.spare.pop() ?? new SharedArrayBuffer(CHUNK);
              buffer = Buffer.from(this.chunk);
            }
            // The line the last read ended in goes first (not a region of one line, judged here).
            const carried = splitter.carryInto(buffer);
            const size = this.pool && stat.size - position <= TAIL ? Math.max(TAIL_READ, 2 * carried) : CHUNK;
            const read = readSync(fd, buffer, carried, size - carried, null);
            position += read;
            if (this.progress) this.progress.bytes += read;
            if (read === 0) {
              if (carried > 0) splitter.push(buffer.subarray(0, carried));
              break;
            }
            splitter.push(carried + read === buffer.length ? buffer : buffer.subarray(0, carried + read));
            await this.settle(inFlight);
          }
        } finally {
          closeSync(fd);
        }
      }
      splitter.end();
    } catch (error) {
      await this.settle(0);
      this.inputError(`cannot read ${name}: ${describeReadError(error)}`);
      return;
    }
    await this.settle(0);
  }

  async close(): Promise<void> {
    this.progress?.clear();
    this.pool?.close();
  }
}

/** --operation and --part, checked against the variant's OpenAPI document. */
function operationOption(variant: string, options: Map<string, string | true>, typed: boolean): JudgeSettings['operation'] {
  const id = options.get('operation') as string | undefined;
  const part = options.get('part') as string | undefined;
  if (id === undefined) {
    if (part !== undefined) throw new UsageError('--part needs --operation');
    return undefined;
  }
  if (typed) throw new UsageError('give --operation, or --type / --method, not both');
  if (part !== undefined && !(OPERATION_PARTS as readonly string[]).includes(part)) {
    throw new UsageError(`--part is one of ${OPERATION_PARTS.join(', ')}, not "${part}"`);
  }
  const op = restOperation(variant, id);
  const chosen = (part ?? (op.request ? 'request' : 'response')) as OperationPart;
  if (chosen === 'request' && !op.request)
    throw new OperationError(
      `operation ${id} (${op.verb} ${op.path}) has no request body: its parameters are in the path and query string; use --part response or error`,
    );
  if (chosen === 'response' && !op.response)
    throw new OperationError(`operation ${id} (${op.verb} ${op.path}) answers with no body; use --part error`);
  return { id, part: chosen };
}

/** A whole number option: `--name N` with N ≥ `min`. */
function countOption(options: Map<string, string | true>, name: string, min: number, fallback: number): number {
  const value = options.get(name);
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value) || Number(value) < min)
    throw new UsageError(`--${name} takes a whole number${min > 0 ? `, ${min} or more` : ''}, not "${String(value)}"`);
  return Number(value);
}

/** The `validate` command; returns the exit code. Usage errors are reported here too. */
export async function validateCommand(argv: readonly string[], out: Write, err: Write): Promise<number> {
  let settings: Settings;
  let sources: string[];
  let ndjson: boolean;
  try {
    const { positionals, options } = parseArgs(
      argv,
      ['variant', 'type', 'method', 'max-bytes', 'max-errors', 'jobs', 'operation', 'part'],
      ['help', 'strict', 'ndjson', 'json'],
    );
    if (options.has('help')) {
      out(VALIDATE_USAGE);
      return 0;
    }
    const variant = loadVariant(variantOption(options));
    const type = options.get('type') as string | undefined;
    const method = options.get('method') as string | undefined;
    if (type !== undefined && method !== undefined) throw new UsageError('give --type or --method, not both');
    const operation = operationOption(variant.name, options, type !== undefined || method !== undefined);
    if (type !== undefined && !variant.hasType(type)) {
      const near = nearest(type, variant.meta.types, 3);
      throw new UsageError(
        `unknown type "${type}" in variant "${variant.name}"${near.length > 0 ? ` (did you mean ${near.map((name) => `"${name}"`).join(', ')}?)` : ''}`,
      );
    }
    if (method !== undefined && !variant.method(method)) {
      const near = nearest(
        method,
        variant.meta.methods.map((entry) => entry.method),
        3,
      );
      throw new UsageError(
        `unknown method "${method}" in variant "${variant.name}"${near.length > 0 ? ` (did you mean ${near.map((name) => `"${name}"`).join(', ')}?)` : ''}`,
      );
    }
    const maxOption = options.get('max-bytes') as string | undefined;
    const maxBytes = maxOption === undefined ? DEFAULT_MAX_BYTES : parseByteSize(maxOption);
    if (maxBytes === undefined)
      throw new UsageError(`--max-bytes takes a size in bytes, or with k, M or G (e.g. 128M), not "${maxOption}"`);
    const maxErrors = countOption(options, 'max-errors', 0, DEFAULT_MAX_ERRORS);
    const jobs = countOption(options, 'jobs', 1, defaultJobs());
    if (jobs > 256)
      throw new UsageError(`--jobs ${jobs} is more threads than makes sense (at most 256; this machine has ${defaultJobs()} cores)`);
    sources = positionals.length > 0 ? positionals : ['-'];
    if (sources.filter((source) => source === '-').length > 1) throw new UsageError('stdin (-) can be named only once');
    ndjson = options.has('ndjson');
    const json = options.has('json');
    const colour = !json && process.stdout.isTTY === true && !process.env.NO_COLOR;
    settings = {
      variant: variant.name,
      ...(type !== undefined ? { type } : {}),
      ...(method !== undefined ? { method } : {}),
      ...(operation ? { operation } : {}),
      strict: options.has('strict'),
      json,
      colour,
      maxBytes,
      maxErrors: maxErrors === 0 ? Infinity : maxErrors,
      jobs: ndjson ? jobs : 1,
      progress: !json && process.stderr.isTTY === true,
    };
  } catch (error) {
    if (error instanceof UsageError || error instanceof TypeError || error instanceof OperationError) {
      err(`bindu-protocol: ${error.message}\nRun 'bindu-protocol validate --help' for usage.\n`);
      return 2;
    }
    throw error;
  }

  let progress: Progress | undefined;
  if (settings.progress) {
    // The size is known when every input is a regular file.
    let total: number | undefined = 0;
    for (const source of sources) {
      try {
        const stat = source === '-' ? undefined : statSync(source);
        total = stat?.isFile() && total !== undefined ? total + stat.size : undefined;
      } catch {
        // reported when it is read
      }
    }
    progress = new Progress(process.stderr, total);
  }
  const errWithProgress: Write = (text) => {
    progress?.clear();
    err(text);
  };
  const run = new Run(settings, out, errWithProgress, progress);
  try {
    if (sources.includes('-') && process.stdin.isTTY)
      errWithProgress(
        `bindu-protocol: reading ${ndjson ? 'one JSON payload a line' : 'a JSON payload'} from the terminal; end it with Ctrl-D\n`,
      );
    for (const source of sources) {
      const name = source === '-' ? '<stdin>' : source;
      if (ndjson) await run.lines(source, name);
      else await run.whole(source, name);
    }
  } finally {
    await run.close();
  }
  const total = run.valid + run.invalid;
  if (!settings.json && total + run.inputErrors > 1) {
    out(
      `${plural(total, 'payload')}: ${run.valid.toLocaleString('en-US')} valid, ${run.invalid.toLocaleString('en-US')} invalid${run.inputErrors > 0 ? `; ${plural(run.inputErrors, 'input error')}` : ''}\n`,
    );
  }
  if (run.inputErrors > 0) return 2;
  return run.invalid > 0 ? 1 : 0;
}
