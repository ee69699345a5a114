/**
 * The live check: reads the agent card (groups/card.ts; it chooses the wire, the variant and the
 * binding, --variant and --transport override), builds the run from what it learned (run.ts), then
 * drives the agent through the behaviour groups in order (groups/names.ts: card, envelope,
 * message, tasks, cancel, streaming, push, extended, extras, probes, errors). Every answer is
 * validated with the package's validator for the variant; every step ends PASS, FAIL with the
 * reason, or SKIP with why. With --transport all, both bindings run and their answers are compared.
 */
import { variantNames } from '../../library/variants.js';
import { CHECK_VARIANTS } from '../../live/stream-lifecycle.js';
import { DEFAULTS, Run, revisionLine, type CheckOptions, type CheckReport, type Difference } from './run.js';
import { SPEC_REVISIONS, isSpecRevision } from '../../../schemas/spec-revisions.js';
import { WIRE_OF_VARIANT, specRevisionOf } from '../../../schemas/variant-table.js';
import { CheckServerError, skip, StepLog, type StepStatus } from './step-log.js';
import { TRANSPORTS, TRANSPORT_TITLES, type TransportName } from './transport.js';
import { GROUPS, isGroup, type GroupName } from './groups/names.js';
import { isKnownId, stepCatalog } from './step-catalog.js';
import { cardGroup, cardStep } from './groups/card.js';
import { envelopeGroup } from './groups/envelope.js';
import { messageGroup, type MessageState } from './groups/message.js';
import { tasksGroup } from './groups/tasks.js';
import { cancelGroup } from './groups/cancel.js';
import { streamingGroup } from './groups/streaming.js';
import { pushGroup, WebhookReceiver } from './groups/push.js';
import { extendedGroup } from './groups/extended.js';
import { extrasGroup } from './groups/extras.js';
import { probesGroup } from './groups/probes.js';
import { errorsGroup, grpcErrorsGroup } from './groups/errors.js';
import { bindingsGroup } from './groups/bindings.js';
import { GrpcTransport, loadGrpcClient } from './grpc-transport.js';

export { DEFAULTS, type CheckOptions, type CheckReport, type Difference } from './run.js';
export { CheckServerError, formatErrors, type StepResult, type StepStatus } from './step-log.js';
export { MAX_STREAM_EVENTS } from './stream-reader.js';
export { TRANSPORTS, TRANSPORT_TITLES, type TransportName, type TransportChoice } from './transport.js';
export { cardCandidates, jsonRpcEndpoint } from './groups/card.js';
export { GROUPS, GROUP_TITLES, type GroupName } from './groups/names.js';

/**
 * The groups a run runs, and which steps: `only` and `skip` name groups or step ids (step-ids.ts).
 * `only` runs the groups named whole and, of the other groups, the steps named; `skip` leaves out
 * the groups and steps named. Throws a usage error naming an unknown group or step id.
 */
export function selectGroups(
  only: readonly string[] | undefined,
  skipped: readonly string[] | undefined,
): Set<GroupName> & { select?: (id: string) => boolean } {
  const catalog = stepCatalog(CHECK_VARIANTS);
  const groupOf = (id: string) => id.slice(0, id.indexOf('.')) as GroupName;
  for (const name of [...(only ?? []), ...(skipped ?? [])]) {
    if (isGroup(name) || (name.includes('.') && isKnownId(name, catalog))) continue;
    throw new CheckServerError(
      'usage',
      name.includes('.')
        ? `unknown step id "${name}" (check-server --list-steps lists them)`
        : `unknown group "${name}" (the groups are: ${GROUPS.join(', ')})`,
    );
  }
  const onlyGroups = (only ?? []).filter(isGroup);
  const onlyIds = new Set((only ?? []).filter((name) => !isGroup(name)));
  const skipIds = new Set((skipped ?? []).filter((name) => !isGroup(name)));
  const chosen: Set<GroupName> & { select?: (id: string) => boolean } = new Set<GroupName>(
    only && only.length > 0 ? [...onlyGroups, ...[...onlyIds].map(groupOf)] : GROUPS,
  );
  for (const name of skipped ?? []) if (isGroup(name)) chosen.delete(name);
  if (onlyIds.size > 0 || skipIds.size > 0) {
    chosen.select = (id) => !skipIds.has(id) && (onlyIds.size === 0 || onlyIds.has(id) || (onlyGroups as string[]).includes(groupOf(id)));
  }
  return chosen;
}

