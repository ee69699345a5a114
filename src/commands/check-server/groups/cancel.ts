/**
 * Group `cancel`: a task still running becomes `canceled` (in the answer and in tasks/get); a task
 * that does not exist gives TaskNotFound; a finished one TaskNotCancelable. An agent that finishes
 * every task at once has no running task to cancel: that step is skipped, saying so.
 */
import { randomUUID } from 'node:crypto';
import { CODES, type Run } from '../run.js';
import { fail, skip } from '../step-log.js';
import type { TaskView } from '../wire-adapter.js';
import { KEEP_RUNNING } from './message.js';

/** Starts a task the agent is asked to keep running (non-blocking send); skips when it finishes at once. */
export async function startRunningTask(run: Run, note: (text: string) => void): Promise<TaskView> {
  const { result } = await run.call(
    run.methods.send,
    run.sendParams(run.message([{ text: KEEP_RUNNING }]), { blocking: false }),
    'result',
    note,
  );
  const task = run.keepTask(result, `${run.methods.send} (non-blocking)`);
  if (!task) skip(`the agent answered with ${run.describe(result)}, not a task, so there is no running task`);
  if (task!.state !== undefined && (run.lifecycle.terminal.includes(task!.state) || run.lifecycle.interrupted.includes(task!.state))) {
    skip(`the agent finished the task at once (${task!.state}), so there is no running task`);
  }
  return task!;
}

/**
 * After a TaskNotCancelable for a task that was running a moment ago: when the task is now
 * finished, the agent simply finished it first (it finishes every task at once), and the step is
 * skipped saying so; otherwise the error stands.
 */
export async function skipIfFinished(run: Run, taskId: string, note: (text: string) => void): Promise<void> {
  const { result } = await run.call(run.methods.get, run.adapter.getParams(run.taskKey('TaskQueryParams'), taskId), 'result', note);
  const state = run.adapter.taskOf(result)?.state;
  if (state !== undefined && run.lifecycle.terminal.includes(state) && state !== 'canceled') {
    skip(`the task finished (${state}) before it could be canceled: the agent finishes every task at once, so there is no running task`);
  }
  fail(`${run.methods.cancel} answered TaskNotCancelableError for task ${taskId}, which is ${state ?? 'in no known state'}`);
}

export async function cancelGroup(run: Run): Promise<void> {
  const cancel = run.methods.cancel;
  await run.step(`${cancel} a running task`, async (note) => {
    run.needEndpoint();
    const task = await startRunningTask(run, note);
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
    note(`task ${task.id} is canceled`);
  });
  await run.step(`${cancel} on an unknown task`, async (note) => {
    run.needEndpoint();
    await run.call(cancel, run.adapter.cancelParams(run.taskKey('TaskIdParams'), randomUUID()), CODES.taskNotFound, note);
  });
  await run.step(`${cancel} on a finished task`, async (note) => {
    const task = await run.needTask(note);
    await run.waitUntilFinished(task, note, 'to cancel');
    await run.call(cancel, run.adapter.cancelParams(run.taskKey('TaskIdParams'), task.id), CODES.notCancelable, note);
  });
}
