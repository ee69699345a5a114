/**
 * check-server --report github (issue 34) against an agent of ours with a broad defect (every Task
 * without `kind`, so most steps fail): 1 to 10 ::error lines, the last naming how many more; a job
 * summary appended to $GITHUB_STEP_SUMMARY with the counts and one row per FAIL; an agent that
 * cannot be reached is an ::error and a summary too.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkServerCommand } from '../../../src/commands/check-server/command.js';
import { MAX_ANNOTATIONS } from '../../../src/commands/check-server/github-report.js';
import { startBrokenServer } from '../../fixtures/servers/broken.js';
import type { RunningServer } from '../../fixtures/servers/echo.js';

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

describe('check-server --report github', () => {
  let agent: RunningServer;
  let dir: string;
  beforeAll(async () => {
    agent = await startBrokenServer(['task-without-kind']);
    dir = mkdtempSync(join(tmpdir(), 'github-report-'));
  });
  afterAll(async () => {
    delete process.env.GITHUB_STEP_SUMMARY;
    await agent?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a broad defect: at most 10 ::error lines, the last naming how many more; the job summary has a row per FAIL', async () => {
    const summary = join(dir, 'summary.md');
    writeFileSync(summary, '# an earlier step\n');
    process.env.GITHUB_STEP_SUMMARY = summary;
    const result = await cli([agent.url, '--report', 'github', '--timeout', '3s', '--probes', 'none']);
    expect(result.code).toBe(1);
    const fails = result.stdout.split('\n').filter((line) => line.startsWith('FAIL  '));
    expect(fails.length).toBeGreaterThan(MAX_ANNOTATIONS);
    const errors = result.stdout.split('\n').filter((line) => line.startsWith('::error '));
    expect(errors).toHaveLength(MAX_ANNOTATIONS);
    // The first nine are the first failing steps, in the order they ran; the tenth names the rest.
    expect(errors.slice(0, MAX_ANNOTATIONS - 1).map((line) => /^::error title=([^ :]+)::/.exec(line)?.[1])).toEqual(
      fails.slice(0, MAX_ANNOTATIONS - 1).map((line) => line.split(/ {2}/)[1]),
    );
    expect(errors.at(-1)).toBe(
      `::error title=check-server::${fails.length - (MAX_ANNOTATIONS - 1)} more failing steps not annotated (GitHub shows ${MAX_ANNOTATIONS}); the log and the job summary list every one`,
    );
    const markdown = readFileSync(summary, 'utf8');
    expect(markdown.startsWith('# an earlier step\n### bindu-protocol check-server: failed (a2a, JSON-RPC)\n')).toBe(true);
    const counts = /^\| passed \| failed \| warned \| skipped \|\n\|[ -:|]+\n\| (\d+) \| (\d+) \| (\d+) \| (\d+) \|$/m.exec(markdown);
    expect(counts?.[2]).toBe(String(fails.length));
    const rows = markdown.split('\n').filter((line) => line.startsWith('| FAIL | '));
    expect(rows.map((row) => /`([^`]+)`/.exec(row)?.[1])).toEqual(fails.map((line) => line.split(/ {2}/)[1]));
    expect(rows[0]).toMatch(
      / \| JSON-RPC \| the response does not validate: \/result missing the required property "kind".* \| the a2a schema /,
    );
  }, 60_000);

  it('an agent that cannot be reached: exit 2, one ::error, and the job summary says it did not run', async () => {
    const summary = join(dir, 'unreachable.md');
    process.env.GITHUB_STEP_SUMMARY = summary;
    const result = await cli(['http://127.0.0.1:1/', '--report', 'github', '--timeout', '2s']);
    expect(result.code).toBe(2);
    expect(result.stdout).toMatch(/^::error title=check-server::the agent could not be checked: .+\n$/);
    expect(readFileSync(summary, 'utf8')).toMatch(
      /^### bindu-protocol check-server: did not run\n\nAgent: `http:\/\/127\.0\.0\.1:1\/`\n\n.+\n/,
    );
  });
});
