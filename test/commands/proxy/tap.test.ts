/**
 * The validating tap (src/commands/proxy/tap.ts) driven by hand, with no socket anywhere: the events a relay
 * would hand it (request copies, the answer's head, copies of the body cut at any byte, the end) give the same
 * reports the proxy prints. That the tap needs nothing else is the seam between it and the relay; the last
 * test reads it from the sources too (the tap opens no socket, the relay imports no check).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { ExchangeReport } from '../../../src/commands/proxy/exchange.js';
import type { AnswerCopy, AnswerHead, ExchangeListener } from '../../../src/commands/proxy/relay.js';
import { Tap } from '../../../src/commands/proxy/tap.js';
import { requestedChoice } from '../../../src/commands/proxy/variant.js';
import { ROOT } from '../../helpers.js';

const TARGET = new URL('http://127.0.0.1:9/');

function session(variant?: string) {
  const reports: ExchangeReport[] = [];
  const notes: string[] = [];
  const tap = new Tap(TARGET, '', {
    choice: variant === undefined ? undefined : requestedChoice(variant),
    recorder: undefined,
    strict: false,
    maxBytes: 4096,
    say: (text) => notes.push(text),
    onExchange: (report) => reports.push(report),
  });
  return { tap, reports, notes };
}

const head = (status: number, mediaType: string, encoding = '', decodable = false): AnswerHead => ({
  status,
  mediaType,
  encoding,
  decodable,
});
const task = (state: string) => ({ kind: 'task', id: 't1', contextId: 'c1', status: { state } });
const update = (state: string, final: boolean) => ({ kind: 'status-update', taskId: 't1', contextId: 'c1', status: { state }, final });
const stream = (id: number, text: string) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'message/stream',
    params: { message: { kind: 'message', messageId: `m${id}`, role: 'user', parts: [{ kind: 'text', text }] } },
  });
const event = (id: number, result: unknown) => `data: ${JSON.stringify({ jsonrpc: '2.0', id, result })}\n\n`;

/** Hands `bytes` over in pieces of `size` bytes, as a relay might (events and characters cut anywhere). */
function pushInPieces(copy: AnswerCopy, bytes: Buffer, size: number): void {
  for (let at = 0; at < bytes.length; at += size) copy.push(bytes.subarray(at, at + size));
}

/** One JSON-RPC stream exchange: the request in two pieces, then the answer's events in 7-byte pieces. */
function streamExchange(listener: ExchangeListener, id: number, events: readonly string[]): void {
  const request = Buffer.from(stream(id, 'hi'));
  listener.requestData(request.subarray(0, 10));
  listener.requestData(request.subarray(10));
  listener.requestEnd();
  const copy = listener.answer(head(200, 'text/event-stream'));
  if (copy === 'hold') throw new Error('a stream is not held');
  pushInPieces(copy, Buffer.from(events.join('')), 7);
  copy.end();
  listener.end();
}

