/**
 * The packed tarball as users get it: its file list, `@arethetypeswrong/cli` over it, and fresh
 * projects (installed from npm's cache where it can) that type-check and run it: TypeScript strict with
 * `nodenext` and with `bundler`, a `.cts` under `node16`. The bundlers' builds of it are
 * package-{esbuild,rollup,vite}.slow.test.ts.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkFile, LAZY_CHUNKS } from '../scripts/lib/lazy-chunks.js';
import { ROOT } from './helpers.js';
import { installConsumer, nodeVerdicts, ok, PROGRAM, removeConsumer, run, type Consumer } from './package-consumer.js';
import { INSTALL_TIMEOUT_MS } from './system-tools.js';

const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const ATTW = join(ROOT, 'node_modules', '@arethetypeswrong', 'cli', 'dist', 'index.js');

/** Compile-time checks of type names (type-checked only): a misspelt literal is an error, a `string` is not. */
const TYPE_CHECKS = `
declare const name: string;
declare const input: unknown;
// @ts-expect-error misspelt type name
validate('Tsk', good);
// @ts-expect-error a2a-v1 has no TextPart
validateText('TextPart', '{}', { variant: 'a2a-v1' });
// @ts-expect-error misspelt type name
createValidator({ variant: 'a2a' }).validate('Mesage', good);
// @ts-expect-error misspelt type name
is('Tsk', good);
export const dynamic = [validate(name, good).valid, validateText(name, '{}').valid, createValidator().validate(name, good).valid];
export const id = is('Message', input, { variant: 'a2a-v1', strict: true }) ? input.messageId.toUpperCase() : '';
`;

let consumer: Consumer | undefined;
let dir = '';
let tarball = '';
let project = '';

beforeAll(() => {
  consumer = installConsumer();
  ({ dir, tarball, project } = consumer);
}, INSTALL_TIMEOUT_MS);

afterAll(() => removeConsumer(consumer));

describe('the tarball', () => {
  it('holds only what an import or the bin reaches', () => {
    const listed = JSON.parse(ok(run('npm', ['pack', '--dry-run', '--json'], ROOT))) as { files: { path: string }[] }[];
    const files = listed[0]!.files.map((file) => file.path);
    const allowed = [
      /^package\.json$/,
      /^README\.md$/,
      // The README links to it.
      /^SPEC-NOTES\.md$/,
      /^LICENSE$/,
      /^openrpc\.json$/,
      /^vitest\/(setup\/)?package\.json$/,
      /^typebox\/package\.json$/,
      /^dist\/(index|typebox|vitest)\.(mjs|cjs)$/,
      // The ES module root's chunks, loaded on first use (scripts/lib/lazy-chunks.ts).
      /^dist\/index-[a-z]+\.cjs$/,
      /^dist\/(bin|validate-worker|vitest-setup)\.mjs$/,
      // The command line's chunks: each command, and what they share (scripts/bundle-runtime.ts).
      /^dist\/chunks\/[\w-]+\.mjs$/,
      // The page `inspect` serves (scripts/bundle-inspect-app.ts).
      /^dist\/inspect\/(index\.html|app\.js|app\.css)$/,
      /^dist\/(src|schemas)\/.*\.d\.ts$/,
      /^dist\/cjs\/package\.json$/,
      /^dist\/cjs\/(src|schemas)\/.*\.(js|d\.ts)$/,
      // zod/: bindu-protocol/zod/<variant>; grpc/: the descriptor check-server's and the proxy's gRPC client read.
      /^generated\/(json-schema|openapi|openrpc|types|validators|standalone|zod|grpc)\//,
      /^conformance\/[a-z0-9-]+\/.*\.json$/,
      // The schema the fixtures name as their `$schema`.
      /^conformance\/fixture\.schema\.json$/,
      // The README links to it (test/readme-links.slow.test.ts).
      /^conformance\/README\.md$/,
    ];
    expect(files.filter((file) => !allowed.some((pattern) => pattern.test(file)))).toEqual([]);
    for (const needed of [
      'dist/index.mjs',
      'dist/index.cjs',
      'dist/bin.mjs',
      'dist/inspect/app.js',
      'generated/validators/index.cjs',
      'dist/cjs/src/index.d.ts',
      ...Object.keys(LAZY_CHUNKS).map((group) => `dist/${chunkFile(group)}`),
    ]) {
      expect(files).toContain(needed);
    }
    // Nothing of the TypeScript sources or the docs site.
    expect(files.some((file) => file.startsWith('schemas/') || file.startsWith('src/') || file.startsWith('generated/docs/'))).toBe(false);
  });

  it('has correct types in every resolution mode (@arethetypeswrong/cli)', () => {
    // Into a file: attw exits before a pipe takes its whole report.
    const out = join(dir, 'attw.json');
    run('sh', ['-c', `"${process.execPath}" "${ATTW}" "${tarball}" --format json > "${out}"`], dir);
    const report = JSON.parse(readFileSync(out, 'utf8')) as {
      analysis: { problems: { kind: string; entrypoint: string; resolutionKind: string }[]; entrypoints: Record<string, unknown> };
    };
    expect(Object.keys(report.analysis.entrypoints)).toEqual(expect.arrayContaining(['.', './typebox', './vitest', './vitest/setup']));
    // The one finding: the vitest setup entry is an ES module only, as vitest itself is (README "Test matchers").
    expect(report.analysis.problems).toEqual([{ kind: 'CJSResolvesToESM', entrypoint: './vitest/setup', resolutionKind: 'node16-cjs' }]);
  });
});

