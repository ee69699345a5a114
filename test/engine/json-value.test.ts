/**
 * The JSON value helpers a verdict reads (src/engine/json-value.ts): where a closed validator failed, as a generated
 * explainer is told it, and which names every object has through its prototype.
 */
import { describe, expect, it } from 'vitest';
import { FailurePoint, isPrototypeName } from '../../src/engine/json-value.js';

describe('FailurePoint', () => {
  const read = (pointer: string | undefined) => {
    const { member, item } = new FailurePoint().read(pointer);
    return { member, item };
  };

  it('reads the member and the array index after it', () => {
    expect(read('/skills/3/tags/0')).toEqual({ member: 'skills', item: 3 });
    expect(read('/skills/0')).toEqual({ member: 'skills', item: 0 });
    expect(read('/name')).toEqual({ member: 'name', item: undefined });
  });

  it('reads no member at the root, and no item where the next token is not an array index', () => {
    expect(read('')).toEqual({ member: undefined, item: undefined });
    expect(read(undefined)).toEqual({ member: undefined, item: undefined });
    expect(read('/securitySchemes/oauth')).toEqual({ member: 'securitySchemes', item: undefined });
    // RFC 6901: an index has no leading zero and no sign; "-" is past the end, not an item.
    for (const token of ['01', '-1', '-', '1.5', '', '1e3', '9999999999999999'])
      expect(read(`/skills/${token}`).item, token).toBeUndefined();
  });

  it('unescapes the member (~1 is "/", ~0 is "~")', () => {
    expect(read('/a~1b~0c/2')).toEqual({ member: 'a/b~c', item: 2 });
  });

  it('reads each new pointer, and keeps the last one', () => {
    const point = new FailurePoint();
    expect(point.read('/skills/1').item).toBe(1);
    const member = point.member;
    expect(point.read('/skills/1').member).toBe(member);
    expect(point.read('/history').item).toBeUndefined();
    expect(point.read('/skills/2')).toMatchObject({ member: 'skills', item: 2 });
    expect(point.read('')).toMatchObject({ member: undefined, item: undefined });
  });
});

describe('isPrototypeName', () => {
  it("is true for Object.prototype's names and __proto__, false for others", () => {
    for (const name of ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__', 'isPrototypeOf'])
      expect(isPrototypeName(name), name).toBe(true);
    for (const name of ['id', 'prototype', 'kind', '', 'skills']) expect(isPrototypeName(name), name).toBe(false);
  });
});
