/**
 * Conversion between the A2A v0.3 JSON-RPC wire (the `a2a` and `bindu` variants) and the A2A v1.0
 * ProtoJSON wire (the `a2a-v1` and `aion` variants), for the types both have.
 *
 *   toV1('Message', value)    v0.3 (`"role": "user"`, parts with `kind`) → v1.0 (`"role": "ROLE_USER"`)
 *   toV03('Task', value)      v1.0 → v0.3
 *
 * Each returns the converted value and the list of what could not be carried across, each with
 * the JSON Pointer of the value in the input. Nothing is dropped without an entry in that list.
 *
 * What maps to what:
 *
 * | v0.3 | v1.0 |
 * | --- | --- |
 * | role `user`, `agent` | `ROLE_USER`, `ROLE_AGENT` (Bindu's `system`: `ROLE_UNSPECIFIED`, reported) |
 * | state `submitted` … `unknown` | `TASK_STATE_SUBMITTED` … `TASK_STATE_UNSPECIFIED` (Bindu-only states: `TASK_STATE_UNSPECIFIED`, reported) |
 * | `{kind: "text", text}` | `{text}` |
 * | `{kind: "file", file: {bytes, name, mimeType}}` | `{raw, filename, mediaType}` |
 * | `{kind: "file", file: {uri, name, mimeType}}` | `{url, filename, mediaType}` |
 * | `{kind: "data", data: {…}}` | `{data}` (v1.0 data that is not an object goes back as `{value: …}`, reported) |
 * | `kind` on Message, Task and the events | left out / put back |
 * | TaskStatusUpdateEvent `final` | left out (reported); put back as true for a terminal or interrupted state |
 *
 * Not carried, and reported: Bindu's `embeddings`, Artifact `append`/`lastChunk`, `filename` and
 * `mediaType` on a text or data part, `ROLE_UNSPECIFIED`, a v1.0 Task without `contextId`.
 * A v0.3 part without `kind` is read by the member it carries, and reported. Keys neither wire
 * defines are copied unchanged, and reported. v1.0 input is read under either field name
 * (`contextId` or `context_id`) and enum values by name or number; v1.0 output is canonical
 * (lowerCamel names, enum names).
 */
import { protoName } from '../../../schemas/a2a-v1/names.js';
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
import type { Wire } from '../../../schemas/variant-table.js';
import { ConvertError, type Conversion, type ConvertibleType, type Loss } from './conversion.js';
import { isObject, pointerTo } from '../../engine/json-value.js';

type Json = Record<string, unknown>;

const pointer = pointerTo;

const show = (value: unknown) => JSON.stringify(value);

class Context {
  readonly losses: Loss[] = [];
  lose(path: string, message: string): void {
    this.losses.push({ path, message });
  }
}

type Converter = (value: unknown, path: string, ctx: Context) => unknown;

/** The converters of one direction, by type. */
type Table = Record<ConvertibleType, Converter>;

/** The object at `path`, or (for a nested value) undefined with a loss; throws at the top. */
function asObject(value: unknown, path: string, ctx: Context, what: string): Json | undefined {
  if (isObject(value)) return value;
  const message = `${path === '' ? 'the value' : path} is not an object, so it is not a ${what}`;
  if (path === '') throw new ConvertError(path, message);
  ctx.lose(path, `${message}; left out`);
  return undefined;
}

/**
 * Reads the fields of an object. On the v1.0 side a field may be under its lowerCamel name or its
 * proto name; when both are given (invalid input) the lowerCamel one is used and the other reported.
 */
class Fields {
  private readonly known = new Set<string>();
  constructor(
    private readonly object: Json,
    private readonly path: string,
    private readonly ctx: Context,
    private readonly protoNames: boolean,
  ) {}

  /** True when the field is there, under either name (without reading it). */
  has(name: string): boolean {
    const alias = this.protoNames ? protoName(name) : name;
    return Object.hasOwn(this.object, name) || Object.hasOwn(this.object, alias);
  }

  /** The value of a field (undefined when absent) and the path it was read at. */
  get(name: string): { value: unknown; path: string } | undefined {
    this.known.add(name);
    const alias = this.protoNames ? protoName(name) : name;
    this.known.add(alias);
    const hasName = Object.hasOwn(this.object, name);
    const hasAlias = alias !== name && Object.hasOwn(this.object, alias);
    if (hasName && hasAlias) {
      this.ctx.lose(pointer(this.path, alias), `\`${alias}\` repeats \`${name}\`; the value under \`${name}\` was used`);
    }
    if (hasName) return { value: this.object[name], path: pointer(this.path, name) };
    if (hasAlias) return { value: this.object[alias], path: pointer(this.path, alias) };
    return undefined;
  }

