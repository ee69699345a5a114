/**
 * `--grpc-listen`: the proxy's gRPC side (A2A v1.0 §10). A gRPC server (@grpc/grpc-js, HTTP/2) serving
 * every method of `lf.a2a.v1.A2AService` relays each call to the agent's GRPC interface (the card's)
 * with its metadata, and the answer back: the messages as they came (bytes, never re-encoded), the
 * status, its message and trailers (`grpc-status-details-bin` with them). On the side, each message is
 * decoded to ProtoJSON with the proto's codec (src/live/grpc-client.ts) and judged like the JSON-RPC
 * binding's payloads (./check.ts: the request as the method's JSON-RPC request, each answer as its
 * result), an error status by its §5.4 status and ErrorInfo (src/live/grpc-status.ts), a stream's
 * end by the task lifecycle; --record gets the ProtoJSON form as JSON-RPC lines (`validate --ndjson`
 * reads them). A method the service does not define is answered UNIMPLEMENTED by grpc-js itself.
 */
import * as grpc from '@grpc/grpc-js';
import { decodeToProtoJson, grpcMethods, readGrpcStatus, type GrpcStatus } from '../../live/grpc-client.js';
import { grpcError, grpcStatusProblems, statusText } from '../../live/grpc-status.js';
import { CHECK_VARIANTS, lifecycleOf, StreamSequence, type CheckVariant } from '../../live/stream-lifecycle.js';
import { heldRevision, type SpecRevision } from '../../../schemas/spec-revisions.js';
import { v03StateName } from '../../../schemas/a2a-v1/states.js';
import { checkAnswer, checkRequest, parsePayload, type Verdict } from './check.js';
import { Exchange, type ExchangeReport } from './exchange.js';
import type { Recorder } from './record.js';

type Json = Record<string, unknown>;

export interface GrpcRelayOptions {
  readonly host: string;
  readonly port: number;
  /** The agent's gRPC target (host:port) and whether it speaks TLS. */
  readonly target: { readonly target: string; readonly tls: boolean };
  /** The variant the payloads are judged by (the session's, once chosen). */
  readonly variant: () => string;
  readonly strict: boolean;
  /** The revision of A2A v1.0 error statuses are judged by (--spec-revision); undefined: the variant's. */
  readonly specRevision?: SpecRevision | undefined;
  readonly recorder: Recorder | undefined;
  /** The first exchange number of this side (the HTTP side numbers its own). */
  readonly nextSeq: () => number;
  readonly onExchange: (report: ExchangeReport) => void;
  /**
   * Called before each part of a call is judged, recorded or reported: the proxy's HTTP side does the judging it
   * left for the end of the turn (./tap.ts `Tap.later`) first, so the record file and the reports keep their order.
   */
  readonly settle?: () => void;
}

const identity = (value: Buffer) => value;
const HINT = 'A2A v1.0 §10.6: an A2A error carries a google.rpc.ErrorInfo in the status details; §5.4 names its gRPC status';

const LIFECYCLE_HINT =
  'the task lifecycle of the variant (schemas/<variant>/states.ts) says which changes of state a stream may carry, ' +
  'and that it ends at a final event';

const verdictOf = (problems: readonly string[], keyword: string, hint: string): Verdict => ({
  valid: problems.length === 0,
  errors: problems.map((message) => ({ path: '', keyword, message, hint, params: {} })),
  warnings: [],
});
const statusVerdict = (problems: readonly string[]): Verdict => verdictOf(problems, 'status', HINT);
const lifecycleVerdict = (problems: readonly string[]): Verdict => verdictOf(problems, 'lifecycle', LIFECYCLE_HINT);

/** The revision a status is judged by: --spec-revision, else the session variant's (the latest when it names none). */
function revisionOf(options: Pick<GrpcRelayOptions, 'variant' | 'specRevision'>): SpecRevision {
  return heldRevision(options.variant(), options.specRevision);
}

/** A decoded message as the JSON-RPC payload its text is judged and recorded as. */
function asPayload(value: Json): { value: unknown; text: string } {
  const text = JSON.stringify(value);
  return parsePayload(text) as { value: unknown; text: string };
}

/** The metadata a relayed call carries on: the client's, less what gRPC itself sets. */
function forwarded(metadata: grpc.Metadata): grpc.Metadata {
  const out = metadata.clone();
  for (const key of ['host', 'user-agent', 'grpc-accept-encoding', 'grpc-encoding', 'te', 'content-type']) out.remove(key);
  return out;
}

