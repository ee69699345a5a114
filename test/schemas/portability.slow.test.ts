/**
 * Portability: the published JSON Schema files give every conformance case the same verdict in
 * three implementations, and the formats they assert mean the same thing in all three.
 *
 *   package    the package's own validators (validate, validateProperty, validateMessage) through
 *              the conformance runner's backend (src/library/conformance/backend.ts), as the runner uses
 *              them; the one function `packageVerdict` below
 *   hyperjump  @hyperjump/json-schema (2020-12, format assertion on) over generated/json-schema/
 *   python     Python's jsonschema from Debian (Draft202012Validator with its FORMAT_CHECKER) over
 *              the same files, through scripts/check_python_jsonschema.py, spawned once for all cases
 *
 * The schema of a case (README "Method parts"): a type's file; a request's, the method's request
 * type file; a response's, its success response file; an error's, JSONRPCErrorResponse.json;
 * params and result, the `params`/`result` subschema through the wrapper
 * {"$ref": "<file $id>#/properties/params"} (the same wrapper in all three).
 *
 * (The package checks an error through validateMessage, against the method's response union;
 * for a payload with `error` that union gives JSONRPCErrorResponse's verdict.)
 *
 * The error part has one rule that is not JSON Schema: the code must be one the method declares,
 * or a server error (-32000..-32099) that no catalogue entry names. Only the schema verdict is
 * compared; an error case that is invalid only by that rule (every expected error has keyword
 * `code`) must be schema-valid in all three, and is counted apart; the fixtures, the runner and
 * validateMessage must agree on which cases those are.
 *
 * Formats: the rule is the grammar JSON Schema 2020-12 (section 7.3) names, checked on probes:
 * `uuid` RFC 4122's 8-4-4-4-12 hex digits; `date-time` RFC 3339 section 5.6 ("T" and "Z" in either
 * case, an offset with its colon, a leap second only at 23:59:60 UTC); `uri` an RFC 3986 URI
 * (scheme required); `email` RFC 5321's Mailbox; and the one `pattern` of the published files
 * with ECMA-262 semantics, as 2020-12 requires. Where an implementation departs from the rule,
 * the departure is listed in FORMAT_DEVIATIONS with its cause, and the test requires the observed
 * departures to be exactly that list (a conformance case that hit one would show up as a
 * disagreement). Debian 12 packages no rfc3339-validator, so Python's jsonschema cannot check
 * `date-time` there; the script then registers its own check of the rule
 * (scripts/check_python_jsonschema.py `rfc3339_date_time`) and says so in its output, which the
 * test prints.
 *
 * BINDU_PYTHON names another interpreter than Debian's /usr/bin/python3 (its jsonschema may then
 * depart from the rule elsewhere, and the test says where).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  registerSchema,
  setShouldValidateFormat,
  validate as hyperjumpCompile,
  type Validator,
} from '@hyperjump/json-schema/draft-2020-12';
import '@hyperjump/json-schema/formats';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTALL_TIMEOUT_MS, needSystemTools } from '../system-tools.js';
import { createBackend } from '../../src/library/conformance/backend.js';
import { addFormats } from '../../src/engine/formats.js';
import { validateMessage } from '../../src/library/validate-message.js';
import { BASE64_PATTERN } from '../../schemas/a2a-v1/parts.js';
import { fixtureSchemaValidator, lintVariant } from '../../src/library/conformance/lint.js';
import { readVariantFiles, variantDirectories } from '../../src/library/conformance/load-fixtures.js';
import type { Check, ResolvedCase } from '../../src/library/conformance/fixture.js';
import { variants } from '../../src/library/typebox-variants.js';
import type { MethodSpec } from '../../schemas/variant.js';
import { ROOT } from '../helpers.js';

const CONFORMANCE = join(ROOT, 'conformance');
const SCHEMAS = join(ROOT, 'generated', 'json-schema');
const PYTHON_SCRIPT = join(ROOT, 'scripts', 'check_python_jsonschema.py');
/** Debian's interpreter, which sees Debian's python3-jsonschema; BINDU_PYTHON overrides it. */
const PYTHON = process.env.BINDU_PYTHON ?? '/usr/bin/python3';
const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

