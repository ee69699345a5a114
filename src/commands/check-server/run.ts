/**
 * A check-server run on one binding: the state its steps share (the tasks made so far, why the
 * endpoint cannot be used, the steps and what they saw in `log`), what the card step learned
 * (`agent`, given, never changed) and the transport the steps speak. The groups see only this
 * class; the bindings are in jsonrpc-transport.ts and http-json-transport.ts, the stream loop in
 * stream-reader.ts, how a step ends in step-log.ts.
 *
 * Bounds: each request has `timeoutMs`, the whole run `totalTimeoutMs`, each body or stream is
 * read up to `maxBytes` (see stream-reader.ts for streams); redirects stay within the origin.
 * Only a server that cannot be reached at all stops the run (CheckServerError 'connection').
 */
import { loadVariant } from '../../engine/load-validators.js';
import type { Limits } from '../../live/http-client.js';
import type { Wire } from '../../live/agent-card.js';
import { describeResult, lifecycleOf, type CheckVariant, type Lifecycle } from '../../live/stream-lifecycle.js';
import type { GroupName } from './groups/names.js';
import { HttpJsonTransport } from './http-json-transport.js';
import { GrpcTransport } from './grpc-transport.js';
import { JsonRpcTransport, variantHasMethod } from './jsonrpc-transport.js';
import { fail, isObject, skip, sleep, StepFail, warn, type ErrorSeen, type Json, type StepLog, type StepResult } from './step-log.js';
import { readStream, type StreamOptions } from './stream-reader.js';
import type {
  Answer,
  CallOptions,
  Expect,
  StreamOutcome,
  Transport,
  TransportChoice,
  TransportContext,
  TransportName,
} from './transport.js';
import { clausesFor } from './clauses.js';
import type { DeviationSeen } from './deviations.js';
import { adapterFor, type TaskView, type WireAdapter } from './wire-adapter.js';
import { wireError, type ErrorName } from '../../../schemas/error-table.js';
import { heldRevision, type SpecRevision } from '../../../schemas/spec-revisions.js';
import { specRevisionOf } from '../../../schemas/variant-table.js';

/** The bounds of a check's requests, and the headers (--header) sent with every one of them. */
export type CheckLimits = Limits & { readonly headers?: Readonly<Record<string, string>> };

export interface CheckOptions {
  /** The variant payloads are validated against (default: the one the agent card names, see src/live/agent-card.ts). */
  readonly variant?: string;
  /**
   * On the v1.0 wire, the revision of A2A v1.0 the agent is held to (its §5.4 statuses, media types and ErrorInfo
   * rules, schemas/spec-revisions.ts); default: the variant's (schemas/variant-table.ts, 1.0.1).
   */
  readonly specRevision?: SpecRevision;
  /** Time allowed for one request, in milliseconds (default 10 000). */
  readonly timeoutMs?: number;
  /** Time allowed for the whole check, in milliseconds (default 60 000). */
  readonly totalTimeoutMs?: number;
  /** The most bytes read from one response or stream (default 10 MiB). */
  readonly maxBytes?: number;
  /**
   * The webhook URL the push-notification steps register. Default: a receiver check-server runs
   * on 127.0.0.1 for the run, which validates every notification it gets.
   */
  readonly webhookUrl?: string;
  /** Only these behaviour groups (default: all). */
  readonly only?: readonly string[];
  /** Not these behaviour groups. */
  readonly skip?: readonly string[];
  /** How many invalid-params fixtures to send per method: 'all' (default), 'none' or a number. */
  readonly probes?: 'all' | 'none' | number;
  /** Headers sent with every request, the card fetch included (--header). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Values never shown: each is replaced by *** in reasons, remarks, requests and answers (--header-env). */
  readonly secrets?: readonly string[];
  /** WARN fails the run too (exit 1), as FAIL does. */
  readonly strict?: boolean;
  /**
   * The keys a v1.0 card's signatures are verified with (--jwks): a JWK Set or its list of JWKs. Without it, each
   * signature's `jku` is fetched (A2A v1.0.1 §8.4.3).
   */
  readonly jwks?: unknown;
  /** Called as each step finishes. */
  readonly onStep?: (step: StepResult) => void;
  /** Called once the variant is chosen, with the sentence saying why (the report's first line). */
  readonly onVariant?: (variant: string, reason: string) => void;
  /**
   * The binding checked: `jsonrpc`, `http-json`, or `all` (each the card offers, JSON-RPC first,
   * with the differences between their answers). Default: the first the card offers, JSON-RPC first.
   */
  readonly transport?: TransportChoice;
}

