/**
 * Group `bindings` (--transport all, two bindings or more): the same scenario on every binding the
 * card lists — a blocking send, a get of its task, a cancel of that task, a get of a task that does
 * not exist, a stream — and the answers compared. A2A v1.0 §5.1: every binding an agent supports
 * MUST return semantically equivalent results and map errors consistently. Each binding's answer is
 * read in the groups' terms (a Task and its state, the shape of the task, or the A2A
 * error the answer stands for: JSON-RPC code ↔ HTTP status ↔ gRPC status, schemas/error-table.ts)
 * and any difference FAILs naming both answers. Whether each answer is valid for its binding was
 * judged by that binding's own groups; here an invalid answer is compared like any other.
 */
import { randomUUID } from 'node:crypto';
import { wireErrors } from '../../../../schemas/error-table.js';
import type { Run } from '../run.js';
import { fail, isObject, skip, StepFail, type Json } from '../step-log.js';
import { TRANSPORT_TITLES } from '../transport.js';

const ERROR_NAMES: Readonly<Record<number, string>> = Object.fromEntries(wireErrors('v1.0').map((error) => [error.code, error.name]));

/** One binding's answer, as compared: a task's shape and state, a Message, or an error kind. */
function summary(run: Run, answer: { result?: unknown; error?: Json }): string {
  if (answer.error !== undefined) {
    const code = answer.error.code;
    return `error ${typeof code === 'number' ? `${ERROR_NAMES[code] ?? 'unknown'} (${code})` : String(code)}`;
  }
  const task = run.adapter.taskOf(answer.result);
  if (task) {
    const parts = [`Task (${task.state ?? 'no state'})`];
    if (task.artifacts !== undefined) parts.push(`${task.artifacts.length} artifact${task.artifacts.length === 1 ? '' : 's'}`);
    return parts.join(', ');
  }
  return run.describe(answer.result);
}

/**
 * Sends a call on one binding and reads its answer in the groups' terms. An error answer its own
 * binding faults (an HTTP or gRPC status the table does not give it) is still compared by the error
 * it stands for; an answer that stands for none is said as it failed.
 */
async function ask(run: Run, method: string, params: unknown): Promise<{ text: string; result?: unknown }> {
  const mark = run.errorsSeen.length;
  try {
    const answer = await run.call(method, params, 'result', () => undefined, { acceptAnyError: true, selfCheck: false });
    return { text: summary(run, answer), ...(answer.result !== undefined ? { result: answer.result } : {}) };
  } catch (error) {
    if (!(error instanceof StepFail)) throw error;
    const seen = run.errorsSeen.slice(mark).at(-1);
    return { text: seen ? summary(run, { error: seen.error }) : `an answer that fails: ${error.message}` };
  }
}

/** FAILs naming each binding's answer when they are not all the same. */
function compare(runs: readonly Run[], answers: readonly string[], what: string, note: (text: string) => void): void {
  const named = runs.map((run, index) => `${TRANSPORT_TITLES[run.transport.name]}: ${answers[index]}`);
  if (new Set(answers).size > 1) fail(`${what} differs between the bindings: ${named.join(' · ')}`, runs[0]!.clauses.group('bindings'));
  note(`${what}: ${answers[0]} on ${runs.map((run) => TRANSPORT_TITLES[run.transport.name]).join(', ')}`);
}

export async function bindingsGroup(runs: readonly Run[]): Promise<void> {
  const [first] = runs;
  if (!first) return;
  const usable = () => {
    for (const run of runs) run.needEndpoint();
    if (runs.length < 2) skip('the card lists one binding only');
  };
  const tasks = new Map<Run, string>();
  const { send, get, cancel, stream } = first.methods;

  await first.step(`same answer on every binding: ${send}`, async (note) => {
    usable();
    const answers: string[] = [];
    for (const run of runs) {
      const message = run.message([{ text: 'bindu-protocol check-server: the same message on every binding.' }]);
      const answer = await ask(run, send, run.sendParams(message));
      const task = run.adapter.taskOf(answer.result);
      if (task) tasks.set(run, task.id);
      answers.push(answer.text);
    }
    compare(runs, answers, send, note);
  });

  await first.step(`same answer on every binding: ${get}`, async (note) => {
    usable();
    if (tasks.size !== runs.length) skip(`not every binding made a task on ${send}`);
    const answers: string[] = [];
    for (const run of runs)
      answers.push((await ask(run, get, run.adapter.getParams(run.taskKey('TaskQueryParams'), tasks.get(run)!))).text);
    compare(runs, answers, get, note);
  });

  await first.step(`same answer on every binding: ${cancel}`, async (note) => {
    usable();
    if (tasks.size !== runs.length) skip(`not every binding made a task on ${send}`);
    const answers: string[] = [];
    for (const run of runs)
      answers.push((await ask(run, cancel, run.adapter.cancelParams(run.taskKey('TaskIdParams'), tasks.get(run)!))).text);
    compare(runs, answers, cancel, note);
  });

  await first.step(`same answer on every binding: ${get} on an unknown task`, async (note) => {
    usable();
    const answers: string[] = [];
    for (const run of runs) answers.push((await ask(run, get, run.adapter.getParams(run.taskKey('TaskQueryParams'), randomUUID()))).text);
    compare(runs, answers, `${get} on an unknown task`, note);
  });

  await first.step(`same answer on every binding: ${stream}`, async (note) => {
    usable();
    const card = first.agent.card;
    if (card && !(isObject(card.capabilities) && card.capabilities.streaming === true)) skip('the card does not claim streaming');
    const answers: string[] = [];
    for (const run of runs) {
      const message = run.message([{ text: 'bindu-protocol check-server: the same stream on every binding.' }]);
      try {
        const outcome = await run.readStream(stream, run.sendParams(message));
        const plain = outcome.plain?.body;
        const error = isObject(plain) && isObject(plain.error) ? (plain.error as Json) : undefined;
        // The kinds and states of the events; a task's own ids and texts differ from binding to binding.
        answers.push(error ? summary(run, { error }) : outcome.seen.join(' → ') || 'no event');
      } catch (error) {
        if (!(error instanceof StepFail)) throw error;
        answers.push(`a stream that fails: ${error.message}`);
      }
    }
    compare(runs, answers, stream, note);
  });
}
