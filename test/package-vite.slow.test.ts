/**
 * The packed tarball bundled by Vite's build (library mode, no configuration file, nothing of ours configured): for
 * node (an SSR build with every dependency bundled; it runs away from node_modules) and for the browser (an IIFE
 * library that validates a good and a bad Task in headless Chromium), each with the verdicts and messages of Node.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { build, type Logger } from 'vite';
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

let consumer: Consumer | undefined;
beforeAll(() => {
  consumer = installConsumer();
}, INSTALL_TIMEOUT_MS);
afterAll(() => removeConsumer(consumer));

/** Builds the entry for the target with Vite; the one file it wrote, and what Vite warned about. */
async function bundle(target: 'node' | 'browser'): Promise<{ code: string; warnings: string[] }> {
  const project = consumer!.project;
  const entry = join(project, `vite-${target}-entry.mjs`);
  writeFileSync(entry, entrySource(target));
  const outDir = join(project, `vite-${target}`);
  const warnings: string[] = [];
  const logger: Logger = {
    info: () => undefined,
    warn: (message) => warnings.push(message),
    warnOnce: (message) => warnings.push(message),
    error: (message) => warnings.push(`error: ${message}`),
    clearScreen: () => undefined,
    hasErrorLogged: () => false,
    hasWarned: false,
  };
  await build({
    configFile: false,
    root: project,
    mode: 'production',
    // Warnings and errors reach the logger; no progress lines.
    logLevel: 'warn',
    customLogger: logger,
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      ssr: target === 'node',
      lib: { entry, formats: [target === 'node' ? 'es' : 'iife'], name: 'consumer' },
    },
    ...(target === 'node' ? { ssr: { noExternal: true, target: 'node' } } : {}),
  });
  const files = readdirSync(outDir);
  expect(files).toHaveLength(1);
  return { code: readFileSync(join(outDir, files[0]!), 'utf8'), warnings };
}

describe('a Vite build', () => {
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