export interface CheckReport {
  readonly url: string;
  readonly variant: CheckVariant;
  /** Why this variant: the card's wire and extensions, or --variant. */
  readonly variantReason: string;
  /** The JSON wire spoken: v0.3 or v1.0. */
  readonly wire: 'v0.3' | 'v1.0';
  /** The specification revision the agent was held to: `0.3.0` on the v0.3 wire, `1.0.1` or `1.0.0` on v1.0. */
  readonly specRevision: string;
  /** Where the agent card was found. */
  readonly cardUrl?: string;
  /** The JSON-RPC endpoint the card names. */
  readonly endpoint?: string;
  /** The bindings checked, in order. */
  readonly transports: readonly TransportName[];
  /** The HTTP+JSON base URL the card names, when that binding was checked. */
  readonly restEndpoint?: string;
  /** The gRPC endpoint the card names, when that binding was checked. */
  readonly grpcEndpoint?: string;
  /** With --transport all: the steps whose answers differ between the bindings. */
  readonly differences: readonly Difference[];
  /** Each kind of deviation seen (deviations.ts), with the steps it was seen in; also among those steps' FAILs. */
  readonly deviations: readonly DeviationSeen[];
  readonly steps: readonly StepResult[];
  readonly passed: number;
  readonly failed: number;
  readonly warned: number;
  readonly skipped: number;
  /** True when WARN counts as failing the run (--strict). */
  readonly strict: boolean;
  /** True when no step failed (with --strict: and none warned). */
  readonly ok: boolean;
  readonly durationMs: number;
}

/** One step whose answers to the same requests differ between JSON-RPC and HTTP+JSON (or gRPC). */
export interface Difference {
  readonly group: GroupName;
  readonly step: string;
  /** The answers on each binding, in order: `Task (completed)`, `error -32001`, `HTTP 404`. */
  readonly jsonrpc: readonly string[];
  readonly httpJson: readonly string[];
  /** The answers on gRPC, when that binding was checked too. */
  readonly grpc?: readonly string[];
}

export const DEFAULTS = {
  timeoutMs: 10_000,
  totalTimeoutMs: 60_000,
  maxBytes: 10 * 1024 * 1024,
  /** Shown in the usage: without --webhook, a receiver of check-server's own on 127.0.0.1. */
  webhookUrl: 'a receiver of check-server on 127.0.0.1',
} as const;

/** An error a step expects, by its name: its code from schemas/error-table.ts. */
const expected = <N extends ErrorName<'v1.0'>>(name: N) => ({ code: wireError('v1.0', name).code, name }) as const;

/** The error codes a step expects, by name. */
export const CODES = {
  parse: expected('JSONParseError'),
  invalidRequest: expected('InvalidRequestError'),
  methodNotFound: expected('MethodNotFoundError'),
  invalidParams: expected('InvalidParamsError'),
  taskNotFound: expected('TaskNotFoundError'),
  notCancelable: expected('TaskNotCancelableError'),
  contentType: expected('ContentTypeNotSupportedError'),
  versionNotSupported: expected('VersionNotSupportedError'),
  pushNotSupported: expected('PushNotificationNotSupportedError'),
  unsupported: expected('UnsupportedOperationError'),
} as const;

