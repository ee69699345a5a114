/**
 * The part of the `extras` group that checks what a Bindu agent serves besides JSON-RPC (bindu
 * only; schemas/bindu/agent-endpoints.ts): the DID document at `/did/resolve`, the skills at
 * `/agent/skills` and `/agent/skills/{id}` (and an unknown id's SkillNotFound), the capability
 * assessment at `/agent/negotiation`, and the DID signatures on the parts of the run's task
 * (DESIGN decision 16, src/library/signatures/). Each body is validated under bindu; a body in snake_case is a deviation
 * named once (deviations.ts) and the rest judged as if camelCase, as for JSON-RPC results.
 */
import { randomUUID } from 'node:crypto';
import { declaredExtensions } from '../../../live/agent-card.js';
import { fetchText } from '../../../live/http-client.js';
import { camelCaseKeys, DEVIATIONS } from '../deviations.js';
import type { Run } from '../run.js';
import { fail, formatErrors, isObject, skip, snippet, type Json } from '../step-log.js';
import { validate } from '../validation.js';
import { SignatureInputError, verifyBinduSignatures } from '../../../library/signatures/index.js';

/** The step names, in the order they run (step-catalog.ts lists them). */
export const BINDU_REST_STEPS = [
  'DID document (/did/resolve)',
  'skills (/agent/skills)',
  'skill detail (/agent/skills/{id})',
  'unknown skill (/agent/skills/{id})',
  'capability assessment (/agent/negotiation)',
  "DID signatures on the task's parts",
] as const;

/** Where Bindu documents these endpoints (the seeds do not): its openapi.yaml, as SPEC-NOTES B-30 says. */
const CLAUSE = "Bindu's docs/openapi.yaml (the agent's REST endpoints; SPEC-NOTES B-30)";

/** The agent's origin: where its JSON-RPC endpoint is (after a card url that did not reach it, the one used instead). */
function origin(run: Run): string {
  const endpoint = run.needEndpoint();
  return new URL(endpoint).origin;
}

/** GET or POST a Bindu REST path; returns the HTTP status and the parsed JSON body, or fails the step saying what came. */
async function exchange(run: Run, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; value: unknown }> {
  const url = `${origin(run)}${path}`;
  const sent = body === undefined ? undefined : JSON.stringify(body);
  const answer = await fetchText(
    url,
    {
      method,
      headers: { accept: 'application/json', ...(sent !== undefined ? { 'content-type': 'application/json' } : {}), ...run.limits.headers },
      ...(sent !== undefined ? { body: sent } : {}),
    },
    run.limits,
  );
  run.log.exchanged(
    `${method} ${url}${sent !== undefined ? `\n${sent}` : ''}`,
    `HTTP ${answer.status} ${answer.contentType}\n${answer.text}`,
  );
  try {
    return { status: answer.status, value: JSON.parse(answer.text) as unknown };
  } catch {
    // A 404 of a server without the endpoint may say so in any form; the step decides what it means.
    if (answer.status === 404) return { status: 404, value: answer.text };
    return fail(`${method} ${path}: the answer is not JSON (HTTP ${answer.status}): ${snippet(answer.text)}`, CLAUSE);
  }
}

/** Validates a body as `type` under bindu, reading a snake_case body as camelCase once the deviation is recorded. */
function judge(run: Run, type: string, value: unknown, what: string, camel = true): unknown {
  let body = value;
  let verdict = validate(type, body, { variant: 'bindu' });
  if (!verdict.valid && camel) {
    const { value: renamed, renamed: pairs } = camelCaseKeys(body);
    if (pairs.length > 0) {
      run.log.deviate(DEVIATIONS.snakeCaseKeys, pairs);
      body = renamed;
      verdict = validate(type, body, { variant: 'bindu' });
    }
  }
  if (!verdict.valid) fail(`${what} does not validate as ${type}: ${formatErrors(verdict.errors)}`, `the bindu schema (${CLAUSE})`);
  return body;
}

