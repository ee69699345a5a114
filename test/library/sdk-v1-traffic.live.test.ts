/**
 * Real A2A v1.0 traffic: an agent of ours on a real `@a2a-js/sdk` 1.x server (DefaultRequestHandler
 * and the SDK's Express handlers, on 127.0.0.1), driven through every JSON-RPC method it serves by
 * the SDK's own client. Every request the client sends, every response and every Server-Sent
 * Event the server answers, the agent card, and every push notification the SDK posts to our
 * webhook are recorded byte for byte and validated with the package's `validateMessage` and
 * `validate` under each A2A v1.0 variant the package has (`V1_VARIANTS`), strict and not.
 *
 * Where the SDK departs from the v1.0 specification, a test named DEVIATION pins what it does (so
 * a fix in the SDK shows up here) and SPEC-NOTES.md ("What a real A2A implementation does
 * differently") says why the package does not follow it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, TaskState, type Message, type Part, type SendMessageRequest, type Task } from '@a2a-js/sdk-v1';
import { ClientFactory, DefaultAgentCardResolver, JsonRpcTransportFactory, type Client } from '@a2a-js/sdk-v1/client';
import { variantNames, type VariantName } from '../../src/library/variants.js';
import { validateMessage } from '../../src/library/validate-message.js';
import { validate, type ValidationResult } from '../../src/library/validate.js';
import { loadVariant } from '../../src/engine/load-validators.js';
import { SseParser } from '../../src/live/sse.js';
import { chooseVariant, endpointFor, WIRE_OF_VARIANT } from '../../src/live/agent-card.js';
import {
  EXTENDED_SKILL_ID,
  JSONRPC_PATH,
  recordingFetch,
  startSdkV1Server,
  type Exchange,
  type PushRecord,
  type SdkV1Server,
} from '../fixtures/servers/sdk-v1-traffic.js';

/**
 * The A2A v1.0 variants the package has (`a2a-v1`, `aion`): its variant list, filtered by the wire
 * `src/live/agent-card.ts` gives each variant, so a v1.0 variant added to the package is checked with no edit here.
 */
const V1_VARIANTS = (variantNames as readonly string[]).filter((name) => WIRE_OF_VARIANT[name] === 'v1.0') as VariantName[];
const MODES = [false, true] as const;
const CASES = V1_VARIANTS.flatMap((variant) => MODES.map((strict) => ({ variant, strict })));

/** The methods the SDK's JsonRpcTransportHandler serves (its `switch`), all of which this test drives. */
const SERVED = [
  'SendMessage',
  'SendStreamingMessage',
  'GetTask',
  'ListTasks',
  'CancelTask',
  'SubscribeToTask',
  'CreateTaskPushNotificationConfig',
  'GetTaskPushNotificationConfig',
  'ListTaskPushNotificationConfigs',
  'DeleteTaskPushNotificationConfig',
  'GetExtendedAgentCard',
];
/** The aion context extension's methods: not part of A2A v1.0, so the SDK does not serve them. */
const AION_EXTENSION_METHODS = ['GetContext', 'GetContexts'];

const STEP_MS = 10_000;

/** The two push notification configs: a token with credentials, and a token alone. */
const PUSH = {
  token: 'token-with-credentials',
  credentials: 'webhook-secret',
  tokenOnly: 'token-alone',
  tokenOnlyPath: '/token-only',
} as const;

/** Bounds any wait: rejects with what was being waited for when it takes longer than `ms`. */
function bounded<T>(promise: Promise<T>, what: string, ms = STEP_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const options = () => ({ signal: AbortSignal.timeout(STEP_MS) });

const text = (value: string): Part => ({ content: { $case: 'text', value }, metadata: undefined, filename: '', mediaType: 'text/plain' });

function userMessage(command: string, continues?: Task, parts: Part[] = [text(command)]): SendMessageRequest {
  const message: Message = {
    messageId: randomUUID(),
    contextId: continues?.contextId ?? '',
    taskId: continues?.id ?? '',
    role: Role.ROLE_USER,
    parts,
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
  return { tenant: '', message, configuration: undefined, metadata: undefined };
}

/** Every part kind a user can send: text, data, url and raw bytes. */
const richParts = (command: string): Part[] => [
  text(command),
  {
    content: { $case: 'data', value: { question: 'how many?', n: [1, 2, 3] } },
    metadata: { from: 'test' },
    filename: '',
    mediaType: 'application/json',
  },
  {
    content: { $case: 'url', value: 'https://example.com/input.txt' },
    metadata: undefined,
    filename: 'input.txt',
    mediaType: 'text/plain',
  },
  {
    content: { $case: 'raw', value: Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255]) },
    metadata: undefined,
    filename: 'input.bin',
    mediaType: 'application/octet-stream',
  },
];

