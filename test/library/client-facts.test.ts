/**
 * The small facts a client reads (src/library/client-facts.ts): each variant's error codes with status and default
 * message, from the error table and the variant's error types; its terminal and needs-action task states.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { errorCodes, taskStates, type JsonRpcRequestEnvelope } from '../../src/library/client-facts.js';
import { A2A_ERRORS, httpStatusByName } from '../../schemas/error-table.js';

describe('errorCodes', () => {
  it('a2a: the five JSON-RPC errors and the v0.3 A2A errors, each with its status and default message', () => {
    const codes = errorCodes('a2a');
    expect(codes.find((entry) => entry.code === -32001)).toEqual({
      name: 'TaskNotFoundError',
      code: -32001,
      httpStatus: 404,
      message: 'Task not found',
    });
    expect(codes.find((entry) => entry.code === -32700)).toMatchObject({ name: 'JSONParseError', httpStatus: 400 });
    const v03 = A2A_ERRORS.filter((row) => 'v0.3' in row.wires).map((row) => row.code);
    expect(codes.map((entry) => entry.code).sort()).toEqual([...v03, -32600, -32601, -32602, -32603, -32700].sort());
    expect(codes.every((entry) => typeof entry.message === 'string' && typeof entry.httpStatus === 'number')).toBe(true);
  });

  it("bindu adds its own codes (no HTTP status named for them); a2a-v1's statuses are the table's for v1.0", () => {
    const bindu = errorCodes('bindu');
    expect(bindu.find((entry) => entry.name === 'ContextNotFoundError')).toMatchObject({ code: -32020, httpStatus: undefined });
    expect(bindu.length).toBeGreaterThan(errorCodes('a2a').length);
    // The statuses are the error table's, for the v1.0 wire.
    const v1 = httpStatusByName('v1.0');
    for (const entry of errorCodes('a2a-v1')) expect(entry.httpStatus, entry.name).toBe(v1[entry.name]);
    expect(() => errorCodes('nope' as never)).toThrow(TypeError);
  });
});

describe('taskStates', () => {
  it('terminal and needs-action sets per variant (bindu: payment and trust verification wait on the client too)', () => {
    const bindu = taskStates('bindu');
    expect([...bindu.terminal].sort()).toEqual(['canceled', 'completed', 'failed', 'rejected']);
    expect([...bindu.needsAction].sort()).toEqual(['auth-required', 'input-required', 'payment-required', 'trust-verification-required']);
    expect(taskStates('a2a').needsAction.has('payment-required')).toBe(false);
    expect(taskStates('a2a-v1').terminal.has('TASK_STATE_COMPLETED')).toBe(true);
    for (const state of bindu.terminal) expect(bindu.all.has(state)).toBe(true);
  });

  it('the JSON-RPC request id is optional and may be a string, a number or null (JSON-RPC 2.0 §4)', () => {
    expectTypeOf<JsonRpcRequestEnvelope['id']>().toEqualTypeOf<string | number | null | undefined>();
    const notification: JsonRpcRequestEnvelope = { jsonrpc: '2.0', method: 'tasks/get' };
    expect(notification).not.toHaveProperty('id');
  });
});
