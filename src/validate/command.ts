/**
 * `bindu-protocol validate`: checks JSON payloads from files or stdin.
 *
 *   bindu-protocol validate [FILE ...|-] [--variant V] [--type NAME] [--strict] [--ndjson] [--json] [--method M] [--max-bytes N]
 *
 * Exit 0 when every payload is valid, 1 when one is invalid, 2 for a usage or input error
 * (unreadable file, too large, not UTF-8, text that is not JSON, unknown type, method or
 * variant); an input error wins over an invalid payload. Every payload gets one result.
 *
 * --ndjson reads one payload a line in bounded memory: the input is read in chunks of 1 MiB, the
 * complete lines of a chunk are parsed, validated and reported synchronously, and their reports
 * written at once (waiting only when stdout asks to); each is named by line (`file.ndjson:12`).
 * Reading, decoding and the defects of a text JSON.parse hides are in ../input.ts.
 */
import { once } from 'node:events';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { UsageError, parseArgs, variantOption } from '../args.js';
import { nearest, type ValidationIssue } from '../errors.js';
import { validateMessage } from '../message.js';
import { check, typeValidator, type ValidationResult } from '../validate.js';
import { loadVariant, type LoadedVariant } from './load.js';
import { variantNames } from '../lazy-variants.js';
import { OPERATION_PARTS, OperationError, restOperation, validateOperationBody, type OperationPart } from './operation.js';
import { DEFAULT_MAX_BYTES, InputError, LineSplitter, decodeUtf8, describeReadError, parseByteSize, parseJson, readFileLimited, readStreamLimited, textIssues, withTextIssues, type LineSink } from '../input.js';

export const VALIDATE_USAGE = `usage: bindu-protocol validate [FILE ...|-] [--variant ${variantNames.join('|')}] [--type NAME]
                              [--strict] [--ndjson] [--json] [--method M] [--max-bytes N]
                              [--operation ID [--part request|response|error]]

Validates JSON payloads read from files, or from stdin when FILE is - or absent.

  --type NAME    validate each payload as this type of the variant (see: bindu-protocol list types)
                 without --type, each payload must be a JSON-RPC request or response: a request's
                 method decides; a response's method is --method, or that of the request with the
                 same id earlier in the input
  --method M     the method the responses answer (bindu-protocol list methods)
  --operation ID each payload is a body of this operation of the HTTP+JSON binding (the
                 operationId of generated/openapi/<variant>.json, e.g. SendMessage, GetTask)
  --part P       which body: request, response (the success body; for a stream, one event's
                 data) or error (default: request, or response when the operation has no
                 request body)
  --variant V    the variant whose schemas apply (default: bindu)
  --strict       unknown keys and non-canonical forms are errors, not warnings
  --ndjson       one payload a line, read as a stream; each is named FILE:LINE (a proxy's REST
                 line {"operation","part","status","body"} is checked against its operation)
  --json         one JSON line a payload: {"source","valid","errors":[{"path","keyword","message","hint"}],"warnings":[...]}
  --max-bytes N  the largest payload (a file, or one --ndjson line) in bytes, or with k, M, G
                 (default 64M); a larger one is an input error, and is not read

Input is UTF-8 JSON (a leading byte order mark is ignored). Duplicate keys, lone surrogates
(\\uD800) and numbers beyond a double (1e400) make a payload invalid.

exit 0 all valid · 1 some invalid · 2 usage or input error (unreadable, too large, not UTF-8, not JSON, unknown type)
`;

type Write = (text: string) => void;

interface Settings {
  readonly variant: LoadedVariant;
  readonly type?: string;
  readonly method?: string;
  /** --operation: the REST operation and which of its bodies each payload is. */
  readonly operation?: { readonly id: string; readonly part: OperationPart };
  readonly strict: boolean;
  readonly json: boolean;
  readonly colour: boolean;
  readonly maxBytes: number;
}

/**
 * Requests seen earlier in the input (id and method), by id, so a later response finds its
 * method. Bounded: the last `limit` requests at least, 2 × `limit` at most, kept in two
 * generations (a full one is dropped whole), so remembering is O(1). (Evicting the oldest key of
 * one Map one at a time is not: a Map skips over its deleted entries from the front.)
 */
