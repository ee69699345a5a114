/**
 * `validate(typeName, value, { variant, strict })`: verdicts from the precompiled validators,
 * errors for people (one per defect, a JSON Pointer, a keyword, plain words, hints), unknown keys
 * as warnings or strict errors, and agreement with ajv compiling the published JSON Schema.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { addFormats } from '../../src/engine/formats.js';
import { describe, expect, it } from 'vitest';
import { validate, validateProperty, type ValidationResult } from '../../src/library/validate.js';
import { ROOT, runNode } from '../helpers.js';

const uuid = (n: number) => `3f2c9a1e-7b4d-4e8a-9c1f-${String(n).padStart(12, '0')}`;

/** An A2A v0.3.0 task: ids are free strings, a status message, two turns of history, two artifacts. */
function a2aTask() {
  return {
    kind: 'task',
    id: 'task-2025-0131-emea',
    contextId: 'ctx-sales-review',
    status: {
      state: 'completed',
      timestamp: '2025-01-31T12:04:11Z',
      message: { kind: 'message', messageId: 'msg-9', role: 'agent', parts: [{ kind: 'text', text: 'The report is ready.' }] },
    },
    history: [
      {
        kind: 'message',
        messageId: 'msg-1',
        role: 'user',
        contextId: 'ctx-sales-review',
        parts: [{ kind: 'text', text: 'Summarise the EMEA quarterly sales.' }],
      },
      {
        kind: 'message',
        messageId: 'msg-2',
        role: 'agent',
        taskId: 'task-2025-0131-emea',
        contextId: 'ctx-sales-review',
        parts: [
          { kind: 'text', text: 'Fetching the figures.' },
          { kind: 'data', data: { region: 'EMEA', quarter: 'Q3' } },
        ],
      },
    ],
    artifacts: [
      {
        artifactId: 'report',
        name: 'report.pdf',
        parts: [{ kind: 'file', file: { name: 'report.pdf', mimeType: 'application/pdf', uri: 'https://files.example.com/q3-emea.pdf' } }],
      },
      { artifactId: 'summary', parts: [{ kind: 'text', text: 'Sales grew 12% quarter on quarter.' }] },
    ],
    metadata: { requestedBy: 'finance' },
  };
}

/** A Bindu message: UUIDs everywhere, a file part with inline bytes, embeddings on a text part. */
function binduMessage() {
  return {
    kind: 'message',
    messageId: uuid(11),
    contextId: uuid(12),
    taskId: uuid(13),
    role: 'user',
    referenceTaskIds: [uuid(14)],
    parts: [
      { kind: 'text', text: 'Translate the attached contract into German.', embeddings: [0.12, -0.4, 0.33] },
      { kind: 'file', file: { name: 'contract.txt', mimeType: 'text/plain', bytes: 'VGhpcyBhZ3JlZW1lbnQ=' } },
    ],
  };
}

function binduTask() {
  const message = binduMessage();
  return {
    kind: 'task',
    id: uuid(13),
    contextId: uuid(12),
    status: { state: 'input-required', timestamp: '2025-02-03T09:15:00+01:00' },
    history: [message],
    artifacts: [{ artifactId: uuid(20), name: 'draft', parts: [{ kind: 'text', text: 'Diese Vereinbarung …' }], lastChunk: false }],
  };
}

/** An A2A v1.0 (ProtoJSON) message and task as the aion variant has them. */
function aionMessage() {
  return {
    messageId: 'a1b2c3',
    contextId: 'conversation-123',
    role: 'ROLE_USER',
    parts: [{ text: 'What did we decide yesterday?' }, { url: 'https://example.com/minutes.pdf', mediaType: 'application/pdf' }],
  };
}
function aionTask() {
  return {
    id: 'task-77',
    contextId: 'conversation-123',
    status: { state: 'TASK_STATE_COMPLETED', timestamp: '2025-03-01T10:00:00Z' },
    history: [aionMessage()],
    artifacts: [{ artifactId: 'answer', parts: [{ data: { decision: 'ship on Friday' } }] }],
  };
}

const only = (result: ValidationResult) => {
  expect(result.errors).toHaveLength(1);
  return result.errors[0]!;
};

