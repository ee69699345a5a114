/** The payloads the bench measures come from the conformance suite: a valid case by variant, kind, file and id. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface FixtureGroup {
  tests: { id: string; valid: boolean; data?: unknown }[];
}

/** The payload of the valid case `id` in conformance/<variant>/<kind>/<file>.json, freshly parsed (the caller's own copy). */
export function fixture(root: string, variant: string, kind: 'types' | 'methods', file: string, id: string): unknown {
  const groups = JSON.parse(readFileSync(join(root, 'conformance', variant, kind, `${file}.json`), 'utf8')) as FixtureGroup[];
  for (const group of groups) for (const test of group.tests) if (test.id === id && test.valid) return test.data;
  throw new Error(`no valid fixture ${variant}/${kind}/${file}#${id}`);
}
