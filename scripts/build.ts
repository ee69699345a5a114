/**
 * The build: every artifact generated from `schemas/`, deterministically.
 *
 *   npm run build               write generated/** and openrpc.json, then compile dist/
 *   npm run build -- --check    write nothing; exit 1 listing every stale, missing or orphaned file
 *
 * Every output is produced in memory first and checked (no dangling reference, a consistent
 * error catalogue, bundles valid against the 2020-12 meta-schema, OpenRPC documents valid and
 * dereferenceable) before anything is written, so a failed build leaves the tree as it was.
 */
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { emitJsonSchema } from './emit-json-schema.js';
import { emitOpenrpc } from './emit-openrpc.js';
import { emitOpenapi } from './emit-openapi.js';
import { emitGrpc } from './emit-grpc.js';
import { emitTypes } from './emit-types.js';
import { emitValidatorRegistry, emitValidators } from './emit-validators.js';
import { emitStandalone } from './emit-standalone.js';
import { emitZod } from './emit-zod.js';
import { DocsError, emitDocs } from './emit-docs.js';
import { PYTHON_GENERATED_FILES, PYTHON_GENERATED_ROOTS, emitPython } from './emit-python.js';
import { catalogueProblems } from './lib/catalogue.js';
import { danglingRefs, variantDefinitions, type JsonSchema } from './lib/json-schema.js';
import { checkJsonSchemaFiles, checkOpenrpcFiles } from './lib/validate-outputs.js';
import { ConformanceCases, openapiExamples } from './lib/examples.js';
import { validate } from '../src/library/validate.js';
import { validateMessage } from '../src/library/validate-message.js';
import type { MethodSpec } from '../schemas/variant.js';
import { withGeneratedFiles } from './lib/generated-in-memory.js';
import { SCHEMA_SETS, VARIANTS } from './lib/variants.js';
import { bundleRuntime, copyCjsDeclarations } from './bundle-runtime.js';
import { bundleInspectApp } from './bundle-inspect-app.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Where generated files live; anything under these that the build does not produce is an orphan. */
const GENERATED_ROOTS = ['generated', ...PYTHON_GENERATED_ROOTS];
const GENERATED_FILES = ['openrpc.json', ...PYTHON_GENERATED_FILES];

export interface BuildResult {
  /** Every generated file, path relative to the repository root → content. */
  readonly files: Map<string, string>;
  /** Per variant: how many types and methods it has. */
  readonly summary: { variant: string; types: number; methods: number; errors: number }[];
}

