/**
 * Group `tasks`: tasks/get (v1.0 GetTask) with historyLength 1, 0 and large; the history of a
 * multi-turn task in order; a task that does not exist; on v1.0, ListTasks with its filters and
 * page tokens.
 */
import { randomUUID } from 'node:crypto';
import { CODES, type Run } from '../run.js';
import { fail, isObject, skip, warn } from '../step-log.js';
import type { MessageState } from './message.js';
import type { TaskView } from '../wire-adapter.js';

async function getTask(run: Run, task: TaskView, historyLength: number | undefined, note: (text: string) => void): Promise<TaskView> {
  const { result } = await run.call(
    run.methods.get,
    run.adapter.getParams(run.taskKey('TaskQueryParams'), task.id, historyLength),
    'result',
    note,
  );
  const got = run.adapter.taskOf(result);
  if (!got) fail(`the result is not a Task (${run.describe(result)})`);
  if (got!.id !== task.id) fail(`asked for task ${task.id}, got task ${JSON.stringify(got!.id)}`);
  return got!;
}

/** The text of a history message's parts, whatever the wire. */
function textOf(message: unknown): string {
  if (!isObject(message) || !Array.isArray(message.parts)) return '';
  return message.parts.map((part) => (isObject(part) && typeof part.text === 'string' ? part.text : '')).join(' ');
}

