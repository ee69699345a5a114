/**
 * `bindu-protocol convert --from V --to V --type NAME [--method M] [--best-effort] [--output FILE] [FILE|-]`
 *
 * Reads one JSON value (a file, or stdin when FILE is `-` or left out), checks it against the type
 * in the `--from` variant, converts it to the other wire, prints the result on stdout (indented
 * JSON), or with `--output FILE` writes it to FILE atomically (`src/shell/write-file-atomic.ts`: the old file
 * or the whole new one, never half), and each loss on stderr (`loss at <path>: <what>`).
 *
 * When the result is not valid in the `--to` variant (a loss makes it so), the command says why and
 * exits 1 without output; `--best-effort` writes that output all the same (still exit 1).
 *
 * exit 0 converted · 1 the input is invalid in its `--from` variant, or the output in `--to` · 2 usage or input error
 */
import { parseArgs, UsageError, type Write } from '../../shell/args.js';
import { DEFAULT_MAX_BYTES, InputError, decodeUtf8, parseJson, textIssues } from '../../engine/json-text.js';
import { describeReadError, readFileLimited } from '../../shell/read-input.js';
import { validate } from '../../library/validate.js';
import { validateMessage } from '../../library/validate-message.js';
import { loadVariant } from '../../engine/load-validators.js';
import { CONVERTIBLE_TYPE_NAMES, toV03, toV1 } from '../../library/convert/convert.js';
import { ConvertError, type Conversion } from '../../library/convert/conversion.js';
import { wireHint } from '../../library/convert/detect-wire.js';
import { whyNotWritable, WriteFileError, writeFileAtomic } from '../../shell/write-file-atomic.js';
import { WIRE_OF_VARIANT, isVariantName, variantNames, type VariantName, type Wire } from '../../../schemas/variant-table.js';

/** The variants of a wire, joined: `a2a, bindu`. */
const onWire = (wire: Wire, joiner: string): string => variantNames.filter((name) => WIRE_OF_VARIANT[name] === wire).join(joiner);
const ANY_VARIANT = variantNames.join('|');

/** Names joined with commas, in lines of at most 100 columns under the usage's indentation. */
function wrap(names: readonly string[]): string {
  const lines: string[] = [''];
  for (const name of names) {
    const last = lines[lines.length - 1]!;
    if (last.length > 0 && last.length + name.length > 76) lines.push(name);
    else lines[lines.length - 1] = last === '' ? name : `${last}, ${name}`;
  }
  return lines.join(',\n                      ');
}

export const CONVERT_USAGE = `usage: bindu-protocol convert --from ${ANY_VARIANT} --to ${ANY_VARIANT} --type NAME [--method M]
       [--best-effort] [--output FILE] [FILE|-]

Converts one JSON value between the A2A v0.3 wire (${onWire('v0.3', ', ')}) and the A2A v1.0 ProtoJSON wire
(${onWire('v1.0', ', ')}). The input (FILE, or stdin when FILE is "-" or left out) must be valid in the --from
variant. The result goes to stdout; what the other wire cannot carry goes to stderr, one
"loss at <path>: <what>" line each.

  --from V      the variant of the input
  --to V        the variant to convert to (the other wire)
  --type NAME   the type, named on the --from wire:
                v0.3: ${wrap(CONVERTIBLE_TYPE_NAMES['v0.3'])}
                v1.0: ${wrap(CONVERTIBLE_TYPE_NAMES['v1.0'])}
                (JSONRPCRequest: any request of a method both wires have, renamed;
                JSONRPCResponse: a response, with --method naming its request's method)
  --method M    for --type JSONRPCResponse: the method of the request it answers
  --best-effort when the result is not valid in --to, write it all the same (exit 1 still)
  --output FILE write the result to FILE instead of stdout (replaced atomically: an interrupted
                run leaves the old file or none, never half a file)

exit 0 converted · 1 the input is invalid in its --from variant, or the result is not valid
in --to (why goes to stderr; the result only with --best-effort) · 2 usage or input error, or
FILE cannot be written (the old FILE is then left as it was)
`;

type Variant = VariantName;

/**
 * The v0.3 wire has no named Role type (the role is an enum inside Message), so a role of `a2a` or
 * `bindu` is checked against the values of that variant's `Message.role`.
 */