export type ResolvedOptions = Required<
  Omit<
    CheckOptions,
    | 'onStep'
    | 'variant'
    | 'onVariant'
    | 'only'
    | 'skip'
    | 'webhookUrl'
    | 'transport'
    | 'strict'
    | 'headers'
    | 'secrets'
    | 'specRevision'
    | 'jwks'
  >
> &
  Pick<CheckOptions, 'jwks'> &
  Pick<CheckOptions, 'specRevision'> &
  Pick<CheckOptions, 'onStep' | 'onVariant' | 'webhookUrl'>;

/** What the card step learned: the variant and wire, the card, the endpoints it names, the binding checked. */
export interface CardFacts {
  readonly variant: CheckVariant;
  /** Why this variant: the card's wire and extensions, or --variant. */
  readonly variantReason: string;
  readonly wire: Wire;
  readonly card?: Json;
  /** Where the agent card was found. */
  readonly cardUrl?: string;
  /** The headers of the card's answer (for the v1.0 caching step). */
  readonly cardHeaders?: Headers;
  /** The JSON-RPC endpoint the card names. */
  readonly endpoint?: string;
  /** The HTTP+JSON base URL the card names (no trailing slash). */
  readonly restEndpoint?: string;
  /** The gRPC endpoint the card names (its GRPC interface's url, host:port). */
  readonly grpcEndpoint?: string;
  /** On a v1.0 card, the `tenant` of the interface of each binding, where it sets one (groups/card.ts `interfaceTenants`). */
  readonly tenants?: Partial<Record<TransportName, string>>;
  /** The binding the run speaks: --transport, else the first the card offers, JSON-RPC first. */
  readonly transport: TransportName;
  /** Why the steps cannot run (no card, no usable endpoint). */
  readonly blocked?: string;
}

/** The revision a run on `wire` holds the agent to: `requested` (--spec-revision), else the variant's; none on v0.3. */
export function revisionOf(variant: string, wire: 'v0.3' | 'v1.0', requested?: SpecRevision): SpecRevision | undefined {
  return wire === 'v1.0' ? heldRevision(variant, requested) : undefined;
}

/** The report's line naming the revision, after the variant's: which one, and where it came from. */
export function revisionLine(variant: string, wire: 'v0.3' | 'v1.0', requested?: SpecRevision): string {
  const revision = revisionOf(variant, wire, requested);
  if (revision === undefined)
    return `revision A2A ${specRevisionOf(variant) ?? '0.3.0'}${requested !== undefined ? ` (--spec-revision ${requested} applies to the v1.0 wire only)` : ''}`;
  return requested !== undefined
    ? `revision A2A ${revision} (--spec-revision; the ${variant} variant follows ${specRevisionOf(variant)})`
    : `revision A2A ${revision} (the ${variant} variant's; --spec-revision 1.0.0 holds the agent to v1.0.0's rules)`;
}

/** Everything one run shares between its steps. */
export class Run {
  readonly adapter: WireAdapter;
  /** On the v1.0 wire, the revision the agent is held to. */
  readonly revision: SpecRevision | undefined;
  /** On the v1.0 wire, the `tenant` of the card's interface of the binding spoken, which every request carries. */
  readonly tenant: string | undefined;
  readonly lifecycle: Lifecycle;
  readonly transport: Transport;
  /** The JSON-RPC transport, for the steps that exist only there; undefined on HTTP+JSON. */
  readonly jsonRpc: JsonRpcTransport | undefined;
  /** WARN fails the run too (--strict). */
  strict = false;
  /** Every task the run made, by id. */
  readonly tasks = new Map<string, TaskView>();
  /** Why the steps cannot run, once known. */
  private blocked: string | undefined;
  private first: TaskView | undefined;
  private taskSource = '';
  private readonly context: TransportContext;