  /** Marks fields as read without using them (discriminators). */
  consume(...names: string[]): void {
    for (const name of names) this.known.add(name);
  }

  /** Reports the keys that were never read, and leaves them out. */
  dropRest(why: string): void {
    for (const key of Object.keys(this.object)) {
      if (!this.known.has(key)) this.ctx.lose(pointer(this.path, key), `\`${key}\` ${why}; left out`);
    }
  }

  /** Copies the keys that were never read into `target`, reporting each. */
  copyRest(target: Json, typeName: string): void {
    for (const [key, value] of Object.entries(this.object)) {
      if (this.known.has(key)) continue;
      target[key] = value;
      this.ctx.lose(pointer(this.path, key), `\`${key}\` is not a field of ${typeName} on either wire; copied unchanged`);
    }
  }
}

/** Copies a field as is when present. */
function copy(fields: Fields, target: Json, from: string, to = from): void {
  const field = fields.get(from);
  if (field !== undefined) target[to] = field.value;
}

/** Reports and drops a field the other wire does not have. */
function drop(fields: Fields, name: string, ctx: Context, why: string): void {
  const field = fields.get(name);
  if (field !== undefined) ctx.lose(field.path, `\`${name}\` ${why}; left out`);
}

/** Converts each element of an array field with `convert`, leaving out the ones it cannot. */
function mapArray(fields: Fields, target: Json, name: string, ctx: Context, convert: Converter): void {
  const field = fields.get(name);
  if (field === undefined) return;
  if (!Array.isArray(field.value)) {
    ctx.lose(field.path, `\`${name}\` is not an array; left out`);
    return;
  }
  const out: unknown[] = [];
  field.value.forEach((item, index) => {
    const converted = convert(item, pointer(field.path, index), ctx);
    if (converted !== undefined) out.push(converted);
  });
  target[name] = out;
}

function convertField(fields: Fields, target: Json, name: string, ctx: Context, convert: Converter): void {
  const field = fields.get(name);
  if (field === undefined) return;
  const converted = convert(field.value, field.path, ctx);
  if (converted !== undefined) target[name] = converted;
}

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

