/**
 * Group `message`: message/send (v1.0 SendMessage) with each kind of part, continuing a task by
 * `taskId` (an input-required task answered), a conversation by `contextId`, `referenceTaskIds`,
 * and a non-blocking send (v0.3 `blocking: false`, v1.0 `returnImmediately: true`).
 *
 * The texts steer agents that choose their behaviour by the message (our SDK test agents do; any
 * other agent just answers): "ask me for input", "keep this task running".
 */
import { revisionRules } from '../../../../schemas/spec-revisions.js';
import { CODES, type Run } from '../run.js';
import { errorText, fail, skip, warn } from '../step-log.js';
import type { WebhookReceiver } from './push.js';
import { HttpJsonTransport } from '../http-json-transport.js';
import type { PartSpec, TaskView } from '../wire-adapter.js';

export const ASK_FOR_INPUT = 'bindu-protocol check-server: please ask me for input before you finish.';
export const KEEP_RUNNING = 'bindu-protocol check-server: please keep this task running until it is canceled.';

/** The input-required task of the run, once one was made. */
export interface MessageState {
  inputTask?: TaskView;
  /** Why there is none. */
  inputWhy?: string;
  /** The follow-up completed the input-required task. */
  continued?: boolean;
}

/** What a part needs the card's input modes to admit: a data part JSON, a file part more than text. */
export type PartNeed = 'data' | 'file';

/**
 * Why the card's input modes (Run.inputModes) do not admit a part, or undefined when they do (or name
 * none). A data part is admitted by application/json (a +json type, application/*, *\/*); a file part
 * by any mode but text (text/plain, text/*, text): a card that lists only text says it takes text.
 */
export function notAdmitted(modes: readonly string[] | undefined, need: PartNeed): string | undefined {
  if (modes === undefined || modes.includes('*/*') || modes.includes('*')) return undefined;
  const admits =
    need === 'data'
      ? modes.some((mode) => mode === 'application/json' || mode === 'application/*' || mode.endsWith('+json'))
      : modes.some((mode) => mode !== 'text' && !mode.startsWith('text/'));
  return admits
    ? undefined
    : `the card's input modes (${modes.join(', ')}) do not admit ${need === 'data' ? 'a data part (application/json)' : 'a file part (they list only text)'}`;
}

export async function sendKind(
  run: Run,
  name: string,
  parts: PartSpec[] | (() => Promise<PartSpec[]>),
  options: { fetches?: boolean; needs?: PartNeed } = {},
): Promise<void> {
  await run.step(`${run.methods.send} (${name})`, async (note) => {
    run.needEndpoint();
    const list = typeof parts === 'function' ? await parts() : parts;
    const accept = [CODES.contentType.code];
    // A part the card does not admit is still sent: taking it is fine, refusing it the agent's right (DESIGN decision 14).
    const ruledOut = options.needs ? notAdmitted(run.inputModes(), options.needs) : undefined;
    const { result, error } = await run.call(run.methods.send, run.sendParams(run.message(list)), 'result', note, {
      accept,
      ...(options.fetches || ruledOut ? { acceptAnyError: true } : {}),
    });
    if (ruledOut && error) {
      if (error.code === CODES.contentType.code)
        skip(`${ruledOut}, and the agent refused the ${name} with ContentTypeNotSupportedError (${errorText(error)}), as it may`);
      warn(
        `${ruledOut}, and the agent refused the ${name} with error ${errorText(error)}, not ContentTypeNotSupportedError (${CODES.contentType.code})`,
        run.clauses.partRefused,
      );
    }
    if (ruledOut) note(`${ruledOut}; the agent took it all the same`);
    if (error && error.code === CODES.contentType.code) {
      note(`answered ContentTypeNotSupportedError (${errorText(error)}): the agent takes no ${name}`);
      return;
    }
    if (error) {
      warn(
        `answered error ${errorText(error)} to a file it was to fetch from check-server's own loopback address: ` +
          'an agent that cannot reach (or refuses) that address says so this way',
        run.clauses.fileUri,
      );
    }
    const task = run.keepTask(result, `${run.methods.send} (${name})`);
    note(`answered with ${run.describe(result)}`);
    // A blocking send returns once the task is terminal or interrupted (or a Message).
    const state = task?.state;
    if (
      state !== undefined &&
      run.lifecycle.states.includes(state) &&
      !run.lifecycle.terminal.includes(state) &&
      !run.lifecycle.interrupted.includes(state)
    )
      fail(`a blocking ${run.methods.send} returned the task still ${state}`, run.clauses.blockingSend);
  });
}

