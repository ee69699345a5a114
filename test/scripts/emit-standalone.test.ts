/**
 * The standalone entry points (scripts/emit-standalone.ts, `bindu-protocol/standalone/<variant>/<Type>`): the same
 * verdict as the package root on every conformance case of every type target, strict and not; nothing but plain
 * ESM and the precompiled validators (no `node:` import, no eval); and a browser bundle (esbuild, minified)
 * validating one Message that stays small, measured gzipped.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../../src/library/conformance/backend.js';
import { fixtureSchemaValidator, lintVariant } from '../../src/library/conformance/lint.js';
import { readVariantFiles } from '../../src/library/conformance/load-fixtures.js';
import { validate } from '../../src/library/validate.js';
import { variantNames } from '../../schemas/variant-table.js';
import { ROOT, runNode } from '../helpers.js';

const STANDALONE = join(ROOT, 'generated/standalone');

/** The bound on the one-Message browser bundle, min+gzip (issue 39: a client validating one type in a browser). */
const MESSAGE_BUNDLE_MAX_GZIP = 15 * 1024;

/**
 * The standalone verdicts on `cases` ([variant, type, data] each, strict and not), from a plain Node process that
 * imports each entry point by its published name (`bindu-protocol/standalone/<variant>/<Type>`, the package
 * resolving itself through package.json "exports"), as a user's code would, with no transform in between.
 */
function standaloneVerdicts(cases: readonly [string, string, unknown][]): [boolean, boolean][] {
  const script = `
    const cases = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
    (async () => {
      const out = [];
      for (const [variant, type, data] of cases) {
        const { validate } = await import('bindu-protocol/standalone/' + variant + '/' + type);
        out.push([validate(data), validate(data, { strict: true })]);
      }
      process.stdout.write(JSON.stringify(out));
    })();`;
  const run = runNode(['-e', script], { input: JSON.stringify(cases) });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout);
}

describe('standalone entry points: the verdict of the package root', () => {
  const backend = createBackend(ROOT);
  const validateFixture = fixtureSchemaValidator(ROOT);

  it('every type of every variant has one, and every conformance case of a type target gets the same verdict, strict and not', () => {
    const cases: [string, string, unknown][] = [];
    for (const variant of variantNames) {
      const types = readdirSync(join(STANDALONE, variant)).map((file) => file.replace(/\.mjs$/, ''));
      expect(types.sort()).toEqual([...backend.catalogue(variant)!.types].sort());
      const { cases: resolved } = lintVariant(
        readVariantFiles(join(ROOT, 'conformance'), variant),
        backend.catalogue(variant),
        validateFixture,
      );
      for (const c of resolved) if ('type' in c.target) cases.push([variant, c.target.type, c.data]);
    }
    expect(cases.length).toBeGreaterThan(500);
    const verdicts = standaloneVerdicts(cases);
    const disagreements = cases.flatMap(([variant, type, data], i) => {
      const root = [
        validate(type, data, { variant: variant as never }).valid,
        validate(type, data, { variant: variant as never, strict: true }).valid,
      ];
      return root[0] === verdicts[i]![0] && root[1] === verdicts[i]![1]
        ? []
        : [`${variant} ${type} #${i}: root ${root}, standalone ${verdicts[i]}`];
    });
    expect(disagreements).toEqual([]);
  });
});

describe('standalone entry points: small enough for a browser', () => {
  it(`a minified browser bundle validating one Message is at most ${MESSAGE_BUNDLE_MAX_GZIP} bytes gzipped, with no node: import and no eval`, async () => {
    const bundle = await build({
      stdin: {
        contents: `import { validate } from ${JSON.stringify(join(STANDALONE, 'a2a', 'Message.mjs'))}; globalThis.verdict = validate(globalThis.payload);`,
        resolveDir: ROOT,
      },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
    });
    const code = bundle.outputFiles[0]!.text;
    const gzipped = gzipSync(code).length;
    expect(gzipped).toBeLessThanOrEqual(MESSAGE_BUNDLE_MAX_GZIP);
    expect(code).not.toMatch(/\bnode:|new Function\(|\beval\(/);
    // The bundle works: a valid and an invalid Message.
    const run = new Function('globalThis', `${code.replace(/export\s*\{[^}]*\};?\s*$/, '')}; return globalThis.verdict;`);
    const message = { kind: 'message', messageId: 'm-1', role: 'user', parts: [{ kind: 'text', text: 'hi' }] };
    expect(run({ payload: message })).toBe(true);
    expect(run({ payload: { ...message, role: 'robot' } })).toBe(false);
    console.info(`one-Message browser bundle: ${code.length} bytes minified, ${gzipped} bytes gzipped`);
  });
});
