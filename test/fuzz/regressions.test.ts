// Plain regression tests for what the property tests (test/fuzz/*.test.ts) found.
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/library/validate.js';

const at = (result: ReturnType<typeof validate>) => result.errors.map((issue) => `${issue.path} ${issue.keyword}`);

describe('fuzz findings', () => {
  // A union without a discriminator whose members tie on errors and keys in common (every
  // success response has jsonrpc, id and result): the explainer took the first member and
  // reported "/result must be an object" for a push-config list with one bad URL. The member
  // whose first error is deepest is now reported.
  it('a2a JSONRPCResponse: a bad URL in a push-config list is reported at the URL', () => {
    const value = { jsonrpc: '2.0', id: 0, result: [{ taskId: 't', pushNotificationConfig: { url: 7 } }] };
    const result = validate('JSONRPCResponse', value, { variant: 'a2a' });
    expect(result.valid).toBe(false);
    expect(at(result)).toEqual(['/result/0/pushNotificationConfig/url type']);
  });

  it('aion JSONRPCResponse: a null in a list result is reported at the item', () => {
    const result = validate('JSONRPCResponse', { jsonrpc: '2.0', id: '', result: [null] }, { variant: 'aion' });
    expect(result.valid).toBe(false);
    expect(at(result)).toContain('/result/0 type');
    expect(at(result)).not.toContain('/result type');
  });
});
