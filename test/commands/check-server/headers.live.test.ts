/**
 * check-server --header / --header-env (issue 23) against an agent of ours that needs a bearer
 * token: without it the card step fails and names the scheme; with it every group runs and passes;
 * the token never appears in the text report, --json or JUnit.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkServerCommand, takeHeaders } from '../../../src/commands/check-server/command.js';
import { GROUPS } from '../../../src/commands/check-server/scenario.js';
import { startBrokenServer } from '../../fixtures/servers/broken.js';
import { startAuthGate } from '../../fixtures/servers/auth-gate.js';
import type { RunningServer } from '../../fixtures/servers/echo.js';

const TOKEN = 'sekret-token-4f1c9e7a';
const VARIABLE = 'CHECK_SERVER_TEST_TOKEN';

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

describe('check-server --header against an agent that needs a bearer token', () => {
  let agent: RunningServer;
  let gate: Awaited<ReturnType<typeof startAuthGate>>;
  let dir: string;
  beforeAll(async () => {
    agent = await startBrokenServer();
    gate = await startAuthGate(agent, TOKEN);
    dir = mkdtempSync(join(tmpdir(), 'headers-'));
    process.env[VARIABLE] = `Bearer ${TOKEN}`;
  });
  afterAll(async () => {
    delete process.env[VARIABLE];
    await Promise.all([gate?.close(), agent?.close()]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('without the header the card step fails and names the scheme', async () => {
    const result = await cli([gate.url, '--variant', 'a2a', '--timeout', '2s']);
    expect(result.code).toBe(1);
    const card = result.stdout.split('\n').find((line) => line.startsWith('FAIL  card.agent-card'));
    expect(card).toMatch(/HTTP 401 \(the agent needs credentials: WWW-Authenticate: Bearer realm="agent"/);
    expect(card).toContain("the card's security schemes: bearerAuth (Authorization: bearer …)");
    expect(card).toContain('give it with --header or --header-env');
  }, 30_000);

  it('a public card naming a bearer scheme, the endpoint gated: the endpoint step fails and names the scheme', async () => {
    const open = await startAuthGate(agent, TOKEN, 0, true);
    try {
      const without = await cli([open.url, '--variant', 'a2a', '--only', 'card', '--timeout', '2s']);
      expect(without.code).toBe(1);
      const line = without.stdout.split('\n').find((text) => text.startsWith('FAIL  card.the-endpoint-answers-json-rpc'));
      expect(line).toContain('HTTP 401 (the agent needs credentials: WWW-Authenticate: Bearer realm="agent"');
      expect(line).toContain("the card's security schemes: bearerAuth (Authorization: bearer …)");
      const withIt = await cli([open.url, '--variant', 'a2a', '--only', 'card', '--header-env', `Authorization=${VARIABLE}`]);
      expect(withIt.code).toBe(0);
    } finally {
      await open.close();
    }
  }, 30_000);

  it('with --header-env every group runs and passes; the token is in no output', async () => {
    const junit = join(dir, 'auth.xml');
    const before = gate.refused();
    const text = await cli([
      gate.url,
      '--variant',
      'a2a',
      '--timeout',
      '2s',
      '--header-env',
      `Authorization=${VARIABLE}`,
      '--junit',
      junit,
    ]);
    expect(text.stderr).toBe('');
    expect(text.code).toBe(0);
    expect(gate.refused()).toBe(before);
    expect(text.stdout).toContain('headers sent with every request: Authorization: ***\n');
    const json = await cli([gate.url, '--variant', 'a2a', '--timeout', '2s', `--header-env=Authorization=${VARIABLE}`, '--json']);
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as { steps: { group: string }[]; headers: Record<string, string>; failed: number };
    expect(report.headers).toEqual({ Authorization: '***' });
    expect(report.failed).toBe(0);
    expect([...new Set(report.steps.map((step) => step.group))]).toEqual(GROUPS.filter((group) => group !== 'bindings')); // bindings: only with --transport all
    for (const output of [text.stdout, json.stdout, readFileSync(junit, 'utf8')]) expect(output).not.toContain(TOKEN);
  }, 60_000);

  it('--header sends a header, its value shown as ***; a malformed one or an unset variable is a usage error', async () => {
    const plain = await cli([gate.url, '--variant', 'a2a', '--only', 'card', '--header', `Authorization: Bearer ${TOKEN}`]);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain('headers sent with every request: Authorization: ***\n');
    expect(plain.stdout).not.toContain(TOKEN);
    expect(takeHeaders(['--header', 'X-A: 1', '--header=X-B: Bearer two', 'u'], {})).toMatchObject({
      rest: ['u'],
      headers: { 'X-A': '1', 'X-B': 'Bearer two' },
      secrets: ['1', 'Bearer two', 'two'],
      shown: { 'X-A': '***', 'X-B': '***' },
    });
    for (const [args, message] of [
      [
        ['--header', `Authorization Bearer ${TOKEN}`],
        /--header needs 'Name: value' \(the value given has no colon; the value is not shown\)/,
      ],
      [['--header', 'no colon', '--report', 'github'], /--header needs 'Name: value'/],
      [['--header-env', 'Authorization=CHECK_SERVER_UNSET_VARIABLE'], /the environment variable CHECK_SERVER_UNSET_VARIABLE is not set/],
      [['--header-env', 'Authorization'], /--header-env needs NAME=ENVVAR/],
    ] as const) {
      const bad = await cli([gate.url, ...args]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(message);
      expect(bad.stderr + bad.stdout).not.toContain(TOKEN);
      // A usage error is an ::error annotation under --report github.
      expect(bad.stdout).toBe(
        (args as readonly string[]).includes('github')
          ? `::error title=check-server::usage error: ${bad.stderr.split('\n')[0]!.replace('bindu-protocol: ', '')}\n`
          : '',
      );
    }
  }, 30_000);
});

describe('no header value in any output, from an agent that quotes the credentials back', () => {
  let agent: RunningServer;
  let gate: Awaited<ReturnType<typeof startAuthGate>>;
  let dir: string;
  beforeAll(async () => {
    // tasks/cancel on a finished task answers the wrong code: a FAIL whose reason quotes the error message, which the gate prefixes with the credentials.
    agent = await startBrokenServer(['wrong-error-code']);
    gate = await startAuthGate(agent, TOKEN, 0, false, true);
    dir = mkdtempSync(join(tmpdir(), 'secrets-'));
    process.env[VARIABLE] = `Bearer ${TOKEN}`;
  });
  afterAll(async () => {
    delete process.env[VARIABLE];
    delete process.env.GITHUB_STEP_SUMMARY;
    await Promise.all([gate?.close(), agent?.close()]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('text, --json, JUnit, --report github, the job summary, expect-fail files (YAML, JSON) and XFAIL lines: *** where the token was', async () => {
    const files = {
      junit: join(dir, 'report.xml'),
      summary: join(dir, 'summary.md'),
      yaml: join(dir, 'known.yaml'),
      json: join(dir, 'known.json'),
    };
    process.env.GITHUB_STEP_SUMMARY = files.summary;
    const bounds = ['--variant', 'a2a', '--only', 'cancel', '--probes', 'none', '--timeout', '3s'];
    const outputs: Record<string, string> = {};
    for (const [how, header] of [
      ['--header', `Authorization: Bearer ${TOKEN}`],
      ['--header-env', `Authorization=${VARIABLE}`],
    ] as const) {
      const text = await cli([
        gate.url,
        ...bounds,
        how,
        header,
        '--report',
        'github',
        '--junit',
        files.junit,
        '--write-expect-fail',
        files.yaml,
      ]);
      expect(text.code).toBe(1);
      // The agent did quote them: the FAIL's reason has *** where the credentials were.
      expect(text.stdout).toMatch(/^FAIL {2}cancel\.[^\n]*\*\*\*/m);
      expect(text.stdout).toMatch(/^::error title=cancel\.[^\n]*\*\*\*/m);
      const json = await cli([gate.url, ...bounds, how, header, '--json', '--write-expect-fail', files.json]);
      expect(json.code).toBe(1);
      expect(JSON.stringify(JSON.parse(json.stdout))).toContain('***');
      const xfail = await cli([gate.url, ...bounds, how, header, '--expect-fail', files.yaml]);
      expect(xfail.code).toBe(0);
      expect(xfail.stdout).toMatch(/^XFAIL {2}cancel\./m);
      const unreachable = await cli(['http://127.0.0.1:9/', how, header, '--wait', '300ms', '--report', 'github', '--junit', files.junit]);
      expect(unreachable.code).toBe(2);
      expect(unreachable.stdout).toMatch(/^::error title=check-server::the agent could not be checked: /m);
      for (const [name, output] of Object.entries({
        text: text.stdout + text.stderr,
        json: json.stdout + json.stderr,
        xfail: xfail.stdout + xfail.stderr,
        unreachable: unreachable.stdout + unreachable.stderr,
      }))
        outputs[`${how} ${name}`] = output;
      for (const [name, file] of Object.entries(files)) outputs[`${how} ${name}`] = readFileSync(file, 'utf8');
    }
    expect(outputs['--header summary']).toMatch(/^\| FAIL \| `cancel\.[^\n]*\*\*\*/m);
    for (const [name, output] of Object.entries(outputs)) {
      expect(output.length, name).toBeGreaterThan(0);
      expect(output, name).not.toContain(TOKEN);
      expect(output, name).not.toContain(TOKEN.slice(0, 12));
    }
  }, 90_000);
});
