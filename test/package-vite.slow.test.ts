/**
 * The packed tarball bundled by Vite's build (library mode, no configuration file, nothing of ours configured): for
 * node (an SSR build with every dependency bundled; it runs away from node_modules) and for the browser (an IIFE
 * library that validates a good and a bad Task in headless Chromium), each with the verdicts and messages of Node.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Logger } from 'vite';
import { expect } from 'vitest';
import { describeBundler, entrySource, type Consumer } from './package-consumer.js';

/** Builds the entry for the target with Vite; the one file it wrote, and what Vite warned about. */
async function bundle(consumer: Consumer, target: 'node' | 'browser'): Promise<{ code: string; warnings: string[] }> {
  const project = consumer.project;
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

describeBundler('a Vite build', bundle);
