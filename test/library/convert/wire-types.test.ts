/**
 * convert beyond the core types: the agent card, security, push configurations, params, results,
 * JSON-RPC requests and responses (every valid conformance case of a2a and a2a-v1 of those types),
 * the rule for unknown keys, the output checked in the target variant, timestamps and base64.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { A2A_ERRORS, A2A_ERROR_DOMAIN, ERROR_INFO_TYPE_URL, wireError } from '../../../schemas/error-table.js';
import { METHOD_PAIRS } from '../../../schemas/wire-pairs.js';
import { lintVariant, fixtureSchemaValidator } from '../../../src/library/conformance/lint.js';
import { readVariantFiles } from '../../../src/library/conformance/load-fixtures.js';
import type { ResolvedCase } from '../../../src/library/conformance/fixture.js';
import { run } from '../../../src/commands/cli.js';
import { CONVERTIBLE_TYPE_NAMES, toV03, toV1 } from '../../../src/library/convert/index.js';
import { loadVariant } from '../../../src/engine/load-validators.js';
import { validate } from '../../../src/library/validate.js';
import { validateMessage } from '../../../src/library/validate-message.js';
import { ROOT } from '../../helpers.js';

const CORE = new Set(['Role', 'TaskState', 'Part', 'Message', 'Artifact', 'TaskStatus', 'Task', 'TaskStatusUpdateEvent']);
CORE.add('TaskArtifactUpdateEvent');

/** The v0.3 JSON-RPC request types of the a2a fixtures (named after the method, not `…JSONRPCRequest`). */
const V03_REQUESTS = new Set([
  'SendMessageRequest',
  'SendStreamingMessageRequest',
  'GetTaskRequest',
  'CancelTaskRequest',
  'TaskResubscriptionRequest',
  'SetTaskPushNotificationConfigRequest',
  'GetTaskPushNotificationConfigRequest',
  'ListTaskPushNotificationConfigRequest',
  'DeleteTaskPushNotificationConfigRequest',
  'GetAuthenticatedExtendedCardRequest',
]);

/** The valid cases of a variant whose type converts (not a core type: convert.test.ts has those), with the type to convert as. */
function cases(variant: 'a2a' | 'a2a-v1'): { c: ResolvedCase; type: string }[] {
  const wire = variant === 'a2a' ? 'v0.3' : 'v1.0';
  const { cases: all } = lintVariant(readVariantFiles(join(ROOT, 'conformance'), variant), undefined, fixtureSchemaValidator(ROOT));
  const out: { c: ResolvedCase; type: string }[] = [];
  for (const c of all) {
    if (!c.valid || !('type' in c.target)) continue;
    const name = c.target.type;
    const method = (c.data as { method?: unknown } | null)?.method;
    const paired = typeof method === 'string' && METHOD_PAIRS.some((pair) => pair.v03 === method || pair.v1 === method);
    if ((wire === 'v0.3' ? V03_REQUESTS.has(name) : /JSONRPCRequest$/.test(name)) && paired) out.push({ c, type: 'JSONRPCRequest' });
    else if (CONVERTIBLE_TYPE_NAMES[wire].includes(name) && !CORE.has(name) && !/^JSONRPC/.test(name)) out.push({ c, type: name });
  }
  return out;
}