  constructor(
    readonly log: StepLog,
    readonly agent: CardFacts,
    readonly options: ResolvedOptions,
    readonly limits: CheckLimits,
  ) {
    const adapter = adapterFor(agent.wire);
    // --header: sent with every request, the wire's own headers (A2A-Version) after them.
    this.adapter = limits.headers ? { ...adapter, headers: { ...limits.headers, ...adapter.headers } } : adapter;
    this.revision = revisionOf(agent.variant, agent.wire, options.specRevision);
    this.tenant = agent.wire === 'v1.0' ? agent.tenants?.[agent.transport] : undefined;
    log.clauses = clausesFor(agent.wire, agent.variant, this.revision);
    this.lifecycle = lifecycleOf(agent.variant);
    this.blocked = agent.blocked;
    this.context = {
      variant: agent.variant,
      adapter: this.adapter,
      ...(this.revision !== undefined ? { revision: this.revision } : {}),
      ...(this.tenant !== undefined ? { tenant: this.tenant } : {}),
      lifecycle: this.lifecycle,
      limits,
      needEndpoint: () => void this.needEndpoint(),
      describe: (result) => this.describe(result),
      answered: (text) => log.answered(text),
      exchanged: (request, answer) => log.exchanged(request, answer),
      defer: (problems) => log.defer(problems),
      sawError: (method, error, httpStatus, contentType, grpc) => log.sawError(method, error, httpStatus, contentType, grpc),
      unreachable: (why) => {
        if (!this.blocked) this.blocked = why;
      },
      deviate: (kind, seen) => log.deviate(kind, seen),
    };
    if (agent.transport === 'http-json') {
      this.transport = new HttpJsonTransport(agent.restEndpoint, this.context);
      this.jsonRpc = undefined;
    } else if (agent.transport === 'grpc') {
      this.transport = new GrpcTransport(agent.grpcEndpoint, this.context);
      this.jsonRpc = undefined;
    } else {
      this.jsonRpc = new JsonRpcTransport(agent.endpoint, this.context);
      this.transport = this.jsonRpc;
    }
  }

  /** The first task the agent made, for the steps that need one. */
  get task(): TaskView | undefined {
    return this.first;
  }

  get variant(): CheckVariant {
    return this.agent.variant;
  }

  get methods() {
    return this.adapter.methods;
  }

  /** Every error answer of the run, for the errors group. */
  get errorsSeen(): readonly ErrorSeen[] {
    return this.log.errorsSeen;
  }

  /** Runs a step; `clause` is what its FAILs cite when they name none (default: the group's). */
  step(name: string, body: (note: (text: string) => void) => Promise<void>, clause?: string): Promise<StepResult> {
    return this.log.step(name, body, clause);
  }

  /** The clauses of this run's wire. */
  get clauses() {
    return this.log.clauses;
  }

  /**
   * Goes on with another JSON-RPC endpoint (the card's did not reach the agent): the later steps
   * use it, and the endpoint is reachable again until shown otherwise.
   */
  useEndpoint(url: string): void {
    this.jsonRpc?.retarget(url);
    this.blocked = undefined;
  }

  /** Skips the step when the endpoint of the binding is unknown or unreachable. */
  needEndpoint(): string {
    if (this.blocked) skip(this.blocked);
    return this.transport.endpoint!;
  }

  /**
   * Judges the answer to a call the card does not claim the capability for (A2A v1.0 §3.3.4 MUST;
   * v0.3 names the error without a MUST, and MethodNotFound there means an optional method left out).
   */
  unclaimed(answer: Answer, expected: { code: number; name: string }, clause: string, note: (text: string) => void): void {
    const { error, result } = answer;
    const code = isObject(error) ? error.code : undefined;
    if (code === expected.code) {
      note(`answered ${expected.name} (${expected.code}), as the specification names`);
      return;
    }
    const v03 = this.adapter.wire === 'v0.3';
    if (v03 && code === CODES.methodNotFound.code) {
      note('answered MethodNotFound: on A2A v0.3 the method is optional');
      return;
    }
    const got = error ? `error ${String(code)}` : `a result (${this.describe(result)})`;
    const reason = `expected ${expected.name} (${expected.code}) for what the card does not claim, got ${got}`;
    if (v03) warn(reason, clause);
    fail(reason, clause);
  }

