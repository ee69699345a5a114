/**
 * README.md as packed (issue 34): every relative link in it names a file or folder the tarball holds
 * (the file list of `npm pack --dry-run`), so the README on npm has no dead links into the repository.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';
import { README } from './readme-examples.js';

describe('README links in the tarball', () => {
  it('every relative link resolves to a packed file or folder', () => {
    const listed = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' }),
    ) as {
      files: { path: string }[];
    }[];
    const files = listed[0]!.files.map((file) => file.path);
    const links = [...README.matchAll(/\]\(([^)\s]+)\)/g)]
      .map((match) => match[1]!.replace(/#.*$/, ''))
      .filter((link) => link !== '' && !/^[a-z][a-z+.-]*:/i.test(link))
      .map((link) => link.replace(/^\.\//, '').replace(/\/$/, ''));
    expect(links.length).toBeGreaterThan(0);
    const dead = links.filter((link) => !files.includes(link) && !files.some((file) => file.startsWith(`${link}/`)));
    expect(dead).toEqual([]);
  }, 60_000);
});
