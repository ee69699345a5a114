/**
 * The `bindu-protocol` command.
 *
 * Exit codes (every command): 0 success · 1 the checked input is invalid · 2 usage or input error.
 * Output meant for scripts goes to stdout, one item a line; diagnostics go to stderr.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultVariant, variantNames, type VariantName } from './lazy-variants.js';
import { loadVariant } from './validate/load.js';
import { packageRoot, variantDirectories } from './conformance/load.js';
import { formatReport, runConformance } from './conformance/runner.js';
import { writeJUnit } from './conformance/junit.js';
import { CONVERT_USAGE, ConvertUsageError, convertCommand } from './convert/command.js';

const USAGE = `usage: bindu-protocol <command> [options]

commands:
  list types [--variant V]     the type names of a variant, one a line
  list methods [--variant V]   the JSON-RPC method names of a variant, one a line
  conformance [--variant V] [--junit FILE]
                               run the bundled conformance suite (every variant unless --variant)
  check-server URL [--variant V] [--only G,...] [--skip G,...] [--probes all|none|N] [--junit FILE]
                               probe a live JSON-RPC agent (A2A v0.3 or v1.0: its card decides)
                               by behaviour group, and validate every answer
  validate [FILE ...|-] [--variant V] [--type NAME] [--strict] [--ndjson] [--json] [--method M]
                               validate JSON payloads from files or stdin (exit 1 if one is invalid)
  proxy TARGET_URL [--listen HOST:PORT] [--variant V] [--strict] [--record FILE] [--json]
                               stand between a client and an agent, validating the live traffic
  convert --from V --to V --type NAME [--output FILE] [FILE|-]
                               convert a value between the A2A v0.3 wire (a2a, bindu) and v1.0 (a2a-v1, aion)

options:
  --variant V    ${variantNames.join(' | ')} (default: ${defaultVariant})
                 a2a: A2A v0.3 · bindu: A2A v0.3 + Bindu · a2a-v1: A2A v1.0 · aion: A2A v1.0 + aion context
  -h, --help     show help for a command
  --version      print the package version
`;

const LIST_USAGE = `usage: bindu-protocol list types|methods [--variant ${variantNames.join('|')}]

Prints the type names (sorted) or the method names (in registry order) of a variant, one a line.
`;

const CONFORMANCE_USAGE = `usage: bindu-protocol conformance [--variant V] [--junit FILE]

Runs the bundled conformance fixtures (conformance/<variant>/) through the validator: lints the
fixture files, checks every case's verdict and expected errors, and measures coverage. Prints the
coverage table, each failure as "id path keyword" (a root path is shown as ""), counts per variant,
and last "N passed, N failed". Lint problems and coverage gaps count as failures.

  --variant V    run one variant only (default: every variant with fixtures)
  --junit FILE   also write a JUnit XML report to FILE (replaced atomically)

exit 0 every case passed · 1 some failed · 2 usage error or unwritable report
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
  if (typeof value === 'string' && (variantNames as readonly string[]).includes(value)) return value as VariantName;
  throw new UsageError(`unknown variant "${String(value)}" (expected one of: ${variantNames.join(', ')})`);
}

function list(argv: readonly string[], out: (text: string) => void): number {
  const { positionals, options } = parseArgs(argv, ['variant'], ['help']);
  if (options.has('help')) {
    out(LIST_USAGE);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError('list needs exactly one of: types, methods');
  const { meta } = loadVariant(variantOption(options));
  const what = positionals[0];
  if (what === 'types') out([...meta.types].sort().map((name) => `${name}\n`).join(''));
  else if (what === 'methods') out(meta.methods.map((method) => `${method.method}\n`).join(''));
  else throw new UsageError(`list: unknown listing "${what}" (expected types or methods)`);
  return 0;
}

function conformance(argv: readonly string[], out: (text: string) => void, err: (text: string) => void): number {
  const { positionals, options } = parseArgs(argv, ['variant', 'junit'], ['help']);
  if (options.has('help')) {
    out(CONFORMANCE_USAGE);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`conformance takes no arguments (got "${positionals[0]}")`);
  const root = packageRoot();
  const present = variantDirectories(join(root, 'conformance'));
  let selected: string[] | undefined;
  if (options.has('variant')) {
    const variant = variantOption(options);
    if (!present.includes(variant)) throw new UsageError(`no conformance fixtures for variant "${variant}" (conformance/${variant}/ does not exist)`);
    selected = [variant];
  } else if (present.length === 0) {
    throw new UsageError('no conformance fixtures found (conformance/<variant>/ directories)');
  }
  const junit = options.get('junit');
  if (typeof junit === 'string' && (!existsSync(dirname(resolve(junit))) || (existsSync(junit) && !statSync(junit).isFile()))) {
    throw new UsageError(`cannot write the JUnit report to "${junit}" (its directory does not exist or it is not a file)`);
  }
  const report = runConformance({ root, ...(selected ? { variants: selected } : {}) });
  out(formatReport(report));
  if (typeof junit === 'string') {
    try {
      writeJUnit(junit, report);
    } catch (error) {
      err(`bindu-protocol: cannot write the JUnit report to "${junit}": ${(error as Error).message}\n`);
      return 2;
    }
  }
  return report.failed > 0 ? 1 : 0;
}

function convert(argv: readonly string[], out: (text: string) => void, err: (text: string) => void): number {
  const { positionals, options } = parseArgs(argv, ['from', 'to', 'type', 'output'], ['help']);
  if (options.has('help')) {
    out(CONVERT_USAGE);
    return 0;
  }
  try {
    return convertCommand({ from: options.get('from'), to: options.get('to'), type: options.get('type'), output: options.get('output'), positionals }, out, err);
  } catch (error) {
    if (error instanceof ConvertUsageError) throw new UsageError(error.message);
    throw error;
  }
}

type Command = (argv: readonly string[], out: (text: string) => void, err: (text: string) => void) => number;

const COMMANDS: Record<string, Command> = { list, conformance, convert };

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
    return handler(rest, out, err);
  } catch (error) {
    if (error instanceof UsageError) {
      err(`bindu-protocol: ${error.message}\nRun 'bindu-protocol --help' for usage.\n`);
      return 2;
    }
    err(`bindu-protocol: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
}

/**
 * Runs the command line like `run`, and also the asynchronous commands (`check-server`, which
 * talks to a live server, and `validate`, which streams its input). The executable calls this. Never throws for bad input.
 */
export async function main(argv: readonly string[], out = (text: string) => void process.stdout.write(text), err = (text: string) => void process.stderr.write(text)): Promise<number> {
  if (argv[0] === 'validate') {
    try {
      const { validateCommand } = await import('./validate/command.js');
      return await validateCommand(argv.slice(1), out, err);
    } catch (error) {
      err(`bindu-protocol: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
      return 2;
    }
  }
  if (argv[0] === 'proxy') {
    try {
      const { proxyCommand } = await import('./proxy/command.js');
      return await proxyCommand(argv.slice(1), out, err);
    } catch (error) {
      err(`bindu-protocol: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
      return 2;
    }
  }
  if (argv[0] !== 'check-server') return run(argv, out, err);
  try {
    const { checkServerCommand } = await import('./check-server/command.js');
    return await checkServerCommand(argv.slice(1), out, err);
  } catch (error) {
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
