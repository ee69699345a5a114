/**
 * The fixture card migrate-card's tests and the README use is the card a real @a2a-js/sdk 0.3
 * agent serves (startSdkV03Agent with its REST handler), but for the port.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSdkV03Agent } from '../../fixtures/servers/sdk-agents.js';
import { ROOT } from '../../helpers.js';

describe('test/fixtures/cards/sdk-0.3-agent-card.json', () => {
  it('is what a real @a2a-js/sdk 0.3 agent serves', async () => {
    const agent = await startSdkV03Agent({ rest: true });
    try {
      const served = await (await fetch(`${agent.url}/.well-known/agent-card.json`)).text();
      const port = new URL(agent.url).port;
      const fixture = readFileSync(join(ROOT, 'test/fixtures/cards/sdk-0.3-agent-card.json'), 'utf8');
      expect(JSON.parse(served)).toEqual(JSON.parse(fixture.replaceAll('127.0.0.1:41241', `127.0.0.1:${port}`)));
    } finally {
      await agent.close();
    }
  });
});
