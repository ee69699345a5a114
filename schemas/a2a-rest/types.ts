/**
 * The bodies of the A2A v0.3.0 HTTP+JSON (REST) binding: the JSON mapping of the messages of the
 * v0.3 proto (`a2a.proto`, package `a2a.v1`, as published with A2A v0.3.0), which is what
 * `@a2a-js/sdk` 0.3.x's `restHandler` and REST client send and read (SPEC-NOTES.md, "The HTTP+JSON
 * binding"). ProtoJSON rules, through the same builders as the v1.0 variants
 * (`../a2a-v1/proto.ts`): lowerCamel JSON names or proto field names, enum values by name or
 * number, one-of groups holding exactly one member.
 *
 * The proto marks almost nothing REQUIRED (proto3 has no presence), so a field is required here
 * when the v0.3.0 JSON-RPC schema requires its counterpart in the "core A2A data structures"
 * (§3.2.3) and its proto type has no legitimate default value to leave out (a string id, a
 * message; never a `bool` such as `final`, which a ProtoJSON emitter omits when false).
 *
 * Three fields of the v0.3 proto carry a `json_name` that is not the lowerCamel form of their
 * proto name (`SendMessageRequest.request`, `SendMessageResponse.msg` and `TaskStatus.update`,
 * all `message` on the wire); the builder derives the proto name from the JSON name, so those
 * objects are written out with the same constraints by `renamed` below.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import { OpenObject, type Described } from '../lib.js';
import { Field, OneOf, ProtoEnum, ProtoObject, Required } from '../a2a-v1/proto.js';
import { BASE64_PATTERN } from '../a2a-v1/parts.js';

// ---------------------------------------------------------------------------------------------
// Enums
// ---------------------------------------------------------------------------------------------

export const Role = ProtoEnum(['ROLE_UNSPECIFIED', 'ROLE_USER', 'ROLE_AGENT'], {
  description:
    'Who sent a message: `ROLE_USER` for the client, `ROLE_AGENT` for the agent (v0.3 JSON-RPC: `user`, `agent`). `ROLE_UNSPECIFIED` (0) is the proto default.',
  numbers: 'The value by number (0 unspecified, 1 user, 2 agent), which ProtoJSON parsers accept; not the canonical form.',
});

export const TaskState = ProtoEnum(
  [
    'TASK_STATE_UNSPECIFIED',
    'TASK_STATE_SUBMITTED',
    'TASK_STATE_WORKING',
    'TASK_STATE_COMPLETED',
    'TASK_STATE_FAILED',
    'TASK_STATE_CANCELLED',
    'TASK_STATE_INPUT_REQUIRED',
    'TASK_STATE_REJECTED',
    'TASK_STATE_AUTH_REQUIRED',
  ],
  {
    description:
      'Where a task is in its lifecycle, as the v0.3 proto names the states (`TASK_STATE_CANCELLED` with two Ls here; v1.0 spells it `TASK_STATE_CANCELED`). The v0.3 JSON-RPC state `unknown` is `TASK_STATE_UNSPECIFIED`.',
    numbers:
      'The value by number (0 unspecified, 1 submitted, 2 working, 3 completed, 4 failed, 5 cancelled, 6 input required, 7 rejected, 8 auth required), which ProtoJSON parsers accept; not the canonical form.',
  },
);

// ---------------------------------------------------------------------------------------------
// Objects whose JSON name is not derived from their proto name
// ---------------------------------------------------------------------------------------------

interface Renamed {
  /** The JSON name (`json_name`). */
  readonly json: string;
  /** The proto field name, which ProtoJSON parsers also accept. */
  readonly proto: string;
  readonly schema: TSchema;
  /** Required (under either name), or a member of the object's one one-of group. */
  readonly role: 'required' | 'oneof' | 'optional';
}

const presence = (name: string, what: string) => ({
  type: 'object',
  properties: { [name]: { description: `${what} is given, under the name \`${name}\`.` } },
  required: [name],
});

/**
 * A ProtoJSON object with some fields renamed by `json_name`: the same schema the ProtoObject
 * builder emits (both names accepted, never both, the proto name marked deprecated), with the
 * names given explicitly. `others` are fields whose two names coincide; with `oneOf`, they and
 * the renamed fields of role `oneof` form the object's one one-of group.
 */