describe('validate: verdicts', () => {
  it('accepts realistic payloads of every variant with no errors and no warnings', () => {
    expect(validate('Task', a2aTask(), { variant: 'a2a' })).toEqual({ valid: true, errors: [], warnings: [] });
    expect(validate('Message', binduMessage())).toEqual({ valid: true, errors: [], warnings: [] });
    expect(validate('Task', binduTask(), { variant: 'bindu' })).toEqual({ valid: true, errors: [], warnings: [] });
    expect(validate('Task', aionTask(), { variant: 'aion' })).toEqual({ valid: true, errors: [], warnings: [] });
  });

  it('defaults to the bindu variant, which requires UUIDs and the message context', () => {
    const task = a2aTask();
    expect(validate('Task', task, { variant: 'a2a' }).valid).toBe(true);
    const result = validate('Task', task);
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: '/id', keyword: 'format' })]));
    expect(result.errors.find((error) => error.path === '/id')!.message).toMatch(/must be a UUID/);
  });

  it('a clean payload allocates no error lists: the empty lists are shared and frozen', () => {
    const first = validate('Task', a2aTask(), { variant: 'a2a' });
    const second = validate('Message', binduMessage());
    expect(first.errors).toBe(second.errors);
    expect(first.warnings).toBe(second.errors);
    expect(Object.isFrozen(first.errors)).toBe(true);
  });

  it('throws a TypeError naming the variant (and the nearest names) for an unknown type or variant', () => {
    expect(() => validate('Taks' as string, {}, { variant: 'a2a' })).toThrow(TypeError);
    expect(() => validate('Taks' as string, {}, { variant: 'a2a' })).toThrow(/unknown type "Taks" in variant "a2a" \(did you mean "Task"/);
    expect(() => validate('Context' as string, {}, { variant: 'a2a' })).toThrow(/in variant "a2a"/);
    expect(() => validate('Task', {}, { variant: 'nope' as never })).toThrow(
      /unknown variant "nope" \(expected one of: a2a, a2a-rest, a2a-v1, aion, bindu\)/,
    );
  });
});

