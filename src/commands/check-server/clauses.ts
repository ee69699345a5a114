/**
 * The clauses check-server's verdicts rest on (DESIGN decision 13): each FAIL names a MUST/REQUIRED
 * (or the variant's schema), each WARN a SHOULD/RECOMMENDED, by specification version and section
 * (A2A v0.3.0, A2A v1.0, JSON-RPC 2.0, RFC 9110). A group's clause is the default of its steps; a
 * step or a `fail` may name a narrower one. The texts are in ../shared/reference (the A2A specs).
 */
import type { GroupName } from './groups/names.js';
import { LATEST_SPEC_REVISION, revisionRules, type SpecRevision } from '../../../schemas/spec-revisions.js';

/** JSON-RPC 2.0 §5: the response id MUST be the same as the request's. */
export const JSONRPC_ID = 'JSON-RPC 2.0 §5 (the id MUST be the same as the request id)';
/** JSON-RPC 2.0 §5: an id with a fractional part (which §4 says SHOULD NOT be sent) is still echoed. */
export const JSONRPC_FRACTION = 'JSON-RPC 2.0 §5 (the response id MUST be the same as the request id, a fractional number too)';
export const JSONRPC_ERRORS = 'JSON-RPC 2.0 §5.1 (error codes)';
export const JSONRPC_BATCH = 'JSON-RPC 2.0 §6 (batch)';
export const JSONRPC_NOTIFICATION = 'JSON-RPC 2.0 §4.1 (a notification is not answered)';

/** Which clause each kind of verdict cites, on one wire. */
export interface ClauseBook {
  readonly variant: string;
  group(group: GroupName): string;
  readonly optionalMethod: string;
  readonly terminalCancel: string;
  readonly terminalSubscribe: string;
  readonly terminalMessage: string;
  readonly historyLength: string;
  readonly blockingSend: string;
  readonly pushPrivate: string;
  readonly fileUri: string;
  readonly contentType: string;
  /** The error an agent answers for a part whose media type it does not take (a WARN's clause when it answers another). */
  readonly partRefused: string;
  /** A message without parts (v1.0: or with an empty parts array) is invalid params and must be refused. */
  readonly messageParts: string;
  readonly unclaimedPush: string;
  readonly unclaimedStreaming: string;
  readonly errorInfo: string;
  /** How strongly the revision asks for the ErrorInfo on JSON-RPC: a FAIL under MUST (v1.0.0), a WARN under SHOULD (v1.0.1). */
  readonly errorInfoLevel: 'MUST' | 'SHOULD' | 'MAY';
  readonly errorInfoRest: string;
  /** The error code mappings (§5.4 of the revision): the HTTP status of each error. */
  readonly errorMappings: string;
  readonly listTasks: string;
  readonly messageId: string;
  readonly unclaimedExtendedCard: string;
  readonly emptyVersion: string;
  readonly sameEvents: string;
  readonly closeOneStream: string;
}

const V03: Record<GroupName, string> = {
  card: 'A2A v0.3.0 §5.5 (AgentCard)',
  envelope: 'JSON-RPC 2.0 §4-§5; A2A v0.3.0 §3.2.1',
  message: 'A2A v0.3.0 §7.1 (message/send)',
  tasks: 'A2A v0.3.0 §7.3 (tasks/get)',
  cancel: 'A2A v0.3.0 §7.4 (tasks/cancel)',
  streaming: 'A2A v0.3.0 §7.2, §7.9 (message/stream, tasks/resubscribe)',
  push: 'A2A v0.3.0 §7.5-§7.8 (push notification config)',
  extended: 'A2A v0.3.0 §7.10 (agent/getAuthenticatedExtendedCard)',
  extras: "the variant's seeds (Bindu extensions)",
  probes: 'A2A v0.3.0 §8.1 (-32602 InvalidParams for invalid parameters)',
  errors: 'A2A v0.3.0 §8 (error handling)',
  bindings: 'A2A v0.3.0 §3.4.1 (functional equivalence of the transports)',
};

const V10: Record<GroupName, string> = {
  card: 'A2A v1.0 §8 (Agent Card)',
  envelope: 'JSON-RPC 2.0 §4-§5; A2A v1.0 §9.1',
  message: 'A2A v1.0 §3.1.1 (Send Message)',
  tasks: 'A2A v1.0 §3.1.3-§3.1.4 (Get Task, List Tasks)',
  cancel: 'A2A v1.0 §3.1.5 (Cancel Task)',
  streaming: 'A2A v1.0 §3.1.2, §3.1.6 (Send Streaming Message, Subscribe to Task)',
  push: 'A2A v1.0 §3.1.7-§3.1.10 (push notification config)',
  extended: 'A2A v1.0 §3.1.11 (Get Extended Agent Card), §3.6 (A2A-Version)',
  extras: 'the aion context extension (seed 004)',
  probes: 'A2A v1.0 §3.3.2 (invalid parameters are an error)',
  errors: 'A2A v1.0 §3.3.2, §9.5 (error handling)',
  bindings: 'A2A v1.0 §5.1 (functional equivalence of the bindings)',
};

/**
 * The clauses of a run on `wire`, checked as `variant`; on v1.0 they cite `revision` (default the latest held), and the
 * rules that changed between revisions (ErrorInfo, media type, status mappings) are that revision's (schemas/spec-revisions.ts).
 */
