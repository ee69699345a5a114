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
import { rollup, type RollupLog } from 'rollup';
import { describeBundler, entrySource, type Consumer } from './package-consumer.js';

// The plugins' declarations are CommonJS-shaped (`export default` read as the module): their default export is the plugin.
const commonjs = commonjsPlugin as unknown as typeof commonjsPlugin.default;
const json = jsonPlugin as unknown as typeof jsonPlugin.default;

/** Bundles the entry for the target; the warnings Rollup gave, but for TypeBox's own circular imports. */
async function bundle(consumer: Consumer, target: 'node' | 'browser'): Promise<{ code: string; warnings: string[] }> {
  const project = consumer.project;
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

describeBundler('a Rollup bundle', bundle);