describe('the tap, fed by hand', () => {
  it('a stream cut at every seventh byte: each event judged, in order, against the lifecycle', () => {
    const { tap, reports } = session('a2a');
    streamExchange(tap.open('POST', '/', 'application/json'), 1, [event(1, task('submitted')), event(1, update('completed', true))]);
    const afterFinal = [event(2, task('submitted')), event(2, update('completed', true)), event(2, update('working', false))];
    streamExchange(tap.open('POST', '/', 'application/json'), 2, afterFinal);
    expect(reports.map((r) => [r.seq, r.method, r.verdict, r.events])).toEqual([
      [1, 'message/stream', 'valid', 2],
      [2, 'message/stream', 'invalid', 3],
    ]);
    expect(reports[1]!.errors.map((e) => [e.part, e.keyword])).toEqual([['event 3', 'lifecycle']]);
    expect(tap.summary).toEqual({ exchanges: 2, invalid: 1, notValidated: 0 });
  });

  it('with no --variant, the first request chooses the plain variant of its wire (and says so); an answer that is not JSON is an error at the root', () => {
    const { tap, reports, notes } = session();
    const listener = tap.open('POST', '/', 'application/json');
    listener.requestData(Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'message/send', params: {} })));
    listener.requestEnd();
    const copy = listener.answer(head(200, 'application/json'));
    if (copy === 'hold') throw new Error('a JSON-RPC answer is not held');
    expect(copy.decoded).toBe(false);
    copy.push(Buffer.from('{"jsonrpc":"2.0",'));
    copy.end();
    listener.end();
    expect(tap.choice?.variant).toBe('a2a');
    expect(notes).toEqual([expect.stringContaining('the first request\'s method "message/send"')]);
    expect(reports[0]!.errors.map((e) => [e.part, e.path, e.keyword])).toContainEqual(['answer', '', 'json']);
  });

  it('a request that names no method chooses nothing; the next one chooses its wire (v1.0 here)', () => {
    const { tap, reports, notes } = session();
    const exchange = (body: unknown) => {
      const listener = tap.open('POST', '/', 'application/json');
      listener.requestData(Buffer.from(JSON.stringify(body)));
      listener.requestEnd();
      listener.end();
    };
    exchange({ jsonrpc: '2.0', id: 1 });
    expect(reports[0]!.verdict).toBe('invalid');
    expect(tap.choice).toBeUndefined();
    expect(notes).toEqual([]);
    exchange({ jsonrpc: '2.0', id: 2, method: 'GetTask', params: { id: 't1' } });
    expect(tap.choice).toMatchObject({ wire: 'v1.0', variant: 'a2a-v1', fromTraffic: true });
    expect(notes).toEqual([expect.stringMatching(/^variant a2a-v1: no agent card seen, and the first request's method "GetTask"/)]);
  });

  it('an agent card is asked to be held, validated whole, and handed back to be rewritten; the card chooses the variant', () => {
    const { tap, reports, notes } = session();
    const listener = tap.open('GET', '/.well-known/agent-card.json', '');
    expect(listener.answer(head(200, 'application/json'))).toBe('hold');
    // The v1.0 card of the conformance suite that declares the aion extension.
    const text = readFileSync(join(ROOT, 'conformance/a2a-v1/types/AgentCard.json'), 'utf8');
    const fixture = JSON.parse(text) as { tests: { id: string; data: unknown }[] }[];
    const card = fixture[0]!.tests.find((test) => test.id === 'full')!.data as Record<string, unknown>;
    expect(listener.held(Buffer.from(JSON.stringify(card)))).toEqual({ card });
    listener.end();
    expect(reports[0]).toMatchObject({ method: 'agent card', verdict: 'valid', http: { status: 200 } });
    expect(tap.choice?.variant).toBe('aion');
    expect(notes[0]).toMatch(/from the agent card that passed through/);
    const broken = tap.open('GET', '/.well-known/agent-card.json', '');
    expect(broken.answer(head(200, 'application/json'))).toBe('hold');
    expect(broken.held(Buffer.from(JSON.stringify({ ...card, name: 42 })))).toBeDefined();
    broken.end();
    expect(reports[1]!.errors.map((e) => [e.part, e.path])).toEqual([['card', '/name']]);

    // Not held: a HEAD, a 404, a compressed card; over the cap, the card is reported not validated.
    expect(tap.open('HEAD', '/.well-known/agent-card.json', '').answer(head(200, 'application/json'))).not.toBe('hold');
    expect(tap.open('GET', '/.well-known/agent.json', '').answer(head(404, 'text/plain'))).not.toBe('hold');
    const zipped = tap.open('GET', '/.well-known/agent-card.json', '');
    expect(zipped.answer(head(200, 'application/json', 'gzip', true))).toMatchObject({ decoded: false });
    zipped.end();
    const big = tap.open('GET', '/.well-known/agent-card.json', '');
    expect(big.answer(head(200, 'application/json'))).toBe('hold');
    expect(big.held(undefined)).toBeUndefined();
    big.end();
    expect(reports.slice(2).map((r) => [r.verdict, r.notes])).toEqual([
      ['not validated', ['the agent card is gzip-encoded: passed on unchanged (its URLs not rewritten), not validated']],
      ['not validated', ['the agent card (over 4096 bytes) was passed on unchanged and not validated']],
    ]);
  });

  it('an encoded answer is asked for decoded when the relay can decode it; else it is reported not validated', () => {
    const { tap, reports } = session('a2a');
    const send = JSON.stringify({
      jsonrpc: '2.0',
      id: 3,
      method: 'message/send',
      params: { message: { kind: 'message', messageId: 'm3', role: 'user', parts: [{ kind: 'text', text: 'hi' }] } },
    });
    const answer = Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 3, result: task('completed') }));
    for (const [encoding, decodable] of [
      ['gzip', true],
      ['compress', false],
    ] as const) {
      const listener = tap.open('POST', '/', 'application/json');
      listener.requestData(Buffer.from(send));
      listener.requestEnd();
      const copy = listener.answer(head(200, 'application/json', encoding, decodable));
      if (copy === 'hold') throw new Error('not held');
      expect(copy.decoded).toBe(decodable);
      if (copy.decoded) pushInPieces(copy, answer, 5);
      copy.end();
      listener.end();
    }
    expect(reports.map((r) => [r.verdict, r.notes])).toEqual([
      ['valid', []],
      ['not validated', ['the answer is compress-encoded, which the proxy cannot decode: forwarded, not validated']],
    ]);
    // A body that breaks its decoder is an error of the answer.
    const listener = tap.open('POST', '/', 'application/json');
    listener.requestData(Buffer.from(send));
    listener.requestEnd();
    const copy = listener.answer(head(200, 'application/json', 'gzip', true));
    if (copy === 'hold') throw new Error('not held');
    copy.push(gzipSync(answer).subarray(0, 4));
    copy.undecodable('the gzip body cannot be decoded (Z_BUF_ERROR)');
    copy.end();
    listener.end();
    const message = 'is broken: the gzip body cannot be decoded (Z_BUF_ERROR)';
    expect(reports[2]!.errors).toEqual([expect.objectContaining({ part: 'answer', keyword: 'encoding', message })]);
  });

  it('what the relay says of the transport lands in the report: a 502, a cut, the proxy stopping', () => {
    const { tap, reports, notes } = session('a2a');
    const first = tap.open('POST', '/', 'application/json');
    first.gaveUp('the agent did not answer within 5 ms', true);
    first.end();
    const second = tap.open('POST', '/', 'application/json');
    second.transport('the proxy stopped before the exchange ended', true);
    second.end();
    expect(reports.map((r) => [r.verdict, r.http.status, r.notes])).toEqual([
      ['not validated', 502, ['the agent did not answer within 5 ms']],
      ['not validated', undefined, ['the proxy stopped before the exchange ended']],
    ]);
    expect(notes).toEqual(['exchange 1 (POST /): the agent did not answer within 5 ms; answered 502']);
  });
});

describe('the seam, read from the sources', () => {
  const imports = (file: string) => {
    const source = ts.createSourceFile(file, readFileSync(join(ROOT, 'src/commands/proxy', file), 'utf8'), ts.ScriptTarget.Latest, true);
    return source.statements.filter(ts.isImportDeclaration).map((node) => ({
      from: (node.moduleSpecifier as ts.StringLiteral).text,
      typeOnly: node.importClause?.isTypeOnly === true,
    }));
  };

  it('the tap takes only types from the relay and opens no socket; the relay imports no check', () => {
    const tap = imports('tap.ts');
    expect(tap.filter((entry) => entry.from.startsWith('node:'))).toEqual([]);
    expect(tap.filter((entry) => entry.from === './relay.js')).toEqual([{ from: './relay.js', typeOnly: true }]);
    const relay = imports('relay.ts').map((entry) => entry.from);
    expect(relay).toContain('node:http');
    for (const from of relay) expect(from).not.toMatch(/check|rest-exchange|tap|record|library|engine/);
  });
});
