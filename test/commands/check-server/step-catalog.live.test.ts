/**
 * The hand-written --list-steps catalogue (src/commands/check-server/step-catalog.ts) against what runs
 * print: every step id any run against the fixture agents emits is in the catalogue of its variant, and
 * every catalogue id is emitted by at least one of these runs (both wires, every binding, every variant,
 * capabilities claimed and not), so a step added to a group without its catalogue line fails here.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { checkServer, type CheckOptions, type CheckReport } from '../../../src/commands/check-server/scenario.js';
import { isKnownId, stepCatalog } from '../../../src/commands/check-server/step-catalog.js';
import { AION_EXTENSION_URIS } from '../../../src/live/agent-card.js';
import { startBrokenServer } from '../../fixtures/servers/broken.js';
import { startEchoServer } from '../../fixtures/servers/echo.js';
import { startSdkV03Agent, startSdkV1Agent } from '../../fixtures/servers/sdk-agents.js';

const BOUNDS = { timeoutMs: 1_500, totalTimeoutMs: 60_000, probes: 1 } as const;
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
});

async function run(start: () => Promise<{ url: string; close: () => Promise<void> }>, options: CheckOptions = {}): Promise<CheckReport> {
  const agent = await start();
  closers.push(agent.close);
  return checkServer(agent.url, { ...BOUNDS, ...options });
}

describe('the --list-steps catalogue and the steps runs print', () => {
  it('every id a run prints is listed, and every listed id is printed by some run', async () => {
    const reports = await Promise.all([
      run(() => startBrokenServer([])),
      run(() => startBrokenServer([], { push: true, extended: true })),
      run(() => startBrokenServer([], { variant: 'bindu' }), { variant: 'bindu' }),
      run(() => startEchoServer({ streaming: false, pushNotifications: false })),
      run(() => startSdkV03Agent({ rest: true }), { transport: 'all' }),
      run(() => startSdkV1Agent({ rest: true, grpc: true }), { transport: 'all' }),
      run(() => startSdkV1Agent({ extensions: [AION_EXTENSION_URIS[0]!] })),
      run(() => startBrokenServer([]), { probes: 'none', only: ['probes'] }),
    ]);
    const printed = new Map<string, string>();
    for (const report of reports) {
      const catalog = stepCatalog([report.variant]);
      const unknown = report.steps.filter((step) => !isKnownId(step.id, catalog)).map((step) => `${report.variant}: ${step.id}`);
      expect(unknown, 'printed but not in the catalogue of the variant').toEqual([]);
      for (const step of report.steps) printed.set(step.id.replace(/\.setup-[a-z0-9-]+$/, ''), step.name);
    }
    const variants = [...new Set(reports.map((report) => report.variant))];
    expect(variants.sort()).toEqual(['a2a', 'a2a-v1', 'aion', 'bindu']);
    const listed = [...stepCatalog(variants).values()].flat();
    const never = listed.filter((step) => !printed.has(step.id)).map((step) => step.id);
    expect(never, 'listed but printed by none of the runs').toEqual([]);
  }, 120_000);
});
