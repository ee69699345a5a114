/**
 * `bindu-protocol proxy TARGET_URL`: argument parsing, output and exit code around `startProxy`.
 * It runs until SIGINT or SIGTERM, then prints the summary; exit 1 when an exchange was invalid,
 * 0 otherwise, 2 for a usage error, a bad TARGET_URL, a port in use or an unwritable --record file.
 */
import { keepYoungGeneration, PROXY_NEW_SPACE, scavengeOnOwnThread } from '../../shell/heap.js';
import { interrupted } from '../../shell/interrupted.js';
import { parseArgs, UsageError } from '../../shell/args.js';
import { parseByteSize } from '../../shell/read-input.js';
import { WIRE_OF_VARIANT } from '../../live/agent-card.js';
import { whyNotWritable } from '../../shell/write-file-atomic.js';
import { parseDuration } from '../../shell/duration.js';
import { LATEST_SPEC_REVISION, SPEC_REVISIONS, isSpecRevision } from '../../../schemas/spec-revisions.js';
import { exchangeJson, exchangeLines, summaryLine } from './proxy-report.js';
import { PROXY_DEFAULTS, ProxyError, startProxy, type RunningProxy, type ProxyOptions } from './server.js';

const VARIANTS = Object.keys(WIRE_OF_VARIANT);

/** How long an exchange's report may wait for others to be written with it (unnoticed by a person watching). */
const REPORT_DELAY_MS = 20;
/** How many exchanges pass between two looks at the young generation's size (each a few microseconds). */
const YOUNG_CHECK_EXCHANGES = 32;

export const PROXY_USAGE = `usage: bindu-protocol proxy TARGET_URL [--listen HOST:PORT] [--grpc-listen HOST:PORT] [--variant V]
                             [--spec-revision R] [--strict] [--record FILE] [--json] [--max-bytes N] [--timeout T]

Stands between a client and the agent at TARGET_URL: forwards every HTTP request and answer
unchanged (Server-Sent Events as they arrive), except the agent card's endpoint URLs, which name
the proxy so a client that discovers the agent keeps talking through it. Validates every JSON-RPC
request, every answer (paired with its request by id) and every stream event, and the agent card
as the agent sent it. Prints the address on the first line, then one line per exchange (method,
verdict, duration) and each defect with its path and hint. Ctrl-C prints the summary.

  --listen HOST:PORT  where to listen (default 127.0.0.1 and a free port; PORT alone, or :PORT)
  --grpc-listen HOST:PORT  also relay gRPC (A2A v1.0, HTTP/2 in plaintext) here to the GRPC interface
                      the agent card names; the card passed on names this address instead. Each
                      message is decoded to ProtoJSON and judged like JSON-RPC's, each error status
                      by its §5.4 status and google.rpc.ErrorInfo; --record holds the ProtoJSON form
  --variant V         ${VARIANTS.join(' | ')} (default: the agent card's, as check-server chooses;
                      with no card, the traffic's: a2a or a2a-v1 until what only bindu or aion has appears)
  --spec-revision R   ${SPEC_REVISIONS.join(' | ')}: on the v1.0 wire, the revision of A2A v1.0 whose §5.4 table
                      HTTP+JSON and gRPC error statuses are judged by (default: the variant's, ${LATEST_SPEC_REVISION})
  --strict            unknown keys and non-canonical forms are errors, not warnings
  --record FILE       append every JSON-RPC payload and HTTP+JSON body to FILE, one a line
                      (bindu-protocol validate --ndjson reads it)
  --json              one JSON object per exchange instead of lines
  --max-bytes N       the largest body or stream event validated (default 16M); larger ones are
                      forwarded and reported as not validated
  --timeout T         how long the agent may stay silent before answering, or in the middle of a
                      plain answer (default ${PROXY_DEFAULTS.timeoutMs / 1000}s); then the client gets a 502. Streams have no limit.

exit (after Ctrl-C) 0 no exchange was invalid · 1 some exchange was invalid · 2 usage error, bad TARGET_URL, port in use
`;

/** `HOST:PORT`, `:PORT`, `PORT` or `[V6]:PORT`. */
export function parseListen(text: string, option = '--listen'): { host: string; port: number } {
  const match = /^(?:(?:\[([^\]]+)\]|([^:[\]]*)):)?(\d+)$/.exec(text.trim());
  const port = match ? Number(match[3]) : NaN;
  if (!match || !Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`${option} takes HOST:PORT, :PORT or PORT with a port from 0 to 65535 (got "${text}")`);
  return { host: match[1] ?? (match[2] || '127.0.0.1'), port };
}

const fail = (err: (text: string) => void, message: string): number => {
  err(`bindu-protocol: ${message}\n`);
  return 2;
};

