/**
 * The executable as published (`dist/bin.mjs`, one bundle): every command loads and answers
 * `--help`. A dependency bundled in a way that breaks at load time (a CommonJS package reaching
 * for Node's `process` through `require` inside an ES module) shows here and nowhere else, since
 * the other tests run the commands from src/.
 */
import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES } from '../src/commands/cli.js';
import { cli } from './helpers.js';

describe('dist/bin.mjs', () => {
  it('knows the commands the source defines', () => {
    expect([...COMMAND_NAMES].sort()).toEqual([
      'check-server',
      'conformance',
      'convert',
      'inspect',
      'list',
      'migrate-card',
      'proxy',
      'sign-card',
      'validate',
      'verify-card',
      'verify-task',
    ]);
  });

  it.each(COMMAND_NAMES)('%s --help loads the command and prints its usage (exit 0, nothing on stderr)', (command) => {
    const result = cli([command, '--help']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(command);
  });
});
