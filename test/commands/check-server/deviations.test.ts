/**
 * The deviations check-server names (src/commands/check-server/deviations.ts), on what a real Bindu
 * agent sent (test/fixtures/bindu-agent/recorded/): snake_case keys renamed outside free-form maps,
 * one line per step, and the card's own deviations; and the recorded REST bodies against the types
 * of schemas/bindu/agent-endpoints.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { camelCaseKeys, DEVIATION_KINDS, snakeCaseLine } from '../../../src/commands/check-server/deviations.js';
import { cardDeviations } from '../../../src/commands/check-server/groups/card.js';
import { validate } from '../../../src/library/validate.js';
import { BINDU_ERRORS } from '../../../schemas/error-table.js';
import { ROOT } from '../../helpers.js';

const recorded = (file: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'bindu-agent', 'recorded', file), 'utf8')) as Record<string, unknown>;

describe('snake_case results read as camelCase', () => {
  it('the recorded final task: every snake key renamed once, metadata keys kept, and the renamed task valid bindu', () => {
    const task = recorded('final-task.json');
    expect(validate('Task', task, { variant: 'bindu' }).valid).toBe(false);
    const { value, renamed } = camelCaseKeys(task);
    expect(renamed).toEqual([
      ['context_id', 'contextId'],
      ['message_id', 'messageId'],
      ['task_id', 'taskId'],
      ['artifact_id', 'artifactId'],
    ]);
    expect(validate('Task', value, { variant: 'bindu' })).toMatchObject({ valid: true });
    // The signature's key is the sender's own: never renamed.
    expect(JSON.stringify(value)).toContain('"did.message.signature"');
  });

  it('keys inside metadata, data and params stay as sent; a key whose camelCase form is there too stays', () => {
    const { value, renamed } = camelCaseKeys({
      context_id: 'c',
      metadata: { trace_id: 't' },
      parts: [{ kind: 'data', data: { user_name: 'u' } }],
      extensions: [{ params: { agent_name: 'a' } }],
      task_id: 'x',
      taskId: 'y',
    });
    expect(value).toEqual({
      contextId: 'c',
      metadata: { trace_id: 't' },
      parts: [{ kind: 'data', data: { user_name: 'u' } }],
      extensions: [{ params: { agent_name: 'a' } }],
      task_id: 'x',
      taskId: 'y',
    });
    expect(renamed).toEqual([['context_id', 'contextId']]);
  });

  it('one line names the keys and their fix', () => {
    expect(
      snakeCaseLine([
        ['context_id', 'contextId'],
        ['task_id', 'taskId'],
      ]),
    ).toBe('results use snake_case keys: context_id, task_id (fix: contextId, taskId)');
  });

  it('every kind has a clause naming a spec and section, and a fix', () => {
    for (const kind of DEVIATION_KINDS) {
      expect(kind.clause, kind.id).toMatch(/(A2A v0\.3\.0|JSON-RPC 2\.0) §\d/);
      expect(kind.fix.length, kind.id).toBeGreaterThan(10);
    }
  });
});

describe("the recorded card's deviations", () => {
  const card = recorded('card.json');

  it('skills as summaries replace their `required` errors with one deviation; protocolVersion 1.0.0 on a v0.3 card is another', () => {
    const verdict = validate('AgentCard', card, { variant: 'bindu' });
    expect(verdict.valid).toBe(false);
    const { errors, deviations } = cardDeviations(card, verdict.errors);
    expect(errors).toEqual([]);
    expect(deviations.map(([kind, seen]) => [kind.id, seen.map(([what]) => what)])).toEqual([
      ['skill-summaries', ['/skills/0 ("echo-v1")']],
      ['protocol-version-of-other-wire', ['"protocolVersion": "1.0.0"']],
    ]);
  });

  it('a card whose skills are whole and whose protocolVersion is 0.3.0 shows none', () => {
    const whole = {
      ...card,
      protocolVersion: '0.3.0',
      skills: [{ id: 'echo-v1', name: 'echo', description: 'echo', tags: [], inputModes: ['text/plain'], outputModes: ['text/plain'] }],
    };
    const verdict = validate('AgentCard', whole, { variant: 'bindu' });
    expect(cardDeviations(whole, verdict.errors).deviations).toEqual([]);
  });
});

describe("the recorded REST bodies against Bindu's REST types", () => {
  it('the skills list and skill detail are valid once camelCased (the agent writes snake_case), and not before', () => {
    for (const [file, type] of [
      ['skills.json', 'SkillsListResponse'],
      ['skill-detail.json', 'SkillDetail'],
    ] as const) {
      const body = recorded(file);
      expect(validate(type, body, { variant: 'bindu' }).valid, file).toBe(false);
      expect(validate(type, camelCaseKeys(body).value, { variant: 'bindu' }), file).toMatchObject({ valid: true });
    }
  });

  it('the negotiation answer and the request that asked for it are valid as sent', () => {
    expect(validate('NegotiationResponse', recorded('negotiation.json'), { variant: 'bindu' })).toMatchObject({ valid: true });
    const requests = recorded('requests.json') as Record<string, { body?: unknown }>;
    expect(validate('NegotiationRequest', requests['negotiation.json']!.body, { variant: 'bindu' })).toMatchObject({ valid: true });
  });

  it('the DID document is a valid bindu DidDocument', () => {
    expect(validate('DidDocument', recorded('did-document.json'), { variant: 'bindu' })).toMatchObject({ valid: true });
  });
});

describe("Bindu's error table", () => {
  it('names the codes that collide with A2A v1.0 (-32008, -32009) and the v1.1 draft (-32010), and only those', () => {
    const colliding = BINDU_ERRORS.filter((error) => error.collides.length > 0).map((error) => [error.code, error.name]);
    expect(colliding).toEqual([
      [-32008, 'TaskImmutableError'],
      [-32009, 'AuthenticationRequiredError'],
      [-32010, 'InvalidTokenError'],
    ]);
  });

  it('agrees with the bindu error schemas (codes and default messages come from it)', () => {
    for (const error of BINDU_ERRORS) {
      expect(validate(error.name, { code: error.code, message: error.message }, { variant: 'bindu' }), error.name).toMatchObject({
        valid: true,
      });
      expect(validate(error.name, { code: error.code - 1, message: error.message }, { variant: 'bindu' }).valid, error.name).toBe(false);
    }
  });
});
