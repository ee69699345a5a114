/**
 * Where the installed package is on disk, for what reads its files at run time under Node: the conformance fixtures,
 * the CLI's version and its worker thread. The validation path never needs it (its files are reached by imports).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The directory holding this package's package.json (works from src/, dist/ and dist/cjs/). */
export function packageRoot(): string {
  const start = dirname(fileURLToPath(import.meta.url));
  let dir = start;
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      try {
        if ((JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string }).name === 'bindu-protocol') return dir;
      } catch {
        // not a package.json we can read; keep looking
      }
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`cannot find the bindu-protocol package root above ${start}`);
    dir = parent;
  }
}