describe('validate: one error per defect', () => {
  it('a bad enum value: one error at its JSON Pointer, with the nearest value as the hint', () => {
    const task = a2aTask();
    task.status.state = 'complete';
    const error = only(validate('Task', task, { variant: 'a2a' }));
    expect(error).toMatchObject({ path: '/status/state', keyword: 'enum', hint: 'did you mean "completed"?' });
    expect(error.message).toMatch(/^must be one of "submitted", .*"completed".*, not "complete"$/);
  });

  it('a part whose kind is unknown: only the closest member reports, at /kind, listing the kinds', () => {
    const task = a2aTask();
    (task.history[1]!.parts[0] as { kind: string }).kind = 'txt';
    const error = only(validate('Task', task, { variant: 'a2a' }));
    expect(error).toMatchObject({ path: '/history/1/parts/0/kind', keyword: 'const', hint: 'did you mean "text"?' });
    expect(error.message).toBe('must be "text", "file" or "data" (the "kind" of each alternative), not "txt"');
  });

  it("a part with a known kind reports only that member's errors (no fan-out over the union)", () => {
    const task = a2aTask();
    const file = task.artifacts[0]!.parts[0] as { file: Record<string, unknown> };
    delete file.file.uri;
    const result = validate('Task', task, { variant: 'a2a' });
    // FilePart picked by kind; inside it, file is FileWithBytes | FileWithUri and neither key is there.
    expect(result.errors.map((error) => `${error.path} ${error.keyword}`)).toEqual(['/artifacts/0/parts/0/file required']);
  });

  it('a v1.0-style part without kind: the missing discriminator, and which value to add', () => {
    const message = binduMessage();
    message.parts[0] = { text: 'hello' } as never;
    const error = only(validate('Message', message));
    expect(error).toMatchObject({ path: '/parts/0', keyword: 'required', message: 'missing the required property "kind"' });
    expect(error.hint).toBe('add "kind": "text"; by its other properties this is a TextPart');
  });

  it('a security scheme is picked by its type, and its own errors are reported', () => {
    const error = only(validate('SecurityScheme', { type: 'apiKey', in: 'headers', name: 'X-API-Key' }, { variant: 'a2a' }));
    expect(error).toMatchObject({ path: '/in', keyword: 'enum', hint: 'did you mean "header"?' });
    const http = only(validate('SecurityScheme', { type: 'http', bearerFormat: 'JWT' }, { variant: 'a2a' }));
    expect(http).toMatchObject({ path: '', keyword: 'required', message: 'missing the required property "scheme"' });
  });

  it('an error object is picked by its code; an unknown code falls back to the generic JSON-RPC error', () => {
    const named = validate('JSONRPCErrorResponse', { jsonrpc: '2.0', id: 1, error: { code: -32001, message: 42 } }, { variant: 'a2a' });
    expect(named.errors.map((error) => `${error.path} ${error.keyword}`)).toEqual(['/error/message type']);
    const generic = validate('JSONRPCErrorResponse', { jsonrpc: '2.0', id: 1, error: { code: 7 } }, { variant: 'a2a' });
    expect(generic.errors.map((error) => `${error.path} ${error.keyword}`)).toEqual(['/error required']);
  });

  it('a file given both inline and by URI: one error at the key that must be absent, explained', () => {
    const message = binduMessage();
    (message.parts[1] as { file: Record<string, unknown> }).file.uri = 'https://example.com/contract.txt';
    const error = only(validate('Message', message));
    expect(error).toMatchObject({ path: '/parts/1/file/uri', keyword: 'not', message: 'must not be present' });
    expect(error.hint).toMatch(/never both/);
  });

  it('each missing required key is its own error, at the object that lacks it', () => {
    const result = validate('Message', { kind: 'message', role: 'user', parts: [] });
    expect(result.errors.map((error) => `${error.path} ${error.keyword} ${error.message}`)).toEqual([
      ' required missing the required property "messageId"',
      ' required missing the required property "contextId"',
      ' required missing the required property "taskId"',
    ]);
  });

  it('a required key an object inherits is present, as the precompiled validators read it', () => {
    const inheriting = (own: Record<string, unknown>) => Object.assign(Object.create({ description: 'd' }), own);
    // The closed validator passes it; with a defect beside it, the explainer finds no key missing either.
    expect(validate('AgentSkill', inheriting({ id: 's', name: 'n', tags: [] }), { variant: 'a2a' }).valid).toBe(true);
    const verdict = validate('AgentSkill', inheriting({ id: 's', name: 7 }), { variant: 'a2a' });
    expect(verdict.errors.map((error) => `${error.path} ${error.message}`)).toEqual([
      ' missing the required property "tags"',
      '/name must be a string, not an integer (7)',
    ]);
    // Own but undefined is missing.
    const undefinedOwn = validate('AgentSkill', inheriting({ id: 's', name: 7, tags: [], description: undefined }), { variant: 'a2a' });
    expect(undefinedOwn.errors.map((error) => `${error.path} ${error.keyword}`)).toEqual([' required', '/name type']);
  });

  it('scalar alternatives are one error at the union, listing what is allowed', () => {
    const card = { debugLevel: 3 };
    const result = validate('AgentCard', card);
    expect(result.errors.filter((item) => item.path === '/debugLevel')).toEqual([
      { path: '/debugLevel', keyword: 'anyOf', message: 'must be one of 1 or 2, not 3', params: { allowedValues: [1, 2] } },
    ]);
    const creator = validate('AgentTrust', { creatorId: true }).errors.filter((item) => item.path === '/creatorId');
    expect(creator).toEqual([
      {
        path: '/creatorId',
        keyword: 'anyOf',
        message: 'must be a string or an integer, not a boolean (true)',
        params: { type: 'string,integer' },
      },
    ]);
  });

  it("a scalar union whose one member has the value's JSON type reports that member's error", () => {
    const message = { messageId: 'm-1', role: 'user', parts: [{ text: 'hi' }] };
    const byName = validate('Message', message, { variant: 'aion' }).errors;
    expect(byName.map((item) => [item.path, item.keyword])).toEqual([['/role', 'enum']]);
    expect(byName[0]!.message).toMatch(/^must be one of "ROLE_UNSPECIFIED", .*\(also accepted: 0, 1 or 2\), not "user"$/);
    expect(byName[0]!.hint).toBe('"user" is the A2A v0.3.0 spelling; this wire writes the enum name "ROLE_USER".');
    const byNumber = validate('Message', { ...message, role: 9 }, { variant: 'aion' }).errors;
    expect(byNumber.map((item) => [item.path, item.keyword])).toEqual([['/role', 'enum']]);
    const neither = validate('Message', { ...message, role: { name: 'user' } }, { variant: 'aion' }).errors;
    expect(neither.map((item) => [item.path, item.keyword])).toEqual([['/role', 'anyOf']]);
  });

  it('escapes keys in JSON Pointers (~0, ~1)', () => {
    const schemes = { 'oauth/v2~beta': { type: 'http', scheme: 42 } };
    const card = validate('AgentCard', { securitySchemes: schemes }, { variant: 'a2a' });
    expect(card.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: '/securitySchemes/oauth~1v2~0beta/scheme', keyword: 'type' })]),
    );
  });

  it('a value of the wrong JSON type gets the one-step fix as a hint', () => {
    const config = { acceptedOutputModes: 'text/plain', historyLength: '5', blocking: 'true' };
    const result = validate('MessageSendConfiguration', config);
    const byPath = Object.fromEntries(result.errors.map((error) => [error.path, error]));
    expect(byPath['/acceptedOutputModes']).toMatchObject({ keyword: 'type', hint: 'wrap it in a list: [ … ]' });
    expect(byPath['/historyLength']).toMatchObject({ keyword: 'type', hint: 'write it as a number, without quotes: 5' });
    expect(byPath['/blocking']).toMatchObject({ keyword: 'type', hint: 'write it as a boolean, without quotes: true' });
    const request = { jsonrpc: 2, id: 1, method: 'tasks/get', params: { taskId: uuid(1) } };
    expect(validate('GetTaskRequest', request).errors[0]).toMatchObject({ path: '/jsonrpc', keyword: 'type', hint: 'write "2.0"' });
  });
});