type Json = Record<string, unknown>;
type Implementation = 'package' | 'hyperjump' | 'python';
const IMPLEMENTATIONS: readonly Implementation[] = ['package', 'hyperjump', 'python'];

// ---------------------------------------------------------------------------------------------
// The cases and the schema each is checked against
// ---------------------------------------------------------------------------------------------

interface Job {
  readonly id: string;
  readonly variant: string;
  readonly case: ResolvedCase;
  /** Absolute path of the published file. */
  readonly schemaFile: string;
  /** "" for the whole file, `/properties/params` or `/properties/result` for a part of it. */
  readonly pointer: string;
  /** The schema verdict the fixture implies: its verdict, or valid for a case invalid only by the code rule. */
  readonly expected: boolean;
  /** An error-part case whose only expected errors are undeclared codes. */
  readonly codeOnly: boolean;
}

function schemaOf(variant: string, c: ResolvedCase, methods: ReadonlyMap<string, MethodSpec>): { type: string; pointer: string } {
  const target = c.target;
  if ('type' in target) return { type: target.type, pointer: '' };
  const method = methods.get(target.method);
  if (!method) throw new Error(`${c.fullId}: ${variant} has no method ${target.method}`);
  switch (target.part) {
    case 'request':
      return { type: method.request, pointer: '' };
    case 'params':
      return { type: method.request, pointer: '/properties/params' };
    case 'result':
      return { type: method.successResponse, pointer: '/properties/result' };
    case 'response':
      return { type: method.successResponse, pointer: '' };
    case 'error':
      return { type: 'JSONRPCErrorResponse', pointer: '' };
  }
}

const backend = createBackend(ROOT);
const validateFixture = fixtureSchemaValidator(ROOT);
const VARIANTS = variantDirectories(CONFORMANCE);

