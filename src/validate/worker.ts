/**
 * A worker thread of `bindu-protocol validate --ndjson --jobs N` (bundled to
 * dist/validate-worker.mjs). It judges regions of complete lines, as bytes, with the settings it
 * was started with, and answers each with its line results (see judge.ts): the main thread puts
 * them in input order, pairs responses across regions and writes them.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Judge, RecentRequests, type JudgeSettings, type LineResult } from './judge.js';

export interface RegionTask {
  readonly id: number;
  readonly name: string;
  readonly bytes: Uint8Array;
  readonly first: number;
  readonly offset: number;
}

export interface RegionAnswer {
  readonly id: number;
  readonly results?: LineResult[];
  readonly error?: string;
}

const port = parentPort;
if (port) {
  const judge = new Judge(workerData as JudgeSettings);
  port.on('message', (task: RegionTask) => {
    try {
      const results: LineResult[] = [];
      // Requests of this region only: the main thread pairs across regions.
      judge.region(task.name, Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength), task.first, task.offset, new RecentRequests(), results);
      port.postMessage({ id: task.id, results } satisfies RegionAnswer);
    } catch (error) {
      port.postMessage({ id: task.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies RegionAnswer);
    }
  });
}
