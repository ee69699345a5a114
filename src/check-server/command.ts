/**
 * The `bindu-protocol check-server` command: argument parsing, output and exit code around
 * `checkServer`. It is asynchronous, so `cli.ts` runs it from `main` rather than `run`.
 */
import { parseArgs, UsageError, variantOption } from '../args.js';
import { defaultVariant } from '../lazy-variants.js';
import { writeCheckServerJUnit, stepLines, summaryLine } from './report.js';
import { whyNotWritable } from '../write-file.js';
import { checkServer, CheckServerError, DEFAULTS, MAX_STREAM_EVENTS } from './scenario.js';

export const CHECK_SERVER_USAGE = `usage: bindu-protocol check-server URL [--variant V] [--junit FILE] [--json]
                                    [--timeout T] [--total-timeout T] [--webhook URL]

Probes a live JSON-RPC agent: fetches its agent card (URL/.well-known/agent-card.json, else
URL/.well-known/agent.json; a URL ending in .json is the card itself), validates it, then sends the
JSON-RPC endpoint the card names message/send (text part, data part), tasks/get (historyLength),
tasks/get on an unknown task, tasks/cancel on a finished task, an unknown method, malformed JSON,
invalid params and message/stream (when the card claims streaming), and the push notification
config methods (when it claims pushNotifications). Every answer is validated against the variant.
Prints one line per step (PASS, FAIL with the reason, SKIP with why), then
"N passed, N failed, N skipped".

  --variant V         a2a | bindu (default: ${defaultVariant}; use a2a for a plain A2A server)
  --junit FILE        also write a JUnit XML report to FILE (replaced atomically)
  --json              print the report as one JSON object instead of lines
  --timeout T         time allowed for one request, or between two stream events (default ${DEFAULTS.timeoutMs / 1000}s)
  --total-timeout T   time allowed for the whole check (default ${DEFAULTS.totalTimeoutMs / 1000}s)
  --webhook URL       the webhook the push notification steps register (default ${DEFAULTS.webhookUrl})
  T is a number of seconds, or a number followed by ms or s (500ms, 2s).

A server that misbehaves on the wire fails the step, by name: no answer within the timeout, a
connection closed in the middle of an answer, a body over ${DEFAULTS.maxBytes} bytes (never read
whole), a stream over that size or ${MAX_STREAM_EVENTS} events (or still going at the overall limit), an
answer that is not JSON or not HTTP, a redirect to another origin (another host, port or scheme:
refused, never connected to).

exit 0 every step passed or was skipped · 1 some step failed · 2 usage error, bad URL or unreachable server
`;

/** Seconds, or milliseconds with `ms`, or seconds with `s`; returns milliseconds. */
export function parseDuration(name: string, text: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s)?$/.exec(text.trim());
  const ms = match ? Number(match[1]) * (match[2] === 'ms' ? 1 : 1000) : NaN;
  if (!Number.isFinite(ms) || ms <= 0) throw new UsageError(`option --${name} needs a positive duration such as 10, 10s or 500ms (got "${text}")`);
  return ms;
}

const fail = (err: (text: string) => void, message: string): number => {
  err(`bindu-protocol: ${message}\nRun 'bindu-protocol --help' for usage.\n`);
  return 2;
};

export async function checkServerCommand(argv: readonly string[], out: (text: string) => void, err: (text: string) => void): Promise<number> {
  let url: string;
  let options: Map<string, string | true>;
  let settings: { variant: ReturnType<typeof variantOption>; timeoutMs?: number; totalTimeoutMs?: number; webhookUrl?: string };
  try {
    const parsed = parseArgs(argv, ['variant', 'junit', 'timeout', 'total-timeout', 'webhook'], ['help', 'json']);
    options = parsed.options;
    if (options.has('help')) {
      out(CHECK_SERVER_USAGE);
      return 0;
    }
    if (parsed.positionals.length !== 1) {
      throw new UsageError(parsed.positionals.length === 0 ? 'check-server needs the URL of the agent' : `check-server takes one URL (got ${parsed.positionals.length} arguments)`);
    }
    url = parsed.positionals[0]!;
    settings = { variant: variantOption(options) };
    const timeout = options.get('timeout');
    if (typeof timeout === 'string') settings.timeoutMs = parseDuration('timeout', timeout);
    const total = options.get('total-timeout');
    if (typeof total === 'string') settings.totalTimeoutMs = parseDuration('total-timeout', total);
    const webhook = options.get('webhook');
    if (typeof webhook === 'string') {
      try {
        new URL(webhook);
      } catch {
        throw new UsageError(`option --webhook needs a URL (got "${webhook}")`);
      }
      settings.webhookUrl = webhook;
    }
    const junit = options.get('junit');
    const unwritable = typeof junit === 'string' ? whyNotWritable(junit) : undefined;
    if (unwritable !== undefined) throw new UsageError(`cannot write the JUnit report to "${String(junit)}": ${unwritable}`);
  } catch (error) {
    if (error instanceof UsageError) return fail(err, error.message);
    throw error;
  }

  const json = options.has('json');
  let report;
  try {
    report = await checkServer(url, { ...settings, ...(json ? {} : { onStep: (step) => out(stepLines(step)) }) });
  } catch (error) {
    if (error instanceof CheckServerError) {
      if (error.kind === 'usage') return fail(err, error.message);
      err(`bindu-protocol: ${error.message}\n`);
      return 2;
    }
    err(`bindu-protocol: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  out(json ? `${JSON.stringify(report)}\n` : summaryLine(report));
  const junit = options.get('junit');
  if (typeof junit === 'string') {
    try {
      writeCheckServerJUnit(junit, report);
    } catch (error) {
      err(`bindu-protocol: cannot write the JUnit report to "${junit}": ${(error as Error).message}\n`);
      return 2;
    }
  }
  return report.ok ? 0 : 1;
}