function checkV03Role(
  variant: 'a2a' | 'bindu',
  value: unknown,
): { valid: boolean; errors: readonly { path: string; keyword: string; message: string; hint?: string }[] } {
  const role = (loadVariant(variant).definitions.Message as unknown as { properties: { role: { enum: string[] } } }).properties.role;
  const allowed = role.enum;
  if (typeof value === 'string' && allowed.includes(value)) return { valid: true, errors: [] };
  return {
    valid: false,
    errors: [
      {
        path: '',
        keyword: 'enum',
        message: `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}, not ${JSON.stringify(value)}`,
      },
    ],
  };
}

/** A usage or input error of the convert command (exit 2). */
export class ConvertUsageError extends UsageError {}

/** Runs `convert` from its command-line arguments; returns the exit code. Throws a UsageError for a wrong command line. */
export function convertCommandLine(argv: readonly string[], out: Write, err: Write): number {
  const { positionals, options } = parseArgs(argv, ['from', 'to', 'type', 'output', 'method'], ['help', 'best-effort']);
  if (options.has('help')) {
    out(CONVERT_USAGE);
    return 0;
  }
  return convertCommand(
    {
      from: options.get('from'),
      to: options.get('to'),
      type: options.get('type'),
      output: options.get('output'),
      method: options.get('method'),
      bestEffort: options.has('best-effort'),
      positionals,
    },
    out,
    err,
  );
}

export interface ConvertArgs {
  readonly from?: string | true;
  readonly to?: string | true;
  readonly type?: string | true;
  /** `--output FILE`: where the result goes instead of stdout. */
  readonly output?: string | true;
  /** `--method M`: for a JSONRPCResponse, the method of its request. */
  readonly method?: string | true;
  /** `--best-effort`: write an output that is not valid in `--to` all the same. */
  readonly bestEffort?: boolean;
  readonly positionals: readonly string[];
}

function variantArg(name: string, value: string | true | undefined): Variant {
  if (value === undefined) throw new ConvertUsageError(`convert needs --${name} (one of: ${variantNames.join(', ')})`);
  if (!isVariantName(value)) {
    throw new ConvertUsageError(`unknown variant "${String(value)}" for --${name} (expected one of: ${variantNames.join(', ')})`);
  }
  return value;
}

/**
 * Reads the one input as `validate` reads a file (src/engine/json-text.ts): at most 64 MiB (a larger file is
 * refused before it is read), UTF-8 (a leading byte order mark ignored), JSON with the line and
 * column of a syntax error. Duplicate keys, lone surrogates and numbers beyond a double are input
 * errors here: the converted output could not say which value was meant.
 */
