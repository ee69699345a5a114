/**
 * `npx tsx bench/ndjson-jobs.ts [--rounds N] [--lines N] [--base DIR] [--jobs N]`: issue 24's `--jobs 2` target alone.
 * `dist/bin.mjs validate --ndjson --json --variant a2a --jobs 2` on the bench's log against its ceiling, two
 * `--jobs 1` processes at once on the log's halves; fresh processes timed by /usr/bin/time, in rotation, medians.
 * `--base DIR` adds the same two runs of another built package root (a copy of dist/bin.mjs, dist/validate-worker.mjs,
 * package.json, generated/, a node_modules link), alternated with this one's. Prints the load before and after.
 */
import { spawnSync, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeHalves, writeTrafficLog } from './ndjson-log.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const option = (name: string): string | undefined => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
};
const ROUNDS = Number(option('rounds') ?? 5);
const LINES = Number(option('lines') ?? 100_000);
const JOBS = Number(option('jobs') ?? 2);
const BASE = option('base');

const dir = mkdtempSync(join(tmpdir(), 'bindu-ndjson-jobs-'));
// The log and its halves (230 MB) go, however the run ends.
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const log = join(dir, 'traffic.ndjson');
const halves = [join(dir, 'half-1.ndjson'), join(dir, 'half-2.ndjson')] as const;
await writeTrafficLog(ROOT, log, LINES);
writeHalves(log, halves);
const megabytes = statSync(log).size / 1e6;

const quote = (arg: string) => `'${arg.replace(/'/g, "'\\''")}'`;
const cli = (root: string, jobs: number, file: string) =>
  [process.execPath, join(root, 'dist/bin.mjs'), 'validate', '--ndjson', '--json', '--variant', 'a2a', '--jobs', String(jobs), file]
    .map(quote)
    .join(' ');

interface Case {
  readonly name: string;
  readonly shell: string;
  readonly runs: { seconds: number; rssMb: number; cpu: number }[];
}
const cases: Case[] = [];
const add = (name: string, shell: string) => cases.push({ name, shell, runs: [] });
for (const [label, root] of BASE ? [['this', ROOT] as const, ['base', resolve(BASE)] as const] : [['this', ROOT] as const]) {
  add(`${label} --jobs ${JOBS}`, `${cli(root, JOBS, log)} > /dev/null`);
  add(`${label} halves`, `${cli(root, 1, halves[0])} > /dev/null & ${cli(root, 1, halves[1])} > /dev/null; wait`);
}

// The output with N jobs is the same bytes as with one (a check of the build measured, not a test).
const digest = (shell: string) =>
  createHash('sha256')
    .update(spawnSync('sh', ['-c', shell], { maxBuffer: 1 << 30 }).stdout)
    .digest('hex');
const reference = digest(cli(ROOT, 1, log));
const same = reference === digest(cli(ROOT, JOBS, log));
if (BASE && digest(cli(resolve(BASE), JOBS, log)) !== reference) throw new Error(`${BASE} writes other output: not a working build?`);

const load = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
const loadBefore = load();
for (let round = 0; round < ROUNDS; round++)
  for (const item of cases) {
    const run = spawnSync('/usr/bin/time', ['-f', '%e %M %U %S', 'sh', '-c', item.shell], { encoding: 'utf8' });
    const [seconds, maxKb, user, system] = (run.stderr.trim().split('\n').pop() ?? '').split(' ').map(Number) as [
      number,
      number,
      number,
      number,
    ];
    if (run.status !== 0 && run.status !== 1) throw new Error(`${item.name} failed (${run.status}): ${run.stderr}`);
    item.runs.push({ seconds, rssMb: maxKb / 1024, cpu: user + system });
  }
const loadAfter = load();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(
  `log: ${LINES} lines, ${megabytes.toFixed(1)} MB; ${ROUNDS} rounds in rotation; --jobs ${JOBS} output same as --jobs 1: ${same}`,
);
console.log(`load before: ${loadBefore}\nload after:  ${loadAfter}`);
console.log('| run | median s | MB/s | CPU s | peak RSS MB (median, max) | each run s |');
console.log('|---|---:|---:|---:|---:|---|');
for (const item of cases) {
  const s = median(item.runs.map((run) => run.seconds));
  console.log(
    `| ${item.name} | ${s.toFixed(2)} | ${(megabytes / s).toFixed(1)} | ${median(item.runs.map((run) => run.cpu)).toFixed(2)} | ${median(item.runs.map((run) => run.rssMb)).toFixed(0)}, ${Math.max(...item.runs.map((run) => run.rssMb)).toFixed(0)} | ${item.runs.map((run) => run.seconds.toFixed(2)).join(' ')} |`,
  );
}
for (let k = 0; k < cases.length; k += 2) {
  const jobs = cases[k]!;
  const ceiling = cases[k + 1]!;
  const perRound = jobs.runs.map((run, i) => ceiling.runs[i]!.seconds / run.seconds);
  console.log(
    `${jobs.name} ÷ ceiling: ${(median(ceiling.runs.map((run) => run.seconds)) / median(jobs.runs.map((run) => run.seconds))).toFixed(2)}× (medians); per round ${perRound.map((r) => r.toFixed(2)).join(' ')}, median ${median(perRound).toFixed(2)}×`,
  );
}
