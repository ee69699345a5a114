/** src/shell/redact.ts: secrets replaced in text and in values before they are serialized. */
import { describe, expect, it } from 'vitest';
import { MIN_SECRET, redactor, secretsOf } from '../../src/shell/redact.js';

describe('redactor', () => {
  it('replaces the value and the credential after its scheme word, the longest first', () => {
    const hide = redactor(secretsOf('Bearer abc"def\\ghi'));
    expect(hide.text('sent Bearer abc"def\\ghi, echoed abc"def\\ghi')).toBe('sent ***, echoed ***');
    // A value JSON would escape is found before the escaping: redact the value, then serialize.
    const value = { reason: 'got abc"def\\ghi back', list: ['x abc"def\\ghi'], n: 3, 'abc"def\\ghi': true };
    const shown = JSON.stringify(hide.value(value));
    expect(shown).toBe('{"reason":"got *** back","list":["x ***"],"n":3,"***":true}');
    expect(JSON.stringify(value)).toContain('abc\\"def');
  });

  it(`leaves values shorter than ${MIN_SECRET} characters out of the text search, and no values alone`, () => {
    const hide = redactor(['1', 'ab', 'long-one']);
    expect(hide.secrets).toEqual(['long-one']);
    expect(hide.text('1 passed, ab, long-one')).toBe('1 passed, ab, ***');
    const none = redactor([]);
    const value = { a: 'b' };
    expect(none.value(value)).toBe(value);
  });
});
