/**
 * Group `push` (when the card claims push notifications): the four config methods on the run's
 * task (v0.3 tasks/pushNotificationConfig/set|get|list|delete, v1.0 Create|Get|List|Delete
 * TaskPushNotificationConfig), and a webhook receiver check-server runs on 127.0.0.1 for the run:
 * a message sent with a push config must make the agent POST notifications to it, each one valid
 * (v0.3: a Task; v1.0: a StreamResponse) and carrying the token that was configured.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CODES, type Run } from '../run.js';
import { errorText, fail, formatErrors, isObject, sleep, skip, snippet, warn } from '../step-log.js';
import { validate } from '../validation.js';

/** A public-looking webhook that never resolves (the .invalid TLD, RFC 2606): tells a refusal of loopback from one of any URL. */
const UNREACHABLE_WEBHOOK = 'https://bindu-protocol-check.invalid/webhook';

/** The most bytes one notification may have; more is refused with 413. */
const MAX_NOTIFICATION_BYTES = 1024 * 1024;

export interface Notification {
  readonly path: string;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
}

/** Where the receiver serves the file the message group sends by URI, and what it holds. */
const FILE_PATH = '/bindu-protocol-check/file.txt';
export const FILE_TEXT = 'bindu-protocol check-server: a file served by check-server for the file-by-URI step.\n';

/** A webhook receiver on 127.0.0.1: records every POST it gets, answers 200; serves one file by GET. */
export class WebhookReceiver {
  readonly received: Notification[] = [];
  private server: Server | undefined;
  url = '';

