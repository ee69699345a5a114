/**
 * The converters of the core types both wires share (roles, states, parts, messages, artifacts,
 * statuses, tasks, stream events, Bindu/aion conversations), in both directions. What maps to what:
 *
 * | v0.3 | v1.0 |
 * | --- | --- |
 * | role `user`, `agent` | `ROLE_USER`, `ROLE_AGENT` (Bindu's `system`: `ROLE_UNSPECIFIED`, reported) |
 * | state `submitted` … `unknown` | `TASK_STATE_SUBMITTED` … `TASK_STATE_UNSPECIFIED` (Bindu-only states: reported) |
 * | `{kind: "text", text}` / `{kind: "data", data}` | `{text}` / `{data}` |
 * | `{kind: "file", file: {bytes or uri, name, mimeType}}` | `{raw or url, filename, mediaType}` |
 * | TaskStatusUpdateEvent `final` | left out (reported); put back as true for a terminal or interrupted state |
 */
import {
  ROLES,
  TASK_STATES,
  TERMINAL_STATES,
  INTERRUPTED_STATES,
  V03_TO_V1_ROLE,
  V03_TO_V1_TASK_STATE,
  V1_TO_V03_ROLE,
  V1_TO_V03_TASK_STATE,
  type V1TaskState,
} from '../../../schemas/a2a-v1/states.js';
import { ConvertError } from './conversion.js';
import { base64, timestamp } from './values.js';
import {
  type Context,
  type Converter,
  type Fields,
  type Json,
  Fields as FieldReader,
  asObject,
  convertField,
  copy,
  drop,
  isObject,
  mapArray,
  pointer,
  show,
  unknownValue,
  walk,
} from './walk.js';

// ---------------------------------------------------------------------------------------------
// Enums
// ---------------------------------------------------------------------------------------------

function roleToV1(value: unknown, path: string, ctx: Context): string | undefined {
  if (value === 'user' || value === 'agent') return V03_TO_V1_ROLE[value];
  if (value === 'system') {
    ctx.lose(path, 'the Bindu role `system` has no v1.0 equivalent; sent as `ROLE_UNSPECIFIED`');
    return 'ROLE_UNSPECIFIED';
  }
  return unknownValue(value, path, ctx, 'role');
}

function roleToV03(value: unknown, path: string, ctx: Context): string | undefined {
  const name = typeof value === 'number' ? ROLES[value] : value;
  if (name === 'ROLE_USER' || name === 'ROLE_AGENT') return V1_TO_V03_ROLE[name];
  if (name === 'ROLE_UNSPECIFIED') {
    ctx.lose(path, '`ROLE_UNSPECIFIED` has no v0.3 equivalent (a v0.3 message is from `user` or `agent`); role left out');
    return undefined;
  }
  return unknownValue(value, path, ctx, 'role');
}

function stateToV1(value: unknown, path: string, ctx: Context): string | undefined {
  if (typeof value === 'string' && Object.hasOwn(V03_TO_V1_TASK_STATE, value)) {
    return V03_TO_V1_TASK_STATE[value as keyof typeof V03_TO_V1_TASK_STATE];
  }
  if (typeof value === 'string' && /^[a-z]+(-[a-z]+)*$/.test(value)) {
    ctx.lose(path, `the state ${show(value)} (a Bindu state) has no v1.0 equivalent; sent as \`TASK_STATE_UNSPECIFIED\``);
    return 'TASK_STATE_UNSPECIFIED';
  }
  return unknownValue(value, path, ctx, 'task state');
}

function stateToV03(value: unknown, path: string, ctx: Context): string | undefined {
  const name = typeof value === 'number' ? TASK_STATES[value] : value;
  if (typeof name === 'string' && (TASK_STATES as readonly string[]).includes(name)) return V1_TO_V03_TASK_STATE[name as V1TaskState];
  return unknownValue(value, path, ctx, 'task state');
}

// ---------------------------------------------------------------------------------------------
// The shapes both directions share
// ---------------------------------------------------------------------------------------------

