/**
 * A client of the A2A v1.0 gRPC binding (`lf.a2a.v1.A2AService`, §10) that speaks in ProtoJSON:
 * each call takes its request as the ProtoJSON object the JSON bindings carry, encodes it with the
 * proto's codec (generated/grpc/a2a-v1.json, emitted by scripts/emit-grpc.ts; protobufjs and its
 * ProtoJSON extension), sends it with @grpc/grpc-js, and gives back the answer the same way: a
 * response message as ProtoJSON, or a status (code, message, and the `google.rpc.Status` of the
 * `grpc-status-details-bin` trailer, its details decoded: an ErrorInfo as ProtoJSON with `@type`).
 *
 * Bounds: `timeoutMs` per unary call (its gRPC deadline) and between two messages of a stream;
 * responses over `maxBytes` are refused by the channel; the run's `deadline` cancels every call.
 * A connection that cannot be made at all (refused, not HTTP/2, TLS against plaintext) is a
 * GrpcFailure of kind `connect`, naming the endpoint and what gRPC said.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as grpc from '@grpc/grpc-js';
import protobuf from 'protobufjs/light.js';
import protojson from 'protobufjs/ext/protojson.js';
import { packageRoot } from '../library/package-root.js';
import { GrpcFailure } from './grpc-target.js';

export { GrpcFailure, grpcTarget } from './grpc-target.js';

type Json = Record<string, unknown>;

/** The service's full name and the gRPC path of a method. */
export const A2A_SERVICE = 'lf.a2a.v1.A2AService';
export const ERROR_INFO_TYPE_URL = 'type.googleapis.com/google.rpc.ErrorInfo';

/** gRPC status codes by number (grpc.status), e.g. 5 → NOT_FOUND. */
export const GRPC_STATUS_NAMES: Readonly<Record<number, string>> = Object.fromEntries(
  Object.entries(grpc.status)
    .filter(([, value]) => typeof value === 'number')
    .map(([name, value]) => [value as number, name]),
);

/** A status a call ended with (not OK). */
export interface GrpcStatus {
  readonly code: number;
  /** The code's name: NOT_FOUND, INTERNAL, … */
  readonly codeName: string;
  readonly message: string;
  /** The `google.rpc.Status` of `grpc-status-details-bin`, as ProtoJSON (its details decoded where known), if sent. */
  readonly status?: Json;
  /** The ErrorInfo details of that Status, as ProtoJSON with `@type`. */
  readonly errorInfos: readonly Json[];
  /** What could not be read of the trailer (a Status that does not decode). */
  readonly detailsProblem?: string;
  /** The response trailers and headers as they came (binary values base64), for the record. */
  readonly metadata: Readonly<Record<string, string>>;
}

export type GrpcReply = { readonly ok: true; readonly message: Json } | { readonly ok: false; readonly status: GrpcStatus };

export interface GrpcLimits {
  readonly timeoutMs: number;
  readonly maxBytes: number;
  readonly deadline: AbortSignal;
}

interface MethodCodec {
  readonly path: string;
  readonly streaming: boolean;
  readonly request: protobuf.Type;
  readonly response: protobuf.Type;
}

let loaded: { root: protobuf.Root; methods: Map<string, MethodCodec> } | undefined;

/** The proto's codecs, read once from generated/grpc/a2a-v1.json. */
function codecs() {
  if (loaded) return loaded;
  const descriptor = JSON.parse(readFileSync(join(packageRoot(), 'generated', 'grpc', 'a2a-v1.json'), 'utf8')) as protobuf.INamespace;
  const root = protobuf.Root.fromJSON(descriptor);
  root.resolveAll();
  const service = root.lookupService(A2A_SERVICE);
  const methods = new Map<string, MethodCodec>();
  for (const method of service.methodsArray) {
    methods.set(method.name, {
      path: `/${A2A_SERVICE}/${method.name}`,
      streaming: method.responseStream === true,
      request: root.lookupType(method.requestType),
      response: root.lookupType(method.responseType),
    });
  }
  loaded = { root, methods };
  return loaded;
}

/** The methods of the service, by name (SendMessage, …): whether each streams, its request and response types' full names. */
export function grpcMethods(): ReadonlyMap<
  string,
  { readonly streaming: boolean; readonly requestType: string; readonly responseType: string }
