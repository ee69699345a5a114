/**
 * Files the CLI writes (`conformance --junit`, `check-server --junit`, `convert --output`) are
 * written atomically (src/shell/write-file-atomic.ts): a run interrupted while writing leaves the old file or
 * none, never half a file.
 *
 * Interruptions, all on the built CLI (dist/src/bin.js):
 * - a real file-size limit (`ulimit -f`): the kernel refuses the write half way (EFBIG);
 * - SIGKILL in the middle of the write: a preloaded module (`node --import`) wraps fs.writeSync,
 *   lets through the first N bytes written to the temporary file, then kills the process, for
 *   several N: exactly the moment a crash can hurt;
 * - SIGTERM and SIGINT in the middle of the write, the same way;
 * - SIGKILL at moments spread over a whole `convert --output` run, without any hook.
 * After each, the target must hold the old bytes or a whole new document (parsed: XML that ends
 * with </testsuites>, or JSON).
 */
import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrokenServer } from '../fixtures/servers/broken.js';
import type { RunningServer } from '../fixtures/servers/echo.js';
import { ROOT } from '../helpers.js';

const BIN = process.env.BINDU_PROTOCOL_BIN ?? join(ROOT, 'dist', 'src', 'bin.js');
const OLD = '<old file: the previous run wrote this and it must survive an interrupted write/>\n';

let dir: string;
let hook: string;
let server: RunningServer;
let input: string;

/**
 * The preloaded module: after CUT_AFTER bytes have gone into a file opened under CUT_DIR (the
 * test's scratch directory: the writer's temporary file, or whatever file a writer opens there),
 * sends CUT_SIGNAL to its own process; a SIGKILL ends it right there, another signal is then up
 * to the program.
 */
const HOOK = `
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
const after = Number(process.env.CUT_AFTER);
const signal = process.env.CUT_SIGNAL;
const watched = new Set();
let written = 0;
let fired = false;
const openSync = fs.openSync;
fs.openSync = function (path, ...rest) {
  const fd = openSync.call(this, path, ...rest);
  if (String(path).startsWith(process.env.CUT_DIR)) watched.add(fd);
  return fd;
};
const writeSync = fs.writeSync;
fs.writeSync = function (fd, buffer, offset, length, ...rest) {
  if (!watched.has(fd) || fired || typeof buffer === 'string') return writeSync.call(this, fd, buffer, offset, length, ...rest);
  const room = after - written;
  if (length <= room) {
    const n = writeSync.call(this, fd, buffer, offset, length, ...rest);
    written += n;
    return n;
  }
  const n = room > 0 ? writeSync.call(this, fd, buffer, offset, room) : 0;
  written += n;
  fired = true;
  process.kill(process.pid, signal);
  return n;
};
syncBuiltinESMExports();
`;

interface Run {
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the CLI; `cut` wraps it with the hook, `fileLimitKb` under `ulimit -f`, `killAfterMs` SIGKILLs it from outside. */
function run(
  args: string[],
  options: { cut?: { after: number; signal: NodeJS.Signals }; fileLimitKb?: number; killAfterMs?: number; withoutOverride?: boolean } = {},
): Promise<Run> {
  const node = [...(options.cut ? ['--import', pathToFileURL(hook).href] : []), BIN, ...args];
  let [command, argv] =
    options.fileLimitKb === undefined
      ? [process.execPath, node]
      : ['bash', ['-c', `ulimit -f ${options.fileLimitKb}; exec "$0" "$@"`, process.execPath, ...node]];
  // setpriv (util-linux) takes CAP_DAC_OVERRIDE out of the capability bounding set of this one
  // process, so root is refused a write that the permission bits forbid. It keeps its user id
  // and CAP_DAC_READ_SEARCH (reading any file, entering any directory): the checkout, dist/ and
  // node_modules stay reachable wherever the clone is (under /root, in a 0700 directory).
  if (options.withoutOverride) [command, argv] = ['setpriv', ['--bounding-set=-dac_override', '--', command, ...argv]];
  return new Promise((resolve) => {
    const child = spawn(command, argv, {
      cwd: ROOT,
      env: {
        ...process.env,
        NO_COLOR: '1',
        ...(options.cut ? { CUT_AFTER: String(options.cut.after), CUT_SIGNAL: options.cut.signal, CUT_DIR: dir } : {}),
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const killer = options.killAfterMs !== undefined ? setTimeout(() => child.kill('SIGKILL'), options.killAfterMs) : undefined;
    const guard = setTimeout(() => child.kill('SIGKILL'), 40_000);
    child.on('close', (status, signal) => {
      clearTimeout(killer);
      clearTimeout(guard);
      resolve({ status, signal, stdout, stderr });
    });
  });
}

/** At most `limit` promises at a time (a few node processes at once is what a small machine takes). */
async function pool<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await task(items[i]!);
      }
    }),
  );
  return results;
}

