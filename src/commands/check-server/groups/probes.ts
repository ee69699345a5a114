/**
 * Group `probes`: every invalid case of every method's `params` in the variant's conformance
 * fixtures (conformance/<variant>/methods/*.json), sent live. The agent must answer each with a
 * valid JSON-RPC error, InvalidParams or an error the method declares; answering with a result is
 * a failure naming the fixture and the defect ("accepted params-role-missing: the message needs a
 * role"). One step per method; `--probes N` sends at most N cases per method, `--probes none` none.
 * First, on both wires, a message without parts and one with an empty parts array (`withoutParts`).
 */
import { join } from 'node:path';
import { packageRoot, readVariantFiles } from '../../../library/conformance/load-fixtures.js';
import { applyPatch, type PatchOperation } from '../../../library/conformance/patch.js';
import { CODES, type Run } from '../run.js';
import { errorText, fail, formatErrors, joinProblems, isObject, skip, type Json } from '../step-log.js';
import type { JsonRpcTransport } from '../jsonrpc-transport.js';
import { GrpcTransport } from '../grpc-transport.js';
import { grpcError, grpcStatusProblems, statusText } from '../../../live/grpc-status.js';
import { validateMessage } from '../validation.js';

export interface Probe {
  readonly method: string;
  readonly id: string;
  readonly description: string;
  readonly params: unknown;
}

interface FixtureCase {
  readonly id: string;
  readonly description: string;
  readonly valid: boolean;
  readonly data?: unknown;
  readonly from?: string;
  readonly patch?: readonly PatchOperation[];
}

/** The invalid params cases of a variant's method fixtures, by method, in file order. */
export function loadProbes(fixtureVariant: string): Map<string, Probe[]> {
  const out = new Map<string, Probe[]>();
  for (const file of readVariantFiles(join(packageRoot(), 'conformance'), fixtureVariant)) {
    if (!file.file.includes('/methods/') || !Array.isArray(file.content)) continue;
    for (const group of file.content as { target?: { method?: string; part?: string }; tests?: FixtureCase[] }[]) {
      const method = group.target?.method;
      if (!method || group.target?.part !== 'params' || !Array.isArray(group.tests)) continue;
      const byId = new Map(group.tests.map((test) => [test.id, test]));
      for (const test of group.tests) {
        if (test.valid) continue;
        let params: unknown = test.data;
        if (params === undefined && test.from !== undefined) {
          const base = byId.get(test.from)?.data;
          try {
            params = applyPatch(base, test.patch ?? []);
          } catch {
            continue;
          }
        }
        if (params === undefined) continue;
        const list = out.get(method) ?? [];
        list.push({ method, id: test.id, description: test.description, params: confineUrls(params) });
        out.set(method, list);
      }
    }
  }
  return out;
}

/** Where a probe's outside URLs are pointed instead: the discard port of the loopback address. */
export const PROBE_URL = 'http://127.0.0.1:9/bindu-protocol-probe';

/**
 * A copy of a probe's params in which every http(s) URL naming a host other than the loopback
 * address is replaced by PROBE_URL. An agent that wrongly accepts a probe may act on it (register
 * its webhook and post notifications there); a live check must never send an agent's traffic to
 * an address off this machine. Strings that are not http(s) URLs (the defects some probes carry,
 * such as `not a url`) are left as they are, so every probe keeps its defect.
 */
export function confineUrls(value: unknown): unknown {
  if (typeof value === 'string') {
    if (!/^https?:\/\//i.test(value)) return value;
    try {
      const host = new URL(value).hostname;
      return host === '127.0.0.1' || host === 'localhost' || host === '[::1]' ? value : PROBE_URL;
    } catch {
      return value;
    }
  }
  if (Array.isArray(value)) return value.map(confineUrls);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, confineUrls(item)]));
  return value;
}

/** The methods of the v1.0 aion context extension: probed only on an aion agent. */
export const AION_ONLY = ['GetContext', 'GetContexts'];

/** The name of the step that sends a message without parts. */
export const WITHOUT_PARTS = 'a message without parts';

/**
 * A message with no `parts` member, then one with `parts: []`, each a send the agent must refuse
 * (with an error; InvalidParams is the apt one). On v1.0 both are invalid params (§5.7: a REQUIRED
 * array holds at least one element); on v0.3 the schema requires the member but allows it empty,
 * so an empty array accepted there is a remark. A probe: what an agent wrongly accepts is not kept
 * as a task of the run.
 */
async function withoutParts(run: Run): Promise<void> {
  await run.step(
    WITHOUT_PARTS,
    async (note) => {
      run.needEndpoint();
      const base = run.sendParams(run.message([{ text: 'bindu-protocol check-server: this message has no parts.' }]));
      const { parts: _parts, ...message } = base.message as Json;
      const v1 = run.adapter.wire === 'v1.0';
      const accepted: string[] = [];
      for (const [label, sent, must] of [
        ['no parts member', message, true],
        ['an empty parts array', { ...message, parts: [] }, v1],
      ] as const) {
        const { result, error } = await run.call(run.methods.send, { ...base, message: sent }, 'result', note, {
          selfCheck: false,
          acceptAnyError: true,
        });
        if (error) {
          const code = error.code === CODES.invalidParams.code ? 'InvalidParams' : `error ${errorText(error)}, not InvalidParams`;
          note(`a message with ${label}: refused (${code})`);
        } else if (must) accepted.push(`a message with ${label} was accepted (answered ${run.describe(result)})`);
        else note(`a message with ${label} was accepted (${run.describe(result)}): the v0.3 schema allows an empty parts array`);
      }
      if (accepted.length > 0) fail(joinProblems(accepted), run.clauses.messageParts);
    },
    run.clauses.messageParts,
  );
}