> {
  return new Map(
    [...codecs().methods].map(([name, codec]) => [
      name,
      { streaming: codec.streaming, requestType: codec.request.fullName.slice(1), responseType: codec.response.fullName.slice(1) },
    ]),
  );
}

/** A ProtoJSON value of a message type → its binary form; throws GrpcFailure('encode') naming what is wrong. */
export function encodeProtoJson(typeName: string, value: unknown): Uint8Array {
  const type = codecs().root.lookupType(typeName);
  try {
    return type.encode(protojson.fromJson(type, value)).finish();
  } catch (error) {
    throw new GrpcFailure('encode', `cannot write ${typeName} from its ProtoJSON form: ${(error as Error).message}`);
  }
}

/**
 * A binary message → its ProtoJSON form (lowerCamel names, enum names), with the REQUIRED fields
 * that have no presence written even at their default value (ProtoJSON's "emit default values"
 * option, for those fields only): on the wire an empty `next_page_token`, a zero `total_size` or an
 * empty REQUIRED list is simply absent, and the JSON bindings write it. A REQUIRED enum at 0 reads
 * as its `_UNSPECIFIED` name, which the schemas judge.
 */
export function decodeToProtoJson(typeName: string, bytes: Uint8Array): Json {
  const type = codecs().root.lookupType(typeName);
  const json = protojson.toJson(type, type.decode(bytes)) as Json;
  withRequiredDefaults(type, json);
  return json;
}

const REQUIRED_OPTION = '(google.api.field_behavior)';

function isRequired(field: protobuf.Field): boolean {
  const option = field.options?.[REQUIRED_OPTION] as unknown;
  return option === 'REQUIRED' || (Array.isArray(option) && option.includes('REQUIRED'));
}

/** Writes the default of each REQUIRED field without presence that the ProtoJSON left out, in `json` and the messages under it. */
function withRequiredDefaults(type: protobuf.Type, json: unknown): void {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return;
  const object = json as Json;
  for (const field of type.fieldsArray) {
    field.resolve();
    const key = field.name.replace(/_([a-z0-9])/g, (_all, c: string) => c.toUpperCase());
    const value = object[key];
    if (field.resolvedType instanceof protobuf.Type && !field.resolvedType.fullName.startsWith('.google.protobuf.')) {
      const nested = field.resolvedType;
      if (field.repeated && Array.isArray(value)) for (const item of value) withRequiredDefaults(nested, item);
      else if (field.map && value && typeof value === 'object') for (const item of Object.values(value)) withRequiredDefaults(nested, item);
      else withRequiredDefaults(nested, value);
    }
    if (value !== undefined || !isRequired(field) || field.partOf !== null) continue;
    if (field.map) object[key] = {};
    else if (field.repeated) object[key] = [];
    else if (field.resolvedType instanceof protobuf.Enum) object[key] = field.resolvedType.valuesById[0];
    else if (field.resolvedType === null) object[key] = scalarDefault(field.type);
  }
}

function scalarDefault(type: string): unknown {
  if (type === 'string') return '';
  if (type === 'bool') return false;
  if (type === 'bytes') return '';
  // 64-bit integers are strings in ProtoJSON.
  return /64$/.test(type) ? '0' : 0;
}

/** The Status in `grpc-status-details-bin`, its ErrorInfo details decoded. */
function statusDetails(metadata: grpc.Metadata): Pick<GrpcStatus, 'status' | 'errorInfos' | 'detailsProblem'> {
  const values = metadata.get('grpc-status-details-bin');
  const raw = values[0];
  if (raw === undefined) return { errorInfos: [] };
  const bytes = typeof raw === 'string' ? Buffer.from(raw, 'base64') : raw;
  try {
    const status = decodeToProtoJson('google.rpc.Status', bytes);
    const infos: Json[] = [];
    const anyType = codecs().root.lookupType('google.rpc.Status');
    const decoded = anyType.decode(bytes) as unknown as { details?: { type_url?: string; value?: Uint8Array }[] };
    const details: unknown[] = [];
    for (const detail of decoded.details ?? []) {
      if (detail.type_url === ERROR_INFO_TYPE_URL && detail.value) {
        const info = { '@type': ERROR_INFO_TYPE_URL, ...decodeToProtoJson('google.rpc.ErrorInfo', detail.value) };
        infos.push(info);
        details.push(info);
      } else details.push({ '@type': detail.type_url ?? '' });
    }
    return { status: { ...status, details }, errorInfos: infos };
  } catch (error) {
    return {
      errorInfos: [],
      detailsProblem: `grpc-status-details-bin does not decode as a google.rpc.Status: ${(error as Error).message}`,
    };
  }
}

