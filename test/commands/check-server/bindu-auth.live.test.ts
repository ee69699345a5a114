/**
 * check-server against a real Bindu agent (pip `bindu`) with authentication on (`AUTH__ENABLED=true`,
 * Bindu's Hydra provider; a stand-in of ours answers Hydra's token introspection) and the card `url`
 * Bindu's own examples give (no port). One agent start for the file.
 *
 * With --header the run goes on; the endpoint demanding authentication its card does not declare is
 * named as such, and so is the card's url that does not reach the agent, after which the steps use
 * the origin the card was found at.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkServer, type CheckReport, type StepResult } from '../../../src/commands/check-server/scenario.js';
import { BINDU_START_TIMEOUT_MS, startBinduAgent, type RunningBinduAgent } from '../../fixtures/servers/bindu-agent.js';
import { needPythonVenv, VENV_TIMEOUT_MS } from '../../system-tools.js';

const TOKEN = 'bindu-protocol-test-token';
let agent: RunningBinduAgent;

const step = (report: CheckReport, id: string): StepResult => {
  const found = report.steps.find((s) => s.id === id);
  if (!found) throw new Error(`no step ${id} in ${report.steps.map((s) => s.id).join(', ')}`);
  return found;
};

beforeAll(async () => {
  agent = await startBinduAgent(needPythonVenv('bindu'), { auth: { token: TOKEN }, cardUrlWithoutPort: true });
}, VENV_TIMEOUT_MS + BINDU_START_TIMEOUT_MS);

afterAll(async () => {
  await agent?.close();
});

describe('check-server against a real Bindu agent with authentication on', () => {
  it('DEVIATION: with --header it goes on past a card url without the port and names the undeclared authentication', async () => {
    const report = await checkServer(agent.url, {
      timeoutMs: 15_000,
      totalTimeoutMs: 120_000,
      headers: { Authorization: `Bearer ${TOKEN}` },
      only: ['card', 'message', 'extras'],
    });
    expect(report.variant).toBe('bindu');
    const endpoint = step(report, 'card.the-endpoint-answers-json-rpc');
    expect(endpoint.status).toBe('fail');
    expect(endpoint.reason).toContain(`the card's url does not reach the agent: http://127.0.0.1/ cannot be reached`);
    expect(endpoint.reason).toContain(`went on with ${agent.url}/`);
    expect(endpoint.reason).toMatch(
      /the endpoint demands authentication its card does not declare: HTTP 401, error -32009 without the headers given \(Authorization\)/,
    );
    expect(endpoint.clause).toContain('A2A v0.3.0 §5.6.1');
    expect(endpoint.clause).toContain('A2A v0.3.0 §4.4');
    // The run went on at the agent's real address, with the token: the message steps reached it.
    const send = step(report, 'message.send-text-part');
    expect(send.status).toBe('fail');
    expect(send.reason).toContain('results use snake_case keys');
    expect(step(report, 'extras.contexts-list').status).not.toBe('skip');
    // The token is never in the report.
    expect(JSON.stringify(report)).not.toContain(TOKEN);
    // DEVIATION: with Hydra on, the card's identityProvider is `hydra`, which seed 001 does not list.
    expect(step(report, 'card.agent-card').reason).toContain('/agentTrust/identityProvider');
  });

  it('without credentials the endpoint step fails naming HTTP 401 and the authentication the card does not declare', async () => {
    const report = await checkServer(agent.url, { timeoutMs: 15_000, totalTimeoutMs: 60_000, only: ['card'] });
    const endpoint = step(report, 'card.the-endpoint-answers-json-rpc');
    expect(endpoint.status).toBe('fail');
    expect(endpoint.reason).toMatch(/^HTTP 401 \(the agent needs credentials; give it with --header or --header-env\)/);
    expect(endpoint.reason).toContain(
      'the endpoint demands authentication its card does not declare: HTTP 401, error -32009, and the card has no securitySchemes',
    );
    expect(report.deviations.map((seen) => seen.id)).toEqual(expect.arrayContaining(['undeclared-auth', 'card-url-unreachable']));
  });
});
