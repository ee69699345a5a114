/**
 * The worker threads of `validate --ndjson --jobs N`, started by the executable (src/bin.ts) before it loads the rest
 * of the command line, so that a worker's own start-up (a thread, an isolate, its bundle) runs on the second core
 * while the main thread loads. A pre-started worker waits for its settings; the command takes it (`takePrestarted`)
 * and sends them as its first message. One it never takes is unreferenced and ends with the process.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { NDJSON_NEW_SPACE } from '../../shell/heap.js';
import { packageRoot } from '../../library/package-root.js';

/**
 * The size a worker's new space grows to (V8's `space_size`): half what one job's does, as it does a share of the
 * work beside the main thread (peak RSS with two jobs: ~5 MB less than at 16 MiB, no more CPU time in A/B runs).
 */
export const WORKER_NEW_SPACE = NDJSON_NEW_SPACE / 2;

/** A worker's resource limits: V8's young generation is three times a semi-space, the new space two. */
export const WORKER_LIMITS = { maxYoungGenerationSizeMb: ((WORKER_NEW_SPACE / 2) * 3) / (1024 * 1024) } as const;

/** The number of jobs when `--jobs` is not given: the cores Node may use. */
export function defaultJobs(): number {
  try {
    return Math.max(1, availableParallelism());
  } catch {
    return 1;
  }
}

/** Where the bundled worker is; undefined when the package was not built (one job then). */
export function workerFile(): string | undefined {
  try {
    const file = join(packageRoot(), 'dist', 'validate-worker.mjs');
    return existsSync(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

const waiting: Worker[] = [];

/**
 * Starts the N - 1 workers of `validate --ndjson [--jobs N]` when `argv` (the executable's arguments) asks for it;
 * does nothing otherwise, or when the value of `--jobs` is not a plain count (the command reports that).
 */
export function prestartWorkers(argv: readonly string[]): void {
  if (argv[0] !== 'validate' || !argv.includes('--ndjson')) return;
  let given: string | undefined;
  argv.forEach((arg, at) => {
    if (arg === '--jobs') given = argv[at + 1];
    else if (arg.startsWith('--jobs=')) given = arg.slice('--jobs='.length);
  });
  const jobs = given === undefined ? defaultJobs() : /^[1-9][0-9]{0,2}$/.test(given) ? Number(given) : 0;
  if (jobs < 2 || jobs > 256) return;
  const file = workerFile();
  if (!file) return;
  for (let i = 1; i < jobs; i++) {
    const worker = new Worker(file, { resourceLimits: WORKER_LIMITS });
    worker.unref();
    // A worker nobody takes may fail alone (the command, which starts its own, reports its own errors); one that has
    // stopped is never given out (its exit would come before the command listens for it).
    worker.on('error', () => {});
    worker.once('exit', () => {
      const at = waiting.indexOf(worker);
      if (at !== -1) waiting.splice(at, 1);
    });
    waiting.push(worker);
  }
}

/** Up to `count` of the pre-started workers, referenced again; the caller sends each its settings first. */
export function takePrestarted(count: number): Worker[] {
  const taken = waiting.splice(0, count);
  for (const worker of taken) worker.ref();
  return taken;
}
