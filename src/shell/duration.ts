/** Durations on the command line (`--timeout`, `--total-timeout`, `--wait`). */
import { UsageError } from './args.js';

/** Seconds, or milliseconds with `ms`, or seconds with `s`; returns milliseconds. */
export function parseDuration(name: string, text: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s)?$/.exec(text.trim());
  const ms = match ? Number(match[1]) * (match[2] === 'ms' ? 1 : 1000) : NaN;
  if (!Number.isFinite(ms) || ms <= 0)
    throw new UsageError(`option --${name} needs a positive duration such as 10, 10s or 500ms (got "${text}")`);
  return ms;
}
