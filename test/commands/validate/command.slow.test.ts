/**
 * `bindu-protocol validate` as built (dist/src/bin.js) and as `npx` finds it in a checkout:
 * every exit code, the human and --json outputs, --ndjson streaming with line numbers, and
 * methods found from requests, responses and --method.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Progress, formatHuman } from '../../../src/commands/validate/command.js';
import { defaultJobs } from '../../../src/commands/validate/prestart.js';
import { ROOT, cli } from '../../helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'bindu-validate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return path;
};

const uuid = (n: number) => `0c6f1e2d-3b4a-4c5d-9e8f-${String(n).padStart(12, '0')}`;
const message = {
  kind: 'message',
  messageId: uuid(1),
  contextId: uuid(2),
  taskId: uuid(3),
  role: 'agent',
  parts: [{ kind: 'text', text: 'Your table is booked for 8pm.' }],
};
const task = {
  kind: 'task',
  id: uuid(3),
  contextId: uuid(2),
  status: { state: 'completed', timestamp: '2025-05-06T20:00:00Z', message },
  history: [message],
  artifacts: [{ artifactId: uuid(4), name: 'booking', parts: [{ kind: 'data', data: { restaurant: 'Luigi', seats: 2 } }] }],
};
const badTask = { ...task, status: { ...task.status, state: 'complete' } };
const request = { jsonrpc: '2.0', id: 'r-1', method: 'tasks/get', params: { taskId: uuid(3), historyLength: 5 } };
const lines = (text: string) => text.split('\n').filter(Boolean);
const npx = (args: string[], input?: string) =>
  spawnSync('npx', ['--no-install', 'bindu-protocol', ...args], { cwd: ROOT, input, encoding: 'utf8', timeout: 120_000 });

describe('bindu-protocol validate: exit codes', () => {
  it('npx bindu-protocol validate --type Task some.json: exit 0 and "valid" for a valid task', () => {
    const path = file('some.json', task);
    const result = npx(['validate', '--type', 'Task', path]);
    expect(result.stderr.replace(/^npm warn .*\n/gm, '')).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(`${path}: valid\n`);
  }, 120_000);

  it("echo '{...}' | npx bindu-protocol validate: a request from stdin, its method decides", () => {
    const ok = npx(['validate'], JSON.stringify(request));
    expect(ok.status).toBe(0);
    expect(ok.stdout).toBe('<stdin>: valid\n');
    const bad = npx(['validate'], JSON.stringify({ ...request, params: { taskId: 'task-1' } }));
    expect(bad.status).toBe(1);
    expect(bad.stdout).toBe(
      '<stdin>: invalid, 1 error\n  error   /params/taskId: must be a UUID (8-4-4-4-12 hexadecimal digits, e.g. "3f2c9a1e-7b4d-4e8a-9c1f-2a6b5d4e3f10"), not "task-1" [format]\n',
    );
  }, 120_000);

  it('exit 1 when one payload is invalid, with each error, its path, keyword and hint', () => {
    const good = file('good.json', task);
    const bad = file('bad.json', badTask);
    const result = cli(['validate', '--type', 'Task', good, bad]);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('');
    expect(lines(result.stdout)).toEqual([
      `${good}: valid`,
      `${bad}: invalid, 1 error`,
      expect.stringMatching(/^ {2}error {3}\/status\/state: must be one of "submitted", .*, not "complete" \[enum\]$/),
      '    hint: did you mean "completed"?',
      '2 payloads: 1 valid, 1 invalid',
    ]);
  });

  it('a v1.0 request under the default variant: exit 1, and the hint names the variant that has the method', () => {
    const request = { jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { message: { messageId: 'm', role: 'ROLE_USER', parts: [] } } };
    const result = cli(['validate'], { input: JSON.stringify(request) });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('/method: unknown method "SendMessage" in the bindu variant [method]');
    expect(result.stdout).toContain('hint: "SendMessage" is a method of the a2a-v1 variant: use --variant a2a-v1');
    expect(cli(['validate', '--variant', 'a2a-v1'], { input: JSON.stringify(request) }).stdout).not.toContain('unknown method');
  });

  it('exit 2 for input errors: a missing file, a directory, text that is not JSON; the other inputs are still checked', () => {
    const good = file('fine.json', task);
    const notJson = file('broken.json', '{"kind": "task",');
    const result = cli(['validate', '--type', 'Task', join(dir, 'missing.json'), dir, notJson, good]);
    expect(result.status).toBe(2);
    expect(lines(result.stderr)).toEqual([
      `bindu-protocol: cannot read ${join(dir, 'missing.json')}: no such file`,
      `bindu-protocol: cannot read ${dir}: it is a directory`,
      expect.stringMatching(new RegExp(`^bindu-protocol: ${notJson.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: not JSON \\(.+\\)$`)),
    ]);
    expect(lines(result.stdout)).toEqual([`${good}: valid`, '1 payload: 1 valid, 0 invalid; 3 input errors']);
  });

  it('exit 2 for usage errors: unknown type (with the nearest names), variant, method, option; --type with --method', () => {
    const path = file('usage.json', task);
    const cases: [string[], RegExp][] = [
      [['validate', '--type', 'Tsak', path], /^bindu-protocol: unknown type "Tsak" in variant "bindu" \(did you mean "Task"\?\)\n/],
      [['validate', '--type', 'Context', '--variant', 'a2a', path], /^bindu-protocol: unknown type "Context" in variant "a2a"\n/],
      [['validate', '--variant', 'v2', path], /^bindu-protocol: unknown variant "v2"/],
      [
        ['validate', '--method', 'tasks/gte', path],
        /^bindu-protocol: unknown method "tasks\/gte" in variant "bindu" \(did you mean "tasks\/get"\?\)\n/,
      ],
      [['validate', '--bogus', path], /^bindu-protocol: unknown option --bogus\n/],
      [['validate', '--type', 'Task', '--method', 'tasks/get', path], /^bindu-protocol: give --type or --method, not both\n/],
      [['validate', '-', '-'], /^bindu-protocol: stdin \(-\) can be named only once\n/],
    ];
    for (const [args, stderr] of cases) {
      const result = cli(args, { input: '' });
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stdout, args.join(' ')).toBe('');
      expect(result.stderr, args.join(' ')).toMatch(stderr);
      expect(result.stderr, args.join(' ')).toMatch(/Run 'bindu-protocol validate --help' for usage\.\n$/);
    }
  });

  it('an input error wins over an invalid payload (exit 2, not 1)', () => {
    const result = cli(['validate', '--type', 'Task', file('invalid.json', badTask), join(dir, 'nope.json')]);
    expect(result.status).toBe(2);
    expect(result.stdout).toMatch(/invalid, 1 error/);
  });

  it('--strict: unknown keys are errors (exit 1) instead of warnings (exit 0)', () => {
    const path = file('extra.json', { ...task, priority: 'high' });
    const lenient = cli(['validate', '--type', 'Task', path]);
    expect(lenient.status).toBe(0);
    expect(lines(lenient.stdout)).toEqual([
      `${path}: valid, 1 warning`,
      '  warning (root): unknown property "priority" [additionalProperties]',
    ]);
    const strict = cli(['validate', '--type', 'Task', '--strict', path]);
    expect(strict.status).toBe(1);
    expect(lines(strict.stdout)).toEqual([
      `${path}: invalid, 1 error`,
      '  error   (root): unknown property "priority" [additionalProperties]',
    ]);
  });

  it("--help prints the command's usage and exits 0; the top-level help lists validate", () => {
    const help = cli(['validate', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: bindu-protocol validate \[FILE \.\.\.\|-\] \[--variant [a-z0-9|-]+\] \[--type NAME\]/);
    expect(help.stdout).toMatch(/exit 0 all valid · 1 some invalid · 2 usage or input error/);
    expect(cli(['--help']).stdout).toMatch(/^ {2}validate \[FILE \.\.\.\|-\]/m);
  });
});

describe('bindu-protocol validate: --json', () => {
  it('one line per payload: source, valid, errors and warnings with path, keyword, message, hint', () => {
    const good = file('json-good.json', task);
    const bad = file('json-bad.json', { ...badTask, extra: 1 });
    const result = cli(['validate', '--json', '--type', 'Task', good, bad]);
    expect(result.status).toBe(1);
    const records = lines(result.stdout).map((line) => JSON.parse(line));
    expect(records).toEqual([
      { source: good, valid: true, errors: [], warnings: [] },
      {
        source: bad,
        valid: false,
        errors: [
          {
            path: '/status/state',
            keyword: 'enum',
            message: expect.stringMatching(/not "complete"$/),
            hint: 'did you mean "completed"?',
            params: { allowedValues: expect.arrayContaining(['completed']) },
          },
        ],
        warnings: [
          { path: '', keyword: 'additionalProperties', message: 'unknown property "extra"', params: { additionalProperty: 'extra' } },
        ],
      },
    ]);
  });
});

describe('bindu-protocol validate: --ndjson', () => {
  it('names each payload FILE:LINE, skips blank lines, and reports a bad line without stopping', () => {
    const path = file(
      'traffic.ndjson',
      [
        JSON.stringify(request),
        '',
        JSON.stringify({ jsonrpc: '2.0', id: 'r-1', result: task }),
        '{ not json',
        JSON.stringify({ jsonrpc: '2.0', id: 'r-9', method: 'tasks/gett', params: {} }),
      ].join('\n'),
    );
    const result = cli(['validate', '--ndjson', '--json', path]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^bindu-protocol: .*traffic\.ndjson:4: not JSON/);
    const records = lines(result.stdout).map((line) => JSON.parse(line));
    expect(records.map((record) => [record.source, record.valid])).toEqual([
      [`${path}:1`, true],
      [`${path}:3`, true],
      [`${path}:5`, false],
    ]);
    expect(records[2].errors).toEqual([
      {
        path: '/method',
        keyword: 'method',
        message: 'unknown method "tasks/gett" in the bindu variant',
        hint: 'did you mean "tasks/get"?',
        params: { method: 'tasks/gett' },
      },
    ]);
  });

  it('a response is checked as the answer of the request with its id earlier in the input', () => {
    const input = [
      JSON.stringify(request),
      JSON.stringify({ jsonrpc: '2.0', id: 'r-1', result: { ...task, status: { state: 'done' } } }),
    ].join('\n');
    const result = cli(['validate', '--ndjson'], { input });
    expect(result.status).toBe(1);
    expect(lines(result.stdout)[0]).toBe('<stdin>:1: valid');
    expect(lines(result.stdout)[1]).toBe('<stdin>:2: invalid, 2 errors');
    expect(result.stdout).toMatch(/error {3}\/result\/status: missing the required property "timestamp" \[required\]/);
    expect(result.stdout).toMatch(/error {3}\/result\/status\/state: must be one of .*not "done" \[enum\]/);
  });

  it('--method names the method responses answer; an undeclared error code is a warning', () => {
    const input = [
      JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32001, message: 'Task not found' } }),
      JSON.stringify({ jsonrpc: '2.0', id: 2, error: { code: -32002, message: 'Task cannot be canceled' } }),
    ].join('\n');
    const result = cli(['validate', '--ndjson', '--json', '--variant', 'a2a', '--method', 'tasks/get'], { input });
    expect(result.status).toBe(0);
    const [first, second] = lines(result.stdout).map((line) => JSON.parse(line));
    expect(first).toEqual({ source: '<stdin>:1', valid: true, errors: [], warnings: [] });
    expect(second.warnings).toEqual([expect.objectContaining({ path: '/error/code', keyword: 'code' })]);
  });

  it('streams: 100 000 lines (~50 MB) pass through a process whose heap is capped at 32 MB', async () => {
    const line = JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'tasks/get',
      params: { id: 'task-1', metadata: { pad: 'x'.repeat(400) } },
    });
    const child = spawn(
      process.execPath,
      ['--max-old-space-size=32', join(ROOT, 'dist', 'src', 'bin.js'), 'validate', '--ndjson', '--json', '--variant', 'a2a'],
      { cwd: ROOT },
    );
    let count = 0;
    let last = '';
    let pending = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const parts = (pending + chunk).split('\n');
      pending = parts.pop()!;
      count += parts.length;
      if (parts.length > 0) last = parts[parts.length - 1]!;
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const total = 100_000;
    for (let i = 1; i <= total; i++) {
      if (!child.stdin.write(`${line.replace('"id":0', `"id":${i}`)}\n`))
        await new Promise((resolve) => child.stdin.once('drain', resolve));
    }
    child.stdin.end();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(count).toBe(total);
    expect(JSON.parse(last)).toEqual({ source: `<stdin>:${total}`, valid: true, errors: [], warnings: [] });
  }, 120_000);
});

/**
 * A log of over 2 MiB (so the worker threads start, from the second region of 1 MiB on): valid, invalid,
 * unreadable, over-long (with --max-bytes 2k) and not-UTF-8 lines, and responses whose requests are lines before.
 */