export async function messageGroup(run: Run, state: MessageState, receiver: WebhookReceiver): Promise<void> {
  const send = run.methods.send;
  await sendKind(run, 'text part', [{ text: 'bindu-protocol check-server: please answer this message.' }]);
  await sendKind(run, 'data part', [{ data: { check: 'bindu-protocol', probe: 'data part' } }], { needs: 'data' });
  await sendKind(
    run,
    'file by URI',
    async () => [
      { text: 'bindu-protocol check-server: a file by URI.' },
      { fileUri: { uri: await receiver.fileUrl(), mediaType: 'text/plain', name: 'bindu-protocol-check.txt' } },
    ],
    { fetches: true, needs: 'file' },
  );
  await sendKind(
    run,
    'file by bytes',
    [
      { text: 'bindu-protocol check-server: a file by bytes.' },
      {
        fileBytes: {
          base64: Buffer.from('bindu-protocol check-server\n').toString('base64'),
          mediaType: 'text/plain',
          name: 'bindu-protocol-check.txt',
        },
      },
    ],
    { needs: 'file' },
  );

  await run.step(`${send} continuing a task (taskId)`, async (note) => {
    run.needEndpoint();
    const { result } = await run.call(send, run.sendParams(run.message([{ text: ASK_FOR_INPUT }])), 'result', note);
    const task = run.keepTask(result, `${send} (input)`);
    if (!task) {
      state.inputWhy = `the agent answered with ${run.describe(result)}, not a task`;
      skip(`${state.inputWhy}; nothing to continue`);
    }
    if (task!.state !== 'input-required') {
      state.inputWhy = `the agent finished the task at once (${task!.state ?? 'no state'}) and never asks for input`;
      skip(`${state.inputWhy}, so a task cannot be continued`);
    }
    state.inputTask = task!;
    note(`task ${task!.id} is input-required`);
    const follow = run.message([{ text: 'bindu-protocol check-server: here is the input you asked for.' }], {
      taskId: task!.id,
      ...(task!.contextId ? { contextId: task!.contextId } : {}),
    });
    const { result: next } = await run.call(send, run.sendParams(follow), 'result', note);
    const after = run.adapter.taskOf(next);
    if (!after) fail(`the follow-up was answered with ${run.describe(next)}, not the task`);
    if (after!.id !== task!.id) fail(`the follow-up on task ${task!.id} was answered with another task ${after!.id}`);
    if (after!.state === 'input-required') fail('the task is still input-required after the input it asked for');
    state.continued = true;
    note(`the follow-up moved the task to ${after!.state ?? 'no state'}`);
  });

  await run.step(`${send} in a conversation (contextId)`, async (note) => {
    const first = await run.needTask(note);
    if (!first.contextId) fail(`task ${first.id} has no contextId`);
    const { result } = await run.call(
      send,
      run.sendParams(
        run.message([{ text: 'bindu-protocol check-server: a second message in the same conversation.' }], { contextId: first.contextId! }),
      ),
      'result',
      note,
    );
    const task = run.keepTask(result, `${send} (contextId)`);
    const contextId =
      task?.contextId ??
      (run.adapter.isMessage(result)
        ? ((result as { message?: { contextId?: string }; contextId?: string }).message?.contextId ??
          (result as { contextId?: string }).contextId)
        : undefined);
    if (contextId !== undefined && contextId !== first.contextId)
      fail(`sent in context ${first.contextId}, answered in context ${contextId}`);
    if (task && task.id === first.id) fail(`a new message in the context of a finished task was answered with that task ${first.id}`);
    note(`answered in context ${contextId ?? '(none given)'}`);
  });

  await run.step(
    `${send} to a task in a terminal state`,
    async (note) => {
      const first = await run.needTask(note);
      const task = await run.waitUntilFinished(first, note, 'to send a message to');
      const follow = run.message([{ text: 'bindu-protocol check-server: a message to a finished task.' }], {
        taskId: task.id,
        ...(task.contextId ? { contextId: task.contextId } : {}),
      });
      const { result, error } = await run.call(send, run.sendParams(follow), 'result', note, { acceptAnyError: true });
      if (error) {
        note(`answered error ${errorText(error)} for task ${task.id}, which is ${task.state}`);
        return;
      }
      fail(
        `a message to task ${task.id}, which is ${task.state}, was accepted (answered ${run.describe(result)})`,
        run.clauses.terminalMessage,
      );
    },
    run.clauses.terminalMessage,
  );

  await run.step(
    `${send} historyLength 0`,
    async (note) => {
      run.needEndpoint();
      const params = run.sendParams(run.message([{ text: 'bindu-protocol check-server: answer without history, please.' }]));
      const configuration = { ...(params.configuration as Record<string, unknown>), historyLength: 0 };
      const { result } = await run.call(send, { ...params, configuration }, 'result', note);
      const task = run.keepTask(result, `${send} (historyLength 0)`);
      if (!task) skip(`answered with ${run.describe(result)}, not a task, so there is no history to look at`);
      if (task!.history && task!.history.length > 0)
        warn(`historyLength 0 but the task came back with ${task!.history.length} history messages`, run.clauses.historyLength);
      note('the task came back without history');
    },
    // Its WARN cites the historyLength clause (a SHOULD); a FAIL of this step is the method's.
  );

  await run.step(
    `${send} with a wrong Content-Type`,
    async (note) => {
      run.needEndpoint();
      const rest = run.transport;
      if (!(rest instanceof HttpJsonTransport)) skip('checked on HTTP+JSON (the TCK expects 415 there); --transport http-json or all');
      const params = run.sendParams(run.message([{ text: 'bindu-protocol check-server: a JSON body sent as text/plain.' }]));
      const { status } = await (rest as HttpJsonTransport).withContentType(send, params, 'text/plain');
      if (status === 415) {
        note('answered HTTP 415 Unsupported Media Type');
        return;
      }
      // v1.0.1 §11.1 only says application/a2a+json SHOULD be used: how a server answers another type is its own choice.
      const media = run.revision !== undefined ? revisionRules(run.revision).restMediaType : undefined;
      if (media !== undefined && media.level !== 'MUST') {
        note(
          `a JSON body sent as text/plain was ${status < 300 ? 'accepted' : `refused with HTTP ${status}`}; ` +
            `A2A v${run.revision} §11.1 asks for no particular answer (${media.type} SHOULD be used)`,
        );
        return;
      }
      warn(
        `a JSON body sent as text/plain was answered HTTP ${status}, not 415 Unsupported Media Type ` +
          `(${status < 300 ? 'accepted' : 'refused with another status'}; the client broke a MUST, HTTP names 415 for this)`,
        run.clauses.contentType,
      );
    },
    run.clauses.contentType,
  );

  await run.step(`${send} with referenceTaskIds`, async (note) => {
    const first = await run.needTask(note);
    const { result } = await run.call(
      send,
      run.sendParams(
        run.message([{ text: 'bindu-protocol check-server: this message refers to an earlier task.' }], { referenceTaskIds: [first.id] }),
      ),
      'result',
      note,
    );
    run.keepTask(result, `${send} (referenceTaskIds)`);
    note(`answered with ${run.describe(result)}`);
  });

  await run.step(`${send} non-blocking`, async (note) => {
    run.needEndpoint();
    const { result } = await run.call(send, run.sendParams(run.message([{ text: KEEP_RUNNING }]), { blocking: false }), 'result', note);
    const task = run.keepTask(result, `${send} (non-blocking)`);
    if (!task) {
      note(`answered with ${run.describe(result)}`);
      return;
    }
    if (task.state && !run.lifecycle.terminal.includes(task.state)) note(`answered at once with the task still ${task.state}`);
    else note(`answered with the task ${task.state ?? 'in no state'}: the agent finishes at once`);
    // The run cancels what it started: the cancel group cancels a task of its own.
    if (task.state && !run.lifecycle.terminal.includes(task.state)) {
      await run
        .call(run.methods.cancel, run.adapter.cancelParams(run.taskKey('TaskIdParams'), task.id), 'result', () => undefined, {
          accept: [CODES.notCancelable.code],
        })
        .catch(() => undefined);
    }
  });
}
