/**
 * Deviations: the ways a running agent departs from the specification that check-server names as
 * such (DESIGN decision 15), each once per step, in one line with its fix, and counted at the end of
 * the report ("results use snake_case keys: 14 steps"). A deviation never replaces a step's own
 * verdict: the step still judges the behaviour it checks (with the answer read as the
 * specification spells it, when that is all that is wrong) and fails for the deviation too.
 *
 * They were found on a real Bindu agent (pip `bindu`; SPEC-NOTES.md "Bindu agents as they run"),
 * but nothing here is Bindu's alone: any agent that does the same is told the same.
 */
import { isObject } from '../../engine/json-value.js';

export interface DeviationKind {
  /** Stable id, for --json and the tests. */
  readonly id: string;
  /** What the agent does, as the summary line starts: `results use snake_case keys`. */
  readonly summary: string;
  /** The clause it departs from (spec version and section). */
  readonly clause: string;
  /** The fix, in general terms (the step's line names the fix for what it saw). */
  readonly fix: string;
  /** FAIL (a MUST or REQUIRED broken; the default) or WARN (a SHOULD, or a statement the spec gives no MUST for). */
  readonly level?: 'fail' | 'warn';
}

export const DEVIATIONS = {
  snakeCaseKeys: {
    id: 'snake-case-keys',
    summary: 'results use snake_case keys',
    clause: 'A2A v0.3.0 §6 and the seeds (JSON names are camelCase: contextId, messageId, taskId, artifactId, inputModes; SPEC-NOTES B-1)',
    fix: 'write the camelCase names the schema declares',
  },
  parseErrorForValidJson: {
    id: 'parse-error-for-valid-json',
    summary: 'error -32700 (Parse error) for valid JSON',
    clause:
      'JSON-RPC 2.0 §5.1 (-32700 is for invalid JSON only; a request that is not a valid Request object is -32600, an unknown method -32601, invalid params -32602)',
    fix: 'answer -32602 (invalid params), -32600 or -32601 for a request that parsed, with its id',
  },
  cardUrlUnreachable: {
    id: 'card-url-unreachable',
    summary: "the card's url does not reach the agent",
    clause: 'A2A v0.3.0 §5.6.1 (the main url MUST support the transport declared in preferredTransport)',
    fix: 'give the address the agent is reached at in the card, port included',
  },
  skillSummaries: {
    id: 'skill-summaries',
    summary: 'the card lists skills as summaries ({id, name, documentationPath})',
    clause: 'A2A v0.3.0 §5.5.4 (an AgentSkill has REQUIRED description, tags; inputModes/outputModes where they differ from the defaults)',
    fix: 'list each skill whole in the card (description, tags, inputModes, outputModes), as /agent/skills/{id} serves it',
  },
  protocolVersionOfOtherWire: {
    id: 'protocol-version-of-other-wire',
    summary: 'an A2A v0.3 card names protocolVersion 1.x',
    clause: 'A2A v0.3.0 §5.5 (protocolVersion: the version of the A2A protocol the agent supports)',
    fix: 'write protocolVersion "0.3.0" for a card of this form, or serve an A2A v1.0 card (supportedInterfaces)',
    level: 'warn',
  },
  undeclaredAuth: {
    id: 'undeclared-auth',
    summary: 'the endpoint demands authentication its card does not declare',
    clause: 'A2A v0.3.0 §4.4 (the server MUST authenticate requests by the requirements its Agent Card declares; securitySchemes, §5.5)',
    fix: 'declare the scheme in the card (securitySchemes and security), or serve the endpoint without it',
  },
} as const satisfies Record<string, DeviationKind>;

/** The deviations a report can name, by id. */
export const DEVIATION_KINDS: readonly DeviationKind[] = Object.values(DEVIATIONS);

/** One deviation in a report: what, where (the steps), and the fix. */
export interface DeviationSeen extends DeviationKind {
  /** The names of the steps it was seen in, in order. */
  readonly steps: readonly string[];
}

/** `context_id` → `contextId`. */
export const camelCase = (key: string): string => key.replace(/_+([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/**
 * Members whose keys are the sender's own (free-form maps), never renamed: `metadata` anywhere, a
 * data part's `data`, an extension's `params`.
 */
const FREE_FORM = new Set(['metadata', 'data', 'params']);

/**
 * The value with every snake_case key (one with `_` between lower-case letters or digits) renamed to
 * its camelCase form, except inside free-form maps and where the camelCase key is there too; and
 * the renames made (`context_id` → `contextId`), each once, in the order met.
 */
export function camelCaseKeys(value: unknown): { value: unknown; renamed: [string, string][] } {
  const renamed = new Map<string, string>();
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!isObject(node)) return node;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(node)) {
      const camel = /^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(key) ? camelCase(key) : key;
      const target = camel !== key && !(camel in node) ? camel : key;
      if (target !== key) renamed.set(key, target);
      out[target] = FREE_FORM.has(key) ? child : walk(child);
    }
    return out;
  };
  const out = walk(value);
  return { value: out, renamed: [...renamed] };
}

/** The one line of a step for the snake_case keys it saw: `results use snake_case keys: context_id, task_id (fix: contextId, taskId)`. */
export function snakeCaseLine(renamed: Iterable<[string, string]>): string {
  const pairs = [...renamed];
  return `${DEVIATIONS.snakeCaseKeys.summary}: ${pairs.map(([from]) => from).join(', ')} (fix: ${pairs.map(([, to]) => to).join(', ')})`;
}