describe('every valid conformance case of the non-core shared types converts', () => {
  for (const [variant, convert] of [
    ['a2a', toV1],
    ['a2a-v1', toV03],
  ] as const) {
    const list = cases(variant);
    it(`${variant}: there are cases of every kind`, () => {
      const types = new Set(list.map(({ type }) => type));
      for (const type of variant === 'a2a'
        ? ['AgentCard', 'PushNotificationConfig', 'TaskPushNotificationConfig', 'MessageSendParams', 'TaskQueryParams', 'JSONRPCRequest']
        : ['AgentCard', 'TaskPushNotificationConfig', 'SendMessageRequest', 'GetTaskRequest', 'StreamResponse', 'JSONRPCRequest'])
        expect(types).toContain(type);
      expect(list.length).toBeGreaterThan(40);
    });
    for (const { c, type } of list) {
      it(`${c.fullId} (${type})`, () => {
        const result = convert(type, c.data);
        if (!result.valid) {
          // Only a reported loss may make the output invalid, and the result says why.
          expect(result.losses.length, JSON.stringify(result.errors)).toBeGreaterThan(0);
          expect(result.errors.length).toBeGreaterThan(0);
          return;
        }
        expect(result.errors).toEqual([]);
        // And back: the value converts to its own wire again, valid there.
        const back = (variant === 'a2a' ? toV03 : toV1)(type === 'TaskQueryParams' ? 'GetTaskRequest' : type, result.value);
        if (!back.valid) expect(back.losses.length + result.losses.length, JSON.stringify(back.errors)).toBeGreaterThan(0);
      });
    }
  }
});

describe('every valid JSON-RPC response case of a method both wires have converts, valid', () => {
  for (const [variant, convert] of [
    ['a2a', toV1],
    ['a2a-v1', toV03],
  ] as const) {
    // The method a response case answers: the registry method whose response types name the case's type.
    const methods = loadVariant(variant).meta.methods;
    const { cases: all } = lintVariant(readVariantFiles(join(ROOT, 'conformance'), variant), undefined, fixtureSchemaValidator(ROOT));
    const responses = all.flatMap((c) => {
      const type = c.valid && 'type' in c.target ? c.target.type : undefined;
      const method = methods.find((m) => m.successResponse === type || m.response === type)?.method;
      return method !== undefined && METHOD_PAIRS.some((pair) => pair.v03 === method || pair.v1 === method) ? [{ c, method }] : [];
    });
    it(`${variant}: ${responses.length} responses`, () => {
      expect(responses.length).toBeGreaterThan(20);
      for (const { c, method } of responses) {
        const result = convert('JSONRPCResponse', c.data, { method });
        expect(result.errors, c.fullId).toEqual([]);
        const pair = METHOD_PAIRS.find((p) => p.v03 === method || p.v1 === method)!;
        const target = variant === 'a2a' ? 'a2a-v1' : 'a2a';
        expect(validateMessage(result.value, { variant: target, method: variant === 'a2a' ? pair.v1 : pair.v03 }).valid, c.fullId).toBe(
          true,
        );
      }
    });
  }
});

describe('the agent card', () => {
  const v03 = {
    protocolVersion: '0.3.0',
    name: 'n',
    description: 'd',
    url: 'https://a.example/rpc',
    preferredTransport: 'JSONRPC',
    additionalInterfaces: [
      { url: 'https://a.example/rpc', transport: 'JSONRPC' },
      { url: 'https://a.example/rest', transport: 'HTTP+JSON' },
    ],
    version: '1',
    capabilities: { streaming: true, stateTransitionHistory: true },
    supportsAuthenticatedExtendedCard: true,
    securitySchemes: {
      key: { type: 'apiKey', in: 'header', name: 'X-Key' },
      oauth: {
        type: 'oauth2',
        flows: {
          clientCredentials: { tokenUrl: 'https://t', scopes: { read: 'r' } },
          implicit: { authorizationUrl: 'https://i', scopes: {} },
        },
      },
    },
    security: [{ key: [] }, { oauth: ['read'] }],
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [{ id: 's', name: 's', description: 's', tags: ['t'], security: [{ key: [] }] }],
  };

  it('moves url, transports and version into supportedInterfaces, and the security into one-of wrappers', () => {
    expect(validate('AgentCard', v03, { variant: 'a2a' }).valid).toBe(true);
    const result = toV1('AgentCard', v03);
    expect(result.valid).toBe(true);
    expect(result.value).toMatchObject({
      supportedInterfaces: [
        { url: 'https://a.example/rpc', protocolBinding: 'JSONRPC', protocolVersion: '0.3.0' },
        { url: 'https://a.example/rest', protocolBinding: 'HTTP+JSON', protocolVersion: '0.3.0' },
      ],
      capabilities: { streaming: true, extendedAgentCard: true },
      securitySchemes: {
        key: { apiKeySecurityScheme: { location: 'header', name: 'X-Key' } },
        oauth: { oauth2SecurityScheme: { flows: { clientCredentials: { tokenUrl: 'https://t', scopes: { read: 'r' } } } } },
      },
      securityRequirements: [{ schemes: { key: { list: [] } } }, { schemes: { oauth: { list: ['read'] } } }],
      skills: [{ securityRequirements: [{ schemes: { key: { list: [] } } }] }],
    });
    const paths = result.losses.map((loss) => loss.path);
    expect(paths).toEqual(
      expect.arrayContaining(['/additionalInterfaces/0', '/capabilities/stateTransitionHistory', '/securitySchemes/oauth/flows/implicit']),
    );
    const back = toV03('AgentCard', result.value);
    expect(back.valid).toBe(true);
    expect(back.value).toMatchObject({
      url: v03.url,
      preferredTransport: 'JSONRPC',
      protocolVersion: '0.3.0',
      additionalInterfaces: v03.additionalInterfaces,
      supportsAuthenticatedExtendedCard: true,
      security: v03.security,
      securitySchemes: { key: v03.securitySchemes.key },
    });
  });
});