/** What one probe's answer on gRPC came to. */
type GrpcProbeOutcome =
  | { readonly kind: 'accepted'; readonly text: string }
  | { readonly kind: 'wrong'; readonly text: string }
  | { readonly kind: 'rejected'; readonly notFound: boolean; readonly remark?: string }
  | { readonly kind: 'unencodable'; readonly why: string };

/**
 * One probe on gRPC (A2A v1.0 §10): its params written as the method's request message and sent;
 * a params value the codec cannot write (a wrong JSON type, an unknown key or enum name) is not
 * sent. An error status is judged as in every gRPC call (§5.4 status, ErrorInfo of an A2A error)
 * and must stand for an error the method declares; INVALID_ARGUMENT is the apt one.
 */
async function grpcProbe(run: Run, grpc: GrpcTransport, probe: Probe, streaming: boolean): Promise<GrpcProbeOutcome> {
  const why = grpc.unencodable(probe.method, probe.params);
  if (why !== undefined) return { kind: 'unencodable', why };
  let error: Json;
  let text: string;
  let problems: string[];
  if (streaming) {
    const outcome = await run.readStream(probe.method, probe.params, { selfCheck: false });
    if (outcome.results.length > 0)
      return {
        kind: 'accepted',
        text: `accepted ${probe.id}: ${probe.description} (the stream began with ${run.describe(outcome.results[0])})`,
      };
    const body = outcome.plain?.body;
    if (!isObject(body) || !isObject(body.error))
      return { kind: 'wrong', text: `${probe.id}: ${outcome.problems[0] ?? 'an empty stream'}` };
    error = body.error;
    text = outcome.plain!.text;
    problems = outcome.problems;
  } else {
    const reply = await grpc.probe(probe.method, probe.params);
    if (reply.ok) return { kind: 'accepted', text: `accepted ${probe.id}: ${probe.description} (answered ${run.describe(reply.message)})` };
    error = grpcError(reply.status);
    text = statusText(reply.status);
    problems = grpcStatusProblems(reply.status, undefined, grpc.revision);
  }
  if (problems.length > 0) return { kind: 'wrong', text: `${probe.id}: answered gRPC ${text}: ${problems.join('; ')}` };
  const verdict = validateMessage({ jsonrpc: '2.0', id: 1, error }, { variant: run.variant, method: probe.method });
  if ((verdict.warnings as readonly { keyword?: string }[]).some((warning) => warning.keyword === 'code'))
    return { kind: 'wrong', text: `${probe.id}: answered gRPC ${text}, an error ${probe.method} does not declare` };
  const code = error.code;
  return {
    kind: 'rejected',
    notFound: code === CODES.methodNotFound.code,
    ...(code !== CODES.invalidParams.code && code !== CODES.methodNotFound.code
      ? { remark: `${probe.id}: answered gRPC ${text}, not INVALID_ARGUMENT` }
      : {}),
  };
}

/** The probes of one method on gRPC, as one step: accepted ones FAIL, the ones the codec cannot write are named. */
async function grpcProbeStep(
  run: Run,
  grpc: GrpcTransport,
  method: string,
  all: readonly Probe[],
  cases: readonly Probe[],
  limit: 'all' | number,
  streaming: boolean,
): Promise<void> {
  await run.step(`probes: ${method} (${cases.length} invalid params)`, async (note) => {
    run.needEndpoint();
    if (streaming && run.agent.card && !run.claims('streaming')) skip('the card does not claim streaming');
    const accepted: string[] = [];
    const wrong: string[] = [];
    const unencodable: string[] = [];
    let rejected = 0;
    let notFound = 0;
    for (const probe of cases) {
      const outcome = await grpcProbe(run, grpc, probe, streaming);
      if (outcome.kind === 'accepted') accepted.push(outcome.text);
      else if (outcome.kind === 'wrong') wrong.push(outcome.text);
      else if (outcome.kind === 'unencodable') unencodable.push(`${probe.id} (${outcome.why})`);
      else {
        rejected++;
        if (outcome.notFound) notFound++;
        if (outcome.remark) note(outcome.remark);
      }
    }
    if (unencodable.length > 0)
      note(`${unencodable.length} not encodable on gRPC (the protobuf codec refuses them, nothing sent): ${unencodable.join('; ')}`);
    const sent = cases.length - unencodable.length;
    if (sent === 0) skip(`not encodable on gRPC: no invalid params of ${method} can be written as its request message`);
    if (notFound === sent) skip(`the agent does not implement ${method} (UNIMPLEMENTED)`);
    const unsent = all.length > cases.length ? ` (${all.length - cases.length} more not sent: --probes ${String(limit)})` : '';
    const counts = [`${rejected} of ${sent} sent rejected with a valid error`];
    if (accepted.length > 0) counts.push(`${accepted.length} accepted`);
    if (wrong.length > 0) counts.push(`${wrong.length} answered with an invalid answer`);
    note(`${counts.join(', ')}${unsent}`);
    const problems = [...accepted, ...wrong];
    if (problems.length > 0) fail(joinProblems(problems));
  });
}

