/**
 * The size of V8's young generation in the `bindu-protocol` process (never in a program that
 * imports the package: only bin.ts turns this on).
 *
 * `validate --ndjson` parses and drops a payload a line. At its starting size (1 MiB a
 * semi-space) the young generation is collected every few hundred lines, and those collections
 * were a sixth of a run's time; left to V8's own growth it ends at 16 MiB a semi-space and the
 * process holds ~150 MB (too much for a command that should stay flat whatever the log's size). So bin.ts stops V8 from
 * growing it, and a long NDJSON run lets it grow to a middle size and stops it there: growth is
 * allowed (V8 doubles the semi-space when enough survives a collection) until the new space
 * reaches `NDJSON_NEW_SPACE`, then stopped again.
 */
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/** The new space's size (V8's `space_size`) at which growth stops during an NDJSON run. */
export const NDJSON_NEW_SPACE = 16 * 1024 * 1024;

/**
 * The proxy's (src/commands/proxy/command.ts): each exchange allocates its parsed payloads and verdicts, all dead
 * when it ends. At the starting size the collections were a ninth of the proxy's CPU under the bench's GetTask
 * load (node --cpu-prof), at this size a fifteenth, for a few MB more; at 16 MiB a twentieth, for 16 MB more.
 */
export const PROXY_NEW_SPACE = 8 * 1024 * 1024;

let managed = false;
let growing = false;

/** Called once by bin.ts, before anything large is allocated: the young generation keeps its size. */
export function holdYoungGeneration(): void {
  managed = true;
  setFlagsFromString('--semi-space-growth-factor=1');
}

function newSpaceSize(): number {
  for (const space of getHeapSpaceStatistics()) if (space.space_name === 'new_space') return space.space_size;
  return Number.POSITIVE_INFINITY;
}

/**
 * Lets the young generation grow towards `bytes` (a no-op unless bin.ts holds it); call
 * `youngGenerationGrown` now and then to stop the growth once it is there.
 */
export function growYoungGeneration(bytes = NDJSON_NEW_SPACE): void {
  if (!managed || growing || newSpaceSize() >= bytes) return;
  growing = true;
  setFlagsFromString('--semi-space-growth-factor=2');
}

/**
 * Lets every young generation of the process grow, for good (a no-op unless bin.ts holds it):
 * for worker threads, each started with its own cap (`resourceLimits.maxYoungGenerationSizeMb`).
 * (The flag is the process's, not one isolate's.)
 */
export function allowYoungGenerationGrowth(): void {
  if (!managed) return;
  growing = false;
  setFlagsFromString('--semi-space-growth-factor=2');
}

/** Stops the growth once the new space has reached `bytes`; cheap to call per region. True while it may still grow. */
export function youngGenerationGrown(bytes = NDJSON_NEW_SPACE): boolean {
  if (!growing) return false;
  if (newSpaceSize() < bytes) return true;
  growing = false;
  setFlagsFromString('--semi-space-growth-factor=1');
  return false;
}

/**
 * Keeps the young generation at `bytes` for good (a no-op unless bin.ts holds it); true while it is growing. Call it
 * often under load (the proxy: every few dozen exchanges): it then doubles every few tens of milliseconds, and growth
 * must be stopped at `bytes`, not two doublings past it. V8 shrinks the young generation to its starting size at a full
 * collection made while little is allocated (the proxy idle between bursts of traffic), and with growth held it
 * would stay there: under the next load a collection every few exchanges, a third of the young generation
 * surviving (the exchanges in flight) and half of that promoted. So growth is allowed again whenever it is below
 * `bytes`, and stopped once it is there.
 */
export function keepYoungGeneration(bytes: number): boolean {
  if (!youngGenerationGrown(bytes)) growYoungGeneration(bytes);
  return growing;
}

/**
 * Young-generation collections done by the collecting thread alone, for good (a no-op unless bin.ts holds the heap; the
 * flag is the process's). For a process with a JavaScript thread on every core (`validate --ndjson --jobs N`, N at
 * least the cores): V8 otherwise shares each collection out to helper threads, which find no idle core, so the thread
 * that collects waits for them. `--jobs 2` on two cores, the bench's log: the collections' pauses ~30% shorter (V8's
 * --trace-gc-nvp; bench/results.md, issue 24). The proxy too, whose collections find ~2% of the young generation
 * alive: on two cores shared with the bench's load and agent, its CPU an exchange 3–8% lower in three A/B runs of
 * four (the fourth even).
 */
export function scavengeOnOwnThread(): void {
  if (managed) setFlagsFromString('--no-parallel-scavenge');
}
