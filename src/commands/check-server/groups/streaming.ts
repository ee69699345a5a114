/**
 * Group `streaming` (when the card claims streaming): message/stream (v1.0 SendStreamingMessage)
 * read to its end, every event valid and the sequence lawful (src/live/stream-lifecycle.ts); resubscribing
 * (tasks/resubscribe, v1.0 SubscribeToTask) to a live task, which is canceled in the middle so
 * the stream must end `canceled`, and to a task that does not exist; two streams at once.
 */
import { randomUUID } from 'node:crypto';
import { CODES, type Run } from '../run.js';
import { errorText, fail, formatErrors, isObject, joinProblems, skip, warn } from '../step-log.js';
import { failPlain } from '../stream-reader.js';
import type { StreamOutcome } from '../transport.js';
import { skipIfFinished, startRunningTask } from './cancel.js';
import { ERROR_INFO_DOMAIN, ERROR_REASONS } from '../wire-adapter.js';

/** How long the agent is given to see a subscriber's connection close before the task changes. */
const CLOSE_SETTLE_MS = 150;

function finish(outcome: StreamOutcome, note: (text: string) => void): void {
  for (const remark of [...outcome.remarks, ...outcome.sequence.notes]) note(remark);
  const seen = outcome.seen;
  if (seen.length > 0) note(`${seen.length} events: ${seen.slice(0, 8).join(' → ')}${seen.length > 8 ? ' → …' : ''}`);
  if (outcome.problems.length > 0) fail(joinProblems(outcome.problems));
}

