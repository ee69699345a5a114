/**
 * The Python package (python/, made by scripts/emit-python.ts plus its hand-written half), used as a
 * Python user gets it: built offline with Debian's tools (`python3 -m build --no-isolation`, wheel and
 * sdist, setuptools as the backend) from a copy of python/, the wheel installed into a fresh virtual
 * environment (`--system-site-packages`, so Debian's jsonschema is the one dependency it sees), and
 * everything run from that environment, outside the checkout.
 *
 * - the same verdicts: every conformance case of every variant gets, from Python, the verdict the
 *   JavaScript runner gives it, the same errors (path and keyword, in order) and the same words;
 *   fuzz-generated payloads (test/fuzz/arbitrary.ts: valid values, certain mutations, strict) likewise;
 * - the CLI: exit codes and output of `validate`, `conformance` reporting every case passed;
 * - types: mypy (Debian's) over the generated TypedDicts and over a typed usage file, which must pass,
 *   and a mistyped one, which must not; pydantic (Debian's 1.10, which has `parse_obj_as` but no
 *   `TypeAdapter`) validating with a generated TypedDict.
 *
 * Needs /usr/bin/python3 with jsonschema, build, wheel, venv, mypy, pydantic: scripts/install-test-tools.sh.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTALL_TIMEOUT_MS, needSystemTools } from '../system-tools.js';
import { runConformance } from '../../src/library/conformance/runner.js';
import { formats } from '../../src/engine/formats.js';
import { validateMessage } from '../../src/library/validate-message.js';
import { validate } from '../../src/library/validate.js';
import { validateText } from '../../src/library/validate-text.js';
import { variants } from '../../src/library/typebox-variants.js';
import type { VariantName } from '../../src/library/typebox-variants.js';
import { arbitraryFor, certain, jsonArb, mutate, typeNames } from '../fuzz/arbitrary.js';
import { ROOT } from '../helpers.js';

const PYTHON = process.env.BINDU_PYTHON ?? '/usr/bin/python3';
const VARIANTS: readonly VariantName[] = ['a2a', 'bindu', 'a2a-v1', 'aion'];
const LONG = 600_000;
/** FUZZ_RUNS multiplies the generated samples (2 per type and kind by default), FUZZ_SEED moves them, as for test/fuzz/. */
const FUZZ_RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 1) || 1);
const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 0) || 0;

let work = '';
let venvPython = '';
let wheel = '';
let sdist = '';

function run(command: string, args: readonly string[], options: { cwd?: string; input?: string } = {}): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd: options.cwd ?? work, input: options.input, encoding: 'utf8', timeout: LONG, maxBuffer: 1 << 28 });
}

/** Runs `python -m bindu_protocol …` from the virtual environment, outside the checkout. */
function py(args: readonly string[], input?: string): SpawnSyncReturns<string> {
  return run(venvPython, ['-m', 'bindu_protocol', ...args], { input });
}

/** The method whose request or success response type `name` is. */
function methodOf(variant: VariantName, name: string): string | undefined {
  return (variants[variant].methods as readonly { method: string; request: string; successResponse: string }[]).find(
    (method) => method.request === name || method.successResponse === name,
  )?.method;
}

/** JSON with every object's keys sorted (issue params compared as values, whatever order each side writes them in). */
function sortedJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

const ok = (result: SpawnSyncReturns<string>) =>
  `exit ${result.status}\n${result.stdout}\n${result.stderr}${result.error ? `\n${String(result.error)}` : ''}`;

beforeAll(() => {
  needSystemTools('python3-jsonschema', 'python3-build', 'python3-wheel', 'python3-setuptools', 'python3-venv', 'mypy', 'python3-pydantic');
  work = mkdtempSync(join(tmpdir(), 'bindu-python-'));
  // The package as the repository holds it, without what a local build or run left there.
  cpSync(join(ROOT, 'python'), join(work, 'src'), {
    recursive: true,
    filter: (path) => !/(__pycache__|\.egg-info|[\\/]build$|[\\/]dist$)/.test(path),
  });
  const built = run(PYTHON, ['-m', 'build', '--no-isolation', '--sdist', '--wheel', '--outdir', join(work, 'dist'), join(work, 'src')]);
  expect(built.status, `building the package (needs python3-build, python3-wheel, python3-setuptools):\n${ok(built)}`).toBe(0);
  const files = readdirSync(join(work, 'dist'));
  wheel = join(work, 'dist', files.find((name) => name.endsWith('.whl'))!);
  sdist = join(work, 'dist', files.find((name) => name.endsWith('.tar.gz'))!);
  const venv = run(PYTHON, ['-m', 'venv', '--system-site-packages', join(work, 'venv')]);
  expect(venv.status, ok(venv)).toBe(0);
  venvPython = join(work, 'venv', 'bin', 'python');
  const installed = run(venvPython, ['-m', 'pip', 'install', '--no-index', '--no-deps', '--quiet', wheel]);
  expect(installed.status, ok(installed)).toBe(0);
}, LONG);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
}, INSTALL_TIMEOUT_MS);

