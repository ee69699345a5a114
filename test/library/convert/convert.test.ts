/**
 * Conversion between the A2A v0.3 wire (a2a, bindu) and the v1.0 ProtoJSON wire (aion): the
 * mappings and losses one by one, the round trip of every valid conformance case of the types both
 * wires have, wire recognition, and the `convert` command.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintVariant, fixtureSchemaValidator } from '../../../src/library/conformance/lint.js';
import { readVariantFiles } from '../../../src/library/conformance/load-fixtures.js';
import type { ResolvedCase } from '../../../src/library/conformance/fixture.js';
import { ConvertError, detectWire, toV03, toV1, wireHint, type ConvertibleType, type Loss } from '../../../src/library/convert/index.js';
import { run } from '../../../src/commands/cli.js';
import { validate } from '../../../src/library/validate.js';
import { jsonName } from '../../../schemas/a2a-v1/proto.js';
import { ROLES, TASK_STATES } from '../../../schemas/a2a-v1/states.js';
import { DEPLOYED_BINDU_SPELLINGS } from '../../../schemas/bindu/deployed-spellings.js';
import { ROOT, TSX, runNode } from '../../helpers.js';

// ---------------------------------------------------------------------------------------------
// Round-trip machinery
// ---------------------------------------------------------------------------------------------

/** The fixture type names that are a convertible type on the v0.3 wire. */
const V03_FIXTURE_TYPES: Record<string, ConvertibleType> = {
  TaskState: 'TaskState',
  Part: 'Part',
  TextPart: 'Part',
  FilePart: 'Part',
  DataPart: 'Part',
  Message: 'Message',
  Artifact: 'Artifact',
  TaskStatus: 'TaskStatus',
  Task: 'Task',
  TaskStatusUpdateEvent: 'TaskStatusUpdateEvent',
  TaskArtifactUpdateEvent: 'TaskArtifactUpdateEvent',
  Conversation: 'Conversation',
};

/** The aion fixture types that convert. */
const V1_FIXTURE_TYPES: Record<string, ConvertibleType> = {
  Role: 'Role',
  TaskState: 'TaskState',
  Part: 'Part',
  Message: 'Message',
  Artifact: 'Artifact',
  TaskStatus: 'TaskStatus',
  Task: 'Task',
  TaskStatusUpdateEvent: 'TaskStatusUpdateEvent',
  TaskArtifactUpdateEvent: 'TaskArtifactUpdateEvent',
  Conversation: 'Conversation',
};

/** The valid cases of a variant's fixtures for the given type names. */
function validCases(variant: string, types: Record<string, ConvertibleType>): ResolvedCase[] {
  const files = readVariantFiles(join(ROOT, 'conformance'), variant);
  const { cases } = lintVariant(files, undefined, fixtureSchemaValidator(ROOT));
  return cases.filter((c) => c.valid && 'type' in c.target && c.target.type in types);
}

/** Removes the value at a JSON Pointer (when it exists). */
function removeAt(value: unknown, pointer: string): unknown {
  if (pointer === '') return undefined;
  const copy = structuredClone(value);
  const tokens = pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
  let node: unknown = copy;
  for (const token of tokens.slice(0, -1)) {
    if (typeof node !== 'object' || node === null) return copy;
    node = (node as Record<string, unknown>)[token];
  }
  const last = tokens[tokens.length - 1]!;
  if (Array.isArray(node)) node.splice(Number(last), 1, null);
  else if (typeof node === 'object' && node !== null) delete (node as Record<string, unknown>)[last];
  return copy;
}

/** Removes every loss location from a value. */
function withoutLosses(value: unknown, losses: readonly Loss[], mapPath: (path: string) => string = (path) => path): unknown {
  let out = value;
  for (const loss of [...losses].sort((a, b) => b.path.localeCompare(a.path))) out = removeAt(out, mapPath(loss.path));
  return out;
}

/** Keys whose values are free-form JSON (never renamed). */
const FREE_FORM = new Set(['metadata', 'data', 'params', 'header']);

/**
 * The canonical v1.0 form of an aion value, written independently of the converter: every key
 * under its lowerCamel name (except inside free-form members), role and state numbers as names.
 */