describe('unknown keys', () => {
  it('a stray v1.0 `final` never overrides the one the state decides', () => {
    for (const [final, state, expected] of [
      [false, 'TASK_STATE_COMPLETED', true],
      ['yes', 'TASK_STATE_WORKING', false],
    ] as const) {
      const result = toV03('TaskStatusUpdateEvent', { taskId: 't', contextId: 'c', status: { state }, final });
      expect(result.value).toMatchObject({ final: expected });
      expect(result.valid).toBe(true);
      expect(result.losses).toEqual([
        { path: '/final', message: expect.stringMatching(/^`final` is a v0\.3 field; on v1\.0 the state decides/) },
      ]);
    }
  });

  it('a key the target type defines is left out and named for what it is; a key of neither wire is carried', () => {
    const text = toV1('Part', { kind: 'text', text: 'hi', url: 'https://x', note: 1 });
    expect(text.value).toEqual({ text: 'hi', note: 1 });
    expect(text.valid).toBe(true);
    expect(text.losses).toEqual([
      { path: '/url', message: expect.stringMatching(/^`url` is a v1\.0 field of Part, not a v0\.3 one; left out/) },
      { path: '/note', message: '`note` is not a field of Part on either wire; copied unchanged' },
    ]);
    const file = toV03('Part', { text: 'hi', file: { uri: 'x' } });
    expect(file.value).toEqual({ kind: 'text', text: 'hi' });
    expect(file.losses[0]?.message).toMatch(/^`file` is a v0\.3 field of Part, not a v1\.0 one/);
  });
});

