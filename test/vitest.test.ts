/**
 * `bindu-protocol/vitest`: the matchers `toMatchProtocolType` and `toBeValidProtocolMessage`, in
 * Vitest's `expect` and in Jest's (the `expect` package), from the source and from the built
 * subpath export (ESM and CommonJS). A failure message lists each error's path, message and hint.
 */
import { expect as jestExpect } from 'expect';
import { describe, expect, it } from 'vitest';
import { protocolMatchers, type ProtocolMatchers } from '../src/vitest.js';
import { runNode } from './helpers.js';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Assertion<T = any> extends ProtocolMatchers<T> {}
}

expect.extend(protocolMatchers);
jestExpect.extend(protocolMatchers);
type JestProtocol = ProtocolMatchers<void> & { not: ProtocolMatchers<void> };
const jest = (value: unknown) => jestExpect(value) as unknown as JestProtocol;

const uuid = (n: number) => `9b1d4c2e-5a6f-4b7c-8d9e-${String(n).padStart(12, '0')}`;
const task = () => ({ kind: 'task', id: uuid(3), contextId: uuid(2), status: { state: 'working', timestamp: '2025-04-01T19:02:03Z' } });
const badTask = () => ({ kind: 'task', id: uuid(3), context_id: uuid(2), status: { state: 'complete' } });
const request = { jsonrpc: '2.0', id: 1, method: 'tasks/get', params: { id: uuid(3) } };

/** The message of the assertion error `run` throws. */
function failure(run: () => void): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the assertion passed');
}

describe('matchers in Vitest', () => {
  it('toMatchProtocolType passes a valid value of the type and variant, and .not the reverse', () => {
    expect(task()).toMatchProtocolType('Task', { variant: 'a2a' });
    expect(badTask()).not.toMatchProtocolType('Task', { variant: 'a2a' });
    expect({ ...task(), extra: 1 }).toMatchProtocolType('Task', { variant: 'a2a' });
    expect({ ...task(), extra: 1 }).not.toMatchProtocolType('Task', { variant: 'a2a', strict: true });
  });

  it('a failure lists every error with its path, message and hint', () => {
    const message = failure(() => expect(badTask()).toMatchProtocolType('Task', { variant: 'a2a' }));
    expect(message).toContain('expected the value to be a valid Task of the a2a variant, but it has 2 errors:');
    expect(message).toContain('(root): missing the required property "contextId" [required]');
    expect(message).toContain('hint: found "context_id": the key is "contextId" (camelCase)');
    expect(message).toMatch(/\/status\/state: must be one of .*, not "complete" \[enum\]/);
    expect(message).toMatch(/\/status\/state[^\n]*\n\s+hint: did you mean "completed"\?/);
    const negated = failure(() => expect(task()).not.toMatchProtocolType('Task', { variant: 'a2a' }));
    expect(negated).toContain('expected the value not to be a valid Task of the a2a variant, but it is');
  });

  it('maxErrors caps the list and says how many more', () => {
    const many = {
      ...task(),
      history: Array.from({ length: 5 }, (_, i) => ({ kind: 'message', messageId: `m${i}`, role: 'robot', parts: [] })),
    };
    const message = failure(() => expect(many).toMatchProtocolType('Task', { variant: 'a2a', maxErrors: 2 }));
    expect(message).toContain('but it has 5 errors:');
    expect(message.match(/^ {2}error /gm)).toHaveLength(2);
    expect(message).toContain('… and 3 more errors');
  });

  it('toBeValidProtocolMessage: a request by its method; a response by the method given', () => {
    expect(request).toBeValidProtocolMessage({ variant: 'a2a' });
    expect({ ...request, method: 'tasks/gett' }).not.toBeValidProtocolMessage({ variant: 'a2a' });
    expect({ jsonrpc: '2.0', id: 1, result: task() }).toBeValidProtocolMessage({ variant: 'a2a', method: 'tasks/get' });
    const message = failure(() =>
      expect({ jsonrpc: '2.0', id: 1, result: badTask() }).toBeValidProtocolMessage({ variant: 'a2a', method: 'tasks/get' }),
    );
    expect(message).toContain(
      'expected the value to be a valid JSON-RPC message of the a2a variant (answering "tasks/get"), but it has 2 errors:',
    );
    expect(message).toContain('/result: missing the required property "contextId" [required]');
    const unknown = failure(() => expect({ ...request, method: 'tasks/gett' }).toBeValidProtocolMessage({ variant: 'a2a' }));
    expect(unknown).toContain('/method: unknown method "tasks/gett" in the a2a variant [method]');
    expect(unknown).toContain('hint: did you mean "tasks/get"');
  });
});

