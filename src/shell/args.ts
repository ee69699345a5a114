/**
 * The command line's argument parsing, shared by every command module (src/commands/cli.ts only picks the
 * command and runs it; no command module imports it).
 *
 * Node's `util.parseArgs` splits the arguments into tokens (`--name value`, `--name=value`, `-h`,
 * grouped short options, `--` and positionals); the rules on them are the CLI's own, with its own
 * messages: an option the command does not know is a usage error, a flag takes no value, a valued
 * option needs a non-empty one (the next argument is that value, even when it starts with a
 * dash). A repeated option keeps its last value.
 */
import { parseArgs as tokenize } from 'node:util';
import { defaultVariant, variantNames, type VariantName } from '../library/variants.js';

/** A usage error: the command line is wrong (exit 2, with a pointer to `--help`). */
export class UsageError extends Error {}

/** Where a command writes (stdout, stderr, or a test's collector). */
export type Write = (text: string) => void;

export interface Parsed {
  readonly positionals: string[];
  readonly options: Map<string, string | true>;
}

/**
 * Parses the arguments of one command. `valued` names the options that take a value, `flags` the
 * ones that take none; `-h` is `--help`. Throws a UsageError naming the option at fault.
 */
export function parseArgs(argv: readonly string[], valued: readonly string[], flags: readonly string[]): Parsed {
  const config: Record<string, { type: 'string' | 'boolean'; short?: string }> = { help: { type: 'boolean', short: 'h' } };
  for (const name of valued) config[name] = { type: 'string' };
  for (const name of flags) config[name] = { type: 'boolean', ...(name === 'help' ? { short: 'h' } : {}) };
  // Not strict: the tokens come back as written, and the checks below say what is wrong in the
  // CLI's words.
  const { tokens } = tokenize({ args: [...argv], options: config, strict: false, allowPositionals: true, tokens: true });
  const positionals: string[] = [];
  const options = new Map<string, string | true>();
  for (const token of tokens) {
    if (token.kind === 'positional') {
      positionals.push(token.value);
      continue;
    }
    if (token.kind !== 'option') continue; // the `--` that ends the options
    const { name, rawName } = token;
    if (name === 'help' || flags.includes(name)) {
      if (token.value !== undefined) throw new UsageError(`option --${name} takes no value`);
      options.set(name, true);
    } else if (valued.includes(name)) {
      if (token.value === undefined || token.value === '') throw new UsageError(`option --${name} needs a value`);
      options.set(name, token.value);
    } else {
      throw new UsageError(`unknown option ${rawName}`);
    }
  }
  return { positionals, options };
}

/** The variant an `--variant` option names, or the default. */
export function variantOption(options: ReadonlyMap<string, string | true>): VariantName {
  const value = options.get('variant');
  if (value === undefined) return defaultVariant;
  if (typeof value === 'string' && (variantNames as readonly string[]).includes(value)) return value as VariantName;
  throw new UsageError(`unknown variant "${String(value)}" (expected one of: ${variantNames.join(', ')})`);
}
