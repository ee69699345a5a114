/**
 * The Debian packages a slow test needs, installed on first use by scripts/install-test-tools.sh
 * (which waits for a busy package manager). A test calls `needSystemTools` in its `beforeAll`
 * with a long timeout; the script returns at once when everything is there.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './helpers.js';

/** How long a `beforeAll` that installs tools may take: apt-get on a busy, slow machine. */
export const INSTALL_TIMEOUT_MS = 20 * 60_000;

/** Installs the named Debian packages when missing; throws with the script's own words when it cannot. */
export function needSystemTools(...packages: string[]): void {
  const run = spawnSync('bash', [join(ROOT, 'scripts', 'install-test-tools.sh'), ...packages], {
    encoding: 'utf8',
    timeout: INSTALL_TIMEOUT_MS,
  });
  if (run.status !== 0) {
    throw new Error(
      `scripts/install-test-tools.sh ${packages.join(' ')} failed (${run.error?.message ?? `exit ${run.status}`}): ${run.stderr.trim()}`,
    );
  }
}

/** Debian's Chromium, as the slow tests drive it with playwright-core. */
export const CHROMIUM = '/usr/bin/chromium';

/** Headless, and silent on this machine's closed network (no background requests, no updates, no sync). */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** How long a `beforeAll` that makes a Python venv may take: pip downloading from PyPI on a busy machine. */
export const VENV_TIMEOUT_MS = 20 * 60_000;

/**
 * The python of the venv for one pinned set (scripts/python-venv/SET.txt), made by
 * scripts/python-venv.sh on first use and reused after; throws with the script's own words when it cannot.
 */
export function needPythonVenv(set: string): string {
  const run = spawnSync('bash', [join(ROOT, 'scripts', 'python-venv.sh'), set], {
    encoding: 'utf8',
    timeout: VENV_TIMEOUT_MS,
  });
  if (run.status !== 0) {
    throw new Error(`scripts/python-venv.sh ${set} failed (${run.error?.message ?? `exit ${run.status}`}): ${run.stderr.trim()}`);
  }
  return run.stdout.trim().split('\n').at(-1) ?? '';
}