describe('the Python package, built and installed', () => {
  it("builds a wheel and an sdist that hold every variant's bundle, registry, fixtures and TypedDicts, and installs from the wheel", () => {
    const listing = run(venvPython, [
      '-c',
      [
        'import sys, zipfile, tarfile',
        'print("\\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))',
        'print("\\n".join(tarfile.open(sys.argv[2]).getnames()))',
      ].join('\n'),
      wheel,
      sdist,
    ]);
    expect(listing.status, ok(listing)).toBe(0);
    for (const variant of VARIANTS) {
      expect(listing.stdout).toContain(`bindu_protocol/data/${variant}.schema.json`);
      expect(listing.stdout).toContain(`bindu_protocol/data/${variant}.meta.json`);
      expect(listing.stdout).toContain(`bindu_protocol/data/conformance/${variant}.json`);
      expect(listing.stdout).toContain(`bindu_protocol/types/${variant.replace('-', '_')}.py`);
    }
    expect(listing.stdout).toContain('bindu_protocol/data/hints.json');
    expect(listing.stdout).toContain('bindu_protocol/py.typed');
    expect(listing.stdout).toMatch(/pyproject\.toml/);
    // Imported from the environment, not from a checkout; its one dependency is jsonschema.
    const where = run(venvPython, [
      '-c',
      'import bindu_protocol, importlib.metadata as m; print(bindu_protocol.__file__); print(m.requires("bindu-protocol"))',
    ]);
    expect(where.status, ok(where)).toBe(0);
    expect(where.stdout).toContain(join(work, 'venv'));
    expect(where.stdout).toMatch(/\['jsonschema ?\(?>=4\.10\)?'\]/);
  });

  it(
    'gives every conformance case of every variant the JavaScript verdict, errors and words',
    () => {
      const js = runConformance();
      const answer = py(['conformance', '--json']);
      expect(answer.status, ok(answer).slice(0, 4000)).toBe(0);
      const python = new Map(
        answer.stdout
          .trim()
          .split('\n')
          .map((line) => {
            const outcome = JSON.parse(line) as {
              id: string;
              verdict: boolean;
              passed: boolean;
              errors: { path: string; keyword: string; message: string; hint?: string; params: unknown }[];
            };
            return [outcome.id, outcome] as const;
          }),
      );
      let cases = 0;
      const differences: string[] = [];
      for (const variant of js.variants) {
        for (const outcome of variant.outcomes) {
          cases++;
          const id = outcome.case.fullId;
          const theirs = python.get(id);
          if (!theirs) {
            differences.push(`${id}: not run by Python`);
            continue;
          }
          const jsVerdict = outcome.passed ? outcome.case.valid : !outcome.case.valid;
          if (theirs.verdict !== jsVerdict)
            differences.push(`${id}: JavaScript says ${jsVerdict ? 'valid' : 'invalid'}, Python ${theirs.verdict ? 'valid' : 'invalid'}`);
          // The params too (ajv's convention, the same values on both sides): key order aside, as a program reads them.
          const jsErrors = outcome.reported.map((error) => `${error.path} ${error.keyword}: ${error.message} ${sortedJson(error.params)}`);
          const pyErrors = theirs.errors.map(
            (error) =>
              `${error.path} ${error.keyword}: ${error.hint === undefined ? error.message : `${error.message} (${error.hint})`} ${sortedJson(error.params)}`,
          );
          if (JSON.stringify(jsErrors) !== JSON.stringify(pyErrors))
            differences.push(`${id}:\n    js ${jsErrors.join('\n       ')}\n    py ${pyErrors.join('\n       ')}`);
          for (const expected of outcome.case.errors) {
            if (!theirs.errors.some((error) => error.path === expected.path && error.keyword === expected.keyword))
              differences.push(`${id}: Python does not report ${expected.path} ${expected.keyword}`);
          }
        }
      }
      expect(python.size).toBe(cases);
      expect(cases).toBeGreaterThan(3000);
      expect(differences.slice(0, 20).join('\n')).toBe('');
    },
    LONG,
  );

  it(
    '`conformance` reports every case passed for every variant, with the JavaScript counts',
    () => {
      const js = runConformance();
      const answer = py(['conformance']);
      expect(answer.status, ok(answer).slice(0, 4000)).toBe(0);
      for (const variant of js.variants) {
        const line = new RegExp(`^${variant.variant}: (\\d+) cases .*: (\\d+) passed, 0 failed; 0 fixture problems$`, 'm').exec(
          answer.stdout,
        );
        expect(line, answer.stdout).not.toBeNull();
        expect(Number(line![1])).toBe(variant.outcomes.length);
        expect(Number(line![2])).toBe(variant.outcomes.length);
      }
      expect(answer.stdout).toMatch(new RegExp(`^${js.passed} passed, 0 failed$`, 'm'));
      const one = py(['conformance', '--variant', 'aion']);
      expect(one.status, ok(one)).toBe(0);
      expect(one.stdout).toMatch(/^aion: .* 0 failed/m);
      expect(one.stdout).not.toMatch(/^bindu:/m);
      expect(py(['conformance', '--variant', 'a2a-v2']).status).toBe(2);
    },
    LONG,
  );

  it(
    'gives fuzz-generated payloads (valid, one certain mutation, near misses, strict) the JavaScript verdicts, errors and words',
    () => {
      const requests: { variant: VariantName; type: string; strict: boolean; value: unknown }[] = [];
      for (const variant of VARIANTS) {
        for (const [index, type] of typeNames(variant).entries()) {
          const samples = fc.sample(arbitraryFor(variant, type), { seed: 26_000 + index + FUZZ_SEED, numRuns: 2 * FUZZ_RUNS });
          for (const sample of samples) {
            requests.push({ variant, type, strict: false, value: sample.value }, { variant, type, strict: true, value: sample.value });
            const sites = sample.sites.filter((site) => certain(sample, site));
            for (const site of sites.slice(0, 2)) requests.push({ variant, type, strict: false, value: mutate(sample.value, site) });
            const alternate = sample.sites.find((site) => site.kind === 'proto-name' || site.kind === 'enum-number');
            if (alternate) requests.push({ variant, type, strict: true, value: mutate(sample.value, alternate) });
          }
          // Near misses: one node of a valid value replaced by, or given, an arbitrary JSON value.
          const misses = fc.sample(fc.tuple(arbitraryFor(variant, type), fc.nat(), jsonArb, fc.string({ maxLength: 6 }), fc.boolean()), {
            seed: 126_000 + index + FUZZ_SEED,
            numRuns: 2 * FUZZ_RUNS,
          });
          for (const [sample, pick, replacement, key, add] of misses) {
            const copy = JSON.parse(JSON.stringify(sample.value)) as unknown;
            const nodes: Record<string, unknown>[] = [];
            const collect = (node: unknown) => {
              if (typeof node !== 'object' || node === null) return;
              nodes.push(node as Record<string, unknown>);
              for (const child of Object.values(node)) collect(child);
            };
            collect(copy);
            const node = nodes[pick % Math.max(nodes.length, 1)];
            if (node === undefined) continue;
            const keys = Object.keys(node);
            if (Array.isArray(node)) node[pick % Math.max(node.length, 1)] = replacement;
            else if (add || keys.length === 0) node[key] = replacement;
            else node[keys[pick % keys.length]!] = replacement;
            requests.push({ variant, type, strict: false, value: copy }, { variant, type, strict: true, value: copy });
          }
        }
      }
      const answer = run(venvPython, [join(ROOT, 'test', 'python', 'verdicts.py')], {
        input: requests.map((request) => JSON.stringify(request)).join('\n'),
      });
      expect(answer.status, ok(answer).slice(0, 4000)).toBe(0);
      const lines = answer.stdout.trim().split('\n');
      expect(lines.length).toBe(requests.length);
      const differences: string[] = [];
      let invalid = 0;
      requests.forEach((request, i) => {
        const theirs = JSON.parse(lines[i]!) as {
          valid?: boolean;
          exception?: string;
          errors: { path: string; keyword: string }[];
          warnings: { path: string; keyword: string }[];
        };
        const ours = validate(request.type, request.value, { variant: request.variant, strict: request.strict, maxErrors: 0 });
        if (!ours.valid) invalid++;
        const where = `${request.variant} ${request.type}${request.strict ? ' strict' : ''} ${JSON.stringify(request.value).slice(0, 200)}`;
        if (theirs.exception) differences.push(`${where}: Python raised ${theirs.exception}`);
        else if (theirs.valid !== ours.valid) differences.push(`${where}: JavaScript ${ours.valid}, Python ${theirs.valid}`);
        else {
          const a = (issues: readonly { path: string; keyword: string; message?: string; hint?: string }[]) =>
            issues.map((issue) => `${issue.path} ${issue.keyword} ${issue.message} ${issue.hint}`).join('\n       ');
          if (a(ours.errors) !== a(theirs.errors))
            differences.push(`${where}: errors\n    js ${a(ours.errors)}\n    py ${a(theirs.errors)}`);
          if (a(ours.warnings) !== a(theirs.warnings))
            differences.push(`${where}: warnings\n    js ${a(ours.warnings)}\n    py ${a(theirs.warnings)}`);
        }
      });
      console.log(`python fuzz parity: ${requests.length} payloads (${invalid} invalid), ${differences.length} differences`);
      expect(requests.length).toBeGreaterThan(1500);
      expect(invalid).toBeGreaterThan(500);
      expect(differences.slice(0, 20).join('\n')).toBe('');
    },
    LONG,
  );
});

