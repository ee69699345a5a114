/**
 * Bundles the page of `bindu-protocol inspect` (src/commands/inspect/app/: Preact components in TSX, one style
 * sheet, one HTML file) into dist/inspect/: app.js (one ES module, Preact inside it, minified), app.css and
 * index.html, which the inspector serves as they are. Nothing is fetched at run time: no CDN, no font, no import
 * from elsewhere. `npm run build` calls this after the runtime bundles; the inspector's tests call it too.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

/** The page's source directory, from the package root. */
export const INSPECT_APP_SOURCE = join('src', 'commands', 'inspect', 'app');

/** Writes index.html, app.css and app.js under `outDir` (default `root`/dist/inspect). Throws with esbuild's messages. */
export async function bundleInspectApp(root: string, outDir = join(root, 'dist', 'inspect')): Promise<void> {
  const source = join(root, INSPECT_APP_SOURCE);
  mkdirSync(outDir, { recursive: true });
  await build({
    absWorkingDir: root,
    entryPoints: [join(source, 'main.tsx')],
    outfile: join(outDir, 'app.js'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['chrome110', 'firefox110', 'safari16'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    minify: true,
    legalComments: 'eof',
    logLevel: 'error',
    banner: {
      js: `// bindu-protocol inspect page, bundled by scripts/bundle-inspect-app.ts from ${INSPECT_APP_SOURCE.replaceAll('\\', '/')}. Do not edit.`,
    },
  });
  copyFileSync(join(source, 'index.html'), join(outDir, 'index.html'));
  copyFileSync(join(source, 'app.css'), join(outDir, 'app.css'));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await bundleInspectApp(process.cwd());
}