function canonicalAion(value: unknown, type?: ConvertibleType): unknown {
  if (type === 'Role' && typeof value === 'number') return ROLES[value];
  if (type === 'TaskState' && typeof value === 'number') return TASK_STATES[value];
  if (Array.isArray(value)) return value.map((item) => canonicalAion(item));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const name = jsonName(key);
    if (FREE_FORM.has(name)) out[name] = child;
    else if (name === 'role' && typeof child === 'number') out[name] = ROLES[child];
    else if (name === 'state' && typeof child === 'number') out[name] = TASK_STATES[child];
    else out[name] = canonicalAion(child);
  }
  return out;
}

/** A JSON Pointer into an aion value, with each segment under its lowerCamel name. */
const canonicalPath = (path: string) =>
  path
    .split('/')
    .map((token) => (/^\d+$/.test(token) ? token : jsonName(token)))
    .join('/');

interface RoundTrip {
  /** The value on the other wire. */
  readonly there: unknown;
  /** Its validation on the other wire. */
  readonly valid: boolean;
  /** Whether it is also in the canonical form (strict: no unknown key, no deprecated form). */
  readonly strict: boolean;
  readonly errors: readonly { path: string; keyword: string; message: string }[];
  /** The original and the value after the round trip, both without the reported losses. */
  readonly expected: unknown;
  readonly actual: unknown;
  readonly losses: readonly Loss[];
}

/** The variant a value converted to the v0.3 wire is checked in. */
const v03Target = (type: ConvertibleType) => (type === 'Conversation' ? 'bindu' : 'a2a');

/** The variant a value converted to the v1.0 wire is checked in: plain A2A v1.0, but for the aion extension's Conversation. */
const v1Target = (type: ConvertibleType) => (type === 'Conversation' ? 'aion' : 'a2a-v1');

/** Converts a v0.3 value to v1.0 and back. */
function roundTripFromV03(value: unknown, type: ConvertibleType): RoundTrip {
  const there = toV1(type, value);
  const checked = validate(type, there.value, { variant: v1Target(type) });
  const back = there.value === undefined ? { value: undefined, losses: [] } : toV03(type, there.value);
  return {
    there: there.value,
    valid: checked.valid,
    strict: validate(type, there.value, { variant: v1Target(type), strict: true }).valid,
    errors: checked.errors,
    expected: withoutLosses(value, there.losses),
    actual: withoutLosses(back.value, there.losses),
    losses: [...there.losses, ...back.losses],
  };
}

/** Converts a v1.0 value to v0.3 and back. */
function roundTripFromV1(value: unknown, type: ConvertibleType): RoundTrip {
  const there = toV03(type, value);
  const target = v03Target(type);
  const checked =
    type === 'Role'
      ? { valid: ['user', 'agent'].includes(there.value as string), errors: [] }
      : validate(type, there.value, { variant: target });
  const back = there.value === undefined ? { value: undefined, losses: [] } : toV1(type, there.value);
  return {
    there: there.value,
    valid: checked.valid,
    strict: type === 'Role' ? checked.valid : validate(type, there.value, { variant: target, strict: true }).valid,
    errors: checked.errors,
    expected: withoutLosses(canonicalAion(value, type), there.losses, canonicalPath),
    actual: withoutLosses(back.value, there.losses, canonicalPath),
    losses: [...there.losses, ...back.losses],
  };
}

/**
 * The Conversation of the v0.3 wire exists only in bindu, whose messages also need UUIDs and a
 * context and task id (Bindu's own rules, not the wire's). A converted Conversation is checked
 * against the a2a types of what it holds.
 */
function conversationOnV03Wire(value: unknown): { valid: boolean; errors: string[] } {
  const errors: string[] = [];
  const conversation = value as { contextId?: unknown; history?: unknown[]; artifacts?: unknown[]; status?: { state?: unknown } };
  if (typeof conversation.contextId !== 'string') errors.push('contextId');
  for (const [i, message] of (conversation.history ?? []).entries()) {
    for (const error of validate('Message', message, { variant: 'a2a' }).errors) errors.push(`/history/${i}${error.path} ${error.keyword}`);
  }
  for (const [i, artifact] of (conversation.artifacts ?? []).entries()) {
    for (const error of validate('Artifact', artifact, { variant: 'a2a' }).errors)
      errors.push(`/artifacts/${i}${error.path} ${error.keyword}`);
  }
  for (const error of validate('TaskState', conversation.status?.state, { variant: 'a2a' }).errors)
    errors.push(`/status/state ${error.keyword}`);
  return { valid: errors.length === 0, errors };
}