/** Runs the whole check against the server at `url`. Throws CheckServerError for a bad URL or an unreachable server. */
export async function checkServer(url: string, options: CheckOptions = {}): Promise<CheckReport> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CheckServerError('usage', `not a URL: ${JSON.stringify(url)}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new CheckServerError('usage', `not an http or https URL: ${url}`);
  }
  const requested = options.variant;
  if (requested !== undefined && !(CHECK_VARIANTS as readonly string[]).includes(requested)) {
    throw new CheckServerError(
      'usage',
      (variantNames as readonly string[]).includes(requested)
        ? `check-server cannot check variant "${requested}" (use ${CHECK_VARIANTS.join(', ')})`
        : `unknown variant "${requested}" (use ${CHECK_VARIANTS.join(', ')})`,
    );
  }
  const revision = options.specRevision;
  if (revision !== undefined && !isSpecRevision(revision))
    throw new CheckServerError('usage', `unknown specification revision "${String(revision)}" (use ${SPEC_REVISIONS.join(', ')})`);
  const groups = selectGroups(options.only, options.skip);
  const probes = options.probes ?? 'all';
  if (typeof probes === 'number' && (!Number.isInteger(probes) || probes < 0))
    throw new CheckServerError('usage', 'probes must be all, none or a whole number');
  const settings = {
    timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    totalTimeoutMs: options.totalTimeoutMs ?? DEFAULTS.totalTimeoutMs,
    maxBytes: options.maxBytes ?? DEFAULTS.maxBytes,
    probes,
    ...(options.webhookUrl !== undefined ? { webhookUrl: options.webhookUrl } : {}),
    ...(options.onStep ? { onStep: options.onStep } : {}),
    ...(options.onVariant ? { onVariant: options.onVariant } : {}),
    ...(revision !== undefined ? { specRevision: revision } : {}),
    ...(groups.select ? { select: groups.select } : {}),
    ...(options.secrets ? { secrets: options.secrets } : {}),
    ...(options.jwks !== undefined ? { jwks: options.jwks } : {}),
  };
  for (const [name, value] of Object.entries({
    timeoutMs: settings.timeoutMs,
    totalTimeoutMs: settings.totalTimeoutMs,
    maxBytes: settings.maxBytes,
  })) {
    if (!Number.isFinite(value) || value <= 0) throw new CheckServerError('usage', `${name} must be a positive number`);
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), settings.totalTimeoutMs);
  const start = Date.now();
  const receiver = new WebhookReceiver();
  const choice = options.transport;
  if (choice !== undefined && !(TRANSPORTS as readonly string[]).includes(choice)) {
    throw new CheckServerError('usage', `unknown transport "${String(choice)}" (use ${TRANSPORTS.join(', ')})`);
  }
  const runs: Run[] = [];
  try {
    // The groups that talk to the agent with well-formed requests, then (`finish`) the ones that
    // send it invalid ones: with --transport all, every binding's well-formed groups come first,
    // so that what a probe an agent wrongly accepts leaves behind (a stored task with an invalid
    // part) is not reported again by the other binding's ListTasks as that binding's fault.
    const prepare = async (transport: TransportName | undefined): Promise<Run> => {
      // With --transport all the variant line is said once, by the first run.
      const said = transport !== 'jsonrpc' && choice === 'all';
      const log = new StepLog(transport ?? 'jsonrpc', settings, controller.signal);
      const limits = {
        timeoutMs: settings.timeoutMs,
        maxBytes: settings.maxBytes,
        deadline: controller.signal,
        ...(options.headers ? { headers: options.headers } : {}),
      };
      // The variant's line, then the revision's (the report's first lines).
      const tell = settings.onVariant;
      const onVariant =
        tell && !said
          ? (variant: string, reason: string) =>
              tell(variant, `${reason}\n${revisionLine(variant, WIRE_OF_VARIANT[variant] ?? 'v0.3', revision)}`)
          : undefined;
      const facts = await cardStep(log, parsed, requested, transport, limits, groups.has('card'), onVariant);
      // Only a run on the gRPC binding loads the gRPC libraries.
      if (facts.transport === 'grpc') await loadGrpcClient();
      const run = new Run(log, facts, settings, limits);
      run.strict = options.strict === true;
      if (groups.has('card')) await cardGroup(run);
      const rpc = run.jsonRpc;
      const state: MessageState = {};
      const envelope = 'the envelope checks (version, id, batch, notification, malformed JSON)';
      if (groups.has('envelope'))
        await withGroup(run, 'envelope', () => (rpc ? envelopeGroup(run, rpc) : jsonRpcOnly(run, 'JSON-RPC envelope', envelope)));
      if (groups.has('message')) await withGroup(run, 'message', () => messageGroup(run, state, receiver));
      if (groups.has('tasks')) await withGroup(run, 'tasks', () => tasksGroup(run, state));
      if (groups.has('cancel')) await withGroup(run, 'cancel', () => cancelGroup(run));
      if (groups.has('streaming')) await withGroup(run, 'streaming', () => streamingGroup(run));
      if (groups.has('push')) await withGroup(run, 'push', () => pushGroup(run, receiver));
      if (groups.has('extended')) await withGroup(run, 'extended', () => extendedGroup(run));
      const extras = "the variant's own methods (the seeds and the aion extension give them no REST or gRPC form)";
      if (groups.has('extras')) await withGroup(run, 'extras', () => (rpc ? extrasGroup(run) : jsonRpcOnly(run, 'variant extras', extras)));
      return run;
    };
    const finish = async (run: Run): Promise<Run> => {
      const rpc = run.jsonRpc;
      const probing = 'the invalid params fixtures (JSON-RPC requests)';
      if (groups.has('probes'))
        await withGroup(run, 'probes', () =>
          rpc
            ? probesGroup(run, rpc, probes, run.variant)
            : run.transport instanceof GrpcTransport
              ? probesGroup(run, run.transport, probes, run.variant)
              : jsonRpcOnly(run, 'invalid params probes', probing),
        );
      if (groups.has('errors')) {
        await withGroup(run, 'errors', () =>
          rpc
            ? errorsGroup(run)
            : run.transport instanceof GrpcTransport
              ? grpcErrorsGroup(run, run.transport.revision)
              : run
                  .step('error answers: HTTP status and body', async () => {
                    run.needEndpoint();
                    skip(ERRORS_ON_REST);
                  })
                  .then(() => undefined),
        );
      }
      return run;
    };
    if (choice !== 'all') {
      const run = await finish(await prepare(choice));
      runs.push(run);
      return reportOf(parsed, run, Date.now() - start);
    }
    runs.push(await prepare('jsonrpc'));
    runs.push(await prepare('http-json'));
    // gRPC when the card lists a GRPC interface (A2A v1.0).
    if (runs[0]!.agent.grpcEndpoint !== undefined) runs.push(await prepare('grpc'));
    for (const run of runs) await finish(run);
    const differences = differencesOf(runs);
    // The same scenario on every binding the card offers, compared (groups/bindings.ts).
    const offered = runs.filter((run) => endpointOf(run) !== undefined);
    if (groups.has('bindings') && offered.length > 0) await withGroup(offered[0]!, 'bindings', () => bindingsGroup(offered));
    return combine(parsed, runs, differences, Date.now() - start);
  } finally {
    clearTimeout(timer);
    for (const run of runs) if (run.transport instanceof GrpcTransport) run.transport.close();
    await receiver.close();
  }
}

/** The endpoint of a run's binding, when the card names one. */
function endpointOf(run: Run): string | undefined {
  const { agent } = run;
  return run.transport.name === 'http-json' ? agent.restEndpoint : run.transport.name === 'grpc' ? agent.grpcEndpoint : agent.endpoint;
}

const ERRORS_ON_REST =
  "on HTTP+JSON each error answer is checked where it comes: its body against the operation, its HTTP status against the binding's mapping";

async function jsonRpcOnly(run: Run, name: string, what: string): Promise<void> {
  await run.step(name, async () => {
    skip(`${what} exist only on JSON-RPC: no counterpart on ${TRANSPORT_TITLES[run.transport.name]}`);
  });
}

const countOf = (steps: readonly { readonly status: StepStatus }[], status: StepStatus) =>
  steps.filter((step) => step.status === status).length;

/** The report of one run. */
function reportOf(url: URL, run: Run, durationMs: number): CheckReport {
  const { agent } = run;
  const steps = run.log.steps;
  const failed = countOf(steps, 'fail');
  const warned = countOf(steps, 'warn');
  const strict = run.strict;
  return {
    url: url.href,
    variant: agent.variant,
    variantReason: agent.variantReason,
    wire: run.adapter.wire,
    specRevision: run.revision ?? specRevisionOf(agent.variant) ?? '0.3.0',
    ...(agent.cardUrl ? { cardUrl: agent.cardUrl } : {}),
    ...(agent.endpoint ? { endpoint: agent.endpoint } : {}),
    transports: [run.transport.name],
    ...(agent.restEndpoint && run.transport.name === 'http-json' ? { restEndpoint: agent.restEndpoint } : {}),
    ...(agent.grpcEndpoint && run.transport.name === 'grpc' ? { grpcEndpoint: agent.grpcEndpoint } : {}),
    differences: [],
    deviations: run.log.deviations,
    steps,
    passed: countOf(steps, 'pass'),
    failed,
    warned,
    skipped: countOf(steps, 'skip'),
    strict,
    ok: failed === 0 && (!strict || warned === 0),
    durationMs,
  };
}

/**
 * The steps whose answers differ between the bindings: the same step of each binding, each distinct
 * answer once, in order (a binding that answered the same more often is no difference); the HTTP
 * status and gRPC status lines are each binding's own, the answers themselves are compared.
 */
function differencesOf(runs: readonly Run[]): Difference[] {
  const [rpc, rest, grpc] = runs;
  if (!rpc || !rest) return [];
  const answers = (run: Run | undefined, name: string) =>
    run ? [...new Set((run.log.answers.get(name) ?? []).filter((answer) => !/^(HTTP \d+|gRPC [A-Z_]+)$/.test(answer)))] : [];
  const differences: Difference[] = [];
  for (const step of rpc.log.steps) {
    const others = [rest, grpc].filter((run): run is Run => run !== undefined);
    const matching = others.map((run) => run.log.steps.find((candidate) => candidate.group === step.group && candidate.name === step.name));
    if (step.status === 'skip') continue;
    const left = answers(rpc, step.name);
    if (left.length === 0) continue;
    const compared = others.map((run, index) => {
      const other = matching[index];
      if (!other || other.status === 'skip') return undefined;
      const right = answers(run, step.name);
      return right.length === 0 ? undefined : right;
    });
    if (compared.every((right) => right === undefined || JSON.stringify(right) === JSON.stringify(left))) continue;
    differences.push({
      group: step.group,
      step: step.name,
      jsonrpc: left,
      httpJson: compared[0] ?? [],
      ...(grpc ? { grpc: compared[1] ?? [] } : {}),
    });
  }
  return differences;
}

/** One report of every binding: every step of each, and the steps whose answers differ. */
function combine(url: URL, runs: readonly Run[], differences: Difference[], durationMs: number): CheckReport {
  const reports = runs.map((run) => reportOf(url, run, durationMs));
  const a = reports[0]!;
  const steps = reports.flatMap((report) => report.steps);
  // The bindings group ran on the first binding's log after its report was taken.
  const late = runs[0]!.log.steps.filter((step) => step.group === 'bindings');
  const all = [...steps.filter((step) => step.group !== 'bindings'), ...late];
  // Each kind of deviation once, with the steps of every binding.
  const deviations = [...a.deviations];
  for (const seen of reports.slice(1).flatMap((report) => report.deviations)) {
    const index = deviations.findIndex((kind) => kind.id === seen.id);
    if (index < 0) deviations.push(seen);
    else deviations[index] = { ...deviations[index]!, steps: [...deviations[index]!.steps, ...seen.steps] };
  }
  const restEndpoint = reports.find((report) => report.restEndpoint)?.restEndpoint;
  const grpcEndpoint = reports.find((report) => report.grpcEndpoint)?.grpcEndpoint;
  return {
    ...a,
    deviations,
    ...(restEndpoint ? { restEndpoint } : {}),
    ...(grpcEndpoint ? { grpcEndpoint } : {}),
    transports: runs.map((run) => run.transport.name),
    differences,
    steps: all,
    passed: countOf(all, 'pass'),
    failed: countOf(all, 'fail'),
    warned: countOf(all, 'warn'),
    skipped: countOf(all, 'skip'),
    ok: countOf(all, 'fail') === 0 && (!a.strict || countOf(all, 'warn') === 0),
    durationMs,
  };
}

async function withGroup(run: Run, group: GroupName, body: () => Promise<void>): Promise<void> {
  run.log.group = group;
  await body();
}