describe('messages and text, compared with JavaScript', () => {
  type Answer = {
    valid?: boolean;
    exception?: string;
    inputError?: string | null;
    errors: { path: string; keyword: string; message: string; hint?: string; params: unknown }[];
    warnings: { path: string; keyword: string; message: string; hint?: string; params: unknown }[];
  };
  const ask = (requests: readonly object[]): Answer[] => {
    const answer = run(venvPython, [join(ROOT, 'test', 'python', 'verdicts.py')], {
      input: requests.map((request) => JSON.stringify(request)).join('\n'),
    });
    expect(answer.status, ok(answer).slice(0, 4000)).toBe(0);
    return answer.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Answer);
  };
  const show = (issues: readonly { path: string; keyword: string; message?: string; hint?: string; params?: unknown }[], words = true) =>
    issues
      .map((issue) => `${issue.path} ${issue.keyword}${words ? ` ${issue.message} ${issue.hint} ${sortedJson(issue.params)}` : ''}`)
      .join('\n       ');

  it(
    'validate_message: generated requests and responses of every method (and one certain mutation of each), their method deciding',
    () => {
      const requests: { variant: VariantName; message: true; method?: string; value: unknown }[] = [];
      for (const variant of VARIANTS) {
        const methods = variants[variant].methods as readonly { method: string; request: string; successResponse: string }[];
        const names = methods.flatMap((method) => [method.request, method.successResponse]);
        for (const [index, name] of names.entries()) {
          for (const sample of fc.sample(arbitraryFor(variant, name), { seed: 226_000 + index, numRuns: 2 })) {
            const value = sample.value as Record<string, unknown>;
            const isRequest = typeof value === 'object' && value !== null && typeof value.method === 'string';
            const isResponse = typeof value === 'object' && value !== null && 'result' in value;
            if (!isRequest && !isResponse) continue;
            const site = sample.sites.find((candidate) => certain(sample, candidate));
            for (const item of site ? [value, mutate(value, site)] : [value]) {
              requests.push({ variant, message: true, value: item });
              if (isResponse) requests.push({ variant, message: true, method: methodOf(variant, name), value: item });
            }
          }
        }
      }
      const answers = ask(requests);
      const differences: string[] = [];
      requests.forEach((request, i) => {
        const theirs = answers[i]!;
        const ours = validateMessage(request.value, { variant: request.variant, method: request.method, maxErrors: 0 });
        const where = `${request.variant}${request.method ? ` (${request.method})` : ''} ${JSON.stringify(request.value).slice(0, 160)}`;
        if (theirs.exception) differences.push(`${where}: Python raised ${theirs.exception}`);
        else if (
          theirs.valid !== ours.valid ||
          show(ours.errors) !== show(theirs.errors) ||
          show(ours.warnings) !== show(theirs.warnings)
        ) {
          differences.push(
            `${where}\n    js ${ours.valid} ${show(ours.errors)} | ${show(ours.warnings)}\n    py ${theirs.valid} ${show(theirs.errors)} | ${show(theirs.warnings)}`,
          );
        }
      });
      const invalid = answers.filter((answer) => answer.valid === false).length;
      const warned = answers.filter((answer) => answer.warnings?.length > 0).length;
      console.log(
        `python message parity: ${requests.length} messages (${invalid} invalid, ${warned} with warnings), ${differences.length} differences`,
      );
      expect(requests.length).toBeGreaterThan(300);
      expect(invalid).toBeGreaterThan(100);
      expect(differences.slice(0, 10).join('\n')).toBe('');
    },
    LONG,
  );

  it('validate_text: what parsing hides (duplicate keys, lone surrogates, huge numbers) and input errors, as JavaScript reports them', () => {
    const task = '{"id": "t", "contextId": "c", "status": {"state": "TASK_STATE_WORKING"}';
    const texts: (string | number[])[] = [
      `${task}}`,
      `\ufeff${task}}`,
      `${task}, "id": "u"}`,
      `${task}, "metadata": {"a": 1, "a": 2, "b": [1e400, -1e999]}}`,
      `${task}, "metadata": {"\\ud800": "x", "y": "\\udc00 tail"}}`,
      `${task}, "history": [{"messageId": "m", "role": "ROLE_USER", "parts": [{"text": "a", "text": "b"}]}]}`,
      task,
      '',
      'NaN',
      '{"id": 1,}',
      [0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d],
    ];
    const requests = texts.map((text) => ({ variant: 'a2a-v1', type: 'Task', text }));
    const answers = ask(requests);
    const differences: string[] = [];
    texts.forEach((text, i) => {
      const theirs = answers[i]!;
      const ours = validateText('Task', typeof text === 'string' ? text : new Uint8Array(text), { variant: 'a2a-v1', maxErrors: 0 });
      const input = ours.inputError !== undefined;
      // An input error is worded by each language's JSON reader: its keyword and the verdict must agree, not its words.
      const same =
        theirs.valid === ours.valid &&
        (input
          ? typeof theirs.inputError === 'string' && show(theirs.errors, false) === show(ours.errors, false)
          : !theirs.inputError &&
            show(
              theirs.errors.filter((e) => e.keyword !== 'duplicateKey'),
              true,
            ) ===
              show(
                ours.errors.filter((e) => e.keyword !== 'duplicateKey'),
                true,
              ) &&
            show(theirs.errors, false) === show(ours.errors, false) &&
            show(theirs.warnings) === show(ours.warnings));
      if (!same)
        differences.push(
          `${JSON.stringify(text)}\n    js ${ours.valid} ${show(ours.errors)}\n    py ${theirs.valid} ${show(theirs.errors)}`,
        );
    });
    expect(differences.join('\n')).toBe('');
  });
});

