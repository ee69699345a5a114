/**
 * The `tenant` of a v1.0 card's interface (A2A v1.0.1 §8.3.2: a client MUST set it in every request message): check-server
 * sends it on every binding (JSON-RPC params, gRPC request messages, the HTTP+JSON `/{tenant}` path) and its card step
 * "requests carry the interface's tenant (v1.0)" judges the agent. The agents are the real @a2a-js/sdk 1.x, which is
 * itself multi-tenant (each tenant's tasks kept apart), with a card declaring a tenant (test/fixtures/servers/
 * sdk-agents.ts `tenant`): as it is (routes by it), with the tenant dropped before the SDK sees it (ignores it), and
 * answering TaskNotFound to its own declared tenant (rejects it). The agent records the tenant each binding read from
 * each request, so the tests see what was sent, not what check-server says it sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkServer, type CheckReport, type StepResult } from '../../../src/commands/check-server/scenario.js';
import { withTenant } from '../../../src/commands/check-server/jsonrpc-transport.js';
import { stepId } from '../../../src/commands/check-server/step-ids.js';
import { revisionRules } from '../../../schemas/spec-revisions.js';
import { startSdkV03Agent, startSdkV1Agent, type SdkAgent, type TenantSeen } from '../../fixtures/servers/sdk-agents.js';

const STEP = "requests carry the interface's tenant (v1.0)";
const BINDINGS = ['jsonrpc', 'http-json', 'grpc'] as const;
const TENANT = 'acme';
/** The clause the step cites: the revision's client-selection section, where its tenant rule is (schemas/spec-revisions.ts). */
const CLAUSE = `A2A v1.0.1 §${revisionRules('1.0.1').sections.clientSelection}`;

const tenantStep = (report: CheckReport, transport: string): StepResult => {
  const found = report.steps.find((s) => s.name === STEP && (s.transport ?? 'jsonrpc') === transport);
  if (!found) throw new Error(`no ${transport} step "${STEP}"`);
  return found;
};

/** The requests each binding received without the tenant, as `binding method`. */
const untenanted = (seen: readonly TenantSeen[]) => seen.filter((s) => s.tenant !== TENANT).map((s) => `${s.binding} ${s.method}`);

const agents: SdkAgent[] = [];
async function start(handling?: 'routes' | 'ignores' | 'rejects'): Promise<SdkAgent> {
  const agent = await startSdkV1Agent({ rest: true, grpc: true, ...(handling ? { tenant: { value: TENANT, handling } } : {}) });
  agents.push(agent);
  return agent;
}
afterAll(async () => {
  await Promise.all(agents.map((agent) => agent.close()));
});

/** The groups run: the card's step, then the message, tasks and streaming groups, whose tasks are found only under the tenant they were made in. */
const OPTIONS = { transport: 'all', only: ['card', 'message', 'tasks', 'streaming'], timeoutMs: 5_000, totalTimeoutMs: 90_000 } as const;

