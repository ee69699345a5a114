/**
 * README.md's "any language" quick start, run as written: the Python example with the `jsonschema`
 * of Debian's python3-jsonschema (installed by scripts/install-test-tools.sh) on the published
 * Task schema, in a project where `node_modules/bindu-protocol` is this checkout.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { README, codeBlocks, quickStart, scratchProject } from './readme-examples.js';

describe('README.md: the Python quick start', () => {
  it('prints True for the valid Task, then the error of the typo, as its comments say', () => {
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
