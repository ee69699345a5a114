/**
 * Group `envelope`: the JSON-RPC 2.0 envelope around every call. Each malformed request must get a
 * JSON-RPC error (InvalidRequest -32600 where the envelope is wrong, -32700 for text that is not
 * JSON, -32601 for a method that does not exist); a notification (no id) gets no answer, or an
 * InvalidRequest because A2A requests always carry an id; a batch gets an array of answers or an
 * InvalidRequest. The last step looks at the HTTP status and media type of every error answer.
 */
import { randomUUID } from 'node:crypto';
import { CODES, type Run } from '../run.js';
import { errorText, fail, isObject, snippet, type Json } from '../step-log.js';
import type { JsonRpcTransport } from '../jsonrpc-transport.js';
import { JSONRPC_BATCH, JSONRPC_FRACTION, JSONRPC_ID, JSONRPC_NOTIFICATION } from '../clauses.js';

/** Sends a hand-made body and expects one JSON-RPC error with `code` (and `id` as given). */
async function expectError(
  run: Run,
  rpc: JsonRpcTransport,
  body: string,
  expected: { code: number; name: string },
  id: unknown,
  note: (text: string) => void,
): Promise<void> {
  const response = await rpc.post(body, note);
  if (!('error' in response)) {
    const got = 'result' in response ? `a result (${run.describe(response.result)})` : snippet(JSON.stringify(response));
    fail(`expected error ${expected.code} (${expected.name}), got ${got}`);
  }
  const problems: string[] = [];
  const error = isObject(response.error) ? response.error : undefined;
  if (error?.code !== expected.code) problems.push(`expected error ${expected.code} (${expected.name}), got ${errorText(response.error)}`);
  const verdict = rpc.verdict(response, undefined);
  if (!verdict.valid) problems.push('the error response does not validate as a JSON-RPC error response');
  const idWrong = response.id !== id && !(id !== null && response.id === null);
  if (idWrong) problems.push(`the response id is ${JSON.stringify(response.id)}, expected ${JSON.stringify(id)}`);
  if (problems.length > 0) fail(problems.join('; '), `JSON-RPC 2.0 §5.1 (error ${expected.code})${idWrong ? `; ${JSONRPC_ID}` : ''}`);
}