describe('python -m bindu_protocol validate', () => {
  const task = (state: string) => JSON.stringify({ id: 'task-1', contextId: 'ctx-1', status: { state } });

  it('exits 0 for a valid v1.0 Task and 1 with path, message and hint for the v0.3 spelling "completed"', () => {
    writeFileSync(join(work, 'good.json'), task('TASK_STATE_COMPLETED'));
    writeFileSync(join(work, 'bad.json'), task('completed'));
    const good = py(['validate', '--variant', 'a2a-v1', '--type', 'Task', 'good.json']);
    expect(good.status, ok(good)).toBe(0);
    expect(good.stdout).toBe('good.json: valid\n');
    // The same command as the installed script.
    const script = run(join(work, 'venv', 'bin', 'bindu-protocol-py'), ['validate', '--variant', 'a2a-v1', '--type', 'Task', 'good.json']);
    expect(script.status, ok(script)).toBe(0);
    expect(script.stdout).toBe('good.json: valid\n');
    const bad = py(['validate', '--variant', 'a2a-v1', '--type', 'Task', 'bad.json']);
    expect(bad.status, ok(bad)).toBe(1);
    expect(bad.stdout).toMatch(/^bad\.json: invalid, 1 error$/m);
    expect(bad.stdout).toMatch(/^ {2}error {3}\/status\/state: must be one of "TASK_STATE_UNSPECIFIED", .*, not "completed" \[enum\]$/m);
    expect(bad.stdout).toMatch(
      /^ {4}hint: "completed" is the A2A v0\.3\.0 spelling; this wire writes the enum name "TASK_STATE_COMPLETED"\.$/m,
    );
    // The same words as the Node CLI.
    const node = spawnSync(
      process.execPath,
      [join(ROOT, 'dist', 'bin.mjs'), 'validate', '--variant', 'a2a-v1', '--type', 'Task', 'bad.json'],
      { cwd: work, encoding: 'utf8' },
    );
    expect(node.status).toBe(1);
    expect(bad.stdout).toBe(node.stdout);
    const json = py(['validate', '--variant', 'a2a-v1', '--type', 'Task', '--json', 'bad.json']);
    expect(json.status).toBe(1);
    const line = JSON.parse(json.stdout) as { source: string; valid: boolean; errors: { path: string; keyword: string; hint: string }[] };
    expect(line).toMatchObject({ source: 'bad.json', valid: false, errors: [{ path: '/status/state', keyword: 'enum' }] });
    expect(line.errors[0]!.hint).toMatch(/TASK_STATE_COMPLETED/);
  });

  it('lets the method decide what a JSON-RPC message is checked as, and reads NDJSON', () => {
    const request = { jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: 'task-1' } };
    const one = py(['validate', '--variant', 'a2a-v1', '-'], JSON.stringify(request));
    expect(one.status, ok(one)).toBe(0);
    const typo = py(['validate', '--variant', 'a2a-v1', '-'], JSON.stringify({ ...request, method: 'GetTasks' }));
    expect(typo.status).toBe(1);
    expect(typo.stdout).toMatch(
      /error {3}\/method: unknown method "GetTasks" in the a2a-v1 variant \[method\]\n {4}hint: did you mean "GetTask"\?/,
    );
    const response = { jsonrpc: '2.0', id: 1, result: { id: 'task-1', contextId: 'ctx-1', status: { state: 'completed' } } };
    const log = `${JSON.stringify(request)}\n${JSON.stringify(response)}\n`;
    const ndjson = py(['validate', '--variant', 'a2a-v1', '--ndjson', '-'], log);
    expect(ndjson.status).toBe(1);
    expect(ndjson.stdout).toMatch(/^<stdin>:1: valid$/m);
    expect(ndjson.stdout).toMatch(/^<stdin>:2: invalid, 1 error\n {2}error {3}\/result\/status\/state: /m);
    expect(ndjson.stdout).toMatch(/^2 payloads: 1 valid, 1 invalid$/m);
  });

  it('writes what the Node CLI writes, byte for byte, as text and as --json (lone surrogates, unknown keys, batches, NDJSON, deep nesting, --max-errors, input errors)', () => {
    const base = { id: 'task-1', contextId: 'ctx-1', status: { state: 'TASK_STATE_WORKING' } };
    const inputs: Record<string, string> = {
      'surrogate.json': JSON.stringify(base).replace('}}', '},"metadata":{"\\ud800":"\\udc00"}}'),
      'unknown.json': JSON.stringify({ ...base, context_id: 'x', extra: 1 }),
      'many.json': JSON.stringify({
        id: 1,
        contextId: 2,
        status: { state: 'done', timestamp: 'yesterday' },
        history: [{ role: 'user', parts: [{ kind: 'text', text: 'hi' }] }],
      }),
      'huge.json': JSON.stringify(base).replace('}}', '},"metadata":{"n":1e999,"n":2}}'),
      'deep.json': JSON.stringify(base).replace('}}', `},"metadata":{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}}`),
    };
    for (const [name, text] of Object.entries(inputs)) writeFileSync(join(work, name), text);
    writeFileSync(
      join(work, 'batch.json'),
      JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'GetTask', params: {} },
        { jsonrpc: '2.0', id: 2, method: 'CancelTask', params: { id: 'task-1' } },
        7,
      ]),
    );
    writeFileSync(
      join(work, 'log.ndjson'),
      [
        { jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: 'task-1' } },
        { jsonrpc: '2.0', id: 1, result: { ...base, status: { state: 'working' } } },
        { jsonrpc: '2.0', id: 2, error: { code: -32002, message: 'not cancelable' } },
      ]
        .map((line) => JSON.stringify(line))
        .join('\n'),
    );
    const runs: string[][] = [
      ['--type', 'Task', ...Object.keys(inputs)],
      ['--type', 'Task', '--strict', 'unknown.json'],
      ['batch.json'],
      ['--ndjson', 'log.ndjson'],
      ['--method', 'GetTask', '--ndjson', 'log.ndjson'],
      ['--type', 'Task', '--max-errors', '1', 'many.json', 'unknown.json'],
      ['--type', 'Task', 'many.json', 'missing.json', 'unknown.json'],
    ];
    for (const args of runs) {
      for (const format of [[], ['--json']]) {
        const all = ['validate', '--variant', 'a2a-v1', ...format, ...args];
        const node = spawnSync(process.execPath, [join(ROOT, 'dist', 'bin.mjs'), ...all], { cwd: work, encoding: 'utf8' });
        const python = py(all);
        // One message names the reader: JavaScript's "JSON.parse keeps only the last", Python's "only the last is checked".
        const reader = (out: string) => out.replace(/JSON\.parse keeps only the last|only the last is checked/g, '(the last)');
        expect(python.stdout).toMatch(/duplicateKey/.test(node.stdout) ? /only the last is checked/ : /^/);
        expect(reader(python.stdout), all.join(' ')).toBe(reader(node.stdout));
        expect(python.status, all.join(' ')).toBe(node.status);
      }
    }
  });

  it('exits 2 for usage and input errors, with a message and no stack trace', () => {
    writeFileSync(join(work, 'broken.json'), '{"id": ');
    const cases: [string[], RegExp][] = [
      [['validate', '--bogus', 'good.json'], /unrecognized arguments: --bogus/],
      [['validate', '--type', 'Tsak', '--variant', 'a2a-v1', 'good.json'], /unknown type "Tsak" in variant "a2a-v1" \(did you mean "Task"/],
      [['validate', '--variant', 'a2a-v9', 'good.json'], /unknown variant "a2a-v9"/],
      [['validate', '--type', 'Task', 'broken.json'], /broken\.json: not JSON \(.*line 1, column 8\)/],
      [['validate', '--type', 'Task', 'missing.json'], /cannot read missing\.json: no such file/],
      [[], /usage:/],
    ];
    for (const [args, message] of cases) {
      const result = py(args);
      expect(result.status, `${args.join(' ')}: ${ok(result)}`).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).not.toMatch(/Traceback/);
    }
  });
});

