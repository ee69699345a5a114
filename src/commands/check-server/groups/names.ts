/**
 * The behaviour groups of a check-server run, in the order they run. `--only` and `--skip` take
 * these names.
 */
export const GROUPS = [
  'card',
  'envelope',
  'message',
  'tasks',
  'cancel',
  'streaming',
  'push',
  'extended',
  'extras',
  'probes',
  'errors',
  'bindings',
] as const;

export type GroupName = (typeof GROUPS)[number];

/** One line per group, for the usage text and the README. */
export const GROUP_TITLES: Readonly<Record<GroupName, string>> = {
  card: 'agent card: schema, required fields, the endpoint it names answers; v1.0 caching headers and signatures',
  envelope: 'JSON-RPC envelope: jsonrpc version, method, id, notification, batch, malformed JSON, unknown method',
  message: 'message/send: text, data, file by URI and by bytes; task and context continuation; referenceTaskIds; non-blocking',
  tasks: 'tasks/get: historyLength 0, 1 and large, multi-turn history, unknown task; v1.0 ListTasks',
  cancel: 'cancel: a running task becomes canceled; unknown task; finished task',
  streaming: 'streaming: message/stream, resubscribe to a live and an unknown task, two streams at once',
  push: 'push notifications: set/get/list/delete and a webhook receiver on 127.0.0.1',
  extended: 'the authenticated extended card; v1.0 version negotiation (A2A-Version)',
  extras: 'variant extras: bindu tasks/list, tasks/feedback, contexts; aion GetContext, GetContexts',
  probes: "every invalid params fixture of the variant's conformance suite, sent live",
  errors: 'every error answer of the run: valid, a code its method declares, v1.0 ErrorInfo',
  bindings: 'with --transport all: send, get, cancel, unknown task and stream on every binding the card lists, answers compared',
};

export function isGroup(name: string): name is GroupName {
  return (GROUPS as readonly string[]).includes(name);
}