describe('validate: hints', () => {
  it('casing: a snake_case key where the wire is camelCase (unknown key, with the right name)', () => {
    const task = a2aTask();
    (task as Record<string, unknown>).created_at = '2025-01-31';
    (task.history[0] as Record<string, unknown>).reference_task_ids = ['task-1'];
    const result = validate('Task', task, { variant: 'a2a' });
    expect(result.valid).toBe(true);
    expect(result.warnings).toEqual([
      {
        path: '/history/0',
        keyword: 'additionalProperties',
        message: 'unknown property "reference_task_ids"',
        hint: 'did you mean "referenceTaskIds"? Keys here are camelCase.',
        params: { additionalProperty: 'reference_task_ids' },
      },
      { path: '', keyword: 'additionalProperties', message: 'unknown property "created_at"', params: { additionalProperty: 'created_at' } },
    ]);
  });

  it('casing: a required key written snake_case is one error (required) carrying the fix, not also a warning', () => {
    const message = binduMessage() as Record<string, unknown>;
    message.context_id = message.contextId;
    delete message.contextId;
    const result = validate('Message', message);
    expect(result.errors).toEqual([
      {
        path: '',
        keyword: 'required',
        message: 'missing the required property "contextId"',
        hint: 'found "context_id": the key is "contextId" (camelCase)',
        params: { missingProperty: 'contextId' },
      },
    ]);
    expect(result.warnings).toEqual([]);
  });

  it("casing the other way: the context extension's snake_case params given in camelCase", () => {
    const result = validate('GetContextParams', { contextId: 'conversation-123', historyLength: 2 });
    expect(result.errors).toEqual([
      {
        path: '',
        keyword: 'required',
        message: 'missing the required property "context_id"',
        hint: 'found "contextId": the key is "context_id" (snake_case)',
        params: { missingProperty: 'context_id' },
      },
    ]);
    expect(result.warnings).toEqual([
      {
        path: '',
        keyword: 'additionalProperties',
        message: 'unknown property "historyLength"',
        hint: 'did you mean "history_length"? Keys here are snake_case.',
        params: { additionalProperty: 'historyLength' },
      },
    ]);
  });

  it('misspelt keys get the nearest declared name', () => {
    const task = a2aTask() as Record<string, unknown>;
    task.histroy = task.history;
    delete task.history;
    expect(validate('Task', task, { variant: 'a2a' }).warnings[0]).toMatchObject({
      path: '',
      message: 'unknown property "histroy"',
      hint: 'did you mean "history"?',
    });
  });

  it('other wire: a v1.0 enum name in an A2A v0.3.0 payload, and a v0.3.0 value in a v1.0 payload', () => {
    const message = binduMessage();
    message.role = 'ROLE_USER';
    expect(only(validate('Message', message))).toMatchObject({
      path: '/role',
      keyword: 'enum',
      hint: '"ROLE_USER" is the A2A v1.0 (ProtoJSON) enum name; this wire writes "user".',
    });
    const task = a2aTask();
    task.status.state = 'TASK_STATE_INPUT_REQUIRED';
    expect(only(validate('Task', task, { variant: 'a2a' })).hint).toBe(
      '"TASK_STATE_INPUT_REQUIRED" is the A2A v1.0 (ProtoJSON) enum name; this wire writes "input-required".',
    );
    const v1 = aionTask();
    v1.status.state = 'completed';
    const error = only(validate('Task', v1, { variant: 'aion' }));
    expect(error).toMatchObject({
      path: '/status/state',
      keyword: 'enum',
      hint: '"completed" is the A2A v0.3.0 spelling; this wire writes the enum name "TASK_STATE_COMPLETED".',
    });
    expect(error.message).toMatch(/^must be one of "TASK_STATE_UNSPECIFIED", .* \(also accepted: 0, 1, 2, .*\), not "completed"$/);
  });

  it('case-only differences say values are case-sensitive', () => {
    const task = a2aTask();
    task.status.state = 'Completed';
    expect(only(validate('Task', task, { variant: 'a2a' })).hint).toBe('did you mean "completed"? Values are case-sensitive.');
  });
});