describe('formats', () => {
  /** The package's JavaScript verdict (src/engine/formats.ts, what every validator is built with). */
  const jsFormat = (name: string, value: string): boolean => {
    const format = formats[name] as unknown;
    if (format instanceof RegExp) return format.test(value);
    if (typeof format === 'function') return (format as (text: string) => boolean)(value);
    const check = (format as { validate: RegExp | ((text: string) => boolean) }).validate;
    return check instanceof RegExp ? check.test(value) : check(value);
  };

  it('the standard-library checks give the JavaScript verdicts (date-time, date, time, uuid, email, ipv4, ipv6) and RFC 3986 for uri', () => {
    const probes: [string, string][] = [];
    const seeds: Record<string, string[]> = {
      'date-time': [
        '2024-02-29T23:59:59Z',
        '2023-02-29T00:00:00.123z',
        '1998-12-31t23:59:60Z',
        '2016-12-31T18:59:60-05:00',
        '2024-01-01T00:00:00+01:00',
        '2024-04-31T00:00:00Z',
        '2024-01-01T24:00:00Z',
      ],
      date: ['2024-02-29', '2023-02-29', '2024-13-01', '2024-04-31'],
      time: ['23:59:59Z', '23:59:60Z', '10:30:00+05:30', '10:30:00.5-00:00', '10:30:00'],
      uuid: ['123e4567-e89b-12d3-a456-426614174000', 'ABCDEF01-2345-6789-ABCD-EF0123456789', 'b7e4c1d9-2a6f-4e83-8d15-3f9a0c6e2_47'],
      email: ['a@example.com', '"quoted name"@example.com', 'a@[127.0.0.1]', 'a@[IPv6:::1]', 'a..b@example.com', 'a@example..com', '.a@b'],
      ipv4: ['127.0.0.1', '255.255.255.255', '256.0.0.1', '01.2.3.4', '1.2.3'],
      ipv6: ['::1', '1:2:3:4:5:6:7:8', '1::2::3', '::ffff:1.2.3.4', 'g::1'],
    };
    // Every seed, and seeded random edits of each (a character replaced, inserted or removed).
    let state = 20_261_126;
    const next = (below: number) => {
      state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
      return Math.floor((state / 2 ** 32) * below);
    };
    const alphabet = '0123456789abcdefAF-:.TtZz+[]@%/ \u00e9';
    for (const [format, values] of Object.entries(seeds)) {
      for (const value of values) {
        probes.push([format, value]);
        for (let n = 0; n < 300; n++) {
          const at = next(value.length + 1);
          const char = alphabet[next(alphabet.length)]!;
          const op = next(3);
          probes.push([
            format,
            op === 0
              ? value.slice(0, at) + char + value.slice(at + 1)
              : op === 1
                ? value.slice(0, at) + char + value.slice(at)
                : value.slice(0, at) + value.slice(at + 1),
          ]);
        }
      }
    }
    const script =
      'import json, sys\nfrom bindu_protocol.formats import FORMATS\nprint(json.dumps([FORMATS[f](v) for f, v in json.load(sys.stdin)]))';
    const answer = run(venvPython, ['-c', script], { input: JSON.stringify(probes) });
    expect(answer.status, ok(answer)).toBe(0);
    const verdicts = JSON.parse(answer.stdout) as boolean[];
    const differ = probes
      .filter(([format, value], i) => jsFormat(format, value) !== verdicts[i])
      .map(([format, value]) => `${format} ${JSON.stringify(value)}: JavaScript ${jsFormat(format, value)}`);
    console.log(
      `python formats: ${probes.length} probes, ${probes.filter(([f, v]) => jsFormat(f, v)).length} valid, ${differ.length} differ`,
    );
    expect(differ.slice(0, 20)).toEqual([]);
    // `uri`, which no schema uses, against RFC 3986 itself (ajv-formats' expression departs from it in corners).
    const rule: [string, boolean][] = [
      ['https://example.com/a?b=c#d', true],
      ['HTTP://EXAMPLE.COM', true],
      ['urn:isbn:0451450523', true],
      ['mailto:a@example.com', true],
      ['file:///tmp/x', true],
      ['http://[::1]:8080/', true],
      ['a:b', true],
      ['http://', true],
      ['http://example.com/a b', false],
      ['https://exa mple.com', false],
      ['http://example.com/%zz', false],
      ['https://example.com/\u00fc', false],
      ['example.com', false],
      ['/relative/path', false],
      ['//example.com', false],
      ['', false],
      ['http://[::1]:a8080/', false],
      ['http:/[::1]:8080/', false],
    ];
    const uris = run(
      venvPython,
      ['-c', 'import json, sys\nfrom bindu_protocol.formats import uri\nprint(json.dumps([uri(v) for v, _ in json.load(sys.stdin)]))'],
      { input: JSON.stringify(rule) },
    );
    expect(uris.status, ok(uris)).toBe(0);
    expect(JSON.parse(uris.stdout)).toEqual(rule.map(([, verdict]) => verdict));
  });
});