function messageFields(fields: Fields, out: Json, ctx: Context): void {
  copy(fields, out, 'messageId');
  copy(fields, out, 'contextId');
  copy(fields, out, 'taskId');
  convertField(fields, out, 'role', ctx, 'Role');
  mapArray(fields, out, 'parts', ctx, 'Part');
  copy(fields, out, 'metadata');
  copy(fields, out, 'extensions');
  copy(fields, out, 'referenceTaskIds');
}

function artifactFields(fields: Fields, out: Json, ctx: Context): void {
  copy(fields, out, 'artifactId');
  copy(fields, out, 'name');
  copy(fields, out, 'description');
  mapArray(fields, out, 'parts', ctx, 'Part');
  copy(fields, out, 'metadata');
  copy(fields, out, 'extensions');
}

function statusFields(fields: Fields, out: Json, ctx: Context): void {
  convertField(fields, out, 'state', ctx, 'TaskState');
  convertField(fields, out, 'message', ctx, 'Message');
  convertField(fields, out, 'timestamp', ctx, timestamp);
}

function taskFields(fields: Fields, out: Json, ctx: Context): void {
  copy(fields, out, 'id');
  copy(fields, out, 'contextId');
  convertField(fields, out, 'status', ctx, 'TaskStatus');
  mapArray(fields, out, 'artifacts', ctx, 'Artifact');
  mapArray(fields, out, 'history', ctx, 'Message');
  copy(fields, out, 'metadata');
}

function artifactUpdateFields(fields: Fields, out: Json, ctx: Context): void {
  copy(fields, out, 'taskId');
  copy(fields, out, 'contextId');
  convertField(fields, out, 'artifact', ctx, 'Artifact');
  copy(fields, out, 'append');
  copy(fields, out, 'lastChunk');
  copy(fields, out, 'metadata');
}

export function conversation(value: unknown, path: string, ctx: Context): Json | undefined {
  return walk(value, path, ctx, 'Conversation', (fields, out) => {
    copy(fields, out, 'contextId');
    mapArray(fields, out, 'history', ctx, 'Message');
    mapArray(fields, out, 'artifacts', ctx, 'Artifact');
    convertField(fields, out, 'status', ctx, (status, statusPath) =>
      walk(status, statusPath, ctx, 'ConversationTaskStatus', (inner, converted) => {
        convertField(inner, converted, 'state', ctx, 'TaskState');
      }),
    );
  });
}

/** A v1.0 Task or Message must name its context; a v0.3 Task must too. */
function needsContext(fields: Fields, path: string, ctx: Context, what: string): void {
  if (!fields.has('contextId')) ctx.lose(pointer(path, 'contextId'), `the ${what} has no \`contextId\`, which ${ctx.to} requires`);
}

// ---------------------------------------------------------------------------------------------
// v0.3 → v1.0
// ---------------------------------------------------------------------------------------------

const EMBEDDINGS = 'is Bindu-only and has no v1.0 equivalent';

function partToV1(value: unknown, path: string, ctx: Context): Json | undefined {
  const part = asObject(value, path, ctx, 'Part');
  if (!part) return undefined;
  const fields = new FieldReader(part, path, ctx);
  fields.consume('kind');
  let kind = part.kind;
  if (kind === undefined) {
    kind = 'file' in part ? 'file' : 'data' in part ? 'data' : 'text' in part ? 'text' : undefined;
    if (kind === undefined) {
      const message = 'a part without `kind` and without `text`, `file` or `data`: nothing to convert';
      if (path === '') throw new ConvertError(path, message);
      ctx.lose(path, `${message}; left out`);
      return undefined;
    }
    ctx.lose(path, `the part has no \`kind\` (required in v0.3); read as a ${String(kind)} part from the member it carries`);
  }
  const out: Json = {};
  if (kind === 'text') {
    copy(fields, out, 'text');
  } else if (kind === 'file') {
    const file = fields.get('file');
    const inner = file ? asObject(file.value, file.path, ctx, 'file') : undefined;
    if (inner && file) {
      const fileFields = new FieldReader(inner, file.path, ctx);
      const bytes = fileFields.get('bytes');
      const uri = fileFields.get('uri');
      if (bytes !== undefined) out.raw = base64(bytes.value, bytes.path, ctx);
      if (uri !== undefined) {
        if (bytes !== undefined)
          ctx.lose(uri.path, 'a file with both `bytes` and `uri` (invalid in v0.3): the bytes were kept, the URI left out');
        else out.url = uri.value;
      }
      copy(fileFields, out, 'name', 'filename');
      copy(fileFields, out, 'mimeType', 'mediaType');
      drop(fileFields, 'embeddings', ctx, EMBEDDINGS);
      fileFields.dropRest('has no place in a v1.0 part');
    }
  } else if (kind === 'data') {
    copy(fields, out, 'data');
  } else {
    const message = `${show(kind)} is not a v0.3 part kind (text, file or data)`;
    if (path === '') throw new ConvertError(path, message);
    ctx.lose(pointer(path, 'kind'), `${message}; part left out`);
    return undefined;
  }
  copy(fields, out, 'metadata');
  drop(fields, 'embeddings', ctx, EMBEDDINGS);
  fields.rest(out, 'Part');
  return out;
}

