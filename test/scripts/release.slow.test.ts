/**
 * What `npm publish` would send, without sending it (`npm publish --dry-run`): the package's name and version, no
 * field npm would have to correct (it drops a `bin` it finds invalid), the bin, the root and a standalone entry point
 * inside. The wheel and sdist are built and checked in test/python/package.slow.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';
import { run } from '../package-consumer.js';

describe('npm publish --dry-run', () => {
  it('would publish this version with its bin and entry points, and nothing npm has to correct', () => {
    const result = run('npm', ['publish', '--dry-run', '--json', '--ignore-scripts', '--tag', 'dry-run'], ROOT);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).not.toMatch(/auto-corrected|invalid and removed/);
    const report = JSON.parse(result.stdout) as Record<string, { name: string; version: string; files: { path: string }[] }>;
    const published = report['bindu-protocol'] ?? (report as unknown as { name: string; version: string; files: { path: string }[] });
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect([published.name, published.version]).toEqual(['bindu-protocol', pkg.version]);
    const files = published.files.map((file) => file.path);
    expect(files).toEqual(
      expect.arrayContaining([
        'dist/bin.mjs',
        'dist/index.mjs',
        'generated/standalone/a2a/Message.mjs',
        'generated/standalone/standalone.d.ts',
      ]),
    );
  });
});
