/**
 * src/shell/heap.ts: the young generation's size as bin.ts and the proxy manage it. V8's flags are the process's, so
 * each case runs in a child process of its own: a load like the proxy's (objects that live for a window of
 * "exchanges", then die) with the new space's size read before and after.
 */
import { describe, expect, it } from 'vitest';
import { ROOT, runNode, TSX } from '../helpers.js';

const MIB = 1024 * 1024;

/**
 * The new space's size (MiB) at the start and after each of the loads: `held` (bin.ts's hold or not), and the target
 * handed to `keepYoungGeneration` every 32 allocations of each load (none: not called).
 */
function sizes(held: boolean, targets: readonly (number | undefined)[]): number[] {
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8';
    import { holdYoungGeneration, keepYoungGeneration } from ${JSON.stringify(`${ROOT}/src/shell/heap.ts`)};
    const size = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size;
    if (${held}) holdYoungGeneration();
    const seen = [size()];
    const live = new Array(2000);
    for (const target of ${JSON.stringify(targets.map((target) => target ?? null))}) {
      for (let i = 0; i < 300000; i++) {
        live[i % live.length] = { id: i, text: 'x'.repeat(200) + i, items: [1, 2, 3, { deep: i }] };
        if (target !== null && i % 32 === 0) keepYoungGeneration(target);
      }
      seen.push(size());
    }
    console.log(JSON.stringify(seen));
  `;
  const run = runNode([TSX, '--input-type=module', '-e', script]);
  if (run.status !== 0) throw new Error(`the child failed: ${run.stderr}`);
  return (JSON.parse(run.stdout) as number[]).map((bytes) => bytes / MIB);
}

describe('the young generation under load', () => {
  it('held, it keeps its starting size; let go (no hold), V8 grows it past 8 MiB', () => {
    const [start, after] = sizes(true, [undefined]);
    expect(start).toBeLessThan(8);
    expect(after).toBe(start);
    const [, free] = sizes(false, [8 * MIB]);
    expect(free).toBeGreaterThan(8);
  });

  it('held, keepYoungGeneration grows it to the size asked for and stops there; a larger size later, to that one', () => {
    const [start, first, second, third] = sizes(true, [8 * MIB, 8 * MIB, 16 * MIB]);
    expect(start).toBeLessThan(8);
    // V8 doubles the semi-space: one doubling past the size asked for would be 16 MiB.
    expect(first).toBe(8);
    expect(second).toBe(8);
    expect(third).toBe(16);
  });
});
