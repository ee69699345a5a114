/**
 * action.yml, the repository's composite GitHub Action (issue 34): its steps' shell lines, run with
 * bash as GitHub runs them (`bash -e -o pipefail`, the inputs given through each step's `env`, the
 * Action's path and the job summary file in GITHUB_ACTION_PATH and GITHUB_STEP_SUMMARY), against an
 * agent of ours behind a bearer token that quotes its credentials back: the check runs (the build
 * step sees dist/ built), fails with annotations, writes the JUnit file and the job summary, and the
 * token, given as a header line as a secret would be, is in none of them; the README shows the Action.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from './helpers.js';
import { README } from './readme-examples.js';
import { startAuthGate } from './fixtures/servers/auth-gate.js';
import { startBrokenServer } from './fixtures/servers/broken.js';
import type { RunningServer } from './fixtures/servers/echo.js';

interface ActionStep {
  readonly name: string;
  readonly shell: string;
  readonly run: string;
  readonly env?: Record<string, string>;
}
const ACTION = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { required?: boolean; default?: string }>;
  runs: { using: string; steps: ActionStep[] };
};
const TOKEN = 'action-secret-9d2b61f0';

/** The value of `${{ inputs.NAME }}` in a step's env, from the inputs given (else the input's default). */
function stepEnv(step: ActionStep, given: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(step.env ?? {}).map(([name, value]) => {
      const input = /^\$\{\{ inputs\.([\w-]+) \}\}$/.exec(value)?.[1];
      if (input === undefined) throw new Error(`${name}: only \${{ inputs.* }} is expected in a step's env`);
      return [name, given[input] ?? ACTION.inputs[input]?.default ?? ''];
    }),
  );
}

function runStep(
  step: ActionStep,
  cwd: string,
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-e', '-o', 'pipefail', '-c', step.run], {
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

describe('action.yml', () => {
  let agent: RunningServer;
  let gate: RunningServer;
  let dir: string;
  beforeAll(async () => {
    agent = await startBrokenServer(['wrong-error-code']);
    gate = await startAuthGate(agent, TOKEN, 0, false, true);
    dir = mkdtempSync(join(tmpdir(), 'action-'));
  });
  afterAll(async () => {
    await Promise.all([gate?.close(), agent?.close()]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('is a composite action with a url input, every input reaching the script through env', () => {
    expect(ACTION.runs.using).toBe('composite');
    expect(ACTION.inputs.url).toMatchObject({ required: true });
    expect(Object.keys(ACTION.inputs)).toEqual(expect.arrayContaining(['variant', 'transport', 'expect-fail', 'headers', 'junit']));
    for (const step of ACTION.runs.steps) {
      expect(step.shell).toBe('bash');
      expect(step.run).not.toContain('${{');
    }
    expect(ACTION.runs.steps.at(-1)!.run).toMatch(/check-server "\$\{args\[@\]\}"/);
  });

  it("its steps check an agent of ours: ::error annotations, the JUnit file, the job summary; the header's secret in none of them", async () => {
    const summary = join(dir, 'summary.md');
    const env = { GITHUB_ACTION_PATH: ROOT, GITHUB_STEP_SUMMARY: summary };
    const inputs = {
      url: gate.url,
      variant: 'a2a',
      headers: `Authorization: Bearer ${TOKEN}\n`,
      junit: 'report.xml',
      wait: '5s',
      args: '--only cancel --probes none --timeout 3s',
    };
    const outputs: string[] = [];
    let last: { status: number | null; stdout: string; stderr: string } | undefined;
    for (const step of ACTION.runs.steps) {
      last = await runStep(step, dir, { ...env, ...stepEnv(step, inputs) });
      outputs.push(last.stdout, last.stderr);
      if (step !== ACTION.runs.steps.at(-1)) expect(last.status, `${step.name}: ${last.stderr}`).toBe(0);
    }
    expect(last!.status).toBe(1);
    expect(last!.stdout).toMatch(/^FAIL {2}cancel\.cancel-on-a-finished-task .*\*\*\*/m);
    expect(last!.stdout).toMatch(/^::error title=cancel\.cancel-on-a-finished-task::/m);
    expect(existsSync(join(dir, 'report.xml'))).toBe(true);
    expect(readFileSync(summary, 'utf8')).toMatch(/^\| FAIL \| `cancel\.cancel-on-a-finished-task` \| JSON-RPC \| /m);
    for (const text of [...outputs, readFileSync(join(dir, 'report.xml'), 'utf8'), readFileSync(summary, 'utf8')])
      expect(text).not.toContain(TOKEN);

    // A header line without a colon: an ::error and exit 2, the line not repeated.
    const bad = await runStep(ACTION.runs.steps.at(-1)!, dir, {
      ...env,
      ...stepEnv(ACTION.runs.steps.at(-1)!, { ...inputs, headers: TOKEN }),
    });
    expect(bad.status).toBe(2);
    expect(bad.stdout).toBe("::error title=bindu-protocol check-server::the headers input needs 'Name: value' lines\n");
  }, 60_000);

  it("is shown in the README's CI section", () => {
    const start = README.indexOf('## Check your agent in CI');
    const section = README.slice(start, README.indexOf('\n## ', start + 1));
    expect(section).toMatch(/uses: getbindu\/bindu-protocol@/);
    expect(section).toContain('url:');
  });
});
