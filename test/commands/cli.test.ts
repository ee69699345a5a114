/**
 * The `bindu-protocol` command as built (`dist/src/bin.js`) and as `npx` finds it in a checkout.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { a2a, bindu } from '../../src/library/typebox-variants.js';
import { ROOT, cli } from '../helpers.js';

const lines = (text: string) => text.split('\n').filter(Boolean);

describe('bindu-protocol list', () => {
  it('list types --variant a2a prints the 93 official names, sorted, one a line', () => {
    const result = cli(['list', 'types', '--variant', 'a2a']);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    const names = lines(result.stdout);
    expect(names.length).toBe(93);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining(['Task', 'Message', 'AgentCard', 'SendMessageRequest', 'A2AError']));
  });

  it('list types --variant bindu adds the Bindu types', () => {
    const names = lines(cli(['list', 'types', '--variant=bindu']).stdout);
    expect(names).toEqual(Object.keys(bindu.definitions).sort());
    expect(names).toEqual(
      expect.arrayContaining(['Context', 'NegotiationProposal', 'PaymentMandate', 'AgentTrust', 'Skill', 'Conversation']),
    );
  });

  it('list methods prints the registry in order; bindu is the default variant', () => {
    expect(lines(cli(['list', 'methods', '--variant', 'a2a']).stdout)).toEqual(a2a.methods.map((method) => method.method));
    const binduMethods = lines(cli(['list', 'methods']).stdout);
    expect(binduMethods).toEqual(bindu.methods.map((method) => method.method));
    expect(binduMethods).toEqual(
      expect.arrayContaining(['tasks/list', 'tasks/feedback', 'contexts/list', 'contexts/clear', 'context/get', 'contexts/get']),
    );
  });

  it('usage errors exit 2 with a message on stderr and nothing on stdout', () => {
    for (const args of [
      ['list'],
      ['list', 'things'],
      ['list', 'types', '--variant', 'nope'],
      ['list', 'types', '--bogus'],
      ['frobnicate'],
      ['list', 'types', '--variant'],
    ]) {
      const result = cli(args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stdout, args.join(' ')).toBe('');
      expect(result.stderr, args.join(' ')).toMatch(/^bindu-protocol: .+\nRun 'bindu-protocol --help' for usage\.\n$/);
    }
  });

  it('--help exits 0 and names the commands; no arguments prints usage and exits 2', () => {
    const help = cli(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/list types/);
    expect(cli(['list', '--help']).stdout).toMatch(/^usage: bindu-protocol list/);
    expect(cli([]).status).toBe(2);
    expect(cli(['--version']).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it('npx bindu-protocol works from inside the checkout', () => {
    const result = spawnSync('npx', ['--no-install', 'bindu-protocol', 'list', 'methods', '--variant', 'a2a'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(result.status, result.stderr).toBe(0);
    expect(lines(result.stdout)).toEqual(a2a.methods.map((method) => method.method));
  }, 120_000);
});
