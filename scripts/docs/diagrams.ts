/**
 * The diagrams of each variant, from the data in the schema sources:
 *
 *   TaskState transitions   schemas/{a2a,bindu,a2a-v1}/states.ts (the tables check-server judges by; aion's are a2a-v1's)
 *   Context lifecycle       schemas/bindu/context-states.ts
 *   message → task → artifact  schemas/a2a/task-flow.ts (a2a, bindu), schemas/a2a-v1/task-flow.ts (a2a-v1, aion),
 *                           with the types read from the method registry and the definitions
 *   AP2 mandate chain       schemas/bindu/mandate-chain.ts
 *
 * Every name the data gives (a state, a method, a type, a property path) is checked against the
 * variant; a mismatch is a build problem, so a diagram cannot drift from the schemas.
 */
import { VARIANT_TABLE, type VariantFacts } from '../../schemas/variant-table.js';
import * as contextStates from '../../schemas/bindu/context-states.js';
import { MANDATE_BINDINGS, MANDATE_CHAIN } from '../../schemas/bindu/mandate-chain.js';
import { TASK_FLOW as V03_FLOW, type TaskFlow } from '../../schemas/a2a/task-flow.js';
import { TASK_FLOW as V1_FLOW } from '../../schemas/a2a-v1/task-flow.js';
import type { JsonSchema } from '../lib/json-schema.js';
import { esc, paths } from './html.js';
import { enumValues } from './schema-render.js';
import type { VariantDoc } from './model.js';
import { resultSchema, paramsSchema } from './model.js';
import { flowDiagram, lifecycleGraph, mandateChain, stateGraph, type ContainmentRow } from './svg.js';

/** The facts of each variant (schemas/variant-table.ts): its lifecycle, the file holding it, its wire and base. */
const FACTS: ReadonlyMap<string, VariantFacts> = new Map(VARIANT_TABLE.map((variant) => [variant.name, variant]));
/** The task flow of each wire, and the file holding it. */
const FLOWS = {
  'v0.3': { flow: V03_FLOW, source: 'schemas/a2a/task-flow.ts' },
  'v1.0': { flow: V1_FLOW, source: 'schemas/a2a-v1/task-flow.ts' },
} as const satisfies Record<string, { flow: TaskFlow; source: string }>;

export interface Diagram {
  /** Element id, unique on the site. */
  readonly id: string;
  readonly title: string;
  /** The SVG and whatever HTML goes with it (a transition table, notes). */
  readonly html: string;
  /** Types whose pages show this diagram. */
  readonly types: readonly string[];
  /** Where the data comes from. */
  readonly source: string;
}

/** A property path through a type, following references: `paymentRequest.details.id`. */
function resolvePath(definitions: Map<string, JsonSchema>, type: string, path: string): JsonSchema | undefined {
  let node: JsonSchema | undefined = definitions.get(type);
  const deref = (n: JsonSchema | undefined) => {
    const seen = new Set<string>();
    while (n && typeof n.$ref === 'string' && !seen.has(n.$ref)) {
      seen.add(n.$ref);
      n = definitions.get(n.$ref);
    }
    return n;
  };
  if (path === '') return node;
  for (const segment of path.split('.')) {
    node = deref(node);
    node = (node?.properties as Record<string, JsonSchema> | undefined)?.[segment];
    if (!node) return undefined;
  }
  return node;
}

/** The named types a schema stands for: a ref, the refs of a union, or of an array's items. */
function namedTypes(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  if (typeof schema.$ref === 'string') return [schema.$ref];
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as JsonSchema[]).flatMap(namedTypes);
  if (Array.isArray(schema.oneOf)) return (schema.oneOf as JsonSchema[]).flatMap(namedTypes);
  if (schema.type === 'array' && schema.items) return namedTypes(schema.items as JsonSchema);
  return [];
}

