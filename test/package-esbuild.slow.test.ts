/**
 * The packed tarball bundled by esbuild (its JavaScript API, nothing of ours configured): for node (the bundle runs
 * away from node_modules) and for the browser (the bundle validates a good and a bad Task in headless Chromium), each
 * with the verdicts and messages of plain Node.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describeBundler, entrySource, type Consumer } from './package-consumer.js';

/** Bundles the entry for the target (ESM for node, an IIFE for the browser); the code and esbuild's warnings. */
async function bundle(consumer: Consumer, target: 'node' | 'browser'): Promise<{ code: string; warnings: string[] }> {
  const entry = join(consumer.project, `esbuild-${target}-entry.mjs`);
  writeFileSync(entry, entrySource(target));
  const result = await build({
    absWorkingDir: consumer.project,
    entryPoints: [entry],
    bundle: true,
    platform: target,
    format: target === 'node' ? 'esm' : 'iife',
    write: false,
    logLevel: 'silent',
  });
  return { code: result.outputFiles[0]!.text, warnings: result.warnings.map((warning) => warning.text) };
}

describeBundler('an esbuild bundle', bundle);