/** A status as a call ended with it: its code, message and trailers, the `grpc-status-details-bin` decoded. */
export function readGrpcStatus(code: number, message: string, metadata: grpc.Metadata): GrpcStatus {
  return {
    code,
    codeName: GRPC_STATUS_NAMES[code] ?? String(code),
    message,
    ...statusDetails(metadata),
    metadata: metadataText(metadata),
  };
}

/** Metadata as text (binary values base64), for the record. */
function metadataText(metadata: grpc.Metadata | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, values] of Object.entries(metadata?.getMap() ?? {}))
    out[key] = typeof values === 'string' ? values : Buffer.from(values).toString('base64');
  return out;
}

/** True when the call got no answer of the server at all: neither headers nor trailers (a transport failure). */
function unanswered(error: grpc.ServiceError): boolean {
  return Object.keys(error.metadata?.getMap() ?? {}).length === 0;
}

/** What gRPC said of a connection it could not make, without its timestamps, and what to look at. */
function connectText(endpoint: string, error: grpc.ServiceError, tls: boolean): string {
  const said = error.details
    .replace(/\s*\(\d{4}-\d\d-\d\dT[^)]*\)/g, '')
    .replace(/\.?\s*Resolution note:.*$/s, '')
    .trim();
  const hint = /Protocol error/i.test(said)
    ? 'the port does not speak HTTP/2 (an HTTP/1 server?)'
    : tls
      ? 'is the server reachable, and speaking TLS (the interface url asks for it)?'
      : 'is the server reachable, and speaking gRPC in plaintext? (a url of https:// or grpcs:// asks for TLS)';
  return `gRPC could not talk to ${endpoint}: ${GRPC_STATUS_NAMES[error.code]}: ${said}; ${hint}`;
}

/** A client of one gRPC endpoint. */
export class A2AGrpcClient {
  private readonly client: grpc.Client;
  private readonly tls: boolean;

  constructor(
    readonly endpoint: string,
    target: { target: string; tls: boolean },
    private readonly limits: GrpcLimits,
  ) {
    this.tls = target.tls;
    const credentials = target.tls ? grpc.credentials.createSsl() : grpc.credentials.createInsecure();
    this.client = new grpc.Client(target.target, credentials, {
      'grpc.max_receive_message_length': limits.maxBytes,
      // One connection attempt, no waiting for a server that is not there.
      'grpc.initial_reconnect_backoff_ms': 100,
      'grpc.max_reconnect_backoff_ms': 1000,
      'grpc.enable_retries': 0,
    });
  }

  close(): void {
    this.client.close();
  }

  private codec(method: string): MethodCodec {
    const codec = codecs().methods.get(method);
    if (!codec) throw new GrpcFailure('encode', `${A2A_SERVICE} has no method ${method}`);
    return codec;
  }

  private metadata(headers: Readonly<Record<string, string>>): grpc.Metadata {
    const metadata = new grpc.Metadata();
    for (const [name, value] of Object.entries(headers)) metadata.set(name.toLowerCase(), value);
    return metadata;
  }

  private failure(error: grpc.ServiceError, local: { timedOut: boolean }): GrpcFailure | GrpcStatus {
    if (this.limits.deadline.aborted) return new GrpcFailure('deadline', 'the overall time limit was reached');
    if (local.timedOut || (error.code === grpc.status.DEADLINE_EXCEEDED && Object.keys(error.metadata?.getMap() ?? {}).length === 0))
      return new GrpcFailure('timeout', `no answer within ${this.limits.timeoutMs} ms`);
    if (unanswered(error) && /^Received RST_STREAM/.test(error.details))
      return new GrpcFailure('reset', `the server reset the stream without a gRPC status (${error.details.replace(/^Received /, '')})`);
    if (unanswered(error) && error.code === grpc.status.UNAVAILABLE)
      return new GrpcFailure('connect', connectText(this.endpoint, error, this.tls));
    return readGrpcStatus(error.code, error.details, error.metadata ?? new grpc.Metadata());
  }

