/**
 * The `bindu-protocol` command.
 *
 * Exit codes (every command): 0 success · 1 the checked input is invalid · 2 usage or input error.
 * Output meant for scripts goes to stdout, one item a line; diagnostics go to stderr.
 *
 * This module only picks the command and runs it: each command is a module of its own
 * (src/commands/<command>/command.ts) that parses its arguments with src/shell/args.ts and never imports this
 * one, so the command-line layer has no import cycle (test/layering.test.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError, type Write } from '../shell/args.js';
import { conformanceCommand } from './conformance/command.js';
import { convertCommandLine } from './convert/command.js';
import { defaultVariant, variantNames } from '../library/variants.js';
import { listCommand } from './list/command.js';
import { packageRoot } from '../library/package-root.js';
import { migrateCardCommand } from './migrate-card/command.js';

const USAGE = `usage: bindu-protocol <command> [options]

commands:
  list types [--variant V]     the type names of a variant, one a line
  list methods [--variant V]   the JSON-RPC method names of a variant, one a line
  conformance [--variant V] [--junit FILE]
                               run the bundled conformance suite (every variant unless --variant)
  check-server URL [--variant V] [--transport jsonrpc|http-json|grpc|all] [--only G,...] [--skip G,...]
                 [--probes all|none|N] [--junit FILE]
                               probe a live agent (A2A v0.3 or v1.0: its card decides) on JSON-RPC,
                               HTTP+JSON, gRPC or all, by behaviour group, and validate every answer
  validate [FILE ...|-] [--variant V] [--type NAME] [--strict] [--ndjson] [--json] [--method M]
           [--max-bytes N] [--max-errors N] [--jobs N] [--operation ID [--part P]]
                               validate JSON payloads from files or stdin (exit 1 if one is invalid)
  proxy TARGET_URL [--listen HOST:PORT] [--variant V] [--strict] [--record FILE] [--json]
                               stand between a client and an agent, validating the live traffic
                               (JSON-RPC and HTTP+JSON)
  inspect [URL] [--listen HOST:PORT] [--variant V] [--header 'N: v']...
                               a local web page that shows an agent's card and every exchange with
                               its verdict; prints its address on the first line
  convert --from V --to V --type NAME [--method M] [--best-effort] [--output FILE] [FILE|-]
                               convert a value between the A2A v0.3 wire (a2a, bindu) and v1.0 (a2a-v1, aion)
  migrate-card [CARD.json|-] [--from a2a|bindu] [--json] [--best-effort] [--output FILE]
                               an A2A v0.3 agent card as v1.0, what changed, and what the agent must do
  sign-card CARD --key PEM|JWK --kid ID [--jku URL]
                               sign an A2A v1.0 agent card (§8.4) and print it
  verify-card CARD_FILE|URL [--jwks FILE|URL]
                               verify every signature of an A2A v1.0 agent card
  verify-task FILE --did-doc FILE|URL
                               verify Bindu's DID signatures on the parts of a task or message

options:
  --variant V    ${variantNames.join(' | ')} (default: ${defaultVariant})
                 a2a: A2A v0.3 · bindu: A2A v0.3 + Bindu · a2a-v1: A2A v1.0 · aion: A2A v1.0 + aion context
  -h, --help     show help for a command
  --version      print the package version
`;

type Command = (argv: readonly string[], out: Write, err: Write) => number;

/** The synchronous commands, each in a module of its own that parses its arguments with src/shell/args.ts. */
const COMMANDS: Record<string, Command> = {
  list: listCommand,
  conformance: conformanceCommand,
  convert: convertCommandLine,
  'migrate-card': migrateCardCommand,
};

/** Runs the command line; returns the exit code. Never throws for bad input. */
export function run(
  argv: readonly string[],
  out: Write = (text) => void process.stdout.write(text),
  err: Write = (text) => void process.stderr.write(text),
): number {
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

type AsyncCommand = (argv: readonly string[], out: Write, err: Write) => Promise<number>;

/**
 * The asynchronous commands (`validate` streams its input; `check-server` and `proxy` talk to the
 * network), each loaded only when it is run.
 */
const ASYNC_COMMANDS: Record<string, () => Promise<AsyncCommand>> = {
  validate: async () => (await import('./validate/command.js')).validateCommand,
  'check-server': async () => (await import('./check-server/command.js')).checkServerCommand,
  proxy: async () => (await import('./proxy/command.js')).proxyCommand,
  inspect: async () => (await import('./inspect/command.js')).inspectCommand,
  'sign-card': async () => (await import('./signatures/command.js')).signCardCommand,
  'verify-card': async () => (await import('./signatures/command.js')).verifyCardCommand,
  'verify-task': async () => (await import('./signatures/command.js')).verifyTaskCommand,
};

/** Every command's name (the synchronous ones and those loaded when run). */
export const COMMAND_NAMES: readonly string[] = Object.freeze([...Object.keys(ASYNC_COMMANDS), ...Object.keys(COMMANDS)]);

/** Runs the command line like `run`, and also the asynchronous commands. The executable calls this. Never throws for bad input. */
export async function main(
  argv: readonly string[],
  out: Write = (text) => void process.stdout.write(text),
  err: Write = (text) => void process.stderr.write(text),
): Promise<number> {
  const load = argv[0] === undefined ? undefined : ASYNC_COMMANDS[argv[0]];
  if (load === undefined) return run(argv, out, err);
  try {
    return await (await load())(argv.slice(1), out, err);
  } catch (error) {
    err(`bindu-protocol: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
}

/** The package version, from the package.json of the package root. */
function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

const VERSION = packageVersion();
