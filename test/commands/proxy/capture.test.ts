/**
 * The stream copy (src/commands/proxy/capture.ts `SseCapture`) decodes a chunk that is whole UTF-8 by itself
 * without a decoder of its own: the events must be the ones a streaming TextDecoder over the same chunks gives,
 * whatever the cuts (a character split between chunks, bytes that are not UTF-8, a BOM at the start).
 */
import { describe, expect, it } from 'vitest';
import { SseCapture } from '../../../src/commands/proxy/capture.js';
import { SseParser, type SseEvent } from '../../../src/live/sse.js';

/** The events of `chunks` as one streaming TextDecoder and the parser read them (what the copy did before). */
function reference(chunks: readonly Buffer[]): SseEvent[] {
  const decoder = new TextDecoder();
  const parser = new SseParser();
  const events = chunks.flatMap((chunk) => parser.feed(decoder.decode(chunk, { stream: true })));
  return [...events, ...parser.feed(decoder.decode()), ...parser.end()];
}

function captured(chunks: readonly Buffer[]): SseEvent[] {
  const capture = new SseCapture(1 << 20);
  return [...chunks.flatMap((chunk) => capture.push(chunk)), ...capture.end()];
}

/** `bytes` cut before each offset of `at`. */
const cut = (bytes: Buffer, at: readonly number[]): Buffer[] =>
  [0, ...at, bytes.length].slice(1).map((end, i) => bytes.subarray([0, ...at][i], end));

describe('SseCapture', () => {
  const text = 'data: {"text":"€ 1.08M — ✓ 😀"}\n\nevent: x\ndata: é\n\n';
  const bytes = Buffer.from(text, 'utf8');

  it('gives the events a streaming decoder gives, at every cut of a stream with multi-byte characters', () => {
    const whole = reference([bytes]);
    expect(whole.map((event) => event.data)).toEqual(['{"text":"€ 1.08M — ✓ 😀"}', 'é']);
    for (let at = 1; at < bytes.length; at++) expect(captured(cut(bytes, [at])), `cut at ${at}`).toEqual(whole);
    for (let at = 1; at + 3 < bytes.length; at += 3)
      expect(captured(cut(bytes, [at, at + 1, at + 3]))).toEqual(reference(cut(bytes, [at, at + 1, at + 3])));
  });

  it('replaces bytes that are not UTF-8 as the decoder does, in any chunk', () => {
    const broken = Buffer.concat([Buffer.from('data: a'), Buffer.from([0xff, 0xe2, 0x82]), Buffer.from('b\n\ndata: c\n\n')]);
    for (let at = 1; at < broken.length; at++) expect(captured(cut(broken, [at])), `cut at ${at}`).toEqual(reference(cut(broken, [at])));
    expect(captured([broken])[0]!.data).toBe(reference([broken])[0]!.data);
  });

  it('drops one BOM at the start of the stream, as the decoder does, and keeps a second', () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    for (const stream of [Buffer.concat([bom, bytes]), Buffer.concat([bom, bom, bytes])]) {
      expect(captured([stream])).toEqual(reference([stream]));
      expect(captured(cut(stream, [2]))).toEqual(reference(cut(stream, [2])));
    }
  });
});