export async function tasksGroup(run: Run, state: MessageState): Promise<void> {
  const get = run.methods.get;
  await run.step(`${get} (historyLength)`, async (note) => {
    const task = await run.needTask(note);
    const got = await getTask(run, task, 1, note);
    if (got.history && got.history.length > 1)
      warn(`historyLength 1 but the task came back with ${got.history.length} history messages`, run.clauses.historyLength);
    run.tasks.set(got.id, got);
    note(`task ${task.id} is ${got.state ?? 'in no known state'}`);
  });
  await run.step(
    `${get} historyLength 0`,
    async (note) => {
      const task = await run.needTask(note);
      const got = await getTask(run, task, 0, note);
      if (got.history && got.history.length > 0)
        warn(`historyLength 0 but the task came back with ${got.history.length} history messages`, run.clauses.historyLength);
    },
    // Its WARN cites the historyLength clause (a SHOULD); a FAIL of this step is the method's.
  );
  await run.step(`${get} historyLength large`, async (note) => {
    const task = await run.needTask(note);
    const got = await getTask(run, task, 1000, note);
    const count = got.history?.length ?? 0;
    if (count === 0) note('the task came back with no history at all (the agent keeps none)');
    else note(`${count} history messages`);
    const ids = (got.history ?? []).map((message) => (isObject(message) ? message.messageId : undefined)).filter((id) => id !== undefined);
    const twice = [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))];
    if (twice.length > 0)
      warn(
        `the history holds the same messageId more than once: ${twice.map((id) => JSON.stringify(id)).join(', ')}`,
        run.clauses.messageId,
      );
  });
  await run.step(`${get} multi-turn history in order`, async (note) => {
    run.needEndpoint();
    if (!state.inputTask)
      skip(
        state.inputWhy
          ? `${state.inputWhy}, so there is no multi-turn task`
          : 'no multi-turn task was made (the message group did not run or did not get that far)',
      );
    if (!state.continued) skip('the input-required task was not continued');
    const got = await getTask(run, state.inputTask!, 1000, note);
    const history = got.history ?? [];
    const texts = history.map(textOf);
    const first = texts.findIndex((text) => text.includes('ask me for input'));
    const second = texts.findIndex((text) => text.includes('here is the input you asked for'));
    if (first < 0 || second < 0) fail(`the history (${history.length} messages) does not hold both user messages of the task`);
    if (second < first) fail('the history has the follow-up before the first message');
    note(`${history.length} history messages, the two turns in order`);
  });
  await run.step(`${get} on an unknown task`, async (note) => {
    run.needEndpoint();
    await run.call(get, run.adapter.getParams(run.taskKey('TaskQueryParams'), randomUUID()), CODES.taskNotFound, note);
  });

  const list = run.methods.list;
  const listStep = async (name: string, body: (note: (text: string) => void, list: string) => Promise<void>) =>
    run.step(`${list ?? 'ListTasks'} ${name}`.trim(), async (note) => {
      if (!list) skip("A2A v0.3 has no task listing (bindu's tasks/list is checked with the variant extras)");
      run.needEndpoint();
      await body(note, list!);
    });
  const listTasks = async (params: Record<string, unknown>, note: (text: string) => void) => {
    const { result } = await run.call(list!, params, 'result', note);
    if (!isObject(result) || !Array.isArray(result.tasks)) fail('the result has no tasks array');
    return result as { tasks: unknown[]; nextPageToken?: string };
  };
  // Only this run's tasks are looked at (its contextIds), so tasks an earlier run left behind never change the verdict.
  const ownContext = async (note: (text: string) => void): Promise<string> => {
    const task = await run.needTask(note);
    if (!task.contextId) skip("the run's task has no contextId, and the listing steps look only at this run's contexts");
    return task.contextId!;
  };
  await listStep('', async (note) => {
    const contextId = await ownContext(note);
    const result = await listTasks({ contextId }, note);
    if (result.tasks.length === 0) fail(`no task listed for this run's context ${contextId}, although the run made one there`);
    note(`${result.tasks.length} tasks listed in this run's context ${contextId} (the listing steps look only at this run's contexts)`);
  });
  await listStep('by contextId', async (note) => {
    const task = await run.needTask(note);
    if (!task.contextId) skip("the run's task has no contextId");
    const result = await listTasks({ contextId: task.contextId }, note);
    const others = result.tasks.filter((entry) => run.adapter.taskOf({ task: entry })?.contextId !== task.contextId);
    if (result.tasks.length === 0) fail(`no task listed for context ${task.contextId}, although task ${task.id} is in it`);
    if (others.length > 0) fail(`${others.length} of ${result.tasks.length} tasks listed are in another context`);
  });
  await listStep('by status', async (note) => {
    const contextId = await ownContext(note);
    const result = await listTasks({ contextId, status: 'TASK_STATE_COMPLETED' }, note);
    const others = result.tasks.filter((entry) => run.adapter.taskOf({ task: entry })?.state !== 'completed');
    if (others.length > 0) fail(`${others.length} of ${result.tasks.length} tasks listed for TASK_STATE_COMPLETED are in another state`);
    note(`${result.tasks.length} completed tasks in this run's context`);
  });
  await listStep('page tokens', async (note) => {
    const contextId = await ownContext(note);
    let all = await listTasks({ contextId }, note);
    if (all.tasks.length < 2) {
      // A second task in the same context, so there are two pages of one.
      const { result } = await run.call(
        run.methods.send,
        run.sendParams(run.message([{ text: 'bindu-protocol check-server: a second task for the page tokens.' }], { contextId })),
        'result',
        note,
      );
      run.keepTask(result, `${run.methods.send} (page tokens)`);
      all = await listTasks({ contextId }, note);
    }
    const first = await listTasks({ contextId, pageSize: 1 }, note);
    if (first.tasks.length > 1) fail(`pageSize 1 but ${first.tasks.length} tasks on the page`);
    if (!first.nextPageToken) {
      if (all.tasks.length > 1) fail(`pageSize 1 gave no nextPageToken although ${all.tasks.length} tasks are in the context`);
      skip("only one task is in this run's context, so there is no second page");
    }
    const second = await listTasks({ contextId, pageSize: 1, pageToken: first.nextPageToken }, note);
    const id = (entry: unknown) => run.adapter.taskOf({ task: entry })?.id;
    if (second.tasks.length === 0) fail('the page the token names is empty');
    if (id(second.tasks[0]) === id(first.tasks[0])) fail("the second page repeats the first page's task");
    note("two pages of one task each, different tasks (in this run's context)");
  });
}
