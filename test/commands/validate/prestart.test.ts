/**
 * The worker threads the executable starts before it loads the command line (src/commands/validate/prestart.ts):
 * exactly the N - 1 of `validate --ndjson --jobs N`, and none for anything else. Needs the built worker (dist/).
 */
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { prestartWorkers, takePrestarted } from '../../../src/commands/validate/prestart.js';

/** How many workers `argv` pre-starts (they are ended at once). */
async function started(argv: readonly string[]): Promise<number> {
  prestartWorkers(argv);
  const workers = takePrestarted(1000);
  await Promise.all(workers.map((worker) => worker.terminate()));
  return workers.length;
}

describe('pre-started validate workers', () => {
  it('starts N - 1 for validate --ndjson --jobs N, in either spelling', async () => {
    expect(await started(['validate', '--ndjson', '--jobs', '3', 'log.ndjson'])).toBe(2);
    expect(await started(['validate', '--jobs=2', '--ndjson', '-'])).toBe(1);
    expect(await started(['validate', '--ndjson', '--jobs', '2', '--jobs', '4'])).toBe(3);
  });

  it('starts as many as the cores less one when --jobs is not given', async () => {
    expect(await started(['validate', '--ndjson', 'log.ndjson'])).toBe(Math.max(1, availableParallelism()) - 1);
  });

  it('starts none for one job, another command, no --ndjson, or a --jobs the command will reject', async () => {
    for (const argv of [
      ['validate', '--ndjson', '--jobs', '1'],
      ['list', 'types', '--ndjson', '--jobs', '4'],
      ['validate', '--jobs', '4', 'task.json'],
      ['validate', '--ndjson', '--jobs', 'x'],
      ['validate', '--ndjson', '--jobs', '0'],
      ['validate', '--ndjson', '--jobs', '1000'],
    ]) {
      expect(await started(argv), argv.join(' ')).toBe(0);
    }
  });

  it('gives each worker to one taker only (a taken one gets its settings from the command: command.slow.test.ts)', async () => {
    prestartWorkers(['validate', '--ndjson', '--jobs', '2']);
    const taken = takePrestarted(1);
    expect(taken).toHaveLength(1);
    expect(takePrestarted(1)).toHaveLength(0);
    await taken[0]!.terminate();
  });
});
