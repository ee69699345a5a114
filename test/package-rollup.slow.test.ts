/**
 * The packed tarball bundled by Rollup (@rollup/plugin-node-resolve, -commonjs, -json), as a consumer's build would
 * with no configuration of ours: for node (the bundle runs away from node_modules) and for the browser (the bundle
 * validates a good and a bad Task in headless Chromium), each with the verdicts and messages of plain Node.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import commonjsPlugin from '@rollup/plugin-commonjs';
import jsonPlugin from '@rollup/plugin-json';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import type { Browser } from 'playwright-core';
import { rollup, type RollupLog } from 'rollup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumVerdicts,
  entrySource,
  installConsumer,
  launchChromium,
  NODE_BUILTIN_IMPORT,
  nodeVerdicts,
  removeConsumer,
  runBundleElsewhere,
  type Consumer,
} from './package-consumer.js';
import { INSTALL_TIMEOUT_MS } from './system-tools.js';

const BUNDLE_TIMEOUT_MS = 300_000;
// The plugins' declarations are CommonJS-shaped (`export default` read as the module): their default export is the plugin.
const commonjs = commonjsPlugin as unknown as typeof commonjsPlugin.default;
const json = jsonPlugin as unknown as typeof jsonPlugin.default;

let consumer: Consumer | undefined;
beforeAll(() => {
  consumer = installConsumer();
}, INSTALL_TIMEOUT_MS);
afterAll(() => removeConsumer(consumer));

/** Bundles the entry for the target; the warnings Rollup gave, but for TypeBox's own circular imports. */
async function bundle(target: 'node' | 'browser'): Promise<{ code: string; warnings: string[] }> {
  const project = consumer!.project;
  const entry = join(project, `rollup-${target}-entry.mjs`);
  writeFileSync(entry, entrySource(target));
  const warnings: string[] = [];
  const build = await rollup({
    input: entry,
    plugins: [nodeResolve({ browser: target === 'browser', preferBuiltins: target === 'node' }), commonjs(), json()],
    onwarn: (warning: RollupLog) => {
      if (warning.code === 'CIRCULAR_DEPENDENCY' && warning.ids?.every((id) => id.includes('@sinclair/typebox'))) return;
      warnings.push(`${warning.code}: ${warning.message}`);
    },
  });
  const file = join(project, target === 'node' ? 'rollup-node.mjs' : 'rollup-browser.js');
  await build.write({ file, format: target === 'node' ? 'es' : 'iife' });
  await build.close();
  return { code: readFileSync(file, 'utf8'), warnings };
}

describe('a Rollup bundle', () => {
  it(
    'for node runs, with the verdicts of Node',
    async () => {
      const { code, warnings } = await bundle('node');
      expect(warnings).toEqual([]);
      const verdicts = runBundleElsewhere(code) as { valid: boolean }[];
      expect(verdicts.map((verdict) => verdict.valid)).toEqual([true, false, true]);
      expect(verdicts).toEqual(nodeVerdicts(consumer!));
    },
    BUNDLE_TIMEOUT_MS,
  );

  describe('for the browser', () => {
    let browser: Browser | undefined;
    beforeAll(async () => {
      browser = await launchChromium();
    }, INSTALL_TIMEOUT_MS);
    afterAll(async () => {
      await browser?.close();
    });

    it(
      'validates a good and a bad Task in Chromium as Node does',
      async () => {
        const { code, warnings } = await bundle('browser');
        expect(warnings).toEqual([]);
        expect(code).not.toMatch(NODE_BUILTIN_IMPORT);
        const { verdicts, pageErrors } = await chromiumVerdicts(browser!, code);
        expect(pageErrors).toEqual([]);
        expect((verdicts as { valid: boolean }[]).map((verdict) => verdict.valid)).toEqual([true, false, true]);
        expect(verdicts).toEqual(nodeVerdicts(consumer!));
      },
      BUNDLE_TIMEOUT_MS,
    );
  });
});
