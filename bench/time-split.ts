/**
 * Where the time of one payload goes (bench/run.ts, issue 28): `validate()` against its closed validator
 * alone, and against a copy of that validator without the unknown-key count (every `for…in` tally of a
 * closed object's keys removed: the same verdict on a payload without unknown keys, which is all it is
 * run on). The copy is compiled in memory beside the generated module, so its `require`s resolve alike.
 */
import { readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

type Check = (value: unknown) => boolean;
interface Compilable {
  filename: string;
  paths: string[];
  exports: { validate: Check };
  _compile(code: string, filename: string): void;
}

/** The file of a type's closed validator. */
export const closedFile = (root: string, variant: string, type: string): string =>
  join(root, 'generated', 'validators', variant, `${type}.cjs`);

/** A type's closed validator as the build wrote it. */
export function closedValidator(root: string, variant: string, type: string): Check {
  return (createRequire(join(root, 'package.json'))(closedFile(root, variant, type)) as { validate: Check }).validate;
}

/** The same validator without the key count, or undefined when the module has none to remove. */
export function withoutKeyCount(root: string, variant: string, type: string): Check | undefined {
  const file = closedFile(root, variant, type);
  const source = readFileSync(file, 'utf8');
  const stripped = source
    .replace(/for \(const k\d+ in (?:d\d+|data)\) (t\d+)\+\+;/g, '$1 = 0;')
    .replace(/if \(t\d+ !== n\d+\) for \(const k\d+ in (?:d\d+|data)\) if \(!known\d+\.has\(k\d+\)\) /g, 'if (false) ');
  if (stripped === source) return undefined;
  const copy = new (Module as unknown as new (id: string) => Compilable)(`${file}.no-key-count`);
  copy.filename = `${file}.no-key-count`;
  copy.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(dirname(file));
  copy._compile(stripped, copy.filename);
  return copy.exports.validate;
}
