/**
 * `bindu-protocol migrate-card`: the card a real @a2a-js/sdk 0.3 agent serves
 * (test/fixtures/cards/sdk-0.3-agent-card.json, fetched from startSdkV03Agent with its REST
 * interface) migrated to v1.0, as text and --json; refusals and usage errors.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { METHOD_PAIRS } from '../../../schemas/wire-pairs.js';
import { run } from '../../../src/commands/cli.js';
import { validate } from '../../../src/library/validate.js';
import { ROOT } from '../../helpers.js';

const CARD = join(ROOT, 'test/fixtures/cards/sdk-0.3-agent-card.json');
const card = JSON.parse(readFileSync(CARD, 'utf8')) as Record<string, unknown>;

function cli(args: string[]): { code: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const code = run(
    ['migrate-card', ...args],
    (text) => void (stdout += text),
    (text) => void (stderr += text),
  );
  return { code, stdout, stderr };
}

function file(value: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), 'bindu-migrate-')), 'card.json');
  writeFileSync(path, JSON.stringify(value));
  return path;
}

describe('migrate-card', () => {
  it('prints the v1.0 card, what changed and what the agent must do (--json)', () => {
    const result = cli([CARD, '--json']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const report = JSON.parse(result.stdout);
    expect(validate('AgentCard', report.card, { variant: 'a2a-v1', strict: true })).toMatchObject({ valid: true });
    expect(report.card.supportedInterfaces).toEqual([
      { url: card.url, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url: `${String(card.url)}rest`, protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
    ]);
    expect(report.card.capabilities).toEqual({ streaming: true, pushNotifications: true, extendedAgentCard: true });
    const changed = report.changes.map((change: { path: string }) => change.path);
    for (const path of ['/url', '/preferredTransport', '/additionalInterfaces', '/protocolVersion', '/supportsAuthenticatedExtendedCard'])
      expect(changed).toContain(path);
    expect(changed).toContain('/capabilities/stateTransitionHistory');
    const todo = report.todo.join('\n');
    expect(todo).toContain('A2A-Version: 1.0');
    expect(todo).toContain('application/a2a+json');
    for (const pair of METHOD_PAIRS) expect(todo).toContain(`${pair.v03} → ${pair.v1}`);
    expect(todo).toContain('input-required → TASK_STATE_INPUT_REQUIRED');
    expect(todo).toContain('POST /v1/message:send → POST /message:send');
    expect(todo).toContain('GetExtendedAgentCard');
  });

  it('prints the same as text', () => {
    const result = cli([CARD]);
    expect(result.code).toBe(0);
    const json = result.stdout.slice(result.stdout.indexOf('{'), result.stdout.indexOf('\n}\n') + 2);
    expect(JSON.parse(json)).toEqual(JSON.parse(cli([CARD, '--json']).stdout).card);
    expect(result.stdout).toMatch(/What changed:\n {2}\/url: now `supportedInterfaces\[0\]\.url`/);
    expect(result.stdout).toMatch(/What the agent must do besides:\n {2}- answer with `A2A-Version: 1\.0`/);
  });

  it('prints what the README shows for this card', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const command = readme.indexOf('npx bindu-protocol migrate-card sdk-0.3-agent-card.json');
    expect(command).toBeGreaterThan(0);
    const start = readme.indexOf('```text\n', command) + '```text\n'.length;
    expect(readme.slice(start, readme.indexOf('```\n', start))).toBe(cli([CARD]).stdout);
  });

  it('writes the v1.0 card alone with --output', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'bindu-migrate-')), 'v1.json');
    expect(cli([CARD, '--output', out]).code).toBe(0);
    expect(validate('AgentCard', JSON.parse(readFileSync(out, 'utf8')), { variant: 'a2a-v1' }).valid).toBe(true);
  });

  it('exits 1 for a card that is not a valid v0.3 card, naming the wire it looks like', () => {
    const result = cli([file({ name: 'x', supportedInterfaces: [] })]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/not a valid a2a AgentCard/);
    expect(result.stderr).toMatch(/hint: this looks like the A2A v1\.0/);
  });

  it('exits 1 without the card when its v1.0 form is invalid; --best-effort prints it', () => {
    const noSkills = { ...card, skills: [] };
    expect(validate('AgentCard', noSkills, { variant: 'a2a' }).valid).toBe(true);
    const refused = cli([file(noSkills), '--json']);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout).card).toBeNull();
    expect(refused.stderr).toMatch(/not a valid a2a-v1 AgentCard:\n {2}\/skills/);
    const best = cli([file(noSkills), '--json', '--best-effort']);
    expect(best.code).toBe(1);
    expect(JSON.parse(best.stdout).card.skills).toEqual([]);
  });

  it('migrates a Bindu card to aion, naming the Bindu fields it carries', () => {
    const bindu = JSON.parse(readFileSync(join(ROOT, 'conformance/bindu/types/AgentCard.json'), 'utf8'))[0].tests[0].data;
    const result = cli([file(bindu), '--from', 'bindu', '--json']);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.variant).toBe('aion');
    expect(validate('AgentCard', report.card, { variant: 'aion' }).valid).toBe(true);
    expect(report.changes).toContainEqual({
      path: '/skills/0/documentationPath',
      change: '`documentationPath` is a Bindu field of AgentSkill with no v1.0 counterpart; copied unchanged',
    });
  });

  it('exits 2 on usage and input errors', () => {
    expect(cli([CARD, '--from', 'a2a-v1']).code).toBe(2);
    expect(cli([CARD, CARD]).code).toBe(2);
    expect(cli([join(tmpdir(), 'no-such-card.json')]).code).toBe(2);
    const bad = join(mkdtempSync(join(tmpdir(), 'bindu-migrate-')), 'bad.json');
    writeFileSync(bad, '{"name":');
    expect(cli([bad]).code).toBe(2);
  });
});