async function drain<T>(stream: AsyncGenerator<T>): Promise<T[]> {
  const events: T[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

/** Resolves with the rejection of `promise` (fails when it resolves). */
async function rejection(promise: Promise<unknown>, what: string): Promise<Error> {
  try {
    await bounded(promise, what);
  } catch (error) {
    return error as Error;
  }
  throw new Error(`${what}: expected an error, got a result`);
}

/** One JSON payload seen on the wire, with what it is checked as. */
interface Payload {
  /** Where it was seen, for messages: `SendMessage #3 response`, `SubscribeToTask #12 event 2`. */
  readonly source: string;
  readonly kind: 'card' | 'request' | 'response' | 'event' | 'push';
  readonly method?: string;
  readonly request?: Record<string, unknown>;
  readonly value: any;
}

/** What the drive found, besides the recorded exchanges. */
interface Drive {
  exchanges: readonly Exchange[];
  pushes: readonly PushRecord[];
  payloads: Payload[];
  /** The JSON-RPC method of every POST the client made, in order. */
  methods: string[];
  /** Every request the server received during the drive (its own log). */
  served: readonly string[];
  waitTaskId: string;
  errors: Record<string, Error>;
}

const parseSse = (body: string) => {
  const parser = new SseParser();
  return [...parser.feed(body), ...parser.end()];
};

/** Turns the recorded exchanges and pushes into the payloads to validate. */
function payloadsOf(exchanges: readonly Exchange[], pushes: readonly PushRecord[]): Payload[] {
  const payloads: Payload[] = [];
  for (const exchange of exchanges) {
    if (exchange.readError !== undefined || exchange.responseBody === undefined)
      throw new Error(`${exchange.httpMethod} ${exchange.url}: the response body was not read (${exchange.readError})`);
    if (exchange.requestBody === undefined) {
      payloads.push({ source: `GET ${new URL(exchange.url).pathname}`, kind: 'card', value: JSON.parse(exchange.responseBody) });
      continue;
    }
    const request = JSON.parse(exchange.requestBody) as Record<string, unknown>;
    const method = String(request.method);
    const name = `${method} #${String(request.id)}`;
    payloads.push({ source: `${name} request`, kind: 'request', method, value: request });
    if (exchange.contentType.startsWith('text/event-stream')) {
      const events = parseSse(exchange.responseBody);
      if (events.length === 0) throw new Error(`${name}: an event stream without events`);
      events.forEach((event, index) => {
        payloads.push({ source: `${name} event ${index + 1}`, kind: 'event', method, request, value: JSON.parse(event.data) });
      });
    } else {
      payloads.push({ source: `${name} response`, kind: 'response', method, request, value: JSON.parse(exchange.responseBody) });
    }
  }
  pushes.forEach((push, index) => {
    payloads.push({ source: `push notification ${index + 1}`, kind: 'push', value: JSON.parse(push.body) });
  });
  return payloads;
}

/** The verdict the package gives one payload. */
function verdict(payload: Payload, variant: VariantName, strict: boolean): ValidationResult {
  switch (payload.kind) {
    case 'card':
      return validate('AgentCard', payload.value, { variant, strict });
    case 'push':
      // A push notification's body is a StreamResponse (A2A v1.0 §4.3.3).
      return validate('StreamResponse', payload.value, { variant, strict });
    case 'request':
      return validateMessage(payload.value, { variant, strict });
    default:
      return validateMessage(payload.value, { variant, strict, request: payload.request });
  }
}

const describeFailure = (payload: Payload, result: ValidationResult) =>
  `${payload.source}: ${[...result.errors, ...result.warnings].map((issue) => `${issue.path || '/'} ${issue.keyword} ${issue.message}`).join('; ')}`;

/** `TaskNotFoundError` -> `TASK_NOT_FOUND` (A2A v1.0 §9.5: the reason is the error type in UPPER_SNAKE_CASE without "Error"). */
const reasonOf = (errorName: string) =>
  errorName
    .replace(/Error$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toUpperCase();

describe('the package knows which variants are A2A v1.0', () => {
  it('V1_VARIANTS holds aion (so the traffic is never checked against nothing), and only v1.0 variants', () => {
    expect(V1_VARIANTS).toContain('aion');
    for (const variant of V1_VARIANTS) expect(['a2a-v1', 'aion']).toContain(variant);
  });

  it('every v1.0 variant whose validators the package ships is in V1_VARIANTS (none is left out silently)', () => {
    const v1 = Object.keys(WIRE_OF_VARIANT).filter((name) => WIRE_OF_VARIANT[name] === 'v1.0');
    expect(v1).toEqual(expect.arrayContaining(['a2a-v1', 'aion']));
    for (const name of v1) {
      let shipped = true;
      try {
        loadVariant(name);
      } catch {
        shipped = false;
      }
      expect(V1_VARIANTS.includes(name as VariantName), name).toBe(shipped);
    }
  });

  it('every method the SDK serves is a method of every v1.0 variant, and every other method of theirs is the aion extension', () => {
    for (const variant of V1_VARIANTS) {
      const methods = loadVariant(variant).meta.methods.map((method) => method.method);
      expect(methods, variant).toEqual(expect.arrayContaining(SERVED));
      expect(
        methods.filter((method) => !SERVED.includes(method)).every((method) => AION_EXTENSION_METHODS.includes(method)),
        variant,
      ).toBe(true);
    }
  });
});

describe('@a2a-js/sdk 1.x: every method driven by its own client, every payload validated', () => {
  let server: SdkV1Server;
  let drive: Drive;

  beforeAll(async () => {
    server = await bounded(startSdkV1Server(), 'starting the SDK server');
    const recorder = recordingFetch();
    const factory = new ClientFactory({
      transports: [new JsonRpcTransportFactory({ fetchImpl: recorder.fetch })],
      cardResolver: new DefaultAgentCardResolver({ fetchImpl: recorder.fetch }),
    });
    const client: Client = await bounded(factory.createFromUrl(server.url), 'the SDK client reading the agent card');
    const errors: Record<string, Error> = {};

    // GetExtendedAgentCard: the card claims capabilities.extendedAgentCard, so the client asks for it.
    const extended = await bounded(client.getAgentCard(options()), 'GetExtendedAgentCard');
    expect(extended.skills.map((skill) => skill.id)).toContain(EXTENDED_SKILL_ID);

    // SendMessage: a Message answer; a completed Task with an artifact of every part kind.
    const answer = await bounded(client.sendMessage(userMessage('message'), options()), 'SendMessage (message)');
    expect('messageId' in answer && answer.role).toBe(Role.ROLE_AGENT);
    const completed = (await bounded(
      client.sendMessage(userMessage('complete', undefined, richParts('complete')), options()),
      'SendMessage (complete)',
    )) as Task;
    expect(completed.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(completed.artifacts[0]?.parts.map((part) => part.content?.$case)).toEqual(['text', 'data', 'url', 'raw']);

    // GetTask with historyLength 1, 0 and unset (A2A v1.0 §3.2.4).
    expect(
      (await bounded(client.getTask({ tenant: '', id: completed.id, historyLength: 1 }, options()), 'GetTask (historyLength 1)')).history,
    ).toHaveLength(1);
    expect(
      (await bounded(client.getTask({ tenant: '', id: completed.id, historyLength: 0 }, options()), 'GetTask (historyLength 0)')).history,
    ).toEqual([]);
    expect((await bounded(client.getTask({ tenant: '', id: completed.id }, options()), 'GetTask')).history.length).toBeGreaterThan(1);

    // SendStreamingMessage: artifact chunks, then COMPLETED; a message-only stream.
    const streamed = await bounded(drain(client.sendMessageStream(userMessage('stream'), options())), 'SendStreamingMessage (stream)');
    expect(streamed.map((event) => event.payload?.$case)).toEqual([
      'task',
      'statusUpdate',
      'artifactUpdate',
      'artifactUpdate',
      'statusUpdate',
    ]);
    const messageOnly = await bounded(drain(client.sendMessageStream(userMessage('message'), options())), 'SendStreamingMessage (message)');
    expect(messageOnly.map((event) => event.payload?.$case)).toEqual(['message']);

    // INPUT_REQUIRED, then the next message finishes the task: once blocking, once streamed.
    const asking = (await bounded(client.sendMessage(userMessage('input'), options()), 'SendMessage (input)')) as Task;
    expect(asking.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    const answered = (await bounded(client.sendMessage(userMessage('blue', asking), options()), 'SendMessage (the answer)')) as Task;
    expect(answered.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const askingStream = await bounded(drain(client.sendMessageStream(userMessage('input'), options())), 'SendStreamingMessage (input)');
    const askingTask = askingStream[0]?.payload?.$case === 'task' ? askingStream[0].payload.value : undefined;
    expect(askingTask).toBeDefined();
    expect(askingStream.at(-1)?.payload).toMatchObject({
      $case: 'statusUpdate',
      value: { status: { state: TaskState.TASK_STATE_INPUT_REQUIRED } },
    });
    const answeredStream = await bounded(
      drain(client.sendMessageStream(userMessage('green', askingTask), options())),
      'SendStreamingMessage (the answer)',
    );
    expect(answeredStream.at(-1)?.payload).toMatchObject({
      $case: 'statusUpdate',
      value: { status: { state: TaskState.TASK_STATE_COMPLETED } },
    });

    // A task that stays WORKING: push notification configs, SubscribeToTask, then CancelTask.
    const waiting = (await bounded(
      client.sendMessage(
        {
          ...userMessage('wait'),
          configuration: { acceptedOutputModes: ['text/plain'], taskPushNotificationConfig: undefined, returnImmediately: true },
        },
        options(),
      ),
      'SendMessage (wait, returnImmediately)',
    )) as Task;
    expect([TaskState.TASK_STATE_SUBMITTED, TaskState.TASK_STATE_WORKING]).toContain(waiting.status?.state);
    // Two configs: one with a token and credentials, one with a token only (A2A v1.0 §4.3.3, §6.6).
    const config = await bounded(
      client.createTaskPushNotificationConfig(
        {
          tenant: '',
          id: '',
          taskId: waiting.id,
          url: server.webhook.url,
          token: PUSH.token,
          authentication: { scheme: 'Bearer', credentials: PUSH.credentials },
        },
        options(),
      ),
      'CreateTaskPushNotificationConfig',
    );
    expect(config.id).not.toBe('');
    const tokenOnly = await bounded(
      client.createTaskPushNotificationConfig(
        {
          tenant: '',
          id: 'token-only',
          taskId: waiting.id,
          url: `${server.webhook.url}${PUSH.tokenOnlyPath}`,
          token: PUSH.tokenOnly,
          authentication: undefined,
        },
        options(),
      ),
      'CreateTaskPushNotificationConfig (token only)',
    );
    expect(tokenOnly.id).toBe('token-only');
    expect(
      await bounded(
        client.getTaskPushNotificationConfig({ tenant: '', taskId: waiting.id, id: config.id }, options()),
        'GetTaskPushNotificationConfig',
      ),
    ).toMatchObject({ id: config.id, url: server.webhook.url });
    expect(
      (
        await bounded(
          client.listTaskPushNotificationConfig({ tenant: '', taskId: waiting.id, pageSize: 0, pageToken: '' }, options()),
          'ListTaskPushNotificationConfigs',
        )
      ).configs,
    ).toHaveLength(2);

    const subscription = client.resubscribeTask({ tenant: '', id: waiting.id }, options());
    const first = await bounded(subscription.next(), 'SubscribeToTask (first event)');
    expect(first.value?.payload?.$case).toBe('task');
    const canceled = await bounded(client.cancelTask({ tenant: '', id: waiting.id, metadata: undefined }, options()), 'CancelTask');
    expect(canceled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    const rest = await bounded(drain(subscription), 'SubscribeToTask (to its end)');
    expect(rest.at(-1)?.payload).toMatchObject({ $case: 'statusUpdate', value: { status: { state: TaskState.TASK_STATE_CANCELED } } });
    // The CANCELED notification reaches both webhooks (delivery is fire-and-forget: wait for it, bounded).
    const webhookPath = new URL(server.webhook.url).pathname;
    const pushedCanceled = (path: string) =>
      server.webhook.received.some((push) => push.path === path && push.body.includes('TASK_STATE_CANCELED'));
    await bounded(
      (async () => {
        while (!pushedCanceled(webhookPath) || !pushedCanceled(`${webhookPath}${PUSH.tokenOnlyPath}`))
          await new Promise((resolve) => setTimeout(resolve, 20));
      })(),
      'the CANCELED push notifications',
    );

    await bounded(
      client.deleteTaskPushNotificationConfig({ tenant: '', taskId: waiting.id, id: config.id }, options()),
      'DeleteTaskPushNotificationConfig',
    );
    expect(
      (
        await bounded(
          client.listTaskPushNotificationConfig({ tenant: '', taskId: waiting.id, pageSize: 0, pageToken: '' }, options()),
          'ListTaskPushNotificationConfigs (one left)',
        )
      ).configs.map((entry) => entry.id),
    ).toEqual(['token-only']);
    await bounded(
      client.deleteTaskPushNotificationConfig({ tenant: '', taskId: waiting.id, id: tokenOnly.id }, options()),
      'DeleteTaskPushNotificationConfig (token only)',
    );
    expect(
      (
        await bounded(
          client.listTaskPushNotificationConfig({ tenant: '', taskId: waiting.id, pageSize: 0, pageToken: '' }, options()),
          'ListTaskPushNotificationConfigs (none left)',
        )
      ).configs,
    ).toEqual([]);

    // ListTasks: a page of one and the page after it; filtered by context and state, with artifacts.
    const page = await bounded(
      client.listTasks(
        {
          tenant: '',
          contextId: '',
          status: TaskState.TASK_STATE_UNSPECIFIED,
          pageSize: 1,
          pageToken: '',
          historyLength: 0,
          statusTimestampAfter: undefined,
          includeArtifacts: undefined,
        },
        options(),
      ),
      'ListTasks (page 1)',
    );
    expect(page.tasks).toHaveLength(1);
    expect(page.nextPageToken).not.toBe('');
    await bounded(
      client.listTasks(
        {
          tenant: '',
          contextId: '',
          status: TaskState.TASK_STATE_UNSPECIFIED,
          pageSize: 1,
          pageToken: page.nextPageToken,
          historyLength: undefined,
          statusTimestampAfter: undefined,
          includeArtifacts: undefined,
        },
        options(),
      ),
      'ListTasks (page 2)',
    );
    const filtered = await bounded(
      client.listTasks(
        {
          tenant: '',
          contextId: completed.contextId,
          status: TaskState.TASK_STATE_COMPLETED,
          pageSize: 10,
          pageToken: '',
          historyLength: 1,
          statusTimestampAfter: undefined,
          includeArtifacts: true,
        },
        options(),
      ),
      'ListTasks (filtered)',
    );
    expect(filtered.tasks.map((task) => task.id)).toEqual([completed.id]);
    await bounded(
      client.listTasks(
        {
          tenant: '',
          contextId: '',
          status: TaskState.TASK_STATE_UNSPECIFIED,
          pageSize: 100,
          pageToken: '',
          historyLength: undefined,
          statusTimestampAfter: undefined,
          includeArtifacts: undefined,
        },
        options(),
      ),
      'ListTasks (all)',
    );

    // Error answers, through the same client.
    errors.taskNotFound = await rejection(client.getTask({ tenant: '', id: randomUUID() }, options()), 'GetTask (unknown task)');
    errors.notCancelable = await rejection(
      client.cancelTask({ tenant: '', id: completed.id, metadata: undefined }, options()),
      'CancelTask (completed task)',
    );
    errors.terminalSend = await rejection(
      client.sendMessage(userMessage('again', completed), options()),
      'SendMessage (to a completed task)',
    );
    errors.terminalSubscribe = await rejection(
      drain(client.resubscribeTask({ tenant: '', id: completed.id }, options())),
      'SubscribeToTask (completed task)',
    );
    errors.deletedConfig = await rejection(
      client.getTaskPushNotificationConfig({ tenant: '', taskId: waiting.id, id: config.id }, options()),
      'GetTaskPushNotificationConfig (deleted)',
    );

    await bounded(recorder.settled(), 'reading every recorded response to its end');
    drive = {
      exchanges: recorder.exchanges,
      pushes: [...server.webhook.received],
      payloads: payloadsOf(recorder.exchanges, server.webhook.received),
      methods: recorder.exchanges
        .filter((exchange) => exchange.requestBody !== undefined)
        .map((exchange) => String(JSON.parse(exchange.requestBody!).method)),
      served: [...server.served],
      waitTaskId: waiting.id,
      errors,
    };
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it('the recorder saw every request the server received', () => {
    const recorded = drive.exchanges.map((exchange) => `${exchange.httpMethod} ${new URL(exchange.url).pathname}`);
    expect(recorded).toEqual(drive.served);
    expect(recorded[0]).toBe('GET /.well-known/agent-card.json');
    expect(recorded.slice(1).every((entry) => entry === `POST ${JSONRPC_PATH}`)).toBe(true);
  });

  it('every method the server serves was driven, and succeeded at least once', () => {
    expect([...new Set(drive.methods)].sort()).toEqual([...SERVED].sort());
    const succeeded = new Set(
      drive.payloads
        .filter((payload) => (payload.kind === 'response' || payload.kind === 'event') && 'result' in payload.value)
        .map((payload) => payload.method),
    );
    expect([...succeeded].sort()).toEqual([...SERVED].sort());
  });

  it('the payloads: a card, a request per call, a response or events per call, push notifications', () => {
    const count = (kind: Payload['kind']) => drive.payloads.filter((payload) => payload.kind === kind).length;
    expect(count('card')).toBe(1);
    expect(count('request')).toBe(drive.methods.length);
    expect(count('response') + drive.exchanges.filter((exchange) => exchange.contentType.startsWith('text/event-stream')).length).toBe(
      drive.methods.length,
    );
    expect(count('event')).toBeGreaterThanOrEqual(15);
    expect(count('push')).toBeGreaterThanOrEqual(1);
  });

  it.each(CASES)(
    'every request, response, stream event, card and push notification is valid under $variant (strict: $strict)',
    ({ variant, strict }) => {
      const failures = drive.payloads.flatMap((payload) => {
        const result = verdict(payload, variant, strict);
        return result.valid && result.warnings.length === 0 ? [] : [describeFailure(payload, result)];
      });
      expect(failures).toEqual([]);
    },
  );

  it.each(V1_VARIANTS)('the agent card and the extended card are AgentCards of %s', (variant) => {
    const card = drive.payloads.find((payload) => payload.kind === 'card')!.value;
    const extended = drive.payloads.find((payload) => payload.method === 'GetExtendedAgentCard' && payload.kind === 'response')!.value
      .result;
    for (const strict of MODES) {
      expect(validate('AgentCard', card, { variant, strict })).toEqual({ valid: true, errors: [], warnings: [] });
      expect(validate('AgentCard', extended, { variant, strict })).toEqual({ valid: true, errors: [], warnings: [] });
    }
    expect(card.supportedInterfaces).toEqual([
      expect.objectContaining({ url: `${server.url}${JSONRPC_PATH}`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }),
    ]);
    expect(card.capabilities.extendedAgentCard).toBe(true);
    // The shared rule reads it as an A2A v1.0 card (no aion extension: a2a-v1) naming the endpoint the client used.
    expect(chooseVariant(card)).toMatchObject({ wire: 'v1.0', variant: 'a2a-v1' });
    expect(endpointFor(card)).toEqual({ url: `${server.url}${JSONRPC_PATH}`, binding: 'JSONRPC', protocolVersion: '1.0' });
  });

  it.each(V1_VARIANTS)(
    'the validation is not vacuous: a defect in a recorded payload is an error under %s, an unknown key an error only with strict',
    (variant) => {
      const sent = drive.payloads.find(
        (payload) => payload.kind === 'response' && payload.method === 'SendMessage' && 'task' in (payload.value.result ?? {}),
      )!;
      const v03Role = structuredClone(sent.value);
      v03Role.result.task.history[0].role = 'user';
      expect(validateMessage(v03Role, { variant, request: sent.request }).errors).toEqual([
        expect.objectContaining({ path: '/result/task/history/0/role' }),
      ]);
      const noParts = structuredClone(sent.value);
      noParts.result.task.artifacts[0].parts = [];
      expect(validateMessage(noParts, { variant, request: sent.request }).valid).toBe(false);
      const extraKey = structuredClone(sent.value);
      extraKey.result.task.status.final = true;
      expect(validateMessage(extraKey, { variant, request: sent.request })).toMatchObject({
        valid: true,
        warnings: [expect.objectContaining({ path: '/result/task/status' })],
      });
      expect(validateMessage(extraKey, { variant, strict: true, request: sent.request }).valid).toBe(false);
      const event = drive.payloads.find((payload) => payload.kind === 'event' && 'artifactUpdate' in payload.value.result)!;
      const both = structuredClone(event.value);
      both.result.statusUpdate = { taskId: 't', contextId: 'c', status: { state: 'TASK_STATE_WORKING' } };
      expect(validateMessage(both, { variant, request: event.request }).valid).toBe(false);
    },
  );

  it('the SDK client sends A2A-Version 1.0 and JSON-RPC requests as application/json (A2A v1.0 §3.6.1, §9.1)', async () => {
    // Checked on a fresh request through the recorder's own fetch, as the client builds its headers.
    const heard: Headers[] = [];
    const recorder = recordingFetch();
    const listening: typeof fetch = (input, init) => {
      heard.push(new Headers(init?.headers));
      return recorder.fetch(input, init);
    };
    const factory = new ClientFactory({
      transports: [new JsonRpcTransportFactory({ fetchImpl: listening })],
      cardResolver: new DefaultAgentCardResolver({ fetchImpl: listening }),
    });
    const client = await bounded(factory.createFromUrl(server.url), 'the SDK client reading the agent card');
    await bounded(client.getTask({ tenant: '', id: drive.waitTaskId }, options()), 'GetTask');
    expect(heard.map((headers) => headers.get('a2a-version'))).toEqual(['1.0', '1.0']);
    expect(heard[1]!.get('content-type')).toBe('application/json');
  });

  it('responses are application/json, streams text/event-stream (A2A v1.0 §9.1)', () => {
    for (const exchange of drive.exchanges.slice(1)) {
      const method = String(JSON.parse(exchange.requestBody!).method);
      const streamed = exchange.contentType.startsWith('text/event-stream');
      expect(exchange.status, method).toBe(200);
      if (!streamed) expect(exchange.contentType.split(';')[0], method).toBe('application/json');
      if (streamed) expect(['SendStreamingMessage', 'SubscribeToTask'], method).toContain(method);
    }
  });

  it('streams follow §3.1.2 and §3.1.6: a Message alone, or a Task first and nothing after a terminal or interrupted state', () => {
    const terminal = [
      'TASK_STATE_COMPLETED',
      'TASK_STATE_FAILED',
      'TASK_STATE_CANCELED',
      'TASK_STATE_REJECTED',
      'TASK_STATE_INPUT_REQUIRED',
      'TASK_STATE_AUTH_REQUIRED',
    ];
    for (const exchange of drive.exchanges.filter((candidate) => candidate.contentType.startsWith('text/event-stream'))) {
      const results = parseSse(exchange.responseBody!).map((event) => JSON.parse(event.data).result);
      const name = exchange.requestBody!;
      if ('message' in results[0]) {
        expect(results, name).toHaveLength(1);
        continue;
      }
      expect(Object.keys(results[0]), name).toEqual(['task']);
      const ends = results
        .map((result) => result.statusUpdate?.status?.state ?? result.task?.status?.state)
        .map((state) => terminal.includes(state));
      expect(
        ends
          .slice(0, -1)
          .slice(1)
          .every((end) => !end),
        name,
      ).toBe(true);
      expect(ends.at(-1), name).toBe(true);
    }
  });

  it('historyLength, includeArtifacts and nextPageToken behave as A2A v1.0 §3.2.4 and §3.1.4 say', () => {
    const result = (method: string, test: (params: any) => boolean) =>
      drive.payloads
        .filter((payload) => payload.kind === 'response' && payload.method === method && test(payload.request!.params))
        .map((payload) => payload.value.result);
    const [one] = result('GetTask', (params) => params.historyLength === 1);
    expect(one.history).toHaveLength(1);
    const [none] = result('GetTask', (params) => params.historyLength === 0);
    expect(none).not.toHaveProperty('history');
    const lists = result('ListTasks', () => true);
    for (const list of lists) {
      expect(typeof list.nextPageToken).toBe('string');
      const stamps = list.tasks.map((task: any) => Date.parse(task.status.timestamp));
      expect(stamps).toEqual([...stamps].sort((a, b) => b - a));
    }
    for (const [params, list] of drive.payloads
      .filter((payload) => payload.kind === 'response' && payload.method === 'ListTasks')
      .map((payload) => [payload.request!.params as any, payload.value.result] as const)) {
      if (params.includeArtifacts === true) for (const task of list.tasks) expect(task).toHaveProperty('artifacts');
      else for (const task of list.tasks) expect(task).not.toHaveProperty('artifacts');
      if (params.historyLength === 0) for (const task of list.tasks) expect(task).not.toHaveProperty('history');
    }
    expect(lists.at(-1).nextPageToken).toBe('');
  });

  it('A2A errors carry a google.rpc.ErrorInfo with the reason and domain of A2A v1.0 §9.5', () => {
    const catalogue = Object.entries(loadVariant('aion').meta.errors);
    const answers = drive.payloads.filter(
      (payload) => (payload.kind === 'response' || payload.kind === 'event') && 'error' in payload.value,
    );
    expect(answers.map((payload) => `${payload.method} ${payload.value.error.code}`).sort()).toEqual([
      'CancelTask -32002',
      'GetTask -32001',
      'GetTaskPushNotificationConfig -32001',
      'SendMessage -32004',
      'SubscribeToTask -32004',
    ]);
    for (const payload of answers) {
      const [name] = catalogue.find(([, code]) => code === payload.value.error.code)!;
      expect(payload.value.error.data, payload.source).toContainEqual(
        expect.objectContaining({
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: reasonOf(name),
          domain: 'a2a-protocol.org',
        }),
      );
    }
    expect(drive.errors.taskNotFound!.name).toBe('TaskNotFoundError');
    expect(drive.errors.notCancelable!.name).toBe('TaskNotCancelableError');
  });

  it('push notifications are StreamResponses about the task, sent with credentials or token (A2A v1.0 §4.3.3, §13.2)', () => {
    const webhookPath = new URL(server.webhook.url).pathname;
    expect(new Set(drive.pushes.map((push) => push.path))).toEqual(new Set([webhookPath, `${webhookPath}${PUSH.tokenOnlyPath}`]));
    for (const push of drive.pushes) {
      const body = JSON.parse(push.body);
      expect(Object.keys(body)).toHaveLength(1);
      expect(['task', 'message', 'statusUpdate', 'artifactUpdate']).toContain(Object.keys(body)[0]);
      expect(body.task?.id ?? body.statusUpdate?.taskId ?? body.artifactUpdate?.taskId).toBe(drive.waitTaskId);
      // §4.3.3 shows Content-Type: application/json, §6.6 application/a2a+json: either is the spec's.
      expect(['application/json', 'application/a2a+json']).toContain(push.headers['content-type']);
      if (push.path === webhookPath) expect(push.headers.authorization).toBe(`Bearer ${PUSH.credentials}`);
      else expect(push.headers['x-a2a-notification-token']).toBe(PUSH.tokenOnly);
    }
  });

  it('DEVIATION a push config with both authentication and token sends the credentials only, where §6.6 sends X-A2A-Notification-Token beside Authorization', () => {
    const webhookPath = new URL(server.webhook.url).pathname;
    const withCredentials = drive.pushes.filter((push) => push.path === webhookPath);
    expect(withCredentials.length).toBeGreaterThan(0);
    for (const push of withCredentials) {
      expect(push.headers.authorization).toBe(`Bearer ${PUSH.credentials}`);
      expect(push.headers).not.toHaveProperty('x-a2a-notification-token');
      expect(Object.values(push.headers).flat()).not.toContain(PUSH.token);
    }
  });

  it('DEVIATION DeleteTaskPushNotificationConfig answers result null, where the proto returns google.protobuf.Empty ({} in ProtoJSON)', () => {
    const deleted = drive.payloads.filter(
      (payload) => payload.kind === 'response' && payload.method === 'DeleteTaskPushNotificationConfig',
    );
    expect(deleted).toHaveLength(2);
    for (const { value, request } of deleted) {
      expect(value).toEqual({ jsonrpc: '2.0', id: request!.id, result: null });
      // The package accepts it (SPEC-NOTES C-11), and the proto's form too.
      for (const variant of V1_VARIANTS) {
        expect(validateMessage(value, { variant, strict: true, request }).valid).toBe(true);
        expect(validateMessage({ ...value, result: {} }, { variant, strict: true, request }).valid).toBe(true);
      }
    }
  });

  it('the aion context extension methods are not served (-32601), which is why they are not driven; the answer is valid', async () => {
    for (const method of AION_EXTENSION_METHODS) {
      const request = { jsonrpc: '2.0', id: `not-served-${method}`, method, params: { contextId: randomUUID() } };
      const response = await bounded(
        fetch(`${server.url}${JSONRPC_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
          body: JSON.stringify(request),
          signal: AbortSignal.timeout(STEP_MS),
        }).then((answer) => answer.json()),
        method,
      );
      expect(response).toMatchObject({ id: request.id, error: { code: -32601 } });
      for (const strict of MODES) expect(validateMessage(response, { variant: 'aion', strict, request }).valid).toBe(true);
    }
  });
});
