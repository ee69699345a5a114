/**
 * README "Check your agent in CI": the documented commands (the expect-fail starter, the GitHub
 * Actions step, the GitLab CI script), taken from the README's text and run as a shell script
 * against an agent of ours with one known failure: the gate passes with the file it wrote.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from './helpers.js';
import { codeBlocks, README } from './readme-examples.js';
import { startBrokenServer } from './fixtures/servers/broken.js';
import type { RunningServer } from './fixtures/servers/echo.js';

const start = README.indexOf('## Check your agent in CI');
const SECTION = README.slice(start, README.indexOf('\n## ', start + 1));
const BIN = join(ROOT, 'dist', 'src', 'bin.js');

/** Runs a script with bash in `cwd`, `npx bindu-protocol` being this checkout's CLI. */
function bash(
  script: string,
  cwd: string,
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script.replaceAll('npx bindu-protocol', `node ${JSON.stringify(BIN)}`)], {
      cwd,
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('README: Check your agent in CI', () => {
  let agent: RunningServer;
  let dir: string;
  beforeAll(async () => {
    agent = await startBrokenServer(['wrong-error-code']);
    dir = mkdtempSync(join(tmpdir(), 'readme-ci-'));
  });
  afterAll(async () => {
    await agent?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('says plainly that conformance checks the package, not an agent; shows the expect-fail format, --header, --wait, --report github', () => {
    expect(SECTION).toMatch(/`conformance` is not: it runs the package's own\s+fixtures/);
    for (const needle of [
      '--expect-fail FILE',
      '--write-expect-fail',
      '--header',
      '--header-env',
      '--wait',
      '--report github',
      '--list-steps',
    ])
      expect(SECTION).toContain(needle);
  });

  it("the documented workflows' commands pass against an agent of ours, with the expect-fail file the documented starter writes", async () => {
    const blocks = codeBlocks(SECTION);
    const starter = blocks.find((block) => block.lang === 'sh')!.code;
    const documents = blocks.filter((block) => block.lang === 'yaml').map((block) => parse(block.code));
    // The whole workflows (the Action's step, before them, is action.live.test.ts's).
    const github = documents.find((doc) => doc?.jobs !== undefined);
    const gitlab = documents.find((doc) => doc?.['check-server'] !== undefined);
    const job = github.jobs['check-server'];
    const runs: string[] = job.steps.map((step: { run?: string }) => step.run).filter(Boolean);
    // The user's own steps (install, start the agent) are ours here: the agent runs already.
    expect(runs.some((run) => run.startsWith('npm start'))).toBe(true);
    const githubCommands = runs.filter((run) => run.includes('bindu-protocol'));
    const gitlabJob = gitlab['check-server'];
    const gitlabCommands = (gitlabJob.script as string[]).filter((line) => line.includes('bindu-protocol'));
    expect(githubCommands).toHaveLength(1);
    expect(gitlabCommands).toHaveLength(1);
    expect(gitlabJob.artifacts.reports.junit).toBe('check-server.xml');

    const env = { AGENT_URL: agent.url };
    const first = await bash(starter, dir, env);
    expect(first.status).toBe(1);
    expect(readFileSync(join(dir, 'check-server-expected.yaml'), 'utf8')).toContain('id: cancel.cancel-on-a-finished-task');

    for (const [commands, vars] of [
      [githubCommands, { ...env, ...job.env, AGENT_URL: agent.url }],
      [gitlabCommands, { ...env, ...gitlabJob.variables, AGENT_URL: agent.url }],
    ] as const) {
      rmSync(join(dir, 'check-server.xml'), { force: true });
      const result = await bash(commands.join('\n'), dir, vars);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(result.stdout).toMatch(/^XFAIL {2}cancel\.cancel-on-a-finished-task /m);
      expect(existsSync(join(dir, 'check-server.xml'))).toBe(true);
      expect(readFileSync(join(dir, 'check-server.xml'), 'utf8')).toMatch(/<testsuites [^>]*failures="0"/);
    }
  }, 90_000);
});