  async start(): Promise<string> {
    const server = createServer((request, response) => {
      if (request.method === 'GET' || request.method === 'HEAD') {
        // The file the message group sends by URI: served here, so the answer never depends on the network.
        const found = request.url === FILE_PATH;
        response.writeHead(found ? 200 : 404, { 'content-type': 'text/plain' }).end(found ? FILE_TEXT : '');
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      request.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_NOTIFICATION_BYTES) chunks.push(chunk);
      });
      request.on('end', () => {
        if (size > MAX_NOTIFICATION_BYTES) {
          response.writeHead(413).end();
          return;
        }
        this.received.push({ path: request.url ?? '/', headers: request.headers, text: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
      request.on('error', () => undefined);
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bindu-protocol-check/webhook`;
    return this.url;
  }

  /** The URL of the file it serves (the receiver is started when it is not yet). */
  async fileUrl(): Promise<string> {
    if (!this.url) await this.start();
    return new URL(FILE_PATH, this.url).href;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
}

export async function pushGroup(run: Run, receiver: WebhookReceiver): Promise<void> {
  const m = run.methods;
  if (!run.agent.card || !run.claims('pushNotifications')) {
    await run.step(
      'push notifications not claimed',
      async (note) => {
        if (!run.agent.card) skip('no agent card to say whether push notifications are supported');
        const task = await run.needTask(note);
        const answer = await run.call(
          m.pushSet,
          run.adapter.pushSetParams(task.id, randomUUID(), 'http://127.0.0.1:9/unused', 'x'),
          'result',
          note,
          {
            acceptAnyError: true,
          },
        );
        note('the card does not claim pushNotifications');
        run.unclaimed(answer, CODES.pushNotSupported, run.clauses.unclaimedPush, note);
      },
      run.clauses.unclaimedPush,
    );
    return;
  }
  const own = run.options.webhookUrl === undefined;
  const webhook = own ? receiver.url || (await receiver.start()) : run.options.webhookUrl!;
  const token = `bindu-protocol-check-${randomUUID()}`;
  let configId: string = randomUUID();
  let stored = false;
  const needStored = () => {
    if (!stored) skip(`${m.pushSet} did not succeed`);
  };
  /** An error for check-server's own loopback webhook: agents may refuse private addresses (WARN, with the way out). */
  const refusedLoopback = (said: string): never =>
    warn(
      `${said} for the webhook ${webhook}. It is on the loopback address, which agents may refuse (private addresses); ` +
        'give a URL the agent can reach with --webhook',
      run.clauses.pushPrivate,
    );
  const matches = (value: unknown) => {
    const config = run.adapter.pushConfigOf(value);
    return config !== undefined && config.url === webhook && (config.id === undefined || config.id === configId);
  };

  await run.step(m.pushSet, async (note) => {
    const task = await run.needTask(note);
    const { result, error } = await run.call(m.pushSet, run.adapter.pushSetParams(task.id, configId, webhook, token), 'result', note, {
      acceptAnyError: own,
    });
    if (error) {
      // Refused for its address, or at all? The same set with a public-looking URL that never resolves (RFC 2606) tells.
      const other = randomUUID();
      const retry = await run.call(m.pushSet, run.adapter.pushSetParams(task.id, other, UNREACHABLE_WEBHOOK, token), 'result', note, {
        acceptAnyError: true,
      });
      if (retry.error) fail(`${m.pushSet} answered error ${errorText(error)} (and the same for a public URL)`);
      await run
        .call(
          m.pushDelete,
          run.adapter.pushDeleteParams(run.taskKey('DeleteTaskPushNotificationConfigParams'), task.id, other),
          'result',
          () => undefined,
        )
        .catch(() => undefined);
      refusedLoopback(`${m.pushSet} answered error ${errorText(error)} (and took a public URL)`);
    }
    const config = run.adapter.pushConfigOf(result);
    if (!config || config.taskId !== task.id)
      fail(`the stored configuration names task ${JSON.stringify(config?.taskId)}, expected ${task.id}`);
    if (run.adapter.wire === 'v1.0' && config!.id) configId = config!.id;
    if (!matches(result)) fail('the stored configuration does not carry the id and url that were sent');
    stored = true;
  });
  await run.step(m.pushGet, async (note) => {
    const task = await run.needTask(note);
    needStored();
    const { result } = await run.call(
      m.pushGet,
      run.adapter.pushGetParams(run.taskKey('GetTaskPushNotificationConfigParams'), task.id, configId),
      'result',
      note,
    );
    const named = run.adapter.pushConfigOf(result)?.taskId;
    if (named !== undefined && named !== task.id) fail(`the configuration read back names task ${named}, expected ${task.id}`);
    if (!matches(result)) fail('the configuration read back does not carry the id and url that were stored');
  });
  await run.step(m.pushList, async (note) => {
    const task = await run.needTask(note);
    needStored();
    const { result } = await run.call(
      m.pushList,
      run.adapter.pushListParams(run.taskKey('ListTaskPushNotificationConfigParams'), task.id),
      'result',
      note,
    );
    const list = run.adapter.pushConfigList(result);
    const found = list?.filter(matches) ?? [];
    if (found.length === 0) fail('the list does not hold the stored configuration');
    const taskOf = (entry: unknown) => run.adapter.pushConfigOf(entry)?.taskId;
    if (!found.some((entry) => (taskOf(entry) ?? task.id) === task.id))
      fail(`the list holds the stored configuration under task ${taskOf(found[0])}, expected ${task.id}`);
  });
  await run.step(m.pushDelete, async (note) => {
    const task = await run.needTask(note);
    needStored();
    await run.call(
      m.pushDelete,
      run.adapter.pushDeleteParams(run.taskKey('DeleteTaskPushNotificationConfigParams'), task.id, configId),
      'result',
      note,
    );
    const { result } = await run.call(
      m.pushList,
      run.adapter.pushListParams(run.taskKey('ListTaskPushNotificationConfigParams'), task.id),
      'result',
      note,
    );
    const list = run.adapter.pushConfigList(result);
    if (list?.some(matches)) fail('the configuration is still listed after it was deleted');
  });

  await run.step('push notifications reach the webhook', async (note) => {
    run.needEndpoint();
    if (!own) skip(`notifications go to --webhook ${webhook}, which check-server does not read`);
    const before = receiver.received.length;
    const { result, error } = await run.call(
      m.send,
      run.sendParams(run.message([{ text: 'bindu-protocol check-server: please answer; a webhook is waiting.' }]), {
        webhook: { url: webhook, token },
      }),
      'result',
      note,
      { acceptAnyError: true },
    );
    if (error) {
      const retry = await run.call(
        m.send,
        run.sendParams(run.message([{ text: 'bindu-protocol check-server: please answer.' }]), {
          webhook: { url: UNREACHABLE_WEBHOOK, token },
        }),
        'result',
        note,
        { acceptAnyError: true },
      );
      const said = `${m.send} with the webhook in its configuration answered error ${errorText(error)}`;
      if (retry.error) fail(`${said} (and the same for a public URL)`);
      refusedLoopback(`${said} (and took a public URL)`);
    }
    const task = run.keepTask(result, `${m.send} (webhook)`);
    if (!task) skip(`the agent answered with ${run.describe(result)}, not a task, so there is nothing to notify about`);
    const until = Date.now() + run.options.timeoutMs;
    // Notifications are sent as the task changes; wait for the one of a final state (or the timeout).
    const mine = () => receiver.received.slice(before);
    const finalSeen = () =>
      mine().some((n) =>
        /"(completed|failed|canceled|rejected|input-required|TASK_STATE_(COMPLETED|FAILED|CANCELED|REJECTED|INPUT_REQUIRED))"/.test(n.text),
      );
    while (!finalSeen() && Date.now() < until && !run.limits.deadline.aborted) await sleep(50, run.limits.deadline);
    const got = mine();
    if (got.length === 0)
      warn(
        `no notification reached the webhook ${webhook} within ${run.options.timeoutMs} ms. It is on the loopback address, and ` +
          'agents may refuse to deliver to private addresses; give a URL the agent can reach with --webhook (check-server then ' +
          'checks the configuration steps but does not read the notifications), or run check-server where the agent can reach it',
        run.clauses.pushPrivate,
      );
    const type = run.adapter.wire === 'v1.0' ? 'StreamResponse' : 'Task';
    const problems: string[] = [];
    got.forEach((notification, index) => {
      let body: unknown;
      try {
        body = JSON.parse(notification.text);
      } catch {
        problems.push(`notification ${index + 1} is not JSON: ${snippet(notification.text)}`);
        return;
      }
      const verdict = validate(type, body, { variant: run.variant });
      if (!verdict.valid) problems.push(`notification ${index + 1} is not a valid ${type}: ${formatErrors(verdict.errors)}`);
      const header = notification.headers['x-a2a-notification-token'];
      const auth = notification.headers.authorization;
      if (header !== token && !(typeof auth === 'string' && auth.includes(token)))
        problems.push(`notification ${index + 1} does not carry the configured token (X-A2A-Notification-Token)`);
      const about = run.adapter.wire === 'v1.0' ? (isObject(body) ? run.adapter.asV03Event(body) : undefined) : body;
      const taskId = isObject(about) ? (about.kind === 'task' ? about.id : about.taskId) : undefined;
      if (taskId !== undefined && taskId !== task!.id)
        problems.push(`notification ${index + 1} is about task ${String(taskId)}, not ${task!.id}`);
    });
    if (problems.length > 0) fail(problems.slice(0, 3).join('; '));
    note(`${got.length} notifications received, each valid with the token`);
  });
}