describe('the output is checked in the target variant', () => {
  it('ROLE_UNSPECIFIED in a message, or a v1.0 task without contextId, gives an invalid result saying why', () => {
    const message = toV03('Message', { messageId: 'm', role: 'ROLE_UNSPECIFIED', parts: [{ text: 'x' }] });
    expect(message.valid).toBe(false);
    expect(message.errors).toEqual([{ path: '', message: expect.stringContaining('"role"') }]);
    const task = toV03('Task', { id: 't', status: { state: 'TASK_STATE_WORKING' } });
    expect(task.valid).toBe(false);
    expect(task.losses.map((loss) => loss.path)).toEqual(['/contextId']);
    const role = toV03('Role', 'ROLE_UNSPECIFIED');
    expect(role).toMatchObject({ value: undefined, valid: false });
  });

  it('a JSON-RPC request and response convert with the method renamed and the body converted', () => {
    const request = toV1('JSONRPCRequest', { jsonrpc: '2.0', id: 7, method: 'tasks/get', params: { id: 't', historyLength: 2 } });
    expect(request.value).toEqual({ jsonrpc: '2.0', id: 7, method: 'GetTask', params: { id: 't', historyLength: 2 } });
    expect(validateMessage(request.value, { variant: 'a2a-v1' }).valid).toBe(true);
    const response = toV03(
      'JSONRPCResponse',
      { jsonrpc: '2.0', id: 7, result: { task: { id: 't', contextId: 'c', status: { state: 'TASK_STATE_COMPLETED' } } } },
      { method: 'SendMessage' },
    );
    expect(response).toMatchObject({
      valid: true,
      value: { jsonrpc: '2.0', id: 7, result: { kind: 'task', id: 't', contextId: 'c', status: { state: 'completed' } } },
    });
    expect(() => toV03('JSONRPCRequest', { jsonrpc: '2.0', id: 1, method: 'ListTasks', params: {} })).toThrow(/no counterpart/);
  });

  it('an A2A error gains the ErrorInfo v1.0 requires (reason and domain from the error table); a v1.0-only code is reported', () => {
    const notFound = wireError('v0.3', 'TaskNotFoundError');
    const there = toV1(
      'JSONRPCResponse',
      { jsonrpc: '2.0', id: 1, error: { code: notFound.code, message: 'gone' } },
      { method: 'tasks/get' },
    );
    expect(there.valid).toBe(true);
    expect(there.value).toMatchObject({
      error: { code: notFound.code, data: [{ '@type': ERROR_INFO_TYPE_URL, reason: notFound.reason, domain: A2A_ERROR_DOMAIN }] },
    });
    // Every A2A error of v0.3, without data or with data of its own, converts to a v1.0 error the schema accepts (P-5).
    for (const [index, error] of A2A_ERRORS.entries()) {
      if (!Object.hasOwn(error.wires, 'v0.3')) continue;
      const own = { '@type': ERROR_INFO_TYPE_URL, reason: 'SOMETHING_ELSE', domain: A2A_ERROR_DOMAIN };
      const data = [undefined, { detail: 'free' }, [own]][index % 3];
      const converted = toV1(
        'JSONRPCResponse',
        { jsonrpc: '2.0', id: 1, error: { code: error.code, message: 'm', data } },
        { method: 'tasks/cancel' },
      );
      const value = converted.value as { error: { data: unknown[] } };
      expect(value.error.data[0], String(error.code)).toEqual({
        '@type': ERROR_INFO_TYPE_URL,
        reason: error.reason,
        domain: A2A_ERROR_DOMAIN,
      });
      if (Array.isArray(data)) expect(value.error.data.slice(1)).toEqual(data);
      expect(validateMessage(converted.value, { variant: 'a2a-v1', method: 'CancelTask' }).errors, String(error.code)).toEqual([]);
      expect(converted.losses).toContainEqual({
        path: '/error/data',
        message: `the ErrorInfo v1.0 requires added (reason ${error.reason})`,
      });
    }
    const version = wireError('v1.0', 'VersionNotSupportedError');
    const back = toV03('JSONRPCResponse', { jsonrpc: '2.0', id: 1, error: { code: version.code, message: 'no' } }, { method: 'GetTask' });
    expect(back.losses).toEqual([{ path: '/error/code', message: expect.stringContaining('no v0.3 counterpart') }]);
  });
});

describe('values with a defined translation', () => {
  it('normalises a timestamp with an offset to UTC Z and reports a zoneless one, which leaves the output invalid', () => {
    const offset = toV1('TaskStatus', { state: 'working', timestamp: '2024-03-15T10:15:00.250+02:00' });
    expect(offset).toMatchObject({ value: { timestamp: '2024-03-15T08:15:00.250Z' }, valid: true });
    const zoneless = toV1('TaskStatus', { state: 'working', timestamp: '2024-03-15T10:15:00' });
    expect(zoneless.valid).toBe(false);
    expect(zoneless.losses).toEqual([{ path: '/timestamp', message: expect.stringContaining('no time zone') }]);
    expect(toV1('TaskStatus', { state: 'working', timestamp: '2024-03-15T10:15:00Z' }).losses).toEqual([]);
  });

  it('re-encodes URL-safe or unpadded base64 as standard base64 of the same bytes', () => {
    const bytes = Buffer.from([0xfb, 0xff, 0xbf, 0x01]);
    const urlSafe = bytes.toString('base64url');
    const result = toV03('Part', { raw: urlSafe });
    const file = (result.value as { file: { bytes: string } }).file;
    expect(file.bytes).toBe(bytes.toString('base64'));
    expect(Buffer.from(file.bytes, 'base64').equals(bytes)).toBe(true);
    expect(result.losses).toEqual([{ path: '/raw', message: expect.stringContaining('URL-safe base64 re-encoded') }]);
    expect(toV03('Part', { raw: bytes.toString('base64') }).losses).toEqual([]);
  });
});

