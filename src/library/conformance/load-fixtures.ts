/**
 * Finding and reading fixture files: the package root, the variant directories under
 * `conformance/`, and every file below them, parsed but not yet checked (see lint.ts).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { packageRoot } from '../package-root.js';

/** A file found under a variant directory. */
export interface FixtureFile {
  readonly variant: string;
  /** Path relative to the conformance directory, with `/` separators: `a2a/types/Task.json`. */
  readonly file: string;
  /** The parsed JSON, when the file could be read and parsed. */
  readonly content?: unknown;
  /** Why the file could not be read or parsed. */
  readonly readError?: string;
}

export { packageRoot };

/** The variants that have fixtures: every directory directly under the conformance directory, sorted. */
export function variantDirectories(conformanceDir: string): string[] {
  if (!existsSync(conformanceDir)) return [];
  return readdirSync(conformanceDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(path));
    else if (entry.isFile() || (entry.isSymbolicLink() && statSync(path).isFile())) out.push(path);
  }
  return out;
}

/** Reads every `.json` file under `<conformanceDir>/<variant>/`, in a stable order. */
export function readVariantFiles(conformanceDir: string, variant: string): FixtureFile[] {
  const root = join(conformanceDir, variant);
  return walk(root)
    .filter((path) => path.endsWith('.json'))
    .map((path) => relative(conformanceDir, path).split(sep).join('/'))
    .sort()
    .map((file): FixtureFile => {
      let text: string;
      try {
        text = readFileSync(join(conformanceDir, file), 'utf8');
      } catch (error) {
        return { variant, file, readError: `cannot read: ${(error as Error).message}` };
      }
      try {
        return { variant, file, content: JSON.parse(text) as unknown };
      } catch (error) {
        return { variant, file, readError: `not valid JSON: ${(error as Error).message}` };
      }
    });
}
