/**
 * The `bindu-protocol` command.
 *
 * Exit codes (every command): 0 success · 1 the checked input is invalid · 2 usage or input error.
 * Output meant for scripts goes to stdout, one item a line; diagnostics go to stderr.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultVariant, variants, type VariantName } from './variants.js';

const USAGE = `usage: bindu-protocol <command> [options]

commands:
  list types [--variant V]     the type names of a variant, one a line
  list methods [--variant V]   the JSON-RPC method names of a variant, one a line

options:
  --variant V    a2a | bindu (default: ${defaultVariant})
  -h, --help     show help for a command
  --version      print the package version
`;

const LIST_USAGE = `usage: bindu-protocol list types|methods [--variant a2a|bindu]

Prints the type names (sorted) or the method names (in registry order) of a variant, one a line.
`;

export class UsageError extends Error {}

interface Parsed {
  readonly positionals: string[];
  readonly options: Map<string, string | true>;
}

/** Parses `--name value`, `--name=value` and bare flags; `flags` lists the options that take no value. */
export function parseArgs(argv: readonly string[], valued: readonly string[], flags: readonly string[]): Parsed {
  const positionals: string[] = [];
  const options = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (arg === '-h') {
      options.set('help', true);
      continue;
    }
    if (!arg.startsWith('--') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    if (flags.includes(name)) {
      if (eq !== -1) throw new UsageError(`option --${name} takes no value`);
      options.set(name, true);
    } else if (valued.includes(name)) {
      const value = eq !== -1 ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined || value === '') throw new UsageError(`option --${name} needs a value`);
      options.set(name, value);
    } else {
      throw new UsageError(`unknown option --${name}`);
    }
  }
  return { positionals, options };
}

/** The variant an `--variant` option names, or the default. */
export function variantOption(options: Map<string, string | true>): VariantName {
  const value = options.get('variant');
  if (value === undefined) return defaultVariant;
  if (typeof value === 'string' && value in variants) return value as VariantName;
  throw new UsageError(`unknown variant "${String(value)}" (expected one of: ${Object.keys(variants).join(', ')})`);
}

function list(argv: readonly string[], out: (text: string) => void): number {
  const { positionals, options } = parseArgs(argv, ['variant'], ['help']);
  if (options.has('help')) {
    out(LIST_USAGE);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError('list needs exactly one of: types, methods');
  const variant = variants[variantOption(options)];
  const what = positionals[0];
  if (what === 'types') out(Object.keys(variant.definitions).sort().map((name) => `${name}\n`).join(''));
  else if (what === 'methods') out(variant.methods.map((method) => `${method.method}\n`).join(''));
  else throw new UsageError(`list: unknown listing "${what}" (expected types or methods)`);
  return 0;
}

const COMMANDS: Record<string, (argv: readonly string[], out: (text: string) => void) => number> = { list };

/** Runs the command line; returns the exit code. Never throws for bad input. */
export function run(argv: readonly string[], out = (text: string) => void process.stdout.write(text), err = (text: string) => void process.stderr.write(text)): number {
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
      out(USAGE);
      return command === undefined ? 2 : 0;
    }
    if (command === '--version') {
      out(`${VERSION}\n`);
      return 0;
    }
    const handler = COMMANDS[command];
    if (!handler) throw new UsageError(`unknown command "${command}"`);
    return handler(rest, out);
  } catch (error) {
    if (error instanceof UsageError) {
      err(`bindu-protocol: ${error.message}\nRun 'bindu-protocol --help' for usage.\n`);
      return 2;
    }
    err(`bindu-protocol: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
}

/** The package version, read from the package.json above this file (in src/ or in dist/src/). */
function packageVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      const pkg = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'bindu-protocol' && pkg.version) return pkg.version;
    }
    const parent = dirname(dir);
    if (parent === dir) return 'unknown';
    dir = parent;
  }
}

const VERSION = packageVersion();
