/**
 * The build is deterministic, the committed outputs match the sources, and the drift check
 * catches a schema edited without rebuilding, a missing output and an orphaned one.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { drift, generate } from '../../scripts/build.js';
import { ROOT, TSX, runNode, scratchCopy } from '../helpers.js';

describe('build', () => {
  // One whole build, read by the two tests below (each build takes 20-40 s on two cores).
  let first: Awaited<ReturnType<typeof generate>>;
  beforeAll(async () => {
    first = await generate();
  }, 300_000);

  it('produces the same bytes twice', async () => {
    const second = await generate();
    expect([...second.files.keys()]).toEqual([...first.files.keys()]);
    for (const [path, text] of first.files) expect(second.files.get(path), path).toBe(text);
  }, 300_000);

  it('matches the committed generated files (nothing stale, missing or orphaned)', () => {
    expect(drift(ROOT, first.files)).toEqual({ stale: [], missing: [], orphaned: [] });
  });

  it.runIf(process.env.CI)('leaves git status clean after `npm run build` in CI', () => {
    const status = spawnSync('git', ['status', '--porcelain', '--', 'generated', 'openrpc.json'], { cwd: ROOT, encoding: 'utf8' });
    expect(status.stdout).toBe('');
  });

  it('--check names every stale, missing and orphaned file after a schema changes without a rebuild, and passes after one, whose conformance page is that of the new schemas', () => {
    // Each run generates everything (about half a minute on two cores), so one --check covers
    // all three kinds of drift at once; the clean state is covered in-process above.
    const dir = scratchCopy();
    try {
      const source = join(dir, 'schemas', 'a2a', 'parts.ts');
      const before = readFileSync(source, 'utf8');
      // A new description, and a bound that fails the valid cases with a longer text.
      const after = before
        .replace("'A part that carries plain text.'", "'A part that carries text (edited).'")
        .replace(
          "text: Type.String({ description: 'The text content.' })",
          "text: Type.String({ maxLength: 2, description: 'The text content.' })",
        );
      expect(after).not.toBe(before);
      expect(after).toMatch(/maxLength: 2/);
      writeFileSync(source, after);
      rmSync(join(dir, 'generated', 'json-schema', 'bindu', 'Task.json'));
      appendFileSync(join(dir, 'generated', 'json-schema', 'a2a', 'NoSuchType.json'), '{}\n');

      const drifted = runNode([TSX, 'scripts/build.ts', '--check'], { cwd: dir });
      expect(drifted.status).toBe(1);
      expect(drifted.stderr).toMatch(/^stale +generated\/json-schema\/a2a\/TextPart\.json$/m);
      expect(drifted.stderr).toMatch(/^stale +generated\/types\/a2a\.d\.ts$/m);
      expect(drifted.stderr).toMatch(/^missing +generated\/json-schema\/bindu\/Task\.json$/m);
      expect(drifted.stderr).toMatch(/^orphaned +generated\/json-schema\/a2a\/NoSuchType\.json$/m);
      expect(drifted.stderr).toMatch(/Run: npm run build/);

      const rebuilt = runNode([TSX, 'scripts/build.ts', '--no-dist'], { cwd: dir });
      expect(rebuilt.status, rebuilt.stderr).toBe(0);
      // The docs' conformance page of that one build shows what the new validators say: the
      // figures `conformance` reports now, with failures, not the previous validators' verdicts.
      const run = runNode([TSX, 'src/bin.ts', 'conformance'], { cwd: dir });
      const figures = /^(\d+) passed, (\d+) failed$/m.exec(run.stdout);
      expect(run.status, run.stderr).toBe(1);
      expect(figures, run.stdout).not.toBeNull();
      expect(Number(figures![2])).toBeGreaterThan(0);
      const page = readFileSync(join(dir, 'generated', 'docs', 'conformance.html'), 'utf8');
      expect(page).toMatch(
        new RegExp(`<p class="summary">\\d+ cases over \\d+ variants: ${figures![1]} passed, ${figures![2]} failed\\.</p>`),
      );
      expect(page).toMatch(/<code>a2a\/TextPart#[^<]*<\/code>: expected valid/);
      const clean = runNode([TSX, 'scripts/build.ts', '--check'], { cwd: dir });
      expect(clean.stderr).toBe('');
      expect(clean.status).toBe(0);
      expect(clean.stdout).toMatch(/generated files are up to date/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 600_000);

  it('rejects an unknown argument with exit 2 and writes nothing', () => {
    const result = runNode([TSX, 'scripts/build.ts', '--chek']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/unknown argument --chek/);
  });
});
