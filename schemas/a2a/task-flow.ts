/**
 * How a message becomes a task and the task produces artifacts, on the A2A v0.3.0 JSON-RPC wire,
 * as data for the docs' "message → task → artifact" diagram. Used by the `a2a` and `bindu` variants
 * (same wire, same method names). Plain constants, not TypeBox schemas.
 *
 * Only the method names and the sentences are written here. The types the diagram shows are read
 * from the schemas at build time: each step's params type from the method's request, its answer
 * from the success response's `result`, and the containment panel from the properties of the
 * `structure` types. The docs build fails when a method or type named here does not exist.
 *
 * Source: A2A v0.3.0 specification §7.1 (message/send), §7.2 (message/stream: "a Task followed by
 * status and artifact update events"), §7.3 (tasks/get), and the "life of a task" topic.
 */

export interface FlowStep {
  /** The JSON-RPC method the client calls. */
  readonly method: string;
  /** What the client does, one short line. */
  readonly request: string;
  /** What the agent answers, one short line. */
  readonly answer: string;
}

export interface TaskFlow {
  /** The exchanges, in order. */
  readonly steps: readonly FlowStep[];
  /** The types whose containment (which holds which, under which property) the diagram shows. */
  readonly structure: readonly string[];
}

export const TASK_FLOW: TaskFlow = {
  steps: [
    {
      method: 'message/send',
      request: 'sends a Message (it may name a task to continue)',
      answer: 'a Task that tracks the work, or a Message for a simple exchange',
    },
    {
      method: 'message/stream',
      request: 'sends a Message and keeps the connection open',
      answer: 'a stream: the Task, then status and artifact updates until `final`',
    },
    {
      method: 'tasks/get',
      request: 'asks for the task by id',
      answer: 'the Task: its status, its history and its artifacts',
    },
  ],
  structure: ['Task', 'TaskStatus', 'TaskState', 'Message', 'Artifact', 'Part'],
};