function messageToV1(value: unknown, path: string, ctx: Context): Json | undefined {
  return walk(value, path, ctx, 'Message', (fields, out) => {
    fields.consume('kind');
    messageFields(fields, out, ctx);
    if (Array.isArray(out.parts) && out.parts.length === 0) {
      ctx.lose(pointer(path, 'parts'), 'the message has no parts; v1.0 requires at least one');
    }
  });
}

function artifactToV1(value: unknown, path: string, ctx: Context): Json | undefined {
  return walk(value, path, ctx, 'Artifact', (fields, out) => {
    artifactFields(fields, out, ctx);
    if (!Array.isArray(out.parts) || out.parts.length === 0) {
      ctx.lose(pointer(path, 'parts'), 'the artifact has no parts; v1.0 requires at least one');
    }
    drop(fields, 'append', ctx, 'belongs to TaskArtifactUpdateEvent in v1.0, not to Artifact (a Bindu Artifact field)');
    drop(fields, 'lastChunk', ctx, 'belongs to TaskArtifactUpdateEvent in v1.0, not to Artifact (a Bindu Artifact field)');
  });
}

function taskToV1(value: unknown, path: string, ctx: Context): Json | undefined {
  return walk(value, path, ctx, 'Task', (fields, out) => {
    fields.consume('kind');
    taskFields(fields, out, ctx);
  });
}

function statusUpdateToV1(value: unknown, path: string, ctx: Context): Json | undefined {
  return walk(value, path, ctx, 'TaskStatusUpdateEvent', (fields, out) => {
    fields.consume('kind');
    copy(fields, out, 'taskId');
    copy(fields, out, 'contextId');
    convertField(fields, out, 'status', ctx, 'TaskStatus');
    copy(fields, out, 'metadata');
    const final = fields.get('final');
    if (final !== undefined) {
      ctx.lose(
        final.path,
        `\`final: ${show(final.value)}\` has no v1.0 equivalent (the end of a v1.0 stream is marked by its closing); left out`,
      );
    }
  });
}

function artifactUpdateToV1(value: unknown, path: string, ctx: Context): Json | undefined {
  return walk(value, path, ctx, 'TaskArtifactUpdateEvent', (fields, out) => {
    fields.consume('kind');
    artifactUpdateFields(fields, out, ctx);
  });
}

// ---------------------------------------------------------------------------------------------
// v1.0 → v0.3
// ---------------------------------------------------------------------------------------------