function renamed(fields: readonly Renamed[], others: Record<string, TSchema>, options: Described & { oneOf?: string }) {
  const properties: Record<string, TSchema> = {};
  const allOf: object[] = [];
  const dependentSchemas: Record<string, object> = {};
  const oneOfBranches: object[] = [];
  for (const field of fields) {
    properties[field.json] = Type.Optional(field.schema);
    const description = typeof field.schema.description === 'string' ? ` ${field.schema.description}` : '';
    properties[field.proto] = Type.Optional({
      ...field.schema,
      description: `\`${field.json}\` under its proto field name, which ProtoJSON parsers also accept; never sent together with \`${field.json}\`, and not the canonical form.${description}`,
      deprecated: true,
    });
    dependentSchemas[field.json] = {
      properties: {
        [field.proto]: { description: `Must be absent when \`${field.json}\` is present: both name the same field.`, not: {} },
      },
    };
    const what = `\`${field.json}\``;
    if (field.role === 'required') {
      allOf.push({
        description: `${what} is required, under that name or as \`${field.proto}\`.`,
        anyOf: [presence(field.json, what), presence(field.proto, what)],
      });
    }
    if (field.role === 'oneof') oneOfBranches.push(presence(field.json, what), presence(field.proto, what));
  }
  for (const [name, schema] of Object.entries(others)) properties[name] = Type.Optional(schema);
  const { oneOf, ...rest } = options;
  for (const [name] of Object.entries(others)) if (oneOf) oneOfBranches.push(presence(name, `\`${name}\``));
  if (oneOf) allOf.push({ description: oneOf, oneOf: oneOfBranches });
  return Type.Object(properties, { ...rest, ...(allOf.length > 0 ? { allOf } : {}), dependentSchemas });
}

// ---------------------------------------------------------------------------------------------
// Messages, parts, tasks
// ---------------------------------------------------------------------------------------------

const metadata = (what: string) =>
  Field('metadata', OpenObject({ description: `Extension data attached to the ${what} (a google.protobuf.Struct).` }));

export const Part = ProtoObject(
  [
    OneOf(
      'part',
      [
        Field('text', Type.String({ description: 'A text part: the text itself (v0.3 JSON-RPC: `{"kind": "text", "text": …}`).' })),
        Field('file', Type.Ref('FilePart', { description: 'A file part, by URI or inline bytes.' })),
        Field('data', Type.Ref('DataPart', { description: 'A structured data part.' })),
      ],
      'The content: exactly one of `text`, `file` and `data`.',
    ),
  ],
  { description: 'One piece of content of a message or an artifact, wrapped in a one-of (no `kind` discriminator).' },
);

export const FilePart = ProtoObject(
  [
    OneOf(
      'file',
      [
        Field('fileWithUri', Type.String({ description: 'Where the file can be fetched.' })),
        Field(
          'fileWithBytes',
          Type.String({
            pattern: BASE64_PATTERN,
            description:
              'The file content, base64-encoded (proto `bytes`: ProtoJSON accepts the standard and the URL-safe alphabet, padded or not).',
          }),
        ),
      ],
      'The file: exactly one of `fileWithUri` and `fileWithBytes`.',
    ),
    Field('mimeType', Type.String({ description: 'The media type of the file, for example `application/pdf`.' })),
  ],
  { description: 'A file, by URI or inline bytes, with its media type (v0.3 JSON-RPC: FileWithUri / FileWithBytes).' },
);

export const DataPart = ProtoObject(
  [Required('data', OpenObject({ description: 'The structured data (a google.protobuf.Struct): a JSON object.' }))],
  { description: 'Structured data: `{"data": {…}}` inside the part, so a data part reads `{"data": {"data": {…}}}`.' },
);

export const Message = ProtoObject(
  [
    Required(
      'messageId',
      Type.String({ minLength: 1, description: 'The identifier of the message (for example a UUID), chosen by its sender.' }),
    ),
    Field('contextId', Type.String({ description: 'The context the message belongs to.' })),
    Field('taskId', Type.String({ description: 'The task the message belongs to; left out before a task exists.' })),
    Required('role', Type.Ref('Role', { description: 'Who sent the message.' })),
    Required('content', Type.Array(Type.Ref('Part'), { description: 'The content of the message (v0.3 JSON-RPC: `parts`).' })),
    metadata('message'),
    Field('extensions', Type.Array(Type.String(), { description: 'URIs of the extensions present in or contributing to this message.' })),
  ],
  { description: 'One turn of the conversation between a client (`ROLE_USER`) and an agent (`ROLE_AGENT`).' },
);