export async function envelopeGroup(run: Run, rpc: JsonRpcTransport): Promise<void> {
  const get = () => run.methods.get;
  // A GetTask of a task that does not exist, with the interface's tenant as every request carries it.
  const params = () => rpc.tenanted(get(), run.adapter.getParams(run.taskKey('TaskQueryParams'), randomUUID()));
  const with_ = (fields: Json) => JSON.stringify({ jsonrpc: '2.0', id: 'envelope-probe', method: get(), params: params(), ...fields });

  await run.step('wrong jsonrpc version', async (note) => {
    run.needEndpoint();
    await expectError(run, rpc, with_({ jsonrpc: '1.0' }), CODES.invalidRequest, 'envelope-probe', note);
  });
  await run.step('missing method', async (note) => {
    run.needEndpoint();
    await expectError(
      run,
      rpc,
      JSON.stringify({ jsonrpc: '2.0', id: 'envelope-probe', params: params() }),
      CODES.invalidRequest,
      'envelope-probe',
      note,
    );
  });
  await run.step('method that is not a string', async (note) => {
    run.needEndpoint();
    await expectError(run, rpc, with_({ method: 42 }), CODES.invalidRequest, 'envelope-probe', note);
  });
  await run.step('id that is an object', async (note) => {
    run.needEndpoint();
    await expectError(run, rpc, with_({ id: { probe: 1 } }), CODES.invalidRequest, null, note);
  });
  await run.step('id with a fraction', async (note) => {
    run.needEndpoint();
    // JSON-RPC 2.0 §4: a client SHOULD NOT send a fractional id, and the server MUST echo the id it got
    // (A2A v0.3.0 §6.11.1). Answering the call with id 1.5, or InvalidRequest with id null, are both lawful.
    const response = await rpc.post(with_({ id: 1.5 }), note);
    const error = isObject(response.error) ? response.error : undefined;
    if (response.id === 1.5) {
      note(`answered the call itself with the id echoed (${error ? `error ${errorText(error)}` : 'a result'})`);
      return;
    }
    if (error?.code === CODES.invalidRequest.code && response.id === null) {
      note('answered InvalidRequestError with id null (A2A ids are strings or integers)');
      return;
    }
    fail(
      `the response id is ${JSON.stringify(response.id)}: expected 1.5 echoed, or InvalidRequestError (${CODES.invalidRequest.code}) with id null`,
      JSONRPC_FRACTION,
    );
  });
  await run.step('notification (no id)', async (note) => {
    run.needEndpoint();
    const body = JSON.stringify({ jsonrpc: '2.0', method: get(), params: params() });
    const answer = await rpc.rawPost(body);
    if (answer.text.trim() === '') {
      note(`no answer (HTTP ${answer.status}), as JSON-RPC says for a notification`);
      return;
    }
    const response = rpc.parseAnswer(answer, note);
    const error = isObject(response.error) ? response.error : undefined;
    if (error?.code === CODES.invalidRequest.code) {
      note('answered InvalidRequestError: A2A requests always carry an id');
      return;
    }
    const answered = `${error ? `error ${errorText(error)}` : 'a result'} with id ${JSON.stringify(response.id)}`;
    fail(
      `a request without id (a notification) was answered as a request: ${answered}; expected no answer or ${CODES.invalidRequest.code}`,
      JSONRPC_NOTIFICATION,
    );
  });
  await run.step('batch', async (note) => {
    run.needEndpoint();
    const ids = ['batch-1', 'batch-2'];
    const body = JSON.stringify(ids.map((id) => ({ jsonrpc: '2.0', id, method: get(), params: params() })));
    const answer = await rpc.rawPost(body);
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.text);
    } catch {
      fail(
        `the answer to a batch is not JSON (HTTP ${answer.status}, ${answer.contentType || 'no Content-Type'}): ${snippet(answer.text)}`,
      );
    }
    if (Array.isArray(parsed)) {
      const problems: string[] = [];
      if (parsed.length !== ids.length) problems.push(`${parsed.length} answers to ${ids.length} requests`);
      for (const entry of parsed) {
        if (!isObject(entry) || !ids.includes(String(entry.id)))
          problems.push(`an answer with id ${isObject(entry) ? JSON.stringify(entry.id) : '?'} that matches no request`);
        else if (!rpc.verdict(entry, get()).valid) problems.push(`the answer to ${String(entry.id)} does not validate`);
      }
      if (problems.length > 0) fail(problems.join('; '), JSONRPC_BATCH);
      note('answered the batch with an array of responses');
      return;
    }
    const response = rpc.parseAnswer(answer, note);
    const error = isObject(response.error) ? response.error : undefined;
    if (error?.code !== CODES.invalidRequest.code) {
      const { code, name } = CODES.invalidRequest;
      fail(`expected an array of responses or error ${code} (${name}), got ${error ? errorText(error) : 'a result'}`, JSONRPC_BATCH);
    }
    note('answered InvalidRequestError: batches are not supported');
  });
  await run.step('malformed JSON', async (note) => {
    run.needEndpoint();
    const response = await rpc.post(`{"jsonrpc": "2.0", "id": 1, "method": "${get()}", "params": {`, note);
    rpc.judge(undefined, response, CODES.parse, []);
  });
  await run.step('unknown method', async (note) => {
    run.needEndpoint();
    await run.call('bindu-protocol/no-such-method', {}, CODES.methodNotFound, note, { selfCheck: false });
  });
  await run.step('HTTP status and content type of error answers', async (note) => {
    run.needEndpoint();
    if (run.errorsSeen.length === 0) fail('no error answer was seen to look at');
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    for (const seen of run.errorsSeen) {
      statuses.set(seen.httpStatus, (statuses.get(seen.httpStatus) ?? 0) + 1);
      if (seen.contentType !== 'application/json')
        problems.push(`the ${seen.step} error came as ${seen.contentType || 'no Content-Type'}, not application/json`);
      if (seen.httpStatus >= 300 || seen.httpStatus < 200)
        note(`the ${seen.step} error came with HTTP ${seen.httpStatus} (JSON-RPC over HTTP answers errors with 200)`);
    }
    note(`${run.errorsSeen.length} error answers: ${[...statuses].map(([status, n]) => `HTTP ${status} ×${n}`).join(', ')}`);
    if (problems.length > 0) fail([...new Set(problems)].join('; '));
  });
}
