/**
 * `validateText` and `validateMessageText`: the checks of `validate` and `validateMessage` on JSON
 * text (a string or bytes), with the text checks the CLI makes, input errors told apart from
 * payload errors; and `maxErrors` with its exact `omitted` count, the verdict independent of it.
 */
import { describe, expect, it } from 'vitest';
import { validateMessage } from '../../src/library/validate-message.js';
import { validate } from '../../src/library/validate.js';
import { validateMessageText, validateText } from '../../src/library/validate-text.js';
import { cli } from '../helpers.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const uuid = (n: number) => `9b1d4c2e-5a6f-4b7c-8d9e-${String(n).padStart(12, '0')}`;
const task = { kind: 'task', id: uuid(3), contextId: uuid(2), status: { state: 'working', timestamp: '2025-04-01T19:02:03Z' } };
const text = JSON.stringify(task);
const keywords = (issues: readonly { path: string; keyword: string }[]) => issues.map((issue) => `${issue.path} ${issue.keyword}`);

describe('validateText: the same verdict as validate, from a string or bytes', () => {
  it('a valid text, as a string, a Buffer, a Uint8Array, an ArrayBuffer, with a byte order mark', () => {
    const bytes = new TextEncoder().encode(text);
    for (const input of [
      text,
      Buffer.from(text),
      bytes,
      bytes.buffer.slice(0),
      `\uFEFF${text}`,
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
    ]) {
      expect(validateText('Task', input, { variant: 'a2a' })).toEqual({ valid: true, errors: [], warnings: [] });
    }
    const bad = JSON.stringify({ ...task, status: { state: 'complete' } });
    expect(validateText('Task', bad, { variant: 'a2a' })).toEqual(validate('Task', JSON.parse(bad), { variant: 'a2a' }));
  });

  it('payload errors JSON.parse hides: duplicate keys, lone surrogates, numbers out of range, first and at their paths', () => {
    const result = validateText(
      'Task',
      '{"kind":"task","kind":"task","id":"\\uD800","contextId":"c","status":{"state":"working","timestamp":"2025-04-01T19:02:03Z"},"metadata":{"n":1e400}}',
      { variant: 'a2a' },
    );
    expect(result.valid).toBe(false);
    expect(result.inputError).toBeUndefined();
    expect(keywords(result.errors)).toEqual(['/kind duplicateKey', '/id unicode', '/metadata/n range']);
  });

  it('input errors: not JSON (line and column), not UTF-8 (byte offset), too large, empty; one error, keyword syntax / encoding / size, and inputError', () => {
    const notJson = validateText('Task', '{\n  "kind": "task",\n  "id": NaN\n}');
    expect(notJson).toEqual({
      valid: false,
      errors: [{ path: '', keyword: 'syntax', message: notJson.inputError, params: {} }],
      warnings: [],
      inputError: expect.stringMatching(/^not JSON \(NaN is not a JSON number .*at line 3, column 9\)$/),
    });
    const utf8 = validateText('Task', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]));
    expect(utf8.errors).toEqual([
      { path: '', keyword: 'encoding', message: expect.stringMatching(/^not UTF-8: byte 0xC3 at byte offset 6/), params: {} },
    ]);
    expect(utf8.inputError).toBe(utf8.errors[0]!.message);
    const size = validateText('Task', text, { maxBytes: 10 });
    expect(size.errors).toEqual([
      { path: '', keyword: 'size', message: expect.stringMatching(/is larger than the limit of 10 bytes/), params: {} },
    ]);
    expect(validateText('Task', Buffer.from(text), { maxBytes: 10 }).errors[0]!.keyword).toBe('size');
    expect(validateText('Task', '  ').inputError).toMatch(/the input is empty/);
    expect(validateText('Task', '{"a":1} x').inputError).toMatch(/after the end of the JSON value, at line 1, column 9/);
  });

  it('programming errors are TypeErrors: an unknown type, a value that is not text, a bad maxErrors or maxBytes', () => {
    expect(() => validateText('Taks' as string, text)).toThrow(TypeError);
    expect(() => validateText('Task', { kind: 'task' } as never)).toThrow(/must be a string or bytes/);
    expect(() => validateText('Task', text, { maxErrors: -1 })).toThrow(/maxErrors must be a whole number/);
    expect(() => validateText('Task', text, { maxBytes: 0 })).toThrow(/maxBytes must be/);
  });

  it('validateMessageText: a request by its method, a response by the request or method given, batches; the same verdicts as validateMessage', () => {
    const request = { jsonrpc: '2.0', id: 1, method: 'tasks/get', params: { id: uuid(3) } };
    expect(validateMessageText(JSON.stringify(request), { variant: 'a2a' })).toEqual({ valid: true, errors: [], warnings: [] });
    const response = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { ...task, status: { state: 'complete' } } });
    expect(validateMessageText(response, { variant: 'a2a', request })).toEqual(
      validateMessage(JSON.parse(response), { variant: 'a2a', request }),
    );
    expect(validateMessageText(response, { variant: 'a2a', request }).valid).toBe(false);
    expect(
      keywords(
        validateMessageText('[{"jsonrpc":"2.0","id":1,"id":2,"method":"tasks/get","params":{"id":"x"}}]', { variant: 'a2a' }).errors,
      ),
    ).toEqual(['/0/id duplicateKey']);
    expect(validateMessageText('{"jsonrpc":"2.0",', { variant: 'a2a' }).inputError).toMatch(/^not JSON \(the text ends/);
  });

  it('the CLI gives the same errors for the same text', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bindu-text-'));
    const payload = '{"kind":"task","kind":"task","id":"x","contextId":"c","status":{"state":"complete"}}';
    const path = join(dir, 'task.json');
    writeFileSync(path, payload);
    const fromCli = JSON.parse(cli(['validate', '--json', '--variant', 'a2a', '--type', 'Task', path]).stdout);
    expect(fromCli.errors).toEqual(JSON.parse(JSON.stringify(validateText('Task', payload, { variant: 'a2a' }).errors)));
  });
});

