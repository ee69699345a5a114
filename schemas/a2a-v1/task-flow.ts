/**
 * How a message becomes a task and the task produces artifacts, on the A2A v1.0 JSON-RPC binding
 * (the `a2a-v1` and `aion` variants), as data for the docs' "message → task → artifact" diagram. The shape is
 * `../a2a/task-flow.ts`'s; v1.0 renamed the methods. Plain constants, not TypeBox schemas. The
 * types the diagram shows are read from the schemas at build time.
 *
 * Source: A2A v1.0 specification, SendMessage, SendStreamingMessage (a StreamResponse stream: the
 * task, then status and artifact updates) and GetTask.
 */
import type { TaskFlow } from '../a2a/task-flow.js';

export const TASK_FLOW: TaskFlow = {
  steps: [
    {
      method: 'SendMessage',
      request: 'sends a Message (it may name a task to continue)',
      answer: 'a Task that tracks the work, or a Message for a simple exchange',
    },
    {
      method: 'SendStreamingMessage',
      request: 'sends a Message and keeps the connection open',
      answer: 'a stream of StreamResponse: the task, then status and artifact updates',
    },
    {
      method: 'GetTask',
      request: 'asks for the task by id',
      answer: 'the Task: its status, its history and its artifacts',
    },
  ],
  structure: ['Task', 'TaskStatus', 'TaskState', 'Message', 'Artifact', 'Part'],
};
