/**
 * The gRPC binding (A2A v1.0 §10): each call is the method of `lf.a2a.v1.A2AService` of the same
 * name, its request the JSON-RPC params (the same proto message, in ProtoJSON), sent in binary by
 * src/live/grpc-client.ts with the service parameters (`A2A-Version`, --header) as metadata (§10.2).
 * The answer is decoded back to ProtoJSON and validated as the JSON-RPC result of the method
 * (the variant's schemas); an error is a gRPC status, judged by
 *
 *   - its `google.rpc.ErrorInfo` in the status details (`grpc-status-details-bin`): for an A2A
 *     error a MUST (§10.6), its reason naming the error, its domain `a2a-protocol.org`;
 *   - its status code against the §5.4 table of the revision checked (schemas/error-table.ts).
 *
 * and read back in JSON-RPC terms (the code the ErrorInfo's reason names, else the generic code of
 * the status) for the groups. A stream is the server-streaming method, each message a StreamResponse
 * read by the same rules as an SSE event (stream-reader.ts), its end the call's status.
 */
import type { A2AGrpcClient, GrpcLimits, GrpcReply } from '../../live/grpc-client.js';
import { GrpcFailure, grpcTarget } from '../../live/grpc-target.js';
import { grpcError, grpcErrorClause, grpcStatusProblems, statusText } from '../../live/grpc-status.js';
import { heldRevision, type SpecRevision } from '../../../schemas/spec-revisions.js';
import { fail, formatErrors, type Json } from './step-log.js';
import type { Answer, CallOptions, Expect, StreamExchange, Transport, TransportContext, UntenantedAnswer } from './transport.js';
import { validate, validateMessage, type ValidationResult } from './validation.js';
import { variantHasMethod, withTenant } from './jsonrpc-transport.js';

type GrpcClientModule = typeof import('../../live/grpc-client.js');
let grpcClient: GrpcClientModule | undefined;

/**
 * Loads the gRPC client (grpc-client.ts: @grpc/grpc-js, protobufjs, the A2A descriptor, some 120 ms of a run's start):
 * only a run on the gRPC binding needs it, and scenario.ts awaits this before it makes one (`GrpcTransport`).
 */
export async function loadGrpcClient(): Promise<void> {
  grpcClient ??= await import('../../live/grpc-client.js');
}

function loadedGrpcClient(): GrpcClientModule {
  if (!grpcClient) throw new Error('bindu-protocol: a gRPC transport was used before loadGrpcClient()');
  return grpcClient;
}

export class GrpcTransport implements Transport {
  readonly name = 'grpc';
  private client: A2AGrpcClient | undefined;
  /** The revision whose §5.4 table the statuses are judged by: the variant's (schemas/variant-table.ts). */
  readonly revision: SpecRevision;

  constructor(
    readonly endpoint: string | undefined,
    private readonly context: TransportContext,
  ) {
    // The run's revision (--spec-revision, else the variant's), as the HTTP+JSON transport reads it.
    this.revision = heldRevision(context.variant, context.revision);
  }

  /** The client of the endpoint, made on first use. */
  grpc(): A2AGrpcClient {
    this.context.needEndpoint();
    if (!this.client) {
      const target = grpcTarget(this.endpoint!);
      if ('why' in target) return fail(`the gRPC interface's url ${target.why}`);
      const limits: GrpcLimits = this.context.limits;
      this.client = new (loadedGrpcClient().A2AGrpcClient)(this.endpoint!, target, limits);
    }
    return this.client;
  }

  close(): void {
    this.client?.close();
  }

  /** The metadata of every call: the wire's service parameters and --header, as gRPC metadata (§10.2). */
  get metadata(): Record<string, string> {
    return { ...this.context.adapter.headers };
  }

  /** The request message of `method`: `params` with the selected interface's tenant (A2A v1.0.1 §8.3.2, `withTenant`). */
  tenanted(method: string, params: unknown): unknown {
    return withTenant(this.context, method, params);
  }

  /** Fails the step when the request bindu-protocol built does not validate as the method's params. */
  selfCheck(method: string, params: unknown): void {
    const variant = this.context.variant;
    if (!variantHasMethod(variant, method)) return;
    const verdict = validateMessage({ jsonrpc: '2.0', id: 1, method, params }, { variant });
    if (!verdict.valid)
      fail(`the ${method} request bindu-protocol built does not validate under ${variant}: ${formatErrors(verdict.errors)}`);
  }

  /** A gRPC failure that is no answer: the endpoint marked unreachable when it never answered gRPC, the step failed by name. */
  private failure(error: unknown, method: string): never {
    if (!(error instanceof GrpcFailure)) throw error;
    if (error.kind === 'connect') this.context.unreachable(`the gRPC endpoint ${this.endpoint} is unreachable (${error.message})`);
    if (error.kind === 'deadline') throw error;
    return fail(`${method}: ${error.message}`);
  }

  verdict(response: Json, method: string | undefined): ValidationResult {
    const variant = this.context.variant;
    if ('error' in response) return { valid: true, errors: [], warnings: [] };
    const message = { jsonrpc: '2.0', id: 1, result: response.result };
    if (method !== undefined && variantHasMethod(variant, method)) return validateMessage(message, { variant, method });
    return validate('JSONRPCSuccessResponse', message, { variant });
  }

