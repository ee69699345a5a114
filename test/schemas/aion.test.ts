/**
 * The `aion` variant: A2A v1.0 in ProtoJSON and the aion context extension 1.0.0. The ProtoJSON
 * builder, the registration of the variant, seed 004, the wire rules (either field name never
 * both, one-of groups, enum names or numbers, no `kind`), `strict`, the error model, the
 * conformance fixtures and the published documents.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Type, type TSchema } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { describe, expect, it } from 'vitest';
import { Field, OneOf, ProtoEnum, ProtoObject, Required, jsonName, protoName } from '../../schemas/a2a-v1/proto.js';
import { INTERRUPTED_STATES, TASK_STATES, TERMINAL_STATES, TRANSITIONS, V03_TO_V1_TASK_STATE } from '../../schemas/a2a-v1/states.js';
import { getContextExtension, getContextsListExtension } from '../../schemas/aion/index.js';
import { errorCatalogue } from '../../scripts/lib/catalogue.js';
import { toJsonSchema, variantDefinitions } from '../../scripts/lib/json-schema.js';
import { VARIANTS } from '../../scripts/lib/variants.js';
import { run } from '../../src/commands/cli.js';
import { failureLines, runConformance } from '../../src/library/conformance/runner.js';
import { wireHint } from '../../src/library/convert/index.js';
import { validate } from '../../src/library/validate.js';
import { aion, variants } from '../../src/library/typebox-variants.js';
import { ROOT } from '../helpers.js';

type Json = Record<string, any>;
const read = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as Json;

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

// ---------------------------------------------------------------------------------------------
// The builder
// ---------------------------------------------------------------------------------------------

describe('ProtoObject and ProtoEnum', () => {
  it("TypeBox's own TypeCompiler compiles every aion type; a ProtoEnum takes a name or a listed number, nothing else", () => {
    const failed: string[] = [];
    for (const [name, schema] of Object.entries(aion.schemas)) {
      try {
        TypeCompiler.Compile(schema as TSchema);
      } catch (error) {
        failed.push(`${name}: ${(error as Error).message}`);
      }
    }
    expect(failed).toEqual([]);
    const role = TypeCompiler.Compile(aion.schemas.Role as TSchema);
    expect([role.Check('ROLE_USER'), role.Check(1), role.Check(2), role.Check(3), role.Check('user'), role.Check(1.5)]).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('maps names both ways as protoc does', () => {
    expect(protoName('contextId')).toBe('context_id');
    expect(protoName('oauth2MetadataUrl')).toBe('oauth2_metadata_url');
    expect(protoName('text')).toBe('text');
    expect(jsonName('reference_task_ids')).toBe('referenceTaskIds');
    expect(jsonName('api_key_security_scheme')).toBe('apiKeySecurityScheme');
  });

  it('declares both names, requires one, and excludes both together', () => {
    const schema = toJsonSchema(
      ProtoObject(
        [
          Required('messageId', Type.String({ description: 'id' })),
          Required('role', Type.String({ description: 'r' })),
          Field('contextId', Type.String({ description: 'c' })),
        ],
        { description: 'm' },
      ),
    );
    expect(Object.keys(schema.properties as Json)).toEqual(['messageId', 'message_id', 'role', 'contextId', 'context_id']);
    expect((schema.properties as Json).message_id.deprecated).toBe(true);
    expect((schema.properties as Json).messageId.deprecated).toBeUndefined();
    expect(schema.required).toEqual(['role']);
    expect(schema.allOf).toEqual([
      expect.objectContaining({
        anyOf: [expect.objectContaining({ required: ['messageId'] }), expect.objectContaining({ required: ['message_id'] })],
      }),
    ]);
    expect(Object.keys(schema.dependentSchemas as Json)).toEqual(['messageId', 'contextId']);
    expect((schema.dependentSchemas as Json).contextId.properties.context_id.not).toEqual({});
  });

  it('writes a one-of group as oneOf over every name of every member', () => {
    const schema = toJsonSchema(
      ProtoObject(
        [
          OneOf(
            'payload',
            [Field('task', Type.String({ description: 't' })), Field('statusUpdate', Type.String({ description: 's' }))],
            'one',
          ),
        ],
        { description: 'x' },
      ),
    );
    expect(((schema.allOf as Json[])[0]!.oneOf as Json[]).map((branch) => branch.required)).toEqual([
      ['task'],
      ['statusUpdate'],
      ['status_update'],
    ]);
    expect(schema.required).toBeUndefined();
  });

  it('is a plain object when nothing needs a constraint', () => {
    const schema = toJsonSchema(ProtoObject([Required('url', Type.String({ description: 'u' }))], { description: 'x' }));
    expect(schema).toEqual({
      description: 'x',
      type: 'object',
      properties: { url: { description: 'u', type: 'string' } },
      required: ['url'],
    });
  });

  it('refuses a name that is not a lowerCamel JSON name, or a name used twice', () => {
    expect(() => ProtoObject([Field('message_id', Type.String({ description: 'x' }))], { description: 'x' })).toThrow(
      /not the lowerCamel JSON name/,
    );
    expect(() =>
      ProtoObject([Field('a', Type.String({ description: 'x' })), Field('a', Type.String({ description: 'x' }))], { description: 'x' }),
    ).toThrow(/used twice/);
  });

  it('accepts an enum by name or, marked deprecated, by number', () => {
    const protoEnum = ProtoEnum<['A_UNSPECIFIED', 'A_ONE']>(['A_UNSPECIFIED', 'A_ONE'], {
      description: 'a',
      numbers: 'n',
    }) as unknown as TSchema;
    const schema = toJsonSchema(protoEnum);
    expect(schema.anyOf).toEqual([
      { description: 'The value by name: the canonical form.', type: 'string', enum: ['A_UNSPECIFIED', 'A_ONE'] },
      { description: 'n', type: 'integer', enum: [0, 1], deprecated: true },
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// The variant
// ---------------------------------------------------------------------------------------------

const A2A_V1_METHODS = [
  'SendMessage',
  'SendStreamingMessage',
  'GetTask',
  'ListTasks',
  'CancelTask',
  'SubscribeToTask',
  'CreateTaskPushNotificationConfig',
  'GetTaskPushNotificationConfig',
  'ListTaskPushNotificationConfigs',
  'DeleteTaskPushNotificationConfig',
  'GetExtendedAgentCard',
];

describe('the aion variant', () => {
  it('is registered for the build and the package', () => {
    expect(VARIANTS.map((variant) => variant.name)).toContain('aion');
    expect(variants.aion).toBe(aion);
    expect(aion.methods.map((method) => method.method)).toEqual([...A2A_V1_METHODS, 'GetContext', 'GetContexts']);
    expect(aion.methods.filter((method) => method.streaming).map((method) => method.method)).toEqual([
      'SendStreamingMessage',
      'SubscribeToTask',
    ]);
    expect(new Set(aion.methods.map((method) => method.origin))).toEqual(new Set(['a2a-v1', 'aion-context']));
  });

  it('list types and list methods print it', () => {
    const types = cli(['list', 'types', '--variant', 'aion']);
    expect(types.code).toBe(0);
    const names = types.stdout.split('\n').filter(Boolean);
    expect(names).toEqual(Object.keys(aion.definitions).sort());
    expect(names).toEqual(
      expect.arrayContaining([
        'Role',
        'TaskState',
        'Part',
        'StreamResponse',
        'AgentCard',
        'Conversation',
        'ContextsList',
        'GET_CONTEXT_EXTENSION_URI_V1',
      ]),
    );
    const methods = cli(['list', 'methods', '--variant=aion']);
    expect(methods.stdout.split('\n').filter(Boolean)).toEqual([...A2A_V1_METHODS, 'GetContext', 'GetContexts']);
  });

  it('has the nine states (CANCELED with one L) and the v0.3 lifecycle under v1.0 names', () => {
    expect(TASK_STATES).toHaveLength(9);
    expect(TASK_STATES).toContain('TASK_STATE_CANCELED');
    expect(Object.values(V03_TO_V1_TASK_STATE).sort()).toEqual([...TASK_STATES].sort());
    expect([...TERMINAL_STATES].sort()).toEqual([
      'TASK_STATE_CANCELED',
      'TASK_STATE_COMPLETED',
      'TASK_STATE_FAILED',
      'TASK_STATE_REJECTED',
    ]);
    expect([...INTERRUPTED_STATES].sort()).toEqual(['TASK_STATE_AUTH_REQUIRED', 'TASK_STATE_INPUT_REQUIRED']);
    expect(TRANSITIONS.TASK_STATE_COMPLETED).toEqual([]);
    expect(TRANSITIONS.TASK_STATE_WORKING).toContain('TASK_STATE_INPUT_REQUIRED');
  });

  it('has the JSON-RPC codes and the nine A2A codes -32001 to -32009', () => {
    const codes = errorCatalogue(variantDefinitions(aion)).map((entry) => entry.code);
    expect(codes).toEqual([-32700, -32603, -32602, -32601, -32600, -32009, -32008, -32007, -32006, -32005, -32004, -32003, -32002, -32001]);
  });

  it('declares the two context extensions as the SDK does, under either URI form', () => {
    expect(validate('GetContextExtension', getContextExtension, { variant: 'aion', strict: true }).valid).toBe(true);
    expect(validate('GetContextsListExtension', getContextsListExtension, { variant: 'aion', strict: true }).valid).toBe(true);
    expect(validate('AgentExtension', getContextExtension, { variant: 'aion', strict: true }).valid).toBe(true);
    expect(getContextExtension.uri).toBe('https://docs.aion.to/a2a/extensions/aion/context/get-context/1.0.0');
    expect(
      validate('GetContextExtension', { uri: 'https://docs.aion.to/extensions/aion/context/get-context/1.0.0' }, { variant: 'aion' }).valid,
    ).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// Seed 004
// ---------------------------------------------------------------------------------------------

describe('seed 004 (GetContext 1.0.0)', () => {
  const request = {
    jsonrpc: '2.0',
    id: 'request-id',
    method: 'GetContext',
    params: { contextId: 'conversation-123', historyLength: 10, historyOffset: 0 },
  };
  const result = {
    context_id: 'conversation-123',
    history: [
      { messageId: 'msg-1', role: 'ROLE_USER', parts: [{ text: "What's the weather like in Reno today?" }] },
      { messageId: 'msg-2', role: 'ROLE_AGENT', parts: [{ text: 'The weather in Reno is a balmy 72F right now.' }] },
    ],
    artifacts: [],
    status: { state: 'TASK_STATE_COMPLETED' },
  };

  it('its request and response are valid', () => {
    expect(validate('GetContextRequest', request, { variant: 'aion' })).toEqual({ valid: true, errors: [], warnings: [] });
    expect(validate('GetContextSuccessResponse', { jsonrpc: '2.0', id: 'request-id', result }, { variant: 'aion' }).valid).toBe(true);
  });

  it('its context_id result key is the proto name: accepted, but not canonical (strict)', () => {
    expect(validate('Conversation', result, { variant: 'aion' }).valid).toBe(true);
    const strict = validate('Conversation', result, { variant: 'aion', strict: true });
    expect(strict.valid).toBe(false);
    expect(strict.errors).toEqual([expect.objectContaining({ path: '/context_id' })]);
    const { context_id: contextId, ...rest } = result;
    expect(validate('Conversation', { contextId, ...rest }, { variant: 'aion', strict: true }).valid).toBe(true);
  });

  it('its -32000 error example is a server-defined error, data and all', () => {
    const error = { jsonrpc: '2.0', id: 'request-id', error: { code: -32000, message: 'Server error description', data: {} } };
    expect(validate('JSONRPCErrorResponse', error, { variant: 'aion' }).valid).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// The wire rules
// ---------------------------------------------------------------------------------------------

describe('ProtoJSON rules as validated', () => {
  const message = { messageId: 'm-1', role: 'ROLE_USER', parts: [{ text: 'hi' }] };

  it('either name, never both', () => {
    expect(validate('Message', { message_id: 'm-1', role: 'ROLE_USER', parts: [{ text: 'hi' }] }, { variant: 'aion' }).valid).toBe(true);
    const both = validate('Message', { ...message, message_id: 'm-1' }, { variant: 'aion' });
    expect(both.valid).toBe(false);
    expect(both.errors.map((error) => error.path)).toContain('/message_id');
    const neither = validate('Message', { role: 'ROLE_USER', parts: [{ text: 'hi' }] }, { variant: 'aion' });
    expect(neither.valid).toBe(false);
  });

  it('exactly one member of a one-of', () => {
    expect(validate('Part', { data: null }, { variant: 'aion' }).valid).toBe(true);
    expect(validate('Part', {}, { variant: 'aion' }).valid).toBe(false);
    expect(validate('Part', { text: 'a', raw: 'YQ==' }, { variant: 'aion' }).valid).toBe(false);
    expect(
      validate(
        'StreamResponse',
        { statusUpdate: { taskId: 't', contextId: 'c', status: { state: 'TASK_STATE_WORKING' } } },
        { variant: 'aion' },
      ).valid,
    ).toBe(true);
    expect(
      validate('SecurityScheme', { mtlsSecurityScheme: {}, apiKeySecurityScheme: { location: 'header', name: 'k' } }, { variant: 'aion' })
        .valid,
    ).toBe(false);
  });

  it('required fields are required, required arrays non-empty', () => {
    expect(validate('Task', { id: 't' }, { variant: 'aion' }).valid).toBe(false);
    expect(validate('Message', { ...message, parts: [] }, { variant: 'aion' }).valid).toBe(false);
    expect(validate('AgentSkill', { id: 's', name: 'S', description: 'd', tags: [] }, { variant: 'aion' }).valid).toBe(false);
  });

  it('strict accepts only the canonical form: lowerCamel, enum names, no unknown keys', () => {
    expect(validate('Message', message, { variant: 'aion', strict: true }).valid).toBe(true);
    expect(
      validate('Message', { message_id: 'm-1', role: 'ROLE_USER', parts: [{ text: 'hi' }] }, { variant: 'aion', strict: true }).valid,
    ).toBe(false);
    expect(validate('Message', { ...message, role: 1 }, { variant: 'aion' }).valid).toBe(true);
    expect(validate('Message', { ...message, role: 1 }, { variant: 'aion', strict: true }).valid).toBe(false);
    const unknown = validate('Message', { ...message, priority: 'high' }, { variant: 'aion' });
    expect(unknown.valid).toBe(true);
    expect(unknown.warnings.map((warning) => [warning.path, warning.keyword])).toEqual([['', 'additionalProperties']]);
    expect(unknown.warnings[0]!.message).toContain('"priority"');
    expect(validate('Message', { ...message, priority: 'high' }, { variant: 'aion', strict: true }).valid).toBe(false);
  });

  it('A2A errors carry data as an array of typed details; other codes keep any data', () => {
    const details = [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'TASK_NOT_FOUND', domain: 'a2a-protocol.org' }];
    expect(
      validate(
        'JSONRPCErrorResponse',
        { jsonrpc: '2.0', id: 1, error: { code: -32001, message: 'Task not found', data: details } },
        { variant: 'aion' },
      ).valid,
    ).toBe(true);
    expect(
      validate(
        'JSONRPCErrorResponse',
        { jsonrpc: '2.0', id: 1, error: { code: -32001, message: 'Task not found', data: { taskId: 't' } } },
        { variant: 'aion' },
      ).valid,
    ).toBe(false);
    expect(
      validate(
        'JSONRPCErrorResponse',
        { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Invalid parameters', data: 'text' } },
        { variant: 'aion' },
      ).valid,
    ).toBe(true);
    expect(validate('ErrorDetail', { reason: 'X', domain: 'd' }, { variant: 'aion' }).valid).toBe(false);
  });
});

describe('a payload on the other wire', () => {
  const v03 = { kind: 'message', messageId: 'm', role: 'user', parts: [{ kind: 'text', text: 'hi' }] };
  const v1 = { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'hi' }] };

  it('a v0.3 message is invalid in aion, and the errors say which wire it is', () => {
    const result = validate('Message', v03, { variant: 'aion' });
    expect(result.valid).toBe(false);
    expect(result.errors.map((error) => [error.path, error.keyword])).toEqual(
      expect.arrayContaining([
        ['/kind', 'not'],
        ['/role', 'enum'],
        ['/parts/0/kind', 'not'],
      ]),
    );
    expect(result.errors.find((error) => error.path === '/role')?.hint).toMatch(/v0\.3/);
    expect(wireHint(v03, 'aion')).toMatch(/looks like the A2A v0\.3 wire/);
  });

  it('a v1.0 message is invalid in a2a and bindu, and the errors say which wire it is', () => {
    for (const variant of ['a2a', 'bindu'] as const) {
      const result = validate('Message', v1, { variant });
      expect(result.valid, variant).toBe(false);
      expect(result.errors.find((error) => error.path === '/role')?.hint, variant).toMatch(/v1\.0/);
      expect(wireHint(v1, variant), variant).toMatch(/looks like the A2A v1\.0 ProtoJSON wire/);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Fixtures and published documents
// ---------------------------------------------------------------------------------------------

describe('conformance/aion', () => {
  it('every case gets its verdict, and every type and method part is covered', () => {
    const report = runConformance({ root: ROOT, variants: ['aion'] });
    const variant = report.variants[0]!;
    expect(failureLines(variant)).toEqual([]);
    expect(variant.outcomes.length).toBeGreaterThan(400);
    expect(variant.coverage?.typesCovered).toBe(Object.keys(aion.definitions).length);
  }, 120_000);

  it('holds the seed 004 examples with their verdicts', () => {
    const getContext = JSON.parse(readFileSync(join(ROOT, 'conformance/aion/methods/GetContext.json'), 'utf8')) as {
      tests: { id: string; valid: boolean }[];
    }[];
    const verdicts = Object.fromEntries(getContext.flatMap((group) => group.tests).map((test) => [test.id, test.valid]));
    expect(verdicts).toMatchObject({
      'seed-004-l16-request': true,
      'seed-004-l110-usage-example': true,
      'seed-004-l41-result': true,
      'seed-004-l38-response': true,
      'seed-004-l96-server-error': true,
      'seed-003-l17-legacy-method': false,
    });
  });
});

describe('published documents', () => {
  it('the JSON Schema carries both names, the constraints and the deprecated marks', () => {
    const message = read('generated/json-schema/aion/Message.json');
    expect(message.$id).toBe('https://getbindu.com/protocol/json-schema/aion/Message.json');
    expect(message.properties.message_id.deprecated).toBe(true);
    expect(message.dependentSchemas.messageId).toBeDefined();
    expect(message.properties.kind).toMatchObject({ not: {} });
    expect(Object.keys(read('generated/json-schema/aion.json').$defs)).toEqual(Object.keys(aion.definitions).sort());
  });

  it('the declarations type both names and the one-of groups', () => {
    const aion = readFileSync(join(ROOT, 'generated/types/aion.d.ts'), 'utf8');
    // What is the same in a2a-v1 is re-exported from its file (scripts/emit-types.ts): Part and Message among them.
    expect(aion).toMatch(/^export type \{[^}]*\bPart,[^}]*\} from '\.\/a2a-v1\.js';$/m);
    const declarations = aion + readFileSync(join(ROOT, 'generated/types/a2a-v1.d.ts'), 'utf8');
    expect(declarations).toMatch(/export type Part = \(/);
    expect(declarations).toMatch(/@deprecated[\s\S]*?\n\s*message_id\?: string;/);
  });

  it('OpenRPC lists the v1.0 and extension methods with params by either name', () => {
    const doc = read('generated/openrpc/aion.json');
    expect(doc.openrpc).toBe('1.3.2');
    expect(doc.methods.map((method: Json) => method.name)).toEqual([...A2A_V1_METHODS, 'GetContext', 'GetContexts']);
    const getContext = doc.methods.find((method: Json) => method.name === 'GetContext');
    expect(getContext['x-origin']).toBe('aion-context');
    expect(getContext.params.map((param: Json) => param.name)).toEqual([
      'contextId',
      'context_id',
      'historyLength',
      'history_length',
      'historyOffset',
      'history_offset',
      'metadata',
    ]);
    expect(getContext.result.schema.$ref).toBe('#/components/schemas/Conversation');
    const send = doc.methods.find((method: Json) => method.name === 'SendMessage');
    expect(send.params.find((param: Json) => param.name === 'message').required).toBe(true);
    expect(send.errors.map((error: Json) => error.code)).toEqual(expect.arrayContaining([-32001, -32005, -32008, -32009]));
  });
});
