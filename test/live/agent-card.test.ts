import { describe, expect, it } from 'vitest';
import { AGENT_CARD_PATHS, chooseVariant, endpointFor, endpoints } from '../../src/live/agent-card.js';
import { cardCandidates } from '../../src/commands/check-server/groups/card.js';
import { isCardPath } from '../../src/commands/proxy/card-rewrite.js';

const v03 = {
  name: 'a',
  url: 'http://127.0.0.1:1/rpc',
  protocolVersion: '0.3.0',
  preferredTransport: 'JSONRPC',
  additionalInterfaces: [{ url: 'http://127.0.0.1:1/rest', transport: 'HTTP+JSON' }],
};
const v1 = {
  name: 'b',
  supportedInterfaces: [
    { url: 'http://127.0.0.1:2/rest', protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
    { url: 'http://127.0.0.1:2/rpc', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
  ],
};
const aion = { ...v1, capabilities: { extensions: [{ uri: 'https://docs.aion.to/a2a/extensions/aion/context/get-context/1.0.0' }] } };

describe('the card decides the wire and the variant', () => {
  it('a v0.3 card is checked as a2a, a v1.0 card as a2a-v1, one declaring the aion extension as aion', () => {
    expect(chooseVariant(v03)).toMatchObject({ wire: 'v0.3', variant: 'a2a' });
    expect(chooseVariant(v03)!.reason).toMatch(/^variant a2a: .*nothing only a Bindu card has/);
    expect(chooseVariant(v1)).toMatchObject({ wire: 'v1.0', variant: 'a2a-v1' });
    expect(chooseVariant(aion)).toMatchObject({ wire: 'v1.0', variant: 'aion' });
    expect(chooseVariant(aion)!.reason).toContain('get-context/1.0.0');
  });
  it('a v0.3 card is bindu only when it carries what only a Bindu card has, and the reason names that field', () => {
    expect(chooseVariant({ ...v03, agentTrust: {} })).toMatchObject({ variant: 'bindu' });
    expect(chooseVariant({ ...v03, agentTrust: {} })!.reason).toContain('the field agentTrust');
    expect(chooseVariant({ ...v03, kind: 'team' })!.reason).toContain('the field kind "team"');
    const extension = { capabilities: { extensions: [{ uri: 'https://getbindu.com/ns/v1/did' }] } };
    expect(chooseVariant({ ...v03, ...extension })!.reason).toContain('the Bindu extension https://getbindu.com/ns/v1/did');
    // A `kind` that is not a Bindu card kind, and extensions of other hosts, leave the card plain A2A.
    expect(chooseVariant({ ...v03, kind: 'robot' })).toMatchObject({ variant: 'a2a' });
    const other = { capabilities: { extensions: [{ uri: 'https://example.com/getbindu.com/x' }] } };
    expect(chooseVariant({ ...v03, ...other })).toMatchObject({ variant: 'a2a' });
  });
  it('--variant wins and the reason names a card of the other wire; unknown cards and variants give undefined', () => {
    expect(chooseVariant(v1, 'a2a')).toMatchObject({ wire: 'v0.3', variant: 'a2a' });
    expect(chooseVariant(v1, 'a2a')!.reason).toContain('v1.0 card');
    expect(chooseVariant({ name: 'x' })).toBeUndefined();
    expect(chooseVariant(v03, 'nope')).toBeUndefined();
  });
  it('endpoints in the card order, per binding', () => {
    expect(endpoints(v03).map((e) => e.binding)).toEqual(['JSONRPC', 'HTTP+JSON']);
    expect(endpointFor(v1)?.url).toBe('http://127.0.0.1:2/rpc');
    expect(endpointFor(v1, 'HTTP+JSON')?.url).toBe('http://127.0.0.1:2/rest');
    expect(endpointFor(v03, 'GRPC')).toBeUndefined();
  });
  it('the well-known paths, written once, are where check-server looks and what the proxy recognises', () => {
    expect(AGENT_CARD_PATHS).toEqual(['/.well-known/agent-card.json', '/.well-known/agent.json']);
    expect(cardCandidates(new URL('http://127.0.0.1:1/a2a'))).toEqual([
      'http://127.0.0.1:1/a2a/.well-known/agent-card.json',
      'http://127.0.0.1:1/a2a/.well-known/agent.json',
      'http://127.0.0.1:1/.well-known/agent-card.json',
      'http://127.0.0.1:1/.well-known/agent.json',
    ]);
    expect(cardCandidates(new URL('http://127.0.0.1:1/'))).toHaveLength(2);
    expect(AGENT_CARD_PATHS.map((path) => isCardPath(`/a2a${path}?x=1`))).toEqual([true, true]);
    expect(isCardPath('/.well-known/other.json')).toBe(false);
  });
});
