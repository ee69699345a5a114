/**
 * For each type convert takes, the @a2a-js/sdk 1.x translation of the same value (sdk-translators.ts):
 * v0.3 → v1.0 is `X.toJSON(toCoreX(v03))`, v1.0 → v0.3 is `toCompatX(X.fromJSON(v1))`, X being the
 * SDK's exported ProtoJSON codec of the v1.0 type. Envelope-taking translators get `{params}` or
 * give `{result}`, unwrapped here.
 */
import * as sdk from '@a2a-js/sdk-v1';
import type { Translators } from './sdk-translators.js';

type Codec = { toJSON(value: unknown): unknown; fromJSON(value: unknown): unknown };
const codec = (name: string) => (sdk as unknown as Record<string, Codec>)[name]!;

/** The SDK's v0.3 → v1.0 translation of a value of the named v0.3 type; undefined when it has none. */
export function sdkToV1(t: Translators, type: string): ((value: unknown) => unknown) | undefined {
  const core = (fn: string, v1: string) => (value: unknown) => codec(v1).toJSON(t[fn]!(value));
  const table: Record<string, (value: unknown) => unknown> = {
    Role: (value) => sdk.roleToJSON(t.toCoreRole!(value) as sdk.Role),
    TaskState: (value) => sdk.taskStateToJSON(t.toCoreTaskState!(value) as sdk.TaskState),
    Part: core('toCorePart', 'Part'),
    Message: core('toCoreMessage', 'Message'),
    Artifact: core('toCoreArtifact', 'Artifact'),
    TaskStatus: core('toCoreTaskStatus', 'TaskStatus'),
    Task: core('toCoreTask', 'Task'),
    TaskStatusUpdateEvent: core('toCoreTaskStatusUpdateEvent', 'TaskStatusUpdateEvent'),
    TaskArtifactUpdateEvent: core('toCoreTaskArtifactUpdateEvent', 'TaskArtifactUpdateEvent'),
    AgentCard: core('toCoreAgentCard', 'AgentCard'),
    AgentCapabilities: core('toCoreAgentCapabilities', 'AgentCapabilities'),
    AgentInterface: core('toCoreAgentInterface', 'AgentInterface'),
    AgentProvider: core('toCoreAgentProvider', 'AgentProvider'),
    AgentExtension: core('toCoreAgentExtension', 'AgentExtension'),
    AgentSkill: core('toCoreAgentSkill', 'AgentSkill'),
    AgentCardSignature: core('toCoreAgentCardSignature', 'AgentCardSignature'),
    SecurityScheme: core('toCoreSecurityScheme', 'SecurityScheme'),
    OAuthFlows: core('toCoreOAuthFlows', 'OAuthFlows'),
    PushNotificationAuthenticationInfo: core('toCoreAuthenticationInfo', 'AuthenticationInfo'),
    PushNotificationConfig: core('toCorePushNotificationConfig', 'TaskPushNotificationConfig'),
    TaskPushNotificationConfig: core('toCoreTaskPushNotificationConfig', 'TaskPushNotificationConfig'),
    MessageSendConfiguration: core('toCoreSendMessageConfiguration', 'SendMessageConfiguration'),
    MessageSendParams: (value) => codec('SendMessageRequest').toJSON(t.toCoreSendMessageRequest!({ params: value })),
    TaskQueryParams: (value) => codec('GetTaskRequest').toJSON(t.toCoreGetTaskRequest!({ params: value })),
    TaskIdParams: (value) => codec('CancelTaskRequest').toJSON(t.toCoreCancelTaskRequest!({ params: value })),
    GetTaskPushNotificationConfigParams: (value) =>
      codec('GetTaskPushNotificationConfigRequest').toJSON(t.toCoreGetTaskPushNotificationConfigRequest!({ params: value })),
    ListTaskPushNotificationConfigParams: (value) =>
      codec('ListTaskPushNotificationConfigsRequest').toJSON(t.toCoreListTaskPushNotificationConfigsRequest!({ params: value })),
    DeleteTaskPushNotificationConfigParams: (value) =>
      codec('DeleteTaskPushNotificationConfigRequest').toJSON(t.toCoreDeleteTaskPushNotificationConfigRequest!({ params: value })),
    SendStreamingMessageResult: (value) => codec('StreamResponse').toJSON(t.toCoreStreamResponse!({ result: value })),
  };
  return table[type];
}

/** The SDK's v1.0 → v0.3 translation of a value of the named v1.0 type; undefined when it has none. */
export function sdkToV03(t: Translators, type: string): ((value: unknown) => unknown) | undefined {
  const compat = (fn: string, v1: string) => (value: unknown) => t[fn]!(codec(v1).fromJSON(value));
  const table: Record<string, (value: unknown) => unknown> = {
    Role: (value) => t.toCompatRole!(sdk.roleFromJSON(value)),
    TaskState: (value) => t.toCompatTaskState!(sdk.taskStateFromJSON(value)),
    Part: compat('toCompatPart', 'Part'),
    Message: compat('toCompatMessage', 'Message'),
    Artifact: compat('toCompatArtifact', 'Artifact'),
    TaskStatus: compat('toCompatTaskStatus', 'TaskStatus'),
    Task: compat('toCompatTask', 'Task'),
    TaskStatusUpdateEvent: compat('toCompatTaskStatusUpdateEvent', 'TaskStatusUpdateEvent'),
    TaskArtifactUpdateEvent: compat('toCompatTaskArtifactUpdateEvent', 'TaskArtifactUpdateEvent'),
    AgentCard: compat('toCompatAgentCard', 'AgentCard'),
    AgentCapabilities: compat('toCompatAgentCapabilities', 'AgentCapabilities'),
    AgentInterface: compat('toCompatAgentInterface', 'AgentInterface'),
    AgentProvider: compat('toCompatAgentProvider', 'AgentProvider'),
    AgentExtension: compat('toCompatAgentExtension', 'AgentExtension'),
    AgentSkill: compat('toCompatAgentSkill', 'AgentSkill'),
    AgentCardSignature: compat('toCompatAgentCardSignature', 'AgentCardSignature'),
    SecurityScheme: compat('toCompatSecurityScheme', 'SecurityScheme'),
    OAuthFlows: compat('toCompatOAuthFlows', 'OAuthFlows'),
    SecurityRequirement: compat('toCompatSecurityRequirement', 'SecurityRequirement'),
    AuthenticationInfo: compat('toCompatAuthenticationInfo', 'AuthenticationInfo'),
    TaskPushNotificationConfig: compat('toCompatTaskPushNotificationConfig', 'TaskPushNotificationConfig'),
    SendMessageConfiguration: compat('toCompatSendMessageConfiguration', 'SendMessageConfiguration'),
    StreamResponse: (value) => (t.toCompatStreamResponse!(codec('StreamResponse').fromJSON(value)) as { result: unknown }).result,
  };
  return table[type];
}
