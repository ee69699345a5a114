/**
 * Group `cancel`: a task still running becomes `canceled` (in the answer and in tasks/get); a task
 * that does not exist gives TaskNotFound; a finished one TaskNotCancelable. An agent that finishes
 * every task at once has no running task to cancel: that step is skipped, saying so.
 */
import { randomUUID } from 'node:crypto';
import { CODES, type Run } from '../run.js';
import { fail, isObject, skip } from '../step-log.js';
import type { StreamOutcome } from '../transport.js';
import type { TaskView } from '../wire-adapter.js';
import { KEEP_RUNNING } from './message.js';

/** A task started to keep running; `stream` is the streaming send that started it, when one did (read to its end). */
export interface RunningTask {
  readonly task: TaskView;
  readonly stream?: Promise<StreamOutcome | undefined>;
}

/**
 * Starts a task the agent is asked to keep running, however the agent allows: a non-blocking send
 * first; when the agent answers that only once the task is done (it ignores `blocking: false`) and
 * the card claims streaming, a streaming send read until its first event names the task, the rest
 * of the stream read in the background. Skips, saying why, when neither gives a running task.
 */
export async function startRunningTask(run: Run, note: (text: string) => void): Promise<RunningTask> {
  const { result } = await run.call(
    run.methods.send,
    run.sendParams(run.message([{ text: KEEP_RUNNING }]), { blocking: false }),
    'result',
    note,
  );
  const task = run.keepTask(result, `${run.methods.send} (non-blocking)`);
  const over = (state: string | undefined) =>
    state !== undefined && (run.lifecycle.terminal.includes(state) || run.lifecycle.interrupted.includes(state));
  if (task && !over(task.state)) return { task };
  const why = task
    ? `answered the non-blocking ${run.methods.send} with the task already ${task.state}`
    : `answered the non-blocking ${run.methods.send} with ${run.describe(result)}, not a task`;
  if (!run.claims('streaming')) skip(`the agent ${why}, and the card does not claim streaming, so there is no running task`);
  note(`the agent ${why}; starting a task with ${run.methods.stream} instead`);
  let named: (task: TaskView | undefined) => void = () => undefined;
  const first = new Promise<TaskView | undefined>((resolve) => {
    named = resolve;
  });
  const stream = run
    .readStream(run.methods.stream, run.sendParams(run.message([{ text: KEEP_RUNNING }])), {
      onEvent: async (event) => {
        const view = run.adapter.asV03Event(event);
        if (!isObject(view)) return;
        const id = view.kind === 'task' ? view.id : view.taskId;
        const state = isObject(view.status) ? run.adapter.state(view.status.state) : undefined;
        if (typeof id === 'string')
          named({
            id,
            contextId: typeof view.contextId === 'string' ? view.contextId : undefined,
            state,
            history: undefined,
            artifacts: undefined,
          });
      },
    })
    .then(
      (outcome) => outcome,
      () => undefined,
    )
    .finally(() => named(undefined));
  const started = await first;
  if (!started) {
    await stream;
    skip(`the agent ${why}, and its ${run.methods.stream} named no task in its first event, so there is no running task`);
  }
  if (over(started!.state)) {
    await stream;
    skip(`the agent ${why}, and its ${run.methods.stream} began with the task already ${started!.state}, so there is no running task`);
  }
  run.tasks.set(started!.id, started!);
  return { task: started!, stream };
}

/**
 * After a TaskNotCancelable (or a refused subscription) for a task that was running a moment ago:
 * when the task is now finished, the agent simply finished it first (it finishes every task at once),
 * and the step is skipped saying so, in the words of the step (`subscribing`: a step that follows the
 * task's stream, not the cancel step); otherwise the error stands.
 */