/** Produces every artifact in memory and checks it. Throws with every problem found. */
export async function generate(): Promise<BuildResult> {
  const files = new Map<string, string>();
  const summary: BuildResult['summary'] = [];
  const problems: string[] = [];
  const docsVariants: { spec: (typeof VARIANTS)[number]; definitions: ReturnType<typeof variantDefinitions> }[] = [];
  // The examples of the OpenRPC and OpenAPI documents: valid conformance cases (scripts/lib/examples.ts).
  const cases = new ConformanceCases(ROOT);
  for (const variant of VARIANTS) {
    const definitions = variantDefinitions(variant);
    docsVariants.push({ spec: variant, definitions });
    for (const dangling of danglingRefs(definitions)) problems.push(`${variant.name}: dangling reference ${dangling}`);
    for (const problem of catalogueProblems(definitions, variant.methods)) problems.push(`${variant.name}: ${problem}`);
    if (problems.length > 0) continue;
    const outputs = [
      emitJsonSchema(variant, definitions),
      await emitTypes(variant, definitions),
      emitValidators(variant, definitions),
      emitStandalone(variant, definitions),
      emitZod(variant, definitions),
    ];
    for (const output of outputs) for (const [path, text] of output) files.set(path, text);
    // OpenRPC last: its examples are the cases this variant's validators (just made) accept in strict mode.
    const openrpc = withGeneratedFiles(files, () => emitOpenrpc(variant, definitions, { cases, accepts: acceptsFor(variant.name) }));
    for (const [path, text] of openrpc) files.set(path, text);
    const errors = [...definitions.values()].filter((schema) => {
      const code = (schema.properties as Record<string, { const?: unknown }> | undefined)?.code?.const;
      return typeof code === 'number';
    }).length;
    summary.push({ variant: variant.name, types: definitions.size, methods: variant.methods.length, errors });
  }
  // Schema sets (scripts/lib/variants.ts): JSON Schema, declarations and validators only.
  const sets = new Map<string, Map<string, JsonSchema>>(docsVariants.map(({ spec, definitions }) => [spec.name, definitions]));
  for (const set of SCHEMA_SETS) {
    const definitions = variantDefinitions(set);
    sets.set(set.name, definitions);
    for (const dangling of danglingRefs(definitions)) problems.push(`${set.name}: dangling reference ${dangling}`);
    if (problems.length > 0) continue;
    for (const output of [emitJsonSchema(set, definitions), await emitTypes(set, definitions), emitValidators(set, definitions)]) {
      for (const [path, text] of output) files.set(path, text);
    }
  }
  // The OpenAPI documents of the HTTP+JSON bindings (scripts/emit-openapi.ts); an example body is
  // checked by this build's own validators (strict), loaded from memory.
  if (problems.length === 0) {
    withGeneratedFiles(files, () => {
      const examples = openapiExamples(cases, (set, type, value) => validate(type, value, { variant: set as never, strict: true }).valid);
      for (const variant of VARIANTS) {
        try {
          for (const [path, text] of emitOpenapi(variant, sets, examples)) files.set(path, text);
        } catch (error) {
          problems.push(`${variant.name}: OpenAPI: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    });
  }
  if (problems.length === 0) {
    // The gRPC binding's descriptor, from the v1.0 proto (scripts/emit-grpc.ts).
    try {
      const grpc = emitGrpc(ROOT);
      for (const [path, text] of grpc.files) files.set(path, text);
      // A note, not a problem: the build still succeeds (stdout, beside its summary).
      if (grpc.note) console.log(`build: ${grpc.note}`);
    } catch (error) {
      problems.push(`gRPC descriptor: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (problems.length === 0) {
    // The registry the runtime reaches every variant's validators and documents through.
    const names = (dir: string, suffix: string) =>
      [...files.keys()]
        .filter((path) => path.startsWith(dir) && path.endsWith(suffix) && !path.slice(dir.length).includes('/'))
        .map((path) => path.slice(dir.length, -suffix.length));
    const registry = emitValidatorRegistry(names('generated/validators/', '.meta.json'), names('generated/openapi/', '.json'));
    for (const [path, text] of registry) files.set(path, text);
  }
  if (problems.length === 0) {
    problems.push(...checkJsonSchemaFiles(files));
    problems.push(...(await checkOpenrpcFiles(files)));
  }
  if (problems.length === 0) {
    // The generated half of the Python package (scripts/emit-python.ts).
    for (const [path, text] of emitPython({ root: ROOT, variants: docsVariants, files })) files.set(path, text);
  }
  if (problems.length === 0) {
    // The reference site, from the outputs above (scripts/emit-docs.ts).
    try {
      for (const [path, text] of emitDocs({ root: ROOT, variants: docsVariants, files })) files.set(path, text);
    } catch (error) {
      if (!(error instanceof DocsError)) throw error;
      problems.push(...error.problems.map((problem) => `docs: ${problem}`));
    }
  }
  if (problems.length > 0) throw new BuildError(problems);
  return { files: new Map([...files].sort(([a], [b]) => a.localeCompare(b))), summary };
}

/** The check an OpenRPC example passes: its params as a request, its result as a success response, strict. */
function acceptsFor(variant: string) {
  return (method: MethodSpec, part: 'params' | 'result', value: unknown): boolean => {
    const options = { variant: variant as never, strict: true };
    if (part === 'params') return validateMessage({ jsonrpc: '2.0', id: 1, method: method.method, params: value }, options).valid;
    return validateMessage({ jsonrpc: '2.0', id: 1, result: value }, { ...options, method: method.method }).valid;
  };
}

export class BuildError extends Error {
  constructor(readonly problems: string[]) {
    super(`the build found ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Files currently on disk under the generated roots, relative paths. */
export function existingGeneratedFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir)) {
      // Python's byte-code caches (python/bindu_protocol/types/__pycache__) are no output of the build.
      if (entry === '__pycache__') continue;
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(relative(root, path).split('\\').join('/'));
    }
  };
  for (const dir of GENERATED_ROOTS) walk(join(root, dir));
  for (const file of GENERATED_FILES) if (existsSync(join(root, file))) out.push(file);
  return out.sort();
}

export interface Drift {
  readonly stale: string[];
  readonly missing: string[];
  readonly orphaned: string[];
}

/** Compares generated content with what is on disk. */
export function drift(root: string, files: Map<string, string>): Drift {
  const stale: string[] = [];
  const missing: string[] = [];
  for (const [path, text] of files) {
    const full = join(root, path);
    if (!existsSync(full)) missing.push(path);
    else if (readFileSync(full, 'utf8') !== text) stale.push(path);
  }
  const orphaned = existingGeneratedFiles(root).filter((path) => !files.has(path));
  return { stale, missing, orphaned };
}

/** Writes what changed (each file through a temporary name, then renamed) and removes orphans. */
export function write(root: string, files: Map<string, string>): { written: number; unchanged: number; removed: number } {
  const { stale, missing, orphaned } = drift(root, files);
  for (const path of [...missing, ...stale]) {
    const full = join(root, path);
    mkdirSync(dirname(full), { recursive: true });
    const temporary = `${full}.tmp-${process.pid}`;
    writeFileSync(temporary, files.get(path)!);
    renameSync(temporary, full);
  }
  for (const path of orphaned) rmSync(join(root, path));
  return { written: stale.length + missing.length, unchanged: files.size - stale.length - missing.length, removed: orphaned.length };
}

async function compileDist(): Promise<void> {
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  rmSync(join(ROOT, 'dist'), { recursive: true, force: true });
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.cjs.json'], { cwd: ROOT, stdio: 'inherit' });
  writeFileSync(join(ROOT, 'dist', 'cjs', 'package.json'), stableJsonText({ type: 'commonjs' }));
  // src/library/protocol-types.ts imports generated/types/ by a relative path, one level deeper from dist/src/library/.
  const typesFile = join(ROOT, 'dist', 'src', 'library', 'protocol-types.d.ts');
  const types = readFileSync(typesFile, 'utf8');
  if (!types.includes("'../../generated/types/")) throw new Error(`build: ${typesFile} no longer imports ../../generated/types/`);
  writeFileSync(typesFile, types.replaceAll("'../../generated/types/", "'../../../generated/types/"));
  await bundleRuntime(ROOT);
  await bundleInspectApp(ROOT);
  copyCjsDeclarations(ROOT);
  // The CommonJS copy of the declarations is one level deeper still (dist/cjs/src/library/), and imports the
  // generated declarations (ES modules, as the package is) with the resolution mode TypeScript asks a CommonJS file for.
  const cjsTypesFile = join(ROOT, 'dist', 'cjs', 'src', 'library', 'protocol-types.d.ts');
  writeFileSync(
    cjsTypesFile,
    readFileSync(cjsTypesFile, 'utf8').replace(
      /from '\.\.\/\.\.\/\.\.\/generated\/types\/([^']+)';/g,
      "from '../../../../generated/types/$1' with { 'resolution-mode': 'import' };",
    ),
  );
  linkBin();
}

/**
 * npm links the executables of a project's dependencies into node_modules/.bin, but not the
 * project's own, so `npx bindu-protocol` inside a checkout would find nothing. The build links
 * it (as installing the package would) once dist/ exists.
 */
function linkBin(): void {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> };
  const binDir = join(ROOT, 'node_modules', '.bin');
  if (!existsSync(binDir)) return;
  for (const [name, target] of Object.entries(pkg.bin)) {
    const script = join(ROOT, target);
    chmodSync(script, 0o755);
    const link = join(binDir, name);
    rmSync(link, { force: true });
    symlinkSync(relative(binDir, script), link);
  }
}

function stableJsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

function printSummary(result: BuildResult, counts: string): void {
  const lines = ['variant   types  methods  errors'];
  for (const row of result.summary) {
    lines.push(
      `${row.variant.padEnd(9)} ${String(row.types).padStart(5)}  ${String(row.methods).padStart(7)}  ${String(row.errors).padStart(6)}`,
    );
  }
  lines.push(counts);
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function main(argv: string[]): Promise<number> {
  const unknown = argv.filter((arg) => arg !== '--check' && arg !== '--no-dist');
  if (unknown.length > 0) {
    process.stderr.write(`build: unknown argument ${unknown[0]}\nusage: npm run build [-- --check | --no-dist]\n`);
    return 2;
  }
  let result: BuildResult;
  try {
    result = await generate();
  } catch (error) {
    process.stderr.write(`build: ${error instanceof Error ? error.message : String(error)}\nNothing was written.\n`);
    return 1;
  }
  if (argv.includes('--check')) {
    const { stale, missing, orphaned } = drift(ROOT, result.files);
    const total = stale.length + missing.length + orphaned.length;
    if (total === 0) {
      process.stdout.write(`build --check: all ${result.files.size} generated files are up to date.\n`);
      return 0;
    }
    for (const path of stale) process.stderr.write(`stale     ${path}\n`);
    for (const path of missing) process.stderr.write(`missing   ${path}\n`);
    for (const path of orphaned) process.stderr.write(`orphaned  ${path}\n`);
    process.stderr.write(`build --check: ${total} generated file(s) out of date. Run: npm run build\n`);
    return 1;
  }
  const { written, unchanged, removed } = write(ROOT, result.files);
  if (!argv.includes('--no-dist')) {
    try {
      await compileDist();
    } catch (error) {
      const detail = error instanceof Error && !('status' in error) ? `: ${error.message}` : ' (its errors are above)';
      process.stderr.write(`build: compiling dist/ failed${detail}. The generated files were written.\n`);
      return 1;
    }
  }
  printSummary(
    result,
    `files: ${result.files.size} generated (${written} written, ${unchanged} unchanged, ${removed} orphan(s) removed)${argv.includes('--no-dist') ? '' : '; dist/ compiled (ESM + CJS)'}`,
  );
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
