/**
 * `validateMessage(message, { variant, strict, method, request })`: what a JSON-RPC message is
 * checked as (the request's method, or the method given for a response), error codes against the
 * method's declared errors, and the ordinary error for an unknown method.
 */
import { describe, expect, it } from 'vitest';
import { SERVER_ERROR_CODES } from '../../schemas/error-table.js';
import { validateMessage } from '../../src/library/validate-message.js';

const uuid = (n: number) => `9b1d4c2e-5a6f-4b7c-8d9e-${String(n).padStart(12, '0')}`;

function binduMessage() {
  return {
    kind: 'message',
    messageId: uuid(1),
    contextId: uuid(2),
    taskId: uuid(3),
    role: 'user',
    parts: [{ kind: 'text', text: 'Book a table for two at 8pm.' }],
  };
}

function sendRequest() {
  return {
    jsonrpc: '2.0',
    id: 'req-1',
    method: 'message/send',
    params: { message: binduMessage(), configuration: { acceptedOutputModes: ['text/plain', 'application/json'], blocking: false } },
  };
}

function taskResult() {
  return {
    kind: 'task',
    id: uuid(3),
    contextId: uuid(2),
    status: { state: 'working', timestamp: '2025-04-01T19:02:03Z' },
    history: [binduMessage()],
  };
}

const paths = (issues: readonly { path: string; keyword: string }[]) => issues.map((issue) => `${issue.path} ${issue.keyword}`);

describe('validateMessage: requests', () => {
  it("a request is checked as its method's request type", () => {
    expect(validateMessage(sendRequest())).toEqual({ valid: true, errors: [], warnings: [] });
    const bad = sendRequest();
    delete (bad.params as Record<string, unknown>).configuration;
    bad.params.message.role = 'robot';
    const result = validateMessage(bad);
    expect(result.valid).toBe(false);
    expect(paths(result.errors)).toEqual(['/params required', '/params/message/role enum']);
  });

  it("the variant decides: an A2A request without Bindu's required fields is valid in a2a only", () => {
    const request = {
      jsonrpc: '2.0',
      id: 7,
      method: 'message/send',
      params: { message: { kind: 'message', messageId: 'msg-7', role: 'user', parts: [{ kind: 'text', text: 'hi' }] } },
    };
    expect(validateMessage(request, { variant: 'a2a' }).valid).toBe(true);
    expect(validateMessage(request, { variant: 'bindu' }).valid).toBe(false);
  });

  it('an unknown method is an ordinary error at /method, with the nearest known names as the hint', () => {
    const result = validateMessage({ jsonrpc: '2.0', id: 1, method: 'message/sned', params: {} });
    expect(result).toEqual({
      valid: false,
      errors: [
        {
          path: '/method',
          keyword: 'method',
          message: 'unknown method "message/sned" in the bindu variant',
          hint: 'did you mean "message/send"?',
          params: { method: 'message/sned' },
        },
      ],
      warnings: [],
    });
    const far = validateMessage({ jsonrpc: '2.0', id: 1, method: 'x', params: {} }, { variant: 'a2a' });
    expect(far.errors[0]!.hint).toMatch(/^the a2a methods are "message\/send", "message\/stream", /);
    // A Bindu method is unknown on the plain A2A wire.
    expect(validateMessage({ jsonrpc: '2.0', id: 1, method: 'tasks/list', params: {} }, { variant: 'a2a' }).errors[0]!.keyword).toBe(
      'method',
    );
  });

  it('a method that is not a string is a type error at /method', () => {
    expect(paths(validateMessage({ jsonrpc: '2.0', id: 1, method: 42 }).errors)).toEqual(['/method type']);
  });

  it('a request whose method disagrees with the expected one is an error at /method', () => {
    const result = validateMessage(sendRequest(), { method: 'tasks/get' });
    expect(result.errors[0]).toMatchObject({
      path: '/method',
      keyword: 'method',
      message: 'is "message/send", but the expected method is "tasks/get"',
    });
  });

  it('unknown keys in a request are warnings, strict errors', () => {
    const request = { ...sendRequest(), trace: 'abc' };
    expect(validateMessage(request)).toMatchObject({
      valid: true,
      warnings: [{ path: '', keyword: 'additionalProperties', message: 'unknown property "trace"' }],
    });
    expect(validateMessage(request, { strict: true })).toMatchObject({
      valid: false,
      errors: [{ path: '', keyword: 'additionalProperties' }],
    });
  });
});