function jobsLog(): Buffer {
  const parts: Buffer[] = [];
  for (let i = 1; i <= 6000; i++) {
    const get = { jsonrpc: '2.0', id: i, method: 'tasks/get', params: { taskId: uuid(3), historyLength: 5 } };
    parts.push(Buffer.from(`${JSON.stringify(get)}\n`));
    if (i % 50 === 0)
      parts.push(
        Buffer.from('{ not json\n'),
        Buffer.from(`{"pad":"${'x'.repeat(3000)}"}\n`),
        Buffer.from([0x7b, 0xff, 0x7d, 0x0a]),
        Buffer.from(`{"jsonrpc":"2.0","id":"p${i}","method":"foo/bar"}\n\n`),
      );
    const answer =
      i % 7 === 0
        ? { jsonrpc: '2.0', id: i, result: badTask }
        : i % 50 === 0
          ? { jsonrpc: '2.0', id: `p${i}`, error: { code: -32601, message: 'Method not found' } }
          : { jsonrpc: '2.0', id: i, result: task };
    parts.push(Buffer.from(`${JSON.stringify(answer)}\n`));
  }
  return Buffer.concat(parts);
}

describe('bindu-protocol validate: every line judged, capped reports, --jobs', () => {
  it("a probe with an unknown method and the server's right answer, then more lines: a verdict for every line, exit 1 (never 2), in every variant", () => {
    const probe = { jsonrpc: '2.0', id: 41, method: 'foo/bar', params: {} };
    const answer = { jsonrpc: '2.0', id: 41, error: { code: -32601, message: 'Method not found' } };
    const orphan = { jsonrpc: '2.0', id: 99, result: { anything: true } };
    for (const variant of ['a2a', 'bindu', 'aion']) {
      const later =
        variant === 'aion'
          ? { jsonrpc: '2.0', id: 42, method: 'GetTask', params: { id: 'task-1' } }
          : { jsonrpc: '2.0', id: 42, method: 'tasks/get', params: variant === 'a2a' ? { id: 'task-1' } : { taskId: uuid(3) } };
      const input = [probe, answer, later, orphan].map((value) => JSON.stringify(value)).join('\n');
      const result = cli(['validate', '--ndjson', '--json', '--variant', variant], { input });
      expect(result.stderr, variant).toBe('');
      expect(result.status, variant).toBe(1);
      const records = lines(result.stdout).map((line) => JSON.parse(line));
      expect(
        records.map((record) => [record.source, record.valid]),
        variant,
      ).toEqual([
        ['<stdin>:1', false],
        ['<stdin>:2', true],
        ['<stdin>:3', true],
        ['<stdin>:4', true],
      ]);
      expect(records[1].warnings, variant).toEqual([
        expect.objectContaining({ path: '', keyword: 'method', message: expect.stringContaining('names the method "foo/bar"') }),
      ]);
      expect(records[3].warnings, variant).toEqual([
        expect.objectContaining({
          path: '',
          keyword: 'method',
          message: expect.stringContaining('cannot tell which method this response answers'),
        }),
      ]);
    }
  });

  it('--max-errors: the first N errors and "and K more errors" (K exact); 0 prints all; the verdict is the same; --json says "omitted"', () => {
    const history = Array.from({ length: 150 }, (_, i) => ({ ...message, messageId: `m-${i}`, role: 'robot' }));
    const path = file('many.json', { ...task, history });
    const capped = cli(['validate', '--type', 'Task', path]);
    expect(capped.status).toBe(1);
    expect(lines(capped.stdout)[0]).toBe(`${path}: invalid, 300 errors`);
    expect(capped.stdout.match(/^ {2}error /gm)).toHaveLength(100);
    expect(capped.stdout).toContain('  … and 200 more errors (--max-errors 0 shows every one)\n');
    const three = cli(['validate', '--type', 'Task', '--max-errors', '3', path]);
    expect(three.status).toBe(1);
    expect(three.stdout.match(/^ {2}error /gm)).toHaveLength(3);
    expect(three.stdout).toContain('and 297 more errors');
    const all = cli(['validate', '--type', 'Task', '--max-errors', '0', path]);
    expect(all.status).toBe(1);
    expect(all.stdout.match(/^ {2}error /gm)).toHaveLength(300);
    expect(all.stdout).not.toContain('more error');
    const json = JSON.parse(cli(['validate', '--type', 'Task', '--json', '--max-errors', '5', path]).stdout);
    expect(json).toMatchObject({ valid: false, omitted: 295 });
    expect(json.errors).toHaveLength(5);
    expect(JSON.parse(cli(['validate', '--type', 'Task', '--json', file('ok.json', task)]).stdout)).toEqual({
      source: expect.any(String),
      valid: true,
      errors: [],
      warnings: [],
    });
    for (const bad of ['-1', 'x', '1.5']) {
      const usage = cli(['validate', '--max-errors', bad, path]);
      expect(usage.status, bad).toBe(2);
      expect(usage.stderr, bad).toMatch(/--max-errors takes a whole number/);
    }
  });

  it('--jobs 1 and --jobs 2 (and 3) write the same bytes on stdout and stderr: valid, invalid, unreadable, over-long and not-UTF-8 lines, responses paired across regions', () => {
    const path = join(dir, 'jobs.ndjson');
    writeFileSync(path, jobsLog());
    const big = (args: string[]) =>
      spawnSync(process.execPath, [join(ROOT, 'dist', 'bin.mjs'), ...args], { encoding: 'utf8', maxBuffer: 1 << 28, timeout: 120_000 });
    const runs = ['1', '2', '3'].map((jobs) => big(['validate', '--ndjson', '--max-bytes', '2k', '--jobs', jobs, path]));
    for (const result of runs) expect(result.status).toBe(2);
    expect(runs[1]!.stdout).toBe(runs[0]!.stdout);
    expect(runs[2]!.stdout).toBe(runs[0]!.stdout);
    expect(runs[1]!.stderr).toBe(runs[0]!.stderr);
    expect(runs[2]!.stderr).toBe(runs[0]!.stderr);
    // Responses whose request is the line before are paired (the Task answers tasks/get): invalid ones say why.
    expect(runs[0]!.stdout).toMatch(/jobs\.ndjson:\d+: invalid, 1 error\n {2}error {3}\/result\/status\/state: must be one of/);
    expect(runs[0]!.stderr).toMatch(/jobs\.ndjson:\d+: the line is longer than the limit of 2 KiB/);
    expect(runs[0]!.stderr).toMatch(/jobs\.ndjson:\d+: not UTF-8/);
    expect(runs[0]!.stderr).toMatch(/jobs\.ndjson:\d+: not JSON/);
    // 6,000 requests and 6,000 answers, 120 probes; invalid: the 857 bad Tasks (every 7th) and the 120 probes; 3 × 120 unreadable lines.
    expect(lines(runs[0]!.stdout).at(-1)).toBe('12,120 payloads: 11,143 valid, 977 invalid; 360 input errors');
    const json = ['1', '2'].map((jobs) => big(['validate', '--ndjson', '--json', '--max-bytes', '2k', '--jobs', jobs, path]).stdout);
    expect(json[1]).toBe(json[0]);
    const usage = cli(['validate', '--ndjson', '--jobs', '0', path]);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/--jobs takes a whole number, 1 or more, not "0"/);
  }, 120_000);

  it('--jobs N with N the cores: young-generation collections after the workers start use no helper thread (none would find an idle core); with --jobs 1 they do', () => {
    const path = join(dir, 'gc.ndjson');
    writeFileSync(path, Buffer.concat([jobsLog(), jobsLog()]));
    // V8's --trace-gc-nvp line of each young-generation collection ("gc=s") says how long helper threads worked on it:
    // how many of the later half were helped (the workers start after the first 1 MiB; the earlier collections, of the
    // command line's loading and the first region, may be helped, more of them on a loaded machine).
    const helped = (jobs: number) => {
      const result = spawnSync(
        process.execPath,
        ['--trace-gc-nvp', join(ROOT, 'dist', 'bin.mjs'), 'validate', '--ndjson', '--max-bytes', '2k', '--jobs', String(jobs), path],
        { encoding: 'utf8', maxBuffer: 1 << 28, timeout: 120_000 },
      );
      expect(result.status).toBe(2);
      const collections = [...result.stdout.matchAll(/gc=s .*?background\.scavenge\.parallel=([\d.]+)/g)].map((match) => Number(match[1]));
      expect(collections.length).toBeGreaterThan(10);
      return collections.slice(collections.length >> 1).filter((ms) => ms > 0).length;
    };
    const cores = defaultJobs();
    if (cores >= 2) expect(helped(cores)).toBe(0);
    expect(helped(1)).toBeGreaterThan(0);
  }, 120_000);

  it('--jobs 2 on stdin (chunks copied to shared memory, lines straddling two chunks judged on the main thread): the same bytes as --jobs 1', () => {
    // Also a region far larger than one read: a line of 200 KB, valid JSON, reported as too long under --max-bytes 100k.
    const input = Buffer.concat([jobsLog(), Buffer.from(`{"pad":"${'y'.repeat(200_000)}"}\n`), jobsLog()]);
    const runs = ['1', '2'].map((jobs) =>
      spawnSync(process.execPath, [join(ROOT, 'dist', 'bin.mjs'), 'validate', '--ndjson', '--max-bytes', '100k', '--jobs', jobs], {
        input,
        encoding: 'utf8',
        maxBuffer: 1 << 28,
        timeout: 120_000,
      }),
    );
    for (const result of runs) expect(result.status).toBe(2);
    expect(runs[1]!.stdout).toBe(runs[0]!.stdout);
    expect(runs[1]!.stderr).toBe(runs[0]!.stderr);
    // Twice the log, whose 120 padded lines are now payloads (invalid: not JSON-RPC), and the long line an input error.
    expect(lines(runs[0]!.stdout).at(-1)).toBe('24,480 payloads: 22,286 valid, 2,194 invalid; 481 input errors');
    expect(runs[0]!.stderr).toMatch(/<stdin>:12601: the line is longer than the limit of 100 KiB/);
  }, 120_000);

  it('--operation with --ndjson: the workers judge REST bodies as the main thread does (--jobs 1 and 2, same bytes)', () => {
    const parts: string[] = [];
    for (let i = 0; i < 30_000; i++)
      parts.push(
        JSON.stringify({
          message: { messageId: `m${i}`, role: i % 7 === 0 ? 'ROLE_USERX' : 'ROLE_USER', parts: [{ text: `hello ${i}` }] },
        }),
      );
    const path = join(dir, 'rest.ndjson');
    writeFileSync(path, `${parts.join('\n')}\n`);
    const runs = ['1', '2'].map((jobs) =>
      spawnSync(
        process.execPath,
        [join(ROOT, 'dist', 'bin.mjs'), 'validate', '--variant', 'a2a-v1', '--operation', 'SendMessage', '--ndjson', '--jobs', jobs, path],
        { encoding: 'utf8', maxBuffer: 1 << 28, timeout: 120_000 },
      ),
    );
    for (const result of runs) expect(result.status).toBe(1);
    expect(runs[1]!.stdout).toBe(runs[0]!.stdout);
    expect(lines(runs[0]!.stdout).at(-1)).toBe('30,000 payloads: 25,714 valid, 4,286 invalid');
    expect(runs[0]!.stdout).toMatch(/rest\.ndjson:1: invalid, 1 error\n {2}error {3}\/message\/role: /);
  }, 120_000);
});

