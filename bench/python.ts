/**
 * The Python section of `npm run bench` (and `npm run bench -- --python` alone): bench/python/run.py in the
 * pinned venv of scripts/python-venv/bench.txt (made by scripts/python-venv.sh on first use), with python/ on
 * its path, over the same payloads as the JavaScript throughput table. Every figure is a ratio measured in that
 * one Python process.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PythonPayload {
  readonly name: string;
  readonly variant: string;
  readonly type: string;
  readonly official?: string;
  readonly value: unknown;
}

interface Figures {
  readonly figures: { name: string; variant: string; vsFastjsonschema: number | null }[];
}

/**
 * The python of the pinned venv `set` (scripts/python-venv.sh, made or reused), or undefined when it cannot be made:
 * then `say` gets the section's "Not measured" line with the script's last words.
 */
export function benchVenv(root: string, set: string, say: (text?: string) => void): string | undefined {
  const venv = spawnSync('bash', [join(root, 'scripts', 'python-venv.sh'), set], { encoding: 'utf8', timeout: 20 * 60_000 });
  if (venv.status === 0) return venv.stdout.trim();
  say(`Not measured: scripts/python-venv.sh ${set} failed (${venv.stderr.trim().split('\n').slice(-3).join(' ')}).`);
  say();
  return undefined;
}

/** Runs the Python bench; `say` gets the table's lines, `target` each "≥ 1.0× fastjsonschema" verdict. */
export function pythonSection(
  root: string,
  official: string,
  payloads: readonly PythonPayload[],
  quick: boolean,
  say: (text?: string) => void,
  target: (name: string, met: boolean, detail: string) => void,
): void {
  say('## Python: `bindu_protocol.validate` against the Python validators (ops/s, higher is better)');
  say();
  const python = benchVenv(root, 'bench', say);
  if (python === undefined) return;
  const dir = mkdtempSync(join(tmpdir(), 'bindu-bench-python-'));
  try {
    const file = join(dir, 'payloads.json');
    writeFileSync(file, JSON.stringify(payloads));
    const run = spawnSync(python, [join(root, 'bench', 'python', 'run.py'), file, official, ...(quick ? ['--quick'] : [])], {
      encoding: 'utf8',
      env: { ...process.env, PYTHONPATH: join(root, 'python') },
      maxBuffer: 1 << 26,
      timeout: 30 * 60_000,
    });
    if (run.status !== 0) {
      say(`Not measured: bench/python/run.py failed (exit ${run.status}): ${run.stderr.trim().split('\n').slice(-3).join(' ')}`);
      say();
      return;
    }
    const out = run.stdout.trim().split('\n');
    const figures = JSON.parse(out.pop()!) as Figures;
    say(
      "Method: one Python process (the venv of `scripts/python-venv.sh bench`, pins in scripts/python-venv/bench.txt), bench/python/run.py; the same parsed value for every contender; each contender runs for a fixed time in turn, interleaved rounds; a rate is calls per CPU second, its median over the rounds; a ratio is the median of the rounds' ratios (spread in brackets). Ours is the whole `validate(type, value, variant=...)` call (its generated closed validator answers a valid payload); fastjsonschema, jsonschema and jsonschema-rs compile the official A2A v0.3.0 schema; pydantic v2 is a `TypeAdapter` over the generated TypedDict.",
    );
    say();
    for (const line of out) say(line);
    for (const figure of figures.figures) {
      const ratio = figure.vsFastjsonschema;
      if (ratio === null) continue;
      target(`Python ${figure.variant} ${figure.name}: validate ≥ 1.0× fastjsonschema`, ratio >= 1, `${ratio.toFixed(2)}×`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
