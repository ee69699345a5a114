/** Shared test helpers: the repository root, running the CLI and scripts, temporary copies. */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, mkdtempSync, symlinkSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SHARED = join(ROOT, '..', 'shared');
export const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

export function runNode(args: string[], options: { cwd?: string; input?: string } = {}): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, args, { cwd: options.cwd ?? ROOT, input: options.input, encoding: 'utf8', timeout: 300_000 });
}

/** Runs the built CLI as published (`dist/bin.mjs`, the package's `bin`). */
export function cli(args: string[], options: { cwd?: string; input?: string } = {}): SpawnSyncReturns<string> {
  return runNode([join(ROOT, 'dist', 'bin.mjs'), ...args], options);
}

/** A scratch copy of what the build reads and writes, sharing node_modules. */
export function scratchCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bindu-protocol-'));
  for (const entry of [
    'schemas',
    'scripts',
    'src',
    'generated',
    'openrpc.json',
    'package.json',
    'tsconfig.json',
    'conformance',
    'SPEC-NOTES.md',
    // The docs site renders its Python page from python/README.md and its CI page from README.md.
    'README.md',
    'python',
  ]) {
    if (existsSync(join(ROOT, entry))) cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}
