/**
 * README.md's Python quick starts, run as written:
 * - "any language": the example with the `jsonschema` of Debian's python3-jsonschema (installed by
 *   scripts/install-test-tools.sh) on the published Task schema, in a project where
 *   `node_modules/bindu-protocol` is this checkout;
 * - "Validate in Python": its install commands in a directory holding a copy of python/ (as a clone
 *   would), then its example and its command line from the virtual environment they made.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';
import { INSTALL_TIMEOUT_MS, needSystemTools } from './system-tools.js';
import { README, codeBlocks, quickStart, scratchProject } from './readme-examples.js';

describe('README.md: the Python quick start', () => {
  it('prints True for the valid Task, then the error of the typo, as its comments say', { timeout: INSTALL_TIMEOUT_MS }, () => {
    needSystemTools('python3-jsonschema');
    const dir = scratchProject('readme-python');
    writeFileSync(join(dir, 'task.json'), quickStart().payload);
    const python = codeBlocks(README.slice(README.indexOf('## Quick start'))).find((b) => b.lang === 'python')!.code;
    writeFileSync(join(dir, 'check.py'), python);
    const run = spawnSync('/usr/bin/python3', ['check.py'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    // The comments in the README: `# True`, then `# $.status.state 'complete' is not one of ['submitted', ...]`.
    const said = [...python.matchAll(/# (.+)$/gm)].map((m) => m[1]!.trim());
    expect(lines[0]).toBe(said[0]);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.startsWith(said[1]!.replace(/\.\.\.\]$/, ''))).toBe(true);
  });
});

describe('README.md: Validate in Python', () => {
  it(
    'builds and installs the wheel as written, and the example and the CLI print what the comments say',
    () => {
      needSystemTools('python3-jsonschema', 'python3-build', 'python3-wheel', 'python3-setuptools', 'python3-venv');
      const section = README.slice(README.indexOf('### Validate in Python'), README.indexOf('### Check a live agent'));
      const [install, cli] = codeBlocks(section).filter((b) => b.lang === 'sh');
      const python = codeBlocks(section).find((b) => b.lang === 'python')!.code;
      const dir = scratchProject('readme-python-package');
      cpSync(join(ROOT, 'python'), join(dir, 'python'), {
        recursive: true,
        filter: (path) => !/(__pycache__|\.egg-info|[\\/]build$|[\\/]dist$)/.test(path),
      });
      writeFileSync(join(dir, 'task.json'), quickStart().payload);
      const env = { ...process.env, PATH: `/usr/bin:${process.env.PATH ?? ''}` };
      const sh = (script: string) => spawnSync('bash', ['-e', '-c', script], { cwd: dir, env, encoding: 'utf8', timeout: 600_000 });
      const installed = sh(install!.code);
      expect(installed.status, installed.stderr).toBe(0);

      writeFileSync(join(dir, 'check.py'), python);
      const run = spawnSync(join(dir, '.venv', 'bin', 'python'), ['check.py'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const said = [...python.matchAll(/# (.+)$/gm)].map((m) => m[1]!.trim());
      expect(said.length).toBe(5);
      expect(run.stdout.trimEnd().split('\n')).toEqual(said);

      const checked = sh(cli!.code.replace(/#.*/, ''));
      expect(checked.status).toBe(0);
      expect(checked.stdout.trim()).toBe(/# (.+?) \(exit 0\)/.exec(cli!.code)![1]);
    },
    INSTALL_TIMEOUT_MS,
  );
});
