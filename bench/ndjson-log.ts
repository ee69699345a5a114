/**
 * The bench's NDJSON log (bench/run.ts and bench/ndjson-jobs.ts): JSON-RPC `message/send` and `tasks/get` requests
 * and their Task responses from the conformance fixtures, one line in twenty invalid; and its two halves, cut at a
 * request so each half pairs its own responses (the ceiling for two jobs: two one-job processes, one a half).
 */
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { fixture as fixtureOf } from './fixtures.js';

/** Writes a log of `lines` lines to `file`. */
export async function writeTrafficLog(root: string, file: string, lines: number): Promise<void> {
  const fixture = (kind: 'types' | 'methods', name: string, id: string) => fixtureOf(root, 'a2a', kind, name, id);
  const request = fixture('methods', 'message-send', 'request-multi-part-with-webhook') as Record<string, unknown>;
  const firstMessage = fixture('methods', 'message-send', 'request-first-message') as Record<string, unknown>;
  const taskResult = fixture('types', 'Task', 'completed-with-artifacts');
  const workingTask = fixture('types', 'Task', 'working');
  const getTask = { jsonrpc: '2.0', method: 'tasks/get', params: { id: 'b7e4c1d9-2a6f-4e83-8d15-3f9a0c6e2b47', historyLength: 10 } };
  const out = createWriteStream(file);
  let id = 0;
  for (let line = 0; line < lines; line += 2) {
    id++;
    const kind = id % 3;
    const req: Record<string, unknown> = kind === 0 ? { ...request, id } : kind === 1 ? { ...firstMessage, id } : { ...getTask, id };
    const res = { jsonrpc: '2.0', id, result: kind === 1 ? workingTask : taskResult };
    // one pair in ten has one broken side: 5% of the lines are invalid
    const broken = id % 10 === 0;
    const reqLine = broken && id % 20 === 0 ? { ...req, params: { ...(req.params as object), message: undefined, id: 42 } } : req;
    const resLine = broken && id % 20 !== 0 ? { ...res, result: { ...(res.result as object), status: { state: 'done' } } } : res;
    if (!out.write(`${JSON.stringify(reqLine)}\n`)) await once(out, 'drain');
    if (!out.write(`${JSON.stringify(resLine)}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** Writes the two halves of the log `file` to `halves` (cut at a line end, before a request). */
export function writeHalves(file: string, halves: readonly [string, string]): void {
  const text = readFileSync(file, 'utf8');
  let middle = text.indexOf('\n', Math.floor(text.length / 2)) + 1;
  // At a request, not between a request and its response: each half pairs its own.
  if (!text.slice(middle, text.indexOf('\n', middle)).includes('"method"')) middle = text.indexOf('\n', middle) + 1;
  writeFileSync(halves[0], text.slice(0, middle));
  writeFileSync(halves[1], text.slice(middle));
}
