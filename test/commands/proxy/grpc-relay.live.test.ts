/**
 * The proxy's gRPC side (--grpc-listen, src/commands/proxy/grpc-relay.ts) between check-server and the
 * real @a2a-js/sdk 1.x gRPC service (test/fixtures/servers/sdk-agents.ts, `grpc: true`), and with gRPC
 * defects of ours: the card passed on names the proxy's gRPC address, every call is relayed and
 * judged, the record holds the ProtoJSON form as JSON-RPC lines that `validate --ndjson` reads.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkServer } from '../../../src/commands/check-server/scenario.js';
import type { ExchangeReport } from '../../../src/commands/proxy/exchange.js';
import { ProxyError, startProxy } from '../../../src/commands/proxy/server.js';
import { validateMessage } from '../../../src/library/validate-message.js';
import { startSdkV1Agent, type GrpcFault } from '../../fixtures/servers/sdk-agents.js';

const dir = mkdtempSync(join(tmpdir(), 'bindu-grpc-relay-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function throughProxy(faults: readonly GrpcFault[], only?: string[], specRevision?: '1.0.0') {
  const agent = await startSdkV1Agent({ grpc: true, grpcFaults: faults });
  const record = join(dir, `${faults.join('-') || 'clean'}.ndjson`);
  const reports: ExchangeReport[] = [];
  const proxy = await startProxy({
    target: agent.url,
    grpcListen: { host: '127.0.0.1', port: 0 },
    record,
    ...(specRevision ? { specRevision } : {}),
    onExchange: (report) => reports.push(report),
  });
  try {
    const report = await checkServer(proxy.url, {
      transport: 'grpc',
      probes: 'none',
      timeoutMs: 3_000,
      ...(only ? { only } : {}),
    });
    return { report, reports: reports.filter((r) => r.http.method === 'gRPC'), record, proxy, agent };
  } finally {
    await proxy.close();
    await agent.close();
  }
}

describe('proxy --grpc-listen in front of the SDK 1.x gRPC service', () => {
  it('relays every call (check-server passes through it), judges each valid, records ProtoJSON lines', async () => {
    const { report, reports, record, proxy, agent } = await throughProxy([]);
    expect(proxy.grpc?.address).toMatch(/^127\.0\.0\.1:\d+$/);
    // The card passed on named the proxy's gRPC side, so check-server talked to it.
    expect(report.grpcEndpoint).toBe(proxy.grpc!.address);
    expect(proxy.grpc!.target).toBe((agent.card as { supportedInterfaces: { url: string }[] }).supportedInterfaces.at(-1)!.url);
    expect(report.failed).toBe(0);
    expect(report.passed).toBeGreaterThanOrEqual(30);
    expect(reports.length).toBeGreaterThanOrEqual(40);
    expect(reports.filter((r) => r.verdict !== 'valid').map((r) => r.method)).toEqual([]);
    expect(new Set(reports.map((r) => r.method))).toContain('SendStreamingMessage (gRPC)');
    const lines = readFileSync(record, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, any>);
    const get = lines.find((line) => line.method === 'GetTask');
    expect(get?.params).toEqual({
      id: expect.any(String),
      ...(get?.params.historyLength !== undefined ? { historyLength: get.params.historyLength } : {}),
    });
    const notFound = lines.find((line) => line.error?.code === -32001);
    expect(notFound?.error.data[0]).toMatchObject({ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'TASK_NOT_FOUND' });
    // Each line is a JSON-RPC payload the validator judges like the JSON-RPC binding's.
    for (const line of lines.filter((l) => 'method' in l).slice(0, 20))
      expect(validateMessage(line, { variant: 'a2a-v1' }).valid).toBe(true);
  });

  it('an A2A error under another status and a stream without its final event are reported invalid', async () => {
    const { reports } = await throughProxy(['wrong-status', 'stream-no-final'], ['tasks.get-on-an-unknown-task', 'streaming.stream']);
    const invalid = reports.filter((r) => r.verdict === 'invalid');
    const get = invalid.find((r) => r.method === 'GetTask (gRPC)');
    expect(get?.errors.map((e) => e.message)).toContain(
      'error -32001 (TASK_NOT_FOUND) came with gRPC status INTERNAL; A2A v1.0.1 §5.4 maps it to NOT_FOUND',
    );
    const stream = invalid.find((r) => r.method === 'SendStreamingMessage (gRPC)');
    expect(stream?.errors).toContainEqual(
      expect.objectContaining({
        part: 'stream end',
        keyword: 'lifecycle',
        message: 'the stream closed after 3 events while the task was working, with no final event',
      }),
    );
  });

  it("--spec-revision 1.0.0: the status is judged by that revision's §5.4 table, and the reason names it", async () => {
    const { reports } = await throughProxy(['wrong-status'], ['tasks.get-on-an-unknown-task'], '1.0.0');
    const get = reports.find((r) => r.method === 'GetTask (gRPC)' && r.verdict === 'invalid');
    expect(get?.errors.map((e) => e.message)).toContain(
      'error -32001 (TASK_NOT_FOUND) came with gRPC status INTERNAL; A2A v1.0.0 §5.4 maps it to NOT_FOUND',
    );
  });

  it('--grpc-listen with a card that names no GRPC interface is a usage error', async () => {
    const agent = await startSdkV1Agent({});
    try {
      const started = startProxy({ target: agent.url, grpcListen: { host: '127.0.0.1', port: 0 } });
      await expect(started).rejects.toBeInstanceOf(ProxyError);
      await expect(started).rejects.toThrow(
        /--grpc-listen: no agent card at http:\/\/127\.0\.0\.1:\d+\/ names a GRPC interface to relay to/,
      );
    } finally {
      await agent.close();
    }
  });
});