describe('bindu-protocol convert on the new types', () => {
  const cli = (args: string[], input: unknown) => {
    const dir = mkdtempSync(join(tmpdir(), 'bindu-convert-types-'));
    const path = join(dir, 'in.json');
    writeFileSync(path, JSON.stringify(input));
    let stdout = '';
    let stderr = '';
    const code = run(
      ['convert', ...args, path],
      (text) => void (stdout += text),
      (text) => void (stderr += text),
    );
    return { code, stdout, stderr };
  };
  const card = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/cards/sdk-0.3-agent-card.json'), 'utf8'));

  it('converts an agent card, named on either wire, and back', () => {
    const there = cli(['--from', 'a2a', '--to', 'a2a-v1', '--type', 'AgentCard'], card);
    expect(there.code).toBe(0);
    const v1 = JSON.parse(there.stdout);
    expect(validate('AgentCard', v1, { variant: 'a2a-v1' }).valid).toBe(true);
    expect(there.stderr).toMatch(/^loss at \/additionalInterfaces\/0: /m);
    const back = cli(['--from', 'a2a-v1', '--to', 'a2a', '--type', 'AgentCard'], v1);
    expect(back.code).toBe(0);
    expect(JSON.parse(back.stdout)).toMatchObject({ url: card.url, additionalInterfaces: card.additionalInterfaces });
  });

  it('converts a response with --method, and needs it', () => {
    const response = { jsonrpc: '2.0', id: 3, result: [{ taskId: 't', pushNotificationConfig: { url: 'https://h' } }] };
    const converted = cli(
      ['--from', 'a2a', '--to', 'a2a-v1', '--type', 'JSONRPCResponse', '--method', 'tasks/pushNotificationConfig/list'],
      response,
    );
    expect(converted.code).toBe(0);
    expect(JSON.parse(converted.stdout)).toEqual({ jsonrpc: '2.0', id: 3, result: { configs: [{ taskId: 't', url: 'https://h' }] } });
    expect(cli(['--from', 'a2a', '--to', 'a2a-v1', '--type', 'JSONRPCResponse'], response).code).toBe(2);
  });

  it('--type Role on ROLE_UNSPECIFIED exits 1 and prints nothing (null with --best-effort), never "undefined"', () => {
    const refused = cli(['--from', 'a2a-v1', '--to', 'a2a', '--type', 'Role'], 'ROLE_UNSPECIFIED');
    expect(refused).toMatchObject({ code: 1, stdout: '' });
    expect(refused.stderr).toMatch(/loss at \(root\): `ROLE_UNSPECIFIED` has no v0\.3 equivalent/);
    const best = cli(['--from', 'a2a-v1', '--to', 'a2a', '--type', 'Role', '--best-effort'], 'ROLE_UNSPECIFIED');
    expect(best).toMatchObject({ code: 1, stdout: 'null\n' });
  });

  it('refuses a zoneless timestamp for v1.0 and names the loss behind it', () => {
    const status = { state: 'completed', timestamp: '2024-03-15T10:15:00' };
    const refused = cli(['--from', 'a2a', '--to', 'a2a-v1', '--type', 'TaskStatus'], status);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/loss at \/timestamp: .*no time zone[\s\S]*not a valid a2a-v1 TaskStatus:\n {2}\/timestamp /);
  });
});