class RecentRequests {
  // Keyed by the id itself: a Map tells the number 1 from the string "1".
  private current = new Map<string | number, unknown>();
  private previous = new Map<string | number, unknown>();
  constructor(private readonly limit = 10_000) {}
  remember(message: unknown): void {
    if (typeof message !== 'object' || message === null || Array.isArray(message)) return;
    const { id, method } = message as { id?: unknown; method?: unknown };
    if (typeof method !== 'string' || (typeof id !== 'string' && typeof id !== 'number')) return;
    if (this.current.size >= this.limit) {
      this.previous = this.current;
      this.current = new Map();
    }
    // Only what a response is checked with (the method, and the id it must repeat): not the whole request.
    this.current.set(id, { id, method });
  }
  find(message: unknown): unknown {
    if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
    const { id } = message as { id?: unknown };
    if (typeof id !== 'string' && typeof id !== 'number') return undefined;
    return this.current.get(id) ?? this.previous.get(id);
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
  // The common case without the general serialiser: the same text JSON.stringify writes.
  if (verdict.valid && verdict.errors.length === 0 && verdict.warnings.length === 0) return `{"source":${JSON.stringify(source)},"valid":true,"errors":[],"warnings":[]}\n`;
  return `${JSON.stringify({ source, valid: verdict.valid, errors: verdict.errors, warnings: verdict.warnings })}\n`;
}

async function drain(): Promise<void> {
  if (process.stdout.writableNeedDrain) await once(process.stdout, 'drain');
}

/** A line with nothing but white space (JSON's, or a byte order mark) is skipped. */
function blank(line: string): boolean {
  if (line.length === 0) return true;
  const first = line.charCodeAt(0);
  return (first <= 0x20 || first === 0xfeff) && line.trim() === '';
}

/** How many bytes a read takes from an NDJSON file. */
const CHUNK = 1 << 20;

class Run {
  valid = 0;
  invalid = 0;
  inputErrors = 0;
  private readonly requests = new RecentRequests();
  /** Reports of the current chunk of NDJSON lines, written together. */
  private buffered: string[] = [];

  constructor(private readonly settings: Settings, private readonly out: Write, private readonly err: Write) {}

  inputError(message: string): void {
    this.inputErrors++;
    this.err(`bindu-protocol: ${message}\n`);
  }

  /** The verdict of one parsed payload, with the defects of its text (duplicate keys, ...). */
  private verdict(value: unknown, text: string): ValidationResult {
    const { variant, type, method, strict, operation } = this.settings;
    let verdict: ValidationResult;
    if (operation !== undefined) {
      verdict = validateOperationBody(variant.name, operation.id, operation.part, value, strict);
    } else if (type !== undefined) {
      verdict = check(variant, type, typeValidator(variant, type), value, strict);
    } else if (isRestRecord(value)) {
      verdict = restRecordVerdict(variant.name, value, strict);
    } else {
      const isResponse = typeof value === 'object' && value !== null && !Array.isArray(value) && !('method' in value);
      const request = isResponse && method === undefined ? this.requests.find(value) : undefined;
      verdict = validateMessage(value, { variant: variant.name as never, strict, ...(method !== undefined ? { method } : {}), ...(request !== undefined ? { request } : {}) });
      if (!isResponse) this.requests.remember(value);
    }
    return withTextIssues(verdict, textIssues(text));
  }

  /** Parses and validates one JSON text; its report, or '' after an input error (reported). */
  report(source: string, text: string): string {
    let value: unknown;
    try {
      value = parseJson(text);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      this.inputError(`${source}: ${error.message}`);
      return '';
    }
    const verdict = this.verdict(value, text);
    if (verdict.valid) this.valid++;
    else this.invalid++;
    return this.settings.json ? jsonRecord(source, verdict) : formatHuman(source, verdict, this.settings.colour);
  }

  /** One whole input (a file or stdin): read within the limit, decoded, validated. */
  async whole(source: string, name: string): Promise<void> {
    let text: string;
    try {
      const bytes = source === '-' ? await readStreamLimited(process.stdin, name, this.settings.maxBytes) : readFileLimited(source, this.settings.maxBytes);
      text = decodeUtf8(bytes);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      this.inputError(error.message.startsWith('cannot read') || error.message.startsWith(name) ? error.message : `${name}: ${error.message}`);
      return;
    }
    this.out(this.report(name, text));
    await drain();
  }

