/**
 * The v0.3 ⇄ v1.0 translators inside @a2a-js/sdk 1.x (`dist/compat/v0_3/{client,server}/index.js`),
 * which the package does not export: each bundle is loaded again from a copy in a temporary
 * directory with an export line added (the server bundle's one import, jose, serves card signing
 * only and is stubbed). The SDK works on its in-memory "core" objects; `AgentCard.toJSON` /
 * `fromJSON` (exported) turn them into ProtoJSON and back.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

type Fn = (...args: unknown[]) => unknown;
export type Translators = Record<string, Fn>;

const require = createRequire(import.meta.url);

/** The directory of the SDK's `dist/`. */
function distDir(): string {
  return dirname(require.resolve('@a2a-js/sdk-v1'));
}

function functionNames(source: string): string[] {
  return [...source.matchAll(/^function ((?:toCore|toCompat)[A-Za-z]*)\(/gm)].map((match) => match[1]!);
}

async function load(bundle: 'client' | 'server'): Promise<Translators> {
  let source = readFileSync(join(distDir(), 'compat', 'v0_3', bundle, 'index.js'), 'utf8');
  if (/^import .* from "(?!jose")/m.test(source))
    throw new Error(`the SDK's ${bundle} bundle imports more than it did; update this loader`);
  source = source.replace(/^import \* as jose from "jose";$/m, 'const jose = {};');
  source = source.replace(/^export \{[\s\S]*?\};\s*$/m, '');
  const names = functionNames(source);
  const file = join(mkdtempSync(join(tmpdir(), 'bindu-sdk-translators-')), `${bundle}.mjs`);
  writeFileSync(file, `${source}\nexport { ${names.join(', ')} };\n`);
  return (await import(pathToFileURL(file).href)) as Translators;
}

/** The SDK's translators: the client bundle's and the server bundle's (the server's win where both have one). */
export async function sdkTranslators(): Promise<Translators> {
  return { ...(await load('client')), ...(await load('server')) };
}