describe('validateMessage: responses', () => {
  it('a success response is checked as the success response of the method given', () => {
    const response = { jsonrpc: '2.0', id: 'req-1', result: taskResult() };
    expect(validateMessage(response, { method: 'message/send' })).toEqual({ valid: true, errors: [], warnings: [] });
    expect(validateMessage(response, { method: 'contexts/list' }).valid).toBe(false);
  });

  it('… or of the method of the request it answers, and a different id is a warning', () => {
    const response = { jsonrpc: '2.0', id: 'req-1', result: taskResult() };
    expect(validateMessage(response, { request: sendRequest() })).toEqual({ valid: true, errors: [], warnings: [] });
    const other = validateMessage({ ...response, id: 'req-2' }, { request: sendRequest() });
    expect(other.valid).toBe(true);
    expect(other.warnings).toEqual([
      {
        path: '/id',
        keyword: 'id',
        message: 'is "req-2", but the request\'s id is "req-1"',
        hint: 'a response repeats the id of the request it answers',
        params: {},
      },
    ]);
  });

  it('with no method known, a response is checked as a JSON-RPC response only (envelope, id), and a warning says why', () => {
    const valid = validateMessage({ jsonrpc: '2.0', id: 3, result: { tasks: [taskResult()], total: 1, page: 1 } });
    expect(valid.valid).toBe(true);
    expect(valid.warnings).toEqual([
      expect.objectContaining({
        path: '',
        keyword: 'method',
        message: expect.stringMatching(/^cannot tell which method this response answers, so it was checked as a JSON-RPC response only/),
      }),
    ]);
    // Its result is checked against no method: a Task with a wrong state passes, the envelope does not.
    expect(validateMessage({ jsonrpc: '2.0', id: 3, result: { kind: 'task', status: { state: 'finished' } } }).valid).toBe(true);
    const envelope = validateMessage({ jsonrpc: '1.0', id: { n: 3 }, result: 1 });
    expect(envelope.valid).toBe(false);
    expect(paths(envelope.errors)).toEqual(['/jsonrpc const', '/id type']);
    const error = validateMessage({ jsonrpc: '2.0', id: 3, error: { code: 'bad' } });
    expect(error.valid).toBe(false);
  });

  it("an unknown method another variant has names that variant (SendMessage is a2a-v1's, message/send a2a's)", () => {
    const v1Request = { jsonrpc: '2.0', id: 1, method: 'SendMessage', params: {} };
    expect(validateMessage(v1Request).errors).toEqual([
      {
        path: '/method',
        keyword: 'method',
        message: 'unknown method "SendMessage" in the bindu variant',
        hint: '"SendMessage" is a method of the a2a-v1 variant: use --variant a2a-v1 (the `variant` option in the library)',
        params: { method: 'SendMessage' },
      },
    ]);
    const v03Request = { jsonrpc: '2.0', id: 1, method: 'message/send', params: {} };
    expect(validateMessage(v03Request, { variant: 'aion' }).errors[0]!.hint).toMatch(/^"message\/send" is a method of the a2a variant: /);
    // Only aion has GetContext; bindu alone has tasks/list.
    const getContext = { jsonrpc: '2.0', id: 1, method: 'GetContext', params: {} };
    expect(validateMessage(getContext, { variant: 'a2a' }).errors[0]!.hint).toMatch(/ of the aion variant: use --variant aion /);
    const list = { jsonrpc: '2.0', id: 1, method: 'tasks/list', params: {} };
    expect(validateMessage(list, { variant: 'a2a' }).errors[0]!.hint).toMatch(/ of the bindu variant: /);
    // A given response method the variant lacks is a TypeError with the same hint.
    expect(() => validateMessage({ jsonrpc: '2.0', id: 1, result: {} }, { method: 'GetTask' })).toThrow(
      /unknown method "GetTask" in variant "bindu" \("GetTask" is a method of the a2a-v1 variant: use --variant a2a-v1/,
    );
  });

  it('a response to a request naming an unknown method is checked as a JSON-RPC response, with a warning naming the method (never an exception)', () => {
    const request = { jsonrpc: '2.0', id: 7, method: 'foo/bar', params: {} };
    expect(validateMessage(request).errors).toEqual([expect.objectContaining({ path: '/method', keyword: 'method' })]);
    const answer = validateMessage({ jsonrpc: '2.0', id: 7, error: { code: -32601, message: 'Method not found' } }, { request });
    expect(answer.valid).toBe(true);
    expect(answer.errors).toEqual([]);
    expect(answer.warnings).toEqual([
      expect.objectContaining({
        path: '',
        keyword: 'method',
        message: expect.stringContaining('names the method "foo/bar", which the bindu variant does not have'),
      }),
    ]);
    const broken = validateMessage({ jsonrpc: '2.0', id: 7, error: { message: 'no code' } }, { request });
    expect(broken.valid).toBe(false);
    expect(paths(broken.errors)).toEqual(['/error required']);
    for (const variant of ['a2a', 'aion'] as const) {
      expect(
        validateMessage({ jsonrpc: '2.0', id: 7, error: { code: -32601, message: 'Method not found' } }, { variant, request }).valid,
        variant,
      ).toBe(true);
    }
  });

  it('an unknown method given for a response is a programming error (TypeError)', () => {
    expect(() => validateMessage({ jsonrpc: '2.0', id: 1, result: {} }, { method: 'tasks/gett' })).toThrow(
      /unknown method "tasks\/gett" in variant "bindu" \(did you mean "tasks\/get"\?\)/,
    );
  });

  it('a response carrying both result and error is invalid', () => {
    const result = validateMessage(
      { jsonrpc: '2.0', id: 1, result: taskResult(), error: { code: -32001, message: 'Task not found' } },
      { method: 'tasks/get' },
    );
    expect(result.valid).toBe(false);
    expect(paths(result.errors)).toEqual(['/result not']);
  });
});

describe('validateMessage: error codes', () => {
  const errorResponse = (code: number, message = 'failed') => ({ jsonrpc: '2.0', id: 9, error: { code, message } });

  it('a code the method declares is fine', () => {
    expect(validateMessage(errorResponse(-32001, 'Task not found'), { method: 'tasks/get' })).toEqual({
      valid: true,
      errors: [],
      warnings: [],
    });
    expect(validateMessage(errorResponse(-32602), { method: 'tasks/get' }).warnings).toEqual([]);
  });

  it('a JSON-RPC server error (-32000 to -32099) no catalogue entry names is allowed for every method', () => {
    expect(SERVER_ERROR_CODES).toEqual({ min: -32099, max: -32000 });
    for (const code of [-32000, -32050, -32099]) {
      expect(validateMessage(errorResponse(code), { method: 'tasks/cancel', variant: 'a2a' }), String(code)).toEqual({
        valid: true,
        errors: [],
        warnings: [],
      });
    }
  });

  it('an undeclared code is a warning at /error/code (the response stays valid)', () => {
    const result = validateMessage(errorResponse(-32002, 'Task cannot be canceled'), { method: 'tasks/get', variant: 'a2a' });
    expect(result.valid).toBe(true);
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatchObject({
      path: '/error/code',
      keyword: 'code',
      message: 'error code -32002 (TaskNotCancelableError) is not one that "tasks/get" declares',
    });
    expect(result.warnings[0]!.hint).toMatch(/^"tasks\/get" declares -32700 JSONParseError, .*-32001 TaskNotFoundError/);
    const http = validateMessage(errorResponse(404), { method: 'tasks/get', variant: 'a2a' });
    expect(http.warnings[0]).toMatchObject({
      path: '/error/code',
      keyword: 'code',
      message: 'error code 404 is not one that "tasks/get" declares',
    });
  });

  it('context/get declares ContextNotFoundError; a catalogue code it does not declare is a warning, server range or not', () => {
    expect(validateMessage(errorResponse(-32020, 'Context not found'), { method: 'context/get' })).toEqual({
      valid: true,
      errors: [],
      warnings: [],
    });
    const other = validateMessage(errorResponse(-32021, 'Context cannot be canceled'), { method: 'context/get' });
    expect(other.warnings).toEqual([
      expect.objectContaining({
        path: '/error/code',
        keyword: 'code',
        message: 'error code -32021 (ContextNotCancelableError) is not one that "context/get" declares',
      }),
    ]);
    expect(validateMessage(errorResponse(-32020, 'Context not found'), { method: 'contexts/get' }).warnings).toHaveLength(1);
  });

  it("with no method, the code is checked against the variant's whole catalogue", () => {
    expect(validateMessage(errorResponse(-32020, 'Context not found')).warnings).toEqual([]);
    expect(validateMessage(errorResponse(-32020, 'Context not found'), { variant: 'a2a' }).warnings).toEqual([]);
    expect(validateMessage(errorResponse(1234)).warnings[0]).toMatchObject({
      path: '/error/code',
      keyword: 'code',
      message: 'error code 1234 is not one the bindu variant defines',
    });
  });

  it('a malformed error object is an error', () => {
    const result = validateMessage({ jsonrpc: '2.0', id: 9, error: { code: '-32001' } }, { method: 'tasks/get' });
    expect(result.valid).toBe(false);
    expect(paths(result.errors)).toEqual(['/error required', '/error/code type']);
    expect(result.errors[1]!.hint).toBe('write it as a number, without quotes: -32001');
    expect(paths(validateMessage({ jsonrpc: '2.0', id: 9, error: 'boom' }, { method: 'tasks/get' }).errors)).toEqual(['/error type']);
  });

  it("an error code named by the catalogue must carry that error's shape", () => {
    const result = validateMessage({ jsonrpc: '2.0', id: null, error: { code: -32700 } }, { method: 'message/send', variant: 'a2a' });
    expect(paths(result.errors)).toEqual(['/error required']);
    expect(result.errors[0]!.message).toBe('missing the required property "message"');
  });
});

describe('validateMessage: other shapes', () => {
  it('neither a request nor a response', () => {
    expect(validateMessage({ jsonrpc: '2.0', id: 1 })).toEqual({
      valid: false,
      errors: [
        {
          path: '',
          keyword: 'required',
          message: 'is neither a request (it has no "method") nor a response (it has no "result" or "error")',
          params: {},
        },
      ],
      warnings: [],
    });
    expect(paths(validateMessage('message/send').errors)).toEqual([' type']);
    expect(paths(validateMessage(null).errors)).toEqual([' type']);
  });

  it('a batch is checked member by member, paths prefixed with the index', () => {
    const batch = [sendRequest(), { jsonrpc: '2.0', id: 2, method: 'tasks/get', params: { taskId: 'not-a-uuid' } }];
    const result = validateMessage(batch);
    expect(result.valid).toBe(false);
    expect(paths(result.errors)).toEqual(['/1/params/taskId format']);
    expect(paths(validateMessage([]).errors)).toEqual([' minItems']);
  });

  it('the aion variant: v1.0 methods, ProtoJSON params', () => {
    const request = { jsonrpc: '2.0', id: 5, method: 'GetContext', params: { context_id: 'conversation-123', historyLength: 2 } };
    expect(validateMessage(request, { variant: 'aion' })).toEqual({ valid: true, errors: [], warnings: [] });
    expect(validateMessage(request, { variant: 'aion', strict: true }).errors).toEqual([
      expect.objectContaining({ path: '/params/context_id', keyword: 'deprecated', hint: 'write it as "contextId"' }),
    ]);
    expect(validateMessage({ ...request, method: 'context/get' }, { variant: 'aion' }).errors[0]).toMatchObject({
      path: '/method',
      keyword: 'method',
    });
  });
});

describe('validateMessage: A2A v1.0.1 error details (§9.5)', () => {
  const answer = (error: Record<string, unknown>) => ({ jsonrpc: '2.0', id: 1, error });
  const info = (reason: string) => ({ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain: 'a2a-protocol.org' });
  const badRequest = {
    '@type': 'type.googleapis.com/google.rpc.BadRequest',
    fieldViolations: [{ field: 'message.parts', description: 'At least one part is required' }],
  };

  it.each(['a2a-v1', 'aion'] as const)(
    '%s: a TaskNotFound without data is valid, with a warning naming the ErrorInfo and §9.5',
    (variant) => {
      const checked = validateMessage(answer({ code: -32001, message: 'Task not found' }), { variant, method: 'GetTask' });
      expect(checked.valid).toBe(true);
      expect(checked.warnings.map((w) => [w.path, w.keyword])).toEqual([['/error', 'errorInfo']]);
      expect(checked.warnings[0]!.message).toMatch(/google\.rpc\.ErrorInfo with reason TASK_NOT_FOUND .*A2A v1\.0\.1 §9\.5 .*SHOULD/);
    },
  );

  it('an ErrorInfo of another reason, or only other details, is valid with the same warning at /error/data', () => {
    for (const data of [[info('TASK_NOT_CANCELABLE')], [badRequest]]) {
      const checked = validateMessage(answer({ code: -32001, message: 'no', data }), { variant: 'a2a-v1', method: 'GetTask' });
      expect(checked.valid).toBe(true);
      expect(checked.warnings.map((w) => [w.path, w.keyword])).toEqual([['/error/data', 'errorInfo']]);
    }
  });

  it('the ErrorInfo naming the error, among other details, draws no warning', () => {
    const checked = validateMessage(answer({ code: -32001, message: 'no', data: [badRequest, info('TASK_NOT_FOUND')] }), {
      variant: 'a2a-v1',
      method: 'GetTask',
    });
    expect(checked).toMatchObject({ valid: true, warnings: [] });
  });

  it('a detail without @type is invalid (each object in data MUST carry it)', () => {
    const { '@type': _, ...untyped } = info('TASK_NOT_FOUND');
    const checked = validateMessage(answer({ code: -32001, message: 'no', data: [untyped] }), { variant: 'a2a-v1', method: 'GetTask' });
    expect(checked.valid).toBe(false);
    expect(checked.errors.map((e) => [e.path, e.keyword])).toEqual([['/error/data/0', 'required']]);
  });

  it('BadRequest details on InvalidParams are valid, with no warning (a JSON-RPC error has no ErrorInfo to carry)', () => {
    const checked = validateMessage(answer({ code: -32602, message: 'Invalid parameters', data: [badRequest] }), {
      variant: 'a2a-v1',
      method: 'SendMessage',
    });
    expect(checked).toMatchObject({ valid: true, warnings: [] });
  });

  it('the v0.3 wire has no such rule: an a2a TaskNotFound without data draws no warning', () => {
    const checked = validateMessage(answer({ code: -32001, message: 'Task not found' }), { variant: 'a2a', method: 'tasks/get' });
    expect(checked).toMatchObject({ valid: true, warnings: [] });
  });
});
