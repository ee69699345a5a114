/**
 * Group `card`: find the agent card, let it choose the wire and the variant (src/live/agent-card.ts), check
 * it against the variant, find the JSON-RPC endpoint it names and see that it answers; on v1.0,
 * the caching headers the spec recommends (MAY: remarks, never failures) and the card's signatures (§8.4).
 */
import {
  AGENT_CARD_PATHS,
  chooseVariant,
  cardWire,
  declaredExtensions,
  endpoints,
  WIRE_OF_VARIANT,
  type Endpoint,
} from '../../../live/agent-card.js';
import { DEVIATIONS, type DeviationKind } from '../deviations.js';
import { fetchText, HttpError, type TextResponse } from '../../../live/http-client.js';
import type { CheckVariant } from '../../../live/stream-lifecycle.js';
import { CODES, type CardFacts, type CheckLimits, type Run } from '../run.js';
import {
  article,
  CheckServerError,
  errorText,
  fail,
  formatErrors,
  isObject,
  skip,
  snippet,
  StepFail,
  warn,
  type Json,
  type StepLog,
} from '../step-log.js';
import { LATEST_SPEC_REVISION, revisionRules, SPEC_REVISION_RULES } from '../../../../schemas/spec-revisions.js';
import { TRANSPORT_TITLES, type TransportName } from '../transport.js';
import { validate, type ValidationError } from '../validation.js';
import type { JsonRpcTransport, RawAnswer } from '../jsonrpc-transport.js';
import { V1_VERSION } from '../wire-adapter.js';
import { grpcTarget } from '../../../live/grpc-target.js';
import { randomUUID } from 'node:crypto';
import { SignatureInputError, verifyAgentCard, type CardSignatureFailure } from '../../../library/signatures/index.js';

/**
 * Where to look for the agent card. A URL ending in `.json` is the card itself; otherwise the
 * well-known paths under the URL's path, then (when that is not the root) under the origin.
 */
export function cardCandidates(url: URL): string[] {
  if (url.pathname.endsWith('.json')) return [url.href];
  const base = new URL(url.href);
  base.search = '';
  base.hash = '';
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  const out = AGENT_CARD_PATHS.map((path) => new URL(path.slice(1), base).href);
  if (base.pathname !== '/') out.push(...AGENT_CARD_PATHS.map((path) => new URL(path, base).href));
  return [...new Set(out)];
}

/**
 * The `supportedInterfaces` entry of a v1.0 card a run on `binding` speaks to: the first of that binding of protocol
 * version 1.x, else the first of that binding (A2A v1.0.1 §8.3.2: earlier entries preferred).
 */
function v1Interface(card: Json, binding: 'JSONRPC' | 'HTTP+JSON' | 'GRPC'): Endpoint | undefined {
  const offered = endpoints(card).filter((endpoint) => endpoint.binding.toUpperCase() === binding);
  return offered.find((endpoint) => endpoint.protocolVersion?.startsWith('1.')) ?? offered[0];
}

/**
 * The `tenant` of each v1.0 interface a run would speak to, by binding, where the card sets one (A2A v1.0.1 §8.3.2:
 * every request to that interface carries it). None on a v0.3 card: its interfaces have no tenant.
 */
export function interfaceTenants(card: Json): Partial<Record<TransportName, string>> {
  if (cardWire(card) !== 'v1.0') return {};
  const out: Partial<Record<TransportName, string>> = {};
  for (const [name, binding] of [
    ['jsonrpc', 'JSONRPC'],
    ['http-json', 'HTTP+JSON'],
    ['grpc', 'GRPC'],
  ] as const) {
    const tenant = v1Interface(card, binding)?.tenant;
    if (tenant !== undefined) out[name] = tenant;
  }
  return out;
}