describe('validate: unknown keys, strict mode and the ProtoJSON wire', () => {
  it('unknown keys are warnings (the payload stays valid) and errors with strict', () => {
    const message = binduMessage() as Record<string, unknown>;
    message.priority = 'high';
    const open = validate('Message', message);
    expect(open.valid).toBe(true);
    expect(open.errors).toEqual([]);
    expect(open.warnings).toEqual([
      { path: '', keyword: 'additionalProperties', message: 'unknown property "priority"', params: { additionalProperty: 'priority' } },
    ]);
    const strict = validate('Message', message, { strict: true });
    expect(strict.valid).toBe(false);
    expect(strict.errors).toEqual(open.warnings);
    expect(strict.warnings).toEqual([]);
  });

  it('free-form objects (metadata, data) never warn', () => {
    const task = a2aTask();
    task.metadata = { anything: { goes: [1, 2, 3] } } as never;
    expect(validate('Task', task, { variant: 'a2a', strict: true })).toEqual({ valid: true, errors: [], warnings: [] });
  });

  it('aion: proto field names are valid ProtoJSON; strict wants the canonical lowerCamel names', () => {
    const message = { message_id: 'a1b2c3', context_id: 'conversation-123', role: 'ROLE_USER', parts: [{ text: 'hi' }] };
    expect(validate('Message', message, { variant: 'aion' })).toEqual({ valid: true, errors: [], warnings: [] });
    const strict = validate('Message', message, { variant: 'aion', strict: true });
    expect(strict.errors).toEqual([
      {
        path: '/message_id',
        keyword: 'deprecated',
        message: '"message_id" is accepted, but it is not the canonical name',
        hint: 'write it as "messageId"',
        params: { deprecatedProperty: 'message_id' },
      },
      {
        path: '/context_id',
        keyword: 'deprecated',
        message: '"context_id" is accepted, but it is not the canonical name',
        hint: 'write it as "contextId"',
        params: { deprecatedProperty: 'context_id' },
      },
    ]);
  });

  it('aion: both names of one field at once is one error at the proto name', () => {
    const message = { ...aionMessage(), context_id: 'conversation-123' };
    const error = only(validate('Message', message, { variant: 'aion' }));
    expect(error).toMatchObject({ path: '/context_id', keyword: 'not', message: 'must not be given together with "contextId"' });
  });

  it('aion: enum numbers are accepted, and strict names the canonical enum name', () => {
    const message = { ...aionMessage(), role: 2 };
    expect(validate('Message', message, { variant: 'aion' }).valid).toBe(true);
    expect(only(validate('Message', message, { variant: 'aion', strict: true }))).toEqual({
      path: '/role',
      keyword: 'deprecated',
      message: '2 is accepted, but it is not the canonical form',
      hint: 'write "ROLE_AGENT"',
      params: { deprecatedValue: 2 },
    });
  });

  it('aion: a v1.0 one-of member (text/raw/url/data): none, or two, is one error on the part', () => {
    const none = { ...aionMessage(), parts: [{ mediaType: 'text/plain' }] };
    expect(only(validate('Message', none, { variant: 'aion' }))).toMatchObject({
      path: '/parts/0',
      keyword: 'oneOf',
      message: 'must have exactly one of "text", "raw", "url" or "data"',
    });
    const two = { ...aionMessage(), parts: [{ text: 'hi', data: { a: 1 } }] };
    expect(only(validate('Message', two, { variant: 'aion' }))).toMatchObject({
      path: '/parts/0',
      keyword: 'oneOf',
      message: 'has "text" and "data", but only one of "text", "raw", "url" or "data" may be given',
    });
  });

  it('aion: a v0.3.0 kind discriminator in a v1.0 part is reported where it is', () => {
    const message = { ...aionMessage(), parts: [{ kind: 'text', text: 'hi' }] };
    expect(only(validate('Message', message, { variant: 'aion' }))).toMatchObject({
      path: '/parts/0/kind',
      keyword: 'not',
      message: 'must not be present',
    });
  });

  it('aion: a required field with two names, missing under both, is one required error', () => {
    const { messageId: _id, ...message } = aionMessage();
    expect(only(validate('Message', message, { variant: 'aion' }))).toEqual({
      path: '',
      keyword: 'required',
      message: 'missing the required property "messageId" (it may also be written "message_id")',
      params: { missingProperty: 'messageId', alternatives: ['messageId', 'message_id'] },
    });
  });
});

