/**
 * The `a2a-v1` variant (A2A v1.0 as the v1.0 proto defines it, on the JSON-RPC binding) as a user
 * meets it: registered for the build and the package, listed by the CLI (every proto message and
 * enum, the eleven methods), its conformance suite complete, its published documents, and the
 * line between it and `aion` (the context extension is aion's alone). The comparison with the
 * proto itself is test/schemas/a2a-v1-proto.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '../../scripts/lib/catalogue.js';
import { variantDefinitions } from '../../scripts/lib/json-schema.js';
import { VARIANTS } from '../../scripts/lib/variants.js';
import { run } from '../../src/commands/cli.js';
import { failureLines, runConformance } from '../../src/library/conformance/runner.js';
import { variantNames } from '../../src/library/variants.js';
import { validate } from '../../src/library/validate.js';
import { validateMessage } from '../../src/library/validate-message.js';
import { a2aV1, variants } from '../../src/library/typebox-variants.js';
import { protoModel } from './proto-differential.js';
import { ROOT } from '../helpers.js';

type Json = Record<string, any>;
const read = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as Json;
const proto = protoModel();

function cli(args: string[]): { code: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const code = run(
    args,
    (text) => void (stdout += text),
    (text) => void (stderr += text),
  );
  return { code, stdout, stderr };
}

describe('the a2a-v1 variant', () => {
  it('is registered for the build, the package and the CLI', () => {
    expect(VARIANTS.map((variant) => variant.name)).toEqual(['a2a', 'bindu', 'a2a-v1', 'aion']);
    expect(variantNames).toEqual(['a2a', 'bindu', 'a2a-v1', 'aion']);
    expect(variants['a2a-v1']).toBe(a2aV1);
    expect(new Set(a2aV1.methods.map((method) => method.origin))).toEqual(new Set(['a2a-v1']));
    expect(a2aV1.methods.filter((method) => method.streaming).map((method) => method.method)).toEqual([
      'SendStreamingMessage',
      'SubscribeToTask',
    ]);
  });

  it("list types prints every proto message and enum; list methods the eleven methods, in the proto's terms", () => {
    const types = cli(['list', 'types', '--variant', 'a2a-v1']);
    expect(types.code).toBe(0);
    const names = types.stdout.split('\n').filter(Boolean);
    expect(names).toEqual(Object.keys(a2aV1.definitions).sort());
    expect([...proto.messages.keys(), ...proto.enums.keys()].filter((name) => !names.includes(name))).toEqual([]);
    expect(names).not.toContain('GetContextRequest');
    const methods = cli(['list', 'methods', '--variant', 'a2a-v1']);
    expect(methods.code).toBe(0);
    expect(methods.stdout.split('\n').filter(Boolean).sort()).toEqual(proto.methods.map((method) => method.name).sort());
  });

  it('--help names the variant and says which one a plain A2A v1.0 implementer uses', () => {
    const help = cli(['--help']);
    expect(help.stdout).toContain('a2a | bindu | a2a-v1 | aion');
    expect(help.stdout).toContain('a2a-v1: A2A v1.0');
  });

  it("has the JSON-RPC binding's error catalogue: the five JSON-RPC codes and -32001 to -32009 (VersionNotSupported included)", () => {
    const catalogue = errorCatalogue(variantDefinitions(a2aV1));
    expect(catalogue.map((entry) => entry.code).sort((a, b) => b - a)).toEqual([
      -32001, -32002, -32003, -32004, -32005, -32006, -32007, -32008, -32009, -32600, -32601, -32602, -32603, -32700,
    ]);
    expect(catalogue.find((entry) => entry.code === -32009)?.name).toBe('VersionNotSupportedError');
    const details = [
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'VERSION_NOT_SUPPORTED',
        domain: 'a2a-protocol.org',
        metadata: { requested: '0.5' },
      },
    ];
    const response = { jsonrpc: '2.0', id: 1, error: { code: -32009, message: 'This protocol version is not supported', data: details } };
    expect(validateMessage(response, { variant: 'a2a-v1', method: 'GetTask' })).toEqual({ valid: true, errors: [], warnings: [] });
    const wrongDetail = {
      ...response,
      error: { ...response.error, data: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'VERSION_NOT_SUPPORTED' }] },
    };
    // The ErrorInfo lacks its domain: the detail is malformed (an error), and the error holds no ErrorInfo of its
    // reason and domain, which v1.0.1 §9.5 makes a SHOULD on JSON-RPC (a warning).
    const verdict = validateMessage(wrongDetail, { variant: 'a2a-v1', method: 'GetTask' });
    expect(verdict.errors).toEqual([expect.objectContaining({ path: '/error/data/0', keyword: 'required' })]);
    expect(verdict.warnings).toEqual([
      expect.objectContaining({
        path: '/error/data',
        keyword: 'errorInfo',
        hint: expect.stringContaining('"reason": "VERSION_NOT_SUPPORTED", "domain": "a2a-protocol.org"} to error.data'),
      }),
    ]);
    // Strict checks the canonical form: the ErrorInfo's own metadata is not an unknown key (contains only asks for one item).
    expect(validateMessage(response, { variant: 'a2a-v1', method: 'GetTask', strict: true })).toEqual({
      valid: true,
      errors: [],
      warnings: [],
    });
    // v1.0.1 §9.5: an empty data, other details only, or no data at all is valid, each with the warning.
    const warned = (error: Record<string, unknown>) => {
      const verdict = validateMessage({ ...response, error }, { variant: 'a2a-v1', method: 'GetTask' });
      return [verdict.valid, verdict.warnings.map((warning) => `${warning.path} ${warning.keyword}`)];
    };
    const other = { '@type': 'type.googleapis.com/google.rpc.RetryInfo' };
    expect(warned({ ...response.error, data: [] })).toEqual([true, ['/error/data errorInfo']]);
    expect(warned({ ...response.error, data: [other, other] })).toEqual([true, ['/error/data errorInfo']]);
    expect(warned({ code: -32009, message: 'This protocol version is not supported' })).toEqual([true, ['/error errorInfo']]);
  });

  it('has no aion context extension: GetContext is an unknown method, the Conversation an unknown type', () => {
    const request = { jsonrpc: '2.0', id: 1, method: 'GetContext', params: { contextId: 'c' } };
    expect(validateMessage(request, { variant: 'aion' }).valid).toBe(true);
    const plain = validateMessage(request, { variant: 'a2a-v1' });
    expect(plain.valid).toBe(false);
    expect(plain.errors[0]).toMatchObject({ path: '/method', keyword: 'method' });
    expect(() => validate('Conversation' as string, {}, { variant: 'a2a-v1' })).toThrow(TypeError);
  });

  it('its conformance suite passes with every type and method part covered', () => {
    const report = runConformance({ root: ROOT, variants: ['a2a-v1'] });
    const variant = report.variants[0]!;
    expect(failureLines(variant)).toEqual([]);
    expect(variant.coverage?.typesCovered).toBe(Object.keys(a2aV1.definitions).length);
    const ids = variant.outcomes.map((outcome) => outcome.case.fullId);
    // the v1.0 specification's examples and the seeds' renamed types are among the cases
    expect(ids).toEqual(
      expect.arrayContaining([
        'a2a-v1/Part#spec-l3451-file-part',
        'a2a-v1/AgentCard#spec-l2113-sample-agent-card',
        'a2a-v1/MutualTlsSecurityScheme#seed-001-l2062-high-security',
        'a2a-v1/SendMessageConfiguration#seed-001-l1191-blocking-json-output',
      ]),
    );
  }, 120_000);
});

describe("the seeds' examples of types v1.0 renamed, as cases of both v1.0 variants", () => {
  const verdicts = (variant: string, type: string) =>
    Object.fromEntries(
      (read(`conformance/${variant}/types/${type}.json`) as Json[])
        .flatMap((group) => group.tests)
        .map((test: Json) => [test.id, test.valid]),
    );
  for (const variant of ['a2a-v1', 'aion']) {
    it(`${variant}: under their v1.0 names, with the verdict the v1.0 wire gives them`, () => {
      expect(verdicts(variant, 'MutualTlsSecurityScheme')).toMatchObject({ 'seed-001-l2062-high-security': true });
      expect(verdicts(variant, 'SendMessageConfiguration')).toMatchObject({
        'seed-001-l1191-blocking-json-output': true,
        'seed-001-l1197-non-blocking-push': true,
      });
      expect(verdicts(variant, 'TaskPushNotificationConfig')).toMatchObject({ 'seed-001-l2136-webhook': false });
      expect(verdicts(variant, 'AuthenticationInfo')).toMatchObject({ 'seed-001-l2162-multi-scheme': false });
      expect(verdicts(variant, 'Part')).toMatchObject({
        'seed-001-l101-user-instruction': false,
        'seed-001-l183-form-data-submission': false,
        'spec-l3443-text-part': true,
      });
    });
  }
});

describe('published documents of a2a-v1', () => {
  it('the bundle and the per-type files, with their $ids', () => {
    const bundle = read('generated/json-schema/a2a-v1.json');
    expect(bundle.$id).toBe('https://getbindu.com/protocol/json-schema/a2a-v1.json');
    expect(Object.keys(bundle.$defs)).toEqual(Object.keys(a2aV1.definitions).sort());
    expect(read('generated/json-schema/a2a-v1/Message.json').$id).toBe('https://getbindu.com/protocol/json-schema/a2a-v1/Message.json');
    // the types aion shares are the same schemas, under the other variant's $id
    const v1Task = read('generated/json-schema/a2a-v1/Task.json');
    const aionTask = read('generated/json-schema/aion/Task.json');
    expect({ ...v1Task, $id: undefined }).toEqual({ ...aionTask, $id: undefined });
  });

  it('the OpenRPC document names the methods as the JSON-RPC binding does', () => {
    const doc = read('generated/openrpc/a2a-v1.json');
    expect(doc.methods.map((method: Json) => method.name)).toEqual(a2aV1.methods.map((method) => method.method));
    expect(doc.methods.map((method: Json) => method.name).sort()).toEqual(proto.methods.map((method) => method.name).sort());
    const send = doc.methods.find((method: Json) => method.name === 'SendStreamingMessage');
    expect(send['x-streaming']).toBe(true);
    expect(send.errors.map((error: Json) => error.code)).toEqual(expect.arrayContaining([-32001, -32008, -32009]));
  });

  it('the declarations, the validators and the docs pages', () => {
    expect(readFileSync(join(ROOT, 'generated/types/a2a-v1.d.ts'), 'utf8')).toMatch(
      /export interface Definitions \{[\s\S]*?SendMessageRequest: SendMessageRequest;/,
    );
    expect(read('generated/validators/a2a-v1.meta.json').types).toHaveLength(Object.keys(a2aV1.definitions).length);
    expect(readFileSync(join(ROOT, 'generated/docs/a2a-v1/methods/SendMessage.html'), 'utf8')).toContain('SendMessage');
    expect(readFileSync(join(ROOT, 'generated/docs/index.html'), 'utf8')).toContain('id="variant-a2a-v1"');
  });
});
