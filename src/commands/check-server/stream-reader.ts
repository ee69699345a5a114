/**
 * The one event loop of check-server's streams, for every binding: sends the transport's streaming
 * request, and reads the answer to its end or a bound. A plain answer (no stream) is handed back
 * as the binding reads it; each event must be JSON, is read by the binding (a result or an error,
 * with its own problems), and every result must keep the task lifecycle (StreamSequence).
 *
 * Bounds: `timeoutMs` until the headers (and for a plain body until it is read), then between
 * two chunks; the body up to `maxBytes`, at most MAX_STREAM_EVENTS events; the run's deadline.
 */
import {
  describeBodyError,
  describeFetchError,
  HttpError,
  readBody,
  send,
  type BodyProgress,
  type HttpResponse,
} from '../../live/http-client.js';
import { readEvents } from '../../live/sse.js';
import { StreamSequence } from '../../live/stream-lifecycle.js';
import { GrpcFailure } from '../../live/grpc-target.js';
import { errorText, fail, formatErrors, isObject, snippet } from './step-log.js';
import { GrpcTransport } from './grpc-transport.js';
import { grpcError, grpcStatusProblems, statusText } from '../../live/grpc-status.js';
import { TRANSPORT_TITLES, type PlainAnswer, type StreamOutcome, type Transport, type TransportContext } from './transport.js';

/** The most events read from one stream. */
export const MAX_STREAM_EVENTS = 10_000;

export interface StreamOptions {
  /** Runs after each success event (for example to cancel the task in the middle of its stream). */
  readonly onEvent?: (result: unknown, index: number) => Promise<void>;
  /** The JSON-RPC request, when it was built by hand. */
  readonly request?: Record<string, unknown>;
  /** Stop after this many success events and close the connection: a subscriber that goes away. */
  readonly stopAfter?: number;
  /** false: the request is sent as it is, not checked first against the method's params (a probe; gRPC). */
  readonly selfCheck?: boolean;
}

/** Sends a streaming request of `method` and reads the stream, checking every event. */
export async function readStream(
  transport: Transport,
  context: TransportContext,
  method: string,
  params: unknown,
  options: StreamOptions = {},
): Promise<StreamOutcome> {
  const { limits } = context;
  if (transport instanceof GrpcTransport) return readGrpcStream(transport, context, method, params, options);
  const exchange = transport.openStream(method, params, options.request);
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(), limits.timeoutMs);
  let sent: HttpResponse;
  try {
    sent = await send(exchange.url, exchange.init, AbortSignal.any([limits.deadline, timer.signal]));
  } catch (error) {
    clearTimeout(timeout);
    const described = describeFetchError(error, exchange.url, limits, () => timer.signal.aborted);
    if (described.kind === 'connect')
      context.unreachable(`the ${TRANSPORT_TITLES[transport.name]} endpoint ${transport.endpoint} is unreachable (${described.message})`);
    throw described;
  }
  const sequence = new StreamSequence(context.lifecycle);
  const problems: string[] = [];
  const remarks: string[] = [];
  const seen: string[] = [];
  const results: unknown[] = [];
  if (sent.contentType !== 'text/event-stream') {
    // Not a stream: the body is read within the same request timeout.
    let text: string;
    const progress: BodyProgress = { bytes: 0 };
    try {
      text = await readBody(sent.response, limits.maxBytes, progress);
    } catch (error) {
      throw describeBodyError(error, limits, () => timer.signal.aborted, progress);
    } finally {
      clearTimeout(timeout);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    context.exchanged(sentText(exchange), `HTTP ${sent.status} ${sent.contentType}\n${text}`);
    const { body, remarks: said } = exchange.plain(sent.status, sent.contentType, text, parsed);
    return { problems, remarks: said, seen, results, sequence, plain: { status: sent.status, contentType: sent.contentType, body, text } };
  }
  // A stream: from here on the idle timeout between chunks applies instead.
  clearTimeout(timeout);
  if (sent.status !== 200) remarks.push(`the stream came with HTTP ${sent.status}, not 200`);
  if (!sent.response.body) return { problems: ['the stream has no body'], remarks, seen, results, sequence };
  let count = 0;
  let errors = 0;
  let cut = false;
  let stopped = false;
  const raw: string[] = [];
  try {
    for await (const event of readEvents(sent.response.body, {
      idleMs: limits.timeoutMs,
      maxBytes: limits.maxBytes,
      deadline: limits.deadline,
    })) {
      count++;
      if (raw.length < 50) raw.push(`data: ${event.data}`);
      context.exchanged(sentText(exchange), `HTTP ${sent.status} text/event-stream\n${raw.join('\n')}`);
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        problems.push(`event ${count} is not JSON: ${snippet(event.data)}`);
        continue;
      }
      if (!isObject(data)) {
        problems.push(`event ${count} is not a JSON-RPC response object`);
        continue;
      }
      const read = exchange.event(data, count);
      problems.push(...read.problems);
      if (read.kind === 'error') {
        errors++;
        if (isObject(read.error)) context.sawError(exchange.label, read.error, sent.status, sent.contentType);
        context.answered(isObject(read.error) ? `error ${String(read.error.code)}` : 'an error member that is not an object');
        problems.push(`event ${count} is error ${errorText(read.error)}`);
        continue;
      }
      seen.push(context.describe(read.result));
      context.answered(context.describe(read.result));
      results.push(read.result);
      const over = sequence.complete;
      const wrong = sequence.add(context.adapter.asV03Event(read.result));
      problems.push(...wrong);
      // An event after the end is established; an endless stream is not read further.
      if (over && wrong.length > 0) {
        cut = true;
        break;
      }
      if (count >= MAX_STREAM_EVENTS) {
        problems.push(`the stream sent more than ${MAX_STREAM_EVENTS} events without ending`);
        cut = true;
        break;
      }
      if (options.onEvent) await options.onEvent(read.result, results.length);
      if (options.stopAfter !== undefined && results.length >= options.stopAfter) {
        // Leaving the loop cancels the body (readEvents), which closes the connection.
        stopped = true;
        remarks.push(`check-server closed the stream after ${results.length} event${results.length === 1 ? '' : 's'}`);
        break;
      }
    }
    if (errors === 0 && !cut && !stopped) problems.push(...sequence.end());
  } catch (error) {
    if (!(error instanceof HttpError) || error.kind === 'deadline') throw error;
    problems.push(brokenStream(error, count, sequence, limits.timeoutMs));
  }
  return { problems, remarks, seen, results, sequence };
}

