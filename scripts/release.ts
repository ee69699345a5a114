/**
 * Prepares a release in one step: `npm run release -- 0.2.0` sets the version in package.json, package-lock.json and
 * python/pyproject.toml (written by the same function as the build's, scripts/emit-python.ts), and turns
 * CHANGELOG.md's "## Unreleased" section into "## 0.2.0 (YYYY-MM-DD)" under a new, empty "## Unreleased". It commits
 * nothing and pushes nothing: it prints the commands that do (commit, tag `v0.2.0`, push the tag), and the tag starts
 * .github/workflows/release.yml, which publishes to npm and PyPI.
 *
 * Refused, with exit 2 and nothing written: a version that is not `MAJOR.MINOR.PATCH[-PRERELEASE]`, one not above the
 * current version, or an empty "## Unreleased" section (a release says what it changes). `--date YYYY-MM-DD` fixes
 * the date (tests); `--root DIR` works on another checkout.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../src/shell/write-file-atomic.js';
import { pyproject } from './emit-python.js';

const VERSION = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z.-]+))?$/;
const UNRELEASED = '## Unreleased';

export class ReleaseError extends Error {}

/** -1, 0 or 1 as `a` is below, equal to or above `b` (semver precedence; a prerelease is below its release). */
export function compareVersions(a: string, b: string): number {
  const pa = VERSION.exec(a)!;
  const pb = VERSION.exec(b)!;
  for (let i = 1; i <= 3; i++) {
    const d = Number(pa[i]) - Number(pb[i]);
    if (d !== 0) return Math.sign(d);
  }
  if (pa[4] === pb[4]) return 0;
  if (pa[4] === undefined) return 1;
  if (pb[4] === undefined) return -1;
  return pa[4] < pb[4] ? -1 : 1;
}

/** The new text of every file a release changes (nothing is written). */
export function prepareRelease(root: string, version: string, date: string): Map<string, string> {
  if (!VERSION.test(version)) throw new ReleaseError(`"${version}" is not a version (MAJOR.MINOR.PATCH, optionally -PRERELEASE)`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new ReleaseError(`"${date}" is not a date (YYYY-MM-DD)`);
  const pkgText = readFileSync(join(root, 'package.json'), 'utf8');
  const pkg = JSON.parse(pkgText) as { version: string; license: string };
  if (compareVersions(version, pkg.version) <= 0) throw new ReleaseError(`${version} is not above the current version ${pkg.version}`);
  const changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
  const start = changelog.indexOf(`\n${UNRELEASED}\n`);
  if (start < 0) throw new ReleaseError(`CHANGELOG.md has no "${UNRELEASED}" section`);
  const bodyStart = start + UNRELEASED.length + 2;
  const next = changelog.indexOf('\n## ', bodyStart);
  const body = changelog.slice(bodyStart, next < 0 ? undefined : next + 1);
  if (body.trim() === '') throw new ReleaseError(`CHANGELOG.md's "${UNRELEASED}" section is empty: say what the release changes`);

  const files = new Map<string, string>();
  files.set('package.json', pkgText.replace(/^(\s*"version":\s*)"[^"]*"/m, `$1"${version}"`));
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
    version: string;
    packages: Record<string, { version?: string }>;
  };
  lock.version = version;
  if (lock.packages[''] !== undefined) lock.packages[''].version = version;
  files.set('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
  files.set('python/pyproject.toml', pyproject(version, pkg.license));
  files.set(
    'CHANGELOG.md',
    `${changelog.slice(0, start)}\n${UNRELEASED}\n\n## ${version} (${date})\n${body.startsWith('\n') ? '' : '\n'}${body}${next < 0 ? '' : changelog.slice(next + 1)}`,
  );
  return files;
}

function main(argv: string[]): number {
  const option = (name: string) => {
    const i = argv.indexOf(name);
    if (i < 0) return undefined;
    const value = argv[i + 1];
    argv.splice(i, 2);
    return value;
  };
  const root = option('--root') ?? join(import.meta.dirname, '..');
  const date = option('--date') ?? new Date().toISOString().slice(0, 10);
  const [version, ...rest] = argv;
  if (version === undefined || rest.length > 0 || version.startsWith('-')) {
    process.stderr.write('usage: npm run release -- VERSION [--date YYYY-MM-DD] [--root DIR]\n');
    return 2;
  }
  let files: Map<string, string>;
  try {
    files = prepareRelease(root, version, date);
  } catch (error) {
    if (!(error instanceof ReleaseError) && !(error instanceof Error && 'code' in error)) throw error;
    process.stderr.write(`release: ${(error as Error).message}\n`);
    return 2;
  }
  for (const [path, text] of files) writeFileAtomic(join(root, path), text);
  process.stdout.write(
    `release ${version}: ${[...files.keys()].join(', ')} updated. Then:\n` +
      `  npm run build -- --check && git commit -am "Release ${version}" && git tag v${version} && git push origin v${version}\n`,
  );
  return 0;
}

if (process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/')))
  process.exitCode = main(process.argv.slice(2));
