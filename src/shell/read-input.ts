/**
 * Reading a payload's bytes for the commands: a file by path or descriptor, or a stream, never
 * more than `maxBytes` (a regular file is measured with fstat before it is read; a pipe is read
 * until it passes the limit and no further), with the file system's errors in plain words.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { formatBytes, InputError } from '../engine/json-text.js';

const UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  k: 1024,
  kb: 1024,
  kib: 1024,
  m: 1024 ** 2,
  mb: 1024 ** 2,
  mib: 1024 ** 2,
  g: 1024 ** 3,
  gb: 1024 ** 3,
  gib: 1024 ** 3,
};

/** `65536`, `64k`, `64M`, `1G` (binary units) as a number of bytes; undefined when it is not one. */
export function parseByteSize(text: string): number | undefined {
  const match = /^(\d{1,15})([a-z]{0,3})$/i.exec(text.trim());
  if (!match) return undefined;
  const unit = UNITS[match[2]!.toLowerCase()];
  if (unit === undefined) return undefined;
  const bytes = Number(match[1]) * unit;
  return bytes >= 1 && Number.isSafeInteger(bytes) ? bytes : undefined;
}

/** The words for an error of the file system. */
export function describeReadError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a directory';
  if (code === 'EACCES') return 'permission denied';
  if (code === 'ENOTDIR') return 'a part of the path is not a directory';
  return (error as Error).message;
}

function tooLarge(what: string, maxBytes: number, command = 'validate'): InputError {
  const raise =
    command === 'validate'
      ? `raise it with --max-bytes, e.g. --max-bytes ${Math.ceil((maxBytes * 2) / 1024 ** 2)}M`
      : `${command} reads at most that much`;
  return new InputError(`${what} is larger than the limit of ${formatBytes(maxBytes)} (${raise})`);
}

/**
 * Reads a whole file (a path, or an open descriptor such as 0 for stdin), refusing one over
 * `maxBytes`: a regular file by its size, before reading; a pipe or device by stopping at the limit. Throws InputError with the words for the problem.
 */
export function readFileLimited(path: string | number, maxBytes: number, command = 'validate', name = String(path)): Buffer {
  let fd: number;
  try {
    fd = typeof path === 'number' ? path : openSync(path, 'r');
  } catch (error) {
    throw new InputError(`cannot read ${name}: ${describeReadError(error)}`);
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw new InputError(`cannot read ${name}: it is a directory`);
    if (stat.isFile() && stat.size > maxBytes) throw tooLarge(`${name} (${formatBytes(stat.size)})`, maxBytes, command);
    const chunks: Buffer[] = [];
    let total = 0;
    if (stat.isFile() && stat.size > 0) {
      // A file's size is known: one buffer, not chunks copied into one at the end (twice the size at once).
      const whole = Buffer.allocUnsafe(stat.size);
      while (total < whole.length) {
        let read: number;
        try {
          read = readSync(fd, whole, total, whole.length - total, null);
        } catch (error) {
          throw new InputError(`cannot read ${name}: ${describeReadError(error)}`);
        }
        if (read === 0) break;
        total += read;
      }
      if (total < whole.length) return whole.subarray(0, total);
      chunks.push(whole);
    }
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(1 << 20, maxBytes + 1 - total));
      let read: number;
      try {
        read = readSync(fd, chunk, 0, chunk.length, null);
      } catch (error) {
        throw new InputError(`cannot read ${name}: ${describeReadError(error)}`);
      }
      if (read === 0) break;
      chunks.push(read === chunk.length ? chunk : chunk.subarray(0, read));
      total += read;
      if (total > maxBytes) throw tooLarge(name, maxBytes, command);
    }
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total);
  } finally {
    if (typeof path !== 'number') closeSync(fd);
  }
}

/** Reads a stream (stdin) to its end, refusing it once it passes `maxBytes` (the rest is not read). */
export async function readStreamLimited(
  stream: NodeJS.ReadableStream & { destroy?(): void },
  name: string,
  maxBytes: number,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      total += buffer.length;
      if (total > maxBytes) {
        stream.destroy?.();
        throw tooLarge(name, maxBytes);
      }
      chunks.push(buffer);
    }
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`cannot read ${name}: ${describeReadError(error)}`);
  }
  return Buffer.concat(chunks, total);
}
