/**
 * Bundles the runtime the package root exports (src/index.ts and what it imports) into an ES
 * module with its lazy chunks, `dist/index.mjs` and `dist/index-<group>.cjs` (scripts/lib/lazy-root.ts),
 * and one CommonJS file, `dist/index.cjs`; `bindu-protocol/typebox` (src/typebox.ts) into
 * `dist/typebox.mjs` and `.cjs`; the test matchers (src/vitest.ts) into `dist/vitest.mjs` and
 * `.cjs`; the command line (src/bin.ts) into `dist/bin.mjs`, the package's `bin`; and the worker
 * thread of `validate --jobs` (src/commands/validate/worker.ts) into `dist/validate-worker.mjs`.
 *
 * Why: a process that imports the package and validates one payload spends most of its start-up
 * loading and compiling modules (the cold-start target of `npm run bench`). One file loads in one
 * step; the ES module root compiles only what a validation needs. TypeBox and ajv stay imports
 * (reached only on demand); the precompiled validators are loaded at run time through the
 * generated registry. The format definitions of ajv-formats are bundled: importing a CommonJS
 * file from an ES module makes Node lex it for its export names and compile it on its own.
 */
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { bundleLazyRoot } from './lib/lazy-root.js';

/**
 * What the bundles import instead of containing: the runtime dependencies (package.json
 * `dependencies`; `yaml` must stay out, as its CommonJS build `require`s Node's `process`, which an
 * ES module bundle cannot) and the generated registry.
 */
const EXTERNAL = [
  '@sinclair/typebox',
  '@sinclair/typebox/*',
  'ajv',
  'ajv/*',
  'yaml',
  '@grpc/grpc-js',
  'protobufjs',
  'protobufjs/*',
  'undici',
];

/**
 * The generated registry, imported by every bundle by its path from dist/ rather than as `#generated-validators`
 * (package.json `imports`, which the unbundled modules use): Node resolves a relative path in a fraction of the time
 * it takes to read and match the `imports` field, which counts in a process's first import of the package.
 */
const registryByPath: Plugin = {
  name: 'registry-by-path',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^#generated-validators$/ }, () => ({ path: '../generated/validators/index.cjs', external: true }));
  },
};

/** What each bundle's banner calls it. */
const LABELS = { index: 'runtime', typebox: 'TypeBox variants', vitest: 'test matchers', 'vitest-setup': 'test matchers' } as const;

/**
 * Writes the bundles under `root`/dist: the package root as an ES module with its lazy chunks (scripts/lib/lazy-root.ts)
 * and as one CommonJS file, the other entries, the worker and the command line. Throws (with esbuild's messages)
 * when bundling fails.
 */
export async function bundleRuntime(root: string): Promise<void> {
  const common: BuildOptions = {
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    target: 'node20',
    external: EXTERNAL,
    plugins: [registryByPath],
    legalComments: 'none',
    logLevel: 'error',
  };
  const banner = (label: string, format: string, entry: string) =>
    `// bindu-protocol ${label} (${format}), bundled by scripts/bundle-runtime.ts from src/${entry}.ts. Do not edit.`;
  await bundleLazyRoot({ root, external: EXTERNAL, plugins: [registryByPath], banner: banner(LABELS.index, 'esm', 'index') });
  // The package root as CommonJS, `bindu-protocol/typebox` and `bindu-protocol/vitest` (the matchers), each as ESM and CommonJS.
  for (const [entry, format, file] of [
    ['index', 'cjs', 'index.cjs'],
    ['typebox', 'esm', 'typebox.mjs'],
    ['typebox', 'cjs', 'typebox.cjs'],
    ['vitest', 'esm', 'vitest.mjs'],
    ['vitest', 'cjs', 'vitest.cjs'],
    ['vitest-setup', 'esm', 'vitest-setup.mjs'],
  ] as const) {
    await build({
      ...common,
      entryPoints: [join(root, 'src', `${entry}.ts`)],
      outfile: join(root, 'dist', file),
      format,
      // The setup entry extends the `expect` of the test run's own vitest.
      external: entry === 'vitest-setup' ? [...EXTERNAL, 'vitest'] : EXTERNAL,
      banner: { js: banner(LABELS[entry], format, entry) },
    });
  }
  // The worker threads of `validate --ndjson --jobs N`, started by the CLI from dist/validate-worker.mjs.
  await build({
    ...common,
    entryPoints: [join(root, 'src', 'commands', 'validate', 'worker.ts')],
    outfile: join(root, 'dist', 'validate-worker.mjs'),
    format: 'esm',
    banner: {
      js: '// bindu-protocol validation worker, bundled by scripts/bundle-runtime.ts from src/commands/validate/worker.ts. Do not edit.',
    },
  });
  // The command line, split: dist/bin.mjs starts what `validate --jobs` needs and imports the rest, each command a chunk
  // of its own under dist/chunks/ (loaded when that command runs), the modules they share in chunks of their own.
  rmSync(join(root, 'dist', 'chunks'), { recursive: true, force: true });
  await build({
    ...common,
    entryPoints: { bin: join(root, 'src', 'bin.ts') },
    outdir: join(root, 'dist'),
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    splitting: true,
    format: 'esm',
    // Chunks are one level deeper: the registry by its name (package.json `imports`), which works from any depth.
    external: [...EXTERNAL, '#generated-validators'],
    plugins: [],
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
