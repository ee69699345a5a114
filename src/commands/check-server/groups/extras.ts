/**
 * Group `extras`: the methods a variant adds to A2A. bindu: tasks/list, tasks/feedback,
 * contexts/list, contexts/clear (on a context of its own making, never one the agent already
 * had), context/get, contexts/get; aion (when the card declares the aion context extension):
 * GetContext and GetContexts. Each call must be answered validly: a result, or an error the
 * method declares. A method the agent answers with MethodNotFound is skipped, named. Under bindu
 * the agent's REST endpoints follow (bindu-rest.ts).
 */
import { randomUUID } from 'node:crypto';
import { CODES, type Run } from '../run.js';
import { errorText, skip, type Json } from '../step-log.js';
import { binduRestSteps } from './bindu-rest.js';

interface Extra {
  readonly method: string;
  readonly params: (run: Run, task: { id?: string; contextId?: string }) => Json;
}

const BINDU: readonly Extra[] = [
  { method: 'tasks/list', params: () => ({ historyLength: 1 }) },
  {
    method: 'tasks/feedback',
    params: (_run, task) => ({
      taskId: task.id ?? randomUUID(),
      feedback: 'bindu-protocol check-server: feedback on this task.',
      rating: 5,
    }),
  },
  { method: 'contexts/list', params: () => ({ historyLength: 1 }) },
  // A context nobody uses: clearing must never touch the agent's own conversations.
  { method: 'contexts/clear', params: () => ({ contextId: randomUUID() }) },
  { method: 'context/get', params: (_run, task) => ({ context_id: task.contextId ?? randomUUID(), history_length: 2, history_offset: 0 }) },
  { method: 'contexts/get', params: () => ({ history_length: 2, history_offset: 0 }) },
];

const AION: readonly Extra[] = [
  { method: 'GetContext', params: (_run, task) => ({ contextId: task.contextId ?? randomUUID(), historyLength: 2 }) },
  { method: 'GetContexts', params: () => ({ historyLength: 2 }) },
];

/** The methods each variant adds, by variant (step-ids.ts lists them). */
export const EXTRAS: Readonly<Record<string, readonly Extra[]>> = { bindu: BINDU, aion: AION };

export async function extrasGroup(run: Run): Promise<void> {
  const extras = EXTRAS[run.variant] ?? [];
  if (extras.length === 0) {
    await run.step('variant extras', async () => skip(`variant ${run.variant} adds no methods to A2A`));
    return;
  }
  for (const extra of extras) {
    await run.step(extra.method, async (note) => {
      run.needEndpoint();
      const task = run.task ? { id: run.task.id, ...(run.task.contextId ? { contextId: run.task.contextId } : {}) } : {};
      const declared = [CODES.taskNotFound.code, CODES.invalidParams.code, CODES.methodNotFound.code];
      const { result, error } = await run.call(extra.method, extra.params(run, task), 'result', note, { accept: declared });
      if (error) {
        if (error.code === CODES.methodNotFound.code) skip(`the agent does not implement ${extra.method} (MethodNotFound)`);
        note(`answered ${errorText(error)}`);
        return;
      }
      note(`answered ${Array.isArray(result) ? `a list of ${result.length}` : 'a result'}`);
    });
  }
  // Bindu's REST side: the DID document, skills and negotiation (bindu-rest.ts).
  if (run.variant === 'bindu') await binduRestSteps(run);
}