export function clausesFor(wire: 'v0.3' | 'v1.0', variant: string, revision: SpecRevision = LATEST_SPEC_REVISION): ClauseBook {
  const v1 = wire === 'v1.0';
  const rules = revisionRules(revision);
  const { sections } = rules;
  // A v1.0 clause names the revision checked: "A2A v1.0 §3.1.5" reads "A2A v1.0.1 §3.1.5".
  const cite = (text: string) => (v1 ? text.replaceAll('A2A v1.0 ', `A2A v${revision} `) : text);
  const groups = v1 ? V10 : V03;
  const media = rules.restMediaType;
  const book: ClauseBook = {
    variant,
    group: (group) => cite(groups[group]),
    optionalMethod: v1 ? 'A2A v1.0 §3.3.4 (capability validation)' : 'A2A v0.3.0 §11.1.3 (optional methods: MAY)',
    terminalCancel: v1 ? 'A2A v1.0 §3.1.5 (TaskNotCancelableError for a task in a terminal state)' : 'A2A v0.3.0 §7.4, §8.2 (-32002)',
    terminalSubscribe: v1
      ? 'A2A v1.0 §3.1.6 (UnsupportedOperationError for a task in a terminal state)'
      : 'A2A v0.3.0 §7.9 (tasks/resubscribe)',
    terminalMessage: v1
      ? 'A2A v1.0 §3.1.1 (UnsupportedOperationError for a message to a task in a terminal state)'
      : 'A2A v0.3.0 §7.1 (a message to a task in a terminal state results in an error)',
    historyLength: v1
      ? 'A2A v1.0 §3.2.4 (historyLength 0: history SHOULD be omitted; N: at most N recent messages)'
      : 'A2A v0.3.0 §7.3.1 (historyLength: how many recent messages), read as a SHOULD',
    blockingSend: v1
      ? 'A2A v1.0 §3.2.2 (a blocking send MUST wait for a terminal or interrupted state)'
      : 'A2A v0.3.0 §7.1 (blocking message/send)',
    pushPrivate: v1 ? 'A2A v1.0 §13.2 (agents SHOULD refuse private webhook addresses)' : 'A2A v0.3.0 §9.5 (push delivery)',
    fileUri: v1 ? 'A2A v1.0 §4.1 (Part by url)' : 'A2A v0.3.0 §6.6.2 (FileWithUri)',
    contentType: v1
      ? `A2A v${revision} §${sections.restRequirements} (${media.type} bodies: ${media.level}); RFC 9110 §15.5.16 (415 Unsupported Media Type)`
      : 'A2A v0.3.0 §3.2.3; RFC 9110 §15.5.16 (415 Unsupported Media Type)',
    partRefused: v1
      ? 'A2A v1.0 §3.3.2 (ContentTypeNotSupportedError for a media type the agent does not support)'
      : 'A2A v0.3.0 §8.2 (-32005 ContentTypeNotSupportedError for a media type the agent does not support)',
    messageParts: v1
      ? 'A2A v1.0 §3.3.2 (servers MUST validate all input parameters), §5.7 (a REQUIRED array MUST contain at least one element)'
      : 'A2A v0.3.0 §6.4 (Message.parts is required), §8.1 (-32602 InvalidParams for a missing required field)',
    unclaimedPush: v1
      ? 'A2A v1.0 §3.3.4 (PushNotificationNotSupportedError when not claimed)'
      : 'A2A v0.3.0 §8.2 (-32003 PushNotificationNotSupportedError)',
    unclaimedStreaming: v1
      ? 'A2A v1.0 §3.3.4 (UnsupportedOperationError when streaming is not claimed)'
      : 'A2A v0.3.0 §8.2 (-32004 UnsupportedOperationError)',
    errorInfo: `A2A v${revision} §${sections.jsonRpcErrors} (an A2A error ${rules.jsonRpcErrorInfo} carry a google.rpc.ErrorInfo)`,
    errorInfoLevel: rules.jsonRpcErrorInfo,
    errorInfoRest: `A2A v${revision} §${sections.restErrors} (an A2A error ${rules.bindingErrorInfo} carry a google.rpc.ErrorInfo in error.details)`,
    errorMappings: v1
      ? `A2A v${revision} §${sections.errorMappings} (error code mappings)`
      : 'A2A v0.3.0 §3.2.3 (appropriate HTTP status codes; v1.0.0 §5.4 read for the statuses)',
    listTasks: 'A2A v1.0 §3.1.4 (List Tasks)',
    unclaimedExtendedCard: 'A2A v1.0 §3.3.4 (UnsupportedOperationError when the extended card is not claimed)',
    emptyVersion:
      'A2A v1.0 §3.6.1-§3.6.2 (0.3 is assumed for an empty A2A-Version; an unsupported version MUST get VersionNotSupportedError)',
    sameEvents: v1
      ? 'A2A v1.0 §3.5.2 (each stream of a task MUST receive the same events in the same order)'
      : 'A2A v1.0 §3.5.2 (each stream of a task receives the same events), read as a SHOULD for v0.3, which says nothing of several streams',
    closeOneStream: v1
      ? 'A2A v1.0 §3.5.2 (closing one stream MUST NOT affect other active streams for the same task)'
      : 'A2A v1.0 §3.5.2 (closing one stream leaves the others), read as a SHOULD for v0.3, which says nothing of several streams',
    messageId: v1 ? 'A2A v1.0 §4.1.4 (messageId identifies one message)' : 'A2A v0.3.0 §6.4 (messageId identifies one message)',
  };
  if (!v1) return book;
  // Every other v1.0 clause names the revision too.
  const cited = Object.fromEntries(Object.entries(book).map(([key, value]) => [key, typeof value === 'string' ? cite(value) : value]));
  return { ...(cited as unknown as ClauseBook), group: book.group };
}

/** Until the card decided the wire: the v0.3 book. */
export const defaultClauses: ClauseBook = clausesFor('v0.3', 'the variant');