/** The hidden temporary files the writer leaves beside `file` (`.<name>.<pid>.<n>.tmp`). */
function leftovers(file: string): string[] {
  const name = file.slice(file.lastIndexOf('/') + 1);
  const parent = file.slice(0, file.lastIndexOf('/'));
  return readdirSync(parent).filter((entry) => entry.startsWith(`.${name}.`) && entry.endsWith('.tmp'));
}

type Kind = 'xml' | 'json';

/** The target holds the old bytes, or none, or a whole new document of its kind: never a part. */
function oldOrWhole(file: string, kind: Kind): 'old' | 'new' | 'none' {
  if (!existsSync(file)) return 'none';
  const text = readFileSync(file, 'utf8');
  if (text === OLD) return 'old';
  if (kind === 'json') {
    expect(() => JSON.parse(text), `${file} is not whole JSON`).not.toThrow();
  } else {
    expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites '), `${file} does not start as a report`).toBe(true);
    expect(text.endsWith('</testsuites>\n'), `${file} does not end as a report`).toBe(true);
    // As many start tags as end tags for the elements that have both.
    for (const tag of ['testsuites', 'testsuite']) expect(text.split(`<${tag} `).length, tag).toBe(text.split(`</${tag}>`).length);
  }
  return 'new';
}

interface Subject {
  readonly name: string;
  readonly kind: Kind;
  /** The arguments, writing to `file`. */
  readonly args: (file: string) => string[];
  /** The exit code of an uninterrupted run. */
  readonly exit: number;
  /** Roughly how large the output is, in bytes (found by a first run). */
  size: number;
}

const subjects: Subject[] = [
  { name: 'conformance --junit', kind: 'xml', args: (file) => ['conformance', '--variant', 'aion', '--junit', file], exit: 0, size: 0 },
  {
    name: 'check-server --junit',
    kind: 'xml',
    args: (file) => ['check-server', server.url, '--variant', 'a2a', '--timeout', '3s', '--junit', file],
    exit: 0,
    size: 0,
  },
  {
    name: 'convert --output',
    kind: 'json',
    args: (file) => ['convert', '--from', 'a2a', '--to', 'aion', '--type', 'Message', '--output', file, input],
    exit: 0,
    size: 0,
  },
];

