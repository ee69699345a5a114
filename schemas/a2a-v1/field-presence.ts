/**
 * The fields the A2A v1.0 proto declares with the `optional` keyword (explicit presence, §5.7), by message, under
 * their JSON names: such a field is "set" whenever it is present, even at its default value. The proto says it and
 * JSON Schema cannot, so it is written here once (no TypeBox); `test/schemas/field-presence.test.ts` reads the proto
 * and checks this table against it. §8.4.1's default removal reads it (src/library/signatures/card-canonical-form.ts):
 * everything else it needs (REQUIRED, repeated, map, message, scalar) is in the schemas.
 */
export const EXPLICIT_PRESENCE: Readonly<Record<string, readonly string[]>> = {
  SendMessageConfiguration: ['historyLength'],
  AgentCard: ['documentationUrl', 'iconUrl'],
  AgentCapabilities: ['streaming', 'pushNotifications', 'extendedAgentCard'],
  GetTaskRequest: ['historyLength'],
  ListTasksRequest: ['pageSize', 'historyLength', 'includeArtifacts'],
};