  /** One payload a line, in chunks: the complete lines of a chunk are checked at once and their reports written together. */
  async lines(source: string, name: string): Promise<void> {
    const sink: LineSink = {
      lines: (text, first) => {
        let number = first;
        let from = 0;
        for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', from)) {
          const line = text.slice(from, at > from && text.charCodeAt(at - 1) === 0x0d ? at - 1 : at);
          from = at + 1;
          if (!blank(line)) {
            const report = this.report(`${name}:${number}`, line);
            if (report !== '') this.buffered.push(report);
          }
          number++;
        }
      },
      lineError: (line, message) => this.inputError(`${name}:${line}: ${message}`),
    };
    const splitter = new LineSplitter(this.settings.maxBytes, sink);
    try {
      if (source === '-') {
        for await (const chunk of process.stdin) {
          splitter.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
          await this.flush();
        }
      } else {
        const fd = openSync(source, 'r');
        try {
          if (fstatSync(fd).isDirectory()) throw Object.assign(new Error('directory'), { code: 'EISDIR' });
          const buffer = Buffer.allocUnsafe(CHUNK);
          for (;;) {
            const read = readSync(fd, buffer, 0, CHUNK, null);
            if (read === 0) break;
            splitter.push(read === CHUNK ? buffer : buffer.subarray(0, read));
            await this.flush();
          }
        } finally {
          closeSync(fd);
        }
      }
      splitter.end();
    } catch (error) {
      await this.flush();
      this.inputError(`cannot read ${name}: ${describeReadError(error)}`);
      return;
    }
    await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.buffered.length === 0) return;
    const text = this.buffered.length === 1 ? this.buffered[0]! : this.buffered.join('');
    this.buffered = [];
    this.out(text);
    await drain();
  }
}

interface RestRecord {
  readonly operation: string;
  readonly part: OperationPart;
  readonly status?: unknown;
  readonly body: unknown;
}

/**
 * A REST line the proxy records: `{"operation": ID, "part": "request"|"response"|"error",
 * "status": N, "body": …}` (src/proxy/rest.ts). No JSON-RPC payload has these three members.
 */
function isRestRecord(value: unknown): value is RestRecord {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  return typeof record.operation === 'string' && typeof record.part === 'string' && 'body' in record && !('jsonrpc' in record) && !('method' in record);
}

/** A REST line checked against its operation; the issues' paths are under `/body`. */
function restRecordVerdict(variant: string, record: RestRecord, strict: boolean): ValidationResult {
  const invalid = (path: string, keyword: string, message: string, hint: string): ValidationResult =>
    ({ valid: false, errors: [{ path, keyword, message, hint }], warnings: [] }) as unknown as ValidationResult;
  if (!(OPERATION_PARTS as readonly string[]).includes(record.part)) return invalid('/part', 'enum', `is "${record.part}", not one of ${OPERATION_PARTS.join(', ')}`, 'a REST record line names which body it holds');
  let verdict: ValidationResult;
  try {
    verdict = validateOperationBody(variant, record.operation, record.part, record.body, strict);
  } catch (error) {
    if (!(error instanceof OperationError)) throw error;
    return invalid('/operation', 'operation', error.message, `the operations are those of generated/openapi/${variant}.json`);
  }
  const under = <T extends { path: string }>(items: readonly T[]) => items.map((item) => ({ ...item, path: `/body${item.path}` }));
  return { ...verdict, errors: under(verdict.errors), warnings: under(verdict.warnings) } as ValidationResult;
}