function transitionTable(
  states: readonly string[],
  transitions: Readonly<Record<string, readonly string[]>>,
  mark: (s: string) => string,
): string {
  const head = states.map((s) => `<th scope="col"><span>${esc(s)}</span></th>`).join('');
  const rows = states
    .map((from) => {
      const cells = states
        .map((to) => {
          if (to === from) return '<td class="stay" title="staying is always allowed">=</td>';
          return (transitions[from] ?? []).includes(to)
            ? `<td class="yes" title="${esc(from)} → ${esc(to)}">✓</td>`
            : '<td class="no"></td>';
        })
        .join('');
      return `<tr><th scope="row" class="${mark(from)}">${esc(from)}</th>${cells}</tr>`;
    })
    .join('\n');
  return `<details class="transitions"><summary>Transition table: row = from, column = to</summary><div class="table-wrap"><table class="matrix"><thead><tr><th></th>${head}</tr></thead><tbody>\n${rows}\n</tbody></table></div></details>`;
}

function taskStateDiagram(v: VariantDoc, problems: string[]): Diagram | undefined {
  const facts = FACTS.get(v.name);
  const taskState = v.definitions.get('TaskState');
  if (!facts || !taskState) return undefined;
  const data = facts.lifecycle;
  const values = enumValues(taskState).filter((x): x is string => typeof x === 'string');
  const missing = data.TASK_STATES.filter((s) => !values.includes(s));
  const extra = values.filter((s) => !data.TASK_STATES.includes(s));
  if (missing.length > 0 || extra.length > 0)
    problems.push(
      `${v.name}: the lifecycle table and TaskState disagree (table only: ${missing.join(', ') || '-'}; schema only: ${extra.join(', ') || '-'})`,
    );
  // The states a variant adds to its base's lifecycle (bindu's to a2a's; aion shares a2a-v1's).
  const base = facts.base !== undefined ? FACTS.get(facts.base)?.lifecycle : undefined;
  const additions = new Set(base ? data.TASK_STATES.filter((s) => !base.TASK_STATES.includes(s)) : []);
  const id = `dg-${v.name}-task-states`;
  const title = `TaskState transitions (${v.name})`;
  const svg = stateGraph({
    id,
    title,
    states: data.TASK_STATES,
    initial: data.INITIAL_STATE,
    active: data.ACTIVE_STATES,
    interrupted: data.INTERRUPTED_STATES,
    terminal: data.TERMINAL_STATES,
    transitions: data.TRANSITIONS,
    additions,
    additionLabel: 'added by Bindu',
  });
  const mark = (s: string) =>
    data.TERMINAL_STATES.includes(s)
      ? 'terminal'
      : data.INTERRUPTED_STATES.includes(s)
        ? 'interrupted'
        : data.ACTIVE_STATES.includes(s)
          ? 'active'
          : 'other';
  const source = facts.lifecycleFile;
  const html = `<figure class="figure">${svg}<figcaption>${esc(title)}: drawn from <code>${esc(source)}</code>, the table <code>check-server</code> judges streams by (SPEC-NOTES <a href="${'{root}'}${paths.specNotes}#l-1">L-1</a>).</figcaption></figure>\n${transitionTable(data.TASK_STATES, data.TRANSITIONS, mark)}`;
  return { id, title, html, types: ['TaskState'], source };
}

function contextDiagram(v: VariantDoc, problems: string[]): Diagram | undefined {
  const context = v.definitions.get('Context');
  if (v.name !== 'bindu' || !context) return undefined;
  const status = (context.properties as Record<string, JsonSchema>).status;
  const values = status ? enumValues(status) : [];
  if (JSON.stringify(values) !== JSON.stringify(contextStates.CONTEXT_STATUSES))
    problems.push(`bindu: Context.status and schemas/bindu/context-states.ts disagree`);
  for (const [from, targets] of Object.entries(contextStates.CONTEXT_TRANSITIONS)) {
    for (const to of [from, ...targets])
      if (!values.includes(to)) problems.push(`bindu: the Context lifecycle names an unknown status ${to}`);
  }
  const id = `dg-${v.name}-context-status`;
  const title = 'Context status lifecycle (bindu)';
  const svg = lifecycleGraph({
    id,
    title,
    states: contextStates.CONTEXT_STATUSES,
    initial: contextStates.INITIAL_CONTEXT_STATUS,
    terminal: contextStates.TERMINAL_CONTEXT_STATUSES,
    transitions: contextStates.CONTEXT_TRANSITIONS,
  });
  const source = 'schemas/bindu/context-states.ts';
  const html = `<figure class="figure">${svg}<figcaption>${esc(title)}: drawn from <code>${esc(source)}</code> (seed 000 “Context Status States”). A completed context is closed but may still be archived.</figcaption></figure>`;
  return { id, title, html, types: ['Context'], source };
}

