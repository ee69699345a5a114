/**
 * The `bindu-protocol check-server` command: argument parsing, output and exit code around
 * `checkServer`. It is asynchronous, so `cli.ts` runs it from `main` rather than `run`.
 */
import { appendFileSync } from 'node:fs';
import { LATEST_SPEC_REVISION, SPEC_REVISIONS, isSpecRevision } from '../../../schemas/spec-revisions.js';
import { suggestionLines, suggestV1 } from './suggest-v1.js';
import { redactor, secretsOf } from '../../shell/redact.js';
import { failedRunSummary, githubAnnotations, jobSummary, MAX_ANNOTATIONS, runError } from './github-report.js';
import { parseDuration } from '../../shell/duration.js';
import { parseArgs, UsageError } from '../../shell/args.js';
import { checkServerJUnit, deviationLines, stepLines, summaryLine, unreachableJUnit } from './check-report.js';
import { waitForAgent } from './wait.js';
import { readJson } from '../signatures/command.js';
import { jwksKeys, SignatureInputError } from '../../library/signatures/index.js';
import { whyNotWritable, writeFileAtomic } from '../../shell/write-file-atomic.js';
import { CHECK_VARIANTS } from '../../live/stream-lifecycle.js';
import { stepCatalog } from './step-catalog.js';
import { applyExpectations, ExpectFileError, expectFileOf, markStep, readExpectFile, type ExpectedFailure } from './expect-fail.js';
import {
  checkServer,
  CheckServerError,
  DEFAULTS,
  GROUP_TITLES,
  GROUPS,
  MAX_STREAM_EVENTS,
  TRANSPORT_TITLES,
  TRANSPORTS,
  type CheckOptions,
  type CheckReport,
  type TransportChoice,
  selectGroups,
} from './scenario.js';

/** --list-steps: every step id per group (for these variants), with the step's name; no agent is contacted. */
export function listSteps(variants: readonly string[]): string {
  const lines: string[] = [];
  for (const [group, steps] of stepCatalog(variants)) {
    lines.push(`-- ${group}: ${GROUP_TITLES[group]}`);
    for (const step of steps) lines.push(`${step.id.padEnd(56)} ${step.name}`);
  }
  lines.push('A setup call that goes wrong is reported as <step id>.setup-<method>.');
  return `${lines.join('\n')}\n`;
}