  /** True when the card claims a capability (`capabilities[name] === true`). */
  claims(name: string): boolean {
    const card = this.agent.card;
    return isObject(card?.capabilities) && (card.capabilities as Json)[name] === true;
  }

  // ---- calls ------------------------------------------------------------------------------

  /**
   * Sends a request and checks the answer: valid for the method, the right id, and either a
   * result (`expect` = 'result') or the given error code. Returns the result or the error.
   */
  call(method: string, params: unknown, expect: Expect, note: (text: string) => void, options: CallOptions = {}): Promise<Answer> {
    return this.transport.call(method, params, expect, note, options);
  }

  /**
   * Sends a streaming request and reads the stream to its end (or a bound), checking every event
   * (valid for the method, the request's id, the lifecycle). `onEvent` runs after each success
   * event (for example to cancel the task in the middle of its stream).
   */
  async readStream(method: string, params: unknown, options: StreamOptions = {}): Promise<StreamOutcome> {
    this.needEndpoint();
    return readStream(this.transport, this.context, method, params, options);
  }

  // ---- tasks ------------------------------------------------------------------------------

  /** The first task of the run, made now (a message/send of a text part) when there is none yet. */
  async needTask(note: (text: string) => void): Promise<TaskView> {
    this.needEndpoint();
    if (!this.task && !this.taskSource) {
      const send = this.methods.send;
      const message = this.message([{ text: 'bindu-protocol check-server: please answer this message.' }]);
      try {
        const { result, problems } = await this.call(send, this.sendParams(message), 'result', note, { setup: true });
        // Invalid but usable: reported once, here; this step and the later ones go on with the task.
        if (problems && problems.length > 0) this.log.setupFailed(send, problems.join('; '));
        this.keepTask(result, `the setup call ${send} (text part)`);
      } catch (error) {
        if (!(error instanceof StepFail)) throw error;
        this.log.setupFailed(send, error.message);
        this.taskSource = `the setup call ${send} (text part) failed: ${error.message}`;
      }
    }
    if (!this.task) skip(`no task to use: ${this.taskSource || `${this.methods.send} produced none`}`);
    return this.task!;
  }

  /** Remembers a task; the first one becomes the run's task. */
  keepTask(result: unknown, source: string): TaskView | undefined {
    const task = this.adapter.taskOf(result);
    if (task) {
      this.tasks.set(task.id, task);
      if (!this.first) this.first = task;
    } else if (!this.task && !this.taskSource) {
      this.taskSource = `${source} answered with ${this.describe(result)}, not a Task`;
    }
    return task;
  }

  /** A short name of a result or event: `Task (working)`, `status-update completed, final`, `Message`. */
  describe(result: unknown): string {
    const said = describeResult(this.adapter.asV03Event(result));
    // On the v1.0 wire there is no `kind`: say which wrapper was missing instead.
    return this.adapter.wire === 'v1.0' && said === 'an object without kind'
      ? 'an object with none of task, message, statusUpdate, artifactUpdate'
      : said;
  }

  /** Polls the task until it is in a terminal state; skips when it waits on the client or takes too long. */
  async waitUntilFinished(task: TaskView, note: (text: string) => void, purpose: string): Promise<TaskView> {
    const until = Date.now() + this.options.timeoutMs;
    let polls = 0;
    let current = task;
    while (current.state === undefined || !this.lifecycle.terminal.includes(current.state)) {
      if (current.state !== undefined && this.lifecycle.interrupted.includes(current.state)) {
        skip(`the task waits in ${current.state}; there is no finished task ${purpose}`);
      }
      if (Date.now() >= until) {
        const still = `the task is still ${current.state ?? 'in no known state'} after ${this.options.timeoutMs} ms`;
        skip(`${still}; there is no finished task ${purpose}`);
      }
      if (polls > 0) await sleep(200, this.limits.deadline);
      polls++;
      let result: unknown;
      try {
        ({ result } = await this.call(this.methods.get, this.adapter.getParams(this.taskKey('TaskQueryParams'), task.id), 'result', note));
      } catch (error) {
        if (error instanceof StepFail) fail(`while waiting for the task to finish, ${this.methods.get}: ${error.message}`);
        throw error;
      }
      current = this.adapter.taskOf(result) ?? current;
    }
    if (polls > 0) note(`waited for the task to finish (${polls} ${this.methods.get})`);
    this.tasks.set(current.id, current);
    if (this.first?.id === current.id) this.first = current;
    return current;
  }