export const TaskStatus = renamed(
  [
    {
      json: 'message',
      proto: 'update',
      schema: Type.Ref('Message', { description: 'A message from the agent about this status.' }),
      role: 'optional',
    },
  ],
  {
    state: Type.Ref('TaskState', { description: 'The state of the task.' }),
    timestamp: Type.String({ format: 'date-time', description: 'When the status was recorded (RFC 3339, a google.protobuf.Timestamp).' }),
  },
  { description: 'The status of a task: its state, an optional message and when it was recorded.' },
);

export const Artifact = ProtoObject(
  [
    Required('artifactId', Type.String({ minLength: 1, description: 'The identifier of the artifact, unique within its task.' })),
    Field('name', Type.String({ description: 'A name for people.' })),
    Field('description', Type.String({ description: 'A description for people.' })),
    Required('parts', Type.Array(Type.Ref('Part'), { description: 'The content of the artifact.' })),
    metadata('artifact'),
    Field('extensions', Type.Array(Type.String(), { description: 'URIs of the extensions that contributed to this artifact.' })),
  ],
  { description: 'An output of a task: a document, an image, structured data.' },
);

export const Task = ProtoObject(
  [
    Required('id', Type.String({ minLength: 1, description: 'The identifier of the task, assigned by the server.' })),
    Required('contextId', Type.String({ minLength: 1, description: 'The context that groups this task with related tasks and messages.' })),
    Required('status', Type.Ref('TaskStatus', { description: 'The current status of the task.' })),
    Field('artifacts', Type.Array(Type.Ref('Artifact'), { description: 'What the task produced.' })),
    Field('history', Type.Array(Type.Ref('Message'), { description: 'The messages of the interaction so far.' })),
    metadata('task'),
  ],
  { description: 'The unit of work of A2A: an identity, a status, the artifacts produced and the message history.' },
);

export const TaskStatusUpdateEvent = ProtoObject(
  [
    Required('taskId', Type.String({ minLength: 1, description: 'The task whose status changed.' })),
    Required('contextId', Type.String({ minLength: 1, description: 'The context of the task.' })),
    Required('status', Type.Ref('TaskStatus', { description: 'The new status.' })),
    Field('final', Type.Boolean({ description: 'True on the last event of the stream (left out when false, as ProtoJSON does).' })),
    metadata('event'),
  ],
  { description: 'A streamed event: the status of a task changed.' },
);

export const TaskArtifactUpdateEvent = ProtoObject(
  [
    Required('taskId', Type.String({ minLength: 1, description: 'The task that produced the artifact.' })),
    Required('contextId', Type.String({ minLength: 1, description: 'The context of the task.' })),
    Required('artifact', Type.Ref('Artifact', { description: 'The artifact, or the chunk of it this event carries.' })),
    Field('append', Type.Boolean({ description: 'True when the parts are appended to an artifact sent before.' })),
    Field('lastChunk', Type.Boolean({ description: 'True on the last chunk of the artifact.' })),
    metadata('event'),
  ],
  { description: 'A streamed event: an artifact was produced or extended.' },
);

// ---------------------------------------------------------------------------------------------
// Push notifications
// ---------------------------------------------------------------------------------------------

export const AuthenticationInfo = ProtoObject(
  [
    Required(
      'schemes',
      Type.Array(Type.String(), { description: 'The authentication schemes the webhook accepts, for example `Bearer`.' }),
    ),
    Field('credentials', Type.String({ description: 'Credentials for the webhook, in a form the scheme defines.' })),
  ],
  { description: 'How the agent authenticates to a webhook.' },
);

export const PushNotificationConfig = ProtoObject(
  [
    Field('id', Type.String({ description: 'The identifier of the configuration within its task.' })),
    Required('url', Type.String({ minLength: 1, description: 'The webhook URL the agent posts updates to.' })),
    Field('token', Type.String({ description: 'A token the agent sends with each notification, to tell the client it is genuine.' })),
    Field('authentication', Type.Ref('AuthenticationInfo', { description: 'How the agent authenticates to the webhook.' })),
  ],
  { description: 'A webhook for the updates of a task.' },
);