describe('check-server: the tenant of the card interface (A2A v1.0.1 §8.3.2)', () => {
  let routes: SdkAgent;
  let report: CheckReport;
  beforeAll(async () => {
    routes = await start('routes');
    report = await checkServer(routes.url, OPTIONS);
  }, 120_000);

  it('every request on every binding carries the tenant; a multi-tenant agent passes the step and every other', () => {
    expect(report.transports).toEqual([...BINDINGS]);
    for (const binding of BINDINGS) {
      const step = tenantStep(report, binding);
      expect(step.status, step.reason).toBe('pass');
      expect(step.notes.join('\n')).toContain(`tenant "${TENANT}"`);
      expect(step.notes.join('\n')).toMatch(
        /without the tenant, GetTask answered (error -32001|HTTP 404|gRPC NOT_FOUND): the agent routes by the tenant/,
      );
    }
    // The SDK keeps each tenant's tasks apart: the tasks the message group made are found by the tasks group's GetTask and ListTasks.
    expect(report.steps.filter((s) => s.status === 'fail').map((s) => `${s.transport} ${s.id}: ${s.reason}`)).toEqual([]);
    expect(report.restEndpoint).toMatch(new RegExp(`/a2a/rest/${TENANT}$`));
    const seen = routes.tenants!;
    for (const binding of BINDINGS) expect(seen.filter((s) => s.binding === binding && s.tenant === TENANT).length).toBeGreaterThan(10);
    // Only the step's one GetTask sent without the tenant on purpose reached the agent without it.
    expect(untenanted(seen)).toEqual(['jsonrpc getTask', 'http-json getTask', 'grpc getTask']);
  });

  it('an agent that ignores the tenant passes: nothing requires a server to route by it (a remark says so)', async () => {
    const ignores = await start('ignores');
    const ignored = await checkServer(ignores.url, { ...OPTIONS, only: ['card'] });
    for (const binding of BINDINGS) {
      const step = tenantStep(ignored, binding);
      expect(step.status, step.reason).toBe('pass');
      expect(step.notes.join('\n')).toMatch(/without the tenant, GetTask answered the task too: the agent does not route by the tenant/);
    }
    expect(ignores.tenants!.filter((s) => s.tenant === TENANT).length).toBeGreaterThan(0);
  }, 60_000);

  it('an agent that rejects requests carrying its own declared tenant is a WARN citing §8.3.2, never a FAIL', async () => {
    const rejects = await start('rejects');
    const rejected = await checkServer(rejects.url, { ...OPTIONS, only: ['card'] });
    for (const binding of BINDINGS) {
      const step = tenantStep(rejected, binding);
      expect(step.status, step.reason).toBe('warn');
      expect(step.clause).toBe(CLAUSE);
      expect(step.reason).toMatch(new RegExp(`requests carrying the tenant "${TENANT}" its card declares: SendMessage`));
      expect(step.reason).toMatch(/no MUST binds a server/);
    }
    expect(rejects.tenants!.filter((s) => s.method === 'sendMessage').map((s) => s.tenant)).toEqual([TENANT, TENANT, TENANT]);
  }, 60_000);

  it('under --spec-revision 1.0.0 (no tenant rule) the tenant is still sent, and the step says which revision states the rule', async () => {
    const before = routes.tenants!.length;
    const old = await checkServer(routes.url, { only: [stepId('card', STEP)], specRevision: '1.0.0', timeoutMs: 5_000 });
    const step = tenantStep(old, 'jsonrpc');
    expect(routes.tenants!.slice(before).map((s) => `${s.method} ${s.tenant}`)).toEqual([
      `sendMessage ${TENANT}`,
      `getTask ${TENANT}`,
      'getTask undefined',
    ]);
    expect(step.notes[0]).toMatch(/A2A v1\.0\.0 states no rule for it; v1\.0\.1 §8\.3\.2 makes it a client MUST/);
    expect(step.status, step.reason).toBe('pass');
  }, 60_000);

  it('SKIP when the interface sets no tenant (nothing sent), and on the v0.3 wire', async () => {
    const plain = await start();
    const without = await checkServer(plain.url, { ...OPTIONS, only: ['card'] });
    for (const binding of BINDINGS) {
      const step = tenantStep(without, binding);
      expect(step.status).toBe('skip');
      expect(step.reason).toMatch(/interface sets no tenant, so requests carry none/);
    }
    const v03 = await startSdkV03Agent();
    try {
      const step = tenantStep(await checkServer(v03.url, { only: ['card'], timeoutMs: 5_000 }), 'jsonrpc');
      expect(step.status).toBe('skip');
      expect(step.reason).toBe('A2A v0.3 interfaces have no tenant');
    } finally {
      await v03.close();
    }
  }, 60_000);
});

describe('withTenant: the params of a request, with the interface tenant', () => {
  const context = { variant: 'a2a-v1', tenant: TENANT } as const;

  it('is added where the request message has the field, kept where the params name their own, never forced on other shapes', () => {
    expect(withTenant(context, 'GetTask', { id: 't1' })).toEqual({ tenant: TENANT, id: 't1' });
    expect(withTenant(context, 'GetExtendedAgentCard', undefined)).toEqual({ tenant: TENANT });
    // A probe's own tenant and a params value that is no object are sent as they are.
    expect(withTenant(context, 'GetTask', { id: 't1', tenant: 42 })).toEqual({ id: 't1', tenant: 42 });
    expect(withTenant(context, 'GetTask', ['t1'])).toEqual(['t1']);
    // No tenant set, or a method whose params have no tenant field (the aion extension's GetContext): unchanged.
    expect(withTenant({ variant: 'a2a-v1' }, 'GetTask', { id: 't1' })).toEqual({ id: 't1' });
    expect(withTenant({ variant: 'aion', tenant: TENANT }, 'GetContext', { contextId: 'c1' })).toEqual({ contextId: 'c1' });
    expect(withTenant({ variant: 'aion', tenant: TENANT }, 'SendMessage', {})).toEqual({ tenant: TENANT });
  });
});
