/**
 * A worker thread of `bindu-protocol validate --ndjson --jobs N` (bundled to
 * dist/validate-worker.mjs). It judges regions of complete lines, as bytes handed over (not
 * copied), with the settings it was started with, and answers each with one RegionResult
 * (see judge.ts): the main thread writes them in input order and pairs responses across regions.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Judge, RecentRequests, type JudgeSettings, type RegionResult } from './judge.js';

export interface RegionTask {
  readonly id: number;
  readonly name: string;
  /** The region's bytes, transferred with the message. */
  readonly bytes: Uint8Array;
  readonly first: number;
  readonly offset: number;
}

export interface RegionAnswer {
  readonly id: number;
  readonly result?: RegionResult;
  readonly error?: string;
}

const port = parentPort;
if (port) {
  const judge = new Judge(workerData as JudgeSettings);
  port.on('message', (task: RegionTask) => {
    try {
      // Requests of this region only: the main thread pairs across regions.
      const result = judge.region(
        task.name,
        Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength),
        task.first,
        task.offset,
        new RecentRequests(),
        true,
      );
      port.postMessage({ id: task.id, result } satisfies RegionAnswer);
    } catch (error) {
      port.postMessage({
        id: task.id,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies RegionAnswer);
    }
  });
}