export const TaskPushNotificationConfig = ProtoObject(
  [
    Required(
      'name',
      Type.String({
        minLength: 1,
        description: 'The resource name, `tasks/{taskId}/pushNotificationConfigs/{configId}` (v0.3 JSON-RPC: `taskId`).',
      }),
    ),
    Required('pushNotificationConfig', Type.Ref('PushNotificationConfig', { description: 'The configuration.' })),
  ],
  { description: 'A push notification configuration of a task, named by its resource name.' },
);

export const ListTaskPushNotificationConfigResponse = ProtoObject(
  [
    Field(
      'configs',
      Type.Array(Type.Ref('TaskPushNotificationConfig'), { description: 'The configurations of the task (left out when there are none).' }),
    ),
    Field('nextPageToken', Type.String({ description: 'The token of the next page; absent on the last page.' })),
  ],
  { description: 'The push notification configurations of a task.' },
);

// ---------------------------------------------------------------------------------------------
// Requests and responses
// ---------------------------------------------------------------------------------------------

export const SendMessageConfiguration = ProtoObject(
  [
    Field('acceptedOutputModes', Type.Array(Type.String(), { description: 'The media types the client accepts in the answer.' })),
    Field('pushNotification', Type.Ref('PushNotificationConfig', { description: 'A webhook for later updates of the task.' })),
    Field('historyLength', Type.Integer({ minimum: 0, description: 'How many of the latest messages of the history to return.' })),
    Field('blocking', Type.Boolean({ description: 'True to wait until the task is terminal or interrupted before answering.' })),
  ],
  { description: 'How the agent should handle a sent message (v0.3 JSON-RPC: MessageSendConfiguration).' },
);

export const SendMessageRequest = renamed(
  [{ json: 'message', proto: 'request', schema: Type.Ref('Message', { description: 'The message sent to the agent.' }), role: 'required' }],
  {
    configuration: Type.Ref('SendMessageConfiguration', { description: 'How to handle the message.' }),
    metadata: OpenObject({ description: 'Extension data attached to the request (a google.protobuf.Struct).' }),
  },
  { description: 'The body of `POST /v1/message:send` and `POST /v1/message:stream` (v0.3 JSON-RPC: MessageSendParams).' },
);

export const SendMessageResponse = renamed(
  [{ json: 'message', proto: 'msg', schema: Type.Ref('Message', { description: 'A direct answer from the agent.' }), role: 'oneof' }],
  { task: Type.Ref('Task', { description: 'The task that tracks the work.' }) },
  {
    description: 'The answer to `POST /v1/message:send`: a task or a message.',
    oneOf: 'The payload: exactly one of `task` and `message`.',
  },
);

export const StreamResponse = renamed(
  [{ json: 'message', proto: 'msg', schema: Type.Ref('Message', { description: 'A direct answer from the agent.' }), role: 'oneof' }],
  {
    task: Type.Ref('Task', { description: 'The task, as it stands.' }),
    statusUpdate: Type.Ref('TaskStatusUpdateEvent', { description: 'The status of the task changed.' }),
    artifactUpdate: Type.Ref('TaskArtifactUpdateEvent', { description: 'An artifact was produced or extended.' }),
  },
  {
    description:
      'One event of a REST stream (the `data` of a Server-Sent Event): a task, a message, a status update or an artifact update.',
    oneOf: 'The payload: exactly one of `task`, `message`, `statusUpdate` and `artifactUpdate`.',
  },
);

export const CancelTaskRequest = ProtoObject(
  [Field('name', Type.String({ description: 'The task: `tasks/{taskId}` (the path names it too; the body may be empty).' }))],
  { description: 'The body of `POST /v1/tasks/{id}:cancel` (the proto says `body: "*"`); servers read the task from the path.' },
);

export const TaskSubscriptionRequest = ProtoObject(
  [Field('name', Type.String({ description: 'The task: `tasks/{taskId}` (the path names it too; the body may be empty).' }))],
  { description: 'The body the v0.3.0 specification shows for `POST /v1/tasks/{id}:subscribe`; servers read the task from the path.' },
);
