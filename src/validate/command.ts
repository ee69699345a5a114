/**
 * `bindu-protocol validate`: checks JSON payloads from files or stdin.
 *
 *   bindu-protocol validate [FILE ...|-] [--variant V] [--type NAME] [--strict] [--ndjson] [--json] [--method M]
 *
 * Exit 0 when every payload is valid, 1 when one is invalid, 2 for a usage or input error
 * (unreadable file, text that is not JSON, unknown type, method or variant); an input error wins
 * over an invalid payload. Every payload gets one result; --ndjson reads one payload a line, as
 * a stream (constant memory), and names each by line (`file.ndjson:12`).
 */
import { once } from 'node:events';
import { open, readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { UsageError, parseArgs, variantOption } from '../cli.js';
import { nearest, type ValidationIssue } from '../errors.js';
import { validateMessage } from '../message.js';
import { check, typeValidator, type ValidationResult } from '../validate.js';
import { loadVariant, type LoadedVariant } from './load.js';
import { variants } from '../variants.js';

export const VALIDATE_USAGE = `usage: bindu-protocol validate [FILE ...|-] [--variant ${Object.keys(variants).join('|')}] [--type NAME]
                              [--strict] [--ndjson] [--json] [--method M]

Validates JSON payloads read from files, or from stdin when FILE is - or absent.

  --type NAME    validate each payload as this type of the variant (see: bindu-protocol list types)
                 without --type, each payload must be a JSON-RPC request or response: a request's
                 method decides; a response's method is --method, or that of the request with the
                 same id earlier in the input
  --method M     the method the responses answer (bindu-protocol list methods)
  --variant V    the variant whose schemas apply (default: bindu)
  --strict       unknown keys and non-canonical forms are errors, not warnings
  --ndjson       one payload a line, read as a stream; each is named FILE:LINE
  --json         one JSON line a payload: {"source","valid","errors":[{"path","keyword","message","hint"}],"warnings":[...]}

exit 0 all valid · 1 some invalid · 2 usage or input error (unreadable, not JSON, unknown type)
`;

type Write = (text: string) => void;

interface Settings {
  readonly variant: LoadedVariant;
  readonly type?: string;
  readonly method?: string;
  readonly strict: boolean;
  readonly json: boolean;
  readonly colour: boolean;
}

/** Requests seen earlier in the input, by id, so a later response finds its method. Bounded. */
class RecentRequests {
  private readonly byId = new Map<string, unknown>();
  constructor(private readonly limit = 10_000) {}
  remember(message: unknown): void {
    if (typeof message !== 'object' || message === null || Array.isArray(message)) return;
    const { id, method } = message as { id?: unknown; method?: unknown };
    if (typeof method !== 'string' || (typeof id !== 'string' && typeof id !== 'number')) return;
    const key = JSON.stringify(id);
    this.byId.delete(key);
    this.byId.set(key, message);
    if (this.byId.size > this.limit) this.byId.delete(this.byId.keys().next().value as string);
  }
  find(message: unknown): unknown {
    if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
    const { id } = message as { id?: unknown };
    return typeof id === 'string' || typeof id === 'number' ? this.byId.get(JSON.stringify(id)) : undefined;
  }
}

const paint = (on: boolean, code: string, text: string) => (on ? `\u001b[${code}m${text}\u001b[0m` : text);
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The human report of one payload: a status line, then one line per issue (and its hint). */
export function formatHuman(source: string, verdict: ValidationResult, colour: boolean): string {
  const counts = [verdict.errors.length > 0 ? plural(verdict.errors.length, 'error') : '', verdict.warnings.length > 0 ? plural(verdict.warnings.length, 'warning') : ''].filter(Boolean);
  const status = verdict.valid ? paint(colour, '32', 'valid') : paint(colour, '31', 'invalid');
  const lines = [`${source}: ${status}${counts.length > 0 ? `, ${counts.join(', ')}` : ''}`];
  const item = (label: string, code: string, entry: ValidationIssue) => {
    lines.push(`  ${paint(colour, code, label)} ${paint(colour, '1', entry.path === '' ? '(root)' : entry.path)}: ${entry.message} ${paint(colour, '2', `[${entry.keyword}]`)}`);
    if (entry.hint) lines.push(`    ${paint(colour, '36', 'hint:')} ${entry.hint}`);
  };
  for (const entry of verdict.errors) item('error  ', '31', entry);
  for (const entry of verdict.warnings) item('warning', '33', entry);
  return `${lines.join('\n')}\n`;
}

function jsonRecord(source: string, verdict: ValidationResult): string {
  return `${JSON.stringify({ source, valid: verdict.valid, errors: verdict.errors, warnings: verdict.warnings })}\n`;
}

async function drain(): Promise<void> {
  if (process.stdout.writableNeedDrain) await once(process.stdout, 'drain');
}

class Run {
  valid = 0;
  invalid = 0;
  inputErrors = 0;
  private readonly requests = new RecentRequests();

  constructor(private readonly settings: Settings, private readonly out: Write, private readonly err: Write) {}

  inputError(message: string): void {
    this.inputErrors++;
    this.err(`bindu-protocol: ${message}\n`);
  }

  /** Validates one parsed payload and prints its result. */
  async payload(source: string, value: unknown): Promise<void> {
    const { variant, type, method, strict } = this.settings;
    let verdict: ValidationResult;
    if (type !== undefined) {
      verdict = check(variant, type, typeValidator(variant, type), value, strict);
    } else {
      const isResponse = typeof value === 'object' && value !== null && !Array.isArray(value) && !('method' in value);
      const request = isResponse && method === undefined ? this.requests.find(value) : undefined;
      verdict = validateMessage(value, { variant: variant.name as never, strict, ...(method !== undefined ? { method } : {}), ...(request !== undefined ? { request } : {}) });
      if (!isResponse) this.requests.remember(value);
    }
    if (verdict.valid) this.valid++;
    else this.invalid++;
    this.out(this.settings.json ? jsonRecord(source, verdict) : formatHuman(source, verdict, this.settings.colour));
    await drain();
  }

  /** Parses one JSON text; an input error when it is not JSON. */
  async text(source: string, text: string): Promise<void> {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      this.inputError(`${source}: not JSON (${(error as Error).message})`);
      return;
    }
    await this.payload(source, value);
  }

  /** One payload a line, streamed: blank lines are skipped. */
  async lines(name: string, input: Readable): Promise<void> {
    let failure: Error | undefined;
    const reader = createInterface({ input, crlfDelay: Infinity });
    input.once('error', (error) => {
      failure = error;
      reader.close();
    });
    let number = 0;
    try {
      for await (const line of reader) {
        number++;
        if (line.trim() === '') continue;
        await this.text(`${name}:${number}`, line);
      }
    } catch (error) {
      failure ??= error as Error;
    }
    if (failure) this.inputError(`cannot read ${name}: ${describeReadError(failure)}`);
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

function describeReadError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a directory';
  if (code === 'EACCES') return 'permission denied';
  return (error as Error).message;
}

/** The `validate` command; returns the exit code. Usage errors are reported here too. */
export async function validateCommand(argv: readonly string[], out: Write, err: Write): Promise<number> {
  let settings: Settings;
  let sources: string[];
  let ndjson: boolean;
  try {
    const { positionals, options } = parseArgs(argv, ['variant', 'type', 'method'], ['help', 'strict', 'ndjson', 'json']);
    if (options.has('help')) {
      out(VALIDATE_USAGE);
      return 0;
    }
    const variant = loadVariant(variantOption(options));
    const type = options.get('type') as string | undefined;
    const method = options.get('method') as string | undefined;
    if (type !== undefined && method !== undefined) throw new UsageError('give --type or --method, not both');
    if (type !== undefined && !variant.hasType(type)) {
      const near = nearest(type, variant.meta.types, 3);
      throw new UsageError(`unknown type "${type}" in variant "${variant.name}"${near.length > 0 ? ` (did you mean ${near.map((name) => `"${name}"`).join(', ')}?)` : ''}`);
    }
    if (method !== undefined && !variant.method(method)) {
      const near = nearest(method, variant.meta.methods.map((entry) => entry.method), 3);
      throw new UsageError(`unknown method "${method}" in variant "${variant.name}"${near.length > 0 ? ` (did you mean ${near.map((name) => `"${name}"`).join(', ')}?)` : ''}`);
    }
    sources = positionals.length > 0 ? positionals : ['-'];
    if (sources.filter((source) => source === '-').length > 1) throw new UsageError('stdin (-) can be named only once');
    ndjson = options.has('ndjson');
    const colour = !options.has('json') && process.stdout.isTTY === true && !process.env.NO_COLOR;
    settings = { variant, ...(type !== undefined ? { type } : {}), ...(method !== undefined ? { method } : {}), strict: options.has('strict'), json: options.has('json'), colour };
  } catch (error) {
    if (error instanceof UsageError || error instanceof TypeError) {
      err(`bindu-protocol: ${error.message}\nRun 'bindu-protocol validate --help' for usage.\n`);
      return 2;
    }
    throw error;
  }

  const run = new Run(settings, out, err);
  if (sources.includes('-') && process.stdin.isTTY) err(`bindu-protocol: reading ${ndjson ? 'one JSON payload a line' : 'a JSON payload'} from the terminal; end it with Ctrl-D\n`);
  for (const source of sources) {
    const name = source === '-' ? '<stdin>' : source;
    if (ndjson) {
      if (source === '-') {
        await run.lines(name, process.stdin);
        continue;
      }
      let handle;
      try {
        handle = await open(source, 'r');
      } catch (error) {
        run.inputError(`cannot read ${name}: ${describeReadError(error)}`);
        continue;
      }
      try {
        await run.lines(name, handle.createReadStream({ autoClose: false }));
      } finally {
        await handle.close();
      }
      continue;
    }
    let text: string;
    try {
      text = source === '-' ? await readStdin() : await readFile(source, 'utf8');
    } catch (error) {
      run.inputError(`cannot read ${name}: ${describeReadError(error)}`);
      continue;
    }
    await run.text(name, text);
  }
  const total = run.valid + run.invalid;
  if (!settings.json && total + run.inputErrors > 1) {
    out(`${plural(total, 'payload')}: ${run.valid} valid, ${run.invalid} invalid${run.inputErrors > 0 ? `; ${plural(run.inputErrors, 'input error')}` : ''}\n`);
  }
  if (run.inputErrors > 0) return 2;
  return run.invalid > 0 ? 1 : 0;
}
