/** The `bindu-protocol list` command: the type or method names of a variant, one a line. */
import { parseArgs, UsageError, variantOption, type Write } from '../../shell/args.js';
import { variantNames } from '../../library/variants.js';
import { loadVariant } from '../../engine/load-validators.js';

export const LIST_USAGE = `usage: bindu-protocol list types|methods [--variant ${variantNames.join('|')}]

Prints the type names (sorted) or the method names (in registry order) of a variant, one a line.
`;

/** Runs `list`; returns the exit code. Throws a UsageError for a wrong command line. */
export function listCommand(argv: readonly string[], out: Write): number {
  const { positionals, options } = parseArgs(argv, ['variant'], ['help']);
  if (options.has('help')) {
    out(LIST_USAGE);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError('list needs exactly one of: types, methods');
  const { meta } = loadVariant(variantOption(options));
  const what = positionals[0];
  if (what === 'types')
    out(
      [...meta.types]
        .sort()
        .map((name) => `${name}\n`)
        .join(''),
    );
  else if (what === 'methods') out(meta.methods.map((method) => `${method.method}\n`).join(''));
  else throw new UsageError(`list: unknown listing "${what}" (expected types or methods)`);
  return 0;
}