const jobs: Job[] = [];
const lintProblems: string[] = [];
for (const variant of VARIANTS) {
  const spec = (variants as Record<string, { methods: readonly MethodSpec[] } | undefined>)[variant];
  const { issues, cases } = lintVariant(readVariantFiles(CONFORMANCE, variant), backend.catalogue(variant), validateFixture);
  lintProblems.push(...issues.map((issue) => `${issue.file}${issue.id ? `#${issue.id}` : ''}: ${issue.message}`));
  if (!spec) continue;
  const methods = new Map(spec.methods.map((method) => [method.method, method]));
  for (const c of cases) {
    const { type, pointer } = schemaOf(variant, c, methods);
    const codeOnly = 'method' in c.target && c.target.part === 'error' && !c.valid && c.errors.every((error) => error.keyword === 'code');
    jobs.push({
      id: c.fullId,
      variant,
      case: c,
      schemaFile: join(SCHEMAS, variant, `${type}.json`),
      pointer,
      expected: codeOnly ? true : c.valid,
      codeOnly,
    });
  }
}

// ---------------------------------------------------------------------------------------------
// (1) the package: the runner's validator, one function
// ---------------------------------------------------------------------------------------------

const checkers = new Map<string, Check>();
/** The schema verdict of the package's own validator (an undeclared-code error is not a schema error). */
function packageVerdict(job: Job): boolean {
  let check = checkers.get(job.variant);
  if (!check) {
    check = backend.checker(job.variant);
    checkers.set(job.variant, check);
  }
  const result = check(job.case.target, job.case.data);
  return result.errors.every((error) => error.keyword === 'code');
}

// ---------------------------------------------------------------------------------------------
// (2) hyperjump: every published file registered by its $id, each schema compiled once
// ---------------------------------------------------------------------------------------------

const hyperjumpValidators = new Map<string, Validator>();
const registeredIds = new Map<string, string>();

function registerDirectory(dir: string): void {
  for (const name of readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()) {
    const path = join(dir, name);
    const schema = JSON.parse(readFileSync(path, 'utf8')) as Json;
    if (typeof schema.$id !== 'string') throw new Error(`${path} has no $id`);
    registerSchema(schema as never);
    registeredIds.set(path, schema.$id);
  }
}

async function hyperjumpValidator(schemaFile: string, pointer: string): Promise<Validator> {
  const key = `${schemaFile}#${pointer}`;
  let validator = hyperjumpValidators.get(key);
  if (!validator) {
    const id = registeredIds.get(schemaFile);
    if (!id) throw new Error(`${schemaFile} was not registered`);
    let uri = id;
    if (pointer !== '') {
      uri = `${id.replace(/\.json$/, '')}${pointer.replaceAll('/', '-')}.wrapper.json`;
      registerSchema({ $schema: DIALECT, $id: uri, $ref: `${id}#${encodeURI(pointer)}` } as never);
    }
    validator = await hyperjumpCompile(uri);
    hyperjumpValidators.set(key, validator);
  }
  return validator;
}

// ---------------------------------------------------------------------------------------------
// (3) Python's jsonschema, one process for every case and probe
// ---------------------------------------------------------------------------------------------

interface PythonOutput {
  python: string;
  executable: string;
  jsonschema: string;
  formats: Record<string, string | null>;
  schemas: number;
  verdicts: { id: string; valid: boolean; errors: { path: string; keyword: string }[] }[];
}

function runPython(input: readonly { id: string; schemaFile: string; pointer: string; data: unknown }[]): PythonOutput {
  const run = spawnSync(PYTHON, [PYTHON_SCRIPT], {
    input: JSON.stringify(input),
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    timeout: 300_000,
  });
  if (run.error)
    throw new Error(
      `cannot run ${PYTHON} (${run.error.message}); run scripts/install-test-tools.sh python3-jsonschema python3-rfc3987, or set BINDU_PYTHON to a Python with jsonschema`,
    );
  if (run.status !== 0) throw new Error(`${PYTHON} ${PYTHON_SCRIPT} exited ${run.status}: ${run.stderr.trim()}`);
  return JSON.parse(run.stdout) as PythonOutput;
}

// ---------------------------------------------------------------------------------------------
// Format probes: the rule's verdict for each, and the documented departures from it
// ---------------------------------------------------------------------------------------------

type ProbeFormat = 'uuid' | 'date-time' | 'uri' | 'email' | 'pattern' | 'did-pattern' | 'base58-pattern';

/** The `pattern`s of the published files: aion's base64 bytes, bindu's DID (DidDocument.id) and its base58 keys. */
const PATTERNS: Partial<Record<ProbeFormat, string>> = {
  pattern: BASE64_PATTERN,
  'did-pattern': '^did:[a-z0-9]+:',
  'base58-pattern': '^[1-9A-HJ-NP-Za-km-z]+$(?!\\n)',
};

/** [value, verdict under the rule] */
const PROBES: Record<ProbeFormat, readonly (readonly [string, boolean])[]> = {
  uuid: [
    ['b7e4c1d9-2a6f-4e83-8d15-3f9a0c6e2b47', true],
    ['B7E4C1D9-2A6F-4E83-8D15-3F9A0C6E2B47', true],
    ['00000000-0000-0000-0000-000000000000', true],
    ['urn:uuid:b7e4c1d9-2a6f-4e83-8d15-3f9a0c6e2b47', false],
    ['{b7e4c1d9-2a6f-4e83-8d15-3f9a0c6e2b47}', false],
    ['b7e4c1d92a6f4e838d153f9a0c6e2b47', false],
    ['b7e4c1d9-2a6f-4e83-8d15-3f9a0c6e2b4', false],
    ['b7e4c1d9-2a6f-4e83-8d15-3f9a0c6e2b477', false],
    ['g7e4c1d9-2a6f-4e83-8d15-3f9a0c6e2b47', false],
    ['b7e4c1d9-2a6f-4e83-8d15-3f9a0c6e-b47', false],
    ['b7e4c1d9-2a6f-4e83-8d15-3f9a0c6e2_47', false],
    [' b7e4c1d9-2a6f-4e83-8d15-3f9a0c6e2b47', false],
    ['b7e4c1d9-2a6f-4e83-8d15-3f9a0c6e2b47\n', false],
    ['task-001', false],
    ['', false],
  ],
  'date-time': [
    ['2025-01-15T10:30:00Z', true],
    ['2025-01-15T10:30:00.123456Z', true],
    ['2025-01-15t10:30:00z', true],
    ['2025-01-15T10:30:00+05:30', true],
    ['2025-01-15T10:30:00.5-00:00', true],
    ['2024-02-29T10:30:00Z', true],
    ['2016-12-31T23:59:60Z', true],
    ['2016-12-31T18:59:60-05:00', true],
    ['2025-01-15T23:59:60Z', true],
    ['2025-01-15T10:30:60Z', false],
    ['2025-01-15 10:30:00Z', false],
    ['2025-01-15T10:30:00+0530', false],
    ['2025-01-15T10:30:00+05', false],
    ['2025-01-15T10:30:00', false],
    ['2025-01-15', false],
    ['2025-02-29T10:30:00Z', false],
    ['2025-13-01T10:30:00Z', false],
    ['2025-01-32T10:30:00Z', false],
    ['2025-01-15T24:00:00Z', false],
    ['2025-01-15T10:60:00Z', false],
    ['2025-01-15T10:30:00.Z', false],
    ['2025-01-15T10:30:00,5Z', false],
    ['20250115T103000Z', false],
    ['2025-01-15T10:30:00+24:00', false],
    ['2025-01-15T10:30:00+05:60', false],
    ['+2025-01-15T10:30:00Z', false],
    ['2025-01-15T10:30:00Z\n', false],
    ['\uff12025-01-15T10:30:00Z', false],
  ],
  uri: [
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
  ],
  email: [
    ['a@example.com', true],
    ['first.last+tag@sub.example.org', true],
    ['a@b', true],
    ['"quoted name"@example.com', true],
    ['a@[127.0.0.1]', true],
    ['@example.com', false],
    ['a@', false],
    ['a b@example.com', false],
    ['a@@example.com', false],
    ['a..b@example.com', false],
    ['.a@example.com', false],
    ['a@example..com', false],
    ['\u00fc@example.com', false],
    ['plain', false],
  ],
  // The one `pattern` of the published files (aion's base64 bytes), ECMA-262 semantics.
  pattern: [
    ['aGVsbG8=', true],
    ['aGVs_-8', true],
    ['', true],
    ['aGVsbG8=\n', false],
    ['aGVsbG8===', false],
    ['aGVs bG8=', false],
  ],
  // bindu DidDocument.id: a DID's scheme and method, whatever follows.
  'did-pattern': [
    ['did:bindu:alice:echo:1f2e', true],
    ['did:key:z6Mk', true],
    ['did:bindu:', true],
    ['did:Bindu:x', false],
    ['did::x', false],
    ['urn:did:bindu:x', false],
    ['did:bindu', false],
  ],
  // bindu VerificationMethod.publicKeyBase58: the Bitcoin alphabet (no 0, O, I or l), not empty.
  'base58-pattern': [
    ['6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK', true],
    ['1', true],
    ['', false],
    ['0abc', false],
    ['abcO', false],
    ['Iabc', false],
    ['abcl', false],
    ['ab c', false],
    ['abc\n', false],
  ],
};

interface Deviation {
  readonly implementation: Implementation;
  readonly format: ProbeFormat;
  readonly value: string;
  readonly cause: string;
}

const HYPERJUMP_LEAP = 'hyperjump admits a leap second only on a day the IERS table lists';
const PYTHON_UUID =
  "jsonschema 4.10's uuid is uuid.UUID() plus the hyphen positions, and UUID() parses hex with int(), which takes '_' between digits";
const PYTHON_EMAIL = 'jsonschema checks email only for an "@"';

/** Every place an implementation departs from the rule. The test fails if one is added or fixed. */
const FORMAT_DEVIATIONS: readonly Deviation[] = [
  { implementation: 'hyperjump', format: 'date-time', value: '2025-01-15T23:59:60Z', cause: HYPERJUMP_LEAP },
  { implementation: 'python', format: 'uuid', value: 'b7e4c1d9-2a6f-4e83-8d15-3f9a0c6e2_47', cause: PYTHON_UUID },
  ...[
    '@example.com',
    'a@',
    'a b@example.com',
    'a@@example.com',
    'a..b@example.com',
    '.a@example.com',
    'a@example..com',
    '\u00fc@example.com',
  ].map((value): Deviation => ({ implementation: 'python', format: 'email', value, cause: PYTHON_EMAIL })),
];

/** The probe schema of a format: a string with that format, or with the published pattern. */
function probeSchema(format: ProbeFormat): Json {
  return {
    $schema: DIALECT,
    $id: `https://getbindu.com/protocol/test/portability/${format}.json`,
    type: 'string',
    ...(PATTERNS[format] !== undefined ? { pattern: PATTERNS[format] } : { format }),
  };
}

/**
 * The package's verdict on a probe. `uuid`, `date-time` and the pattern go through the runner's
 * validator on published types (bindu TaskIdParams.taskId, TaskStatus.timestamp; aion Part.raw).
 * `uri` and `email`, which no published file uses, go through ajv with the package's format
 * module (src/engine/formats.ts), the one every validator of the package is built with.
 */
const ajv = addFormats(new Ajv2020({ strict: true, strictTypes: false, allErrors: true, validateFormats: true }));
function packageProbe(format: ProbeFormat, value: string): boolean {
  if (format === 'uuid') return backend.checker('bindu')({ type: 'TaskIdParams' }, { taskId: value }).valid;
  if (format === 'date-time') return backend.checker('bindu')({ type: 'TaskStatus' }, { state: 'working', timestamp: value }).valid;
  if (format === 'pattern') return backend.checker('aion')({ type: 'Part' }, { raw: value }).valid;
  if (format === 'did-pattern')
    return backend.checker('bindu')({ type: 'DidDocument' }, { id: value, authentication: ['did:key:z#key-1'] }).valid;
  if (format === 'base58-pattern')
    return backend.checker('bindu')({ type: 'VerificationMethod' }, { id: 'k', type: 't', controller: 'c', publicKeyBase58: value }).valid;
  const id = probeSchema(format).$id as string;
  const validate = ajv.getSchema(id) ?? ajv.compile(probeSchema(format));
  return validate(value) as boolean;
}

// ---------------------------------------------------------------------------------------------
// Running everything once
// ---------------------------------------------------------------------------------------------

type Verdicts = Record<Implementation, Map<string, boolean>>;
const caseVerdicts: Verdicts = { package: new Map(), hyperjump: new Map(), python: new Map() };
const probeVerdicts: Verdicts = { package: new Map(), hyperjump: new Map(), python: new Map() };
const probeKey = (format: ProbeFormat, value: string) => `${format} ${JSON.stringify(value)}`;
let python: PythonOutput;
const timings: Record<Implementation, number> = { package: 0, hyperjump: 0, python: 0 };
let scratch: string;

beforeAll(async () => {
  if (process.env.BINDU_PYTHON === undefined) needSystemTools('python3-jsonschema', 'python3-rfc3987');
  setShouldValidateFormat(true);
  scratch = mkdtempSync(join(tmpdir(), 'bindu-portability-'));

  let start = performance.now();
  for (const job of jobs) caseVerdicts.package.set(job.id, packageVerdict(job));
  for (const [format, probes] of Object.entries(PROBES) as [ProbeFormat, (typeof PROBES)[ProbeFormat]][]) {
    for (const [value] of probes) probeVerdicts.package.set(probeKey(format, value), packageProbe(format, value));
  }
  timings.package = performance.now() - start;

  start = performance.now();
  for (const variant of VARIANTS) registerDirectory(join(SCHEMAS, variant));
  const probeDir = join(scratch, 'probes');
  rmSync(probeDir, { recursive: true, force: true });
  mkdirSync(probeDir);
  for (const format of Object.keys(PROBES) as ProbeFormat[])
    writeFileSync(join(probeDir, `${format}.json`), JSON.stringify(probeSchema(format)));
  registerDirectory(probeDir);
  for (const job of jobs) {
    const validator = await hyperjumpValidator(job.schemaFile, job.pointer);
    caseVerdicts.hyperjump.set(job.id, validator(job.case.data as never).valid);
  }
  for (const [format, probes] of Object.entries(PROBES) as [ProbeFormat, (typeof PROBES)[ProbeFormat]][]) {
    const validator = await hyperjumpValidator(join(probeDir, `${format}.json`), '');
    for (const [value] of probes) probeVerdicts.hyperjump.set(probeKey(format, value), validator(value).valid);
  }
  timings.hyperjump = performance.now() - start;

  start = performance.now();
  const input = [
    ...jobs.map((job) => ({ id: job.id, schemaFile: job.schemaFile, pointer: job.pointer, data: job.case.data })),
    ...(Object.entries(PROBES) as [ProbeFormat, (typeof PROBES)[ProbeFormat]][]).flatMap(([format, probes]) =>
      probes.map(([value]) => ({
        id: `probe ${probeKey(format, value)}`,
        schemaFile: join(probeDir, `${format}.json`),
        pointer: '',
        data: value,
      })),
    ),
  ];
  python = runPython(input);
  for (const verdict of python.verdicts) {
    if (verdict.id.startsWith('probe ')) probeVerdicts.python.set(verdict.id.slice('probe '.length), verdict.valid);
    else caseVerdicts.python.set(verdict.id, verdict.valid);
  }
  timings.python = performance.now() - start;
}, INSTALL_TIMEOUT_MS);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------

describe('portability of the published JSON Schema files', () => {
  it('has fixtures to check, lint-clean, in every variant of the package', () => {
    expect(lintProblems).toEqual([]);
    expect(VARIANTS).toEqual(expect.arrayContaining(['a2a', 'bindu', 'aion']));
    for (const variant of VARIANTS) expect(jobs.filter((job) => job.variant === variant).length, variant).toBeGreaterThan(0);
  });

  it("runs Debian's jsonschema with every format of the rule checked", () => {
    expect(python.verdicts).toHaveLength(jobs.length + Object.values(PROBES).reduce((sum, list) => sum + list.length, 0));
    for (const format of ['uuid', 'date-time', 'uri', 'email']) expect(python.formats[format], `python checks ${format}`).toBeTruthy();
    console.log(
      `python: ${python.executable} ${python.python}, jsonschema ${python.jsonschema}, ${python.schemas} schema files; formats: ` +
        Object.entries(python.formats)
          .map(([format, who]) => `${format} by ${who}`)
          .join('; '),
    );
  });

  describe.each(VARIANTS.map((variant) => [variant]))('%s', (variant) => {
    it('every case gets the same schema verdict from the package, hyperjump and python', () => {
      const mine = jobs.filter((job) => job.variant === variant);
      const checked = Object.fromEntries(
        IMPLEMENTATIONS.map((name) => [name, mine.filter((job) => caseVerdicts[name].has(job.id)).length]),
      );
      const codeOnly = mine.filter((job) => job.codeOnly).length;
      console.log(
        `${variant}: ${mine.length} cases (${mine.filter((j) => j.case.valid).length} valid, ${mine.filter((j) => !j.case.valid).length} invalid; ` +
          `${codeOnly} error cases invalid only by the undeclared-code rule, compared as schema-valid); checked: ` +
          IMPLEMENTATIONS.map((name) => `${name} ${checked[name]}`).join(', '),
      );
      const disagreements = mine
        .filter((job) => IMPLEMENTATIONS.some((name) => caseVerdicts[name].get(job.id) !== job.expected))
        .map((job) => {
          const verdicts = IMPLEMENTATIONS.map(
            (name) =>
              `${name}=${caseVerdicts[name].get(job.id) === undefined ? 'unchecked' : caseVerdicts[name].get(job.id) ? 'valid' : 'invalid'}`,
          );
          const file = `${job.schemaFile.slice(ROOT.length + 1)}${job.pointer === '' ? '' : `#${job.pointer}`}`;
          return `${job.id}: expected ${job.expected ? 'valid' : 'invalid'} against ${file}; ${verdicts.join(' ')}`;
        });
      expect(disagreements).toEqual([]);
      for (const name of IMPLEMENTATIONS) expect(checked[name], name).toBe(mine.length);
    });

    it('the code rule: the fixtures, the runner and validateMessage agree on which error cases break it', () => {
      const check = backend.checker(variant);
      for (const job of jobs.filter((j) => j.variant === variant && 'method' in j.case.target && j.case.target.part === 'error')) {
        const target = job.case.target as { method: string };
        const expectsCode = job.case.errors.some((error) => error.path === '/error/code' && error.keyword === 'code');
        const runnerSays = check(job.case.target, job.case.data).errors.some((error) => error.keyword === 'code');
        const data = job.case.data as Record<string, unknown> | null;
        const messageSays =
          typeof data === 'object' && data !== null && 'error' in data
            ? validateMessage(data, { variant: variant as never, method: target.method }).warnings.some(
                (warning) => warning.keyword === 'code',
              )
            : false;
        expect([runnerSays, messageSays], job.id).toEqual([expectsCode, expectsCode]);
      }
    });

    it('an error case invalid only by its code is schema-valid and rejected by the package for the code alone', () => {
      const check = backend.checker(variant);
      for (const job of jobs.filter((j) => j.variant === variant && j.codeOnly)) {
        const result = check(job.case.target, job.case.data);
        expect(result.valid, job.id).toBe(false);
        expect(
          result.errors.map((error) => error.keyword),
          job.id,
        ).toEqual(result.errors.map(() => 'code'));
      }
    });
  });

  describe('formats', () => {
    it('the published files use only probed formats and patterns', () => {
      const formats = new Set<string>();
      const patterns = new Set<string>();
      const walk = (node: unknown): void => {
        if (Array.isArray(node)) node.forEach(walk);
        else if (typeof node === 'object' && node !== null) {
          for (const [key, value] of Object.entries(node)) {
            if (key === 'format' && typeof value === 'string') formats.add(value);
            if (key === 'pattern' && typeof value === 'string') patterns.add(value);
            walk(value);
          }
        }
      };
      for (const variant of VARIANTS) {
        for (const name of readdirSync(join(SCHEMAS, variant))) walk(JSON.parse(readFileSync(join(SCHEMAS, variant, name), 'utf8')));
      }
      // A new format or pattern needs probes (and its deviations listed) here first.
      console.log(`the published files use the formats ${[...formats].sort().join(', ')} and ${patterns.size} pattern(s)`);
      expect([...formats].filter((format) => !['uuid', 'date-time', 'uri', 'email'].includes(format))).toEqual([]);
      expect([...patterns].filter((pattern) => !Object.values(PATTERNS).includes(pattern))).toEqual([]);
      expect(formats.size).toBeGreaterThan(0);
    });

    it('each implementation follows the rule on every probe but for the documented deviations', () => {
      const observed: string[] = [];
      for (const [format, probes] of Object.entries(PROBES) as [ProbeFormat, (typeof PROBES)[ProbeFormat]][]) {
        for (const [value, rule] of probes) {
          for (const name of IMPLEMENTATIONS) {
            const verdict = probeVerdicts[name].get(probeKey(format, value));
            if (verdict !== rule)
              observed.push(
                `${name} ${format} ${JSON.stringify(value)}: ${verdict === undefined ? 'unchecked' : verdict ? 'valid' : 'invalid'}, the rule says ${rule ? 'valid' : 'invalid'}`,
              );
          }
        }
      }
      const documented = FORMAT_DEVIATIONS.map((d) => {
        const rule = PROBES[d.format].find(([value]) => value === d.value)?.[1];
        return `${d.implementation} ${d.format} ${JSON.stringify(d.value)}: ${rule ? 'invalid' : 'valid'}, the rule says ${rule ? 'valid' : 'invalid'}`;
      });
      console.log(
        `format probes: ${Object.values(PROBES).reduce((sum, list) => sum + list.length, 0)} values, each checked by ${IMPLEMENTATIONS.join(', ')}; documented deviations:\n${FORMAT_DEVIATIONS.map((d) => `  ${d.implementation} ${d.format} ${JSON.stringify(d.value)}: ${d.cause}`).join('\n')}`,
      );
      expect(observed.sort()).toEqual(documented.sort());
    });
  });

  it('reports how long each implementation took', () => {
    console.log(`time: ${IMPLEMENTATIONS.map((name) => `${name} ${Math.round(timings[name])} ms`).join(', ')} (${jobs.length} cases)`);
    expect(jobs.length).toBeGreaterThan(0);
  });
});