describe('bindu-protocol validate: terminal output', () => {
  it('no colour when stdout is not a terminal', () => {
    const result = cli(['validate', '--type', 'Task', file('plain.json', badTask)]);
    expect(result.stdout).not.toMatch(/\u001b\[/);
  });

  it('colour only on a terminal, and never with NO_COLOR', () => {
    const verdict = {
      valid: false,
      errors: [
        { path: '/a', keyword: 'type', message: 'must be a string, not null', hint: 'write it as a string', params: { type: 'string' } },
      ],
      warnings: [],
    };
    expect(formatHuman('x.json', verdict, true)).toMatch(/\u001b\[31minvalid\u001b\[0m/);
    expect(formatHuman('x.json', verdict, false)).toBe(
      'x.json: invalid, 1 error\n  error   /a: must be a string, not null [type]\n    hint: write it as a string\n',
    );
    expect(
      formatHuman(
        'y.json',
        { valid: false, errors: [{ path: '', keyword: 'type', message: 'must be an object', params: { type: 'object' } }], warnings: [] },
        false,
      ),
    ).toMatch(/error {3}\(root\): must be an object \[type\]/);
  });

  it('progress: one line on stderr rewritten in place, from the first second on, at most four times a second; lines, bytes, rate, time left when the size is known; cleared before other messages', () => {
    let now = 0;
    const written: string[] = [];
    const progress = new Progress({ write: (text: string) => written.push(text) }, 10 * 1024 * 1024, () => now);
    progress.bytes = 1024 * 1024;
    progress.payloads = 1500;
    now = 900;
    progress.tick();
    expect(written).toEqual([]);
    now = 2000;
    progress.tick();
    expect(written).toEqual(['\rvalidate: 1,500 payloads, 1 MiB of 10 MiB (10%), 512 KiB/s, about 18 s left\u001b[K']);
    now = 2100;
    progress.tick();
    expect(written).toHaveLength(1);
    progress.clear();
    expect(written.at(-1)).toBe('\r\u001b[K');
    progress.clear();
    expect(written).toHaveLength(2);
    const unknownSize = new Progress({ write: () => undefined }, undefined, () => 4000);
    unknownSize.bytes = 3 * 1024 * 1024;
    expect(unknownSize.line(4000)).not.toMatch(/left|%/);
  });

  it.runIf(existsSync('/usr/bin/script'))('no progress when stderr is not a terminal, or with --json', () => {
    const path = file('quiet.ndjson', Array.from({ length: 2000 }, (_, i) => JSON.stringify({ ...request, id: i })).join('\n'));
    const piped = cli(['validate', '--ndjson', path]);
    expect(piped.stderr).toBe('');
    const command = `${process.execPath} ${join(ROOT, 'dist', 'bin.mjs')} validate --ndjson --json ${path}`;
    const tty = spawnSync('/usr/bin/script', ['-qec', command, '/dev/null'], { encoding: 'utf8', timeout: 60_000, maxBuffer: 1 << 26 });
    expect(tty.stdout).not.toMatch(/validate: [\d,]+ payloads/);
  });

  it.runIf(existsSync('/usr/bin/script'))('in a pseudo-terminal: colour, unless NO_COLOR is set', () => {
    const path = file('tty.json', badTask);
    const command = `${process.execPath} ${join(ROOT, 'dist', 'src', 'bin.js')} validate --type Task ${path}`;
    const tty = spawnSync('/usr/bin/script', ['-qec', command, '/dev/null'], {
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, NO_COLOR: '' },
    });
    expect(tty.stdout).toMatch(/\u001b\[31minvalid/);
    const noColour = spawnSync('/usr/bin/script', ['-qec', command, '/dev/null'], {
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(noColour.stdout).toMatch(/invalid, 1 error/);
    expect(noColour.stdout).not.toMatch(/\u001b\[/);
  });
});