describe('round trip of every valid conformance case of the shared types', () => {
  const sources = [
    ['a2a', V03_FIXTURE_TYPES, roundTripFromV03],
    ['bindu', V03_FIXTURE_TYPES, roundTripFromV03],
    ['a2a-v1', V1_FIXTURE_TYPES, roundTripFromV1],
    ['aion', V1_FIXTURE_TYPES, roundTripFromV1],
  ] as const;
  for (const [variant, types, roundTrip] of sources) {
    const cases = validCases(variant, types);
    it(`${variant}: there are cases to convert`, () => {
      expect(cases.length).toBeGreaterThan(20);
    });
    for (const c of cases) {
      const type = types[(c.target as { type: string }).type]!;
      it(`${c.fullId} (${type})`, () => {
        const result = roundTrip(c.data, type);
        expect(result.actual, 'converted back, apart from the reported losses').toEqual(result.expected);
        if (result.losses.length === 0 && (variant !== 'aion' || type !== 'Conversation')) {
          expect(result.strict, 'with nothing lost, the converted value is in the canonical form').toBe(true);
        }
        let valid = result.valid;
        if (!valid && variant === 'aion' && type === 'Conversation') valid = conversationOnV03Wire(result.there).valid;
        if (!valid) {
          // Only a reported loss may leave the converted value invalid (a field the other wire requires and this value lacks).
          expect(result.losses.length, `invalid on the other wire with no loss reported: ${JSON.stringify(result.errors)}`).toBeGreaterThan(
            0,
          );
        }
      });
    }
  }

  it('the comparison sees a difference the converter does not report', () => {
    const original = { kind: 'message', messageId: 'm', role: 'user', parts: [{ kind: 'text', text: 'hi' }] };
    const there = toV1('Message', original);
    expect(there.losses).toEqual([]);
    const tampered = structuredClone(there.value) as { parts: { text: string }[] };
    tampered.parts[0]!.text = 'changed';
    expect(withoutLosses(toV03('Message', tampered).value, there.losses)).not.toEqual(withoutLosses(original, there.losses));
  });

  it('snake_case names and enum numbers come back canonical', () => {
    const proto = {
      message_id: 'm-1',
      context_id: 'c-1',
      role: 1,
      parts: [{ text: 'hi', media_type: 'text/plain' }],
      reference_task_ids: ['t-0'],
    };
    const there = toV03('Message', proto);
    expect(there.value).toEqual({
      kind: 'message',
      messageId: 'm-1',
      contextId: 'c-1',
      role: 'user',
      parts: [{ kind: 'text', text: 'hi' }],
      referenceTaskIds: ['t-0'],
    });
    expect(there.losses).toEqual([{ path: '/parts/0/media_type', message: expect.stringContaining('media type') }]);
    const back = toV1('Message', there.value).value;
    expect(back).toEqual({ messageId: 'm-1', contextId: 'c-1', role: 'ROLE_USER', parts: [{ text: 'hi' }], referenceTaskIds: ['t-0'] });
    expect(validate('Message', back, { variant: 'aion', strict: true }).valid).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// Mappings and losses
// ---------------------------------------------------------------------------------------------

const paths = (losses: readonly Loss[]) => losses.map((loss) => loss.path);

describe('toV1: v0.3 to v1.0', () => {
  it('maps every v0.3 state and both roles', () => {
    const states = ['submitted', 'working', 'input-required', 'completed', 'canceled', 'failed', 'rejected', 'auth-required', 'unknown'];
    expect(states.map((state) => toV1('TaskState', state).value)).toEqual([
      'TASK_STATE_SUBMITTED',
      'TASK_STATE_WORKING',
      'TASK_STATE_INPUT_REQUIRED',
      'TASK_STATE_COMPLETED',
      'TASK_STATE_CANCELED',
      'TASK_STATE_FAILED',
      'TASK_STATE_REJECTED',
      'TASK_STATE_AUTH_REQUIRED',
      'TASK_STATE_UNSPECIFIED',
    ]);
    expect(toV1('Role', 'user')).toMatchObject({ value: 'ROLE_USER', losses: [] });
    expect(toV1('Role', 'agent')).toMatchObject({ value: 'ROLE_AGENT', losses: [] });
  });

  it('reports the Bindu-only states and the system role', () => {
    for (const state of ['payment-required', 'trust-verification-required', 'pending', 'suspended', 'resumed', 'negotiation-bid-won']) {
      const result = toV1('TaskState', state);
      expect(result.value).toBe('TASK_STATE_UNSPECIFIED');
      expect(result.losses).toEqual([{ path: '', message: expect.stringContaining(state) }]);
    }
    const message = toV1('Message', { kind: 'message', messageId: 'm', role: 'system', parts: [{ kind: 'text', text: 'policy' }] });
    expect(message.value).toMatchObject({ role: 'ROLE_UNSPECIFIED' });
    expect(paths(message.losses)).toEqual(['/role']);
  });

  it('converts each kind of part', () => {
    expect(toV1('Part', { kind: 'text', text: 'hi', metadata: { lang: 'en' } })).toMatchObject({
      value: { text: 'hi', metadata: { lang: 'en' } },
      losses: [],
    });
    expect(toV1('Part', { kind: 'file', file: { bytes: 'aGk=', name: 'hi.txt', mimeType: 'text/plain' } }).value).toEqual({
      raw: 'aGk=',
      filename: 'hi.txt',
      mediaType: 'text/plain',
    });
    expect(toV1('Part', { kind: 'file', file: { uri: 'https://example.com/a.png' } }).value).toEqual({ url: 'https://example.com/a.png' });
    expect(toV1('Part', { kind: 'data', data: { a: 1 } }).value).toEqual({ data: { a: 1 } });
  });

  it('reports embeddings, and reads a part without kind by its member', () => {
    const part = toV1('Part', { kind: 'file', file: { bytes: 'aGk=', embeddings: [0.1] }, embeddings: [0.2, 0.3] });
    expect(part.value).toEqual({ raw: 'aGk=' });
    expect(paths(part.losses)).toEqual(['/file/embeddings', '/embeddings']);
    const kindless = toV1('Part', { data: { x: 1 } });
    expect(kindless.value).toEqual({ data: { x: 1 } });
    expect(kindless.losses).toEqual([{ path: '', message: expect.stringMatching(/no `kind`.*data part/) }]);
  });

  it('reports final on a status update, and the Bindu append/lastChunk on an artifact', () => {
    const event = toV1('TaskStatusUpdateEvent', {
      kind: 'status-update',
      taskId: 't',
      contextId: 'c',
      status: { state: 'working' },
      final: false,
    });
    expect(event.value).toEqual({ taskId: 't', contextId: 'c', status: { state: 'TASK_STATE_WORKING' } });
    expect(paths(event.losses)).toEqual(['/final']);
    const artifact = toV1('Artifact', { artifactId: 'a', parts: [{ kind: 'text', text: 'x' }], append: true, lastChunk: false });
    expect(artifact.value).toEqual({ artifactId: 'a', parts: [{ text: 'x' }] });
    expect(paths(artifact.losses)).toEqual(['/append', '/lastChunk']);
  });

  it('copies keys neither wire defines, and says so', () => {
    const task = toV1('Task', { kind: 'task', id: 't', contextId: 'c', status: { state: 'completed' }, priority: 'high' });
    expect(task.value).toEqual({ id: 't', contextId: 'c', status: { state: 'TASK_STATE_COMPLETED' }, priority: 'high' });
    expect(task.losses).toEqual([{ path: '/priority', message: expect.stringContaining('copied unchanged') }]);
  });

  it('converts a Conversation (the context extension) and what it holds', () => {
    const conversation = toV1('Conversation', {
      contextId: 'c',
      history: [{ kind: 'message', messageId: 'm', role: 'agent', parts: [{ kind: 'text', text: 'done' }] }],
      artifacts: [],
      status: { state: 'input-required' },
    });
    expect(conversation).toMatchObject({
      value: {
        contextId: 'c',
        history: [{ messageId: 'm', role: 'ROLE_AGENT', parts: [{ text: 'done' }] }],
        artifacts: [],
        status: { state: 'TASK_STATE_INPUT_REQUIRED' },
      },
      losses: [],
    });
  });
});

describe('toV1: v0.3 as deployed Bindu agents send it (DEVIATION: snake_case keys), normalized first', () => {
  const spelling = new Map(DEPLOYED_BINDU_SPELLINGS.map((entry) => [entry.sent, entry.canonical]));

  it("DEVIATION: the echo agent's recorded task converts to a valid v1.0 Task, every rename listed at its input path", () => {
    const task = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/bindu-agent/recorded/final-task.json'), 'utf8'));
    const before = JSON.stringify(task);
    const there = toV1('Task', task);
    expect(there.errors).toEqual([]);
    expect(there.valid).toBe(true);
    expect(validate('Task', there.value, { variant: 'a2a-v1', strict: true }).valid).toBe(true);
    const value = there.value as {
      contextId: string;
      history: { messageId: string; taskId: string }[];
      artifacts: { artifactId: string }[];
    };
    expect(value.contextId).toBe(task.context_id);
    expect(value.history.map((message) => message.messageId)).toEqual(
      task.history.map((message: { message_id: string }) => message.message_id),
    );
    expect(value.history[0]!.taskId).toBe(task.history[0].task_id);
    expect(value.artifacts[0]!.artifactId).toBe(task.artifacts[0].artifact_id);
    const renames = there.losses.filter((loss) => loss.message.includes("deployed Bindu's spelling"));
    expect(renames.map((loss) => loss.path).sort()).toEqual(
      [
        '/context_id',
        '/history/0/message_id',
        '/history/0/context_id',
        '/history/0/task_id',
        '/history/1/message_id',
        '/history/1/task_id',
        '/history/1/context_id',
        '/artifacts/0/artifact_id',
      ].sort(),
    );
    for (const loss of renames) {
      const sent = loss.path.split('/').at(-1)!;
      expect(loss.message).toContain(`\`${spelling.get(sent)}\``);
    }
    // Nothing else is reported about those keys (no "left out"), and the input is not changed.
    expect(there.losses.filter((loss) => !renames.includes(loss)).map((loss) => loss.path)).toEqual(['/status/timestamp']);
    expect(JSON.stringify(task)).toBe(before);
  });

  it('a loss below a renamed key is reported at its path in the input', () => {
    const there = toV1('TaskPushNotificationConfig', {
      task_id: 't-1',
      push_notification_config: { url: 'https://hooks.example/a2a', colour: 'red' },
    });
    expect(there.value).toMatchObject({ taskId: 't-1', url: 'https://hooks.example/a2a' });
    expect(there.losses.map((loss) => loss.path)).toEqual(['/task_id', '/push_notification_config', '/push_notification_config/colour']);
  });

  it('a key given under both spellings: the canonical value is used and the snake_case copy reported once', () => {
    const message = {
      kind: 'message',
      messageId: 'm-1',
      role: 'user',
      parts: [{ kind: 'text', text: 'hi' }],
      contextId: 'c-1',
      context_id: 'c-2',
    };
    const there = toV1('Message', message);
    expect(there.value).toEqual({ messageId: 'm-1', contextId: 'c-1', role: 'ROLE_USER', parts: [{ text: 'hi' }] });
    expect(there.losses).toEqual([{ path: '/context_id', message: expect.stringContaining('repeats `contextId`') }]);
    expect(message.context_id).toBe('c-2');
  });
});

describe('toV03: v1.0 to v0.3', () => {
  it('maps names and numbers of states and roles', () => {
    expect(toV03('TaskState', 'TASK_STATE_UNSPECIFIED').value).toBe('unknown');
    expect(toV03('TaskState', 6).value).toBe('input-required');
    expect(toV03('TaskState', 'TASK_STATE_CANCELED').value).toBe('canceled');
    expect(toV03('Role', 2).value).toBe('agent');
    expect(toV03('Role', 'ROLE_UNSPECIFIED')).toMatchObject({
      value: undefined,
      losses: [{ path: '', message: expect.stringContaining('no v0.3 equivalent') }],
    });
  });

  it('puts back kind, and final from the state', () => {
    const interrupted = toV03('TaskStatusUpdateEvent', { task_id: 't', context_id: 'c', status: { state: 'TASK_STATE_AUTH_REQUIRED' } });
    expect(interrupted).toMatchObject({
      value: { kind: 'status-update', taskId: 't', contextId: 'c', status: { state: 'auth-required' }, final: true },
      losses: [],
    });
    expect(toV03('TaskStatusUpdateEvent', { taskId: 't', contextId: 'c', status: { state: 'TASK_STATE_WORKING' } }).value).toMatchObject({
      final: false,
    });
    expect(
      toV03('TaskArtifactUpdateEvent', {
        taskId: 't',
        contextId: 'c',
        artifact: { artifactId: 'a', parts: [{ text: 'x' }] },
        lastChunk: true,
      }).value,
    ).toEqual({
      kind: 'artifact-update',
      taskId: 't',
      contextId: 'c',
      artifact: { artifactId: 'a', parts: [{ kind: 'text', text: 'x' }] },
      lastChunk: true,
    });
  });

  it('turns raw and url parts into file parts', () => {
    expect(toV03('Part', { raw: 'aGk=', filename: 'hi.txt', mediaType: 'text/plain', metadata: { a: 1 } })).toMatchObject({
      value: { kind: 'file', file: { bytes: 'aGk=', name: 'hi.txt', mimeType: 'text/plain' }, metadata: { a: 1 } },
      losses: [],
    });
    expect(toV03('Part', { url: 'https://example.com/x' }).value).toEqual({ kind: 'file', file: { uri: 'https://example.com/x' } });
  });

  it('wraps data that is not an object, and reports it', () => {
    const result = toV03('Part', { data: [1, 2] });
    expect(result.value).toEqual({ kind: 'data', data: { value: [1, 2] } });
    expect(result.losses).toEqual([{ path: '/data', message: expect.stringContaining('an array') }]);
    expect(validate('DataPart', result.value, { variant: 'a2a' }).valid).toBe(true);
  });

  it('reports what a v0.3 text part cannot carry, and a task without contextId', () => {
    expect(paths(toV03('Part', { text: 'x', filename: 'a.txt', mediaType: 'text/plain' }).losses)).toEqual(['/filename', '/mediaType']);
    const task = toV03('Task', { id: 't', status: { state: 'TASK_STATE_SUBMITTED' } });
    expect(task.value).toEqual({ kind: 'task', id: 't', status: { state: 'submitted' } });
    expect(paths(task.losses)).toEqual(['/contextId']);
  });

  it('reads the seed 004 result (context_id) and writes the v0.3 Conversation', () => {
    const seed = {
      context_id: 'conversation-123',
      history: [{ messageId: 'msg-1', role: 'ROLE_USER', parts: [{ text: 'hi' }] }],
      artifacts: [],
      status: { state: 'TASK_STATE_COMPLETED' },
    };
    expect(toV03('Conversation', seed)).toMatchObject({
      value: {
        contextId: 'conversation-123',
        history: [{ kind: 'message', messageId: 'msg-1', role: 'user', parts: [{ kind: 'text', text: 'hi' }] }],
        artifacts: [],
        status: { state: 'completed' },
      },
      losses: [],
    });
  });

  it('reports a name given twice (invalid input) and keeps the lowerCamel one', () => {
    const result = toV03('Message', { messageId: 'a', message_id: 'b', role: 'ROLE_USER', parts: [{ text: 'x' }] });
    expect(result.value).toMatchObject({ messageId: 'a' });
    expect(paths(result.losses)).toEqual(['/message_id']);
  });
});

describe('bad input', () => {
  it('throws a ConvertError for a value that is not the shape of the type', () => {
    expect(() => toV1('Message', 5)).toThrow(ConvertError);
    expect(() => toV03('TaskState', 'TASK_STATE_DONE')).toThrow(/not a task state/);
    expect(() => toV1('Part', {})).toThrow(/without `kind`/);
  });

  it('throws a TypeError for a type that does not convert', () => {
    expect(() => toV1('ListTasksRequest', {})).toThrow(TypeError);
  });

  it('reports, and leaves out, what it cannot read inside a value', () => {
    const result = toV1('Message', { kind: 'message', messageId: 'm', role: 'user', parts: ['text', { kind: 'text', text: 'ok' }] });
    expect(result.value).toMatchObject({ parts: [{ text: 'ok' }] });
    expect(paths(result.losses)).toEqual(['/parts/0']);
  });
});

describe('wire recognition', () => {
  it('tells the v0.3 wire from v1.0', () => {
    expect(detectWire({ kind: 'message', messageId: 'm', role: 'user', parts: [] })).toMatchObject({ wire: 'v0.3', path: '/kind' });
    expect(detectWire({ messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'x' }] })).toMatchObject({ wire: 'v1.0', path: '/role' });
    expect(detectWire({ statusUpdate: {} })).toMatchObject({ wire: 'v1.0' });
    expect(detectWire({ jsonrpc: '2.0', id: 1, method: 'tasks/get', params: { id: 't' } })).toMatchObject({
      wire: 'v0.3',
      path: '/method',
    });
    expect(detectWire({ text: 'x' })).toBeUndefined();
    expect(detectWire({ metadata: { role: 'user' } })).toBeUndefined();
  });

  it('hints only when the payload looks like the other wire', () => {
    expect(wireHint({ role: 'user' }, 'aion')).toMatch(/A2A v0\.3 wire.*--variant a2a or bindu/);
    expect(wireHint({ role: 'ROLE_AGENT' }, 'a2a')).toMatch(/A2A v1\.0 ProtoJSON wire.*--variant a2a-v1 \(or aion/);
    expect(wireHint({ role: 'user' }, 'bindu')).toBeUndefined();
    expect(wireHint({ role: 'ROLE_AGENT' }, 'aion')).toBeUndefined();
    expect(wireHint({ role: 'user' }, 'a2a-v1')).toMatch(/but the a2a-v1 variant is A2A v1\.0.*--from a2a --to a2a-v1/);
    expect(wireHint({ role: 'ROLE_AGENT' }, 'bindu')).toMatch(/--variant a2a-v1.*--from a2a-v1 --to bindu/);
    expect(wireHint({ role: 'ROLE_AGENT' }, 'a2a-v1')).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------
// The convert command
// ---------------------------------------------------------------------------------------------

function convertCli(args: string[]): { code: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const code = run(
    ['convert', ...args],
    (text) => void (stdout += text),
    (text) => void (stderr += text),
  );
  return { code, stdout, stderr };
}

function inputFile(value: unknown, raw?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'bindu-convert-'));
  const file = join(dir, 'input.json');
  writeFileSync(file, raw ?? JSON.stringify(value));
  return file;
}

describe('bindu-protocol convert', () => {
  const seed004Result = {
    context_id: 'conversation-123',
    history: [{ messageId: 'msg-1', role: 'ROLE_USER', parts: [{ text: 'hi' }] }],
    artifacts: [],
    status: { state: 'TASK_STATE_COMPLETED' },
  };

  it('exits 1 without output when the result is not valid in --to; --best-effort prints it all the same', () => {
    const refused = convertCli(['--from', 'aion', '--to', 'bindu', '--type', 'Conversation', inputFile(seed004Result)]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/not a valid bindu Conversation:\n {2}\/history\/0 missing the required property "contextId"/);
    expect(refused.stderr).toMatch(/messageId must be a UUID/);
    const result = convertCli(['--from', 'aion', '--to', 'bindu', '--type', 'Conversation', '--best-effort', inputFile(seed004Result)]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual({
      contextId: 'conversation-123',
      history: [{ kind: 'message', messageId: 'msg-1', role: 'user', parts: [{ kind: 'text', text: 'hi' }] }],
      artifacts: [],
      status: { state: 'completed' },
    });
  });

  it('prints each loss on stderr', () => {
    const input = { kind: 'status-update', taskId: 't', contextId: 'c', status: { state: 'working' }, final: false };
    const result = convertCli(['--from', 'a2a', '--to', 'aion', '--type', 'TaskStatusUpdateEvent', inputFile(input)]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ taskId: 't', contextId: 'c', status: { state: 'TASK_STATE_WORKING' } });
    expect(result.stderr).toMatch(/^loss at \/final: /);
  });

  it('exits 1 for input that is invalid in --from, naming the wire it looks like', () => {
    const v03 = { kind: 'message', messageId: 'm', role: 'user', parts: [{ kind: 'text', text: 'hi' }] };
    const result = convertCli(['--from', 'aion', '--to', 'a2a', '--type', 'Message', inputFile(v03)]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/not a valid aion Message/);
    expect(result.stderr).toMatch(/\/role enum/);
    expect(result.stderr).toMatch(/hint: this looks like the A2A v0\.3 wire/);
    const v1 = { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'hi' }] };
    const reverse = convertCli(['--from', 'a2a', '--to', 'aion', '--type', 'Message', inputFile(v1)]);
    expect(reverse.code).toBe(1);
    expect(reverse.stderr).toMatch(/hint: this looks like the A2A v1\.0 ProtoJSON wire/);
  });

  it('converts between a2a or bindu and a2a-v1, plain A2A v1.0', () => {
    const v03 = {
      kind: 'message',
      messageId: 'm',
      contextId: 'c',
      role: 'agent',
      parts: [
        { kind: 'text', text: 'hi' },
        { kind: 'data', data: { n: 1 } },
      ],
    };
    const there = convertCli(['--from', 'a2a', '--to', 'a2a-v1', '--type', 'Message', inputFile(v03)]);
    expect(there.code).toBe(0);
    const v1 = JSON.parse(there.stdout);
    expect(v1).toEqual({ messageId: 'm', contextId: 'c', role: 'ROLE_AGENT', parts: [{ text: 'hi' }, { data: { n: 1 } }] });
    expect(validate('Message', v1, { variant: 'a2a-v1', strict: true }).valid).toBe(true);
    const back = convertCli(['--from', 'a2a-v1', '--to', 'a2a', '--type', 'Message', inputFile(v1)]);
    expect(back.code).toBe(0);
    expect(JSON.parse(back.stdout)).toEqual(v03);
    const notV1 = convertCli(['--from', 'a2a-v1', '--to', 'a2a', '--type', 'Message', inputFile(v03)]);
    expect(notV1.code).toBe(1);
    expect(notV1.stderr).toMatch(/not a valid a2a-v1 Message[\s\S]*hint: this looks like the A2A v0\.3 wire/);
  });

  it("checks a v0.3 role against the variant's Message.role", () => {
    expect(convertCli(['--from', 'bindu', '--to', 'aion', '--type', 'Role', inputFile('system')]).code).toBe(0);
    expect(convertCli(['--from', 'a2a', '--to', 'aion', '--type', 'Role', inputFile('system')]).code).toBe(1);
  });

  it('exits 2 on usage and input errors', () => {
    const file = inputFile({ text: 'x' });
    for (const args of [
      ['--from', 'aion', '--type', 'Part', file],
      ['--from', 'a2a', '--to', 'bindu', '--type', 'Part', file],
      ['--from', 'aion', '--to', 'a2a', '--type', 'ListTasksRequest', file],
      ['--from', 'aion', '--to', 'a2a', file],
      ['--from', 'aion', '--to', 'v2', '--type', 'Part', file],
      ['--from', 'aion', '--to', 'a2a', '--type', 'Conversation', file],
      ['--from', 'a2a-v1', '--to', 'bindu', '--type', 'Conversation', file],
      ['--from', 'a2a-v1', '--to', 'aion', '--type', 'Part', file],
      ['--from', 'aion', '--to', 'a2a', '--type', 'Part', join(tmpdir(), 'no-such-dir-bindu', 'x.json')],
      ['--from', 'aion', '--to', 'a2a', '--type', 'Part', inputFile(undefined, '{not json')],
      ['--from', 'aion', '--to', 'a2a', '--type', 'Part', file, file],
    ]) {
      const result = convertCli(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stdout, args.join(' ')).toBe('');
      expect(result.stderr, args.join(' ')).toMatch(/^bindu-protocol: /);
    }
  });

  it('reads stdin with - (through the executable)', () => {
    const result = runNode([TSX, join(ROOT, 'src', 'bin.ts'), 'convert', '--from', 'a2a', '--to', 'aion', '--type', 'Part', '-'], {
      input: JSON.stringify({ kind: 'data', data: { ok: true } }),
    });
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ data: { ok: true } });
  }, 60_000);

  it('--help explains the command', () => {
    const result = convertCli(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/--from V.*\n.*--to V/);
  });
});