export async function probesGroup(
  run: Run,
  rpc: JsonRpcTransport | GrpcTransport,
  limit: 'all' | 'none' | number,
  fixtureVariant: string,
): Promise<void> {
  if (limit === 'none' || limit === 0) {
    await run.step('probes', async () => skip('--probes none'));
    return;
  }
  await withoutParts(run);
  const probes = loadProbes(fixtureVariant);
  if (run.adapter.wire === 'v0.3') {
    // Two defects independent implementations accept (issue 22), probed whatever the fixtures hold.
    const withParts = (parts: unknown[]): Json => {
      const params = run.sendParams(run.message([{ text: 'probe' }]));
      return { ...params, message: { ...(params.message as Json), parts } };
    };
    const own: Probe[] = [
      {
        method: run.methods.send,
        id: 'check-server-part-without-kind',
        description: 'a part without kind',
        params: withParts([{ text: 'no kind' }]),
      },
      {
        method: run.methods.send,
        id: 'check-server-data-not-object',
        description: 'a data part whose data is not an object',
        params: withParts([{ kind: 'data', data: ['not', 'an', 'object'] }]),
      },
    ];
    probes.set(run.methods.send, [...(probes.get(run.methods.send) ?? []), ...own]);
  }
  const streaming = new Set([run.methods.stream, run.methods.resubscribe]);
  for (const [method, all] of probes) {
    if (run.variant !== 'aion' && AION_ONLY.includes(method)) continue;
    const cases = typeof limit === 'number' ? all.slice(0, limit) : all;
    if (rpc instanceof GrpcTransport) {
      await grpcProbeStep(run, rpc, method, all, cases, limit, streaming.has(method));
      continue;
    }
    await run.step(`probes: ${method} (${cases.length} invalid params)`, async (note) => {
      run.needEndpoint();
      if (streaming.has(method) && run.agent.card && !run.claims('streaming')) skip('the card does not claim streaming');
      const accepted: string[] = [];
      const wrong: string[] = [];
      let rejected = 0;
      let notFound = 0;
      for (const probe of cases) {
        const request = rpc.request(method, probe.params);
        let response: Json | undefined;
        if (streaming.has(method)) {
          const outcome = await run.readStream(method, probe.params, { request });
          if (outcome.plain) response = isObject(outcome.plain.body) ? outcome.plain.body : undefined;
          else if (outcome.results.length > 0) {
            accepted.push(`accepted ${probe.id}: ${probe.description} (the stream began with ${run.describe(outcome.results[0])})`);
            continue;
          } else {
            const match = outcome.problems.find((problem) => /^event 1 is error /.test(problem));
            if (match) {
              rejected++;
              continue;
            }
            wrong.push(`${probe.id}: ${outcome.problems[0] ?? 'an empty stream'}`);
            continue;
          }
        } else {
          response = await rpc.post(JSON.stringify(request), note);
        }
        if (!response) {
          wrong.push(`${probe.id}: the answer is not JSON`);
          continue;
        }
        if ('result' in response && !('error' in response)) {
          accepted.push(`accepted ${probe.id}: ${probe.description} (answered ${run.describe(response.result)})`);
          continue;
        }
        const verdict = rpc.verdict(response, method);
        if (!verdict.valid) {
          wrong.push(
            `${probe.id}: answered ${errorText(response.error)}, an error answer that does not validate: ${formatErrors(verdict.errors)}`,
          );
          continue;
        }
        const code = isObject(response.error) ? response.error.code : undefined;
        if ((verdict.warnings as readonly { keyword?: string }[]).some((warning) => warning.keyword === 'code')) {
          wrong.push(`${probe.id}: answered ${errorText(response.error)}, a code ${method} does not declare`);
          continue;
        }
        if (code === CODES.methodNotFound.code) notFound++;
        else if (code !== CODES.invalidParams.code) note(`${probe.id}: answered ${errorText(response.error)}, not InvalidParams`);
        rejected++;
      }
      if (notFound === cases.length) skip(`the agent does not implement ${method} (MethodNotFound)`);
      const unsent = all.length > cases.length ? ` (${all.length - cases.length} more not sent: --probes ${String(limit)})` : '';
      const counts = [`${rejected} of ${cases.length} rejected with a valid error`];
      if (accepted.length > 0) counts.push(`${accepted.length} accepted`);
      if (wrong.length > 0) counts.push(`${wrong.length} answered with an invalid answer`);
      note(`${counts.join(', ')}${unsent}`);
      const problems = [...accepted, ...wrong];
      if (problems.length > 0) fail(joinProblems(problems));
    });
  }
}