function flowDiagramOf(v: VariantDoc, problems: string[]): Diagram | undefined {
  const facts = FACTS.get(v.name);
  if (!facts) return undefined;
  const { flow, source } = FLOWS[facts.wire];
  const methods = new Map(v.spec.methods.map((m) => [m.method, m]));
  const typeRef = (name: string) => ({ name, ...(v.definitions.has(name) ? { href: `{root}${paths.type(v.name, name)}` } : {}) });
  const exchanges = flow.steps.flatMap((step) => {
    const method = methods.get(step.method);
    if (!method) {
      problems.push(`${v.name}: the task flow names an unknown method ${step.method}`);
      return [];
    }
    const sends = namedTypes(paramsSchema(v.definitions, method));
    const answers = namedTypes(resultSchema(v.definitions, method));
    return [
      {
        method: step.method,
        methodHref: `{root}${paths.method(v.name, step.method)}`,
        sends: sends.map(typeRef),
        answers: answers.map(typeRef),
        streaming: method.streaming === true,
        step,
      },
    ];
  });
  for (const name of flow.structure) if (!v.definitions.has(name)) problems.push(`${v.name}: the task flow names an unknown type ${name}`);
  const focus = new Set(flow.structure);
  const rows: ContainmentRow[] = [];
  const expanded = new Set<string>();
  const expand = (type: string, via: string, depth: number) => {
    const repeat = expanded.has(type);
    rows.push({ depth, via, type, href: `{root}${paths.type(v.name, type)}`, repeat });
    if (repeat) return;
    expanded.add(type);
    const properties = (v.definitions.get(type)?.properties ?? {}) as Record<string, JsonSchema>;
    for (const [name, schema] of Object.entries(properties)) {
      if (schema.deprecated === true) continue;
      const targets = namedTypes(schema).filter((t) => focus.has(t));
      const array = schema.type === 'array' ? '[]' : '';
      for (const target of targets) expand(target, `${name}${array}`, depth + 1);
    }
  };
  if (flow.structure[0] && v.definitions.has(flow.structure[0])) expand(flow.structure[0], '', 0);
  const id = `dg-${v.name}-task-flow`;
  const title = `Message → task → artifact (${v.name})`;
  const svg = flowDiagram({ id, title, exchanges, containment: rows });
  const notes = exchanges
    .map(
      (e, _i) =>
        `<li><a href="{root}${esc(paths.method(v.name, e.method))}"><code>${esc(e.method)}</code></a>: the client ${esc(e.step.request)}; the agent answers with ${esc(e.step.answer.replace(/`/g, ''))}.</li>`,
    )
    .join('\n');
  const html = `<figure class="figure">${svg}<figcaption>${esc(title)}: the steps from <code>${esc(source)}</code>; the types from each method's params and result and from the properties of ${flow.structure.map((s) => `<code>${esc(s)}</code>`).join(', ')}.</figcaption></figure>\n<ol class="flow-notes">\n${notes}\n</ol>`;
  return { id, title, html, types: ['Task', 'Message', 'Artifact'], source };
}

