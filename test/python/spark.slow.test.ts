/**
 * python/bindu_protocol/spark.py: `python -m bindu_protocol.spark` on Apache Spark (pyspark, `local[2]`, the venv of
 * scripts/python-venv/spark.txt) writes what `bindu-protocol validate --ndjson` writes for the same log, byte for byte
 * (stdout; and the input errors, which Spark's own start-up lines share stderr with), with the same exit code, with and
 * without --json. The log (./traffic-log.ts) has a few thousand lines: requests and responses paired by id across
 * Spark's partitions, invalid ones, malformed JSON, blank lines, a line that is not UTF-8. One Python process (one JVM)
 * runs every Spark job of the file; bindu_protocol.ndjson's line judge is also compared without Spark. Skipped only
 * when the venv cannot be made (no network for PyPI, no Python); Java 17 or later must be on the machine.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needPythonVenv } from '../system-tools.js';
import { ROOT } from '../helpers.js';
import { trafficLog } from './traffic-log.js';

const LONG = 600_000;

let work = '';
let python = '';
let venvError = '';
/** How many partitions Spark read the log in. */
let partitions = 0;
/** Each Spark run: its stdout, its stderr and its exit code, by name. */
const spark = new Map<string, { out: string; err: string; status: number }>();

/** What the driver runs: the command line's main() once per run, stdout and stderr to files, in one Spark session. */
const DRIVER = `
import contextlib, io, json, sys
from bindu_protocol.spark import main, session
runs = json.loads(sys.argv[1])
spark = session("local[2]")
# Regions of 64 KiB: the log is cut into a dozen partitions, and responses meet their requests across them.
spark.conf.set("spark.sql.files.maxPartitionBytes", str(64 * 1024))
with open(f"{sys.argv[2]}/partitions.json", "w", encoding="utf-8") as handle:
    json.dump(spark.read.text(runs["human"][-1]).rdd.getNumPartitions(), handle)
for name, argv in runs.items():
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    with open(f"{sys.argv[2]}/{name}.json", "w", encoding="utf-8") as handle:
        json.dump({"out": out.getvalue(), "err": err.getvalue(), "status": status}, handle)
spark.stop()
`;

function node(args: readonly string[]) {
  const run = spawnSync(process.execPath, [join(ROOT, 'dist', 'bin.mjs'), 'validate', '--ndjson', ...args], {
    cwd: work,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  return { out: run.stdout, err: run.stderr, status: run.status ?? -1 };
}

/** The lines a bindu-protocol input error writes (Spark's and Java's own lines share the Python process's stderr). */
const inputErrors = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('bindu-protocol: '))
    .join('\n');

beforeAll(() => {
  try {
    python = needPythonVenv('spark');
  } catch (error) {
    venvError = (error as Error).message;
    return;
  }
  work = mkdtempSync(join(tmpdir(), 'bindu-spark-'));
  writeFileSync(join(work, 'traffic.ndjson'), trafficLog(ROOT, 3000));
  // A REST record of the proxy's HTTP+JSON side: the Python package does not check its body (bindu_protocol/ndjson.py).
  writeFileSync(
    join(work, 'rest.ndjson'),
    `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tasks/get', params: { id: 't-1' } })}\n${JSON.stringify({ operation: 'GetTask', part: 'response', status: 200, body: {} })}\n`,
  );
  const runs = {
    human: ['--variant', 'a2a', '--master', 'local[2]', 'traffic.ndjson'],
    json: ['--variant', 'a2a', '--master', 'local[2]', '--json', 'traffic.ndjson'],
    strict: ['--variant', 'a2a', '--master', 'local[2]', '--strict', '--max-errors', '2', 'traffic.ndjson'],
    rest: ['--variant', 'a2a', '--master', 'local[2]', 'rest.ndjson'],
  };
  const driver = spawnSync(python, ['-c', DRIVER, JSON.stringify(runs), work], {
    cwd: work,
    encoding: 'utf8',
    env: { ...process.env, PYTHONPATH: join(ROOT, 'python'), PYSPARK_PYTHON: python },
    timeout: LONG,
  });
  expect(driver.status, `the Spark driver: exit ${driver.status}\n${driver.stderr}`).toBe(0);
  partitions = JSON.parse(readFileSync(join(work, 'partitions.json'), 'utf8')) as number;
  for (const name of Object.keys(runs)) spark.set(name, JSON.parse(readFileSync(join(work, `${name}.json`), 'utf8')));
}, LONG);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('validate --ndjson on Spark (python -m bindu_protocol.spark, local[2])', () => {
  it('writes what validate --ndjson writes, line for line, and exits as it does', (context) => {
    if (venvError) context.skip(`scripts/python-venv.sh spark failed: ${venvError}`);
    const cases: [string, string[]][] = [
      ['human', ['--variant', 'a2a', 'traffic.ndjson']],
      ['json', ['--variant', 'a2a', '--json', 'traffic.ndjson']],
      ['strict', ['--variant', 'a2a', '--strict', '--max-errors', '2', 'traffic.ndjson']],
    ];
    expect(partitions).toBeGreaterThan(4);
    for (const [name, args] of cases) {
      const expected = node(args);
      const got = spark.get(name)!;
      // The log holds every kind of line the comparison is about.
      expect(expected.out).toMatch(/: valid\n|"valid":true/);
      expect(expected.out).toMatch(/: invalid, |"valid":false/);
      expect(expected.out).toMatch(/cannot tell which method this response answers/);
      expect(expected.err).toMatch(/: not JSON \(/);
      expect(expected.err).toMatch(/: not UTF-8: /);
      expect(got.out, name).toBe(expected.out);
      expect(inputErrors(got.err), name).toBe(inputErrors(expected.err));
      expect(got.status, name).toBe(expected.status);
    }
  });

  it('judges the same lines alike without Spark (bindu_protocol.ndjson.judge_lines, one process)', (context) => {
    if (venvError) context.skip(`scripts/python-venv.sh spark failed: ${venvError}`);
    const script = [
      'import sys',
      'from bindu_protocol.ndjson import judge_lines',
      'lines = open(sys.argv[1], "rb").read().split(b"\\n")[:-1]',
      'for _line, outcome, text in judge_lines(sys.argv[1], lines, "a2a", json_output=True):',
      '    (sys.stderr if outcome == 2 else sys.stdout).write(text)',
    ].join('\n');
    const run = spawnSync(python, ['-c', script, 'traffic.ndjson'], {
      cwd: work,
      encoding: 'utf8',
      env: { ...process.env, PYTHONPATH: join(ROOT, 'python') },
      maxBuffer: 1 << 28,
    });
    const expected = node(['--variant', 'a2a', '--json', 'traffic.ndjson']);
    expect(run.status, run.stderr.slice(-2000)).toBe(0);
    expect(run.stdout).toBe(expected.out);
    expect(run.stderr).toBe(expected.err);
  });

  it('names a REST record line as not judged, an input error, rather than guess its verdict', (context) => {
    if (venvError) context.skip(`scripts/python-venv.sh spark failed: ${venvError}`);
    const got = spark.get('rest')!;
    expect(got.out).toMatch(/^rest\.ndjson:1: valid\n/);
    expect(inputErrors(got.err)).toMatch(/^bindu-protocol: rest\.ndjson:2: a proxy REST record .*not judged/);
    expect(got.status).toBe(2);
  });
});
