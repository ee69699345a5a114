/**
 * The release (scripts/release.ts, .github/workflows/release.yml): one command sets the version everywhere and dates
 * the changelog, refusing what is wrong with exit 2 and nothing written; the workflow runs on a version tag and
 * publishes to npm with provenance and to PyPI by trusted publishing. `npm publish --dry-run` is release.slow.test.ts.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { pyproject } from '../../scripts/emit-python.js';
import { compareVersions } from '../../scripts/release.js';
import { ROOT, runNode, TSX } from '../helpers.js';

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** A checkout holding what a release changes, the changelog with `unreleased` under "## Unreleased". */
function checkout(unreleased: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'release-'));
  scratch.push(dir);
  for (const file of ['package.json', 'package-lock.json']) cpSync(join(ROOT, file), join(dir, file));
  mkdirSync(join(dir, 'python'));
  cpSync(join(ROOT, 'python/pyproject.toml'), join(dir, 'python/pyproject.toml'));
  writeFileSync(join(dir, 'CHANGELOG.md'), `# Changelog\n\nIntro.\n\n## Unreleased\n${unreleased}\n## 0.1.0\n\nThe first.\n`);
  return dir;
}

const release = (dir: string, ...args: string[]) =>
  runNode([TSX, join(ROOT, 'scripts/release.ts'), ...args, '--root', dir, '--date', '2026-12-01']);
const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');
const current = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; license: string };

describe('npm run release -- VERSION', () => {
  it('sets the version in package.json, package-lock.json and pyproject.toml, and dates the changelog', () => {
    const dir = checkout('\n- normalize.\n');
    const run = release(dir, '9.8.7');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(JSON.parse(read(dir, 'package.json')).version).toBe('9.8.7');
    const lock = JSON.parse(read(dir, 'package-lock.json'));
    expect([lock.version, lock.packages[''].version]).toEqual(['9.8.7', '9.8.7']);
    expect(read(dir, 'python/pyproject.toml')).toBe(pyproject('9.8.7', current.license));
    expect(read(dir, 'CHANGELOG.md')).toBe(
      '# Changelog\n\nIntro.\n\n## Unreleased\n\n## 9.8.7 (2026-12-01)\n\n- normalize.\n\n## 0.1.0\n\nThe first.\n',
    );
    expect(run.stdout).toContain('git tag v9.8.7');
  });

  it.each([
    ['not a version', ['1.2'], '\n- x.\n', /is not a version/],
    ['not above the current one', ['0.0.9'], '\n- x.\n', /is not above the current version/],
    ['an empty Unreleased section', ['9.0.0'], '\n', /section is empty/],
    ['no version at all', [], '\n- x.\n', /usage/],
  ])('refuses %s: exit 2, nothing written', (_what, args, unreleased, message) => {
    const dir = checkout(unreleased);
    const before = ['package.json', 'package-lock.json', 'CHANGELOG.md', 'python/pyproject.toml'].map((file) => read(dir, file));
    const run = release(dir, ...args);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(['package.json', 'package-lock.json', 'CHANGELOG.md', 'python/pyproject.toml'].map((file) => read(dir, file))).toEqual(before);
  });

  it('orders versions as semver does (a prerelease below its release)', () => {
    expect(compareVersions('1.0.0', '1.0.0-rc.1')).toBe(1);
    expect(compareVersions('0.10.0', '0.9.9')).toBe(1);
    expect(compareVersions('1.0.0', '1.0.0')).toBe(0);
  });

  it("the committed pyproject.toml is the release function's for the current version (the build writes the same)", () => {
    expect(read(ROOT, 'python/pyproject.toml')).toBe(pyproject(current.version, current.license));
  });
});

describe('.github/workflows/release.yml', () => {
  const workflow = parse(read(ROOT, '.github/workflows/release.yml')) as {
    on: { push: { tags: string[] } };
    jobs: Record<string, { needs?: string; permissions?: Record<string, string>; steps: { run?: string; uses?: string }[] }>;
  };
  const runs = (job: string) => workflow.jobs[job]!.steps.map((step) => step.run ?? step.uses ?? '');

  it('runs on a version tag, checks the tag against package.json and the build, then publishes to npm and PyPI', () => {
    expect(workflow.on).toEqual({ push: { tags: ['v*.*.*'] } });
    expect(runs('check')).toEqual(expect.arrayContaining(['npm run build -- --check', expect.stringContaining('GITHUB_REF_NAME')]));
    expect(workflow.jobs.npm!.needs).toBe('check');
    expect(workflow.jobs.pypi!.needs).toBe('check');
  });

  it('npm with provenance (an OIDC token), PyPI by trusted publishing (no password) after twine check', () => {
    expect(workflow.jobs.npm!.permissions?.['id-token']).toBe('write');
    expect(runs('npm')).toContain('npm publish --provenance --access public');
    expect(workflow.jobs.pypi!.permissions?.['id-token']).toBe('write');
    const pypi = runs('pypi');
    expect(pypi).toContain('pypa/gh-action-pypi-publish@release/v1');
    expect(pypi.indexOf('python -m twine check --strict dist/*')).toBeLessThan(pypi.indexOf('pypa/gh-action-pypi-publish@release/v1'));
    expect(read(ROOT, '.github/workflows/release.yml')).not.toMatch(/password:/);
  });
});
