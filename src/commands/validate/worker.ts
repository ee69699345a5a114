/**
 * A worker thread of `bindu-protocol validate --ndjson --jobs N` (bundled to
 * dist/validate-worker.mjs). It judges regions of complete lines, read from memory it shares with
 * the main thread (not copied), with the settings it was started with, and answers each with one
 * RegionResult (see judge.ts): the main thread writes them in input order and pairs responses
 * across regions. A region the main thread took back (its claim no longer holds the task's token)
 * is skipped: the main thread judges it and expects no answer.
 */
import { getHeapSpaceStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { Judge, RecentRequests, type JudgeSettings, type RegionResult } from './judge.js';

export interface RegionTask {
  readonly id: number;
  /** Where in `claims` the task's token is, while neither thread has taken the task. */
  readonly slot: number;
  readonly token: number;
  readonly name: string;
  /** The region's bytes: `length` bytes from `byteOffset` of memory shared with the main thread. */
  readonly buffer: SharedArrayBuffer;
  readonly byteOffset: number;
  readonly length: number;
  readonly first: number;
  readonly offset: number;
}

/** What a worker is started with. */
export interface WorkerData {
  readonly settings: JudgeSettings;
  /** One slot per task handed out: its token until a thread takes it (then 0). */
  readonly claims: Int32Array;
  /** The size its new space grows to (V8's `space_size`), after which it says it has grown. */
  readonly newSpace: number;
}

export interface RegionAnswer {
  readonly id: number;
  /** The worker's young generation has reached its size (heap.ts): the main thread may stop its growth. */
  readonly grown: boolean;
  readonly result?: RegionResult;
  readonly error?: string;
}

/** Judges the regions the main thread sends, with the settings it was started with. */
function serve(port: NonNullable<typeof parentPort>, { settings, claims, newSpace }: WorkerData): void {
  const judge = new Judge(settings);
  let grown = false;
  const newSpaceGrown = () => {
    for (const space of getHeapSpaceStatistics()) if (space.space_name === 'new_space') grown = space.space_size >= newSpace;
    return grown;
  };
  port.on('message', (task: RegionTask) => {
    // Taken back by the main thread, which judges it.
    if (Atomics.compareExchange(claims, task.slot, task.token, 0) !== task.token) return;
    try {
      // Requests of this region only: the main thread pairs across regions.
      const result = judge.region(
        task.name,
        Buffer.from(task.buffer, task.byteOffset, task.length),
        task.first,
        task.offset,
        new RecentRequests(),
        true,
      );
      port.postMessage({ id: task.id, grown: grown || newSpaceGrown(), result } satisfies RegionAnswer);
    } catch (error) {
      port.postMessage({
        id: task.id,
        grown,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies RegionAnswer);
    }
  });
}

// Started with its settings, or (started by the executable before the command line was loaded: prestart.ts) sent them
// as the first message.
const port = parentPort;
if (port) {
  if (workerData) serve(port, workerData as WorkerData);
  else port.once('message', (data: WorkerData) => serve(port, data));
}