/** --operation and --part, checked against the variant's OpenAPI document. */
function operationOption(variant: string, options: Map<string, string | true>, typed: boolean): Settings['operation'] {
  const id = options.get('operation') as string | undefined;
  const part = options.get('part') as string | undefined;
  if (id === undefined) {
    if (part !== undefined) throw new UsageError('--part needs --operation');
    return undefined;
  }
  if (typed) throw new UsageError('give --operation, or --type / --method, not both');
  if (part !== undefined && !(OPERATION_PARTS as readonly string[]).includes(part)) {
    throw new UsageError(`--part is one of ${OPERATION_PARTS.join(', ')}, not "${part}"`);
  }
  const op = restOperation(variant, id);
  const chosen = (part ?? (op.request ? 'request' : 'response')) as OperationPart;
  if (chosen === 'request' && !op.request) throw new OperationError(`operation ${id} (${op.verb} ${op.path}) has no request body: its parameters are in the path and query string; use --part response or error`);
  if (chosen === 'response' && !op.response) throw new OperationError(`operation ${id} (${op.verb} ${op.path}) answers with no body; use --part error`);
  return { id, part: chosen };
}

/** The `validate` command; returns the exit code. Usage errors are reported here too. */
export async function validateCommand(argv: readonly string[], out: Write, err: Write): Promise<number> {
  let settings: Settings;
  let sources: string[];
  let ndjson: boolean;
  try {
    const { positionals, options } = parseArgs(argv, ['variant', 'type', 'method', 'max-bytes', 'operation', 'part'], ['help', 'strict', 'ndjson', 'json']);
    if (options.has('help')) {
      out(VALIDATE_USAGE);
      return 0;
    }
    const variant = loadVariant(variantOption(options));
    const type = options.get('type') as string | undefined;
    const method = options.get('method') as string | undefined;
    if (type !== undefined && method !== undefined) throw new UsageError('give --type or --method, not both');
    const operation = operationOption(variant.name, options, type !== undefined || method !== undefined);
    if (type !== undefined && !variant.hasType(type)) {
      const near = nearest(type, variant.meta.types, 3);
      throw new UsageError(`unknown type "${type}" in variant "${variant.name}"${near.length > 0 ? ` (did you mean ${near.map((name) => `"${name}"`).join(', ')}?)` : ''}`);
    }
    if (method !== undefined && !variant.method(method)) {
      const near = nearest(method, variant.meta.methods.map((entry) => entry.method), 3);
      throw new UsageError(`unknown method "${method}" in variant "${variant.name}"${near.length > 0 ? ` (did you mean ${near.map((name) => `"${name}"`).join(', ')}?)` : ''}`);
    }
    const maxOption = options.get('max-bytes') as string | undefined;
    const maxBytes = maxOption === undefined ? DEFAULT_MAX_BYTES : parseByteSize(maxOption);
    if (maxBytes === undefined) throw new UsageError(`--max-bytes takes a size in bytes, or with k, M or G (e.g. 128M), not "${maxOption}"`);
    sources = positionals.length > 0 ? positionals : ['-'];
    if (sources.filter((source) => source === '-').length > 1) throw new UsageError('stdin (-) can be named only once');
    ndjson = options.has('ndjson');
    const colour = !options.has('json') && process.stdout.isTTY === true && !process.env.NO_COLOR;
    settings = { variant, ...(type !== undefined ? { type } : {}), ...(method !== undefined ? { method } : {}), ...(operation ? { operation } : {}), strict: options.has('strict'), json: options.has('json'), colour, maxBytes };
  } catch (error) {
    if (error instanceof UsageError || error instanceof TypeError || error instanceof OperationError) {
      err(`bindu-protocol: ${error.message}\nRun 'bindu-protocol validate --help' for usage.\n`);
      return 2;
    }
    throw error;
  }

  const run = new Run(settings, out, err);
  if (sources.includes('-') && process.stdin.isTTY) err(`bindu-protocol: reading ${ndjson ? 'one JSON payload a line' : 'a JSON payload'} from the terminal; end it with Ctrl-D\n`);
  for (const source of sources) {
    const name = source === '-' ? '<stdin>' : source;
    if (ndjson) await run.lines(source, name);
    else await run.whole(source, name);
  }
  const total = run.valid + run.invalid;
  if (!settings.json && total + run.inputErrors > 1) {
    out(`${plural(total, 'payload')}: ${run.valid} valid, ${run.invalid} invalid${run.inputErrors > 0 ? `; ${plural(run.inputErrors, 'input error')}` : ''}\n`);
  }
  if (run.inputErrors > 0) return 2;
  return run.invalid > 0 ? 1 : 0;
}