function readInput(source: string, readStdin: () => string): unknown {
  const name = source === '-' ? 'stdin' : `"${source}"`;
  let text: string;
  try {
    text = source === '-' ? readStdin() : decodeUtf8(readFileLimited(source, DEFAULT_MAX_BYTES, 'convert'));
  } catch (error) {
    if (error instanceof InputError)
      throw new ConvertUsageError(error.message.startsWith('cannot read') ? error.message : `${name}: ${error.message}`);
    throw new ConvertUsageError(`cannot read ${name}: ${describeReadError(error)}`);
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let value: unknown;
  try {
    value = parseJson(text);
  } catch (error) {
    throw new ConvertUsageError(`${name} is ${(error as Error).message}`);
  }
  const [first] = textIssues(text);
  if (first) throw new ConvertUsageError(`${name}: ${first.path === '' ? '(root)' : first.path}: ${first.message}`);
  return value;
}

/** Standard input, within the size limit and as UTF-8. */
function readStandardInput(): string {
  return decodeUtf8(readFileLimited(0, DEFAULT_MAX_BYTES, 'convert', 'stdin'));
}

/**
 * Runs the command; returns the exit code. Throws ConvertUsageError for usage and input errors
 * (the caller prints them and exits 2).
 */
export function convertCommand(
  args: ConvertArgs,
  out: (text: string) => void,
  err: (text: string) => void,
  readStdin: () => string = readStandardInput,
): number {
  const from = variantArg('from', args.from);
  const to = variantArg('to', args.to);
  if (WIRE_OF_VARIANT[from] === WIRE_OF_VARIANT[to]) {
    throw new ConvertUsageError(
      `--from ${from} and --to ${to} are both the A2A ${WIRE_OF_VARIANT[from]} wire; ` +
        `convert between ${onWire('v0.3', ' or ')} and ${onWire('v1.0', ' or ')}`,
    );
  }
  const names = CONVERTIBLE_TYPE_NAMES[WIRE_OF_VARIANT[from]!];
  if (typeof args.type !== 'string') throw new ConvertUsageError(`convert needs --type (one of: ${names.join(', ')})`);
  const type = args.type;
  if (!names.includes(type)) throw new ConvertUsageError(`cannot convert type "${type}" from ${from} (convertible: ${names.join(', ')})`);
  if (args.method === true) throw new ConvertUsageError('option --method needs a method name');
  if (type === 'JSONRPCResponse' && args.method === undefined) throw new ConvertUsageError('--type JSONRPCResponse needs --method');
  for (const variant of [from, to]) {
    if (variant === 'a2a' && type === 'Conversation') {
      throw new ConvertUsageError('the a2a variant has no Conversation type (it belongs to the context extension): use bindu');
    }
    if (variant === 'a2a-v1' && type === 'Conversation') {
      throw new ConvertUsageError('the a2a-v1 variant has no Conversation type (it belongs to the aion context extension): use aion');
    }
  }
  if (args.positionals.length > 1) throw new ConvertUsageError('convert takes one input (FILE or -)');
  if (args.output === true || args.output === '') throw new ConvertUsageError('option --output needs a FILE');
  const output = args.output;
  const unwritable = output === undefined ? undefined : whyNotWritable(output);
  if (unwritable !== undefined) throw new ConvertUsageError(`cannot write "${String(output)}": ${unwritable}`);
  const source = args.positionals[0] ?? '-';
  const value = readInput(source, readStdin);

  const checked =
    type === 'Role' && (from === 'a2a' || from === 'bindu')
      ? checkV03Role(from, value)
      : type === 'JSONRPCRequest' || type === 'JSONRPCResponse'
        ? validateMessage(value, { variant: from, method: args.method })
        : inputSchema(type, from) === undefined
          ? { valid: true, errors: [] }
          : validate(inputSchema(type, from)!, value, { variant: from });
  if (!checked.valid) {
    err(`bindu-protocol: the input is not a valid ${from} ${type}:\n`);
    for (const error of checked.errors) {
      err(`  ${error.path === '' ? '(root)' : error.path} ${error.keyword}: ${error.message}${error.hint ? ` (${error.hint})` : ''}\n`);
    }
    const hint = wireHint(value, from);
    if (hint) err(`hint: ${hint}\n`);
    return 1;
  }

  let conversion: Conversion;
  try {
    const options = { variant: to, method: args.method };
    conversion = WIRE_OF_VARIANT[to] === 'v1.0' ? toV1(type, value, options) : toV03(type, value, options);
  } catch (error) {
    if (error instanceof ConvertError) throw new ConvertUsageError(`cannot convert: ${error.message}`);
    throw error;
  }
  const losses = () => {
    for (const loss of conversion.losses) err(`loss at ${loss.path === '' ? '(root)' : loss.path}: ${loss.message}\n`);
  };
  if (!conversion.valid) {
    losses();
    err(`bindu-protocol: the result is not a valid ${to} ${type}:\n`);
    for (const error of conversion.errors) err(`  ${error.path === '' ? '(root)' : error.path} ${error.message}\n`);
    if (!args.bestEffort) {
      err('(the losses above make it so; --best-effort writes the result all the same)\n');
      return 1;
    }
  }
  const text = `${JSON.stringify(conversion.value ?? null, null, 2)}\n`;
  if (output === undefined) out(text);
  else {
    try {
      writeFileAtomic(output, text);
    } catch (error) {
      if (!(error instanceof WriteFileError)) throw error;
      err(`bindu-protocol: cannot write "${output}": ${error.reason}\n`);
      return 2;
    }
  }
  if (!conversion.valid) return 1;
  losses();
  return 0;
}

/** The input's schema type for a --type name: the synthetic v0.3 result names have none of their own (checked after). */
function inputSchema(type: string, from: Variant): string | undefined {
  if (['SendMessageResult', 'SendStreamingMessageResult', 'TaskPushNotificationConfigList', 'Null'].includes(type)) return undefined;
  if (type === 'SecurityRequirement' && WIRE_OF_VARIANT[from] === 'v0.3') return undefined;
  return type;
}