/**
 * A gRPC server stream, read by the rules of an SSE one: each message a StreamResponse (decoded,
 * validated, kept to the lifecycle), the end the call's status. A call that ends with an error
 * status before any message is the binding's plain error answer (`plain`, the status read as a
 * JSON-RPC error); after messages, an error event. A stream that ends OK before the task's final
 * state breaks the lifecycle rules as an SSE stream closed there does.
 */
async function readGrpcStream(
  transport: GrpcTransport,
  context: TransportContext,
  method: string,
  given: unknown,
  options: StreamOptions,
): Promise<StreamOutcome> {
  // The request message carries the interface's tenant, as every gRPC call does (A2A v1.0.1 §8.3.2).
  const params = transport.tenanted(method, given);
  if (options.selfCheck !== false) transport.selfCheck(method, params);
  const exchange = transport.openStream(method, params);
  const client = transport.grpc();
  const sequence = new StreamSequence(context.lifecycle);
  const problems: string[] = [];
  const remarks: string[] = [];
  const seen: string[] = [];
  const results: unknown[] = [];
  const raw: string[] = [];
  const sent = `gRPC ${transport.endpoint} ${method} (server streaming)\n${JSON.stringify(params)}`;
  let count = 0;
  let cut = false;
  let stopped = false;
  const stream = client.stream(method, params, transport.metadata);
  try {
    for (;;) {
      const next = await stream.next();
      if (next.done) {
        const end = next.value;
        if (end.ok) {
          if (!cut && !stopped) problems.push(...sequence.end());
          context.exchanged(sent, `${raw.join('\n')}\ngRPC OK`);
          break;
        }
        const { status } = end;
        const error = grpcError(status);
        context.exchanged(sent, `${raw.join('\n')}\ngRPC ${statusText(status)}`);
        context.sawError(exchange.label, error, status.code, 'application/grpc', status);
        context.answered(`gRPC ${status.codeName}`);
        context.answered(`error ${String(error.code)}`);
        const judged = grpcStatusProblems(status, undefined, transport.revision);
        if (count === 0) {
          // No message: the binding's one answer, an error status.
          problems.push(...judged);
          return {
            problems,
            remarks,
            seen,
            results,
            sequence,
            plain: { status: status.code, contentType: 'application/grpc', body: { error }, text: statusText(status) },
          };
        }
        problems.push(...judged, `event ${count + 1} is error ${errorText(error)}`);
        break;
      }
      count++;
      const item = next.value;
      if (item.kind === 'undecodable') {
        problems.push(`message ${count}: ${item.problem}`);
        continue;
      }
      if (raw.length < 50) raw.push(JSON.stringify(item.message));
      const read = exchange.event(item.message, count);
      problems.push(...read.problems);
      seen.push(context.describe(read.kind === 'result' ? read.result : undefined));
      context.answered(context.describe(read.kind === 'result' ? read.result : undefined));
      const result = read.kind === 'result' ? read.result : undefined;
      results.push(result);
      const over = sequence.complete;
      const wrong = sequence.add(context.adapter.asV03Event(result));
      problems.push(...wrong);
      if (over && wrong.length > 0) {
        cut = true;
        break;
      }
      if (count >= MAX_STREAM_EVENTS) {
        problems.push(`the stream sent more than ${MAX_STREAM_EVENTS} messages without ending`);
        cut = true;
        break;
      }
      if (options.onEvent) await options.onEvent(result, results.length);
      if (options.stopAfter !== undefined && results.length >= options.stopAfter) {
        stopped = true;
        remarks.push(`check-server closed the stream after ${results.length} message${results.length === 1 ? '' : 's'}`);
        break;
      }
    }
  } catch (error) {
    if (!(error instanceof GrpcFailure) || error.kind === 'deadline') throw error;
    if (error.kind === 'connect') {
      context.unreachable(`the gRPC endpoint ${transport.endpoint} is unreachable (${error.message})`);
      fail(error.message);
    }
    const task = sequence.currentState ? ` (task ${sequence.currentState})` : '';
    problems.push(
      error.kind === 'timeout'
        ? `no message for ${context.limits.timeoutMs} ms after ${count === 0 ? 'the call' : `message ${count}`}${task}: the stream hangs`
        : error.message,
    );
  } finally {
    // Leaving early (a bound, a subscriber that goes away) cancels the call.
    await stream.return({ ok: true });
  }
  return { problems, remarks, seen, results, sequence };
}

