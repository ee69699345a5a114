/** src/shell/interrupted.ts: resolves with the signal that came, and leaves no listener behind. */
import { describe, expect, it } from 'vitest';
import { interrupted } from '../../src/shell/interrupted.js';

describe('interrupted', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)('resolves with %s and removes both listeners', async (signal) => {
    const before = { int: process.listenerCount('SIGINT'), term: process.listenerCount('SIGTERM') };
    const waiting = interrupted();
    expect(process.listenerCount('SIGINT')).toBe(before.int + 1);
    process.emit(signal, signal);
    await expect(waiting).resolves.toBe(signal);
    expect({ int: process.listenerCount('SIGINT'), term: process.listenerCount('SIGTERM') }).toEqual(before);
  });
});