  /** A unary call: the response as ProtoJSON, or the status it ended with. Throws GrpcFailure. */
  unary(method: string, request: unknown, headers: Readonly<Record<string, string>> = {}): Promise<GrpcReply> {
    const codec = this.codec(method);
    const bytes = Buffer.from(encodeProtoJson(codec.request.fullName.slice(1), request));
    return new Promise<GrpcReply>((resolve, reject) => {
      const local = { timedOut: false };
      const call = this.client.makeUnaryRequest(
        codec.path,
        (value: Buffer) => value,
        (value: Buffer) => value,
        bytes,
        this.metadata(headers),
        { deadline: Date.now() + this.limits.timeoutMs },
        (error, response) => {
          this.limits.deadline.removeEventListener('abort', cancel);
          if (error) {
            const failed = this.failure(error, local);
            if (failed instanceof GrpcFailure) reject(failed);
            else resolve({ ok: false, status: failed });
            return;
          }
          try {
            resolve({ ok: true, message: decodeToProtoJson(codec.response.fullName.slice(1), response!) });
          } catch (problem) {
            reject(new GrpcFailure('decode', `the ${method} response does not decode: ${(problem as Error).message}`));
          }
        },
      );
      const cancel = () => call.cancel();
      this.limits.deadline.addEventListener('abort', cancel, { once: true });
    });
  }

  /**
   * A server-streaming call: each message as ProtoJSON (or a message that does not decode, as a
   * problem), then how the stream ended (OK, or a status). Throws GrpcFailure for a connection that
   * never answered, no message within timeoutMs, or the overall deadline.
   */
  async *stream(
    method: string,
    request: unknown,
    headers: Readonly<Record<string, string>> = {},
  ): AsyncGenerator<
    { readonly kind: 'message'; readonly message: Json } | { readonly kind: 'undecodable'; readonly problem: string },
    { readonly ok: true } | { readonly ok: false; readonly status: GrpcStatus }
  > {
    const codec = this.codec(method);
    const bytes = Buffer.from(encodeProtoJson(codec.request.fullName.slice(1), request));
    const call = this.client.makeServerStreamRequest(
      codec.path,
      (value: Buffer) => value,
      (value: Buffer) => value,
      bytes,
      this.metadata(headers),
      {},
    );
    const queue: Buffer[] = [];
    let ended: { error?: grpc.ServiceError } | undefined;
    let wake: (() => void) | undefined;
    const poke = () => {
      wake?.();
      wake = undefined;
    };
    call.on('data', (chunk: Buffer) => {
      queue.push(chunk);
      poke();
    });
    call.on('error', (error: grpc.ServiceError) => {
      ended = { error };
      poke();
    });
    call.on('status', (status: grpc.StatusObject) => {
      if (status.code === grpc.status.OK) ended ??= {};
      poke();
    });
    call.on('end', () => poke());
    const abort = () => call.cancel();
    this.limits.deadline.addEventListener('abort', abort, { once: true });
    const local = { timedOut: false };
    try {
      for (;;) {
        if (queue.length > 0) {
          const chunk = queue.shift()!;
          try {
            yield { kind: 'message', message: decodeToProtoJson(codec.response.fullName.slice(1), chunk) };
          } catch (problem) {
            yield { kind: 'undecodable', problem: `a ${codec.response.name} that does not decode: ${(problem as Error).message}` };
          }
          continue;
        }
        if (ended) {
          if (!ended.error) return { ok: true };
          const failed = this.failure(ended.error, local);
          if (failed instanceof GrpcFailure) throw failed;
          return { ok: false, status: failed };
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            local.timedOut = true;
            resolve();
          }, this.limits.timeoutMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        if (local.timedOut && queue.length === 0 && !ended) throw new GrpcFailure('timeout', `no message for ${this.limits.timeoutMs} ms`);
        local.timedOut = false;
      }
    } finally {
      this.limits.deadline.removeEventListener('abort', abort);
      // Leaving early (a bound, a subscriber that goes away) cancels the call.
      if (!ended) call.cancel();
    }
  }
}
