/**
 * `normalize(typeName, value, { variant, lenient })`: the canonical form of what real senders write (a real Bindu
 * echo agent's recorded snake_case task, a v1.0 message under proto names and enum numbers), every rewrite listed,
 * conflicts reported, the input untouched; and `validate`'s `lenient` reading of the same recordings.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalize } from '../../src/library/normalize.js';
import { validate } from '../../src/library/validate.js';
import { DEPLOYED_BINDU_SPELLINGS } from '../../schemas/bindu/deployed-spellings.js';
import { ROOT } from '../helpers.js';

const recorded = (file: string) => JSON.parse(readFileSync(join(ROOT, 'test/fixtures/bindu-agent/recorded', file), 'utf8'));

describe('normalize: the real Bindu echo agent (DEVIATION: its JSON-RPC results are snake_case)', () => {
  it('DEVIATION: the recorded final task is invalid as sent, and normalizes to a strictly valid canonical Task', () => {
    const task = recorded('final-task.json');
    const before = JSON.stringify(task);
    // As sent: contextId is missing under its canonical name (the seeds' wire is camelCase).
    const sent = validate('Task', task, { variant: 'bindu' });
    expect(sent.valid).toBe(false);
    expect(sent.errors.find((error) => error.path === '')?.params.missingProperty).toBe('contextId');

    const result = normalize('Task', task, { variant: 'bindu' });
    expect(result.valid).toBe(true);
    expect(result.errors).toEqual([]);
    expect(validate('Task', result.value, { variant: 'bindu', strict: true })).toEqual({ valid: true, errors: [], warnings: [] });
    const value = result.value as Record<string, unknown> & { history: Record<string, unknown>[]; artifacts: Record<string, unknown>[] };
    expect(value.contextId).toBe(task.context_id);
    expect(value).not.toHaveProperty('context_id');
    expect(value.history[1]!.messageId).toBe(task.history[1].message_id);
    expect(value.artifacts[0]!.artifactId).toBe(task.artifacts[0].artifact_id);
    expect(result.changes.length).toBeGreaterThanOrEqual(4);
    expect(result.changes).toContainEqual({ path: '/context_id', kind: 'key', from: 'context_id', to: 'contextId' });
    expect(result.changes).toContainEqual({ path: '/artifacts/0/artifact_id', kind: 'key', from: 'artifact_id', to: 'artifactId' });
    // Every rename is one the table lists, and the input is not changed.
    const table = new Map(DEPLOYED_BINDU_SPELLINGS.map((entry) => [entry.sent, entry.canonical]));
    for (const change of result.changes) expect(table.get(change.from as string)).toBe(change.to);
    expect(JSON.stringify(task)).toBe(before);
  });

  it('the JSON-RPC result of message/send normalizes the same way; free-form metadata is kept as sent', () => {
    const response = recorded('send-response.json');
    const result = normalize('SendMessageResponse', response, { variant: 'bindu' });
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    expect((result.value as { result: { contextId: string } }).result.contextId).toBe(response.result.context_id);
    const task = recorded('final-task.json');
    const part = (normalize('Task', task, { variant: 'bindu' }).value as { artifacts: { parts: { metadata: unknown }[] }[] }).artifacts[0]!
      .parts[0]!;
    expect(part.metadata).toEqual(task.artifacts[0].parts[0].metadata);
  });

  it("a skill served at /agent/skills/{id} (snake_case) normalizes to the card's Skill", () => {
    const skill = recorded('skill-detail.json');
    const result = normalize('Skill', skill, { variant: 'bindu' });
    expect(result.value).toMatchObject({ inputModes: skill.input_modes, outputModes: skill.output_modes });
    expect(result.valid).toBe(true);
  });

  it('never rewrites a key the object also has under its canonical name: the conflict is reported, both kept', () => {
    const task = recorded('final-task.json');
    const differing = normalize('Task', { ...task, contextId: '0b5e3a4c-2f5d-4c1e-9d3a-7c2b1e0f9a8d' }, { variant: 'bindu' });
    expect(differing.valid).toBe(false);
    expect(differing.errors[0]).toMatchObject({
      path: '/context_id',
      keyword: 'conflict',
      params: { property: 'context_id', canonicalProperty: 'contextId' },
    });
    expect(differing.changes.find((change) => change.path === '/context_id')).toBeUndefined();
    expect(differing.value).toHaveProperty('context_id');
    const same = normalize('Task', { ...task, contextId: task.context_id }, { variant: 'bindu' });
    expect(same.valid).toBe(true);
    expect(same.warnings.map((warning) => warning.keyword)).toContain('conflict');
  });
});

describe('normalize: v1.0 (ProtoJSON) proto names and enum numbers', () => {
  it('an a2a-v1 Message with message_id and role 1 becomes messageId and ROLE_USER', () => {
    const result = normalize('Message', { message_id: 'm-1', role: 1, parts: [{ text: 'hi' }] }, { variant: 'a2a-v1' });
    expect(result.value).toEqual({ messageId: 'm-1', role: 'ROLE_USER', parts: [{ text: 'hi' }] });
    expect(result.changes).toEqual([
      { path: '/message_id', kind: 'key', from: 'message_id', to: 'messageId' },
      { path: '/role', kind: 'value', from: 1, to: 'ROLE_USER' },
    ]);
    expect(validate('Message', result.value, { variant: 'a2a-v1', strict: true }).valid).toBe(true);
  });

  it('nested: a Task state by number and a history message under proto names (aion)', () => {
    const task = {
      id: 't-1',
      context_id: 'c-1',
      status: { state: 3 },
      history: [{ message_id: 'm-1', role: 2, parts: [{ text: 'done' }] }],
    };
    const result = normalize('Task', task, { variant: 'aion' });
    expect(result.valid).toBe(true);
    expect(validate('Task', result.value, { variant: 'aion', strict: true }).errors).toEqual([]);
    expect(result.value).toMatchObject({ contextId: 'c-1', status: { state: 'TASK_STATE_COMPLETED' }, history: [{ role: 'ROLE_AGENT' }] });
  });

  it('a canonical payload is returned unchanged, with no changes; an unknown type is a TypeError', () => {
    const message = { messageId: 'm-1', role: 'ROLE_AGENT', parts: [{ text: 'x' }] };
    expect(normalize('Message', message, { variant: 'a2a-v1' })).toMatchObject({ valid: true, changes: [], value: message });
    expect(() => normalize('Mesage' as never, message, { variant: 'a2a-v1' })).toThrow(TypeError);
  });

  it('A2A v0.3 does not rename snake_case (only bindu has the deployed-agent table): the key stays, as an unknown key', () => {
    const message = { kind: 'message', message_id: 'm-1', messageId: undefined, role: 'user', parts: [{ kind: 'text', text: 'x' }] };
    const { messageId: _, ...sent } = message;
    const result = normalize('Message', sent, { variant: 'a2a' });
    expect(result.changes).toEqual([]);
    expect(result.valid).toBe(false);
  });
});

describe('validate with lenient: what a receiver survives is a warning', () => {
  it('an unknown task state is a warning that says why; structure stays an error; the default verdict is unchanged', () => {
    const task = normalize('Task', recorded('final-task.json'), { variant: 'bindu' }).value as { status: { state: string } };
    const unknown = { ...task, status: { ...task.status, state: 'thinking' } };
    expect(validate('Task', unknown, { variant: 'bindu' }).valid).toBe(false);
    const lenient = validate('Task', unknown, { variant: 'bindu', lenient: true });
    expect(lenient.valid).toBe(true);
    expect(lenient.warnings).toEqual([
      expect.objectContaining({ path: '/status/state', keyword: 'enum', params: expect.objectContaining({ lenient: expect.any(String) }) }),
    ]);
    const broken = { ...unknown, status: 'completed' };
    expect(validate('Task', broken, { variant: 'bindu', lenient: true }).valid).toBe(false);
    const noId = { ...unknown } as Record<string, unknown>;
    delete noId.id;
    expect(validate('Task', noId, { variant: 'bindu', lenient: true }).errors.map((error) => error.params.missingProperty)).toEqual(['id']);
  });

  it('DEVIATION: the real Bindu card (skills as summaries) is invalid, and valid with a warning per missing skill field when lenient', () => {
    const card = recorded('card.json');
    const strict = validate('AgentCard', card, { variant: 'bindu' });
    expect(strict.valid).toBe(false);
    expect(strict.errors.map((error) => error.params.missingProperty).sort()).toEqual(['description', 'inputModes', 'outputModes', 'tags']);
    const lenient = validate('AgentCard', card, { variant: 'bindu', lenient: true });
    expect(lenient.valid).toBe(true);
    expect(lenient.warnings.filter((warning) => warning.keyword === 'required').map((warning) => warning.path)).toEqual(
      Array(4).fill('/skills/0'),
    );
    // The same key missing elsewhere (a Task's id) is no survivable field.
    expect(validate('Skill', { name: 'echo', description: 'x', tags: [], inputModes: [], outputModes: [] }, { lenient: true }).valid).toBe(
      false,
    );
  });

  it('a format (uuid, date-time) is a warning when lenient, an error otherwise', () => {
    const task = normalize('Task', recorded('final-task.json'), { variant: 'bindu' }).value as Record<string, unknown>;
    const odd = { ...task, id: 'task-001', status: { state: 'completed', timestamp: 'yesterday' } };
    expect(
      validate('Task', odd, { variant: 'bindu' })
        .errors.map((error) => error.params.format)
        .sort(),
    ).toEqual(['date-time', 'uuid']);
    const lenient = validate('Task', odd, { variant: 'bindu', lenient: true });
    expect(lenient).toMatchObject({ valid: true, errors: [] });
    expect(lenient.warnings.map((warning) => warning.keyword)).toEqual(['format', 'format']);
  });

  it('normalize with lenient: an unknown state in a snake_case task', () => {
    const task = recorded('final-task.json');
    const result = normalize('Task', { ...task, status: { ...task.status, state: 'thinking' } }, { variant: 'bindu', lenient: true });
    expect(result.valid).toBe(true);
    expect(result.warnings.map((warning) => warning.path)).toEqual(['/status/state']);
  });
});