describe('validate: a discriminator that names no member', () => {
  it('is the one defect: the other errors of whichever member is closest are not reported', () => {
    // A status-update event where message/send answers a Task or a Message: the closest member
    // (Task) would also say that `id` is missing, which describes a type the value does not claim to be.
    const event = {
      kind: 'status-update',
      taskId: uuid(1),
      contextId: uuid(2),
      status: { state: 'working', timestamp: '2025-11-05T14:00:19Z' },
      final: false,
    };
    const result = validate('SendMessageSuccessResponse', { jsonrpc: '2.0', id: 1, result: event });
    expect(result.errors.map((error) => `${error.path} ${error.keyword}`)).toEqual(['/result/kind const']);
    expect(result.errors[0]!.message).toBe('must be "task" or "message" (the "kind" of each alternative), not "status-update"');
  });

  it('a discriminator of the wrong JSON type is the same defect', () => {
    const result = validate('Part', { kind: 5, text: 'hi' }, { variant: 'a2a' });
    expect(result.errors.map((error) => `${error.path} ${error.keyword}`)).toEqual(['/kind const']);
  });
});

describe('validateProperty: a method part that is a property (params, result)', () => {
  const task = () => ({ kind: 'task', id: uuid(1), contextId: uuid(2), status: { state: 'completed', timestamp: '2025-11-05T14:00:19Z' } });

  it('validates an inline property (a union) with its own precompiled validators, paths relative to the value', () => {
    expect(validateProperty('SendMessageSuccessResponse', 'result', task())).toEqual({ valid: true, errors: [], warnings: [] });
    const bad = { ...task(), status: { state: 'done' } };
    expect(validateProperty('SendMessageSuccessResponse', 'result', bad).errors.map((error) => `${error.path} ${error.keyword}`)).toEqual([
      '/status required',
      '/status/state enum',
    ]);
    // the same errors as validating the whole envelope, under /result
    const whole = validate('SendMessageSuccessResponse', { jsonrpc: '2.0', id: 1, result: bad });
    expect(whole.errors.map((error) => `${error.path} ${error.keyword}`)).toEqual(['/result/status required', '/result/status/state enum']);
  });

  it('validates a property that is a reference with the referenced type', () => {
    expect(
      validateProperty('GetTaskRequest', 'params', { taskId: uuid(1), historyLength: 'all' }).errors.map(
        (error) => `${error.path} ${error.keyword}`,
      ),
    ).toEqual(['/historyLength type']);
    expect(validateProperty('DeleteTaskPushNotificationConfigSuccessResponse', 'result', null, { variant: 'a2a' }).valid).toBe(true);
    expect(
      validateProperty('DeleteTaskPushNotificationConfigSuccessResponse', 'result', {}, { variant: 'a2a' }).errors.map(
        (error) => `${error.path} ${error.keyword}`,
      ),
    ).toEqual([' type']);
  });

  it('unknown keys are warnings unless strict, as in validate', () => {
    const extra = { ...task(), priority: 'high' };
    const open = validateProperty('SendMessageSuccessResponse', 'result', extra);
    expect(open.valid).toBe(true);
    expect(open.warnings.map((warning) => `${warning.path} ${warning.keyword}`)).toEqual([' additionalProperties']);
    expect(validateProperty('SendMessageSuccessResponse', 'result', extra, { strict: true }).valid).toBe(false);
  });

  it('throws a TypeError for a type without such a property', () => {
    expect(() => validateProperty('Task', 'result', {})).toThrow(/type "Task" of variant "bindu" has no "result" property/);
    expect(() => validateProperty('GetTaskRequest', 'result', {})).toThrow(/it has "params"/);
    expect(() => validateProperty('NoSuchType' as string, 'params', {})).toThrow(TypeError);
  });
});

