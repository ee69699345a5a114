/**
 * One interface for the bindings check-server speaks. The groups talk in JSON-RPC terms (a
 * method, its params in the wire's shape, a result or an error with a code); a transport carries a
 * call to the agent and judges the answer (jsonrpc-transport.ts, http-json-transport.ts,
 * grpc-transport.ts), and
 * says how a stream is opened and how each of its events reads, for the one event loop of
 * stream-reader.ts. What a transport needs of the run (bounds, variant, where to record what it
 * saw) is a `TransportContext`.
 */
import type { SpecRevision } from '../../../schemas/spec-revisions.js';
import type { Limits, SendOptions } from '../../live/http-client.js';
import type { GrpcStatus } from '../../live/grpc-client.js';
import type { CheckVariant, Lifecycle, StreamSequence } from '../../live/stream-lifecycle.js';
import type { ValidationResult } from './validation.js';
import type { WireAdapter } from './wire-adapter.js';
import type { DeviationKind } from './deviations.js';

type Json = Record<string, unknown>;

export const TRANSPORTS = ['jsonrpc', 'http-json', 'grpc', 'all'] as const;
export type TransportChoice = (typeof TRANSPORTS)[number];
/** A binding check-server speaks. */
export type TransportName = Exclude<TransportChoice, 'all'>;

/** How the report names a transport. */
export const TRANSPORT_TITLES: Readonly<Record<TransportName, string>> = { jsonrpc: 'JSON-RPC', 'http-json': 'HTTP+JSON', grpc: 'gRPC' };

/** What a call expects: a result, or the error with this code. */
export type Expect = 'result' | { readonly code: number; readonly name: string };

export interface CallOptions {
  /** False: the request is not validated before it is sent (a probe of an unknown method). */
  readonly selfCheck?: boolean;
  /** Error codes accepted in place of what was expected. */
  readonly accept?: readonly number[];
  /** Any error (valid for the method) is accepted in place of a result; the caller judges it. */
  readonly acceptAnyError?: boolean;
  /**
   * A setup call: an answer that is invalid but usable (a result is there) is returned with its
   * problems instead of failing the step, so the step can report it once and go on.
   */
  readonly setup?: boolean;
  readonly headers?: Record<string, string>;
}

/** The result or the error a call was answered with. */
export interface Answer {
  readonly result?: unknown;
  readonly error?: Json;
  /** For a setup call (CallOptions.setup): what is wrong with the answer, which was usable all the same. */
  readonly problems?: readonly string[];
}

/** The one JSON answer when the server answered a streaming request without a stream. */
export interface PlainAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly body: unknown;
  readonly text: string;
}

export interface StreamOutcome {
  readonly problems: string[];
  /** Remarks that do not fail the step. */
  readonly remarks: string[];
  /** Short names of the events, in order. */
  readonly seen: string[];
  /** The success results, as the wire wrote them. */
  readonly results: unknown[];
  readonly sequence: StreamSequence;
  readonly plain?: PlainAnswer;
}

/** One event of a stream as the binding reads it: a result or an error, with the event's own problems. */
export type StreamEvent =
  | { readonly kind: 'result'; readonly result: unknown; readonly problems: readonly string[] }
  | { readonly kind: 'error'; readonly error: unknown; readonly problems: readonly string[] };

/** One streaming request, written for its binding, and how the binding reads the answer. */
export interface StreamExchange {
  readonly url: string;
  readonly init: SendOptions;
  /** The name an error answer is recorded under: the method, or the HTTP+JSON operation. */
  readonly label: string;
  /** An answer that came as one body instead of a stream: the body the groups read, and remarks. */
  plain(status: number, contentType: string, text: string, parsed: unknown): { readonly body: unknown; readonly remarks: string[] };
  /** One event's JSON object (the `index`th, from 1). */
  event(data: Json, index: number): StreamEvent;
}

/** What a transport needs of the run. */
export interface TransportContext {
  readonly variant: CheckVariant;
  readonly adapter: WireAdapter;
  /** On the v1.0 wire, the specification revision the agent is held to (its statuses, media types, ErrorInfo rules). */
  readonly revision?: SpecRevision;
  /**
   * On the v1.0 wire, the `tenant` of the card's interface the run speaks to, when it sets one: every request carries
   * it (A2A v1.0.1 §8.3.2; jsonrpc-transport.ts `withTenant`, the `/{tenant}` path on HTTP+JSON).
   */
  readonly tenant?: string;
  readonly lifecycle: Lifecycle;
  readonly limits: Limits;
  /** Skips the step when the run's endpoint is unknown or unreachable. */
  needEndpoint(): void;
  /** A short name of a result or event: `Task (working)`, `Message`. */
  describe(result: unknown): string;
  /** Remembers an answer of the current step (`Task (completed)`, `error -32001`, `HTTP 404`). */
  answered(text: string): void;
  /**
   * Keeps what is wrong with an answer that is still usable (a result is there): the step goes on
   * judging the behaviour with it and fails at its end with these problems too.
   */
  defer(problems: readonly string[]): void;
  /** Remembers the request sent and the answer received (for a FAIL's details). */
  exchanged(request: string, answer: string): void;
  /** Remembers an error answer of the current step. */
  sawError(method: string | undefined, error: Json, httpStatus: number, contentType: string, grpc?: GrpcStatus): void;
  /** Marks the endpoint unreachable, so the later steps skip. */
  unreachable(why: string): void;
  /** Records a deviation of the current step (deviations.ts; StepLog.deviate). */
  deviate(kind: DeviationKind, seen: Iterable<[string, string]>): void;
}

export interface Transport {
  readonly name: TransportName;
  /** The JSON-RPC endpoint, the HTTP+JSON base URL (no trailing slash) or the gRPC host:port; undefined when the card names none. */
  readonly endpoint: string | undefined;
  /**
   * Sends `method` with `params` and checks the answer: valid, and either a result (`expect` =
   * 'result') or the given error code. Fails the step otherwise; returns the result or the error.
   */
  call(method: string, params: unknown, expect: Expect, note: (text: string) => void, options?: CallOptions): Promise<Answer>;
  /** The streaming request of `method` (on JSON-RPC, `request` when it was built by hand). */
  openStream(method: string, params: unknown, request?: Json): StreamExchange;
  /** Validates a JSON-RPC response to `method` (HTTP+JSON bodies were validated as they came). */
  verdict(response: Json, method: string | undefined): ValidationResult;
  /**
   * Sends `method` once without the interface's tenant (the card group's tenant step compares) and says what came
   * back; nothing is judged or kept for the errors group (no MUST binds an agent's answer to a request without it).
   */
  withoutTenant(method: string, params: unknown): Promise<UntenantedAnswer>;
}

/** The answer to a request sent without the tenant: a result, or an error named as its binding writes it. */
export interface UntenantedAnswer {
  readonly result?: unknown;
  /** `error -32001`, `HTTP 404`, `gRPC NOT_FOUND`; undefined when a result came. */
  readonly error?: string;
}