export async function proxyCommand(
  argv: readonly string[],
  out: (text: string) => void,
  err: (text: string) => void,
  stop: Promise<unknown> = interrupted(),
): Promise<number> {
  let settings: ProxyOptions;
  let json: boolean;
  try {
    const { positionals, options } = parseArgs(
      argv,
      ['listen', 'grpc-listen', 'variant', 'spec-revision', 'record', 'max-bytes', 'timeout'],
      ['help', 'strict', 'json'],
    );
    if (options.has('help')) {
      out(PROXY_USAGE);
      return 0;
    }
    if (positionals.length !== 1)
      throw new UsageError(
        positionals.length === 0
          ? 'proxy needs the TARGET_URL of the agent'
          : `proxy takes one TARGET_URL (got ${positionals.length} arguments)`,
      );
    const variant = options.get('variant');
    if (variant !== undefined && !VARIANTS.includes(String(variant)))
      throw new UsageError(`unknown variant "${String(variant)}" (expected one of: ${VARIANTS.join(', ')})`);
    const revision = options.get('spec-revision');
    if (revision !== undefined && !isSpecRevision(revision))
      throw new UsageError(
        `option --spec-revision needs one of ${SPEC_REVISIONS.join(', ')}${typeof revision === 'string' ? ` (got "${revision}")` : ''}`,
      );
    const listen =
      typeof options.get('listen') === 'string' ? parseListen(options.get('listen') as string) : { host: '127.0.0.1', port: 0 };
    const grpcText = options.get('grpc-listen');
    const grpcListen = typeof grpcText === 'string' ? parseListen(grpcText, '--grpc-listen') : undefined;
    const record = options.get('record') as string | undefined;
    const unwritable = record !== undefined ? whyNotWritable(record) : undefined;
    if (unwritable !== undefined) throw new UsageError(`cannot record to "${record}": ${unwritable}`);
    const maxText = options.get('max-bytes') as string | undefined;
    const maxBytes = maxText === undefined ? undefined : parseByteSize(maxText);
    if (maxBytes === undefined && maxText !== undefined)
      throw new UsageError(`--max-bytes takes a size in bytes, or with k, M or G (e.g. 16M), not "${maxText}"`);
    const timeout = options.get('timeout') as string | undefined;
    json = options.has('json');
    settings = {
      target: positionals[0]!,
      ...listen,
      ...(grpcListen ? { grpcListen } : {}),
      ...(variant !== undefined ? { variant: String(variant) } : {}),
      strict: options.has('strict'),
      ...(revision !== undefined ? { specRevision: revision } : {}),
      ...(record !== undefined ? { record } : {}),
      ...(maxBytes !== undefined ? { maxBytes } : {}),
      ...(timeout !== undefined ? { timeoutMs: parseDuration('timeout', timeout) } : {}),
    };
  } catch (error) {
    if (error instanceof UsageError) {
      err(`bindu-protocol: ${error.message}\nRun 'bindu-protocol proxy --help' for usage.\n`);
      return 2;
    }
    throw error;
  }

  const colour = !json && process.stdout.isTTY === true && !process.env.NO_COLOR;
  // The reports are written together, REPORT_DELAY_MS after the first of them: under load one write for many
  // reports instead of one each (a write to a pipe or a file is synchronous in Node).
  let reports = '';
  let pending: NodeJS.Timeout | undefined;
  const flush = (): void => {
    if (pending !== undefined) clearTimeout(pending);
    pending = undefined;
    const text = reports;
    reports = '';
    if (text !== '') out(text);
  };
  // The young generation is kept at PROXY_NEW_SPACE (fewer collections under load; see heap.ts), checked every
  // YOUNG_CHECK_EXCHANGES exchanges: V8 shrinks it when the proxy is idle, and it grows back under the next load. Checked
  // as the traffic goes, not by a timer: an idle proxy is not woken, and a growth (driven by what is allocated) is seen
  // in time to stop it at PROXY_NEW_SPACE.
  keepYoungGeneration(PROXY_NEW_SPACE);
  let sinceCheck = 0;
  // Its collections are small (little outlives an exchange) and come often under load, when the proxy shares the
  // cores with its clients and the agent: helper threads add more CPU than they save (see heap.ts).
  scavengeOnOwnThread();
  let proxy: RunningProxy;
  try {
    proxy = await startProxy({
      ...settings,
      onExchange: (report) => {
        if (++sinceCheck === YOUNG_CHECK_EXCHANGES) {
          sinceCheck = 0;
          keepYoungGeneration(PROXY_NEW_SPACE);
        }
        pending ??= setTimeout(flush, REPORT_DELAY_MS);
        reports += json ? exchangeJson(report) : exchangeLines(report, colour);
      },
      onNote: (text) => err(`bindu-protocol proxy: ${text}\n`),
    });
  } catch (error) {
    if (error instanceof ProxyError) return fail(err, error.message);
    throw error;
  }
  const choice = proxy.choice;
  out(
    json
      ? `${JSON.stringify({ proxy: proxy.url, target: proxy.target, ...(proxy.grpc ? { grpc: proxy.grpc } : {}), ...(choice ? { variant: choice.variant, validator: choice.validator } : {}) })}\n`
      : `proxy ${proxy.url} → ${proxy.target}${choice ? ` (variant ${choice.variant})` : ''}${proxy.grpc ? `; gRPC ${proxy.grpc.address} → ${proxy.grpc.target}` : ''}\n`,
  );
  await stop;
  await proxy.close();
  flush();
  const { summary } = proxy;
  out(json ? `${JSON.stringify({ summary })}\n` : summaryLine(summary));
  return summary.invalid > 0 ? 1 : 0;
}
