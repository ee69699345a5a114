/**
 * The ES module package root (`dist/index.mjs`) without what a validation never reaches: the modules of each
 * `LAZY_CHUNKS` group go to a CommonJS chunk of their own (`dist/index-<group>.cjs`), which the root loads on the
 * first call of one of their functions, through the generated registry's literal `require` (`lazy.<group>()`), so
 * Node, bundlers and browsers all follow it. In the root each such module is a stub of the same exports: a function
 * forwards its call to the chunk, a plain object reads each of its keys from it. A chunk holds no second copy of what
 * the root already has: every module of the root it imports is handed to it (`__core`) when it is loaded, so both
 * share one registry, one cache of loaded variants and the same classes. Why: a fresh process that imports the
 * package and validates compiles only what the validation needs (`npm run bench`, cold start).
 */
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chunkFile, LAZY_CHUNKS } from './lazy-chunks.js';

/** What every bundle shares: esbuild's options for the package's code. */
export interface BundleOptions {
  readonly root: string;
  readonly external: readonly string[];
  readonly plugins: readonly Plugin[];
  readonly banner: string;
}

const STUB = 'lazy-stub';
const CORE = 'lazy-core';
const LOADER = 'lazy-loader';

/** A path as the chunks and the loader name it: relative to the root, with forward slashes. */
const keyOf = (root: string, file: string): string => relative(root, file).split(sep).join('/');

/**
 * Resolves every import the package's code makes (not the packages it uses) to a file, so a plugin can tell which
 * module it is; `undefined` for what esbuild resolves on its own.
 */
async function resolveOwn(
  args: { path: string; resolveDir: string; kind: string; pluginData?: unknown },
  resolve: (path: string, options: object) => Promise<{ path: string; errors: unknown[] }>,
): Promise<string | undefined> {
  if (args.pluginData === 'own' || !args.path.startsWith('.')) return undefined;
  const found = await resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, pluginData: 'own' });
  return found.errors.length === 0 ? found.path : undefined;
}

/**
 * The source of a module's stub: one export per export of the module (read from the module tsc wrote to `dist/`).
 * A function forwards; a plain object is an object whose keys read the chunk's; a string, number or boolean is
 * written as it is; anything else cannot wait and the build stops.
 */
export async function stubSource(root: string, group: string, key: string): Promise<string> {
  const compiled = join(root, 'dist', key.replace(/\.ts$/, '.js'));
  const exports = (await import(pathToFileURL(compiled).href)) as Record<string, unknown>;
  const lines = [
    `import { lazyModule } from ${JSON.stringify(LOADER)};`,
    // Looked up once; a function's stub puts the chunk's function in its place at its first call, so that the calls
    // after it (validateMessage per payload, the words of each invalid one) go straight to the chunk.
    'let loaded;',
    `const chunk = () => (loaded ??= lazyModule(${JSON.stringify(group)}, ${JSON.stringify(key)}));`,
  ];
  for (const [name, value] of Object.entries(exports)) {
    if (typeof value === 'function' && !/^class\b/.test(Function.prototype.toString.call(value))) {
      lines.push(`export function ${name}(...args) { ${name} = chunk().${name}; return ${name}(...args); }`);
    } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      lines.push(`export const ${name} = ${JSON.stringify(value)};`);
    } else if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
      const keys = Object.keys(value).map((k) => `  get ${JSON.stringify(k)}() { return chunk().${name}[${JSON.stringify(k)}]; },`);
      lines.push(`export const ${name} = {`, ...keys, '};');
    } else {
      throw new Error(
        `${key} is loaded on first use (scripts/lib/lazy-root.ts LAZY_CHUNKS), but its export "${name}" is neither a function nor a plain object`,
      );
    }
  }
  return lines.join('\n');
}

/** The root's plugin: each lazy module becomes its stub; the loader hands the chunks the root's modules they import. */
function rootPlugin(root: string, core: ReadonlySet<string>): Plugin {
  const groupOf = new Map(Object.entries(LAZY_CHUNKS).flatMap(([group, keys]) => keys.map((key) => [key, group] as const)));
  return {
    name: 'lazy-root',
    setup(esbuild) {
      esbuild.onResolve({ filter: new RegExp(`^${LOADER}$`) }, () => ({ path: LOADER, namespace: LOADER }));
      esbuild.onResolve({ filter: /^\./ }, async (args) => {
        const file = await resolveOwn(args, esbuild.resolve);
        return file && groupOf.has(keyOf(root, file)) ? { path: keyOf(root, file), namespace: STUB } : undefined;
      });
      esbuild.onLoad({ filter: /.*/, namespace: STUB }, async (args) => ({
        contents: await stubSource(root, groupOf.get(args.path)!, args.path),
        resolveDir: root,
        loader: 'js',
      }));
      esbuild.onLoad({ filter: /.*/, namespace: LOADER }, () => {
        const entries = [...core];
        return {
          contents: [
            `import { lazy } from '#generated-validators';`,
            ...entries.map((key, index) => `import * as m${index} from ${JSON.stringify(`./${key}`)};`),
            `const core = { ${entries.map((key, index) => `${JSON.stringify(key)}: m${index}`).join(', ')} };`,
            'const loaded = {};',
            "/** The module `key` of the chunk `group`, the chunk loaded (and handed the root's modules) the first time. */",
            'export function lazyModule(group, key) { return (loaded[group] ??= lazy[group]()(core))[key]; }',
          ].join('\n'),
          resolveDir: root,
          loader: 'js',
        };
      });
    },
  };
}

