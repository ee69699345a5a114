/**
 * The proxy judging v1.0 A2A errors (SPEC-NOTES P-5, A2A v1.0.1 §9.5): an agent of ours on 127.0.0.1
 * answers GetTask with -32001, with or without the google.rpc.ErrorInfo; without it (or with one of
 * another reason) the answer is valid with a warning at /error or /error/data (a SHOULD since v1.0.1)
 * whose message and hint name the fix; a detail without `@type` is an error (a MUST).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExchangeReport } from '../../../src/commands/proxy/exchange.js';
import { startRawAgent } from '../../fixtures/servers/proxy-agents.js';
import { reportedProxy, type ReportedProxy } from '../../fixtures/reported-proxy.js';

const INFO = { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'TASK_NOT_FOUND', domain: 'a2a-protocol.org' };
const FIX =
  'add {"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"} to error.data, so clients can tell the error by its reason';

describe('the proxy on v1.0 A2A errors without their ErrorInfo (v1.0.1 §9.5 SHOULD)', () => {
  let agent: Awaited<ReturnType<typeof startRawAgent>>;
  let run: ReportedProxy;
  let data: unknown;
  const ask = async (): Promise<ExchangeReport> => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'GetTask', params: { id: 'no-such-task' } });
    const answer = await fetch(run.proxy.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
      body,
    });
    await answer.text();
    return run.nextOf('GetTask');
  };

  beforeAll(async () => {
    agent = await startRawAgent((_req, res) => {
      const error = data === undefined ? { code: -32001, message: 'Task not found' } : { code: -32001, message: 'Task not found', data };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: 7, error }));
    });
    run = await reportedProxy({ target: agent.url, variant: 'a2a-v1' });
  });
  afterAll(async () => {
    await run.proxy.close();
    await agent.close();
  });

  it('with the ErrorInfo the answer is valid', async () => {
    data = [INFO];
    const report = await ask();
    expect(report.verdict).toBe('valid');
    expect(report.errors).toEqual([]);
  });

  it('without error.data: valid, with a warning at /error naming the ErrorInfo to add and §9.5', async () => {
    data = undefined;
    const report = await ask();
    expect(report.verdict).toBe('valid');
    expect(report.errors).toEqual([]);
    expect(report.warnings).toEqual([
      expect.objectContaining({
        part: 'answer',
        path: '/error',
        keyword: 'errorInfo',
        message: expect.stringMatching(
          /google\.rpc\.ErrorInfo with reason TASK_NOT_FOUND and domain a2a-protocol\.org, which A2A v1\.0\.1 §9\.5 /,
        ),
        hint: FIX,
      }),
    ]);
  });

  it('an ErrorInfo of another reason, or only other details: valid, with the warning at /error/data', async () => {
    for (const details of [[{ ...INFO, reason: 'TASK_NOT_CANCELABLE' }], [{ '@type': 'type.example.com/acme.Trace' }]]) {
      data = details;
      const report = await ask();
      expect(report.verdict).toBe('valid');
      expect(report.warnings).toEqual([expect.objectContaining({ part: 'answer', path: '/error/data', keyword: 'errorInfo', hint: FIX })]);
    }
  });

  it('a detail without @type is invalid (v1.0.1 §9.5 MUST)', async () => {
    data = [{ reason: 'TASK_NOT_FOUND', domain: 'a2a-protocol.org' }];
    const report = await ask();
    expect(report.verdict).toBe('invalid');
    expect(report.errors).toEqual([expect.objectContaining({ part: 'answer', path: '/error/data/0', keyword: 'required' })]);
  });
});