export const CHECK_SERVER_USAGE = `usage: bindu-protocol check-server URL [--variant V] [--spec-revision R] [--transport jsonrpc|http-json|grpc|all]
                                    [--only G|ID,...] [--skip G|ID,...] [--list-steps]
                                    [--probes all|none|N] [--json] [--junit FILE] [--suggest-v1]
                                    [--wait T] [--timeout T] [--total-timeout T] [--webhook URL] [--strict] [--report github]
                                    [--expect-fail FILE [--strict-expect]] [--write-expect-fail FILE]
                                    [--header 'Name: value']... [--header-env NAME=ENVVAR]... [--jwks FILE|URL]

Probes a live JSON-RPC agent. Fetches its agent card (URL/.well-known/agent-card.json, else
URL/.well-known/agent.json; a URL ending in .json is the card itself), and the card decides the
wire and the variant: a v0.3 card (url, protocolVersion) is checked as a2a on the A2A v0.3 wire,
or as bindu when it carries what only a Bindu card has (agentTrust, kind agent/team/workflow, a
Bindu extension URI); a v1.0 card (supportedInterfaces) as a2a-v1 on the v1.0 wire (A2A-Version:
1.0 on every request), or aion when it declares the aion context extension. The first line says
which and the field that decided. Then the endpoint the card names is driven through these
behaviour groups, in order:

${GROUPS.map((group) => `  ${group.padEnd(10)} ${GROUP_TITLES[group]}`).join('\n')}

Every answer is validated against the variant. One line per step (its id, its name), under a
heading per group:
  PASS
  FAIL  reason [clause]   a MUST/REQUIRED broken (or the variant's schema), the clause named
  WARN  reason [clause]   a SHOULD/RECOMMENDED not followed
  SKIP  why               what the agent may leave out (an optional method, a capability the card
                          does not claim), or what cannot be checked (no running task, say)
The last line is "N passed, N failed, N warned, N skipped".

  --variant V         a2a | bindu | a2a-v1 | aion (default: the agent card's; use a2a for a plain A2A v0.3 server)
  --spec-revision R   ${SPEC_REVISIONS.join(' | ')}: on the v1.0 wire, the revision of A2A v1.0 the agent is held to
                      (its error statuses, media types, ErrorInfo rules and cited sections; default: the
                      variant's, ${LATEST_SPEC_REVISION}). The report's second line names it.
  --transport T       jsonrpc, http-json, grpc or all (default: the first binding the card offers,
                      JSON-RPC first). On http-json the groups run over the REST operations: bodies
                      validated against generated/openapi/<variant>.json, error statuses against the
                      binding's mapping; the JSON-RPC-only steps are skipped. On grpc (A2A v1.0, the
                      card's GRPC interface, host:port, plaintext; https:// or grpcs:// for TLS) over
                      the lf.a2a.v1.A2AService methods: each answer decoded to ProtoJSON and validated,
                      each error's gRPC status against the §5.4 table and its google.rpc.ErrorInfo in
                      the status details, A2A-Version sent as metadata. all: every binding the card
                      lists (gRPC when it lists one), the steps whose answers differ, then the bindings
                      group: the same send, get, cancel, unknown task and stream on each binding,
                      compared. The group headings name the binding.
  --only G|ID,...     run only these groups or steps (the card is always read); a step id is
                      <group>.<slug>, the same on every run and on both wires (shown before each name)
  --skip G|ID,...     leave these groups or steps out
  --list-steps        print every step id per group (of --variant's, else all variants') and exit
  --probes P          all (default), none, or N: how many invalid params fixtures to send per method
  --junit FILE        also write a JUnit XML report to FILE (replaced atomically); always written: an
                      agent that cannot be reached is one failing test case with the reason
  --json              print the report as one JSON object instead of lines (a FAIL carries its
                      clause, the request sent and the answer received)
  --strict            a WARN fails the run too (exit 1)
  --header 'N: v'     send this header with every request, the card fetch included (repeatable)
  --header-env N=VAR  send header N with the value of the environment variable VAR (repeatable)
                      No header value is ever printed or written (text, --json, JUnit, annotations,
                      job summary, expect-fail files, errors): each shows as ***, as does the
                      credential after a scheme word (Bearer <token>) wherever an agent echoes it
  --jwks FILE|URL     the JWK Set a v1.0 card's signatures are verified with (card.agent-card-signatures-v1-0;
                      default: the one each signature's jku names, A2A v1.0.1 §8.4.3)
  --expect-fail FILE  known failures: a JSON or YAML list of {id, transport?, reason, clause?, issue?}
                      (step ids; transport jsonrpc or http-json, none: every binding); an expected
                      FAIL is XFAIL and does not fail the run, an expected step that passes is XPASS;
                      an id that names no step is a usage error (exit 2)
  --strict-expect     an XPASS fails the run (keeps the file honest)
  --write-expect-fail FILE  write this run's FAILs as such a file (YAML for .yaml/.yml, else JSON):
                      each step on the binding it failed on (once, without transport, when it
                      failed on every binding of --transport all), reasons without the run's ids,
                      times or ports, so an equal agent gives the same file
  --report github     also print GitHub Actions annotations: ::error per failing step, ::warning per
                      WARN, at most ${MAX_ANNOTATIONS} of each (the last then says how many more), ::error for
                      an XPASS under --strict-expect, an unreachable agent or a usage error; with
                      $GITHUB_STEP_SUMMARY set, a markdown summary is appended to that file
  --suggest-v1        when the card is an A2A v0.3 card, also print the v1.0 card it migrates to,
                      what changes and what the agent must do besides (as migrate-card does;
                      \`suggestedV1\` in --json)
  --wait T            retry the card fetch (a refused connection, HTTP 502/503/504) until the agent
                      answers or T passes, then go on or exit 2: for an agent started in the same CI job
  --timeout T         time allowed for one request, or between two stream events (default ${DEFAULTS.timeoutMs / 1000}s)
  --total-timeout T   time allowed for the whole check (default ${DEFAULTS.totalTimeoutMs / 1000}s)
  --webhook URL       the webhook the push notification steps register (default: ${DEFAULTS.webhookUrl},
                      which validates every notification it receives)
  T is a number of seconds, or a number followed by ms or s (500ms, 2s).

A server that misbehaves on the wire fails the step, by name: no answer within the timeout, a
connection closed in the middle of an answer, a body over ${DEFAULTS.maxBytes} bytes (never read
whole), a stream over that size or ${MAX_STREAM_EVENTS} events (or still going at the overall limit), an
answer that is not JSON or not HTTP, a redirect to another origin (another host, port or scheme:
refused, never connected to).

exit 0 no step failed (XFAIL does not) · 1 some step failed (with --strict: or warned; with --strict-expect: or XPASSed) · 2 usage error, bad URL or unreachable server
`;

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Takes --header 'Name: value' and --header-env NAME=ENVVAR (both repeatable) out of the arguments:
 * the headers to send, the values to hide (every value, and the credential after its scheme word:
 * src/shell/redact.ts), the headers as shown (each value ***) and the other arguments. A usage
 * error never repeats a value.
 */
