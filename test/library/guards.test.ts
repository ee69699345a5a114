/**
 * is / assertType / isNamed / assertNamed / assertMessage / createValidator (src/library/guards.ts):
 * the verdicts are validate's, strict narrows to the canonical form, the assertion's message lists the errors.
 */
import { describe, expect, it } from 'vitest';
import {
  assertMessage,
  assertNamed,
  assertType,
  createValidator,
  is,
  isNamed,
  ProtocolValidationError,
  validate,
} from '../../src/index.js';

const canonical = { messageId: 'm-1', role: 'ROLE_USER', parts: [{ text: 'hi' }] };
const protoNames = { message_id: 'm-1', role: 'ROLE_USER', parts: [{ text: 'hi' }] };
const missingId = { role: 'ROLE_USER', parts: [{ text: 'hi' }, { text: 'x', url: 'https://example.com/' }] };

describe('is', () => {
  it('agrees with validate, strict or not', () => {
    for (const value of [canonical, protoNames, missingId, null, 'text'])
      for (const strict of [false, true])
        expect(is('Message', value, { variant: 'a2a-v1', strict })).toBe(validate('Message', value, { variant: 'a2a-v1', strict }).valid);
  });

  it('accepts either spelling without strict and only the canonical form with it', () => {
    expect(is('Message', protoNames, { variant: 'a2a-v1' })).toBe(true);
    expect(is('Message', protoNames, { variant: 'a2a-v1', strict: true })).toBe(false);
    expect(is('Message', canonical, { variant: 'a2a-v1', strict: true })).toBe(true);
  });

  it('uses the variant named (default bindu)', () => {
    expect(is('Message', canonical, { variant: 'a2a-v1' })).toBe(true);
    expect(is('Message', canonical)).toBe(false);
  });

  it('throws a TypeError for a type the variant does not have (isNamed, for names known at run time)', () => {
    expect(() => isNamed('TextPart', {}, { variant: 'a2a-v1' })).toThrow(/unknown type "TextPart" in variant "a2a-v1"/);
    expect(isNamed('TextPart', { kind: 'text', text: 'hi' }, { variant: 'a2a' })).toBe(true);
  });
});

describe('assertType', () => {
  it('returns for a valid value', () => {
    expect(() => assertType('Message', canonical, { variant: 'a2a-v1', strict: true })).not.toThrow();
  });

  it('throws a ProtocolValidationError whose message lists every error and whose result is the verdict', () => {
    let thrown: unknown;
    try {
      assertType('Message', missingId, { variant: 'a2a-v1' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ProtocolValidationError);
    expect(thrown).toBeInstanceOf(Error);
    const error = thrown as ProtocolValidationError;
    const verdict = validate('Message', missingId, { variant: 'a2a-v1' });
    expect(error.result).toEqual(verdict);
    expect(verdict.errors.length).toBeGreaterThan(1);
    expect(error.message.split('\n')[0]).toBe(`Message (variant a2a-v1) is invalid: ${verdict.errors.length} errors:`);
    for (const entry of verdict.errors) expect(error.message).toContain(`${entry.path === '' ? '(root)' : entry.path}: ${entry.message}`);
  });

  it('says how many errors maxErrors left out', () => {
    const error = (() => {
      try {
        assertNamed('Message', missingId, { variant: 'a2a-v1', maxErrors: 1 });
      } catch (caught) {
        return caught as ProtocolValidationError;
      }
      return undefined;
    })();
    expect(error?.result.errors).toHaveLength(1);
    expect(error?.message).toMatch(/… and \d+ more$/);
  });
});

describe('assertMessage', () => {
  it('throws with the errors of validateMessage', () => {
    const request = { jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: canonical } };
    expect(() => assertMessage(request, { variant: 'a2a-v1' })).not.toThrow();
    expect(() => assertMessage({ ...request, jsonrpc: '1.0' }, { variant: 'a2a-v1' })).toThrow(
      /^the JSON-RPC message \(variant a2a-v1\) is invalid: 1 error:\n {2}\/jsonrpc: /,
    );
  });
});

describe('createValidator', () => {
  it('binds the variant and the strictness', () => {
    const strictV1 = createValidator({ variant: 'a2a-v1', strict: true });
    const looseV1 = createValidator({ variant: 'a2a-v1' });
    expect([strictV1.variant, strictV1.strict, looseV1.strict]).toEqual(['a2a-v1', true, false]);
    expect(strictV1.is('Message', protoNames)).toBe(false);
    expect(looseV1.is('Message', protoNames)).toBe(true);
    expect(strictV1.validate('Message', protoNames)).toEqual(validate('Message', protoNames, { variant: 'a2a-v1', strict: true }));
    expect(() => strictV1.assert('Message', protoNames)).toThrow(/^Message \(variant a2a-v1, strict\) is invalid/);
    expect(() => looseV1.assert('Message', protoNames)).not.toThrow();
  });

  it('defaults to bindu, not strict', () => {
    const validator = createValidator();
    expect([validator.variant, validator.strict]).toEqual(['bindu', false]);
    expect(validator.is('Message', canonical)).toBe(false);
    expect(validator.is('Message', { kind: 'message', messageId: 'm', role: 'user', parts: [], contextId: 'c', taskId: 't' })).toBe(
      validate('Message', { kind: 'message', messageId: 'm', role: 'user', parts: [], contextId: 'c', taskId: 't' }).valid,
    );
  });

  it('passes maxErrors through, and binds validateMessage', () => {
    const validator = createValidator({ variant: 'a2a-v1' });
    expect(validator.validate('Message', missingId, { maxErrors: 1 }).errors).toHaveLength(1);
    const request = { jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: protoNames } };
    expect(validator.validateMessage(request).valid).toBe(true);
    expect(createValidator({ variant: 'a2a-v1', strict: true }).validateMessage(request).valid).toBe(false);
  });
});
