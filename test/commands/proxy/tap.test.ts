/**
 * The validating tap (src/commands/proxy/tap.ts) driven by hand, with no socket anywhere: the events a relay
 * would hand it (request copies, the answer's head, copies of the body cut at any byte, the end) give the same
 * reports the proxy prints. That the tap needs nothing else is the seam between it and the relay; the last
 * test reads it from the sources too (the tap opens no socket, the relay imports no check).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { ExchangeReport } from '../../../src/commands/proxy/exchange.js';
import { Recorder } from '../../../src/commands/proxy/record.js';
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

describe('judging left for the end of the turn (Tap.later)', () => {
  /** One step of the relay's calls: what it does to the exchange `n` it belongs to. */
  type Step = (listeners: ExchangeListener[], copies: AnswerCopy[], tap: Tap) => void;
  const send = (id: unknown) =>
    JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'message/send',
      params: { message: { kind: 'message', messageId: `m${String(id)}`, role: 'user', parts: [{ kind: 'text', text: 'hi' }] } },
    });
  const sse = (id: number, events: readonly unknown[]) => events.map((result) => event(id, result)).join('');

  /**
   * The relay's calls for 40 exchanges, each in its own order, interleaved as a seeded shuffle would (many exchanges
   * under way at once): valid streams and answers, ids repeated across exchanges (the record writes a request line
   * again before its answer), a stream that goes on after its final event, an answer with another id, a request that
   * is not JSON, an agent given up on, a client gone in the middle of an answer.
   */
  function script(): Step[][] {
    const exchanges: Step[][] = [];
    for (let n = 0; n < 40; n++) {
      const id = n % 4; // ids repeat: overlapping exchanges share them
      const steps: Step[] = [(listeners, _copies, tap) => void (listeners[n] = tap.open('POST', '/', 'application/json'))];
      const request = (text: string) => {
        const bytes = Buffer.from(text);
        steps.push((listeners) => listeners[n]!.requestData(bytes.subarray(0, 9)));
        steps.push((listeners) => listeners[n]!.requestData(bytes.subarray(9)));
        steps.push((listeners) => listeners[n]!.requestEnd());
      };
      const answer = (mediaType: string, body: string, cut = 11) => {
        steps.push((listeners, copies) => {
          const copy = listeners[n]!.answer(head(200, mediaType));
          if (copy === 'hold') throw new Error('not held');
          copies[n] = copy;
        });
        const bytes = Buffer.from(body);
        for (let at = 0; at < bytes.length; at += cut) steps.push((_listeners, copies) => copies[n]!.push(bytes.subarray(at, at + cut)));
        steps.push((_listeners, copies) => copies[n]!.end());
      };
      switch (n % 8) {
        case 0:
        case 1:
          request(stream(id, `stream ${n}`));
          answer('text/event-stream', sse(id, [task('submitted'), update('working', false), update('completed', true)]));
          break;
        case 2:
          request(stream(id, 'on after final'));
          answer('text/event-stream', sse(id, [task('submitted'), update('completed', true), update('working', false)]));
          break;
        case 3:
          request(send(id));
          answer('application/json', JSON.stringify({ jsonrpc: '2.0', id, result: task('completed') }));
          break;
        case 4:
          request(send(id));
          answer('application/json', JSON.stringify({ jsonrpc: '2.0', id: 99, result: task('completed') }));
          break;
        case 5:
          request('{"jsonrpc":"2.0","method":');
          answer('application/json', JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }));
          break;
        case 6:
          request(send(id));
          steps.push((listeners) => listeners[n]!.gaveUp('the agent did not answer within 5 ms', true));
          break;
        default:
          request(stream(id, 'cut'));
          answer('text/event-stream', sse(id, [task('submitted')]).slice(0, -1));
          steps.push((listeners) => listeners[n]!.transport('the answer was not validated to its end: the client went away', true));
      }
      steps.push((listeners) => listeners[n]!.end());
      exchanges.push(steps);
    }
    return exchanges;
  }

  /** The steps of all exchanges in one order: each exchange's own kept, the exchanges interleaved by a seeded draw. */
  function interleaved(exchanges: Step[][]): Step[] {
    let seed = 40;
    const draw = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % below;
    };
    const next = exchanges.map(() => 0);
    const order: Step[] = [];
    const live = exchanges.map((_, n) => n).slice(0, 12);
    let opened = live.length;
    while (live.length > 0) {
      const pick = draw(live.length);
      const n = live[pick]!;
      order.push(exchanges[n]![next[n]!++]!);
      if (next[n] === exchanges[n]!.length) {
        if (opened < exchanges.length) live[pick] = opened++;
        else live.splice(pick, 1);
      }
    }
    return order;
  }

  /** Runs the steps through a tap with --variant a2a and a record file; `each` after every step. */
  function run(dir: string, name: string, steps: readonly Step[], each: (tap: Tap) => void) {
    const reports: ExchangeReport[] = [];
    const file = join(dir, `${name}.ndjson`);
    const tap = new Tap(TARGET, '', {
      choice: requestedChoice('a2a'),
      recorder: new Recorder(file, () => undefined),
      batched: true,
      strict: false,
      maxBytes: 4096,
      say: () => undefined,
      onExchange: (report) => reports.push(report),
    });
    const listeners: ExchangeListener[] = [];
    const copies: AnswerCopy[] = [];
    for (const step of steps) {
      step(listeners, copies, tap);
      each(tap);
    }
    return { tap, reports, record: () => readFileSync(file, 'utf8') };
  }
  const withoutTime = (reports: readonly ExchangeReport[]) => reports.map(({ durationMs: _, ...rest }) => rest);

  it('forty exchanges interleaved: the record file and the reports are those of judging each call at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bindu-tap-'));
    try {
      const steps = interleaved(script());
      const atOnce = run(dir, 'at-once', steps, (tap) => tap.drain());
      const batched = run(dir, 'batched', steps, () => undefined);
      // Nothing was judged while the calls came (one turn of the event loop): all of it at the turn's end.
      expect(batched.reports).toEqual([]);
      await new Promise((resolve) => setImmediate(resolve));
      expect(batched.reports).toHaveLength(40);
      batched.tap.close();
      atOnce.tap.close();
      expect(batched.record()).toBe(atOnce.record());
      expect(withoutTime(batched.reports)).toEqual(withoutTime(atOnce.reports));
      expect(batched.tap.summary).toEqual(atOnce.tap.summary);
      // The script is not trivial: reports end in another order than they began, every verdict occurs, and the
      // record writes some request lines again (another exchange's request with the same id came between).
      const seqs = batched.reports.map((report) => report.seq);
      expect(seqs).not.toEqual([...seqs].sort((a, b) => a - b));
      expect(batched.tap.summary).toEqual({ exchanges: 40, invalid: 20, notValidated: 5 });
      const lines = batched.record().trimEnd().split('\n');
      const requests = lines.filter((line) => line.includes('"method"'));
      expect(requests.length).toBeGreaterThan(35);
      expect(new Set(requests).size).toBeLessThan(requests.length);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a fast stream is judged as it comes once the backlog holds more than 256 KiB: the proxy does not hold a turn of it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bindu-tap-'));
    try {
      const file = join(dir, 'stream.ndjson');
      const tap = new Tap(TARGET, '', {
        choice: requestedChoice('a2a'),
        recorder: new Recorder(file, () => undefined),
        batched: true,
        strict: false,
        maxBytes: 1 << 20,
        say: () => undefined,
        onExchange: () => undefined,
      });
      const listener = tap.open('POST', '/', 'application/json');
      listener.requestData(Buffer.from(stream(1, 'long')));
      listener.requestEnd();
      const copy = listener.answer(head(200, 'text/event-stream'));
      if (copy === 'hold') throw new Error('not held');
      const pad = 'x'.repeat(4096);
      const chunk = Buffer.from(
        event(1, {
          kind: 'artifact-update',
          taskId: 't1',
          contextId: 'c1',
          artifact: { artifactId: 'a', parts: [{ kind: 'text', text: pad }] },
        }),
      );
      const lines = () => readFileSync(file, 'utf8').split('\n').length - 1;
      for (let sent = 0; sent < 60; sent++) copy.push(chunk); // ~250 KiB: held for the end of the turn
      expect(lines()).toBe(0);
      for (let sent = 0; sent < 10; sent++) copy.push(chunk); // past 256 KiB: judged (and recorded) at once
      expect(lines()).toBeGreaterThan(60);
      tap.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  /** A tap judging in batches (--variant a2a, no record), each exchange's report handed to `onExchange`. */
  const batchedTap = (onExchange: (report: ExchangeReport) => void) =>
    new Tap(TARGET, '', {
      choice: requestedChoice('a2a'),
      recorder: undefined,
      batched: true,
      strict: false,
      maxBytes: 4096,
      say: () => undefined,
      onExchange,
    });

  it('a piece of judging that throws leaves the rest of its batch, in order, to the next turn', async () => {
    const reports: number[] = [];
    const tap = batchedTap((report) => {
      if (report.seq === 2 && !reports.includes(-2)) {
        reports.push(-2);
        throw new Error('a defect of the proxy');
      }
      reports.push(report.seq);
    });
    for (let id = 1; id <= 4; id++) {
      streamExchange(tap.open('POST', '/', 'application/json'), id, [event(id, task('submitted')), event(id, update('completed', true))]);
    }
    expect(reports).toEqual([]);
    expect(() => tap.drain()).toThrow('a defect of the proxy');
    expect(reports).toEqual([1, -2]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(reports).toEqual([1, -2, 3, 4]);
    expect(tap.summary.exchanges).toBe(4);
  });

  it('after a piece threw, the bytes it left to the next turn still count towards judging at once', () => {
    const tap = batchedTap(() => undefined);
    const done: string[] = [];
    const KIB = 1024;
    tap.later(() => {
      throw new Error('a defect of the proxy');
    }, 10 * KIB);
    tap.later(() => done.push('left'), 200 * KIB);
    expect(() => tap.drain()).toThrow('a defect of the proxy');
    expect(done).toEqual([]);
    // 200 KiB held and 100 more handed over: past the 256 KiB the backlog may hold, so judged at once.
    tap.later(() => done.push('more'), 100 * KIB);
    expect(done).toEqual(['left', 'more']);
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