let fresh = 0;
/** A new target path in the scratch directory, holding OLD unless `empty`. */
function target(subject: Subject, empty = false): string {
  const sub = join(dir, `${subject.name.replace(/\W+/g, '-')}-${fresh++}`);
  mkdirSync(sub);
  const file = join(sub, subject.kind === 'xml' ? 'report.xml' : 'out.json');
  if (!empty) writeFileSync(file, OLD);
  return file;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'atomic-writes-'));
  hook = join(dir, 'cut-hook.mjs');
  writeFileSync(hook, HOOK);
  server = await startBrokenServer();
  // A message whose conversion is about 200 KB, so a write takes more than one system call.
  input = join(dir, 'message.json');
  const parts = Array.from({ length: 2_000 }, (_, i) => ({ kind: 'text', text: `part ${i} ${'lorem ipsum '.repeat(6)}` }));
  writeFileSync(input, JSON.stringify({ kind: 'message', messageId: 'm-1', role: 'user', parts }));
  // A first, uninterrupted run of each: it must replace OLD with a whole document.
  await pool(subjects, 3, async (subject) => {
    const file = target(subject);
    const result = await run(subject.args(file));
    expect(result.status, `${subject.name}: ${result.stderr}`).toBe(subject.exit);
    expect(oldOrWhole(file, subject.kind)).toBe('new');
    expect(leftovers(file)).toEqual([]);
    subject.size = statSync(file).size;
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.each(subjects)('$name', (subject) => {
  it('SIGKILL in the middle of the write: the old file stays, byte for byte; the temporary file is what remains', async () => {
    expect(subject.size).toBeGreaterThan(1_000);
    const cuts = [0, 1, subject.size >> 1, subject.size - 1];
    const outcomes = await pool(cuts, 2, async (after) => {
      const file = target(subject);
      const result = await run(subject.args(file), { cut: { after, signal: 'SIGKILL' } });
      return { after, file, result, state: oldOrWhole(file, subject.kind), left: leftovers(file) };
    });
    for (const { after, file, result, state, left } of outcomes) {
      expect(result.signal, `cut after ${after}`).toBe('SIGKILL');
      expect(state, `cut after ${after}`).toBe('old');
      // SIGKILL cannot be caught: the hidden temporary file, holding the bytes written so far, stays.
      expect(left, `cut after ${after}`).toHaveLength(1);
      expect(left[0]).toMatch(/^\.(report\.xml|out\.json)\.\d+\.\d+\.tmp$/);
      expect(statSync(join(file, '..', left[0]!)).size).toBe(after);
    }
  }, 60_000);

  it('the next write removes the temporary file a killed run left; one of a live process stays', async () => {
    const file = target(subject);
    const killed = await run(subject.args(file), { cut: { after: subject.size >> 1, signal: 'SIGKILL' } });
    expect(killed.signal).toBe('SIGKILL');
    const [stale] = leftovers(file);
    expect(stale).toMatch(/^\.(report\.xml|out\.json)\.\d+\.\d+\.tmp$/);
    // A temporary file named by a live process (this test's own): a write under way elsewhere.
    const name = file.slice(file.lastIndexOf('/') + 1);
    const live = `.${name}.${process.pid}.7.tmp`;
    writeFileSync(join(file, '..', live), 'a write under way');
    // Files that only look alike: another target's, and one of no pid.
    const others = [`.other-${name}.999999999.1.tmp`, `.${name}.x.1.tmp`];
    for (const other of others) writeFileSync(join(file, '..', other), '');
    const result = await run(subject.args(file));
    expect(result.status, result.stderr).toBe(subject.exit);
    expect(oldOrWhole(file, subject.kind)).toBe('new');
    expect(leftovers(file).sort()).toEqual([live, `.${name}.x.1.tmp`].sort());
    expect(existsSync(join(file, '..', others[0]!))).toBe(true);
  }, 60_000);

  it('with no old file, SIGKILL in the middle leaves none (not a partial one)', async () => {
    const file = target(subject, true);
    const result = await run(subject.args(file), { cut: { after: subject.size >> 1, signal: 'SIGKILL' } });
    expect(result.signal).toBe('SIGKILL');
    expect(oldOrWhole(file, subject.kind)).toBe('none');
  }, 60_000);

  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s in the middle of the write: held until the write is whole, then it ends the run; no temporary file',
    async (signal) => {
      const file = target(subject);
      const result = await run(subject.args(file), { cut: { after: subject.size >> 1, signal } });
      expect(result.signal, result.stderr).toBe(signal);
      expect(oldOrWhole(file, subject.kind)).toBe('new');
      expect(leftovers(file)).toEqual([]);
    },
    60_000,
  );

  it('a file-size limit (ulimit -f) that stops the write half way: exit 2, a clear message, the old file intact, no temporary file', async () => {
    const file = target(subject);
    const limitKb = Math.max(1, Math.floor(subject.size / 1024 / 2));
    const result = await run(subject.args(file), { fileLimitKb: limitKb });
    expect(result.status, result.stderr).toBe(2);
    expect(result.stderr).toMatch(
      /^bindu-protocol: cannot write (the JUnit report to )?".+": the file would exceed the file-size limit \(ulimit -f\)\n$/,
    );
    expect(oldOrWhole(file, subject.kind)).toBe('old');
    expect(leftovers(file)).toEqual([]);
  }, 60_000);

  it('write errors: a missing directory or a directory as the target is exit 2 with the reason, nothing written', async () => {
    const missing = join(dir, 'no-such-directory', subject.kind === 'xml' ? 'report.xml' : 'out.json');
    const isDirectory = join(dir, `a-directory-${fresh++}`);
    mkdirSync(isDirectory);
    const [a, b] = await Promise.all([run(subject.args(missing)), run(subject.args(isDirectory))]);
    expect(a.status).toBe(2);
    // (conformance checks this in src/commands/cli.ts, in words of its own)
    expect(a.stderr).toMatch(
      /^bindu-protocol: cannot write (the JUnit report to )?".+"(: the directory .*no-such-directory does not exist| \(its directory does not exist or it is not a file\))\n/,
    );
    expect(existsSync(join(dir, 'no-such-directory'))).toBe(false);
    expect(b.status).toBe(2);
    expect(b.stderr).toMatch(
      /^bindu-protocol: cannot write (the JUnit report to )?".+"(: it is a directory| \(its directory does not exist or it is not a file\))\n/,
    );
    expect(readdirSync(isDirectory)).toEqual([]);
  }, 60_000);

  it('a read-only directory: exit 2, permission denied, the old file intact', async () => {
    const file = target(subject);
    const parent = join(file, '..');
    chmodSync(parent, 0o555);
    // Root writes anywhere by its capability CAP_DAC_OVERRIDE: as root, the command runs without
    // it (see run), and the directory's permission bits hold for it as for anyone.
    const withoutOverride = process.getuid?.() === 0;
    try {
      const result = await run(subject.args(file), { withoutOverride });
      expect(result.status, result.stderr).toBe(2);
      expect(result.stderr).toMatch(/permission denied/);
      expect(readFileSync(file, 'utf8')).toBe(OLD);
      expect(leftovers(file)).toEqual([]);
    } finally {
      chmodSync(parent, 0o755);
    }
  }, 60_000);
});

describe('convert --output', () => {
  it('SIGKILL at moments spread over whole runs (no hook): the target is always the old file or a whole new one', async () => {
    const subject = subjects[2]!;
    const started = Date.now();
    const probe = target(subject);
    await run(subject.args(probe));
    const span = Date.now() - started;
    const moments = Array.from({ length: 12 }, (_, i) => Math.round((span * (i + 1)) / 12));
    const states = await pool(moments, 3, async (ms) => {
      const file = target(subject);
      await run(subject.args(file), { killAfterMs: ms });
      return oldOrWhole(file, subject.kind);
    });
    expect(states.every((state) => state === 'old' || state === 'new')).toBe(true);
  }, 60_000);

  it('keeps the permission bits of the file it replaces, and writes through a symbolic link', async () => {
    const subject = subjects[2]!;
    const file = target(subject);
    chmodSync(file, 0o600);
    const link = join(file, '..', 'link.json');
    symlinkSync(file, link);
    const result = await run(subject.args(link));
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(oldOrWhole(file, 'json')).toBe('new');
    expect(readFileSync(link, 'utf8')).toBe(readFileSync(file, 'utf8'));
  }, 60_000);

  it('--output with the result on stdout otherwise; --help names it', async () => {
    const subject = subjects[2]!;
    const file = target(subject, true);
    const [written, printed, help] = await Promise.all([
      run(subject.args(file)),
      run(['convert', '--from', 'a2a', '--to', 'aion', '--type', 'Message', input]),
      run(['convert', '--help']),
    ]);
    expect(written.status).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(JSON.parse(printed.stdout));
    expect(help.stdout).toMatch(/--output FILE/);
  }, 60_000);
});
