/**
 * The one way the CLI writes a file (`--junit FILE`, `convert --output FILE`): atomically, so an
 * interrupted run leaves the old file or none, never half a file. The data goes to a hidden
 * `.<name>.<pid>.<n>.tmp` beside the target, is flushed and renamed over it (a symbolic link is
 * written through); on any error the temporary file is removed, the target left untouched and a
 * `WriteFileError` with a plain reason thrown. SIGINT, SIGTERM and SIGHUP wait for the write to end;
 * a temporary file a SIGKILL leaves is removed by the next write to the same target.
 * CONTRIBUTING "Runtime notes" has the steps, "Hostile input" what the tests hold it to.
 */
import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readdirSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
  accessSync,
  constants,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/** A write that failed: `reason` says why in plain words; the target is as it was. */
export class WriteFileError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
    readonly code?: string,
  ) {
    super(reason);
    this.name = 'WriteFileError';
  }
}

const HELD_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
let counter = 0;

/** The plain-words reason of a file system error code. */
function reasonOf(error: unknown, directory: string): { reason: string; code?: string } {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const reasons: Record<string, string> = {
    ENOENT: `the directory ${directory} does not exist`,
    ENOTDIR: `${directory} is not a directory`,
    EISDIR: 'it is a directory',
    EACCES: `permission denied (the directory ${directory} or the file is not writable)`,
    EPERM: `permission denied (the directory ${directory} or the file is not writable)`,
    EROFS: 'the file system is read-only',
    ENOSPC: 'no space left on the device',
    EDQUOT: 'the disk quota is exceeded',
    EFBIG: 'the file would exceed the file-size limit (ulimit -f)',
    EIO: 'an input/output error on the device',
  };
  const reason =
    code !== undefined && reasons[code] !== undefined ? reasons[code]! : error instanceof Error ? error.message : String(error);
  return { reason, ...(code !== undefined ? { code } : {}) };
}

/** The path the data really goes to: a symbolic link is followed. */
function targetOf(file: string): string {
  const absolute = resolve(file);
  try {
    return realpathSync(absolute);
  } catch {
    return absolute;
  }
}

/**
 * Why `file` cannot be written, found before any work is done (the directory is missing or is not
 * a directory or not writable, the target is not a regular file), or undefined when it looks
 * writable. The write itself can still fail (no space); `writeFileAtomic` reports that.
 */
export function whyNotWritable(file: string): string | undefined {
  const target = targetOf(file);
  const directory = dirname(target);
  if (!existsSync(directory)) return `the directory ${directory} does not exist`;
  if (!statSync(directory).isDirectory()) return `${directory} is not a directory`;
  if (existsSync(target) && !statSync(target).isFile())
    return statSync(target).isDirectory() ? 'it is a directory' : 'it is not a regular file';
  try {
    accessSync(directory, constants.W_OK);
  } catch {
    return `permission denied (the directory ${directory} is not writable)`;
  }
  return undefined;
}

/** Writes `data` to `file` atomically (see the module comment). Throws WriteFileError. */
export function writeFileAtomic(file: string, data: string | Uint8Array): void {
  const target = targetOf(file);
  const directory = dirname(target);
  const temp = join(directory, `.${basename(target)}.${process.pid}.${++counter}.tmp`);
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;

  // Hold the interrupting signals until the write is over (a listener makes Node deliver them
  // from the event loop instead of ending the process on the spot).
  const onSignal = (signal: NodeJS.Signals) => {
    removeTemp(temp);
    release();
    // Other listeners (an embedding program's own) decide; otherwise end as the signal would have.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  const release = () => {
    for (const signal of HELD_SIGNALS) process.removeListener(signal, onSignal);
  };
  for (const signal of HELD_SIGNALS) process.on(signal, onSignal);

  let fd: number | undefined;
  try {
    let mode: number | undefined;
    try {
      const old = statSync(target);
      if (old.isDirectory()) throw Object.assign(new Error('it is a directory'), { code: 'EISDIR' });
      mode = old.mode & 0o777;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    fd = openSync(temp, 'wx', mode ?? 0o666);
    for (let offset = 0; offset < bytes.length; ) offset += writeSync(fd, bytes, offset, bytes.length - offset);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    if (mode !== undefined) chmodSync(temp, mode); // the umask may have narrowed what openSync set
    renameSync(temp, target);
  } catch (error) {
    if (fd !== undefined) {
      try {
        closeSync(fd);
      } catch {
        // already unusable; the file is removed below
      }
    }
    removeTemp(temp);
    const { reason, code } = reasonOf(error, directory);
    throw new WriteFileError(file, reason, code);
  } finally {
    // A held signal is delivered from the event loop's poll phase. Stop holding only after one
    // has surely run: two check-phase hops (one whatever phase this write ran in, one more after
    // a full poll); they also keep the loop alive for it when the program is about to end.
    setImmediate(() => setImmediate(release));
  }
  syncDirectory(directory);
  removeStale(directory, basename(target));
}

/** Whether a process with this id is alive (one of another user's counts: EPERM). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temporary files that earlier writes to `name` left in `directory` when they were
 * killed (SIGKILL, a power cut): `.<name>.<pid>.<n>.tmp` of a process that is no longer alive.
 * Best effort: a file that cannot be listed or removed is left as it is.
 */
function removeStale(directory: string, name: string): void {
  const prefix = `.${name}.`;
  let entries: string[];
  try {
    entries = readdirSync(directory);
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!entry.startsWith(prefix) || !entry.endsWith('.tmp')) continue;
    const match = /^(\d+)\.\d+\.tmp$/.exec(entry.slice(prefix.length));
    if (match === null) continue;
    const pid = Number(match[1]);
    if (pid === process.pid || !Number.isSafeInteger(pid) || pid <= 0 || alive(pid)) continue;
    removeTemp(join(directory, entry));
  }
}

function removeTemp(temp: string): void {
  try {
    unlinkSync(temp);
  } catch {
    // not there (renamed, or never created)
  }
}

/** Flushes a directory entry change to the disk; not every platform or file system allows it. */
function syncDirectory(directory: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(directory, 'r');
    fsyncSync(fd);
  } catch {
    // best effort
  } finally {
    if (fd !== undefined) {
      try {
        closeSync(fd);
      } catch {
        // ignore
      }
    }
  }
}
