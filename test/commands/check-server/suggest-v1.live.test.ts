/**
 * `check-server --suggest-v1`: against a real @a2a-js/sdk 0.3 agent it adds the v1.0 card its
 * card migrates to (as migrate-card reports it); against a real 1.x agent it adds nothing.
 */
import { describe, expect, it } from 'vitest';
import { checkServerCommand } from '../../../src/commands/check-server/command.js';
import { validate } from '../../../src/library/validate.js';
import { startSdkV03Agent, startSdkV1Agent } from '../../fixtures/servers/sdk-agents.js';
import { startAuthGate } from '../../fixtures/servers/auth-gate.js';

async function check(args: string[]): Promise<{ code: number; stdout: string }> {
  let stdout = '';
  const code = await checkServerCommand(
    args,
    (text) => void (stdout += text),
    () => {},
  );
  return { code, stdout };
}

describe('check-server --suggest-v1', () => {
  it('suggests the v1.0 card of a v0.3 agent, in --json and as text', async () => {
    const agent = await startSdkV03Agent({ rest: true });
    try {
      const json = await check([agent.url, '--only', 'card', '--suggest-v1', '--json']);
      const report = JSON.parse(json.stdout);
      expect(report.wire).toBe('v0.3');
      expect(report.suggestedV1.valid).toBe(true);
      expect(validate('AgentCard', report.suggestedV1.card, { variant: 'a2a-v1' }).valid).toBe(true);
      expect(report.suggestedV1.card.supportedInterfaces[0]).toEqual({
        url: `${agent.url}/`,
        protocolBinding: 'JSONRPC',
        protocolVersion: '1.0',
      });
      expect(report.suggestedV1.todo.join('\n')).toContain('A2A-Version: 1.0');
      const text = await check([agent.url, '--only', 'card', '--suggest-v1']);
      expect(text.stdout).toMatch(/-- suggested v1\.0 card \(valid a2a-v1\):\n\{/);
      expect(text.stdout).toMatch(/-- what the agent must do besides:\n {2}- answer with `A2A-Version: 1\.0`/);
    } finally {
      await agent.close();
    }
  });

  it('fetches the card again with the --header headers (an agent whose card needs the token too)', async () => {
    const agent = await startSdkV03Agent();
    const gate = await startAuthGate(agent, 'sesame');
    try {
      const report = JSON.parse(
        (await check([gate.url, '--only', 'card', '--suggest-v1', '--json', '--header', 'Authorization: Bearer sesame'])).stdout,
      );
      expect(report.wire).toBe('v0.3');
      expect(report.suggestedV1).not.toHaveProperty('error');
      expect(report.suggestedV1.valid).toBe(true);
      expect(gate.refused()).toBe(0);
    } finally {
      await gate.close();
      await agent.close();
    }
  });

  it('adds nothing for a v1.0 agent', async () => {
    const agent = await startSdkV1Agent();
    try {
      const report = JSON.parse((await check([agent.url, '--only', 'card', '--suggest-v1', '--json'])).stdout);
      expect(report.wire).toBe('v1.0');
      expect(report).not.toHaveProperty('suggestedV1');
    } finally {
      await agent.close();
    }
  });
});
