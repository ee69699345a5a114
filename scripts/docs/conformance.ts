/**
 * Runs the conformance fixtures inside the build, for the docs: the conformance page's figures and
 * every example the site shows (a valid case that passed) come from this run.
 *
 * It is the package's own runner (src/library/conformance/runner.ts: lint, `from` + `patch`, coverage,
 * pass/fail) with the package's own backend (src/library/conformance/backend.ts: `validate`,
 * `validateProperty` and `validateMessage`, the part rules and the error-code rule), so the page
 * shows exactly what `bindu-protocol conformance` reports; there is no second validator here.
 *
 * The backend loads the validators (generated/validators/) and the bundles (generated/json-schema/)
 * that this same build generated, from memory (`withGeneratedFiles` of scripts/lib/generated-in-memory.ts), not
 * the ones on disk: after a change to the schemas, one build brings the page up to date.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { VariantSpec } from '../../schemas/variant.js';
import { createBackend } from '../../src/library/conformance/backend.js';
import { readVariantFiles, type FixtureFile } from '../../src/library/conformance/load-fixtures.js';
import { runVariant, type VariantReport } from '../../src/library/conformance/runner.js';
import { withGeneratedFiles } from '../lib/generated-in-memory.js';

/** Extra fields of a case that the runner does not keep: the group's `spec` and the case's `note`. */
export interface CaseExtras {
  readonly spec?: string;
  readonly note?: string;
}

export interface FixtureRun {
  readonly report: VariantReport;
  readonly files: readonly FixtureFile[];
  /** By full id (`bindu/Task#completed`). */
  readonly extras: ReadonlyMap<string, CaseExtras>;
}

/** The `spec` of each case's group and the case's `note`, by full id. */
function extrasOf(variant: string, files: readonly FixtureFile[]): Map<string, CaseExtras> {
  const out = new Map<string, CaseExtras>();
  for (const file of files) {
    if (!Array.isArray(file.content)) continue;
    const stem = /([^/]+)\.json$/.exec(file.file)?.[1];
    for (const group of file.content as { spec?: unknown; tests?: unknown }[]) {
      if (!group || !Array.isArray(group.tests)) continue;
      for (const test of group.tests as { id?: unknown; note?: unknown }[]) {
        if (typeof test?.id !== 'string') continue;
        out.set(`${variant}/${stem}#${test.id}`, {
          ...(typeof group.spec === 'string' ? { spec: group.spec } : {}),
          ...(typeof test.note === 'string' ? { note: test.note } : {}),
        });
      }
    }
  }
  return out;
}

/**
 * Lints and runs the fixtures of every variant, as `bindu-protocol conformance` does, with the
 * validators among `generated` (this build's outputs, path → content).
 */
export function runFixtures(
  root: string,
  variants: readonly VariantSpec[],
  generated: ReadonlyMap<string, string>,
): Map<string, FixtureRun> {
  return withGeneratedFiles(generated, () => {
    const backend = createBackend(root);
    const dir = join(root, 'conformance');
    const out = new Map<string, FixtureRun>();
    for (const spec of variants) {
      const files = existsSync(join(dir, spec.name)) ? readVariantFiles(dir, spec.name) : [];
      const report = runVariant(spec.name, files, backend, root);
      out.set(spec.name, { report, files, extras: extrasOf(spec.name, files) });
    }
    return out;
  });
}
