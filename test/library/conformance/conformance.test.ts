/**
 * The conformance suite: every bundled case of every variant directory, the coverage rule, the
 * fixture lint, the runner's verdicts, the RFC 6902 patcher, the JUnit writer and the CLI command.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { createBackend } from '../../../src/library/conformance/backend.js';
import { junitXml, writeJUnit } from '../../../src/commands/conformance/junit-report.js';
import { fixtureSchemaValidator, lintVariant } from '../../../src/library/conformance/lint.js';
import { readVariantFiles, variantDirectories, type FixtureFile } from '../../../src/library/conformance/load-fixtures.js';
import { applyPatch, PatchError } from '../../../src/library/conformance/patch.js';
import { failureLines, formatReport, runConformance, runVariant, type Report } from '../../../src/library/conformance/runner.js';
import type { RawGroup } from '../../../src/library/conformance/fixture.js';
import { variants } from '../../../src/library/typebox-variants.js';
import { validate, validateProperty } from '../../../src/library/validate.js';
import { validateMessage } from '../../../src/library/validate-message.js';
import type { MethodSpec } from '../../../schemas/variant.js';
import { ROOT, cli, runNode } from '../../helpers.js';

const CONFORMANCE = join(ROOT, 'conformance');
const backend = createBackend(ROOT);
const validateFixture = fixtureSchemaValidator(ROOT);

const scratch: string[] = [];
/** A temporary directory, removed after the file's tests. */
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------
// The bundled suite, variant by variant (whatever directories exist under conformance/)
// ---------------------------------------------------------------------------------------------

const present = variantDirectories(CONFORMANCE);
const bundled = runConformance({ root: ROOT, backend });

