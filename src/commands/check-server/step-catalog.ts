/**
 * Every check-server step per group, listed without contacting an agent (--list-steps, and to tell
 * an unknown id in an expect-fail file). The probes and extras depend on the variant.
 */
import { adapterFor } from './wire-adapter.js';
import { GROUPS, type GroupName } from './groups/names.js';
import { UNSUPPORTED_VERSION } from './groups/extended.js';
import { EXTRAS } from './groups/extras.js';
import { BINDU_REST_STEPS } from './groups/bindu-rest.js';
import { AION_ONLY, loadProbes, WITHOUT_PARTS } from './groups/probes.js';
import { stepId } from './step-ids.js';

/** The step names of each group, `{send}` and the like standing for a method of the wire (expanded with v1.0's names). */
const TEMPLATES: Readonly<Record<Exclude<GroupName, 'extras' | 'probes'>, readonly string[]>> = {
  card: [
    'agent card',
    'the endpoint answers JSON-RPC',
    'the endpoint answers HTTP+JSON',
    'the endpoint answers gRPC',
    "requests carry the interface's tenant (v1.0)",
    'agent card caching headers (v1.0)',
    'agent card signatures (v1.0)',
  ],
  envelope: [
    'wrong jsonrpc version',
    'missing method',
    'method that is not a string',
    'id that is an object',
    'id with a fraction',
    'notification (no id)',
    'batch',
    'malformed JSON',
    'unknown method',
    'HTTP status and content type of error answers',
    'JSON-RPC envelope',
  ],
  message: [
    '{send} (text part)',
    '{send} (data part)',
    '{send} (file by URI)',
    '{send} (file by bytes)',
    '{send} continuing a task (taskId)',
    '{send} in a conversation (contextId)',
    '{send} to a task in a terminal state',
    '{send} historyLength 0',
    '{send} with a wrong Content-Type',
    '{send} with referenceTaskIds',
    '{send} non-blocking',
  ],
  tasks: [
    '{get} (historyLength)',
    '{get} historyLength 0',
    '{get} historyLength large',
    '{get} multi-turn history in order',
    '{get} on an unknown task',
    '{list}',
    '{list} by contextId',
    '{list} by status',
    '{list} page tokens',
  ],
  cancel: ['{cancel} a running task', '{cancel} on an unknown task', '{cancel} on a finished task'],
  streaming: [
    '{stream}',
    '{stream} not claimed',
    '{resubscribe} to a live task',
    '{resubscribe}: two subscribers see the same events',
    '{resubscribe}: closing one subscriber leaves the other receiving',
    '{resubscribe} to an unknown task',
    'two streams at once',
  ],
  push: ['push notifications not claimed', '{pushSet}', '{pushGet}', '{pushList}', '{pushDelete}', 'push notifications reach the webhook'],
  extended: ['{extendedCard}', 'empty A2A-Version is version 0.3', `A2A-Version ${UNSUPPORTED_VERSION} gets VersionNotSupported`],
  errors: [
    'error answers valid, with codes their methods declare',
    'ErrorInfo in A2A errors (v1.0)',
    'error answers: HTTP status and body',
    'error answers: gRPC status per §5.4, codes their methods declare',
    'ErrorInfo in A2A errors (gRPC)',
  ],
  bindings: [
    'same answer on every binding: {send}',
    'same answer on every binding: {get}',
    'same answer on every binding: {cancel}',
    'same answer on every binding: {get} on an unknown task',
    'same answer on every binding: {stream}',
  ],
};

export interface CatalogStep {
  readonly id: string;
  /** The step's name (v1.0 method names). */
  readonly name: string;
}

const expand = (template: string) =>
  template.replace(/\{(\w+)\}/g, (_all, key: string) => (adapterFor('v1.0').methods as unknown as Record<string, string>)[key] ?? key);

/** Every step of every group for these variants (the probes and extras are a variant's own), in the order a run takes them. */
export function stepCatalog(variants: readonly string[]): Map<GroupName, CatalogStep[]> {
  const catalog = new Map<GroupName, CatalogStep[]>();
  const add = (group: GroupName, name: string) => {
    const list = catalog.get(group) ?? [];
    const id = stepId(group, name);
    if (!list.some((step) => step.id === id)) list.push({ id, name });
    catalog.set(group, list);
  };
  for (const group of GROUPS) {
    if (group === 'extras') {
      add(group, 'variant extras');
      for (const variant of variants) for (const extra of EXTRAS[variant] ?? []) add(group, extra.method);
      if (variants.includes('bindu')) for (const name of BINDU_REST_STEPS) add(group, name);
    } else if (group === 'probes') {
      add(group, 'probes');
      add(group, 'invalid params probes');
      add(group, WITHOUT_PARTS);
      for (const variant of variants) {
        // The fixture variant names the methods of its wire; check-server adds two probes of its own to the v0.3 send.
        for (const method of loadProbes(variant).keys())
          if (variant === 'aion' || !AION_ONLY.includes(method)) add(group, `probes: ${method}`);
        if (variant === 'a2a' || variant === 'bindu') add(group, `probes: ${adapterFor('v0.3').methods.send}`);
      }
    } else for (const template of TEMPLATES[group]) add(group, expand(template));
  }
  return catalog;
}

/** True when `id` names a step of the catalog, or a setup call under one. */
export function isKnownId(id: string, catalog: Map<GroupName, CatalogStep[]>): boolean {
  const base = id.replace(/\.setup-[a-z0-9-]+$/, '');
  return [...catalog.values()].some((steps) => steps.some((step) => step.id === base));
}
