/**
 * `npm run bench -- --spark` (only with the flag: not in the full run): `validate --ndjson` past one machine. The bench's traffic log (bench/ndjson-log.ts)
 * judged by bindu_protocol.spark on Apache Spark in `local[2]` (bench/spark/run.py, in the venv of
 * scripts/python-venv/spark.txt) and by `dist/bin.mjs validate --ndjson --json --jobs 2`, on the same machine in the
 * same run: lines per second per core for each, and their ratio. The Spark figures leave out the session's start-up
 * (printed apart: a cluster pays it once); the Node CLI's include its process start-up (well under a second).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeTrafficLog } from './ndjson-log.js';
import { benchVenv } from './python.js';

interface SparkRun {
  readonly startup: number;
  readonly seconds: number[];
  readonly valid: number;
  readonly invalid: number;
  readonly inputErrors: number;
  readonly partitions: number;
}

const CORES = 2;
const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const rate = (n: number) => Math.round(n).toLocaleString('en-US');

/** Runs the Spark bench; `say` gets the section's lines. */
export async function sparkSection(root: string, quick: boolean, say: (text?: string) => void): Promise<void> {
  say('## `validate --ndjson` on Spark (bindu_protocol.spark, `local[2]`) against `validate --ndjson --jobs 2`');
  say();
  const python = benchVenv(root, 'spark', say);
  if (python === undefined) return;
  const lines = quick ? 20_000 : 100_000;
  const runs = quick ? 2 : 4;
  const dir = mkdtempSync(join(tmpdir(), 'bindu-bench-spark-'));
  try {
    const log = join(dir, 'traffic.ndjson');
    await writeTrafficLog(root, log, lines);
    const megabytes = statSync(log).size / 1e6;
    const loadBefore = loadavg()[0]!;

    // Node first, then Spark, then Node again: the machine's load is alike for both.
    const nodeSeconds: number[] = [];
    let nodeSummary = '';
    const node = () => {
      for (let i = 0; i < runs; i++) {
        const started = process.hrtime.bigint();
        const run = spawnSync(
          process.execPath,
          [join(root, 'dist', 'bin.mjs'), 'validate', '--ndjson', '--variant', 'a2a', '--jobs', String(CORES), log],
          { encoding: 'utf8', maxBuffer: 1 << 30 },
        );
        nodeSeconds.push(Number(process.hrtime.bigint() - started) / 1e9);
        nodeSummary = run.stdout.slice(run.stdout.lastIndexOf('\n', run.stdout.length - 2) + 1).trim();
      }
    };
    node();
    const spark = spawnSync(python, [join(root, 'bench', 'spark', 'run.py'), log, String(CORES), String(runs + 1)], {
      encoding: 'utf8',
      env: { ...process.env, PYTHONPATH: join(root, 'python'), PYSPARK_PYTHON: python },
      maxBuffer: 1 << 26,
      timeout: 60 * 60_000,
    });
    node();
    const loadAfter = loadavg()[0]!;
    if (spark.status !== 0) {
      say(`Not measured: bench/spark/run.py failed (exit ${spark.status}): ${spark.stderr.trim().split('\n').slice(-3).join(' ')}`);
      say();
      return;
    }
    const figures = JSON.parse(spark.stdout.trim().split('\n').pop()!) as SparkRun;
    // The first Spark run starts the Python workers and loads the validators in each: it is shown, not counted.
    const [cold, ...warm] = figures.seconds;
    const sparkRate = lines / median(warm) / CORES;
    const nodeRate = lines / median(nodeSeconds) / CORES;
    say(
      `Method: the bench's log (bench/ndjson-log.ts) of ${lines.toLocaleString('en-US')} lines (${megabytes.toFixed(1)} MB), variant a2a, on this machine (${CORES} cores for each). Spark: pyspark ${sparkVersion(python)} in \`local[${CORES}]\` (${figures.partitions} partitions), one session, \`validate_ndjson(...)\` (the human report) with every line's text brought back in order to the driver (\`toLocalIterator\`, as \`python -m bindu_protocol.spark\` does); the median of ${warm.length} runs after a first one, which starts the Python workers (shown apart), as does the session's start-up. Node: \`dist/bin.mjs validate --ndjson --variant a2a --jobs ${CORES}\`, a fresh process each time (start-up included), the human report to a pipe, the median of ${nodeSeconds.length} runs, half before the Spark runs and half after. Load average (1 min): ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after.`,
    );
    say();
    say('| | lines/s per core | seconds | ratio |');
    say('|---|---:|---:|---:|');
    say(
      `| Spark \`local[${CORES}]\`, bindu_protocol.spark | ${rate(sparkRate)} | ${median(warm).toFixed(2)} | ${(sparkRate / nodeRate).toFixed(2)}× |`,
    );
    say(`| Node \`validate --ndjson --jobs ${CORES}\` | ${rate(nodeRate)} | ${median(nodeSeconds).toFixed(2)} | 1.00× |`);
    say(`| Spark's first run (Python workers starting) | ${rate(lines / cold! / CORES)} | ${cold!.toFixed(2)} | |`);
    say(`| Spark session start-up (once) | | ${figures.startup.toFixed(2)} | |`);
    say();
    const counted = `${(figures.valid + figures.invalid).toLocaleString('en-US')} payloads: ${figures.valid.toLocaleString('en-US')} valid, ${figures.invalid.toLocaleString('en-US')} invalid`;
    say(`Both counted the same: Node "${nodeSummary}", Spark "${counted}"${counted === nodeSummary ? '' : ' (they differ: a defect)'}.`);
    say();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function sparkVersion(python: string): string {
  const run = spawnSync(python, ['-c', 'import pyspark; print(pyspark.__version__)'], { encoding: 'utf8' });
  return run.stdout.trim() || 'unknown';
}