export function takeHeaders(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): { rest: string[]; headers: Record<string, string>; secrets: string[]; shown: Record<string, string> } {
  const rest: string[] = [];
  const headers: Record<string, string> = {};
  const shown: Record<string, string> = {};
  const secrets: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    const match = /^--(header|header-env)(?:=(.*))?$/s.exec(arg);
    if (!match) {
      rest.push(arg);
      continue;
    }
    const value = match[2] ?? argv[++i];
    if (value === undefined || value === '') throw new UsageError(`option --${match[1]} needs a value`);
    if (match[1] === 'header') {
      const colon = value.indexOf(':');
      const name = value.slice(0, Math.max(colon, 0)).trim();
      const text = value.slice(colon + 1).trim();
      if (colon < 0 || !HEADER_NAME.test(name) || /[\r\n\0]/.test(text))
        throw new UsageError(
          `option --header needs 'Name: value' (${colon < 0 ? 'the value given has no colon' : !HEADER_NAME.test(name) ? `the name before the colon is not a header name` : 'the value holds a line break'}; the value is not shown)`,
        );
      headers[name] = text;
      shown[name] = '***';
      secrets.push(...secretsOf(text));
    } else {
      const [name, variable] = [value.slice(0, value.indexOf('=')), value.slice(value.indexOf('=') + 1)];
      if (!value.includes('=') || !HEADER_NAME.test(name) || variable === '')
        throw new UsageError(`option --header-env needs NAME=ENVVAR, the header's name and the variable holding its value`);
      const secret = env[variable];
      if (secret === undefined || secret === '')
        throw new UsageError(`--header-env ${name}: the environment variable ${variable} is not set`);
      if (/[\r\n\0]/.test(secret)) throw new UsageError(`--header-env ${name}: the value of ${variable} holds a line break`);
      headers[name] = secret;
      shown[name] = '***';
      secrets.push(...secretsOf(secret));
    }
  }
  return { rest, headers, secrets, shown };
}

const fail = (err: (text: string) => void, message: string): number => {
  err(`bindu-protocol: ${message}\nRun 'bindu-protocol --help' for usage.\n`);
  return 2;
};

/** True when the arguments ask for --report github (read before they are parsed, for a usage error's annotation). */
const asksGithub = (argv: readonly string[]) =>
  argv.some((arg, i) => arg === '--report=github' || (arg === '--report' && argv[i + 1] === 'github'));