describe('validate: formats follow the JSON Schema 2020-12 grammars', () => {
  const status = (timestamp: string) => validate('TaskStatus', { state: 'working', timestamp });
  const id = (taskId: string) => validate('TaskIdParams', { taskId });

  it('uuid: RFC 4122 textual form only (either case; no urn:uuid: prefix, no braces)', () => {
    expect(id('E0E6D1F0-511C-4CF1-A6FE-D1C38C282269').valid).toBe(true);
    for (const bad of [
      'urn:uuid:e0e6d1f0-511c-4cf1-a6fe-d1c38c282269',
      '{e0e6d1f0-511c-4cf1-a6fe-d1c38c282269}',
      'e0e6d1f0511c4cf1a6fed1c38c282269',
    ]) {
      expect(
        id(bad).errors.map((error) => `${error.path} ${error.keyword}`),
        bad,
      ).toEqual(['/taskId format']);
    }
  });

  it('date-time: RFC 3339 section 5.6 (T, an offset with its colon, a leap second at 23:59 UTC)', () => {
    for (const good of [
      '2025-11-04T10:45:03Z',
      '2025-11-04t10:45:03.5z',
      '2025-11-04T10:45:03+05:30',
      '2016-12-31T23:59:60Z',
      '2016-12-31T18:59:60-05:00',
      '2024-02-29T00:00:00Z',
    ]) {
      expect(status(good).valid, good).toBe(true);
    }
    for (const bad of [
      '2025-11-04 10:45:03Z',
      '2025-11-04T10:45:03+0530',
      '2025-11-04T10:45:03+05',
      '2025-11-04T10:45:60Z',
      '2025-02-29T00:00:00Z',
      '2025-11-04T10:45:03',
      '2025-11-04T10:45:03Z\n',
    ]) {
      expect(
        status(bad).errors.map((error) => `${error.path} ${error.keyword}`),
        bad,
      ).toEqual(['/timestamp format']);
    }
  });

  it('the generated validators and the explainer use the one format module (src/engine/formats.ts)', () => {
    const generated = readFileSync(join(ROOT, 'generated', 'validators', 'bindu', 'TaskStatus.cjs'), 'utf8');
    expect(generated).toContain('require("../formats.cjs").formats["date-time"]');
    expect(generated).not.toContain('ajv-formats');
  });

  it('aion Part.raw: base64 up to the very end, no final newline', () => {
    expect(validate('Part', { raw: 'SGVsbG8=' }, { variant: 'aion' }).valid).toBe(true);
    expect(validate('Part', { raw: 'SGVsbG8=\n' }, { variant: 'aion' }).errors.map((error) => `${error.path} ${error.keyword}`)).toEqual([
      '/raw pattern',
    ]);
  });
});

describe('validate: issues are plain data, worded on demand', () => {
  it('JSON, spreading and inspection show path, keyword, message, hint and params', () => {
    const task = a2aTask();
    task.status.state = 'complete';
    const error = validate('Task', task, { variant: 'a2a' }).errors[0]!;
    const expected = {
      path: '/status/state',
      keyword: 'enum',
      message: expect.stringMatching(/^must be one of/),
      hint: 'did you mean "completed"?',
      params: { allowedValues: expect.arrayContaining(['completed', 'working']) },
    };
    expect({ ...error }).toEqual(expected);
    expect(JSON.parse(JSON.stringify(error))).toEqual(expected);
    expect(inspect(error)).toContain('hint: \'did you mean "completed"?\'');
    expect(inspect(error)).not.toContain('Getter');
    expect(Object.keys(error)).toEqual(['path', 'keyword', 'message', 'hint', 'params']);
  });
});