describe("matchers in Jest's expect (the expect package)", () => {
  it('the same verdicts', () => {
    jest(task()).toMatchProtocolType('Task', { variant: 'a2a' });
    jest(badTask()).not.toMatchProtocolType('Task', { variant: 'a2a' });
    jest(request).toBeValidProtocolMessage({ variant: 'a2a' });
    jest({ ...request, method: 'nope' }).not.toBeValidProtocolMessage({ variant: 'a2a' });
  });

  it('the same failure message: each error with its path, message and hint', () => {
    const message = failure(() => jest(badTask()).toMatchProtocolType('Task', { variant: 'a2a' }));
    expect(message).toContain('but it has 2 errors:');
    expect(message).toContain('(root): missing the required property "contextId" [required]');
    expect(message).toContain('hint: found "context_id"');
    expect(message).toMatch(/\/status\/state: must be one of/);
    expect(failure(() => jest(request).not.toBeValidProtocolMessage({ variant: 'a2a' }))).toContain(
      'expected the value not to be a valid JSON-RPC message of the a2a variant, but it is',
    );
  });
});

describe("the built subpath 'bindu-protocol/vitest'", () => {
  const check = `const pass = m.protocolMatchers.toMatchProtocolType.call({ isNot: false }, { kind: 'task' }, 'Task', { variant: 'a2a' });
    console.log(JSON.stringify({ pass: pass.pass, message: pass.message(), keys: Object.keys(m.protocolMatchers), same: m.default === m.protocolMatchers || m.default?.toMatchProtocolType === m.protocolMatchers.toMatchProtocolType }));`;

  it("imports (ESM) and requires (CommonJS) through the package exports, with Jest's expect too", () => {
    for (const args of [
      ['--input-type=module', '-e', `const m = await import('bindu-protocol/vitest'); ${check}`],
      ['-e', `const m = require('bindu-protocol/vitest'); ${check}`],
    ]) {
      const result = runNode(args);
      expect(result.stderr).toBe('');
      const out = JSON.parse(result.stdout);
      expect(out).toMatchObject({ pass: false, keys: ['toMatchProtocolType', 'toBeValidProtocolMessage'], same: true });
      expect(out.message).toMatch(
        /^expected the value to be a valid Task of the a2a variant, but it has \d+ errors:\n {2}error \(root\): missing the required property "id" \[required\]/,
      );
    }
    const jestRun = runNode([
      '-e',
      `const { expect } = require('expect'); expect.extend(require('bindu-protocol/vitest').protocolMatchers);
      expect({ jsonrpc: '2.0', id: 1, method: 'tasks/get', params: { id: 'x' } }).toBeValidProtocolMessage({ variant: 'a2a' });
      try { expect({ kind: 'task' }).toMatchProtocolType('Task', { variant: 'a2a' }); } catch (e) { console.log(e.message.split('\\n')[0]); }`,
    ]);
    expect(jestRun.stderr).toBe('');
    expect(jestRun.stdout.trim()).toMatch(/^expected the value to be a valid Task of the a2a variant, but it has \d+ errors:$/);
  });
});