/** The streaming request as sent, for a FAIL's details. */
function sentText(exchange: { readonly url: string; readonly init: { readonly method?: string; readonly body?: unknown } }): string {
  const body = typeof exchange.init.body === 'string' ? `\n${exchange.init.body}` : '';
  return `${exchange.init.method ?? 'POST'} ${exchange.url}${body}`;
}

/** Why a stream that broke off (timeout, closed, too large) failed. */
function brokenStream(error: HttpError, count: number, sequence: StreamSequence, timeoutMs: number): string {
  if (error.kind === 'timeout') {
    const task = sequence.currentState ? ` (task ${sequence.currentState})` : '';
    return sequence.complete
      ? `the stream stayed open more than ${timeoutMs} ms after its last event (event ${count}) although the stream was over`
      : `no event for ${timeoutMs} ms after ${count === 0 ? 'the headers' : `event ${count}`}${task}: the stream hangs`;
  }
  if (error.kind === 'closed') return `${error.message} (${count === 0 ? 'before any event' : `after event ${count}`})`;
  return error.message;
}

/** Turns a non-stream answer to a streaming request into the step's failure (the card claims streaming). */
export function failPlain(plain: PlainAnswer, method: string, transport: Transport): never {
  const { body, text, status, contentType } = plain;
  if (body === undefined)
    return fail(`the answer is ${contentType || 'without Content-Type'} (HTTP ${status}), not text/event-stream: ${snippet(text)}`);
  if (isObject(body) && 'error' in body) {
    const verdict = transport.verdict(body, method);
    const invalid = verdict.valid ? '' : `; the response does not validate: ${formatErrors(verdict.errors)}`;
    return fail(
      `the server answered with error ${errorText(body.error)} instead of a stream, although the card claims streaming${invalid}`,
    );
  }
  return fail(`the answer is ${contentType || 'without Content-Type'} (HTTP ${status}), not text/event-stream`);
}