function partToV03(value: unknown, path: string, ctx: Context): Json | undefined {
  const part = asObject(value, path, ctx, 'Part');
  if (!part) return undefined;
  const fields = new FieldReader(part, path, ctx);
  const text = fields.get('text');
  const raw = fields.get('raw');
  const url = fields.get('url');
  const data = fields.get('data');
  const present = [text, raw, url, data].filter((member) => member !== undefined);
  if (present.length === 0) {
    const message = 'a part with none of `text`, `raw`, `url` or `data`: nothing to convert';
    if (path === '') throw new ConvertError(path, message);
    ctx.lose(path, `${message}; left out`);
    return undefined;
  }
  for (const extra of present.slice(1)) ctx.lose(extra!.path, 'a second content member (a v1.0 part holds one); left out');
  const filename = fields.get('filename');
  const mediaType = fields.get('mediaType');
  const first = present[0]!;
  const out: Json = {};
  const noFileFields = (what: string) => {
    if (filename !== undefined) ctx.lose(filename.path, `a v0.3 ${what} part has no file name; \`filename\` left out`);
    if (mediaType !== undefined) ctx.lose(mediaType.path, `a v0.3 ${what} part has no media type; \`mediaType\` left out`);
  };
  if (first === text) {
    out.kind = 'text';
    out.text = first.value;
    noFileFields('text');
  } else if (first === data) {
    out.kind = 'data';
    if (isObject(first.value)) out.data = first.value;
    else {
      out.data = { value: first.value };
      const what = first.value === null ? 'null' : Array.isArray(first.value) ? 'an array' : `a ${typeof first.value}`;
      ctx.lose(first.path, `v0.3 data must be an object and this is ${what}; sent wrapped as {"value": …}`);
    }
    noFileFields('data');
  } else {
    const file: Json = first === raw ? { bytes: base64(first.value, first.path, ctx) } : { uri: first.value };
    if (filename !== undefined) file.name = filename.value;
    if (mediaType !== undefined) file.mimeType = mediaType.value;
    out.kind = 'file';
    out.file = file;
  }
  copy(fields, out, 'metadata');
  fields.rest(out, 'Part');
  return out;
}

function messageToV03(value: unknown, path: string, ctx: Context): Json | undefined {
  return walk(value, path, ctx, 'Message', (fields, out) => {
    out.kind = 'message';
    messageFields(fields, out, ctx);
  });
}

function taskToV03(value: unknown, path: string, ctx: Context): Json | undefined {
  return walk(value, path, ctx, 'Task', (fields, out) => {
    out.kind = 'task';
    needsContext(fields, path, ctx, 'task');
    taskFields(fields, out, ctx);
  });
}

/** The v1.0 name of a state given by name or number, when it is one. */
function stateName(value: unknown): string | undefined {
  const name = typeof value === 'number' ? TASK_STATES[value] : value;
  return typeof name === 'string' ? name : undefined;
}

function statusUpdateToV03(value: unknown, path: string, ctx: Context): Json | undefined {
  return walk(value, path, ctx, 'TaskStatusUpdateEvent', (fields, out) => {
    out.kind = 'status-update';
    copy(fields, out, 'taskId');
    copy(fields, out, 'contextId');
    const status = fields.get('status');
    convertField(fields, out, 'status', ctx, 'TaskStatus');
    const state = isObject(status?.value) ? stateName(status.value.state) : undefined;
    out.final = state !== undefined && ([...TERMINAL_STATES, ...INTERRUPTED_STATES] as string[]).includes(state);
    copy(fields, out, 'metadata');
  });
}

function artifactUpdateToV03(value: unknown, path: string, ctx: Context): Json | undefined {
  return walk(value, path, ctx, 'TaskArtifactUpdateEvent', (fields, out) => {
    out.kind = 'artifact-update';
    artifactUpdateFields(fields, out, ctx);
  });
}

const plain =
  (typeName: string, body: (fields: Fields, out: Json, ctx: Context) => void): Converter =>
  (value, path, ctx) =>
    walk(value, path, ctx, typeName, (fields, out) => body(fields, out, ctx));

/** The core converters, v0.3 → v1.0. */
export const CORE_TO_V1: Readonly<Record<string, Converter>> = {
  Role: roleToV1,
  TaskState: stateToV1,
  Part: partToV1,
  Message: messageToV1,
  Artifact: artifactToV1,
  TaskStatus: plain('TaskStatus', statusFields),
  Task: taskToV1,
  TaskStatusUpdateEvent: statusUpdateToV1,
  TaskArtifactUpdateEvent: artifactUpdateToV1,
  Conversation: conversation,
};

/** The core converters, v1.0 → v0.3. */
export const CORE_TO_V03: Readonly<Record<string, Converter>> = {
  Role: roleToV03,
  TaskState: stateToV03,
  Part: partToV03,
  Message: messageToV03,
  Artifact: plain('Artifact', artifactFields),
  TaskStatus: plain('TaskStatus', statusFields),
  Task: taskToV03,
  TaskStatusUpdateEvent: statusUpdateToV03,
  TaskArtifactUpdateEvent: artifactUpdateToV03,
  Conversation: conversation,
};
