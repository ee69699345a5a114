/**
 * The harness of the packed-tarball tests (package*.slow.test.ts): the tarball packed and installed offline into a
 * fresh project, the program every consumer runs (the verdicts of a good and a bad Task, and a text check), its
 * verdicts under plain Node (what every bundle must reproduce), a node bundle run away from node_modules, and a
 * browser bundle run in headless Chromium; `describeBundler`, the tests every bundler's builds pass.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';
import { CHROMIUM, CHROMIUM_ARGS, INSTALL_TIMEOUT_MS, needSystemTools } from './system-tools.js';

export function run(command: string, args: string[], cwd: string): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 600_000 });
}

/** The command's output, or an Error with its exit status and both streams. */
export function ok(result: SpawnSyncReturns<string>): string {
  if (result.status !== 0) throw new Error(`exit ${result.status ?? result.error?.message}: ${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** What each consumer computes: the verdicts of a good and a bad Task, and a text check. */
export const PROGRAM = `
const good = { kind: 'task', id: 't1', contextId: 'c1', status: { state: 'completed' } };
const bad = { kind: 'task', id: 't1', status: { state: 'complete' }, extra: true };
const verdicts = [
  validate('Task', good, { variant: 'a2a' }),
  validate('Task', bad, { variant: 'a2a' }),
  validateText('Message', '{"kind":"message","role":"user","parts":[],"messageId":"m"}', { variant: 'a2a' }),
];
`;

/** An ES module entry that imports the package, computes PROGRAM and prints the verdicts (node) or keeps them (browser). */
export function entrySource(target: 'node' | 'browser'): string {
  const tail = target === 'node' ? 'console.log(JSON.stringify(verdicts));' : 'globalThis.verdicts = verdicts;';
  return `import { validate, validateText } from 'bindu-protocol';\n${PROGRAM}\n${tail}\n`;
}

/** A scratch directory holding the packed tarball and a fresh ESM project that installed it. */
export interface Consumer {
  readonly dir: string;
  readonly tarball: string;
  readonly project: string;
}

/**
 * Packs the checkout (built already) and installs the tarball into a fresh project, its dependencies from npm's
 * cache where they are there (`npm ci` fills it with the tarballs, not always with the registry documents an
 * install resolves ranges from: those are fetched when missing).
 */
export function installConsumer(): Consumer {
  const dir = mkdtempSync(join(tmpdir(), 'bindu-protocol-pack-'));
  const packed = JSON.parse(ok(run('npm', ['pack', '--json', '--pack-destination', dir], ROOT))) as { filename: string }[];
  const tarball = join(dir, packed[0]!.filename);
  const project = join(dir, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  ok(run('npm', ['install', tarball, '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], project));
  return { dir, tarball, project };
}

export function removeConsumer(consumer: Consumer | undefined): void {
  if (consumer) rmSync(consumer.dir, { recursive: true, force: true });
}

/** The verdicts PROGRAM gets from the installed package under plain Node (CommonJS `require`). */
export function nodeVerdicts(consumer: Consumer): unknown {
  const script = `const { validate, validateText } = require(${JSON.stringify(join(consumer.project, 'node_modules', 'bindu-protocol'))});${PROGRAM}
      console.log(JSON.stringify(verdicts));`;
  return JSON.parse(ok(run(process.execPath, ['-e', script], consumer.project)));
}

/** Runs a node bundle away from node_modules (everything validation needs must be inside it); its printed verdicts. */
export function runBundleElsewhere(code: string | Uint8Array, file = 'bundle.mjs'): unknown {
  const elsewhere = mkdtempSync(join(tmpdir(), 'bindu-protocol-bundle-'));
  try {
    writeFileSync(join(elsewhere, file), code);
    return JSON.parse(ok(run(process.execPath, [join(elsewhere, file)], elsewhere)));
  } finally {
    rmSync(elsewhere, { recursive: true, force: true });
  }
}

/** A browser bundle names no Node built-in. */
export const NODE_BUILTIN_IMPORT = /(?:require\(|from |import\()\s*["']node:/;

/** Debian's Chromium, headless, installed first when missing. */
export async function launchChromium(): Promise<Browser> {
  needSystemTools('chromium');
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS] });
}

/** Runs a classic-script bundle that sets `globalThis.verdicts` in a blank page: the verdicts and the page's errors. */
export async function chromiumVerdicts(browser: Browser, code: string): Promise<{ verdicts: unknown; pageErrors: string[] }> {
  const page = await browser.newPage();
  try {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.setContent('<!doctype html><title>bindu-protocol</title>');
    await page.addScriptTag({ content: code });
    const verdicts = await page.evaluate(() => JSON.stringify((globalThis as { verdicts?: unknown }).verdicts ?? null));
    return { verdicts: JSON.parse(verdicts), pageErrors };
  } finally {
    await page.close();
  }
}

/** A bundler building the consumer's entry for a target: the code it wrote and what it warned about. */
export type Bundler = (consumer: Consumer, target: 'node' | 'browser') => Promise<{ code: string; warnings: string[] }>;

/** How long one bundler build and its check may take on a loaded 2-core machine. */
const BUNDLE_TIMEOUT_MS = 300_000;

/**
 * The tests of one bundler, on the packed tarball installed into a fresh project: its node build runs away from
 * node_modules with the verdicts and messages of plain Node; its browser build imports nothing of `node:` and
 * validates a good and a bad Task in headless Chromium as Node does. Neither may warn.
 */
export function describeBundler(name: string, bundle: Bundler): void {
  describe(name, () => {
    let consumer: Consumer | undefined;
    beforeAll(() => {
      consumer = installConsumer();
    }, INSTALL_TIMEOUT_MS);
    afterAll(() => removeConsumer(consumer));

    it(
      'for node runs, with the verdicts of Node',
      async () => {
        const { code, warnings } = await bundle(consumer!, 'node');
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
          const { code, warnings } = await bundle(consumer!, 'browser');
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
}