/** The heap tsc reports after a full check of `main` (it collects garbage first when run with --expose-gc). */
function tscMemory(sub: string, main: string): number {
  mkdirSync(sub, { recursive: true });
  writeFileSync(join(sub, 'main.ts'), main);
  writeFileSync(
    join(sub, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { strict: true, module: 'nodenext', target: 'es2022', noEmit: true, types: [] },
      files: ['main.ts'],
    }),
  );
  const out = ok(run(process.execPath, ['--expose-gc', TSC, '-p', sub, '--extendedDiagnostics'], project));
  const kilobytes = /^Memory used:\s+(\d+)K$/m.exec(out)?.[1];
  if (!kilobytes) throw new Error(`no "Memory used" in tsc's diagnostics:\n${out}`);
  return Number(kilobytes);
}

describe('fresh projects', () => {
  const expected = (): unknown => nodeVerdicts(consumer!);

  it('tsc needs at most 20% more memory for a one-line importer than for a bare project', () => {
    const bare = tscMemory(join(project, 'memory-bare'), 'export const answer = 42;\n');
    const importer = tscMemory(
      join(project, 'memory-importer'),
      "import { validate } from 'bindu-protocol';\nexport const valid = validate('Task', {}).valid;\n",
    );
    const typebox = tscMemory(
      join(project, 'memory-typebox'),
      "import { bindu } from 'bindu-protocol/typebox';\nexport const task = bindu.schemas.Task;\n",
    );
    // The TypeBox variants are heavy (their declarations pull in TypeBox's): the comparison can fail.
    expect(typebox / bare).toBeGreaterThan(1.2);
    expect(importer / bare).toBeLessThanOrEqual(1.2);
  });

  it('TypeScript strict, nodenext (ESM): type-checks, compiles and runs', () => {
    const sub = join(project, 'nodenext');
    mkdirSync(sub, { recursive: true });
    writeFileSync(
      join(sub, 'main.ts'),
      `import { validate, validateText } from 'bindu-protocol';\n${PROGRAM}\nconsole.log(JSON.stringify(verdicts));\n`,
    );
    writeFileSync(
      join(sub, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, module: 'nodenext', target: 'es2022', outDir: 'out', types: [] },
        files: ['main.ts'],
      }),
    );
    ok(run(process.execPath, [TSC, '-p', sub], project));
    const verdicts = JSON.parse(ok(run(process.execPath, [join(sub, 'out', 'main.js')], project))) as { valid: boolean }[];
    expect(verdicts.map((verdict) => verdict.valid)).toEqual([true, false, true]);
    expect(verdicts).toEqual(expected());
  });

  it('TypeScript strict, bundler resolution: type-checks', () => {
    const sub = join(project, 'bundler');
    mkdirSync(sub, { recursive: true });
    writeFileSync(
      join(sub, 'main.ts'),
      `import { validate, validateText, createValidator, is } from 'bindu-protocol';\n${PROGRAM}\nexport { verdicts };\n${TYPE_CHECKS}`,
    );
    writeFileSync(
      join(sub, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, module: 'esnext', moduleResolution: 'bundler', target: 'es2022', noEmit: true, types: [] },
        files: ['main.ts'],
      }),
    );
    ok(run(process.execPath, [TSC, '-p', sub], project));
  });

  it('a .cts under node16: `require` of the package type-checks and runs', () => {
    const sub = join(project, 'cts');
    mkdirSync(sub, { recursive: true });
    writeFileSync(
      join(sub, 'main.cts'),
      `import bp = require('bindu-protocol');\nconst { validate, validateText } = bp;\n${PROGRAM}\nconsole.log(JSON.stringify(verdicts));\n`,
    );
    writeFileSync(
      join(sub, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, module: 'node16', target: 'es2022', outDir: 'out', types: [] },
        files: ['main.cts'],
      }),
    );
    ok(run(process.execPath, [TSC, '-p', sub], project));
    expect(JSON.parse(ok(run(process.execPath, [join(sub, 'out', 'main.cjs')], project)))).toEqual(expected());
  });
});