  // ---- payloads ---------------------------------------------------------------------------

  private definition(type: string): { properties: Json; required: string[] } {
    const schema: unknown = loadVariant(this.variant).definitions[type];
    const properties = isObject(schema) && isObject(schema.properties) ? schema.properties : {};
    const required = isObject(schema) && Array.isArray(schema.required) ? (schema.required as string[]) : [];
    return { properties, required };
  }

  /** True when the variant defines the method. */
  hasMethod(method: string): boolean {
    return variantHasMethod(this.variant, method);
  }

  /** The name a v0.3 params type gives the task id: `id` in A2A, `taskId` where Bindu renames it. */
  taskKey(paramsType: string): string {
    if (this.adapter.wire === 'v1.0') return 'id';
    const { properties } = this.definition(paramsType);
    return 'taskId' in properties && !('id' in properties) ? 'taskId' : 'id';
  }

  /** A user message, carrying whatever ids the variant requires of a client (bindu requires contextId and taskId). */
  message(
    parts: Parameters<WireAdapter['message']>[0]['parts'],
    spec: { taskId?: string; contextId?: string; referenceTaskIds?: string[] } = {},
    withMessageId = true,
  ): Json {
    const required = this.adapter.wire === 'v0.3' ? this.definition('Message').required : [];
    return this.adapter.message(
      {
        parts,
        ...(spec.contextId !== undefined
          ? { contextId: spec.contextId }
          : required.includes('contextId')
            ? { contextId: crypto.randomUUID() }
            : {}),
        ...(spec.taskId !== undefined ? { taskId: spec.taskId } : required.includes('taskId') ? { taskId: crypto.randomUUID() } : {}),
        ...(spec.referenceTaskIds !== undefined ? { referenceTaskIds: spec.referenceTaskIds } : {}),
      },
      { withMessageId },
    );
  }

  /**
   * The media types the card says the agent takes: its defaultInputModes and every skill's
   * inputModes; undefined when it names none (then nothing is ruled out).
   */
  inputModes(): string[] | undefined {
    const card = this.agent.card;
    const modes = [
      card?.defaultInputModes,
      ...(Array.isArray(card?.skills) ? card.skills.map((skill) => (isObject(skill) ? skill.inputModes : undefined)) : []),
    ]
      .flatMap((list) => (Array.isArray(list) ? list.filter((mode): mode is string => typeof mode === 'string') : []))
      .map((mode) => mode.trim().toLowerCase());
    return modes.length > 0 ? [...new Set(modes)] : undefined;
  }

  /** The output modes the card names (text/plain when it names none). */
  private outputModes(): string[] {
    const modes = this.agent.card?.defaultOutputModes;
    return Array.isArray(modes) && modes.length > 0 && modes.every((mode) => typeof mode === 'string')
      ? (modes as string[])
      : ['text/plain'];
  }

  /** Send params for a message: blocking unless asked, accepting the card's default output modes. */
  sendParams(message: Json, options: { blocking?: boolean; webhook?: { url: string; token: string } } = {}): Json {
    const spec = {
      blocking: options.blocking ?? true,
      acceptedOutputModes: this.outputModes(),
      ...(options.webhook ? { webhook: options.webhook } : {}),
    };
    return this.adapter.sendParams(message, spec);
  }
}
