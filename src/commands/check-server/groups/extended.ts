/**
 * Group `extended`: the authenticated extended card when the card claims it (v0.3
 * `supportsAuthenticatedExtendedCard` → agent/getAuthenticatedExtendedCard; v1.0
 * `capabilities.extendedAgentCard` → GetExtendedAgentCard), and v1.0 version negotiation: a
 * request with an `A2A-Version` the agent cannot support gets VersionNotSupported (-32009, §3.6.2).
 */
import { randomUUID } from 'node:crypto';
import { CODES, type Run } from '../run.js';
import { fail, isObject, skip } from '../step-log.js';
import { endpoints } from '../../../live/agent-card.js';

/** A version no agent supports: a major far beyond any published one. */
export const UNSUPPORTED_VERSION = '99.0';

export async function extendedGroup(run: Run): Promise<void> {
  await run.step(run.methods.extendedCard, async (note) => {
    run.needEndpoint();
    const claimed =
      run.adapter.wire === 'v1.0' ? run.claims('extendedAgentCard') : run.agent.card?.supportsAuthenticatedExtendedCard === true;
    const field = run.adapter.wire === 'v1.0' ? 'capabilities.extendedAgentCard' : 'supportsAuthenticatedExtendedCard';
    if (!claimed && run.adapter.wire === 'v1.0') {
      const answer = await run.call(run.methods.extendedCard, undefined, 'result', note, { acceptAnyError: true });
      note(`the card does not claim an extended card (${field})`);
      return run.unclaimed(answer, CODES.unsupported, run.clauses.unclaimedExtendedCard, note);
    }
    if (!claimed) skip(`the card does not claim an extended card (${field})`);
    // The answer is validated as the method's result (an AgentCard of the variant) by the call itself.
    const { result } = await run.call(run.methods.extendedCard, undefined, 'result', note);
    if (isObject(result) && isObject(run.agent.card) && result.name !== run.agent.card.name)
      note(`the extended card names the agent ${JSON.stringify(result.name)}, the public card ${JSON.stringify(run.agent.card.name)}`);
  });
  await run.step(
    'empty A2A-Version is version 0.3',
    async (note) => {
      if (run.adapter.wire !== 'v1.0') skip('A2A v0.3 has no version negotiation');
      run.needEndpoint();
      const endpoint = run.transport.endpoint;
      const versions = endpoints(run.agent.card)
        .filter((entry) => entry.url.replace(/\/+$/, '') === endpoint?.replace(/\/+$/, ''))
        .map((entry) => entry.protocolVersion ?? '');
      if (versions.some((version) => version.startsWith('0.3')))
        skip('the card offers version 0.3 on this interface too, so a request without A2A-Version is a 0.3 request it may serve');
      const { error } = await run.call(run.methods.get, run.adapter.getParams('id', randomUUID()), 'result', note, {
        headers: { 'A2A-Version': '' },
        acceptAnyError: true,
      });
      const code = isObject(error) ? error.code : undefined;
      if (code === CODES.versionNotSupported.code) {
        note('answered VersionNotSupportedError: an empty A2A-Version is 0.3, which this interface does not serve');
        return;
      }
      fail(
        `a request with an empty A2A-Version (version 0.3) to an interface of version ${versions.join(', ') || '1.0'} was answered ` +
          `${error ? `error ${String(code)}` : 'with a result'}, not VersionNotSupportedError (${CODES.versionNotSupported.code})`,
        run.clauses.emptyVersion,
      );
    },
    run.clauses.emptyVersion,
  );
  await run.step(`A2A-Version ${UNSUPPORTED_VERSION} gets VersionNotSupported`, async (note) => {
    if (run.adapter.wire !== 'v1.0') skip('A2A v0.3 has no version negotiation');
    run.needEndpoint();
    await run.call(run.methods.get, run.adapter.getParams('id', randomUUID()), CODES.versionNotSupported, note, {
      headers: { 'A2A-Version': UNSUPPORTED_VERSION },
    });
  });
}
