/**
 * A JSON-RPC traffic log of the a2a variant for the Spark recipe's test (test/python/spark.slow.test.ts): the
 * conformance suite's valid requests and responses, each response paired by id with an earlier request (the right
 * method's, or another's), and around them what a recorded log also holds: invalid requests and responses, responses
 * to no request, ids reused, ids "5" and 5, unknown methods, batches, malformed JSON, blank and white-space lines,
 * CRLF endings, duplicate keys, lone surrogates, numbers beyond a double and a line that is not UTF-8.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

interface Case {
  readonly id: string;
  readonly valid: boolean;
  readonly data?: unknown;
}

type Json = Record<string, unknown>;

/** Each method's valid requests and responses (success and error) from conformance/a2a/methods/. */
function methods(root: string): { requests: Json[]; responses: Json[] }[] {
  const dir = join(root, 'conformance', 'a2a', 'methods');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const cases = (JSON.parse(readFileSync(join(dir, file), 'utf8')) as { tests: Case[] }[]).flatMap((group) => group.tests);
      const valid = cases.filter((test) => test.valid && test.data !== undefined);
      return {
        requests: valid.filter((test) => test.id.startsWith('request-')).map((test) => test.data as Json),
        responses: valid.filter((test) => /^(response|error)-/.test(test.id)).map((test) => test.data as Json),
      };
    })
    .filter((method) => method.requests.length > 0 && method.responses.length > 0);
}

/** A log of about `count` lines (deterministic). */
export function trafficLog(root: string, count: number): Buffer {
  const all = methods(root);
  const lines: Buffer[] = [];
  const line = (value: unknown, end = '\n') =>
    lines.push(Buffer.from(`${typeof value === 'string' ? value : JSON.stringify(value)}${end}`));
  // Requests not answered yet: their id and the index of their method.
  const open: { id: string | number; method: number }[] = [];
  for (let i = 0; lines.length < count; i++) {
    const method = all[i % all.length]!;
    const kind = i % 20;
    // Which variant of its kind a line is: the rounds of twenty lines take each in turn.
    const round = Math.floor(i / 20);
    if (kind <= 5 || kind === 18) {
      // A request; one in nine with a string id, one in seven reusing id 5 (a later response pairs with the latest).
      const id = i % 9 === 0 ? `req-${i}` : i % 7 === 0 ? 5 : i;
      line({ ...method.requests[i % method.requests.length]!, id }, kind === 18 ? '\r\n' : '\n');
      open.push({ id, method: i % all.length });
    } else if (kind <= 11 && open.length > 0) {
      // A response to an open request: its own method's (valid), or now and then another method's (paired, invalid).
      const { id, method: index } = open.splice(i % 3 === 0 ? 0 : open.length - 1, 1)[0]!;
      const answering = i % 11 === 0 ? all[(index + 1) % all.length]! : all[index]!;
      line({ ...answering.responses[i % answering.responses.length]!, id });
    } else if (kind === 12) {
      // A response to no request (a warning), and one with id "5" where a request had 5.
      line({ ...method.responses[i % method.responses.length]!, id: i % 40 === 12 ? '5' : 9_000_000 + i });
    } else if (kind === 13) {
      // Invalid requests: no params, a misspelt method, a wrong type in params.
      const request = method.requests[0]!;
      if (i % 3 === 0) line({ jsonrpc: '2.0', id: i, method: request.method });
      else if (i % 3 === 1) line({ ...request, id: i, method: `${String(request.method)}s` });
      else line({ ...request, id: i, params: { ...(request.params as Json), id: 42, message: 'hello' } });
    } else if (kind === 14) {
      // An invalid success response: its request's method is known, the result is not what it returns.
      line({ ...method.requests[0]!, id: `bad-${i}` });
      line({ jsonrpc: '2.0', id: `bad-${i}`, result: { id: 'task-1', status: { state: 'done' } } });
    } else if (kind === 15) {
      const text = JSON.stringify({ ...method.requests[0]!, id: i });
      const broken = [text.slice(0, text.length - 7), '{"jsonrpc":"2.0","id":NaN}', '{"a":}', `${text} x`, "{'single':1}"];
      line(broken[round % broken.length]!);
    } else if (kind === 16) {
      line(['', '   ', '\t', ' \r'][round % 4]!);
    } else if (kind === 17) {
      const request = JSON.stringify({ ...method.requests[0]!, id: i });
      const odd = [
        request.replace('"jsonrpc":"2.0"', '"jsonrpc":"2.0","jsonrpc":"2.0"'),
        request.replace('"jsonrpc":"2.0"', '"jsonrpc":"2.0","x":1e400'),
        request.replace('"jsonrpc":"2.0"', '"jsonrpc":"2.0","note":"\\ud800"'),
        `[${request},${JSON.stringify({ jsonrpc: '2.0', id: i, result: null })}]`,
        '[]',
        '42',
      ];
      line(odd[round % odd.length]!);
    } else if (kind === 19) {
      if (i % 100 === 19)
        lines.push(
          Buffer.concat([
            Buffer.from('{"jsonrpc":"2.0","id":1,"method":"tasks/get","params":{"id":"'),
            Buffer.from([0xc3, 0x28]),
            Buffer.from('"}}\n'),
          ]),
        );
      else {
        // A request of a method the variant does not have, and its response.
        line({ jsonrpc: '2.0', id: `u-${i}`, method: 'tasks/frobnicate', params: {} });
        line({ jsonrpc: '2.0', id: `u-${i}`, result: {} });
      }
    }
  }
  return Buffer.concat(lines);
}