/** The agent's DID, from the card's `did:` extension URI. */
export function cardDid(card: unknown): string | undefined {
  return declaredExtensions(card).find((uri) => uri.startsWith('did:'));
}

export async function binduRestSteps(run: Run): Promise<void> {
  const [didStep, skillsStep, detailStep, unknownStep, negotiationStep, signatureStep] = BINDU_REST_STEPS;
  let firstSkill: Json | undefined;
  let didDocument: Json | undefined;
  let servesSkills = false;

  await run.step(didStep, async (note) => {
    const did = cardDid(run.agent.card);
    if (did === undefined) skip('the card declares no did: extension, so there is no DID to resolve');
    const { status, value } = await exchange(run, 'GET', `/did/resolve?did=${encodeURIComponent(did!)}`);
    if (status !== 200) fail(`GET /did/resolve answered HTTP ${status}: ${snippet(JSON.stringify(value))}`, CLAUSE);
    if (!isObject(value)) fail('the DID document is not a JSON object', CLAUSE);
    const doc = judge(run, 'DidDocument', value, 'the DID document', false) as Json;
    if (doc.id !== did) fail(`the DID document's id is ${JSON.stringify(doc.id)}, not the card's DID ${did}`, 'W3C DID Core §5.1.1 (id)');
    const keys = Array.isArray(doc.authentication) ? doc.authentication.filter(isObject) : [];
    const usable = keys.filter((key) => typeof key.publicKeyBase58 === 'string');
    if (usable.length === 0)
      fail('the DID document has no authentication key with publicKeyBase58, so no signature can be checked', CLAUSE);
    didDocument = doc;
    note(
      `${did}: ${usable.length} authentication key${usable.length === 1 ? '' : 's'} (${[...new Set(usable.map((key) => String(key.type)))].join(', ')})`,
    );
  });

  await run.step(skillsStep, async (note) => {
    const { status, value } = await exchange(run, 'GET', '/agent/skills');
    // The seeds do not ask for these endpoints: an agent without them is within its rights.
    if (status === 404) skip('the agent serves no /agent/skills (HTTP 404); the seeds do not ask for it');
    servesSkills = true;
    if (status !== 200) fail(`GET /agent/skills answered HTTP ${status}: ${snippet(JSON.stringify(value))}`, CLAUSE);
    const list = judge(run, 'SkillsListResponse', value, 'the skills list') as Json;
    const skills = Array.isArray(list.skills) ? list.skills.filter(isObject) : [];
    if (list.total !== skills.length) fail(`total is ${JSON.stringify(list.total)} for ${skills.length} skills`, CLAUSE);
    firstSkill = skills[0];
    note(`${skills.length} skill${skills.length === 1 ? '' : 's'}: ${skills.map((skill) => String(skill.id)).join(', ')}`);
  });

  await run.step(detailStep, async (note) => {
    const cardSkills = Array.isArray(run.agent.card?.skills) ? run.agent.card.skills.filter(isObject) : [];
    if (!servesSkills) skip('the agent serves no /agent/skills (see the skills step)');
    const id = firstSkill?.id ?? cardSkills[0]?.id;
    if (typeof id !== 'string') skip('neither the card nor /agent/skills names a skill');
    const { status, value } = await exchange(run, 'GET', `/agent/skills/${encodeURIComponent(id as string)}`);
    if (status !== 200) fail(`GET /agent/skills/${id} answered HTTP ${status}: ${snippet(JSON.stringify(value))}`, CLAUSE);
    const detail = judge(run, 'SkillDetail', value, `the skill ${id}`) as Json;
    if (detail.id !== id) fail(`asked for the skill ${id}, got ${JSON.stringify(detail.id)}`, CLAUSE);
    note(`${id}: ${String(detail.name)}${detail.hasDocumentation === true ? ', with documentation' : ''}`);
  });

  await run.step(unknownStep, async (note) => {
    if (!servesSkills) skip('the agent serves no /agent/skills (see the skills step)');
    const id = `bindu-protocol-no-such-skill-${randomUUID()}`;
    const { status, value } = await exchange(run, 'GET', `/agent/skills/${id}`);
    const error = isObject(value) && isObject(value.error) ? value.error : undefined;
    if (status !== 404) fail(`GET /agent/skills/<unknown id> answered HTTP ${status}, not 404`, CLAUSE);
    if (error?.code !== -32030)
      fail(
        `an unknown skill was answered ${snippet(JSON.stringify(value))}, not SkillNotFoundError (-32030)`,
        `the bindu schema (SkillNotFoundError; ${CLAUSE})`,
      );
    note('HTTP 404 with SkillNotFoundError (-32030)');
  });

  await run.step(negotiationStep, async (note) => {
    const request = {
      task_summary: 'Echo this text back unchanged',
      input_mime_types: ['text/plain'],
      output_mime_types: ['text/plain'],
    };
    const built = validate('NegotiationRequest', request, { variant: 'bindu' });
    if (!built.valid) fail(`the NegotiationRequest bindu-protocol built does not validate: ${formatErrors(built.errors)}`);
    const { status, value } = await exchange(run, 'POST', '/agent/negotiation', request);
    if (status === 404) skip('the agent serves no /agent/negotiation (HTTP 404); the seeds do not ask for it');
    if (status !== 200) fail(`POST /agent/negotiation answered HTTP ${status}: ${snippet(JSON.stringify(value))}`, CLAUSE);
    // snake_case is the endpoint's own spelling (Bindu's documentation and code agree): nothing to rename.
    const answer = judge(run, 'NegotiationResponse', value, 'the assessment', false) as Json;
    note(`${answer.accepted === true ? 'accepted' : 'declined'}, score ${String(answer.score)}, confidence ${String(answer.confidence)}`);
  });

  // DESIGN decision 16, SPEC-NOTES SIG-1: each signed part's `did.message.signature` is Ed25519 over its text, by a key of the DID document.
  await run.step(signatureStep, async (note) => {
    if (!didDocument) skip('no DID document was resolved (see the DID document step), so there is no key to verify with');
    const task = await run.waitUntilFinished(await run.needTask(note), note, 'whose artifacts could be signed');
    // The task as the agent sends it: its shape was judged by the tasks steps; this step judges only its signatures.
    const rpc = run.jsonRpc;
    if (!rpc) skip('the task is read over JSON-RPC');
    const answer = await rpc!.post(
      JSON.stringify(rpc!.request(run.methods.get, run.adapter.getParams(run.taskKey('TaskQueryParams'), task.id))),
      note,
    );
    if (!('result' in answer)) fail(`${run.methods.get} of the finished task answered ${snippet(JSON.stringify(answer))}`);
    const result = answer.result;
    let report: ReturnType<typeof verifyBinduSignatures>;
    try {
      report = verifyBinduSignatures(result, didDocument);
    } catch (error) {
      if (error instanceof SignatureInputError) fail(`the signatures cannot be checked: ${error.message}`, SIGNATURES);
      throw error;
    }
    if (report.signed === 0) skip(`the task ${task.id} carries no signed part (${report.unsigned.length} unsigned text parts)`);
    const bad = report.parts.filter((part) => !part.verified);
    if (bad.length > 0) fail(bad.map((part) => `${part.path}: ${part.message ?? part.reason}`).join('; '), SIGNATURES);
    note(
      `${report.signed} signed part${report.signed === 1 ? '' : 's'} verified with ${[...new Set(report.parts.map((part) => part.keyId))].join(', ')}`,
    );
    if (report.unsigned.length > 0) note(`unsigned text parts (Bindu signs only the artifacts): ${report.unsigned.join(', ')}`);
  });
}

const SIGNATURES =
  "Bindu's DID signatures (did.message.signature: Ed25519 over the part's text, key from the DID document's authentication; SPEC-NOTES SIG-1)";