/**
 * The source of a root module as a chunk sees it. One of the package's own: an ES module whose exports are the root
 * module's, each read once when the chunk loads, so the chunk's code calls them as its own (a CommonJS module in
 * their place would be read through an esbuild getter at every use). A module with an `export let` (a binding that
 * changes, such as load-validators.ts `registryGeneration`) and the packages' modules stay CommonJS: read at each use.
 */
export async function coreSource(root: string, key: string): Promise<string> {
  const live = `module.exports = __core[${JSON.stringify(key)}];`;
  if (!key.endsWith('.ts')) return live;
  const compiled = join(root, 'dist', key.replace(/\.ts$/, '.js'));
  if (/^export (?:let|var)\b/m.test(readFileSync(compiled, 'utf8'))) return live;
  const names = Object.keys((await import(pathToFileURL(compiled).href)) as Record<string, unknown>);
  return [
    `const m = __core[${JSON.stringify(key)}];`,
    ...names.map((name, index) => `const v${index} = m[${JSON.stringify(name)}];`),
    `export { ${names.map((name, index) => `v${index} as ${name}`).join(', ')} };`,
  ].join('\n');
}

/** A chunk's plugin: every module the root has (or stubs) is the root's (`__core`); the rest is bundled. */
function chunkPlugin(root: string, rootModules: ReadonlySet<string>, own: ReadonlySet<string>, used: Set<string>): Plugin {
  return {
    name: 'lazy-chunk',
    setup(esbuild) {
      esbuild.onResolve({ filter: /^\./ }, async (args) => {
        const file = await resolveOwn(args, esbuild.resolve);
        if (!file) return undefined;
        const key = keyOf(root, file);
        if (own.has(key) || !rootModules.has(key)) return undefined;
        used.add(key);
        return { path: key, namespace: CORE };
      });
      esbuild.onLoad({ filter: /.*/, namespace: CORE }, async (args) => ({ contents: await coreSource(root, args.path), loader: 'js' }));
    },
  };
}

/**
 * Writes `dist/index.mjs` (the root with stubs) and `dist/index-<group>.cjs` for every group: the root first without
 * its loader's imports, to learn which modules it has; then each chunk, to learn which of those it imports (and which
 * modules two chunks would both bundle: those are given to the root); then the root again, its loader importing them.
 */
export async function bundleLazyRoot(options: BundleOptions): Promise<void> {
  const { root } = options;
  const common: BuildOptions = {
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    target: 'node20',
    external: [...options.external],
    legalComments: 'none',
    logLevel: 'error',
  };
  const rootBuild = (core: ReadonlySet<string>, write: boolean) =>
    build({
      ...common,
      entryPoints: [join(root, 'src', 'index.ts')],
      outfile: join(root, 'dist', 'index.mjs'),
      format: 'esm',
      plugins: [rootPlugin(root, core), ...options.plugins],
      banner: { js: options.banner },
      metafile: true,
      write,
    });
  const first = await rootBuild(new Set(), false);
  const lazyKeys = new Set(Object.values(LAZY_CHUNKS).flat());
  const rootModules = new Set(
    Object.keys(first.metafile?.inputs ?? {})
      .filter((input) => !input.includes(':'))
      .map((input) => keyOf(root, join(root, input))),
  );
  for (const key of lazyKeys) rootModules.add(key);
  // Each chunk, twice if need be: a module of none of the root's that more than one chunk would bundle goes to the root.
  const buildChunks = async (used: Set<string>) => {
    const bundled = new Map<string, number>();
    for (const [group, keys] of Object.entries(LAZY_CHUNKS)) {
      const own = new Set(keys);
      const result = await build({
        ...common,
        stdin: {
          contents: [
            ...keys.map((key, index) => `import * as m${index} from ${JSON.stringify(`./${key}`)};`),
            `export const modules = { ${keys.map((key, index) => `${JSON.stringify(key)}: m${index}`).join(', ')} };`,
          ].join('\n'),
          resolveDir: root,
          sourcefile: `lazy chunk "${group}"`,
        },
        outfile: join(root, 'dist', chunkFile(group)),
        format: 'iife',
        globalName: 'chunk',
        plugins: [chunkPlugin(root, rootModules, own, used), ...options.plugins],
        banner: {
          js: `${options.banner.replace(/\(esm\)/, `(chunk "${group}", loaded by the ES module root on first use)`)}\nmodule.exports = function (__core) {`,
        },
        footer: { js: 'return chunk.modules;\n};' },
        metafile: true,
      });
      for (const input of Object.keys(result.metafile?.inputs ?? {})) {
        if (!input.includes(':') && !input.startsWith('node_modules/')) bundled.set(input, (bundled.get(input) ?? 0) + 1);
      }
    }
    return [...bundled].filter(([, count]) => count > 1).map(([input]) => keyOf(root, join(root, input)));
  };
  let used = new Set<string>();
  const shared = await buildChunks(used);
  if (shared.length > 0) {
    for (const key of shared) rootModules.add(key);
    used = new Set();
    await buildChunks(used);
  }
  await rootBuild(used, true);
}