describe('bundled fixtures', () => {
  it('has an a2a variant directory', () => {
    expect(present).toContain('a2a');
  });

  describe.each(bundled.variants.map((report) => [report.variant, report] as const))('%s', (variant, report) => {
    it('is a variant of the package', () => {
      expect(backend.catalogue(variant), `conformance/${variant}/ has no variant in the package`).toBeDefined();
    });

    it('passes the fixture lint', () => {
      expect(report.issues.map((issue) => `${issue.file}${issue.id ? `#${issue.id}` : ''}: ${issue.message}`)).toEqual([]);
    });

    it('covers every type and every required method part with a valid and an invalid case', () => {
      expect(report.coverage?.gaps).toEqual([]);
    });

    it.each(report.outcomes.map((outcome) => [outcome.case.fullId, outcome] as const))('%s', (_id, outcome) => {
      const detail = outcome.passed ? '' : `${outcome.reason}\n${outcome.locations.map((l) => `${l.path} ${l.keyword}`).join('\n')}`;
      expect(outcome.passed, detail).toBe(true);
    });
  });
});

describe('a2a fixtures', () => {
  const a2a = bundled.variants.find((report) => report.variant === 'a2a')!;

  it('cover all 93 types and the 39 required parts of the 10 methods', () => {
    expect(a2a.coverage!.types).toHaveLength(93);
    expect(a2a.coverage!.typesCovered).toBe(93);
    expect(a2a.coverage!.methods).toHaveLength(10);
    expect(a2a.coverage!.partsRequired).toBe(39);
    expect(a2a.coverage!.partsCovered).toBe(39);
    // the optional `response` part is covered too
    for (const method of a2a.coverage!.methods) {
      expect(method.parts.response.valid, method.method).toBeGreaterThan(0);
      expect(method.parts.response.invalid, method.method).toBeGreaterThan(0);
    }
  });

  it('has one file per type and per method, named after it', () => {
    const catalogue = backend.catalogue('a2a')!;
    expect(readdirSync(join(CONFORMANCE, 'a2a', 'types')).sort()).toEqual(catalogue.types.map((type) => `${type}.json`).sort());
    expect(readdirSync(join(CONFORMANCE, 'a2a', 'methods')).sort()).toEqual(
      catalogue.methods.map((m) => `${m.method.replaceAll('/', '-')}.json`).sort(),
    );
  });

  it('every invalid case makes one deliberate defect and names the one error it expects', () => {
    let invalid = 0;
    for (const file of readVariantFiles(CONFORMANCE, 'a2a')) {
      for (const group of file.content as RawGroup[]) {
        for (const test of group.tests) {
          if (test.valid) continue;
          // a seed example is as the seed wrote it: it names each of its defects, and says why
          if (test.id.startsWith('seed-')) {
            expect(test.errors?.length, `${file.file}#${test.id}`).toBeGreaterThan(0);
            expect(test.note, `${file.file}#${test.id}`).toBeTruthy();
            continue;
          }
          invalid++;
          expect(test.errors, `${file.file}#${test.id}`).toHaveLength(1);
          if (test.patch) expect(test.patch, `${file.file}#${test.id}`).toHaveLength(1);
        }
      }
    }
    expect(invalid).toBeGreaterThan(300);
  });

  it('ships a streaming sequence: task, status and artifact updates, last event final', () => {
    const stream = a2a.outcomes.filter((o) => o.case.fullId.startsWith('a2a/message-stream#response-event-'));
    const kinds = stream.map((o) => (o.case.data as { result: { kind: string } }).result.kind);
    expect(kinds).toEqual(['task', 'status-update', 'artifact-update', 'artifact-update', 'status-update']);
    const last = stream.at(-1)!.case.data as { result: { final: boolean; status: { state: string } } };
    expect(last.result).toMatchObject({ final: true, status: { state: 'completed' } });
    expect(stream.every((o) => o.passed)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// Lint: broken fixtures are caught (in-memory files and a temporary directory)
// ---------------------------------------------------------------------------------------------

const task = {
  kind: 'task',
  id: 'b7e4c1d9-2a6f-4e83-8d15-3f9a0c6e2b47',
  contextId: '0f8c3a52-6b1e-4d7a-9e24-5c1b7d3e8a90',
  status: { state: 'submitted' },
};

function taskFile(tests: unknown[], file = 'a2a/types/Task.json', target: unknown = { type: 'Task' }): FixtureFile {
  return { variant: 'a2a', file, content: [{ description: 'tasks', target, tests }] };
}
const base = { id: 'submitted', description: 'a submitted task', valid: true, data: task };
const lint = (...files: FixtureFile[]) => lintVariant(files, backend.catalogue('a2a'), validateFixture);
const messages = (...files: FixtureFile[]) => lint(...files).issues.map((issue) => `${issue.id ?? ''}: ${issue.message}`);

describe('fixture lint', () => {
  it('accepts a well-formed file and resolves from + patch', () => {
    const result = lint(
      taskFile([
        base,
        {
          id: 'state-paused',
          description: 'bad state',
          valid: false,
          from: 'submitted',
          patch: [{ op: 'replace', path: '/status/state', value: 'paused' }],
          errors: [{ path: '/status/state', keyword: 'enum' }],
        },
      ]),
    );
    expect(result.issues).toEqual([]);
    expect(result.cases.map((c) => c.fullId)).toEqual(['a2a/Task#submitted', 'a2a/Task#state-paused']);
    expect(result.cases[1]!.data).toEqual({ ...task, status: { state: 'paused' } });
  });

  it('reports a duplicate id', () => {
    expect(messages(taskFile([base, { ...base, description: 'again' }]))).toEqual(['submitted: duplicate id "submitted"']);
  });

  it('reports a dangling from, and a from that names an invalid case', () => {
    const patch = [{ op: 'remove', path: '/status' }];
    const errors = [{ path: '', keyword: 'required' }];
    expect(messages(taskFile([base, { id: 'orphan', description: 'x', valid: false, from: 'nowhere', patch, errors }]))).toEqual([
      'orphan: "from" names "nowhere", which is not a case of this file',
    ]);
    const bad = { id: 'bad', description: 'x', valid: false, data: {}, errors };
    expect(messages(taskFile([base, bad, { id: 'from-bad', description: 'x', valid: false, from: 'bad', patch, errors }]))).toEqual([
      'from-bad: "from" names "bad", which is an invalid case (it must start from a valid one)',
    ]);
  });

  it('reports a from chain that loops', () => {
    const patch = [{ op: 'add', path: '/metadata', value: {} }];
    const issues = messages(
      taskFile([
        { id: 'a', description: 'x', valid: true, from: 'b', patch },
        { id: 'b', description: 'y', valid: true, from: 'a', patch },
      ]),
    );
    expect(issues.some((m) => m.includes('"from" chain loops'))).toBe(true);
  });

  it('reports a patch that does not apply', () => {
    const issues = messages(
      taskFile([
        base,
        {
          id: 'no-such-path',
          description: 'x',
          valid: false,
          from: 'submitted',
          patch: [{ op: 'replace', path: '/status/message/role', value: 'user' }],
          errors: [{ path: '/status', keyword: 'required' }],
        },
      ]),
    );
    expect(issues).toEqual([
      'no-such-path: patch does not apply: operation 0 (replace /status/message/role): "/status/message/role" does not exist',
    ]);
  });

  it('reports an unknown target type, method and part', () => {
    expect(messages(taskFile([base], 'a2a/types/Tsak.json', { type: 'Tsak' }))).toEqual([': unknown target: a2a has no type "Tsak"']);
    expect(messages(taskFile([base], 'a2a/methods/tasks-list.json', { method: 'tasks/list', part: 'result' }))).toEqual([
      ': unknown target: a2a has no method "tasks/list"',
    ]);
    expect(
      messages(
        taskFile([base], 'a2a/methods/agent-getAuthenticatedExtendedCard.json', {
          method: 'agent/getAuthenticatedExtendedCard',
          part: 'params',
        }),
      ),
    ).toEqual([': unknown target: agent/getAuthenticatedExtendedCard has no params part (it takes no params)']);
  });

  it('reports a group whose target belongs in another file, and a misplaced file', () => {
    expect(messages(taskFile([base], 'a2a/types/Message.json'))).toEqual([
      ': group "tasks" targets Task, which belongs in a2a/types/Task.json',
    ]);
    expect(messages(taskFile([base], 'a2a/Task.json'))).toEqual([
      ': misplaced: fixture files go in <variant>/types/<Type>.json or <variant>/methods/<method-slug>.json',
    ]);
  });

  it('reports files that do not match fixture.schema.json', () => {
    // an invalid case without errors
    expect(messages(taskFile([base, { id: 'no-errors', description: 'x', valid: false, data: {} }]))[0]).toMatch(
      /^: does not match conformance\/fixture\.schema\.json: /,
    );
    // data and from together
    expect(messages(taskFile([{ ...base, from: 'x', patch: [{ op: 'remove', path: '/id' }] }]))[0]).toMatch(/fixture\.schema\.json/);
    // an id that is not kebab-case, an unknown key
    expect(messages(taskFile([{ ...base, id: 'Not_Kebab' }]))[0]).toMatch(/\/0\/tests\/0\/id must match pattern/);
    expect(messages(taskFile([{ ...base, expected: 'valid' }]))[0]).toMatch(/must NOT have additional properties/);
    // not a list of groups at all
    expect(messages({ variant: 'a2a', file: 'a2a/types/Task.json', content: { tests: [] } })[0]).toMatch(/\(file\) must be array/);
  });

  it('reports an expected error whose path designates nothing', () => {
    expect(
      messages(
        taskFile([
          base,
          {
            id: 'typo',
            description: 'x',
            valid: false,
            from: 'submitted',
            patch: [{ op: 'remove', path: '/status' }],
            errors: [{ path: '/stauts', keyword: 'required' }],
          },
        ]),
      ),
    ).toEqual(['typo: expected error path "/stauts" (required) designates nothing in the data']);
  });

  it('reports unreadable JSON and counts lint problems as failures (temporary directory)', () => {
    const dir = tempDir('bindu-conformance-');
    mkdirSync(join(dir, 'a2a', 'types'), { recursive: true });
    writeFileSync(
      join(dir, 'a2a', 'types', 'Task.json'),
      JSON.stringify([{ description: 'tasks', target: { type: 'Task' }, tests: [base, base] }]),
    );
    writeFileSync(join(dir, 'a2a', 'types', 'Message.json'), '[{"description": "messages",');
    const report = runConformance({ root: ROOT, conformanceDir: dir, backend });
    const a2a = report.variants[0]!;
    expect(a2a.issues.map((i) => i.file)).toEqual(['a2a/types/Message.json', 'a2a/types/Task.json']);
    expect(a2a.issues[0]!.message).toMatch(/^not valid JSON: /);
    expect(a2a.issues[1]!.message).toBe('duplicate id "submitted"');
    // 2 lint problems + coverage gaps of the other 92 types and the methods
    expect(report.failed).toBe(2 + a2a.coverage!.gaps.length);
    expect(formatReport(report)).toMatch(
      /\n {2}lint a2a\/types\/Message\.json: not valid JSON: .*\n {2}lint a2a\/types\/Task\.json#submitted: duplicate id "submitted"\n/,
    );
  });

  it('reports a variant directory the package does not know, without running it', () => {
    const report = runVariant('aion-draft', [], backend, ROOT);
    expect(report.issues).toEqual([{ file: 'aion-draft/', message: 'the package has no variant "aion-draft"; its cases were not run' }]);
    expect(report.failed).toBe(1);
  });
});

// ---------------------------------------------------------------------------------------------
// Runner verdicts
// ---------------------------------------------------------------------------------------------

describe('runner', () => {
  const run = (tests: unknown[]) => runVariant('a2a', [taskFile(tests)], backend, ROOT);

  it('passes an invalid case whose expected error is among the reported ones (extra errors are fine)', () => {
    const report = run([
      base,
      {
        id: 'no-status',
        description: 'x',
        valid: false,
        from: 'submitted',
        patch: [{ op: 'replace', path: '/status', value: 'done' }],
        errors: [{ path: '/status', keyword: 'type' }],
      },
    ]);
    expect(report.outcomes.map((o) => o.passed)).toEqual([true, true]);
  });

  it('fails an invalid case when its expected error is not reported, and prints "id path keyword"', () => {
    const report = run([
      base,
      {
        id: 'wrong-keyword',
        description: 'x',
        valid: false,
        from: 'submitted',
        patch: [{ op: 'replace', path: '/status/state', value: 'paused' }],
        errors: [{ path: '/status/state', keyword: 'type' }],
      },
    ]);
    const outcome = report.outcomes[1]!;
    expect(outcome.passed).toBe(false);
    expect(outcome.locations).toEqual([{ path: '/status/state', keyword: 'type' }]);
    expect(outcome.reported).toContainEqual(expect.objectContaining({ path: '/status/state', keyword: 'enum' }));
    expect(failureLines(report)[0]).toBe(
      'a2a/Task#wrong-keyword /status/state type  (expected error not reported (the validator reported: /status/state enum))',
    );
  });

  it('fails an invalid case with the right keyword at the wrong path', () => {
    const report = run([
      base,
      {
        id: 'wrong-path',
        description: 'x',
        valid: false,
        from: 'submitted',
        patch: [{ op: 'remove', path: '/status/state' }],
        errors: [{ path: '', keyword: 'required' }],
      },
    ]);
    expect(report.outcomes[1]!.passed).toBe(false);
    expect(failureLines(report)[0]).toMatch(
      /^a2a\/Task#wrong-path "" required {2}\(expected error not reported \(the validator reported: \/status required\)\)$/,
    );
  });

  it('fails a valid case the validator rejects, printing the reported errors', () => {
    const report = run([{ ...base, data: { ...task, kind: 'Task' } }]);
    expect(report.outcomes[0]!.passed).toBe(false);
    expect(failureLines(report)[0]).toBe('a2a/Task#submitted /kind const  (expected valid, but the validator reported these errors)');
  });

  it('fails an invalid case the validator accepts', () => {
    const report = run([
      base,
      {
        id: 'not-really',
        description: 'x',
        valid: false,
        from: 'submitted',
        patch: [{ op: 'add', path: '/metadata', value: {} }],
        errors: [{ path: '/metadata', keyword: 'type' }],
      },
    ]);
    expect(report.outcomes[1]!.passed).toBe(false);
    expect(report.outcomes[1]!.reason).toBe('expected invalid, but the validator accepted the data');
  });

  it('counts coverage gaps as failures and ends with "N passed, N failed"', () => {
    const report = run([base]);
    expect(report.coverage!.gaps).toContain('Task: no invalid case');
    expect(report.coverage!.gaps).toContain('Message: no valid case');
    expect(report.coverage!.gaps).toContain('message/send params: no invalid case');
    expect(report.coverage!.gaps).not.toContain(expect.stringMatching(/response/));
    expect(report.coverage!.gaps.some((gap) => gap.startsWith('agent/getAuthenticatedExtendedCard params'))).toBe(false);
    expect(report.failed).toBe(report.coverage!.gaps.length);
    const text = formatReport({ variants: [report], passed: report.passed, failed: report.failed });
    expect(text.trimEnd().split('\n').at(-1)).toBe(`1 passed, ${report.failed} failed`);
    expect(text).toMatch(/^ {2}Task +1\/0!$/m);
  });
});

describe('error part: declared codes', () => {
  const check = backend.checker('a2a');
  const response = (code: number) => ({ jsonrpc: '2.0', id: 5, error: { code, message: 'x' } });

  it('accepts the codes a method declares and the server errors no catalogue entry names (-32000..-32099)', () => {
    expect(check({ method: 'tasks/get', part: 'error' }, response(-32001)).valid).toBe(true);
    expect(check({ method: 'tasks/get', part: 'error' }, response(-32602)).valid).toBe(true);
    expect(check({ method: 'tasks/get', part: 'error' }, response(-32000)).valid).toBe(true);
    expect(check({ method: 'tasks/get', part: 'error' }, response(-32099)).valid).toBe(true);
    expect(check({ method: 'tasks/cancel', part: 'error' }, response(-32002)).valid).toBe(true);
  });

  it('rejects a catalogue code the method does not declare, although it lies in the server range', () => {
    // -32002 is TaskNotCancelableError: tasks/cancel declares it, tasks/get does not (SPEC-NOTES A2A-3)
    const result = check({ method: 'tasks/get', part: 'error' }, response(-32002));
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual([expect.objectContaining({ path: '/error/code', keyword: 'code' })]);
    // bindu: context/get declares ContextNotFoundError (-32020), not ContextNotCancelableError (-32021)
    const bindu = backend.checker('bindu');
    expect(bindu({ method: 'context/get', part: 'error' }, response(-32020)).valid).toBe(true);
    expect(bindu({ method: 'context/get', part: 'error' }, response(-32021)).errors).toEqual([
      expect.objectContaining({ path: '/error/code', keyword: 'code' }),
    ]);
  });

  it('rejects codes that are neither declared nor server errors, at /error/code with keyword code', () => {
    for (const code of [-32100, -31999, 404, 1001]) {
      const result = check({ method: 'message/send', part: 'error' }, response(code));
      expect(result.valid, String(code)).toBe(false);
      expect(result.errors, String(code)).toEqual([expect.objectContaining({ path: '/error/code', keyword: 'code' })]);
    }
    // a malformed code is the schema's business only
    expect(check({ method: 'tasks/get', part: 'error' }, response('x' as never)).errors.map((e) => e.keyword)).not.toContain('code');
  });

  it("agrees with validateMessage: its code warning is the error part's code error, and nothing else differs", () => {
    for (const code of [-32001, -32002, -32050, 404]) {
      const message = validateMessage(response(code), { variant: 'a2a', method: 'tasks/get' });
      const part = check({ method: 'tasks/get', part: 'error' }, response(code));
      expect(
        part.errors.map((e) => `${e.path} ${e.keyword}`),
        String(code),
      ).toEqual([...message.errors, ...message.warnings.filter((w) => w.keyword === 'code')].map((e) => `${e.path} ${e.keyword}`));
    }
  });

  it('does not let a request or a success response pass as an error response', () => {
    const success = check(
      { method: 'tasks/get', part: 'error' },
      { jsonrpc: '2.0', id: 5, result: { kind: 'task', id: 't', contextId: 'c', status: { state: 'working' } } },
    );
    expect(success.valid).toBe(false);
    expect(success.errors).toContainEqual(expect.objectContaining({ path: '', keyword: 'required' }));
    // with a `method` it is still judged as an error response (the stray key is only a warning), not as a request
    expect(
      check({ method: 'tasks/get', part: 'error' }, { jsonrpc: '2.0', id: 5, method: 'tasks/get', error: { code: -32001, message: 'x' } }),
    ).toEqual({ valid: true, errors: [] });
    expect(
      check({ method: 'tasks/get', part: 'error' }, { jsonrpc: '2.0', id: 5, method: 'tasks/get', error: { code: 'x', message: 'x' } })
        .errors,
    ).toContainEqual(expect.objectContaining({ path: '/error/code', keyword: 'type' }));
  });

  it('resolves params and result through the registry', () => {
    expect(check({ method: 'tasks/pushNotificationConfig/delete', part: 'result' }, null).valid).toBe(true);
    expect(check({ method: 'tasks/pushNotificationConfig/delete', part: 'result' }, {}).errors).toContainEqual(
      expect.objectContaining({ path: '', keyword: 'type' }),
    );
    expect(check({ method: 'tasks/get', part: 'params' }, { id: 'x', historyLength: 'all' }).errors).toContainEqual(
      expect.objectContaining({ path: '/historyLength', keyword: 'type' }),
    );
    expect(backend.catalogue('a2a')!.methods.find((m) => m.method === 'agent/getAuthenticatedExtendedCard')!.parts).toEqual([
      'request',
      'result',
      'response',
      'error',
    ]);
  });
});

describe("the backend is the package's own validator", () => {
  const check = backend.checker('bindu');
  const issues = (result: { errors: readonly { path: string; keyword: string }[] }) => result.errors.map((e) => `${e.path} ${e.keyword}`);

  it('reports for a type exactly what validate() reports', () => {
    const data = { kind: 'task', id: 'not-a-uuid', contextId: '0f8c3a52-6b1e-4d7a-9e24-5c1b7d3e8a90', status: { state: 'paused' } };
    expect(issues(check({ type: 'Task' }, data))).toEqual(issues(validate('Task', data, { variant: 'bindu' })));
    expect(issues(check({ type: 'Task' }, data))).toEqual(['/id format', '/status required', '/status/state enum']);
  });

  it('explains a failed union inside the member the data meant, never with a bare anyOf', () => {
    // a status-update event is no message/send result: the discriminator is the one defect
    const event = {
      kind: 'status-update',
      taskId: '0f8c3a52-6b1e-4d7a-9e24-5c1b7d3e8a90',
      contextId: '0f8c3a52-6b1e-4d7a-9e24-5c1b7d3e8a90',
      status: { state: 'working', timestamp: '2025-11-05T14:00:19Z' },
      final: false,
    };
    expect(issues(check({ method: 'message/send', part: 'result' }, event))).toEqual(['/kind const']);
    expect(issues(validateProperty('SendMessageSuccessResponse', 'result', event))).toEqual(['/kind const']);
  });

  it('a request carrying another valid method fails on /method', () => {
    const request = { jsonrpc: '2.0', id: 1, method: 'tasks/cancel', params: { taskId: '0f8c3a52-6b1e-4d7a-9e24-5c1b7d3e8a90' } };
    expect(check({ method: 'tasks/cancel', part: 'request' }, request).valid).toBe(true);
    expect(issues(check({ method: 'tasks/get', part: 'request' }, request))).toContain('/method const');
  });

  it('checks formats with the JSON Schema 2020-12 grammars', () => {
    const status = (timestamp: string) => check({ type: 'TaskStatus' }, { state: 'working', timestamp });
    expect(status('2016-12-31T23:59:60Z').valid).toBe(true);
    for (const bad of ['2025-11-04 10:45:03Z', '2025-11-04T10:45:03+0530', '2025-11-04T10:45:03+05'])
      expect(issues(status(bad)), bad).toEqual(['/timestamp format']);
    expect(issues(check({ type: 'TaskIdParams' }, { taskId: 'urn:uuid:e0e6d1f0-511c-4cf1-a6fe-d1c38c282269' }))).toEqual([
      '/taskId format',
    ]);
  });
});

describe('conformance/README.md recipe for runners in other languages', () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type Schema = Record<string, any>;
  const withoutDescriptions = (schema: unknown) =>
    JSON.parse(
      JSON.stringify(schema, (key, value) => (key === 'description' ? undefined : value)).replaceAll('#/components/schemas/', '#/$defs/'),
    );
  const withFiles = Object.keys(variants).filter((v) => existsSync(join(ROOT, 'generated', 'openrpc', `${v}.json`)));

  it.each(withFiles)('%s: bundle + OpenRPC give the same request, params, result, response and codes as the registry', (name) => {
    const bundle = JSON.parse(readFileSync(join(ROOT, 'generated', 'json-schema', `${name}.json`), 'utf8')) as {
      $defs: Record<string, Schema>;
    };
    const openrpc = JSON.parse(readFileSync(join(ROOT, 'generated', 'openrpc', `${name}.json`), 'utf8')) as { methods: Schema[] };
    const envelope = (schema: Schema) =>
      withoutDescriptions({ ...schema, title: undefined, properties: { ...schema.properties, result: undefined } });
    for (const method of (variants as Record<string, { methods: readonly MethodSpec[] }>)[name]!.methods) {
      const requests = Object.entries(bundle.$defs).filter(([, schema]) => schema.properties?.method?.const === method.method);
      expect(
        requests.map(([n]) => n),
        method.method,
      ).toEqual([method.request]);
      const doc = openrpc.methods.find((m) => m.name === method.method)!;
      const success = bundle.$defs[method.successResponse]!;
      expect(withoutDescriptions(doc.result.schema), method.method).toEqual(withoutDescriptions(success.properties.result));
      expect(envelope(success), method.method).toEqual(envelope(bundle.$defs.JSONRPCSuccessResponse!));
      const codes = method.errors.map((error) => bundle.$defs[error]!.properties.code.const).sort();
      expect((doc.errors as { code: number }[]).map((e) => e.code).sort(), method.method).toEqual(codes);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// RFC 6902
// ---------------------------------------------------------------------------------------------

describe('JSON Patch (RFC 6902)', () => {
  const doc = { a: { 'b/c': 1, 'd~e': [1, 2, 3] }, f: 'g' };

  it('applies every operation to a copy', () => {
    expect(applyPatch(doc, [{ op: 'add', path: '/a/d~0e/-', value: 4 }])).toEqual({ a: { 'b/c': 1, 'd~e': [1, 2, 3, 4] }, f: 'g' });
    expect(applyPatch(doc, [{ op: 'add', path: '/a/d~0e/0', value: 0 }])).toMatchObject({ a: { 'd~e': [0, 1, 2, 3] } });
    expect(applyPatch(doc, [{ op: 'remove', path: '/a/b~1c' }])).toEqual({ a: { 'd~e': [1, 2, 3] }, f: 'g' });
    expect(applyPatch(doc, [{ op: 'replace', path: '/a/d~0e/1', value: 'two' }])).toMatchObject({ a: { 'd~e': [1, 'two', 3] } });
    expect(applyPatch(doc, [{ op: 'move', from: '/f', path: '/h' }])).toEqual({ a: doc.a, h: 'g' });
    expect(applyPatch(doc, [{ op: 'copy', from: '/a/d~0e', path: '/copy' }])).toMatchObject({ copy: [1, 2, 3] });
    expect(applyPatch(doc, [{ op: 'test', path: '/a', value: { 'd~e': [1, 2, 3], 'b/c': 1 } }])).toEqual(doc);
    expect(applyPatch(doc, [{ op: 'replace', path: '', value: 7 }])).toBe(7);
    expect(doc).toEqual({ a: { 'b/c': 1, 'd~e': [1, 2, 3] }, f: 'g' });
  });

  it('refuses what RFC 6902 refuses', () => {
    const fails = (patch: object[]) => expect(() => applyPatch(doc, patch as never)).toThrow(PatchError);
    fails([{ op: 'replace', path: '/nope', value: 1 }]);
    fails([{ op: 'remove', path: '/a/d~0e/3' }]);
    fails([{ op: 'add', path: '/a/d~0e/5', value: 1 }]);
    fails([{ op: 'add', path: '/a/d~0e/01', value: 1 }]);
    fails([{ op: 'add', path: '/x/y', value: 1 }]);
    fails([{ op: 'test', path: '/f', value: 'h' }]);
    fails([{ op: 'move', from: '/a', path: '/a/inner' }]);
    fails([{ op: 'add', path: 'a', value: 1 }]);
    fails([{ op: 'add', path: '/a~2', value: 1 }]);
    fails([{ op: 'add', path: '/f' }]);
    fails([{ op: 'frobnicate', path: '/f' }]);
  });
});

// ---------------------------------------------------------------------------------------------
// JUnit
// ---------------------------------------------------------------------------------------------

describe('JUnit report', () => {
  const failing = runVariant(
    'a2a',
    [
      taskFile([
        base,
        {
          id: 'wrong-keyword',
          description: 'expects <type> & "quotes"',
          valid: false,
          from: 'submitted',
          patch: [{ op: 'replace', path: '/status/state', value: 'paused' }],
          errors: [{ path: '/status/state', keyword: 'type' }],
        },
      ]),
    ],
    backend,
    ROOT,
  );
  const report: Report = { variants: [failing], passed: failing.passed, failed: failing.failed };

  it('is well-formed XML: testsuites > testsuite per variant > testcase per case, failures with reasons', () => {
    const xml = junitXml(report);
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      isArray: (name) => name === 'testcase' || name === 'testsuite',
    }).parse(xml);
    const suite = parsed.testsuites.testsuite[0];
    expect(suite.name).toBe('a2a');
    expect(Number(suite.tests)).toBe(suite.testcase.length);
    const cases = suite.testcase as { classname: string; name: string; failure?: { message: string; '#text': string } }[];
    expect(cases[0]).toEqual({ classname: 'a2a/Task', name: 'submitted' });
    expect(cases[1]!.failure!.message).toMatch(/^expected error not reported/);
    expect(cases[1]!.failure!['#text']).toContain('a2a/Task#wrong-keyword /status/state type');
    expect(cases[1]!.failure!['#text']).toContain('expects <type> & "quotes"');
    const coverageCase = cases.find((c) => c.classname === 'a2a/coverage')!;
    expect(coverageCase.failure!['#text']).toContain('Message: no valid case');
    expect(Number(suite.failures)).toBe(cases.filter((c) => c.failure).length);
  });

  it('is written atomically, leaving no temporary file', () => {
    const dir = tempDir('bindu-junit-');
    const file = join(dir, 'report.xml');
    writeFileSync(file, 'old');
    writeJUnit(file, report);
    expect(readFileSync(file, 'utf8')).toBe(junitXml(report));
    expect(readdirSync(dir)).toEqual(['report.xml']);
    expect(() => writeJUnit(join(dir, 'missing', 'report.xml'), report)).toThrow();
    expect(readdirSync(dir)).toEqual(['report.xml']);
  });
});

// ---------------------------------------------------------------------------------------------
// CLI (the built dist/src/bin.js)
// ---------------------------------------------------------------------------------------------

describe('bindu-protocol conformance', () => {
  it('--variant a2a: coverage table, counts, last line, exit 0', () => {
    const result = cli(['conformance', '--variant', 'a2a']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const a2a = bundled.variants.find((r) => r.variant === 'a2a')!;
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.at(-1)).toBe(`${a2a.outcomes.length} passed, 0 failed`);
    expect(result.stdout).toMatch(/^coverage of a2a /m);
    expect(result.stdout).toMatch(/^ {2}agent\/getAuthenticatedExtendedCard +\d+\/\d+ +- +\d+\/\d+/m);
    expect(result.stdout).toContain('93/93 types and 39/39 required method parts covered');
    expect(lines.at(-2)).toMatch(
      /^a2a: \d+ cases \(\d+ valid, \d+ invalid\) in 103 files: \d+ passed, 0 failed; 0 lint problems; coverage 93\/93 types, 39\/39 method parts$/,
    );
  });

  it('--junit writes a JUnit file', () => {
    const dir = tempDir('bindu-junit-cli-');
    const file = join(dir, 'conformance.xml');
    const result = cli(['conformance', '--variant=a2a', '--junit', file]);
    expect(result.status).toBe(0);
    const xml = readFileSync(file, 'utf8');
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toMatch(/<testsuite name="a2a" tests="\d+" failures="0"/);
  });

  it('usage errors exit 2 with a one-line message and no stack trace', () => {
    for (const args of [
      ['conformance', '--variant', 'nope'],
      ['conformance', 'a2a'],
      ['conformance', '--junit'],
      ['conformance', '--junit', join(tmpdir(), 'no-such-dir-bindu', 'x.xml')],
      ['conformance', '--strict'],
    ]) {
      const result = cli(args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stdout, args.join(' ')).toBe('');
      expect(result.stderr, args.join(' ')).toMatch(/^bindu-protocol: .+\nRun 'bindu-protocol --help' for usage\.\n$/);
    }
    expect(cli(['conformance', '--help']).stdout).toMatch(/^usage: bindu-protocol conformance/);
    expect(cli(['--help']).stdout).toMatch(/conformance \[--variant V\] \[--junit FILE\]/);
  });

  it('exits 1 and prints "id path keyword" when a fixture fails (scratch copy of the package)', () => {
    const dir = tempDir('bindu-conformance-cli-');
    for (const entry of ['dist', 'generated', 'schemas', 'package.json']) cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
    mkdirSync(join(dir, 'conformance', 'a2a'), { recursive: true });
    cpSync(join(CONFORMANCE, 'fixture.schema.json'), join(dir, 'conformance', 'fixture.schema.json'));
    cpSync(join(CONFORMANCE, 'a2a'), join(dir, 'conformance', 'a2a'), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    const file = join(dir, 'conformance', 'a2a', 'types', 'TaskStatus.json');
    const groups = JSON.parse(readFileSync(file, 'utf8')) as { tests: { id: string; errors?: { keyword: string }[] }[] }[];
    groups[0]!.tests.find((t) => t.id === 'state-paused')!.errors![0]!.keyword = 'const';
    writeFileSync(file, JSON.stringify(groups));
    const result = runNode([join(dir, 'dist', 'src', 'bin.js'), 'conformance', '--variant', 'a2a']);
    expect(result.status, result.stderr).toBe(1);
    expect(result.stdout).toMatch(/^ {2}a2a\/TaskStatus#state-paused \/state const {2}\(expected error not reported/m);
    expect(result.stdout.trimEnd().split('\n').at(-1)).toMatch(/^\d+ passed, 1 failed$/);
  });
});