export interface RunningGrpcRelay {
  /** host:port the relay listens on. */
  readonly address: string;
  close(): Promise<void>;
}

/** Starts the gRPC side; rejects with the listen error (the caller words it). */
export async function startGrpcRelay(options: GrpcRelayOptions): Promise<RunningGrpcRelay> {
  const credentials = options.target.tls ? grpc.credentials.createSsl() : grpc.credentials.createInsecure();
  const client = new grpc.Client(options.target.target, credentials, { 'grpc.enable_retries': 0 });
  const server = new grpc.Server();
  const definition: Record<string, grpc.MethodDefinition<Buffer, Buffer>> = {};
  const handlers: grpc.UntypedServiceImplementation = {};
  for (const [name, method] of grpcMethods()) {
    const path = `/lf.a2a.v1.A2AService/${name}`;
    definition[name] = {
      path,
      requestStream: false,
      responseStream: method.streaming,
      requestSerialize: identity,
      requestDeserialize: identity,
      responseSerialize: identity,
      responseDeserialize: identity,
    };
    handlers[name] = method.streaming ? streamHandler(name, path, client, options) : unaryHandler(name, path, client, options);
  }
  server.addService(definition as grpc.ServiceDefinition, handlers);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(
      `${options.host.includes(':') ? `[${options.host}]` : options.host}:${options.port}`,
      grpc.ServerCredentials.createInsecure(),
      (error, bound) => (error ? reject(error) : resolve(bound)),
    ),
  );
  return {
    address: `${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        client.close();
        server.tryShutdown(() => resolve());
        setTimeout(() => server.forceShutdown(), 1_000).unref();
      }),
  };
}

/** What judging a gRPC call needs: the variant, strictness, the record, the numbering and where the report goes. */
export type GrpcJudgeOptions = Pick<
  GrpcRelayOptions,
  'variant' | 'strict' | 'recorder' | 'nextSeq' | 'onExchange' | 'specRevision' | 'settle'
>;

/**
 * One gRPC call as the report sees it (the relay's, and the inspector's calls on gRPC): the request checked and
 * recorded at once; then each response or stream message (`answer`, `event`: a stream's messages also against the
 * task lifecycle, `streamEnd` at its OK end), an error status (`failed`), and `end` reports it.
 */
export function judgeGrpcCall(name: string, path: string, bytes: Buffer, options: GrpcJudgeOptions) {
  options.settle?.();
  const seq = options.nextSeq();
  const exchange = new Exchange(seq, 'gRPC', path);
  exchange.method = `${name} (gRPC)`;
  const id = String(seq);
  let request: Json | undefined;
  try {
    request = { jsonrpc: '2.0', id, method: name, params: decodeToProtoJson(requestTypeOf(name), bytes) };
  } catch (error) {
    exchange.skip(`the ${name} request does not decode: ${(error as Error).message}`);
  }
  if (request) {
    const payload = asPayload(request);
    exchange.add('request', checkRequest(payload, options.variant(), options.strict));
    options.recorder?.request(seq, payload.text, [JSON.stringify(id)]);
  }
  /** One response message (or stream message): decoded, checked as the method's result, recorded. */
  const answer = (message: Buffer, part: string): Json | undefined => {
    options.settle?.();
    let result: Json;
    try {
      result = decodeToProtoJson(responseTypeOf(name), message);
    } catch (error) {
      exchange.add(
        part,
        verdictOf(
          [`a ${responseTypeOf(name)} that does not decode: ${(error as Error).message}`],
          'decode',
          "each message is the method's response type of the v1.0 proto",
        ),
      );
      return undefined;
    }
    const payload = asPayload({ jsonrpc: '2.0', id, result });
    exchange.add(part, checkAnswer(payload, request, options.variant(), options.strict));
    options.recorder?.answer(seq, payload.text, request ? { text: JSON.stringify(request), ids: [JSON.stringify(id)] } : undefined);
    return result;
  };
  /** The call ended with an error status: judged, recorded as the JSON-RPC error it stands for. */
  const failed = (status: GrpcStatus) => {
    options.settle?.();
    exchange.status = status.code;
    exchange.note(`gRPC ${statusText(status)}`);
    exchange.add('status', statusVerdict(grpcStatusProblems(status, undefined, revisionOf(options))));
    const payload = asPayload({ jsonrpc: '2.0', id, error: grpcError(status) });
    options.recorder?.answer(seq, payload.text, request ? { text: JSON.stringify(request), ids: [JSON.stringify(id)] } : undefined);
  };
  const end = () => {
    options.settle?.();
    options.recorder?.done(seq, [JSON.stringify(id)]);
    options.onExchange(exchange.report());
  };
  const variant = options.variant();
  const sequence = (CHECK_VARIANTS as readonly string[]).includes(variant)
    ? new StreamSequence(lifecycleOf(variant as CheckVariant))
    : undefined;
  let count = 0;
  /** A stream's next message: checked as the method's result and against the task lifecycle; its ProtoJSON form. */
  const event = (message: Buffer): Json | undefined => {
    count++;
    exchange.events = count;
    const result = answer(message, `event ${count}`);
    if (result && sequence) {
      const problems = sequence.add(v03Event(result));
      if (problems.length > 0) exchange.add(`event ${count}`, lifecycleVerdict(problems));
    }
    return result;
  };
  /** A stream ended OK: it must have reached a final event. */
  const streamEnd = () => {
    exchange.status = 0;
    if (sequence) {
      const problems = sequence.end();
      if (problems.length > 0) exchange.add('stream end', lifecycleVerdict(problems));
    }
  };
  return { exchange, answer, event, streamEnd, failed, end };
}

const requestTypeOf = (name: string): string => grpcMethods().get(name)!.requestType;
const responseTypeOf = (name: string): string => grpcMethods().get(name)!.responseType;

/** The status of an error the agent's call ended with, as the client gets it and as the tap reads it. */
function statusOf(error: grpc.ServiceError): { relayed: Partial<grpc.StatusObject>; read: GrpcStatus } {
  const metadata = error.metadata ?? new grpc.Metadata();
  const read = readGrpcStatus(error.code, error.details, metadata);
  return { relayed: { code: error.code, details: error.details, metadata }, read };
}

function unaryHandler(name: string, path: string, client: grpc.Client, options: GrpcRelayOptions) {
  return (call: grpc.ServerUnaryCall<Buffer, Buffer>, callback: grpc.sendUnaryData<Buffer>) => {
    const side = judgeGrpcCall(name, path, call.request, options);
    client.makeUnaryRequest(path, identity, identity, call.request, forwarded(call.metadata), (error, response) => {
      if (error) {
        const { relayed, read } = statusOf(error);
        side.failed(read);
        callback(relayed as grpc.ServiceError, null);
      } else {
        side.exchange.status = 0;
        side.answer(response!, 'answer');
        callback(null, response);
      }
      side.end();
    });
  };
}

function streamHandler(name: string, path: string, client: grpc.Client, options: GrpcRelayOptions) {
  return (call: grpc.ServerWritableStream<Buffer, Buffer>) => {
    const side = judgeGrpcCall(name, path, call.request, options);
    const upstream = client.makeServerStreamRequest(path, identity, identity, call.request, forwarded(call.metadata));
    call.on('cancelled', () => upstream.cancel());
    upstream.on('data', (message: Buffer) => {
      call.write(message);
      side.event(message);
    });
    upstream.on('error', (error: grpc.ServiceError) => {
      const { relayed, read } = statusOf(error);
      if (error.code !== grpc.status.CANCELLED) side.failed(read);
      // grpc-js ends a server stream with a status by its 'error' event.
      call.emit('error', Object.assign(new Error(relayed.details), relayed));
      side.end();
    });
    upstream.on('status', (status: grpc.StatusObject) => {
      if (status.code !== grpc.status.OK) return;
      side.streamEnd();
      call.end(status.metadata);
      side.end();
    });
  };
}

/** A v1.0 StreamResponse in the v0.3 shape the lifecycle rules read (`kind`, kebab-case states). */
function v03Event(result: Json): unknown {
  const [key, value] = Object.entries(result)[0] ?? [];
  if (!key || typeof value !== 'object' || value === null) return {};
  const body = value as Json;
  const state = (status: unknown) =>
    typeof status === 'object' && status !== null && typeof (status as Json).state === 'string'
      ? { ...(status as Json), state: v03StateName(String((status as Json).state)) }
      : status;
  if (key === 'task') return { ...body, kind: 'task', status: state(body.status) };
  if (key === 'message') return { ...body, kind: 'message' };
  if (key === 'statusUpdate') return { ...body, kind: 'status-update', status: state(body.status) };
  if (key === 'artifactUpdate') return { ...body, kind: 'artifact-update' };
  return { kind: key };
}