/** The JSON-RPC endpoint a v0.3 card names: `url` when the preferred transport is JSON-RPC, else a JSONRPC additional interface. */
export function jsonRpcEndpoint(card: Json, cardUrl: string): string | { why: string } {
  let candidate: unknown;
  let why: string;
  if (cardWire(card) === 'v1.0') {
    // v1.0: the card's supportedInterfaces, the JSONRPC one of protocol version 1.x first.
    candidate = v1Interface(card, 'JSONRPC')?.url;
    why = 'no supportedInterfaces entry has protocolBinding JSONRPC';
  } else {
    const preferred = card.preferredTransport ?? 'JSONRPC';
    if (preferred === 'JSONRPC') candidate = card.url;
    else if (Array.isArray(card.additionalInterfaces)) {
      candidate = card.additionalInterfaces.find(
        (entry) => isObject(entry) && entry.transport === 'JSONRPC' && typeof entry.url === 'string',
      )?.url;
    }
    why =
      preferred === 'JSONRPC'
        ? 'the card has no url'
        : `the preferred transport is ${JSON.stringify(preferred)} and no additional interface is JSONRPC`;
  }
  if (typeof candidate !== 'string') return { why };
  let endpoint: URL;
  try {
    endpoint = new URL(candidate, cardUrl);
  } catch {
    return { why: `the card's url ${JSON.stringify(candidate)} is not a URL` };
  }
  if (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:')
    return { why: `the card's url ${endpoint.href} is not http or https` };
  return endpoint.href;
}

/**
 * The HTTP+JSON base URL a card names (no trailing slash): the first HTTP+JSON interface (v1.0
 * `supportedInterfaces` of protocol version 1.x first, with its `/{tenant}` when it names one; v0.3
 * `url` with `preferredTransport` HTTP+JSON, or an `additionalInterfaces` entry).
 */
export function restEndpointOf(card: Json, cardUrl: string): string | { why: string } {
  const chosen =
    cardWire(card) === 'v1.0'
      ? v1Interface(card, 'HTTP+JSON')
      : endpoints(card).find((endpoint) => endpoint.binding.toUpperCase() === 'HTTP+JSON');
  if (!chosen)
    return {
      why:
        cardWire(card) === 'v1.0'
          ? 'no supportedInterfaces entry has protocolBinding HTTP+JSON'
          : 'neither the preferred transport nor an additional interface is HTTP+JSON',
    };
  let endpoint: URL;
  try {
    endpoint = new URL(chosen.url, cardUrl);
  } catch {
    return { why: `the HTTP+JSON interface's url ${JSON.stringify(chosen.url)} is not a URL` };
  }
  if (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:')
    return { why: `the HTTP+JSON interface's url ${endpoint.href} is not http or https` };
  const base = endpoint.href.replace(/\/+$/, '');
  return chosen.tenant ? `${base}/${encodeURIComponent(chosen.tenant)}` : base;
}

/**
 * The gRPC endpoint a v1.0 card names: the url of its first GRPC interface (of protocol version 1.x
 * first), `host:port` (v1.0.1 §5.6; an http/https/grpc/grpcs URL of a host and port is taken too).
 * check-server speaks the v1.0 gRPC binding only (the v0.3 proto is another service).
 */
export function grpcEndpointOf(card: Json): string | { why: string } {
  if (cardWire(card) !== 'v1.0') return { why: 'check-server speaks the gRPC binding of A2A v1.0 only (the card is v0.3)' };
  const chosen = v1Interface(card, 'GRPC');
  if (!chosen) return { why: 'no supportedInterfaces entry has protocolBinding GRPC' };
  const target = grpcTarget(chosen.url);
  if ('why' in target) return { why: `the GRPC interface's url ${target.why}` };
  return chosen.url;
}

/** The variant and wire the card (or --variant) chooses, and why. */
function choose(card: unknown, requested: string | undefined): Pick<CardFacts, 'variant' | 'variantReason' | 'wire'> {
  const choice = chooseVariant(card, requested);
  // Without a card to say otherwise, plain A2A v0.3 (DESIGN decision 12: never bindu by default).
  const variant = (choice?.variant ?? requested ?? 'a2a') as CheckVariant;
  const neither = 'the agent card shows neither an A2A v0.3 form (url, protocolVersion) nor a v1.0 one (supportedInterfaces)';
  const reason = `variant ${variant}: ${neither}; checked as ${variant}`;
  return { variant, variantReason: choice?.reason ?? reason, wire: choice?.wire ?? 'v0.3' };
}

/** What a run knows before its card is read: the variant asked for (else a2a), no card, no endpoint. */
export function provisionalFacts(requested: string | undefined, asked: TransportName | undefined): CardFacts {
  const variant = (requested ?? 'a2a') as CheckVariant;
  return { variant, variantReason: '', wire: WIRE_OF_VARIANT[variant] ?? 'v0.3', transport: asked ?? 'jsonrpc' };
}

/** What reading the card learned, and the failure of the card step when there is one (thrown once the facts are told). */
export interface CardReading {
  readonly facts: CardFacts;
  readonly failure?: unknown;
  /** The deviations the card shows (deviations.ts), each with what was seen. */
  readonly deviations?: readonly (readonly [DeviationKind, [string, string][]])[];
}

/**
 * What a card shows of the deviations of running agents: skills listed as summaries (their
 * `required` errors are said in that one line instead), a v0.3 card naming protocolVersion 1.x.
 * Returns the errors left and the deviations.
 */
export function cardDeviations(
  card: Json,
  errors: readonly ValidationError[],
): { errors: ValidationError[]; deviations: (readonly [DeviationKind, [string, string][]])[] } {
  const deviations: (readonly [DeviationKind, [string, string][]])[] = [];
  const skills = Array.isArray(card.skills) ? card.skills : [];
  const summaries = new Map<string, string>();
  const left = errors.filter((error) => {
    const at = /^\/skills\/(\d+)$/.exec(error.path);
    const skill = at ? skills[Number(at[1])] : undefined;
    if (error.keyword !== 'required' || !isObject(skill) || !('documentationPath' in skill)) return true;
    summaries.set(`/skills/${at![1]} (${JSON.stringify(skill.id ?? null)})`, '');
    return false;
  });
  if (summaries.size > 0) deviations.push([DEVIATIONS.skillSummaries, [...summaries]]);
  if (cardWire(card) === 'v0.3' && typeof card.protocolVersion === 'string' && card.protocolVersion.startsWith('1.'))
    deviations.push([DEVIATIONS.protocolVersionOfOtherWire, [[`"protocolVersion": ${JSON.stringify(card.protocolVersion)}`, '']]]);
  return { errors: left, deviations };
}

/**
 * Fetches the card and chooses the variant, the endpoints and the binding (`asked`, else the
 * card's first, JSON-RPC first). Throws only CheckServerError (the server cannot be reached).
 */
export async function readCard(
  url: URL,
  requested: string | undefined,
  asked: TransportName | undefined,
  limits: CheckLimits,
  note: (text: string) => void,
): Promise<CardReading> {
  const candidates = cardCandidates(url);
  const misses: string[] = [];
  let found: { url: string; text: string; contentType: string; status: number; headers: Headers } | undefined;
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...limits.headers,
    ...(requested !== undefined && WIRE_OF_VARIANT[requested] === 'v1.0' ? { 'A2A-Version': V1_VERSION } : {}),
  };
  let where: Pick<CardFacts, 'cardUrl' | 'cardHeaders'> = {};
  const blocked = (why: string, failure: unknown): CardReading => ({
    facts: { ...choose(undefined, requested), ...where, transport: asked ?? 'jsonrpc', blocked: why },
    failure,
  });
  for (const candidate of candidates) {
    let answer: TextResponse;
    try {
      answer = await fetchText(candidate, { method: 'GET', headers }, limits);
    } catch (error) {
      if (error instanceof HttpError && error.kind === 'connect') {
        throw new CheckServerError('connection', `cannot reach ${url.href}: ${error.message}`);
      }
      return blocked('no agent card, so no JSON-RPC endpoint to probe', error);
    }
    if (answer.status >= 200 && answer.status < 300) {
      found = { url: answer.url, text: answer.text, contentType: answer.contentType, status: answer.status, headers: answer.headers };
      break;
    }
    misses.push(`GET ${new URL(candidate).pathname} → HTTP ${answer.status}${authNeeded(answer, limits)}`);
  }
  if (!found) {
    const hint = 'a server hosting several agents may serve each card elsewhere (/.well-known/<agent>/agent-card.json): give its URL';
    return blocked('no agent card, so no JSON-RPC endpoint to probe', new StepFail(`no agent card: ${misses.join(', ')} (${hint})`));
  }
  where = { cardUrl: found.url, cardHeaders: found.headers };
  if (misses.length > 0) note(`found at ${new URL(found.url).pathname} after ${misses.join(', ')}`);
  if (found.url.endsWith('/.well-known/agent.json')) {
    note('served at the older path /.well-known/agent.json; A2A v0.3.0 names /.well-known/agent-card.json');
  }
  if (found.text.trim() === '') {
    return blocked(
      'the agent card is empty, so no JSON-RPC endpoint to probe',
      new StepFail(`the agent card is empty (HTTP ${found.status})`),
    );
  }
  let card: unknown;
  try {
    card = JSON.parse(found.text);
  } catch {
    const why = `the agent card is not JSON (HTTP ${found.status}, ${found.contentType || 'no Content-Type'}): ${snippet(found.text)}`;
    return blocked('the agent card is not JSON, so no JSON-RPC endpoint to probe', new StepFail(why));
  }
  if (found.contentType !== 'application/json') note(`the card's Content-Type is ${found.contentType || 'missing'}, not application/json`);
  if (!isObject(card))
    return blocked(
      'the agent card is not an object, so no JSON-RPC endpoint to probe',
      new StepFail('the agent card is not a JSON object'),
    );
  const chosen = choose(card, requested);
  const endpoint = jsonRpcEndpoint(card, found.url);
  const rest = restEndpointOf(card, found.url);
  const grpc = grpcEndpointOf(card);
  // Without --transport: the first binding the card offers, JSON-RPC first.
  const transport: TransportName =
    asked ??
    (typeof endpoint === 'string' ? 'jsonrpc' : typeof rest === 'string' ? 'http-json' : typeof grpc === 'string' ? 'grpc' : 'jsonrpc');
  const target = transport === 'http-json' ? rest : transport === 'grpc' ? grpc : endpoint;
  const title = TRANSPORT_TITLES[transport];
  if (typeof target === 'string') {
    const host = transport === 'grpc' ? hostOf(target) : new URL(target).hostname;
    if (host !== new URL(found.url).hostname) note(`the card's ${title} endpoint ${target} is on another host than the card`);
    if (transport === 'http-json') note(`HTTP+JSON at ${target}`);
    if (transport === 'grpc') note(`gRPC at ${target}`);
  }
  const facts: CardFacts = {
    ...chosen,
    card,
    ...where,
    ...(typeof endpoint === 'string' ? { endpoint } : {}),
    ...(typeof rest === 'string' ? { restEndpoint: rest } : {}),
    ...(typeof grpc === 'string' ? { grpcEndpoint: grpc } : {}),
    tenants: interfaceTenants(card),
    transport,
    ...(typeof target === 'string' ? {} : { blocked: `the card names no usable ${title} endpoint (${target.why})` }),
  };
  const verdict = validate('AgentCard', card, { variant: chosen.variant });
  const { errors, deviations } = cardDeviations(card, verdict.errors);
  const problems: string[] = [];
  if (errors.length > 0) problems.push(`the card does not validate as ${article(chosen.variant)} AgentCard: ${formatErrors(errors)}`);
  if (typeof target !== 'string') problems.push(target.why);
  // A Bindu card names the agent's DID in an extension URI; its `id` is another identifier.
  const did = declaredExtensions(card).find((uri) => uri.startsWith('did:'));
  if (did !== undefined)
    note(`the agent's DID is the extension URI ${did}${typeof card.id === 'string' ? `; the card's id is ${card.id}` : ''}`);
  return { facts, ...(problems.length > 0 ? { failure: new StepFail(problems.join('; ')) } : {}), deviations };
}

/** The endpoint of the binding the run speaks, when the card names one. */
const endpointOf = (facts: CardFacts) =>
  facts.transport === 'http-json' ? facts.restEndpoint : facts.transport === 'grpc' ? facts.grpcEndpoint : facts.endpoint;

/** The host of a gRPC target (host:port, or a URL of one). */
function hostOf(target: string): string {
  const found = grpcTarget(target);
  if ('why' in found) return '';
  return found.target.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
}

/**
 * The card step (outside any step when the card group is not selected): reads the card, tells
 * the variant (`onVariant`), and returns what it learned for the run to be built from.
 */
/** What a security scheme of a card asks for: the header to send. */
function schemeNeeds(name: string, scheme: unknown): string {
  if (!isObject(scheme)) return name;
  const type = scheme.type;
  if (type === 'apiKey' || type === 'APIKeySecurityScheme' || isObject(scheme.apiKeySecurityScheme)) {
    const inner = isObject(scheme.apiKeySecurityScheme) ? scheme.apiKeySecurityScheme : scheme;
    return `${name} (an API key in the ${String(inner.location ?? inner.in ?? 'header')} ${JSON.stringify(inner.name ?? '')})`;
  }
  const http = isObject(scheme.httpAuthSecurityScheme) ? scheme.httpAuthSecurityScheme : scheme;
  if (type === 'http' || http !== scheme) return `${name} (Authorization: ${String(http.scheme ?? 'Bearer')} …)`;
  if (type === 'oauth2' || isObject(scheme.oauth2SecurityScheme)) return `${name} (OAuth 2.0: Authorization: Bearer …)`;
  if (type === 'openIdConnect' || isObject(scheme.openIdConnectSecurityScheme)) return `${name} (OpenID Connect: Authorization: Bearer …)`;
  return name;
}

/**
 * For a 401 or 403 on the card: what the agent asks for (its WWW-Authenticate, the security schemes
 * of a card in the body, if one is readable there) and how to give it.
 */
function authNeeded(answer: TextResponse, limits: CheckLimits): string {
  if (answer.status !== 401 && answer.status !== 403) return '';
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    // Not JSON: only the challenge says what is needed.
  }
  return credentialsHint(body, answer.headers, limits);
}

/** ` (the agent needs credentials: <challenge>; <the card's schemes>; <how to give them>)`. */
function credentialsHint(card: unknown, headers: Headers | undefined, limits: CheckLimits): string {
  const asks: string[] = [];
  const challenge = headers?.get('www-authenticate');
  if (challenge) asks.push(`WWW-Authenticate: ${challenge}`);
  if (isObject(card) && isObject(card.securitySchemes)) {
    const schemes = Object.entries(card.securitySchemes).map(([name, scheme]) => schemeNeeds(name, scheme));
    if (schemes.length > 0) asks.push(`the card's security schemes: ${schemes.join(', ')}`);
  }
  const sent = Object.keys(limits.headers ?? {});
  const how = sent.length > 0 ? `the headers sent (${sent.join(', ')}) were not accepted` : 'give it with --header or --header-env';
  return ` (the agent needs credentials${asks.length > 0 ? `: ${asks.join('; ')}` : ''}; ${how})`;
}

export async function cardStep(
  log: StepLog,
  url: URL,
  requested: string | undefined,
  asked: TransportName | undefined,
  limits: CheckLimits,
  selected: boolean,
  onVariant: ((variant: string, reason: string) => void) | undefined,
): Promise<CardFacts> {
  let facts = provisionalFacts(requested, asked);
  const read = async (note: (text: string) => void) => {
    const reading = await readCard(url, requested, asked, limits, note);
    facts = reading.facts;
    for (const [kind, seen] of reading.deviations ?? []) log.deviate(kind, seen);
    log.binding = facts.transport;
    onVariant?.(facts.variant, facts.variantReason);
    if (reading.failure !== undefined) throw reading.failure;
  };
  if (!selected) {
    // The card is still needed: fetched outside any step, its problems block the rest.
    try {
      await read(() => undefined);
    } catch (error) {
      if (error instanceof CheckServerError) throw error;
      // A card that does not validate still names an endpoint: the other groups go on, as they do
      // when the card step runs and fails.
      if (!endpointOf(facts))
        facts = { ...facts, blocked: facts.blocked ?? `the agent card failed: ${error instanceof Error ? error.message : String(error)}` };
    }
    return facts;
  }
  const step = await log.step('agent card', read);
  if (!endpointOf(facts) && !facts.blocked) {
    const title = TRANSPORT_TITLES[facts.transport];
    facts = {
      ...facts,
      blocked: `no ${title} endpoint to probe (the agent card step ${step.status === 'fail' ? 'failed' : 'did not pass'})`,
    };
  }
  return facts;
}

/**
 * Posts the first request to the card's JSON-RPC endpoint; when that cannot be connected to and the
 * card was found at another origin (a card `url` without its port, say), that is a deviation
 * (the card's url does not reach the agent) and the run goes on with the card's path at the
 * origin the card was found at (the URL given on the command line).
 */
async function postOrRetarget(run: Run, rpc: JsonRpcTransport, body: string, note: (text: string) => void): Promise<RawAnswer> {
  try {
    return await rpc.rawPost(body);
  } catch (error) {
    const endpoint = rpc.endpoint;
    if (!(error instanceof HttpError) || error.kind !== 'connect' || endpoint === undefined || run.agent.cardUrl === undefined) throw error;
    const given = new URL(run.agent.cardUrl);
    const named = new URL(endpoint);
    if (named.origin === given.origin) throw error;
    const instead = new URL(`${named.pathname}${named.search}`, given.origin).href;
    run.log.deviate(DEVIATIONS.cardUrlUnreachable, [[`${endpoint} cannot be reached (${error.message}); went on with ${instead}`, '']]);
    run.useEndpoint(instead);
    note(`the card's url ${endpoint} does not reach the agent: the steps use ${instead}, where the card was found`);
    return await rpc.rawPost(body);
  }
}

/**
 * Names an endpoint that demands authentication its card does not declare (no securitySchemes):
 * the answer is a 401/403, or, when --header gave credentials, the same request without them is.
 */
async function undeclaredAuth(run: Run, rpc: JsonRpcTransport, body: string, raw: RawAnswer): Promise<void> {
  const card = run.agent.card;
  const declared = isObject(card?.securitySchemes) && Object.keys(card.securitySchemes).length > 0;
  if (declared) return;
  let refused = raw.status === 401 || raw.status === 403 ? raw : undefined;
  const given = Object.keys(run.limits.headers ?? {});
  if (!refused && given.length > 0 && rpc.endpoint) {
    const bare = await fetchText(
      rpc.endpoint,
      { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body },
      run.limits,
    );
    if (bare.status === 401 || bare.status === 403)
      refused = { status: bare.status, contentType: bare.contentType, text: bare.text, headers: bare.headers };
  }
  if (!refused) return;
  let code = '';
  try {
    const parsed = JSON.parse(refused.text) as unknown;
    if (isObject(parsed) && isObject(parsed.error)) code = `, error ${String(parsed.error.code)}`;
  } catch {
    // not JSON: the status says it
  }
  const how = given.length > 0 ? ` without the headers given (${given.join(', ')})` : '';
  run.log.deviate(DEVIATIONS.undeclaredAuth, [[`HTTP ${refused.status}${code}${how}, and the card has no securitySchemes`, '']]);
}

/** The card group's steps after the card: the endpoint answers; on v1.0, the card's caching headers. */
export async function cardGroup(run: Run): Promise<void> {
  const rpc = run.jsonRpc;
  if (run.transport.name === 'grpc') {
    await run.step('the endpoint answers gRPC', async (note) => {
      run.needEndpoint();
      // GetTask of a task that does not exist: NOT_FOUND with the ErrorInfo of TASK_NOT_FOUND (§10.6, §5.4).
      const { error } = await run.call(run.methods.get, run.adapter.getParams('id', randomUUID()), CODES.taskNotFound, note);
      const data = isObject(error) && Array.isArray(error.data) ? error.data : [];
      const info = data.find((detail) => isObject(detail) && typeof detail.reason === 'string') as Json | undefined;
      note(`${run.methods.get} on a task that does not exist answered NOT_FOUND with ErrorInfo ${String(info?.reason)}`);
    });
  } else if (!rpc) {
    await run.step('the endpoint answers HTTP+JSON', async (note) => {
      run.needEndpoint();
      // GetTask of a task that does not exist: the binding's not-found answer.
      await run.call(run.methods.get, run.adapter.getParams(run.taskKey('TaskQueryParams'), randomUUID()), CODES.taskNotFound, note);
      note(`${run.methods.get} on a task that does not exist answered error ${CODES.taskNotFound.code}`);
    });
  } else {
    await run.step('the endpoint answers JSON-RPC', async (note) => {
      run.needEndpoint();
      // Any well-formed JSON-RPC answer will do: a task that does not exist is asked for.
      const request = rpc.request(run.methods.get, run.adapter.getParams(run.taskKey('TaskQueryParams'), randomUUID()));
      const raw = await postOrRetarget(run, rpc, JSON.stringify(request), note);
      // Behind authentication: say what the card asks for, and how to give it.
      await undeclaredAuth(run, rpc, JSON.stringify(request), raw);
      if (raw.status === 401 || raw.status === 403) fail(`HTTP ${raw.status}${credentialsHint(run.agent.card, raw.headers, run.limits)}`);
      const response = rpc.parseAnswer(raw, note);
      if (!('result' in response) && !('error' in response))
        fail(`the answer is not a JSON-RPC response: ${snippet(JSON.stringify(response))}`, 'JSON-RPC 2.0 §5');
      // A JSON-RPC response: jsonrpc "2.0", the request's id, and a result or an error object with an integer code.
      const verdict = rpc.verdict(response, undefined);
      if (!verdict.valid) fail(`the answer is not a valid JSON-RPC response: ${formatErrors(verdict.errors)}`, 'JSON-RPC 2.0 §5, §5.1');
      if (response.id !== request.id)
        fail(`the response id is ${JSON.stringify(response.id)}, expected ${JSON.stringify(request.id)}`, 'JSON-RPC 2.0 §5');
      const answered =
        'error' in response ? `error ${isObject(response.error) ? String(response.error.code) : '(not an object)'}` : 'a result';
      note(`${run.methods.get} on a task that does not exist answered ${answered}`);
    });
  }

  await tenantStep(run);

  await run.step('agent card caching headers (v1.0)', async (note) => {
    if (run.adapter.wire !== 'v1.0') skip('A2A v0.3 says nothing about caching the card');
    if (!run.agent.cardHeaders) skip('no agent card');
    const headers = run.agent.cardHeaders!;
    // §8.6 (caching): servers SHOULD send Cache-Control and SHOULD send ETag or Last-Modified. Remarks only.
    if (!headers.get('cache-control')) note('no Cache-Control header on the agent card (the spec recommends one)');
    if (!headers.get('etag') && !headers.get('last-modified'))
      note('neither ETag nor Last-Modified on the agent card (the spec recommends one of them)');
    const found = ['cache-control', 'etag', 'last-modified'].filter((name) => headers.get(name));
    if (found.length > 0) note(`sent ${found.join(', ')}`);
  });

  await run.step('agent card signatures (v1.0)', async (note) => {
    if (run.adapter.wire !== 'v1.0') skip('A2A v0.3 cards carry no signatures (signing is A2A v1.0 §8.4)');
    const card = run.agent.card;
    if (!card) skip('no agent card');
    const entries = Array.isArray(card!.signatures) ? card!.signatures : [];
    if (entries.length === 0) skip('the card is not signed (signing a card is a MAY, A2A v1.0.1 §8.4)');
    const keys = run.options.jwks;
    let report: Awaited<ReturnType<typeof verifyAgentCard>>;
    try {
      // A jku is fetched as every other answer is read (the run's time and size limits), without the --header values.
      const { timeoutMs, maxBytes, deadline } = run.limits;
      const fetch = (async (input: string | URL | Request) => {
        const answer = await fetchText(
          String(input instanceof Request ? input.url : input),
          { method: 'GET', headers: { accept: 'application/json' } },
          { timeoutMs, maxBytes, deadline },
        );
        return new Response(answer.text, { status: answer.status });
      }) as typeof globalThis.fetch;
      report = await verifyAgentCard(card, { ...(keys !== undefined && { keys }), fetch, timeoutMs });
    } catch (error) {
      if (error instanceof SignatureInputError) fail(`the card's signatures cannot be checked: ${error.message}`, SIGNING_CLAUSE);
      throw error;
    }
    const source = keys !== undefined ? 'the keys of --jwks' : 'its jku';
    const failed = report!.signatures.filter((verdict) => !verdict.verified);
    const passed = report!.signatures.length - failed.length;
    if (passed > 0) note(`${passed} of ${report!.signatures.length} signatures verified with ${source}`);
    // A signature without a jku, and no --jwks: the key is in no place check-server can look (§8.4.3: "or from a
    // trusted key store"); not the agent's fault.
    const unreachable = (reason: CardSignatureFailure | undefined, jku: string | undefined) =>
      reason === 'key-unavailable' && jku === undefined && keys === undefined;
    const named = failed.filter((verdict) => !unreachable(verdict.reason, verdict.jku));
    if (named.length === 0 && failed.length > 0)
      skip(
        `${failed.length === report!.signatures.length ? 'no signature' : 'some signatures'} can be checked: no jku in the protected header and no --jwks`,
      );
    for (const verdict of failed.filter((one) => unreachable(one.reason, one.jku)))
      note(`${verdict.path}${verdict.kid !== undefined ? ` (kid ${verdict.kid})` : ''}: not checked, no jku and no --jwks`);
    if (named.length > 0) {
      const said = named.map(
        (verdict) => `${verdict.path}${verdict.kid !== undefined ? ` (kid ${verdict.kid})` : ''}: ${verdict.reason}: ${verdict.message}`,
      );
      const clauses = named.some((verdict) => verdict.reason === 'missing-kid' || verdict.reason === 'malformed')
        ? `${SIGNING_CLAUSE}, §8.4.2`
        : SIGNING_CLAUSE;
      fail(`${named.length} of ${report!.signatures.length} card signatures do not verify: ${said.join('; ')}`, clauses);
    }
  });
}

/**
 * A2A v1.0.1 §8.4.1: the card MUST be canonicalized (RFC 8785) before signing; §8.4.3: a client verifying the card's
 * signatures MUST verify each against the canonical form (defaults and `signatures` removed), its key found by `kid`
 * and `jku` or in a trusted key store.
 */
const SIGNING_CLAUSE = 'A2A v1.0.1 §8.4.1, §8.4.3';

/**
 * When the card's interface of the binding spoken sets a `tenant`, every request of the run carries it (jsonrpc-transport.ts
 * `withTenant`; the `/{tenant}` path on HTTP+JSON): A2A v1.0.1 §8.3.2 makes that the client's MUST (schemas/spec-revisions.ts
 * `tenantEcho`, none in v1.0.0). This step sends a message and reads its task back with the tenant: PASS when the agent
 * answers them. The server is bound to no MUST here (the proto leaves the routing to it; SPEC-NOTES), so an agent that
 * rejects requests carrying the tenant its own card declares is a WARN, and one that answers without the tenant too is
 * a remark: the same GetTask sent once without the tenant says whether the agent routes by it.
 */
async function tenantStep(run: Run): Promise<void> {
  await run.step("requests carry the interface's tenant (v1.0)", async (note) => {
    if (run.adapter.wire !== 'v1.0') skip('A2A v0.3 interfaces have no tenant');
    const title = TRANSPORT_TITLES[run.transport.name];
    const tenant = run.tenant;
    if (tenant === undefined) skip(`the card's ${title} interface sets no tenant, so requests carry none`);
    run.needEndpoint();
    const revision = run.revision ?? LATEST_SPEC_REVISION;
    const rules = revisionRules(revision);
    const first = SPEC_REVISION_RULES.find((candidate) => candidate.tenantEcho !== undefined);
    const rule =
      rules.tenantEcho !== undefined
        ? `A2A v${revision} §${rules.sections.clientSelection}: a client ${rules.tenantEcho} set it in every request`
        : `A2A v${revision} states no rule for it${first ? `; v${first.revision} §${first.sections.clientSelection} makes it a client ${first.tenantEcho}` : ''}`;
    const cited = rules.tenantEcho !== undefined ? rules : (first ?? rules);
    const clause = `A2A v${cited.revision} §${cited.sections.clientSelection}`;
    const where = run.transport.name === 'http-json' ? `in the path (/${encodeURIComponent(tenant!)}/…)` : 'in the request messages';
    note(`tenant ${JSON.stringify(tenant)} of the card's ${title} interface sent ${where} (${rule})`);
    const rejected = (what: string): never =>
      warn(
        `the agent does not answer requests carrying the tenant ${JSON.stringify(tenant)} its card declares: ${what}; ` +
          `no MUST binds a server to route by the tenant it declares (${clause} binds the client; the proto leaves the routing ` +
          'to the server), hence a WARN; the other steps that fail with this answer fail for this reason',
        clause,
      );
    const { send, get } = run.methods;
    const ask = async (method: string, params: unknown): Promise<unknown> => {
      let answer: Awaited<ReturnType<Run['call']>>;
      try {
        // Any answer is taken here (its validity is the other steps' business): only whether the agent answers counts.
        answer = await run.call(method, params, 'result', note, { setup: true, acceptAnyError: true });
      } catch (error) {
        // No answer (a timeout, a broken connection) is no verdict of its own either: the same WARN, saying what happened.
        if (error instanceof StepFail || (error instanceof HttpError && error.kind !== 'deadline'))
          return rejected(`${method}: ${error.message}`);
        throw error;
      }
      if (answer.error !== undefined) return rejected(`${method} answered error ${errorText(answer.error)}`);
      return answer.result;
    };
    const message = run.message([{ text: 'bindu-protocol check-server: a message carrying the tenant.' }]);
    const result = await ask(send, run.sendParams(message));
    const task = run.adapter.taskOf(result);
    if (!task) {
      note(`${send} with the tenant answered ${run.describe(result)}, no task to read back`);
      return;
    }
    const params = run.adapter.getParams('id', task.id);
    const found = run.adapter.taskOf(await ask(get, params));
    if (found?.id !== task.id) rejected(`${get} of the task ${send} made answered another task or none`);
    note(`${send} and ${get} of its task, both with the tenant, answered`);
    // The same GetTask without the tenant: a remark either way (nothing requires an agent to route by it).
    let bare: Awaited<ReturnType<Run['transport']['withoutTenant']>>;
    try {
      bare = await run.transport.withoutTenant(get, params);
    } catch (error) {
      if (!(error instanceof StepFail) && !(error instanceof HttpError && error.kind !== 'deadline')) throw error;
      note(`without the tenant, ${get} got no answer: ${error.message}`);
      return;
    }
    const same = run.adapter.taskOf(bare.result)?.id === task.id;
    note(
      same
        ? `without the tenant, ${get} answered the task too: the agent does not route by the tenant (nothing requires it to)`
        : `without the tenant, ${get} answered ${bare.error ?? run.describe(bare.result)}: the agent routes by the tenant`,
    );
  });
}