describe('validate: agrees with ajv on the published JSON Schema', () => {
  /** Every payload one edit away from `base`: drop, null, wrong type, wrong string, extra key. */
  function mutations(base: unknown): unknown[] {
    const out: unknown[] = [];
    const visit = (node: unknown, edit: (mutate: (value: unknown) => unknown) => void) => {
      if (typeof node !== 'object' || node === null) return;
      const keys = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node);
      for (const key of keys) {
        const at = (mutate: (value: unknown) => unknown) =>
          edit((parent) => {
            const copy = Array.isArray(parent) ? [...parent] : { ...(parent as object) };
            const next = mutate((copy as Record<string | number, unknown>)[key]);
            if (next === undefined) {
              if (Array.isArray(copy)) copy.splice(key as number, 1);
              else delete (copy as Record<string, unknown>)[key as string];
            } else (copy as Record<string | number, unknown>)[key] = next;
            return copy;
          });
        at(() => undefined);
        at(() => null);
        at(() => 7);
        at(() => 'not-a-valid-value');
        at((value) => (typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value, unexpectedKey: true } : value));
        at((value) => (typeof value === 'string' ? value.toUpperCase() : value));
        if (!Array.isArray(node) && /[A-Z]/.test(key as string)) {
          // The key written snake_case.
          edit((parent) => {
            const copy = { ...(parent as Record<string, unknown>) };
            copy[(key as string).replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] = copy[key as string];
            delete copy[key as string];
            return copy;
          });
        }
        visit((node as Record<string | number, unknown>)[key], (mutate) => at((value) => mutate(value)));
      }
    };
    visit(base, (mutate) => out.push(mutate(base)));
    return out;
  }

  const compiled = new Map<string, ValidateFunction>();
  function ajvFor(variant: string, type: string): ValidateFunction {
    const key = `${variant}/${type}`;
    if (!compiled.has(key)) {
      const ajv = new Ajv2020({ strict: false, allErrors: false });
      addFormats(ajv);
      compiled.set(key, ajv.compile(JSON.parse(readFileSync(join(ROOT, 'generated', 'json-schema', variant, `${type}.json`), 'utf8'))));
    }
    return compiled.get(key)!;
  }

  const cases: [string, string, unknown][] = [
    ['a2a', 'Task', a2aTask()],
    ['bindu', 'Task', binduTask()],
    [
      'bindu',
      'SendMessageRequest',
      {
        jsonrpc: '2.0',
        id: 'req-1',
        method: 'message/send',
        params: { message: binduMessage(), configuration: { acceptedOutputModes: ['text/plain'], blocking: true } },
      },
    ],
    ['aion', 'Task', aionTask()],
    ['aion', 'Message', { ...aionMessage(), parts: [{ raw: 'aGVsbG8=', filename: 'a.txt', media_type: 'text/plain' }] }],
  ];

  for (const [variant, type, base] of cases) {
    it(`${variant} ${type}: same verdict as ajv on every one-edit mutation; every invalid one explained`, () => {
      const ajv = ajvFor(variant, type);
      const payloads = mutations(base);
      expect(payloads.length).toBeGreaterThan(30);
      let invalid = 0;
      for (const payload of payloads) {
        const result = validate(type, payload, { variant: variant as never });
        expect(result.valid, JSON.stringify(payload)).toBe(ajv(payload));
        if (!result.valid) {
          invalid++;
          expect(result.errors.length, JSON.stringify(payload)).toBeGreaterThan(0);
          // The explainer found the defect itself (the ajv fallback would say keyword "schema" or a link keyword).
          for (const error of result.errors) expect(error.keyword, JSON.stringify(payload)).not.toMatch(/^(schema|x-bindu-.*)$/);
        }
        const strict = validate(type, payload, { variant: variant as never, strict: true });
        if (result.valid && result.warnings.length === 0 && variant !== 'aion') expect(strict.valid).toBe(true);
        if (!strict.valid) expect(strict.errors.length).toBeGreaterThan(0);
        if (result.warnings.length > 0) expect(strict.valid).toBe(false);
      }
      expect(invalid).toBeGreaterThan(10);
    });
  }
});

describe('validate: the package entry points', () => {
  it("require('bindu-protocol').validate works from CommonJS", () => {
    const script = `
      const { validate, validateMessage } = require('bindu-protocol');
      const bad = validate('Task', { kind: 'task', id: 't', contextId: 'c', status: { state: 'complete' } }, { variant: 'a2a' });
      const request = validateMessage({ jsonrpc: '2.0', id: 1, method: 'tasks/get', params: { id: 't' } }, { variant: 'a2a' });
      console.log(JSON.stringify([bad.valid, bad.errors[0].path, bad.errors[0].hint, request.valid]));`;
    const result = runNode(['-e', script], { cwd: ROOT });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual([false, '/status/state', 'did you mean "completed"?', true]);
  });

  it("import { validate } from 'bindu-protocol' works from ESM", () => {
    const script = `
      import { validate } from 'bindu-protocol';
      const ok = validate('Task', { kind: 'task', id: 't', contextId: 'c', status: { state: 'completed' } }, { variant: 'a2a' });
      console.log(JSON.stringify(ok));`;
    const result = runNode(['--input-type=module', '-e', script], { cwd: ROOT });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual({ valid: true, errors: [], warnings: [] });
  });

  it("compiles nothing at start-up: the first verdict loads only the validated type's modules", () => {
    const script = `
      const t0 = performance.now();
      const { validate } = require('./dist/index.cjs');
      const result = validate('TextPart', { kind: 'text', text: 'hi' }, { variant: 'a2a' });
      const loaded = Object.keys(require.cache).filter((file) => file.includes('generated/validators')).map((file) => file.split('/').pop()).sort();
      console.log(JSON.stringify({ valid: result.valid, loaded, ajvCore: Object.keys(require.cache).some((file) => /ajv[\\\\/]dist[\\\\/]core/.test(file)) }));`;
    const result = runNode(['-e', script], { cwd: ROOT });
    expect(result.stderr).toBe('');
    // The registry, the variant's module and meta data, and the one validator module.
    expect(JSON.parse(result.stdout)).toEqual({
      valid: true,
      loaded: ['TextPart.cjs', 'a2a.cjs', 'a2a.meta.json', 'index.cjs'],
      ajvCore: false,
    });
  });
});