function mandateDiagram(v: VariantDoc, problems: string[]): Diagram | undefined {
  if (v.name !== 'bindu') return undefined;
  const defs = v.definitions;
  const href = (name: string) => (defs.has(name) ? { href: `{root}${paths.type(v.name, name)}` } : {});
  const columns = MANDATE_CHAIN.map((step) => {
    if (!defs.has(step.mandate)) problems.push(`bindu: the mandate chain names an unknown type ${step.mandate}`);
    if (step.contents) {
      if (!defs.has(step.contents)) problems.push(`bindu: the mandate chain names an unknown type ${step.contents}`);
      const holder = resolvePath(defs, step.mandate, step.contentsProperty ?? '');
      if (!step.contentsProperty || !holder || holder.$ref !== step.contents)
        problems.push(`bindu: ${step.mandate}.${step.contentsProperty ?? '?'} does not hold a ${step.contents}`);
    }
    if (step.signature && !resolvePath(defs, step.mandate, step.signature))
      problems.push(`bindu: ${step.mandate} has no property ${step.signature}`);
    const key = defs.get(step.dataKey);
    if (typeof key?.const !== 'string') problems.push(`bindu: the mandate chain's data key ${step.dataKey} is not a string constant`);
    return {
      mandate: { name: step.mandate, ...href(step.mandate) },
      ...(step.contents ? { contents: { name: step.contents, property: step.contentsProperty ?? '', ...href(step.contents) } } : {}),
      issuer: step.issuer,
      ...(step.signature ? { signature: step.signature } : {}),
      says: step.says,
      carrier: step.carrier,
      dataKey: { name: step.dataKey, value: String(key?.const ?? step.dataKey), ...href(step.dataKey) },
    };
  });
  const where = (type: string) => {
    const column = MANDATE_CHAIN.findIndex((s) => s.mandate === type || s.contents === type);
    const row: 'contents' | 'mandate' = MANDATE_CHAIN[column]?.contents === type ? 'contents' : 'mandate';
    return { column, row };
  };
  const bindings = MANDATE_BINDINGS.flatMap((b) => {
    const from = where(b.from.type);
    const to = where(b.to.type);
    if (from.column < 0 || to.column < 0) {
      problems.push(`bindu: a mandate binding names a type outside the chain (${b.from.type} → ${b.to.type})`);
      return [];
    }
    if (!resolvePath(defs, b.from.type, b.from.path)) problems.push(`bindu: ${b.from.type} has no property path ${b.from.path}`);
    if (!resolvePath(defs, b.to.type, b.to.path)) problems.push(`bindu: ${b.to.type} has no property path ${b.to.path}`);
    return [{ from, to, label: b.from.path }];
  });
  const id = `dg-${v.name}-mandate-chain`;
  const title = 'AP2 mandate chain (bindu)';
  const svg = mandateChain({ id, title, columns, bindings });
  const list = MANDATE_BINDINGS.map(
    (b) =>
      `<li><code>${esc(b.from.type)}.${esc(b.from.path)}</code> ${esc(b.says)}${b.to.path ? ` (<code>${esc(b.to.type)}.${esc(b.to.path)}</code>)` : ''}.</li>`,
  ).join('\n');
  const source = 'schemas/bindu/mandate-chain.ts';
  const html = `<figure class="figure">${svg}<figcaption>${esc(title)}: drawn from <code>${esc(source)}</code> (seed 001 “Payment Mandates”). Dashed arrows point back from the payment mandate to the cart it pays for:</figcaption></figure>\n<ul class="flow-notes">\n${list}\n</ul>`;
  const types = [...new Set(MANDATE_CHAIN.flatMap((s) => [s.mandate, ...(s.contents ? [s.contents] : []), s.dataKey]))];
  return { id, title, html, types, source };
}

/** Every diagram of a variant; problems are collected, not thrown. */
export function variantDiagrams(v: VariantDoc, problems: string[]): Diagram[] {
  return [taskStateDiagram(v, problems), flowDiagramOf(v, problems), contextDiagram(v, problems), mandateDiagram(v, problems)].filter(
    (d): d is Diagram => d !== undefined,
  );
}

/** A diagram's HTML for a page whose root prefix is `root`. */
export function placeDiagram(diagram: Diagram, root: string): string {
  return diagram.html.replaceAll('{root}', root);
}
