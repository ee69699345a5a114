/**
 * Bundles the runtime the package root exports (src/index.ts and what it imports) into one ES
 * module and one CommonJS file, `dist/index.mjs` and `dist/index.cjs`, which `exports["."]`
 * points at; `bindu-protocol/typebox` (src/typebox.ts) into `dist/typebox.mjs` and `.cjs`; the
 * test matchers (src/vitest.ts) into `dist/vitest.mjs` and `dist/vitest.cjs`
 * (`exports["./vitest"]`); the command line (src/bin.ts) into `dist/bin.mjs`, the package's
 * `bin`; and the worker thread of `validate --jobs` (src/commands/validate/worker.ts) into
 * `dist/validate-worker.mjs`, which the command line starts by path.
 *
 * Why: a process that imports the package and validates one payload spends most of its start-up
 * loading modules, about twenty of them through the ESM loader one by one. One file loads in
 * one step (the cold-start target of `npm run bench`). The files tsc writes to dist/src and
 * dist/cjs stay: the declarations, the CLI, and the TypeBox variants that `lazy-variants.ts`
 * loads from dist/cjs on first use.
 *
 * TypeBox and ajv are left as imports (the bundles reach them only on demand, by `require`), and
 * so are the precompiled validators and the TypeBox variants, loaded at run time by path. The
 * format definitions of ajv-formats (one CommonJS file with no imports) are bundled: importing
 * a CommonJS file from an ES module makes Node lex it for its export names and compile it on its
 * own, which was most of the time the package root took to import.
 */
import { buildSync } from 'esbuild';
import { cpSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What the bundles import instead of containing: the runtime dependencies (package.json
 * `dependencies`; `yaml` must stay out, as its CommonJS build `require`s Node's `process`, which an
 * ES module bundle cannot) and the generated registry.
 */
const EXTERNAL = ['@sinclair/typebox', '@sinclair/typebox/*', 'ajv', 'ajv/*', 'yaml', '#generated-validators'];

/** What each bundle's banner calls it. */
const LABELS = { index: 'runtime', typebox: 'TypeBox variants', vitest: 'test matchers', 'vitest-setup': 'test matchers' } as const;

/** Writes dist/index.mjs and dist/index.cjs under `root`. Throws (with esbuild's messages) when bundling fails. */
export function bundleRuntime(root: string): void {
  // The package root, `bindu-protocol/typebox` and `bindu-protocol/vitest` (the matchers), each as ESM and CommonJS.
  for (const [entry, format, file] of [
    ['index', 'esm', 'index.mjs'],
    ['index', 'cjs', 'index.cjs'],
    ['typebox', 'esm', 'typebox.mjs'],
    ['typebox', 'cjs', 'typebox.cjs'],
    ['vitest', 'esm', 'vitest.mjs'],
    ['vitest', 'cjs', 'vitest.cjs'],
    ['vitest-setup', 'esm', 'vitest-setup.mjs'],
  ] as const) {
    buildSync({
      absWorkingDir: root,
      entryPoints: [join(root, 'src', `${entry}.ts`)],
      outfile: join(root, 'dist', file),
      bundle: true,
      format,
      platform: 'node',
      target: 'node20',
      // The setup entry extends the `expect` of the test run's own vitest.
      external: entry === 'vitest-setup' ? [...EXTERNAL, 'vitest'] : EXTERNAL,
      legalComments: 'none',
      logLevel: 'error',
      banner: {
        js: `// bindu-protocol ${LABELS[entry]} (${format}), bundled by scripts/bundle-runtime.ts from src/${entry}.ts. Do not edit.`,
      },
    });
  }
  // The worker threads of `validate --ndjson --jobs N`, started by the CLI from dist/validate-worker.mjs.
  buildSync({
    absWorkingDir: root,
    entryPoints: [join(root, 'src', 'commands', 'validate', 'worker.ts')],
    outfile: join(root, 'dist', 'validate-worker.mjs'),
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: EXTERNAL,
    legalComments: 'none',
    logLevel: 'error',
    banner: {
      js: '// bindu-protocol validation worker, bundled by scripts/bundle-runtime.ts from src/commands/validate/worker.ts. Do not edit.',
    },
  });
  buildSync({
    absWorkingDir: root,
    entryPoints: [join(root, 'src', 'bin.ts')],
    outfile: join(root, 'dist', 'bin.mjs'),
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: EXTERNAL,
    legalComments: 'none',
    logLevel: 'error',
    banner: { js: '// bindu-protocol command line, bundled by scripts/bundle-runtime.ts from src/bin.ts. Do not edit.' },
  });
}

/**
 * Gives CommonJS importers declarations of their own: the ESM declarations tsc wrote to dist/src
 * and dist/schemas, copied under dist/cjs (whose package.json says `commonjs`), so that
 * `exports[…].require.types` names a CommonJS declaration file for the CommonJS bundle and
 * TypeScript's node16 resolution accepts a `require` of the package (no "masquerading as ESM").
 */
export function copyCjsDeclarations(root: string): void {
  for (const dir of ['src', 'schemas']) {
    cpSync(join(root, 'dist', dir), join(root, 'dist', 'cjs', dir), {
      recursive: true,
      filter: (source) => !source.endsWith('.js'),
    });
  }
}