function unknownValue(value: unknown, path: string, ctx: Context, what: string): undefined {
  const message = `${show(value)} is not a ${what} of the source wire`;
  if (path === '') throw new ConvertError(path, message);
  ctx.lose(path, `${message}; left out`);
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// The shapes both directions share: `to` is the direction's table (TO_V1 or TO_V03) and converts
// the values that differ between the wires (roles, states, parts and the objects holding them).
// ---------------------------------------------------------------------------------------------

/**
 * Converts an object: reads its fields (on v1.0 input under either name), lets `body` fill the
 * output, then copies the keys nothing read, reporting each.
 */
function walk(
  value: unknown,
  path: string,
  ctx: Context,
  typeName: string,
  from: Wire,
  body: (fields: Fields, out: Json) => void,
): Json | undefined {
  const object = asObject(value, path, ctx, typeName);
  if (!object) return undefined;
  const fields = new Fields(object, path, ctx, from === 'v1.0');
  const out: Json = {};
  body(fields, out);
  fields.copyRest(out, typeName);
  return out;
}

function messageFields(fields: Fields, out: Json, ctx: Context, to: Table): void {
  copy(fields, out, 'messageId');
  copy(fields, out, 'contextId');
  copy(fields, out, 'taskId');
  convertField(fields, out, 'role', ctx, to.Role);
  mapArray(fields, out, 'parts', ctx, to.Part);
  copy(fields, out, 'metadata');
  copy(fields, out, 'extensions');
  copy(fields, out, 'referenceTaskIds');
}

function artifactFields(fields: Fields, out: Json, ctx: Context, to: Table): void {
  copy(fields, out, 'artifactId');
  copy(fields, out, 'name');
  copy(fields, out, 'description');
  mapArray(fields, out, 'parts', ctx, to.Part);
  copy(fields, out, 'metadata');
  copy(fields, out, 'extensions');
}

function statusFields(fields: Fields, out: Json, ctx: Context, to: Table): void {
  convertField(fields, out, 'state', ctx, to.TaskState);
  convertField(fields, out, 'message', ctx, to.Message);
  copy(fields, out, 'timestamp');
}

function taskFields(fields: Fields, out: Json, ctx: Context, to: Table): void {
  copy(fields, out, 'id');
  copy(fields, out, 'contextId');
  convertField(fields, out, 'status', ctx, to.TaskStatus);
  mapArray(fields, out, 'artifacts', ctx, to.Artifact);
  mapArray(fields, out, 'history', ctx, to.Message);
  copy(fields, out, 'metadata');
}

function artifactUpdateFields(fields: Fields, out: Json, ctx: Context, to: Table): void {
  copy(fields, out, 'taskId');
  copy(fields, out, 'contextId');
  convertField(fields, out, 'artifact', ctx, to.Artifact);
  copy(fields, out, 'append');
  copy(fields, out, 'lastChunk');
  copy(fields, out, 'metadata');
}

function conversation(value: unknown, path: string, ctx: Context, from: Wire, to: Table): Json | undefined {
  return walk(value, path, ctx, 'Conversation', from, (fields, out) => {
    copy(fields, out, 'contextId');
    mapArray(fields, out, 'history', ctx, to.Message);
    mapArray(fields, out, 'artifacts', ctx, to.Artifact);
    convertField(fields, out, 'status', ctx, (status, statusPath) =>
      walk(status, statusPath, ctx, 'ConversationTaskStatus', from, (statusFields, converted) => {
        convertField(statusFields, converted, 'state', ctx, to.TaskState);
      }),
    );
  });
}

// ---------------------------------------------------------------------------------------------
// v0.3 → v1.0
// ---------------------------------------------------------------------------------------------

const EMBEDDINGS = 'is Bindu-only and has no v1.0 equivalent';

function partToV1(value: unknown, path: string, ctx: Context): Json | undefined {
  const part = asObject(value, path, ctx, 'Part');
  if (!part) return undefined;
  const fields = new Fields(part, path, ctx, false);
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
      const fileFields = new Fields(inner, file.path, ctx, false);
      const bytes = fileFields.get('bytes');
      const uri = fileFields.get('uri');
      if (bytes !== undefined) out.raw = bytes.value;
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
  fields.copyRest(out, 'Part');
  return out;
}

// The checks below run after the shared field copies, not right after the field they check; the
// losses still come in the same order, as copying a field reports nothing on v0.3 input (a field
// has one name there).

function messageToV1(value: unknown, path: string, ctx: Context): Json | undefined {
  return walk(value, path, ctx, 'Message', 'v0.3', (fields, out) => {
    fields.consume('kind');
    messageFields(fields, out, ctx, TO_V1);
    if (Array.isArray(out.parts) && out.parts.length === 0) {
      ctx.lose(pointer(path, 'parts'), 'the message has no parts; v1.0 requires at least one');
    }
  });
}

function artifactToV1(value: unknown, path: string, ctx: Context): Json | undefined {
  return walk(value, path, ctx, 'Artifact', 'v0.3', (fields, out) => {
    artifactFields(fields, out, ctx, TO_V1);
    if (!Array.isArray(out.parts) || out.parts.length === 0) {
      ctx.lose(pointer(path, 'parts'), 'the artifact has no parts; v1.0 requires at least one');
    }
    drop(fields, 'append', ctx, 'belongs to TaskArtifactUpdateEvent in v1.0, not to Artifact (a Bindu Artifact field)');
    drop(fields, 'lastChunk', ctx, 'belongs to TaskArtifactUpdateEvent in v1.0, not to Artifact (a Bindu Artifact field)');
  });
}

function statusToV1(value: unknown, path: string, ctx: Context): Json | undefined {
  return walk(value, path, ctx, 'TaskStatus', 'v0.3', (fields, out) => statusFields(fields, out, ctx, TO_V1));
}

function taskToV1(value: unknown, path: string, ctx: Context): Json | undefined {
  return walk(value, path, ctx, 'Task', 'v0.3', (fields, out) => {
    fields.consume('kind');
    taskFields(fields, out, ctx, TO_V1);
  });
}

function statusUpdateToV1(value: unknown, path: string, ctx: Context): Json | undefined {
  return walk(value, path, ctx, 'TaskStatusUpdateEvent', 'v0.3', (fields, out) => {
    fields.consume('kind');
    copy(fields, out, 'taskId');
    copy(fields, out, 'contextId');
    convertField(fields, out, 'status', ctx, statusToV1);
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
  return walk(value, path, ctx, 'TaskArtifactUpdateEvent', 'v0.3', (fields, out) => {
    fields.consume('kind');
    artifactUpdateFields(fields, out, ctx, TO_V1);
  });
}

function conversationToV1(value: unknown, path: string, ctx: Context): Json | undefined {
  return conversation(value, path, ctx, 'v0.3', TO_V1);
}

// ---------------------------------------------------------------------------------------------
// v1.0 → v0.3
// ---------------------------------------------------------------------------------------------

function partToV03(value: unknown, path: string, ctx: Context): Json | undefined {
  const part = asObject(value, path, ctx, 'Part');
  if (!part) return undefined;
  const fields = new Fields(part, path, ctx, true);
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
    const file: Json = first === raw ? { bytes: first.value } : { uri: first.value };
    if (filename !== undefined) file.name = filename.value;
    if (mediaType !== undefined) file.mimeType = mediaType.value;
    out.kind = 'file';
    out.file = file;
  }
  copy(fields, out, 'metadata');
  fields.copyRest(out, 'Part');
  return out;
}

function messageToV03(value: unknown, path: string, ctx: Context): Json | undefined {
  return walk(value, path, ctx, 'Message', 'v1.0', (fields, out) => {
    out.kind = 'message';
    messageFields(fields, out, ctx, TO_V03);
  });
}

function artifactToV03(value: unknown, path: string, ctx: Context): Json | undefined {
  return walk(value, path, ctx, 'Artifact', 'v1.0', (fields, out) => artifactFields(fields, out, ctx, TO_V03));
}

function statusToV03(value: unknown, path: string, ctx: Context): Json | undefined {
  return walk(value, path, ctx, 'TaskStatus', 'v1.0', (fields, out) => statusFields(fields, out, ctx, TO_V03));
}

function taskToV03(value: unknown, path: string, ctx: Context): Json | undefined {
  return walk(value, path, ctx, 'Task', 'v1.0', (fields, out) => {
    out.kind = 'task';
    if (!fields.has('contextId'))
      ctx.lose(pointer(path, 'contextId'), 'the task has no `contextId`, which v0.3 requires; the v0.3 task has none either');
    taskFields(fields, out, ctx, TO_V03);
  });
}

/** The v1.0 name of a state given by name or number, when it is one. */
function stateName(value: unknown): string | undefined {
  const name = typeof value === 'number' ? TASK_STATES[value] : value;
  return typeof name === 'string' ? name : undefined;
}

function statusUpdateToV03(value: unknown, path: string, ctx: Context): Json | undefined {
  return walk(value, path, ctx, 'TaskStatusUpdateEvent', 'v1.0', (fields, out) => {
    out.kind = 'status-update';
    copy(fields, out, 'taskId');
    copy(fields, out, 'contextId');
    const status = fields.get('status');
    convertField(fields, out, 'status', ctx, statusToV03);
    const state = isObject(status?.value) ? stateName(status.value.state) : undefined;
    out.final = state !== undefined && ([...TERMINAL_STATES, ...INTERRUPTED_STATES] as string[]).includes(state);
    copy(fields, out, 'metadata');
  });
}

function artifactUpdateToV03(value: unknown, path: string, ctx: Context): Json | undefined {
  return walk(value, path, ctx, 'TaskArtifactUpdateEvent', 'v1.0', (fields, out) => {
    out.kind = 'artifact-update';
    artifactUpdateFields(fields, out, ctx, TO_V03);
  });
}

function conversationToV03(value: unknown, path: string, ctx: Context): Json | undefined {
  return conversation(value, path, ctx, 'v1.0', TO_V03);
}

// ---------------------------------------------------------------------------------------------
// Entry points
// ---------------------------------------------------------------------------------------------

const TO_V1: Table = {
  Role: roleToV1,
  TaskState: stateToV1,
  Part: partToV1,
  Message: messageToV1,
  Artifact: artifactToV1,
  TaskStatus: statusToV1,
  Task: taskToV1,
  TaskStatusUpdateEvent: statusUpdateToV1,
  TaskArtifactUpdateEvent: artifactUpdateToV1,
  Conversation: conversationToV1,
};

const TO_V03: Table = {
  Role: roleToV03,
  TaskState: stateToV03,
  Part: partToV03,
  Message: messageToV03,
  Artifact: artifactToV03,
  TaskStatus: statusToV03,
  Task: taskToV03,
  TaskStatusUpdateEvent: statusUpdateToV03,
  TaskArtifactUpdateEvent: artifactUpdateToV03,
  Conversation: conversationToV03,
};

function run(table: Table, value: unknown, type: ConvertibleType): Conversion {
  if (!Object.hasOwn(table, type)) {
    throw new TypeError(`cannot convert type "${String(type)}" (convertible: ${Object.keys(table).join(', ')})`);
  }
  const ctx = new Context();
  const converted = table[type](value, '', ctx);
  return { value: converted, losses: ctx.losses };
}

/** Converts a value of the A2A v0.3 wire (`a2a` or `bindu`) to the A2A v1.0 ProtoJSON wire (`a2a-v1`, `aion`). */
export function toV1(type: ConvertibleType, value: unknown): Conversion {
  return run(TO_V1, value, type);
}

/** Converts a value of the A2A v1.0 ProtoJSON wire (`a2a-v1`, `aion`) to the A2A v0.3 wire (`a2a`, `bindu`). */
export function toV03(type: ConvertibleType, value: unknown): Conversion {
  return run(TO_V03, value, type);
}