export async function streamingGroup(run: Run): Promise<void> {
  const needStreaming = () => {
    run.needEndpoint();
    if (run.agent.card && !run.claims('streaming')) skip('the card does not claim streaming');
  };
  const stream = run.methods.stream;
  const resubscribe = run.methods.resubscribe;

  // v0.3 §11.1.3: tasks/resubscribe is optional (MAY); MethodNotFound means the agent left it out.
  const optional = run.adapter.wire === 'v0.3';
  const notImplemented = (error: unknown) =>
    optional && isObject(error) && error.code === CODES.methodNotFound.code
      ? skip(`${resubscribe} answered MethodNotFound: the method is optional (${run.clauses.optionalMethod})`)
      : undefined;
  const plainError = (outcome: StreamOutcome) =>
    outcome.plain && isObject(outcome.plain.body) && isObject(outcome.plain.body.error) ? outcome.plain.body.error : undefined;
  const eventError = (outcome: StreamOutcome) => {
    const match = outcome.problems.map((problem) => /^event 1 is error (-?\d+)/.exec(problem)).find(Boolean);
    return match ? { code: Number(match[1]) } : undefined;
  };
  /** Cancels the task the first time it is called and does nothing after (a refusal is judged by what follows). */
  const cancelOnce = (taskId: string, note: (text: string) => void) => {
    const params = run.adapter.cancelParams(run.taskKey('TaskIdParams'), taskId);
    let canceled = false;
    return async () => {
      if (canceled) return;
      canceled = true;
      await run.call(run.methods.cancel, params, 'result', note, { accept: [CODES.notCancelable.code] }).catch(() => undefined);
    };
  };
  /** SKIPs a step of several subscribers when one was refused: the method left out, the task finished, or one stream a task. */
  const skipRefused = async (outcomes: readonly StreamOutcome[], taskId: string, note: (text: string) => void) => {
    const refused = outcomes.map((outcome) => plainError(outcome) ?? (outcome.results.length === 0 ? eventError(outcome) : undefined));
    for (const error of refused) notImplemented(error);
    if (!refused.some((error) => error !== undefined)) return;
    if (refused.every((error) => error !== undefined)) await skipIfFinished(run, taskId, note, refused[0], true);
    skip(`one subscription was refused (${errorText(refused.find(Boolean))}): an agent MAY serve one stream per task (A2A v1.0 §3.5.2)`);
  };

  if (run.agent.card && !run.claims('streaming')) {
    await run.step(
      `${stream} not claimed`,
      async (note) => {
        run.needEndpoint();
        const outcome = await run.readStream(stream, run.sendParams(run.message([{ text: 'bindu-protocol check-server: stream?' }])));
        const error = plainError(outcome) ?? eventError(outcome);
        const answer = error ? { error } : { result: outcome.results[0] };
        note('the card does not claim streaming');
        run.unclaimed(answer, CODES.unsupported, run.clauses.unclaimedStreaming, note);
      },
      run.clauses.unclaimedStreaming,
    );
  }

  await run.step(stream, async (note) => {
    needStreaming();
    const outcome = await run.readStream(
      stream,
      run.sendParams(run.message([{ text: 'bindu-protocol check-server: please stream your answer.' }])),
    );
    if (outcome.plain) failPlain(outcome.plain, stream, run.transport);
    const first = outcome.results[0];
    if (first !== undefined && !run.adapter.taskOf(first) && !run.adapter.isMessage(first)) {
      outcome.problems.push(`the first event is ${run.describe(first)}, not a Task or a Message`);
    }
    finish(outcome, note);
  });

  await run.step(`${resubscribe} to a live task`, async (note) => {
    needStreaming();
    const { task, stream: starter } = await startRunningTask(run, note);
    let canceled = false;
    let notCancelable = false;
    const outcome = await run.readStream(resubscribe, run.adapter.getParams(run.taskKey('TaskIdParams'), task.id), {
      onEvent: async (_result, index) => {
        if (index !== 1 || canceled) return;
        canceled = true;
        const { error } = await run.call(
          run.methods.cancel,
          run.adapter.cancelParams(run.taskKey('TaskIdParams'), task.id),
          'result',
          note,
          { accept: [CODES.notCancelable.code] },
        );
        notCancelable = error !== undefined;
      },
    });
    const refused = plainError(outcome) ?? (outcome.results.length === 0 ? eventError(outcome) : undefined);
    if (!canceled) {
      await run
        .call(run.methods.cancel, run.adapter.cancelParams(run.taskKey('TaskIdParams'), task.id), 'result', () => undefined)
        .catch(() => undefined);
    }
    await starter;
    notImplemented(refused);
    // A task that finished before the subscription: v1.0 §3.1.6 prescribes UnsupportedOperationError (-32004).
    if (
      refused !== undefined ||
      notCancelable ||
      (!canceled && outcome.sequence.currentState !== undefined && run.lifecycle.terminal.includes(outcome.sequence.currentState))
    ) {
      await skipIfFinished(run, task.id, note, refused, true);
    }
    if (outcome.plain) failPlain(outcome.plain, resubscribe, run.transport);
    if (outcome.problems.length === 0 && outcome.sequence.currentState !== 'canceled') {
      outcome.problems.push(
        `the task was canceled during the stream, but the stream ended with the task ${outcome.sequence.currentState ?? 'in no state'}`,
      );
    }
    finish(outcome, note);
  });

  await run.step(
    `${resubscribe}: two subscribers see the same events`,
    async (note) => {
      needStreaming();
      const { task, stream: starter } = await startRunningTask(run, note);
      let firsts = 0;
      const cancel = cancelOnce(task.id, note);
      // Both subscribe; once each has its first event, the task is canceled, and both must see the same events after.
      const subscribe = () =>
        run.readStream(resubscribe, run.adapter.getParams(run.taskKey('TaskIdParams'), task.id), {
          onEvent: async (_result, index) => {
            if (index === 1 && ++firsts === 2) await cancel();
          },
        });
      const [a, b] = await Promise.all([subscribe(), subscribe()]);
      await cancel();
      await starter;
      await skipRefused([a, b], task.id, note);
      const problems = [...a.problems.map((p) => `stream 1: ${p}`), ...b.problems.map((p) => `stream 2: ${p}`)];
      if (problems.length > 0) fail(joinProblems(problems));
      // Only what the task did while both were subscribed is compared: a stream that carried nothing but the
      // task's snapshot (the task had finished, say) has no live event, and the step says so rather than passing.
      const live = (outcome: StreamOutcome) => outcome.results.filter((result) => !run.adapter.taskOf(result)).length;
      const idle = [a, b].findIndex((outcome) => live(outcome) === 0);
      if (idle >= 0)
        skip(
          `subscriber ${idle + 1} received ${[a, b][idle]!.seen.join(' → ') || 'no event'}: no event after the task's snapshot, so there are no live events to compare`,
        );
      note(`both streams: ${a.seen.join(' → ')}`);
      if (JSON.stringify(a.seen) !== JSON.stringify(b.seen)) {
        const reason = `two subscribers saw different events: ${a.seen.join(' → ')} · ${b.seen.join(' → ')}`;
        if (run.adapter.wire === 'v1.0') fail(reason, run.clauses.sameEvents);
        warn(reason, run.clauses.sameEvents);
      }
    },
    // On v0.3 the clause is a SHOULD (its WARN's): a FAIL of the step there is the group's.
    run.adapter.wire === 'v1.0' ? run.clauses.sameEvents : undefined,
  );

  await run.step(
    `${resubscribe}: closing one subscriber leaves the other receiving`,
    async (note) => {
      needStreaming();
      const { task, stream: starter } = await startRunningTask(run, note);
      const cancel = cancelOnce(task.id, note);
      const params = run.adapter.getParams(run.taskKey('TaskIdParams'), task.id);
      // The first subscriber goes away after its first event; then the task is canceled, which the second must still see.
      const first = run.readStream(resubscribe, params, { stopAfter: 1 });
      const second = run.readStream(resubscribe, params, {
        onEvent: async (_result, index) => {
          if (index !== 1) return;
          await first.catch(() => undefined);
          // A moment for the agent to see the connection close (not a measured time: nothing is judged by it).
          await new Promise((resolve) => setTimeout(resolve, CLOSE_SETTLE_MS));
          await cancel();
        },
      });
      const [a, b] = await Promise.all([first, second]);
      await cancel();
      await starter;
      await skipRefused([a, b], task.id, note);
      if (a.problems.length > 0) fail(joinProblems(a.problems.map((p) => `stream 1: ${p}`)));
      note(`stream 1 closed after ${a.seen.join(' → ')}; stream 2: ${b.seen.join(' → ')}`);
      const after =
        b.problems.length > 0
          ? joinProblems(b.problems)
          : b.sequence.currentState !== 'canceled'
            ? `it ended with the task ${b.sequence.currentState ?? 'in no state'}, not the cancel that followed`
            : undefined;
      if (after !== undefined) {
        // Only a cancel that took leaves something the second stream should have carried.
        const { result } = await run.call(run.methods.get, run.adapter.getParams(run.taskKey('TaskQueryParams'), task.id), 'result', note);
        const state = run.adapter.taskOf(result)?.state;
        if (state !== 'canceled')
          skip(`the task is ${state ?? 'in no known state'} after the cancel, so the second stream had nothing more to carry (${after})`);
        const reason = `after the first subscriber closed its stream, the second did not go on receiving: ${after}`;
        if (run.adapter.wire === 'v1.0') fail(reason, run.clauses.closeOneStream);
        warn(reason, run.clauses.closeOneStream);
      }
    },
    run.adapter.wire === 'v1.0' ? run.clauses.closeOneStream : undefined,
  );

  await run.step(`${resubscribe} to an unknown task`, async (note) => {
    needStreaming();
    const outcome = await run.readStream(resubscribe, run.adapter.getParams(run.taskKey('TaskIdParams'), randomUUID()));
    let error: unknown;
    notImplemented(plainError(outcome) ?? eventError(outcome));
    if (outcome.plain) {
      const body = outcome.plain.body;
      const { code, name } = CODES.taskNotFound;
      if (!isObject(body) || !('error' in body))
        fail(`expected error ${code} (${name}), got ${body === undefined ? 'an answer that is not JSON' : 'a result'}`);
      const verdict = run.transport.verdict(body as Record<string, unknown>, resubscribe);
      if (!verdict.valid) fail(`the error response does not validate: ${formatErrors(verdict.errors)}`);
      error = (body as Record<string, unknown>).error;
      if (outcome.problems.length > 0) fail(joinProblems(outcome.problems));
      note('answered with a JSON error, not a stream');
    } else {
      const errors = outcome.problems.filter((problem) => /^event 1 is error /.test(problem));
      if (outcome.results.length > 0) fail(`the stream carried ${outcome.seen.join(' → ')} for a task that does not exist`);
      if (errors.length === 0) fail(outcome.problems.length > 0 ? joinProblems(outcome.problems) : 'the stream carried no error');
      const match = /^event 1 is error (-?\d+)/.exec(errors[0]!);
      error = { code: match ? Number(match[1]) : undefined };
      note('answered with a stream whose one event is the error');
    }
    const { code, name } = CODES.taskNotFound;
    // HTTP+JSON v1.0: without an ErrorInfo in error.details the code is only guessed from the status name.
    if (isObject(error) && error.code !== code && run.transport.name === 'http-json' && run.adapter.wire === 'v1.0' && !('data' in error))
      fail(
        `expected error ${code} (${name}), got an error without the google.rpc.ErrorInfo that A2A v${run.revision ?? '1.0'} §11.6 requires in ` +
          `error.details for an A2A error (reason ${ERROR_REASONS[code]}, domain ${ERROR_INFO_DOMAIN})`,
      );
    if (!isObject(error) || error.code !== code) fail(`expected error ${code} (${name}), got ${errorText(error)}`);
  });

  await run.step('two streams at once', async (note) => {
    needStreaming();
    const open = (n: number) =>
      run.readStream(stream, run.sendParams(run.message([{ text: `bindu-protocol check-server: stream ${n} of two at once.` }])));
    const [a, b] = await Promise.all([open(1), open(2)]);
    const problems: string[] = [];
    for (const [n, outcome] of [
      [1, a],
      [2, b],
    ] as const) {
      if (outcome.plain)
        problems.push(`stream ${n}: not a stream (HTTP ${outcome.plain.status}, ${outcome.plain.contentType || 'no Content-Type'})`);
      problems.push(...outcome.problems.map((problem) => `stream ${n}: ${problem}`));
    }
    const ids = [a, b].map((outcome) => outcome.results.map((result) => run.adapter.taskOf(result)?.id).find(Boolean));
    if (ids[0] !== undefined && ids[0] === ids[1]) problems.push(`both streams are about the same task ${ids[0]}`);
    if (problems.length > 0) fail(joinProblems(problems));
    note(`${a.seen.length} and ${b.seen.length} events`);
  });
}
