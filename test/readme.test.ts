/**
 * README.md as a user meets it: the install command and the first quick-start example in its first
 * 40 lines; that example, run as written against this checkout's build, prints what the README
 * says; links only to files the package holds (or to absolute URLs); and the Development section
 * gives exactly the two commands CI runs (.ci/run).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';
import { README, codeBlocks, quickStart, scratchProject } from './readme-examples.js';

const LINES = README.split('\n');

describe('README.md', () => {
  it('shows the install command and the first quick-start example in its first 40 lines', () => {
    const install = LINES.findIndex((line) => line.trim() === 'npm install bindu-protocol');
    expect(install).toBeGreaterThanOrEqual(0);
    expect(install).toBeLessThan(40);
    const first = codeBlocks(README.slice(README.indexOf('## Quick start'))).find((b) => b.lang === 'ts')!;
    const offset = README.slice(0, README.indexOf('## Quick start')).split('\n').length - 1;
    expect(first.end + offset, 'the closing fence of the first example').toBeLessThanOrEqual(40);
    expect(first.code).toContain("from 'bindu-protocol'");
  });

  it('its first example prints what the README says it prints', () => {
    const dir = scratchProject('readme-quick-start');
    const { payload, code, output } = quickStart();
    writeFileSync(join(dir, 'task.json'), payload);
    writeFileSync(join(dir, 'check.mjs'), code);
    const run = spawnSync(process.execPath, ['check.mjs'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout.trimEnd().split('\n')).toEqual(output);
  });

  it('links only to files the package holds, or to absolute URLs', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { files: string[] };
    const roots = pkg.files.filter((f) => !f.startsWith('!'));
    const links = [...README.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!).filter((href) => !/^(https?:|#)/.test(href));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      const path = link.split('#')[0]!;
      expect(existsSync(join(ROOT, path)), `${link} exists`).toBe(true);
      const packed =
        ['README.md', 'LICENSE', 'package.json'].includes(path) || roots.some((root) => path === root || path.startsWith(`${root}/`));
      expect(packed, `${link} is in the package`).toBe(true);
    }
    expect(README).not.toMatch(/\(test\/|`test\//);
  });

  it('its Development section gives exactly the commands CI runs', () => {
    const section = README.slice(README.indexOf('## Development'), README.indexOf('## License'));
    const commands = codeBlocks(section)[0]!
      .code.split('\n')
      .map((line) => line.replace(/#.*/, '').trim())
      .filter(Boolean);
    expect(commands).toEqual(['npm ci && npm run build', 'npm test']);
    const ci = readFileSync(join(ROOT, '.ci', 'run'), 'utf8')
      .split('\n')
      .filter((line) => /^npm /.test(line));
    expect(ci).toEqual(['npm ci', 'npm run build', 'npm test']);
  });
});
