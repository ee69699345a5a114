/**
 * The page's model of the exchanges (src/commands/inspect/app/exchanges.tsx) and of the message composed
 * (compose.tsx): events applied in order, each task's states in order, the parts a draft becomes.
 */
import { describe, expect, it } from 'vitest';
import type { ExchangeReport } from '../../../../src/commands/proxy/exchange.js';
import { messageSpec } from '../../../../src/commands/inspect/app/compose.js';
import { applyEvent, timelines, type ExchangeView } from '../../../../src/commands/inspect/app/exchanges.js';

const report = (seq: number): ExchangeReport => ({
  seq,
  method: 'm',
  verdict: 'valid',
  durationMs: 1,
  http: { method: 'POST', path: '/' },
  notes: [],
  errors: [],
  warnings: [],
});

describe('inspect page: exchanges and the composer', () => {
  it('applies start, payload and end events to their exchange; a task keeps its states in order, repeats once', () => {
    let list: ExchangeView[] = [];
    const http = { method: 'POST', url: 'http://a/' };
    list = applyEvent(list, { type: 'start', id: 1, label: 'SendStreamingMessage', binding: 'JSONRPC', http });
    list = applyEvent(list, { type: 'start', id: 2, label: 'GetTask', binding: 'JSONRPC', http });
    for (const [part, state] of [
      ['event 1', 'submitted'],
      ['event 2', 'working'],
      ['event 3', 'working'],
      ['event 4', 'completed'],
    ] as const)
      list = applyEvent(list, { type: 'payload', id: 1, payload: { part, text: '{}', taskId: 't1', contextId: 'c1', state } });
    list = applyEvent(list, { type: 'payload', id: 2, payload: { part: 'answer', text: '{}', taskId: 't1', state: 'completed' } });
    list = applyEvent(list, { type: 'end', id: 1, status: 200, report: report(1) });
    expect(list.map((view) => [view.id, view.payloads.length, view.end?.status])).toEqual([
      [1, 4, 200],
      [2, 1, undefined],
    ]);
    expect(timelines(list)).toEqual([
      {
        taskId: 't1',
        contextId: 'c1',
        states: [
          { state: 'submitted', exchange: 1, part: 'event 1' },
          { state: 'working', exchange: 1, part: 'event 2' },
          { state: 'completed', exchange: 1, part: 'event 4' },
        ],
      },
    ]);
  });

  it('a draft becomes the wire adapter’s message spec, or says what is wrong with it', () => {
    expect(
      messageSpec({
        parts: [
          { kind: 'text', text: 'hi' },
          { kind: 'text', text: '' },
          { kind: 'data', json: '{"a":1}' },
          { kind: 'file', name: 'f.txt', mediaType: 'text/plain', base64: 'aGk=' },
          { kind: 'file', name: 'g', mediaType: 'image/png', uri: 'https://x/g.png' },
        ],
        taskId: ' t1 ',
        contextId: '',
      }),
    ).toEqual({
      spec: {
        parts: [
          { text: 'hi' },
          { data: { a: 1 } },
          { fileBytes: { base64: 'aGk=', mediaType: 'text/plain', name: 'f.txt' } },
          { fileUri: { uri: 'https://x/g.png', mediaType: 'image/png', name: 'g' } },
        ],
        taskId: 't1',
      },
    });
    expect(messageSpec({ parts: [{ kind: 'data', json: '[1]' }], taskId: '', contextId: '' })).toEqual({
      problem: 'part 1 (data) is not a JSON object',
    });
    expect(messageSpec({ parts: [{ kind: 'data', json: '{' }], taskId: '', contextId: '' })).toEqual({
      problem: 'part 1 (data) is not JSON',
    });
    expect(messageSpec({ parts: [{ kind: 'text', text: '' }], taskId: '', contextId: '' }).problem).toMatch(/has no part/);
  });
});
