/**
 * The inspector's calls on gRPC (src/commands/inspect/agent-session.ts) against the real @a2a-js/sdk 1.x gRPC
 * service (test/fixtures/servers/sdk-agents.ts, `grpc: true`): the card's GRPC interface is offered as a binding;
 * send (blocking and streaming), get, cancel and subscribe go to `lf.a2a.v1.A2AService`, each exchange is shown
 * (its method, each message as ProtoJSON with its task's state) and judged as the proxy's gRPC side judges
 * (a wrong status and a stream without its final event are invalid), and the record holds the ProtoJSON as
 * JSON-RPC lines.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AgentSession, type ExchangeEvent, type Payload } from '../../../src/commands/inspect/agent-session.js';
import type { ExchangeReport } from '../../../src/commands/proxy/exchange.js';
import { validateMessage } from '../../../src/library/validate-message.js';
import { startSdkV1Agent, type GrpcFault } from '../../fixtures/servers/sdk-agents.js';

const dir = mkdtempSync(join(tmpdir(), 'bindu-inspect-grpc-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Seen {
  label: string;
  binding: string;
  payloads: Payload[];
  end?: Extract<ExchangeEvent, { type: 'end' }>;
}

async function session(faults: readonly GrpcFault[]) {
  const agent = await startSdkV1Agent({ grpc: true, grpcFaults: faults });
  const record = join(dir, `${faults.join('-') || 'clean'}.ndjson`);
  const seen = new Map<number, Seen>();
  const waiting = new Map<number, (report: ExchangeReport) => void>();
  const inspector = new AgentSession({
    target: agent.url,
    record,
    timeoutMs: 10_000,
    maxBytes: 1 << 20,
    onNote: () => undefined,
    onEvent: (event) => {
      if (event.type === 'start') seen.set(event.id, { label: event.label, binding: event.binding, payloads: [] });
      else if (event.type === 'payload') seen.get(event.id)!.payloads.push(event.payload);
      else {
        seen.get(event.id)!.end = event;
        waiting.get(event.id)?.(event.report);
      }
    },
  });
  await inspector.fetchCard();
  /** Makes a call on gRPC; resolves with what the page was shown once it ended. */
  const call = (request: Omit<Parameters<AgentSession['call']>[0], 'binding'>): Promise<Seen> => {
    const id = inspector.call({ ...request, binding: 'GRPC' });
    const shown = seen.get(id)!;
    return shown.end ? Promise.resolve(shown) : new Promise((resolve) => waiting.set(id, () => resolve(shown)));
  };
  const text = (words: string) => ({ parts: [{ kind: 'text' as const, text: words }] });
  return { agent, inspector, record, call, text, seen };
}

describe('inspect on gRPC, against the SDK 1.x gRPC service', () => {
  it('sends blocking and streaming, gets, cancels and subscribes; each exchange shown, valid, and recorded', async () => {
    const { agent, inspector, record, call, text } = await session([]);
    try {
      const grpcUrl = (agent.card as { supportedInterfaces: { url: string }[] }).supportedInterfaces.at(-1)!.url;
      expect(inspector.bindings().map((entry) => entry.binding)).toContain('GRPC');
      expect(inspector.bindings().find((entry) => entry.binding === 'GRPC')?.url).toBe(grpcUrl);

      const sent = await call({ action: 'send', message: text('hello over gRPC'), blocking: true });
      expect(sent.label).toBe('SendMessage (gRPC)');
      expect(sent.binding).toBe('GRPC');
      expect(sent.end?.report.verdict).toBe('valid');
      expect(sent.end?.status, JSON.stringify(sent.payloads)).toBe(0);
      const answer = sent.payloads.find((payload) => payload.part === 'answer')!;
      expect(answer).toMatchObject({ kind: 'task', state: 'completed', taskId: expect.any(String) });
      expect(JSON.parse(answer.text)).toHaveProperty('task.status.state', 'TASK_STATE_COMPLETED');
      const taskId = answer.taskId!;

      const streamed = await call({ action: 'stream', message: text('stream over gRPC') });
      expect(streamed.label).toBe('SendStreamingMessage (gRPC)');
      expect(streamed.end?.report.verdict).toBe('valid');
      expect(streamed.end?.report.events).toBe(streamed.payloads.length);
      expect(streamed.payloads.map((payload) => payload.part)[0]).toBe('event 1');
      expect(streamed.payloads.at(-1)?.state).toBe('completed');

      const got = await call({ action: 'get', taskId });
      expect(got.label).toBe('GetTask (gRPC)');
      expect(got.end?.report.verdict).toBe('valid');
      expect(got.payloads[0]).toMatchObject({ taskId, state: 'completed' });

      // A finished task cannot be canceled: an A2A error, under its §5.4 status with its ErrorInfo, judged valid.
      const canceled = await call({ action: 'cancel', taskId });
      expect(canceled.label).toBe('CancelTask (gRPC)');
      expect(canceled.end?.status).toBe(9); // FAILED_PRECONDITION
      expect(canceled.end?.report.verdict).toBe('valid');
      expect(canceled.payloads[0]).toMatchObject({ part: 'status', kind: 'error' });
      expect(JSON.parse(canceled.payloads[0]!.text)).toMatchObject({ code: -32002 });

      // Subscribing to a task kept running, then canceling it: the stream ends at the canceled task.
      const held = await call({ action: 'send', message: text('keep this task running'), blocking: false });
      const heldId = held.payloads[0]!.taskId!;
      const subscribed = call({ action: 'subscribe', taskId: heldId });
      const cancelHeld = await call({ action: 'cancel', taskId: heldId });
      expect(cancelHeld.end?.report.verdict).toBe('valid');
      const subscription = await subscribed;
      expect(subscription.label).toBe('SubscribeToTask (gRPC)');
      expect(subscription.end?.report.verdict).toBe('valid');
      expect(subscription.payloads.at(-1)?.state).toBe('canceled');
    } finally {
      inspector.close();
      await agent.close();
    }
    const lines = readFileSync(record, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, any>);
    const methods = new Set(lines.map((line) => line.method).filter(Boolean));
    for (const method of ['SendMessage', 'SendStreamingMessage', 'GetTask', 'CancelTask', 'SubscribeToTask'])
      expect(methods).toContain(method);
    expect(lines.find((line) => line.error)?.error.data[0]).toMatchObject({ reason: 'TASK_NOT_CANCELABLE' });
    for (const line of lines) expect(validateMessage(line, { variant: 'a2a-v1' }).valid).toBe(true);
  });

  it('an A2A error under another status and a stream without its final event are shown invalid', async () => {
    const { agent, inspector, call, text } = await session(['wrong-status', 'stream-no-final']);
    try {
      const got = await call({ action: 'get', taskId: 'no-such-task' });
      expect(got.end?.report.verdict).toBe('invalid');
      expect(
        got.end?.report.errors.map((error) => error.message),
        JSON.stringify(got),
      ).toContain('error -32001 (TASK_NOT_FOUND) came with gRPC status INTERNAL; A2A v1.0.1 §5.4 maps it to NOT_FOUND');
      const streamed = await call({ action: 'stream', message: text('stream over gRPC') });
      expect(streamed.end?.report.verdict).toBe('invalid');
      expect(streamed.end?.report.errors).toContainEqual(
        expect.objectContaining({ part: 'stream end', keyword: 'lifecycle', message: expect.stringMatching(/with no final event/) }),
      );
    } finally {
      inspector.close();
      await agent.close();
    }
  });
});
