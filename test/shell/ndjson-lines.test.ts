/**
 * The NDJSON splitter's regions (src/shell/ndjson-lines.ts) when a file's reads carry the line the last read ended in
 * to the start of the next buffer (`carryInto`, as `validate --ndjson` reads a file): the same lines, line numbers, byte
 * offsets and errors as pushing each read as it comes, for any read size.
 */
import { describe, expect, it } from 'vitest';
import { LineSplitter, decodeRegion } from '../../src/shell/ndjson-lines.js';

/** Every line and error, and each region checked against the input at its offset. */
function split(input: Buffer, readSize: number, maxBytes: number, carry: boolean): { events: string[]; regions: number } {
  const events: string[] = [];
  let regions = 0;
  const splitter = new LineSplitter(maxBytes, {
    region(bytes, first, offset) {
      regions++;
      // A region ends a line, and is the input's bytes at its offset (the last line's newline is added at the end).
      expect(bytes[bytes.length - 1]).toBe(0x0a);
      const body = offset + bytes.length > input.length ? bytes.subarray(0, -1) : bytes;
      expect(body.equals(input.subarray(offset, offset + body.length))).toBe(true);
      decodeRegion(bytes, first, offset, maxBytes, {
        line: (text, number) => events.push(`${number}:${text}`),
        lineError: (line, message) => events.push(`${line}! ${message}`),
      });
    },
    lineError: (line, message) => events.push(`${line}! ${message}`),
  });
  const buffer = Buffer.alloc(readSize);
  let at = 0;
  for (;;) {
    const carried = carry ? splitter.carryInto(buffer) : 0;
    const read = input.copy(buffer, carried, at, Math.min(at + readSize - carried, input.length));
    at += read;
    if (read === 0) {
      if (carried > 0) splitter.push(buffer.subarray(0, carried));
      break;
    }
    splitter.push(buffer.subarray(0, carried + read));
  }
  splitter.end();
  return { events, regions };
}

/** A log of short and long lines, CRLF, blank lines, bytes that are not UTF-8, a byte order mark, no final newline. */
function log(seed: number): Buffer {
  let state = seed;
  const random = (n: number) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % n;
  };
  const parts: Buffer[] = [Buffer.from('\uFEFF{"first":true}\n')];
  for (let i = 0; i < 300; i++) {
    const kind = random(10);
    if (kind === 0) parts.push(Buffer.from(`{"long":"${'x'.repeat(random(400))}"}\n`));
    else if (kind === 1) parts.push(Buffer.from(`{"crlf":${i}}\r\n`));
    else if (kind === 2) parts.push(Buffer.from('\n'));
    else if (kind === 3) parts.push(Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d, 0x0a]));
    else parts.push(Buffer.from(`{"id":${i},"text":"é${'y'.repeat(random(40))}"}\n`));
  }
  parts.push(Buffer.from('{"last":"no newline"}'));
  return Buffer.concat(parts);
}

describe('LineSplitter.carryInto', () => {
  it('gives the same lines, numbers, offsets and errors as reads pushed as they come, whatever the read size', () => {
    for (const seed of [1, 2, 3]) {
      const input = log(seed);
      for (const readSize of [16, 50, 97, 256, 1000, 4096]) {
        for (const maxBytes of [120, 1 << 20]) {
          const plain = split(input, readSize, maxBytes, false);
          const carried = split(input, readSize, maxBytes, true);
          expect(carried.events, `seed ${seed}, reads of ${readSize}, limit ${maxBytes}`).toEqual(plain.events);
          // Lines begun in one read are no longer regions of their own (except those too long to carry).
          if (readSize >= 256) expect(carried.regions).toBeLessThan(plain.regions);
        }
      }
      // Everything is there: a line too long for the limit is an error, the others are lines.
      const events = split(input, 97, 120, true).events;
      expect(events[0]).toBe('1:{"first":true}');
      expect(events.at(-1)).toMatch(/^\d+:\{"last":"no newline"\}$/);
      expect(events.some((event) => /! the line is longer than the limit of 120 bytes/.test(event))).toBe(true);
      expect(events.some((event) => /! not UTF-8: byte 0xFF/.test(event))).toBe(true);
    }
  });

  it('carries nothing when no line is begun, or the begun line is over half the buffer, or was too long and is skipped', () => {
    const sink = { region: () => undefined, lineError: () => undefined };
    const target = Buffer.alloc(10);

    const splitterAfter = (maxBytes: number, text: string) => {
      const splitter = new LineSplitter(maxBytes, sink);
      splitter.push(Buffer.from(text));
      return splitter;
    };
    expect(splitterAfter(100, '{}\n').carryInto(target)).toBe(0);
    expect(splitterAfter(100, '{"abcd').carryInto(target)).toBe(0);
    expect(splitterAfter(4, '{"abcdef').carryInto(target)).toBe(0);

    const some = splitterAfter(100, '{}\n{"a');
    expect(some.carryInto(target)).toBe(3);
    expect(target.subarray(0, 3).toString()).toBe('{"a');
    // Carried once: nothing is left to carry.
    expect(some.carryInto(target)).toBe(0);
  });
});
