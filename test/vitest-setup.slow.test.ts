/**
 * `bindu-protocol/vitest/setup` at run time: a project that lists it in `setupFiles` (and imports
 * nothing else of the package) gets the matchers on Vitest's `expect`; a failure lists the errors.
 * Its types are checked by test/library/guards-types.slow.test.ts (test/types/matchers.ts).
 */
import { spawnSync } from 'node:child_process';
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';
import { scratchProject } from './readme-examples.js';

describe('bindu-protocol/vitest/setup', () => {
  it('extends expect in a project that lists it in setupFiles', () => {
    const dir = scratchProject('vitest-setup');
    symlinkSync(join(ROOT, 'node_modules', 'vitest'), join(dir, 'node_modules', 'vitest'), 'dir');
    writeFileSync(
      join(dir, 'vitest.config.mjs'),
      "export default { test: { setupFiles: ['bindu-protocol/vitest/setup'], include: ['*.test.mjs'] } };\n",
    );
    writeFileSync(
      join(dir, 'message.test.mjs'),
      [
        "import { expect, it } from 'vitest';",
        "const good = { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'hi' }] };",
        "it('good', () => expect(good).toMatchProtocolType('Message', { variant: 'a2a-v1', strict: true }));",
        "it('bad', () => expect({ role: 'ROLE_USER', parts: [] }).toMatchProtocolType('Message', { variant: 'a2a-v1' }));",
        "it('not', () => expect({ parts: [] }).not.toMatchProtocolType('Message', { variant: 'a2a-v1' }));",
        '',
      ].join('\n'),
    );
    const run = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--reporter', 'verbose'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 240_000,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    const output = run.stdout + run.stderr;
    expect(run.status, output).toBe(1);
    expect(output).toMatch(/✓ message\.test\.mjs > good/);
    expect(output).toMatch(/✓ message\.test\.mjs > not/);
    expect(output).toMatch(/× message\.test\.mjs > bad/);
    expect(output).toContain('expected the value to be a valid Message of the a2a-v1 variant, but it has 2 errors:');
    expect(output).toContain('error (root): missing the required property "messageId"');
    expect(output).toMatch(/Tests {2}1 failed \| 2 passed \(3\)/);
  }, 300_000);
});
