/**
 * check-server --wait and the JUnit file of a run that cannot start (issue 23): an agent that
 * comes up two seconds after check-server starts is checked with --wait 10s; one that never comes
 * ends in exit 2 and a JUnit file with one failing test case naming the reason.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkServerCommand } from '../../../src/commands/check-server/command.js';
import { startBrokenServer } from '../../fixtures/servers/broken.js';
import { startAuthGate } from '../../fixtures/servers/auth-gate.js';

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await checkServerCommand(
    args,
    (text) => (stdout += text),
    (text) => (stderr += text),
  );
  return { code, stdout, stderr };
}

/** A port nothing listens on (taken, then freed). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('check-server --wait', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'wait-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('an agent started two seconds after check-server, with --wait 10s: the run goes on and passes', async () => {
    const port = await freePort();
    const junit = join(dir, 'late.xml');
    const running = cli([`http://127.0.0.1:${port}`, '--variant', 'a2a', '--wait', '10s', '--timeout', '2s', '--junit', junit]);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const agent = await startBrokenServer();
    const gate = await startAuthGate(agent, undefined, port);
    try {
      const result = await running;
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^PASS {2}card\.agent-card /m);
      expect(readFileSync(junit, 'utf8')).toMatch(/<testsuites [^>]*failures="0"/);
    } finally {
      await gate.close();
      await agent.close();
    }
  }, 40_000);

  it('an agent that never comes: exit 2 and a JUnit file with one failing test case; without --wait too', async () => {
    const port = await freePort();
    for (const wait of [['--wait', '1s'], []]) {
      const junit = join(dir, `never-${wait.length}.xml`);
      const result = await cli([`http://127.0.0.1:${port}`, ...wait, '--junit', junit]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(wait.length > 0 ? /the agent did not answer within --wait 1s: ECONNREFUSED/ : /cannot reach/);
      const xml = readFileSync(junit, 'utf8');
      expect(xml.match(/<testcase /g)).toHaveLength(1);
      expect(xml).toMatch(/<testsuites [^>]*tests="1" failures="1"/);
      expect(xml).toContain('name="card.agent-card"');
      expect(xml).toContain('<testsuite name="check-server unknown jsonrpc"');
      expect(xml).toContain(wait.length > 0 ? 'did not answer within --wait 1s' : 'cannot reach');
    }
  }, 30_000);
});
