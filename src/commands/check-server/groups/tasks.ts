/**
 * Group `tasks`: tasks/get (v1.0 GetTask) with historyLength 1, 0 and large; the history of a
 * multi-turn task in order; a task that does not exist; on v1.0, ListTasks with its filters and
 * page tokens.
 */
import { randomUUID } from 'node:crypto';
import { CODES, type Run } from '../run.js';
import { fail, isObject, skip } from '../step-log.js';
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
    if (got.history && got.history.length > 1) fail(`historyLength 1 but the task came back with ${got.history.length} history messages`);
    run.tasks.set(got.id, got);
    note(`task ${task.id} is ${got.state ?? 'in no known state'}`);
  });
  await run.step(`${get} historyLength 0`, async (note) => {
    const task = await run.needTask(note);
    const got = await getTask(run, task, 0, note);
    if (got.history && got.history.length > 0) fail(`historyLength 0 but the task came back with ${got.history.length} history messages`);
  });
  await run.step(`${get} historyLength large`, async (note) => {
    const task = await run.needTask(note);
    const got = await getTask(run, task, 1000, note);
    const count = got.history?.length ?? 0;
    if (count === 0) note('the task came back with no history at all (the agent keeps none)');
    else note(`${count} history messages`);
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
  await listStep('', async (note) => {
    await run.needTask(note);
    const result = await listTasks({}, note);
    if (result.tasks.length === 0) fail('no task listed although the run made some');
    note(`${result.tasks.length} tasks listed`);
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
    await run.needTask(note);
    const result = await listTasks({ status: 'TASK_STATE_COMPLETED' }, note);
    const others = result.tasks.filter((entry) => run.adapter.taskOf({ task: entry })?.state !== 'completed');
    if (others.length > 0) fail(`${others.length} of ${result.tasks.length} tasks listed for TASK_STATE_COMPLETED are in another state`);
    note(`${result.tasks.length} completed tasks`);
  });
  await listStep('page tokens', async (note) => {
    await run.needTask(note);
    const first = await listTasks({ pageSize: 1 }, note);
    if (first.tasks.length > 1) fail(`pageSize 1 but ${first.tasks.length} tasks on the page`);
    if (!first.nextPageToken) {
      const all = await listTasks({}, note);
      if (all.tasks.length > 1) fail(`pageSize 1 gave no nextPageToken although ${all.tasks.length} tasks exist`);
      skip('only one task exists, so there is no second page');
    }
    const second = await listTasks({ pageSize: 1, pageToken: first.nextPageToken }, note);
    const id = (entry: unknown) => run.adapter.taskOf({ task: entry })?.id;
    if (second.tasks.length === 0) fail('the page the token names is empty');
    if (id(second.tasks[0]) === id(first.tasks[0])) fail("the second page repeats the first page's task");
    note('two pages of one task each, different tasks');
  });
}
