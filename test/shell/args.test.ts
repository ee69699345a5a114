/** The command line's argument rules (src/shell/args.ts, over Node's util.parseArgs). */
import { describe, expect, it } from 'vitest';
import { parseArgs, UsageError, variantOption } from '../../src/shell/args.js';

const parse = (argv: string[]) => parseArgs(argv, ['variant', 'type'], ['help', 'json']);

describe('parseArgs', () => {
  it('takes --name value, --name=value, flags, -h, - and everything after --', () => {
    const { positionals, options } = parse(['a.json', '--variant', 'aion', '--type=Task', '--json', '-', '-h', '--', '--json', '-x']);
    expect(positionals).toEqual(['a.json', '-', '--json', '-x']);
    expect(Object.fromEntries(options)).toEqual({ variant: 'aion', type: 'Task', json: true, help: true });
  });

  it('a repeated option keeps its last value; the value after an option is taken even with a dash', () => {
    expect(parse(['--type', 'A', '--type', 'B']).options.get('type')).toBe('B');
    expect(parse(['--type', '-']).options.get('type')).toBe('-');
  });

  it.each([
    [['--bogus'], 'unknown option --bogus'],
    [['--bogus=1', 'x'], 'unknown option --bogus'],
    [['-x'], 'unknown option -x'],
    [['--json=yes'], 'option --json takes no value'],
    [['--help=1'], 'option --help takes no value'],
    [['--variant'], 'option --variant needs a value'],
    [['--variant='], 'option --variant needs a value'],
  ])('%j: %s', (argv, message) => {
    expect(() => parse(argv)).toThrow(new UsageError(message));
  });

  it('--variant names a known variant, or the default', () => {
    expect(variantOption(new Map())).toBe('bindu');
    expect(variantOption(new Map([['variant', 'a2a']]))).toBe('a2a');
    expect(() => variantOption(new Map([['variant', 'v9']]))).toThrow(/unknown variant "v9" \(expected one of: a2a, bindu, a2a-v1, aion\)/);
  });
});