describe('maxErrors: the first N errors, how many more (exact), the same verdict', () => {
  const history = Array.from({ length: 40 }, (_, i) => ({
    kind: 'message',
    messageId: `m${i}`,
    role: 'robot',
    parts: [],
    context_id: 'c',
  }));
  const many = { ...task, history };

  it('default 100; N; 0 for all; omitted only when some were left out', () => {
    const all = validate('Task', many, { variant: 'a2a', maxErrors: 0 });
    expect(all.errors).toHaveLength(40);
    expect(all.omitted).toBeUndefined();
    expect(all.warnings).toHaveLength(40);
    expect(validate('Task', many, { variant: 'a2a' }).errors).toHaveLength(40);
    const capped = validate('Task', many, { variant: 'a2a', maxErrors: 7 });
    expect(capped).toMatchObject({ valid: false, omitted: 33 });
    expect(capped.errors).toEqual(all.errors.slice(0, 7));
    expect(capped.warnings).toEqual(all.warnings);
    expect(validate('Task', task, { variant: 'a2a', maxErrors: 1 })).toEqual({ valid: true, errors: [], warnings: [] });
  });

  it('the cap counts the text errors first, across batches and the method check, exactly', () => {
    const dupes = `{"kind":"task","kind":"task","id":"x","id":"x",${JSON.stringify(many).slice(1)}`;
    const all = validateText('Task', dupes, { variant: 'a2a', maxErrors: 0 });
    const capped = validateText('Task', dupes, { variant: 'a2a', maxErrors: 3 });
    expect(capped.errors).toEqual(all.errors.slice(0, 3));
    expect(capped.omitted).toBe(all.errors.length - 3);
    const batch = [
      { jsonrpc: '2.0', id: 1, result: many },
      { jsonrpc: '2.0', id: 2, result: many },
    ];
    const batchAll = validateMessage(batch, { variant: 'a2a', method: 'tasks/get', maxErrors: 0 });
    const batchCapped = validateMessage(batch, { variant: 'a2a', method: 'tasks/get', maxErrors: 50 });
    expect(batchAll.errors).toHaveLength(80);
    expect(batchCapped.errors).toEqual(batchAll.errors.slice(0, 50));
    expect(batchCapped.omitted).toBe(30);
    const wrongMethod = validateMessage(
      { jsonrpc: '2.0', id: 1, method: 'tasks/cancel', params: { id: 5 } },
      { variant: 'a2a', method: 'tasks/get', maxErrors: 1 },
    );
    expect(wrongMethod.errors).toHaveLength(1);
    expect(wrongMethod.omitted).toBe(1);
  });
});