export async function checkServerCommand(
  argv: readonly string[],
  print: (text: string) => void,
  printErr: (text: string) => void,
): Promise<number> {
  // Every line printed goes through the redactor of the --header/--header-env values (set once they are read).
  let hide = redactor([]);
  const out = (text: string) => print(hide.text(text));
  const err = (text: string) => printErr(hide.text(text));
  const github = asksGithub(argv);
  const summaryFile = github ? process.env.GITHUB_STEP_SUMMARY : undefined;
  /** Appends to the job summary ($GITHUB_STEP_SUMMARY, with --report github); a failure to is said, not fatal. */
  const summarize = (markdown: string) => {
    if (!summaryFile) return;
    try {
      appendFileSync(summaryFile, hide.text(markdown));
    } catch (error) {
      err(`bindu-protocol: cannot append to the job summary "${summaryFile}": ${(error as Error).message}\n`);
    }
  };
  const usage = (message: string): number => {
    if (github) out(runError(`usage error: ${message}`));
    return fail(err, message);
  };
  let url: string;
  let options: Map<string, string | true>;
  let settings: { -readonly [K in keyof CheckOptions]: CheckOptions[K] };
  let expectations: ExpectedFailure[] | undefined;
  let sent: ReturnType<typeof takeHeaders>;
  let waitMs: number | undefined;
  try {
    sent = takeHeaders(argv, process.env);
    hide = redactor(sent.secrets);
    const parsed = parseArgs(
      sent.rest,
      [
        'variant',
        'spec-revision',
        'transport',
        'junit',
        'timeout',
        'total-timeout',
        'webhook',
        'only',
        'skip',
        'probes',
        'report',
        'expect-fail',
        'write-expect-fail',
        'wait',
        'jwks',
      ],
      ['help', 'json', 'strict', 'suggest-v1', 'list-steps', 'strict-expect'],
    );
    options = parsed.options;
    if (options.has('help')) {
      out(CHECK_SERVER_USAGE);
      return 0;
    }
    if (options.has('list-steps')) {
      const variant = options.get('variant');
      if (variant !== undefined && (typeof variant !== 'string' || !(CHECK_VARIANTS as readonly string[]).includes(variant)))
        throw new UsageError(`option --variant needs one of ${CHECK_VARIANTS.join(', ')}`);
      out(listSteps(typeof variant === 'string' ? [variant] : CHECK_VARIANTS));
      return 0;
    }
    if (parsed.positionals.length !== 1) {
      throw new UsageError(
        parsed.positionals.length === 0
          ? 'check-server needs the URL of the agent'
          : `check-server takes one URL (got ${parsed.positionals.length} arguments)`,
      );
    }
    url = parsed.positionals[0]!;
    const variant = options.get('variant');
    if (variant === true) throw new UsageError('option --variant needs a value');
    settings = variant === undefined ? {} : { variant };
    if (Object.keys(sent.headers).length > 0) {
      settings.headers = sent.headers;
      settings.secrets = sent.secrets;
    }
    if (parsed.options.has('strict')) settings.strict = true;
    const revision = options.get('spec-revision');
    if (revision !== undefined) {
      if (!isSpecRevision(revision)) throw new UsageError(`option --spec-revision needs one of ${SPEC_REVISIONS.join(', ')}`);
      settings.specRevision = revision;
    }
    for (const name of ['only', 'skip'] as const) {
      const value = options.get(name);
      if (value === true) throw new UsageError(`option --${name} needs a group name (${GROUPS.join(', ')})`);
      if (typeof value === 'string') {
        const groups = value
          .split(',')
          .map((group) => group.trim())
          .filter(Boolean);
        try {
          selectGroups(groups, undefined);
        } catch (error) {
          if (error instanceof CheckServerError) throw new UsageError(`option --${name}: ${error.message}`);
          throw error;
        }
        settings[name] = groups;
      }
    }
    const probes = options.get('probes');
    if (probes !== undefined) {
      if (probes === 'all' || probes === 'none') settings.probes = probes;
      else if (typeof probes === 'string' && /^\d+$/.test(probes)) settings.probes = Number(probes);
      else throw new UsageError(`option --probes needs all, none or a number (got "${String(probes)}")`);
    }
    const timeout = options.get('timeout');
    if (typeof timeout === 'string') settings.timeoutMs = parseDuration('timeout', timeout);
    const wait = options.get('wait');
    if (typeof wait === 'string') waitMs = parseDuration('wait', wait);
    const total = options.get('total-timeout');
    if (typeof total === 'string') settings.totalTimeoutMs = parseDuration('total-timeout', total);
    const transport = options.get('transport');
    if (transport !== undefined) {
      if (typeof transport !== 'string' || !(TRANSPORTS as readonly string[]).includes(transport)) {
        throw new UsageError(`option --transport needs one of ${TRANSPORTS.join(', ')} (got "${String(transport)}")`);
      }
      settings.transport = transport as TransportChoice;
    }
    const jwks = options.get('jwks');
    if (jwks === true) throw new UsageError('option --jwks needs a JWK Set file or URL');
    if (typeof jwks === 'string') {
      const set = await readJson(jwks, 'the JWK Set of --jwks');
      try {
        settings.jwks = jwksKeys(set, `the JWK Set of --jwks (${jwks})`);
      } catch (error) {
        if (error instanceof SignatureInputError) throw new UsageError(error.message);
        throw error;
      }
    }
    const webhook = options.get('webhook');
    if (typeof webhook === 'string') {
      try {
        new URL(webhook);
      } catch {
        throw new UsageError(`option --webhook needs a URL (got "${webhook}")`);
      }
      settings.webhookUrl = webhook;
    }
    const reportKind = options.get('report');
    if (reportKind !== undefined && reportKind !== 'github')
      throw new UsageError(`option --report needs github (got "${String(reportKind)}")`);
    const junit = options.get('junit');
    const unwritable = typeof junit === 'string' ? whyNotWritable(junit) : undefined;
    if (unwritable !== undefined) throw new UsageError(`cannot write the JUnit report to "${String(junit)}": ${unwritable}`);
    const expectFile = options.get('expect-fail');
    if (expectFile === true) throw new UsageError('option --expect-fail needs a file');
    if (typeof expectFile === 'string') {
      try {
        expectations = readExpectFile(expectFile);
      } catch (error) {
        if (error instanceof ExpectFileError) throw new UsageError(error.message);
        throw error;
      }
    }
    if (options.has('strict-expect') && expectations === undefined) throw new UsageError('--strict-expect needs --expect-fail FILE');
    const writeExpect = options.get('write-expect-fail');
    if (writeExpect === true) throw new UsageError('option --write-expect-fail needs a file');
    const cannot = typeof writeExpect === 'string' ? whyNotWritable(writeExpect) : undefined;
    if (cannot !== undefined) throw new UsageError(`cannot write the expect-fail file "${String(writeExpect)}": ${cannot}`);
  } catch (error) {
    if (error instanceof UsageError) return usage(error.message);
    throw error;
  }

  const json = options.has('json');
  const shownHeaders = Object.entries(sent.shown).map(([name, value]) => `${name}: ${value}`);
  if (!json && shownHeaders.length > 0) out(`headers sent with every request: ${shownHeaders.join(', ')}\n`);
  // --junit is always written: a run that cannot start is one failing test case with the reason.
  const unreachable = (said: string): number => {
    const reason = hide.text(said);
    err(`bindu-protocol: ${reason}\n`);
    if (github) out(runError(`the agent could not be checked: ${reason}`));
    summarize(failedRunSummary(url, reason));
    const junit = options.get('junit');
    if (typeof junit === 'string') {
      try {
        writeFileAtomic(junit, hide.text(unreachableJUnit(url, settings.variant, settings.transport, reason)));
      } catch (error) {
        err(`bindu-protocol: cannot write the JUnit report to "${junit}": ${(error as Error).message}\n`);
      }
    }
    return 2;
  };
  if (waitMs !== undefined) {
    const why = await waitForAgent(url, waitMs, settings.headers ?? {}, settings.timeoutMs ?? DEFAULTS.timeoutMs);
    if (why !== undefined) return unreachable(`the agent did not answer within --wait ${options.get('wait')}: ${why}`);
  }
  let report: CheckReport & { readonly xfailed?: number; readonly xpassed?: number };
  try {
    let group = '';
    report = await checkServer(url, {
      ...settings,
      ...(json
        ? {}
        : {
            onVariant: (_variant: string, reason: string) => out(`${reason}\n`),
            onStep: (step) => {
              const binding = step.group === 'bindings' ? 'every binding' : TRANSPORT_TITLES[step.transport ?? 'jsonrpc'];
              const heading = `${step.group} [${binding}]`;
              if (heading !== group) {
                group = heading;
                out(`-- ${heading}: ${GROUP_TITLES[step.group]}\n`);
              }
              out(stepLines(expectations ? markStep(step, expectations) : step));
            },
          }),
    });
  } catch (error) {
    if (error instanceof CheckServerError) {
      if (error.kind === 'usage') return usage(error.message);
      return unreachable(error.message);
    }
    err(`bindu-protocol: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  const strictExpect = options.has('strict-expect');
  if (expectations) report = applyExpectations(report, expectations, strictExpect);
  // Whatever the agent echoed of a secret is *** in every output and file below (before JSON or XML escapes it).
  report = hide.value(report);
  if (!json && report.transports.length > 1) {
    const titles = report.transports.map((name) => TRANSPORT_TITLES[name]);
    const between = titles.length > 2 ? `${titles.slice(0, -1).join(', ')} and ${titles.at(-1)}` : titles.join(' and ');
    out(`-- differences between ${between}: ${report.differences.length === 0 ? 'none' : report.differences.length}\n`);
    for (const difference of report.differences) {
      const grpc = difference.grpc !== undefined ? ` · gRPC ${difference.grpc.join(', ') || '(not compared)'}` : '';
      out(
        `DIFF  ${difference.group}: ${difference.step}: JSON-RPC ${difference.jsonrpc.join(', ')} · HTTP+JSON ${difference.httpJson.join(', ')}${grpc}\n`,
      );
    }
  }
  // --suggest-v1: for a v0.3 card, the v1.0 card it migrates to (suggest-v1.ts).
  const suggestion =
    options.has('suggest-v1') && report.wire === 'v0.3' && report.cardUrl !== undefined
      ? await suggestV1(report.cardUrl, settings.timeoutMs ?? 10_000, settings.headers ?? {})
      : undefined;
  if (suggestion && !json) out(suggestionLines(suggestion));
  if (!json) out(deviationLines(report));
  const extra = { ...(suggestion ? { suggestedV1: suggestion } : {}), ...(shownHeaders.length > 0 ? { headers: sent.shown } : {}) };
  out(json ? `${JSON.stringify({ ...report, ...extra })}\n` : summaryLine(report));
  if (github) {
    out(githubAnnotations(report, strictExpect));
    summarize(jobSummary(report));
  }
  const junit = options.get('junit');
  if (typeof junit === 'string') {
    try {
      writeFileAtomic(junit, hide.text(checkServerJUnit(report, strictExpect)));
    } catch (error) {
      err(`bindu-protocol: cannot write the JUnit report to "${junit}": ${(error as Error).message}\n`);
      return 2;
    }
  }
  const writeExpect = options.get('write-expect-fail');
  if (typeof writeExpect === 'string') {
    try {
      writeFileAtomic(writeExpect, hide.text(expectFileOf(report, writeExpect)));
    } catch (error) {
      err(`bindu-protocol: cannot write the expect-fail file "${writeExpect}": ${(error as Error).message}\n`);
      return 2;
    }
  }
  return report.ok ? 0 : 1;
}
