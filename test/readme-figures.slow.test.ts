/**
 * README "Conformance figures" (issue 34): the table's counts per variant are those of the bundled
 * suite, as `bindu-protocol conformance` runs it (src/library/conformance/runner.ts), so a fixture
 * added without the table following fails here.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../src/library/conformance/backend.js';
import { readVariantFiles } from '../src/library/conformance/load-fixtures.js';
import { runVariant } from '../src/library/conformance/runner.js';
import { ROOT } from './helpers.js';
import { README } from './readme-examples.js';

const start = README.indexOf('## Conformance figures');
const SECTION = README.slice(start, README.indexOf('\n## ', start + 1));
/** `| \`a2a\` | 93 | 39 | 771 | 380 | 391 |` → variant and the five counts. */
const ROWS = [...SECTION.matchAll(/^\| `([\w-]+)` \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|$/gm)].map((match) => ({
  variant: match[1]!,
  counts: match.slice(2).map(Number),
}));

describe('README conformance figures', () => {
  it('name types, method parts, cases, valid and invalid cases as the suite has them, for every variant', () => {
    expect(ROWS.map((row) => row.variant)).toEqual(['a2a', 'bindu', 'a2a-v1', 'aion']);
    const backend = createBackend(ROOT);
    for (const { variant, counts } of ROWS) {
      const report = runVariant(variant, readVariantFiles(join(ROOT, 'conformance'), variant), backend, ROOT);
      const valid = report.outcomes.filter((outcome) => outcome.case.valid).length;
      expect(
        [report.coverage!.types.length, report.coverage!.partsRequired, report.outcomes.length, valid, report.outcomes.length - valid],
        variant,
      ).toEqual(counts);
    }
  }, 60_000);
});