describe('types and pydantic', () => {
  it(
    'mypy passes the generated TypedDicts and a typed usage file, and rejects a mistyped one',
    () => {
      // The whole package, as the interpreter here reads it and as the oldest supported Python (3.10) does.
      for (const version of [[], ['--python-version', '3.10']]) {
        const typesCheck = run(
          PYTHON,
          ['-m', 'mypy', '--strict', ...version, '--no-incremental', '--cache-dir', join(work, 'mypy-cache'), '-p', 'bindu_protocol'],
          { cwd: join(work, 'src') },
        );
        expect(typesCheck.status, ok(typesCheck)).toBe(0);
        expect(typesCheck.stdout).toMatch(/Success: no issues found/);
      }
      writeFileSync(
        join(work, 'usage.py'),
        [
          'from bindu_protocol import ValidationResult, validate, validate_message',
          'from bindu_protocol.types.a2a_v1 import Message, Part, Task, TaskState',
          '',
          'state: TaskState = "TASK_STATE_COMPLETED"',
          'part: Part = {"text": "hello"}',
          'message: Message = {"messageId": "m-1", "role": "ROLE_USER", "parts": [part]}',
          'task: Task = {"id": "task-1", "status": {"state": state}, "history": [message]}',
          'result: ValidationResult = validate("Task", task, variant="a2a-v1")',
          'valid: bool = result.valid and validate_message({"jsonrpc": "2.0", "id": 1, "result": task}, variant="a2a-v1", method="GetTask").valid',
          'paths: list[str] = [error.path for error in result.errors]',
          '',
        ].join('\n'),
      );
      writeFileSync(
        join(work, 'mistyped.py'),
        [
          'from bindu_protocol.types.a2a_v1 import Task',
          '',
          'task: Task = {"id": "task-1", "status": {"state": "completed"}}',
          'other: Task = {"status": {"state": "TASK_STATE_WORKING"}}',
          '',
        ].join('\n'),
      );
      const mypy = (file: string) =>
        run(venvPython, ['-m', 'mypy', '--strict', '--no-incremental', '--cache-dir', join(work, 'mypy-cache'), file]);
      const usage = mypy('usage.py');
      expect(usage.status, ok(usage)).toBe(0);
      const mistyped = mypy('mistyped.py');
      expect(mistyped.status, ok(mistyped)).toBe(1);
      expect(mistyped.stdout).toMatch(/mistyped\.py:3: error: .*'completed'.*"state"/);
      // The canonical form only: the enum numbers the v1.0 wire also accepts are not part of the type.
      expect(mistyped.stdout).toMatch(/'TASK_STATE_AUTH_REQUIRED'\]/);
      expect(mistyped.stdout).toMatch(/mistyped\.py:4: error: Missing key "id"/);
    },
    LONG,
  );

  it(
    "pydantic validates with every generated TypedDict and alias: Debian's pydantic 1.10 (parse_obj_as) and, where the machine's python3 has it, pydantic 2 (TypeAdapter)",
    () => {
      const script = [
        'import importlib, pydantic',
        'v2 = not pydantic.VERSION.startswith("1.")',
        'def adapter(tp):',
        '    if v2:',
        '        return pydantic.TypeAdapter(tp).validate_python',
        '    return lambda value: pydantic.parse_obj_as(tp, value)',
        'count, broken = 0, []',
        'for module in ("a2a", "bindu", "a2a_v1", "aion"):',
        '    types = importlib.import_module("bindu_protocol.types." + module)',
        '    for name in types.__all__:',
        '        count += 1',
        '        try:',
        '            adapter(getattr(types, name))({})',
        '        except pydantic.ValidationError:',
        '            pass',
        '        except Exception as error:',
        '            broken.append(f"{module}.{name}: {type(error).__name__}: {error}"[:200])',
        'from bindu_protocol.types.a2a_v1 import Task',
        'check = adapter(Task)',
        'good = {"id": "task-1", "status": {"state": "TASK_STATE_COMPLETED"}, "history": [{"messageId": "m", "role": "ROLE_USER", "parts": [{"text": "hi"}]}]}',
        'print("pydantic", pydantic.VERSION, "types", count, "broken", len(broken), *broken[:5], sep="\\n")',
        'print("good", check(good) == good)',
        'try:',
        '    check({"id": "task-1", "status": {"state": "completed"}})',
        '    print("bad accepted")',
        'except pydantic.ValidationError as error:',
        '    print("bad rejected", "status" in str(error) and "state" in str(error))',
      ].join('\n');
      const pythons = [venvPython];
      // The machine's own python3 (not Debian's), when it has pydantic 2 and jsonschema: a venv of it with the wheel.
      const own = run('python3', [
        '-c',
        'import sys, pydantic, jsonschema; print(sys.executable if not pydantic.VERSION.startswith("1.") else "")',
      ]);
      const ownPython = own.status === 0 ? own.stdout.trim() : '';
      if (ownPython !== '' && ownPython !== PYTHON) {
        const venv = run(ownPython, ['-m', 'venv', '--system-site-packages', join(work, 'venv2')]);
        expect(venv.status, ok(venv)).toBe(0);
        const installed = run(join(work, 'venv2', 'bin', 'python'), ['-m', 'pip', 'install', '--no-index', '--no-deps', '--quiet', wheel]);
        expect(installed.status, ok(installed)).toBe(0);
        pythons.push(join(work, 'venv2', 'bin', 'python'));
      }
      const typeCount = VARIANTS.reduce((sum, variant) => sum + Object.keys(variants[variant].definitions).length, 0);
      for (const python of pythons) {
        const result = run(python, ['-c', script]);
        expect(result.status, ok(result)).toBe(0);
        console.log(`${python}: ${result.stdout.trim().split('\n').slice(0, 4).join(' ')}`);
        expect(result.stdout).toMatch(new RegExp(`^types\\n${typeCount}\\nbroken\\n0$`, 'm'));
        expect(result.stdout).toMatch(/^good True$/m);
        expect(result.stdout).toMatch(/^bad rejected True$/m);
      }
      if (pythons.length > 1) {
        // That interpreter's jsonschema is another version than Debian's: the suite passes there too.
        const suite = run(pythons[1]!, ['-W', 'error::DeprecationWarning', '-m', 'bindu_protocol', 'conformance']);
        const version = run(pythons[1]!, ['-c', 'import importlib.metadata as m; print(m.version("jsonschema"))']);
        console.log(`jsonschema ${version.stdout.trim()}: ${suite.stdout.trim().split('\n').pop()}`);
        expect(suite.status, ok(suite).slice(0, 2000)).toBe(0);
        expect(suite.stdout).toMatch(/^\d+ passed, 0 failed$/m);
      }
    },
    LONG,
  );
});