export async function skipIfFinished(
  run: Run,
  taskId: string,
  note: (text: string) => void,
  subscribeError?: unknown,
  subscribing = subscribeError !== undefined,
): Promise<void> {
  const { result } = await run.call(run.methods.get, run.adapter.getParams(run.taskKey('TaskQueryParams'), taskId), 'result', note);
  const state = run.adapter.taskOf(result)?.state;
  const finished = state !== undefined && run.lifecycle.terminal.includes(state);
  if (subscribeError !== undefined) {
    const said = isObject(subscribeError) ? `error ${String(subscribeError.code)}` : 'an error';
    if (finished)
      skip(
        `the task had finished (${state}) before the subscription, which answered ${said}, as the specification prescribes (${run.clauses.terminalSubscribe})`,
      );
    fail(
      `${run.methods.resubscribe} answered ${said} for task ${taskId}, which is ${state ?? 'in no known state'}`,
      run.clauses.group('streaming'),
    );
  }
  if (subscribing) {
    if (finished && state !== 'canceled')
      skip(`the task finished (${state}) before the cancel that was to end the subscription, so there was no live task to follow`);
    fail(
      `the cancel that was to end the subscription was refused (TaskNotCancelableError) for task ${taskId}, which is ${state ?? 'in no known state'}`,
      run.clauses.terminalCancel,
    );
  }
  if (finished && state !== 'canceled') {
    skip(`the task finished (${state}) before it could be canceled, so TaskNotCancelableError is what the specification prescribes`);
  }
  fail(
    `${run.methods.cancel} answered TaskNotCancelableError for task ${taskId}, which is ${state ?? 'in no known state'}`,
    run.clauses.terminalCancel,
  );
}

export async function cancelGroup(run: Run): Promise<void> {
  const cancel = run.methods.cancel;
  await run.step(`${cancel} a running task`, async (note) => {
    run.needEndpoint();
    const { task, stream } = await startRunningTask(run, note);
    const { result, error } = await run.call(cancel, run.adapter.cancelParams(run.taskKey('TaskIdParams'), task.id), 'result', note, {
      accept: [CODES.notCancelable.code],
    });
    if (error) await skipIfFinished(run, task.id, note);
    const answered = run.adapter.taskOf(result);
    if (!answered) fail(`the answer is not the task (${run.describe(result)})`);
    if (answered!.id !== task.id) fail(`canceled task ${task.id}, the answer is about task ${answered!.id}`);
    let state = answered!.state;
    if (state !== 'canceled') {
      note(`the answer says ${state ?? 'no state'}; reading the task again`);
      const { result: again } = await run.call(
        run.methods.get,
        run.adapter.getParams(run.taskKey('TaskQueryParams'), task.id),
        'result',
        note,
      );
      state = run.adapter.taskOf(again)?.state;
    } else {
      const { result: again } = await run.call(
        run.methods.get,
        run.adapter.getParams(run.taskKey('TaskQueryParams'), task.id),
        'result',
        note,
      );
      state = run.adapter.taskOf(again)?.state;
    }
    if (state !== 'canceled') fail(`after the cancel, ${run.methods.get} says the task is ${state ?? 'in no state'}, not canceled`);
    // Cancel sticks: the stream that started the task (when one did) ends canceled, and the task stays so.
    const outcome = stream ? await stream : undefined;
    const last = outcome?.sequence.currentState;
    if (last !== undefined && last !== 'canceled')
      fail(`the task was canceled, but its stream then said ${last}`, run.clauses.group('cancel'));
    const { result: later } = await run.call(
      run.methods.get,
      run.adapter.getParams(run.taskKey('TaskQueryParams'), task.id),
      'result',
      note,
    );
    const after = run.adapter.taskOf(later)?.state;
    if (after !== 'canceled')
      fail(`the task was canceled, then ${run.methods.get} said ${after ?? 'no state'}`, run.clauses.group('cancel'));
    note(`task ${task.id} is canceled${stream ? ' (started by a streaming send, which ended canceled)' : ''}, and stays so`);
  });
  await run.step(`${cancel} on an unknown task`, async (note) => {
    run.needEndpoint();
    await run.call(cancel, run.adapter.cancelParams(run.taskKey('TaskIdParams'), randomUUID()), CODES.taskNotFound, note);
  });
  await run.step(
    `${cancel} on a finished task`,
    async (note) => {
      const task = await run.needTask(note);
      await run.waitUntilFinished(task, note, 'to cancel');
      await run.call(cancel, run.adapter.cancelParams(run.taskKey('TaskIdParams'), task.id), CODES.notCancelable, note);
    },
    run.clauses.terminalCancel,
  );
}