  async call(method: string, params: unknown, expect: Expect, _note: (text: string) => void, options: CallOptions = {}): Promise<Answer> {
    const client = this.grpc();
    const request = this.tenanted(method, params);
    if (options.selfCheck !== false) this.selfCheck(method, request);
    const headers = { ...this.metadata, ...(options.headers ?? {}) };
    let reply: Awaited<ReturnType<A2AGrpcClient['unary']>>;
    try {
      // A call without params (GetExtendedAgentCard) sends its request message empty.
      reply = await client.unary(method, request ?? {}, headers);
    } catch (error) {
      return this.failure(error, method);
    }
    const sent = `gRPC ${this.endpoint} ${method}\n${JSON.stringify(request)}`;
    const describe = (result: unknown) => this.context.describe(result);
    const problems: string[] = [];
    if (reply.ok) {
      this.context.exchanged(sent, `gRPC OK\n${JSON.stringify(reply.message)}`);
      const result = reply.message;
      this.context.answered(describe(result));
      if (expect !== 'result') problems.push(`expected error ${expect.code} (${expect.name}), got gRPC OK (${describe(result)})`);
      const verdict = this.verdict({ result }, method);
      if (!verdict.valid) problems.push(`the ${method} response does not validate: ${formatErrors(verdict.errors)}`);
      if (problems.length > 0) {
        if (expect === 'result' && options.setup) return { result, problems };
        if (expect === 'result') {
          this.context.defer(problems);
          return { result };
        }
        fail(problems.join('; '));
      }
      return { result };
    }
    const { status } = reply;
    this.context.exchanged(sent, `gRPC ${statusText(status)}\n${JSON.stringify(status.status ?? {})}`);
    const error = grpcError(status);
    this.context.answered(`gRPC ${status.codeName}`);
    this.context.answered(`error ${String(error.code)}`);
    this.context.sawError(method, error, status.code, 'application/grpc', status);
    const accept = options.accept ?? [];
    const code = error.code as number;
    const accepted = accept.includes(code) || options.acceptAnyError === true;
    if (expect === 'result') {
      if (!accepted) problems.push(`expected a result, got gRPC ${statusText(status)}`);
    } else if (code !== expect.code && !accepted) {
      problems.push(`expected error ${expect.code} (${expect.name}), got gRPC ${statusText(status)}`);
    }
    problems.push(...grpcStatusProblems(status, expect === 'result' || accepted ? undefined : expect.code, this.revision));
    if (problems.length > 0) fail(problems.join('; '), grpcErrorClause(this.revision));
    return { error };
  }

  /**
   * Why the codec cannot write `params` as the method's request message (a value of the wrong JSON
   * type, an unknown key or enum name: ProtoJSON refuses it before anything is sent), or undefined
   * when it can; a method the service lacks is named too.
   */
  unencodable(method: string, params: unknown): string | undefined {
    const { encodeProtoJson, grpcMethods } = loadedGrpcClient();
    const requestType = grpcMethods().get(method)?.requestType;
    if (requestType === undefined) return `${method} is no method of the gRPC service`;
    try {
      encodeProtoJson(requestType, params);
      return undefined;
    } catch (error) {
      if (error instanceof GrpcFailure) return error.message;
      throw error;
    }
  }

  /**
   * A request sent as it is (with the interface's tenant, `tenanted`), with no self-check and no judgement (the
   * probes group judges): the reply, the exchange recorded and an error status kept for the errors group.
   */
  async probe(method: string, params: unknown): Promise<GrpcReply> {
    const client = this.grpc();
    const request = this.tenanted(method, params);
    let reply: GrpcReply;
    try {
      reply = await client.unary(method, request, this.metadata);
    } catch (error) {
      return this.failure(error, method);
    }
    const sent = `gRPC ${this.endpoint} ${method}\n${JSON.stringify(request)}`;
    if (reply.ok) {
      this.context.exchanged(sent, `gRPC OK\n${JSON.stringify(reply.message)}`);
      return reply;
    }
    const { status } = reply;
    this.context.exchanged(sent, `gRPC ${statusText(status)}\n${JSON.stringify(status.status ?? {})}`);
    this.context.sawError(method, grpcError(status), status.code, 'application/grpc', status);
    return reply;
  }

  async withoutTenant(method: string, params: unknown): Promise<UntenantedAnswer> {
    const client = this.grpc();
    let reply: GrpcReply;
    try {
      reply = await client.unary(method, params, this.metadata);
    } catch (error) {
      return this.failure(error, method);
    }
    const sent = `gRPC ${this.endpoint} ${method} (without the tenant)\n${JSON.stringify(params)}`;
    if (reply.ok) {
      this.context.exchanged(sent, `gRPC OK\n${JSON.stringify(reply.message)}`);
      return { result: reply.message };
    }
    this.context.exchanged(sent, `gRPC ${statusText(reply.status)}`);
    return { error: `gRPC ${reply.status.codeName}` };
  }

  /**
   * gRPC streams are read by stream-reader.ts through `client.stream` (which self-checks the request
   * first, unless told not to); this names the exchange for the record.
   */
  openStream(method: string, params: unknown): StreamExchange {
    return {
      url: this.endpoint ?? '',
      init: { method: 'POST', body: JSON.stringify(params) },
      label: method,
      plain: (_status, _contentType, _text, parsed) => ({ body: parsed, remarks: [] }),
      event: (data, index) => {
        const verdict = this.verdict({ result: data }, method);
        const problems = verdict.valid
          ? []
          : [`message ${index} does not validate as ${method}'s StreamResponse: ${formatErrors(verdict.errors)}`];
        return { kind: 'result', result: data, problems };
      },
    };
  }
}
