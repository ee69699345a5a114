/**
 * The snake_case keys deployed Bindu agents send where the seeds (and A2A) write camelCase, as plain facts (no
 * TypeBox): `normalize(type, value, { variant: 'bindu' })` renames each to its canonical key wherever that key is
 * declared, and reports every rename.
 *
 * Source: GetBindu/Bindu `bindu/common/protocol/types.py` (every domain TypedDict is aliased with `to_camel`, yet a
 * JSON-RPC `result` is emitted by `a2a_response_ta.dump_json(…)` over a generic union, which passes the stored
 * snake_case dicts through untouched), seen on the wire in the echo agent's recordings
 * (`scripts/dryrun-fixtures/echo-agent/final-task.json`, `submit-response.json`), its SSE events
 * (`task_id`, `context_id`, `last_chunk`) and its push webhooks (`event_id`, `task_id`, `context_id`).
 * SPEC-NOTES "Deployed Bindu agents" records the deviation; DESIGN decision 15 says why a receiver accepts it.
 */

/** One spelling: the key as a deployed agent sends it, the canonical key, and where it was seen. */
export interface DeployedSpelling {
  /** The key as deployed Bindu agents send it. */
  readonly sent: string;
  /** The canonical (seed, A2A) key. */
  readonly canonical: string;
  /** The types that carry it (informative: the rename applies wherever `canonical` is declared). */
  readonly seenIn: readonly string[];
}

export const DEPLOYED_BINDU_SPELLINGS: readonly DeployedSpelling[] = [
  {
    sent: 'context_id',
    canonical: 'contextId',
    seenIn: ['Task', 'Message', 'TaskStatusUpdateEvent', 'TaskArtifactUpdateEvent', 'Context'],
  },
  {
    sent: 'task_id',
    canonical: 'taskId',
    seenIn: ['Message', 'TaskStatusUpdateEvent', 'TaskArtifactUpdateEvent', 'TaskPushNotificationConfig'],
  },
  { sent: 'message_id', canonical: 'messageId', seenIn: ['Message'] },
  { sent: 'reference_task_ids', canonical: 'referenceTaskIds', seenIn: ['Message'] },
  { sent: 'artifact_id', canonical: 'artifactId', seenIn: ['Artifact'] },
  { sent: 'last_chunk', canonical: 'lastChunk', seenIn: ['TaskArtifactUpdateEvent', 'Artifact'] },
  { sent: 'mime_type', canonical: 'mimeType', seenIn: ['FileWithBytes', 'FileWithUri'] },
  { sent: 'push_notification_config', canonical: 'pushNotificationConfig', seenIn: ['TaskPushNotificationConfig'] },
  { sent: 'history_length', canonical: 'historyLength', seenIn: ['TaskQueryParams', 'MessageSendConfiguration'] },
  { sent: 'accepted_output_modes', canonical: 'acceptedOutputModes', seenIn: ['MessageSendConfiguration'] },
  { sent: 'created_at', canonical: 'createdAt', seenIn: ['Context'] },
  { sent: 'updated_at', canonical: 'updatedAt', seenIn: ['Context'] },
  { sent: 'parent_context_id', canonical: 'parentContextId', seenIn: ['Context'] },
  { sent: 'reference_context_ids', canonical: 'referenceContextIds', seenIn: ['Context'] },
  { sent: 'input_modes', canonical: 'inputModes', seenIn: ['AgentSkill'] },
  { sent: 'output_modes', canonical: 'outputModes', seenIn: ['AgentSkill'] },
];
