/**
 * The diagrams, drawn as inline SVG at build time by this file's own layout code (no graphviz, no
 * script in the page). Every diagram is drawn from data: the task lifecycle tables
 * (schemas/<variant>/states.ts), the Context lifecycle (schemas/bindu/context-states.ts), the
 * mandate chain (schemas/bindu/mandate-chain.ts) and the task flow (schemas/<wire>/task-flow.ts)
 * together with the types the schemas give those steps.
 *
 * Text is set in a monospace face for names, so widths can be computed without font metrics.
 * Colours and strokes come from classes styled in assets/style.css.
 */
import { esc } from './html.js';

const MONO = 7.3; // px per character at 12px monospace
const SANS = 7.4; // px per character at 13px sans-serif (bold headers), a safe over-estimate

const monoWidth = (text: string) => text.length * MONO;
const sansWidth = (text: string) => text.length * SANS;
const r = (n: number) => Math.round(n * 10) / 10;

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}
const cx = (b: Box) => b.x + b.w / 2;
const cy = (b: Box) => b.y + b.h / 2;

/** Arrowhead marker definitions for a diagram (ids prefixed so several diagrams share a page). */
function markers(id: string): string {
  return `<defs>
<marker id="${id}-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path class="dg-head" d="M0,0 L10,5 L0,10 z" fill="#57606a"/></marker>
<marker id="${id}-arrow-strong" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path class="dg-head-strong" d="M0,0 L10,5 L0,10 z" fill="#24292f"/></marker>
</defs>`;
}

function svg(id: string, width: number, height: number, title: string, description: string, content: string): string {
  return `<svg class="diagram" id="${id}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${r(width)} ${r(height)}" width="${r(width)}" height="${r(height)}" role="img" aria-labelledby="${id}-title ${id}-desc">
<title id="${id}-title">${esc(title)}</title>
<desc id="${id}-desc">${esc(description)}</desc>
${markers(id)}
${content}
</svg>`;
}

function text(x: number, y: number, content: string, cls: string, anchor: 'start' | 'middle' | 'end' = 'middle'): string {
  return `<text x="${r(x)}" y="${r(y)}" class="${cls}" text-anchor="${anchor}">${esc(content)}</text>`;
}

function link(href: string | undefined, inner: string): string {
  return href ? `<a href="${esc(href)}">${inner}</a>` : inner;
}

function path(d: string, cls: string, id: string, heads: 'end' | 'both' | 'none' = 'end', strong = false): string {
  const marker = `url(#${id}-arrow${strong ? '-strong' : ''})`;
  const end = heads !== 'none' ? ` marker-end="${marker}"` : '';
  const start = heads === 'both' ? ` marker-start="${marker}"` : '';
  return `<path d="${d}" class="${cls}"${end}${start}/>`;
}

// ---------------------------------------------------------------------------------------------
// The task state graph: states in group boxes by role, an arrow between two boxes when every
// state of one may change to every state of the other, single arrows for the other transitions.

export interface StateGraphInput {
  /** Element id (unique in the page). */
  readonly id: string;
  readonly title: string;
  readonly states: readonly string[];
  readonly initial: string;
  readonly active: readonly string[];
  readonly interrupted: readonly string[];
  readonly terminal: readonly string[];
  readonly transitions: Readonly<Record<string, readonly string[]>>;
  /** States to mark as additions (Bindu's states in the bindu graph). */
  readonly additions: ReadonlySet<string>;
  /** The legend's words for an addition, e.g. "added by Bindu". */
  readonly additionLabel?: string;
}

type GroupKey = 'active' | 'interrupted' | 'other' | 'terminal';
const GROUP_LABEL: Record<GroupKey, string> = {
  active: 'Active',
  interrupted: 'Interrupted: waits on the client',
  other: 'Other',
  terminal: 'Terminal: never left',
};

interface Group {
  readonly key: GroupKey;
  readonly states: string[];
  box: Box;
  readonly nodes: Map<string, Box>;
}

/** The edges of the graph, grouped: box-to-box where complete, node-to-node otherwise. */
export function groupEdges(input: StateGraphInput): {
  groups: { key: GroupKey; states: string[] }[];
  boxEdges: { from: GroupKey; to: GroupKey }[];
  anyWithin: GroupKey[];
  nodeEdges: { from: string; to: string }[];
} {
  const groupOf = (state: string): GroupKey =>
    input.terminal.includes(state)
      ? 'terminal'
      : input.interrupted.includes(state)
        ? 'interrupted'
        : input.active.includes(state)
          ? 'active'
          : 'other';
  const keys: GroupKey[] = ['active', 'interrupted', 'other', 'terminal'];
  const groups = keys.map((key) => ({ key, states: input.states.filter((s) => groupOf(s) === key) })).filter((g) => g.states.length > 0);
  const boxEdges: { from: GroupKey; to: GroupKey }[] = [];
  const anyWithin: GroupKey[] = [];
  const nodeEdges: { from: string; to: string }[] = [];
  for (const g of groups) {
    for (const h of groups) {
      const pairs = g.states.flatMap((a) => h.states.filter((b) => b !== a).map((b) => [a, b] as const));
      const present = pairs.filter(([a, b]) => (input.transitions[a] ?? []).includes(b));
      if (present.length === 0) continue;
      if (present.length === pairs.length && (g.key !== h.key || pairs.length > 1)) {
        if (g.key === h.key) anyWithin.push(g.key);
        else boxEdges.push({ from: g.key, to: h.key });
      } else {
        for (const [from, to] of present) nodeEdges.push({ from, to });
      }
    }
  }
  return { groups, boxEdges, anyWithin, nodeEdges };
}

export function stateGraph(input: StateGraphInput): string {
  const id = input.id;
  const { groups: groupList, boxEdges, anyWithin, nodeEdges } = groupEdges(input);
  const NODE_H = 24;
  const GAP = 8;
  const HEADER = 32;
  const PAD = 12;
  const LEFT = 64;
  const TOP = 76;
  const H_GAP = 120;
  const groups: Group[] = groupList.map((g) => ({ ...g, box: { x: 0, y: 0, w: 0, h: 0 }, nodes: new Map() }));
  const top = groups.filter((g) => g.key !== 'terminal');
  const terminal = groups.find((g) => g.key === 'terminal');

  let x = LEFT;
  for (const g of top) {
    const headerWidth = sansWidth(GROUP_LABEL[g.key]) + (anyWithin.includes(g.key) ? 90 : 0);
    const w = Math.max(headerWidth + 2 * PAD, ...g.states.map((s) => monoWidth(s) + 2 * PAD + 16));
    g.box = { x, y: TOP, w, h: HEADER + g.states.length * (NODE_H + GAP) + PAD - GAP };
    g.states.forEach((s, i) => {
      g.nodes.set(s, { x: x + PAD, y: TOP + HEADER + i * (NODE_H + GAP), w: w - 2 * PAD, h: NODE_H });
    });
    x += w + H_GAP;
  }
  const topRight = x - H_GAP;
  const topBottom = Math.max(TOP, ...top.map((g) => g.box.y + g.box.h));
  let height = topBottom + 20;
  if (terminal) {
    const widths = terminal.states.map((s) => monoWidth(s) + 2 * PAD + 8);
    const inner = widths.reduce((a, b) => a + b, 0) + GAP * 2 * (widths.length - 1);
    const w = Math.max(inner + 2 * PAD, topRight - LEFT, sansWidth(GROUP_LABEL.terminal) + 2 * PAD);
    const y = topBottom + 90;
    terminal.box = { x: LEFT, y, w, h: HEADER + NODE_H + PAD };
    let nx = LEFT + (w - inner) / 2;
    terminal.states.forEach((s, i) => {
      terminal.nodes.set(s, { x: nx, y: y + HEADER, w: widths[i]!, h: NODE_H });
      nx += widths[i]! + GAP * 2;
    });
    height = y + terminal.box.h + 20;
  }
  const width = Math.max(topRight, terminal ? terminal.box.x + terminal.box.w : 0) + 30;
  const groupByKey = new Map(groups.map((g) => [g.key, g]));
  const nodeBox = (state: string) => groups.find((g) => g.nodes.has(state))!.nodes.get(state)!;
  const parts: string[] = [];

  // Group boxes and nodes.
  for (const g of groups) {
    const b = g.box;
    parts.push(`<g class="dg-group dg-${g.key}">`);
    parts.push(`<rect x="${r(b.x)}" y="${r(b.y)}" width="${r(b.w)}" height="${r(b.h)}" rx="10" class="dg-group-box"/>`);
    parts.push(text(b.x + PAD, b.y + 20, GROUP_LABEL[g.key], 'dg-group-label', 'start'));
    if (anyWithin.includes(g.key)) parts.push(text(b.x + b.w - PAD, b.y + 20, '⇄ any to any', 'dg-note', 'end'));
    for (const [state, n] of g.nodes) {
      const added = input.additions.has(state);
      parts.push(`<g class="dg-state${added ? ' dg-added' : ''}" data-state="${esc(state)}">`);
      parts.push(`<rect x="${r(n.x)}" y="${r(n.y)}" width="${r(n.w)}" height="${n.h}" rx="12" class="dg-node"/>`);
      if (g.key === 'terminal')
        parts.push(`<rect x="${r(n.x + 3)}" y="${r(n.y + 3)}" width="${r(n.w - 6)}" height="${n.h - 6}" rx="9" class="dg-node-inner"/>`);
      parts.push(text(cx(n), n.y + 16, state, 'dg-label'));
      parts.push('</g>');
    }
    parts.push('</g>');
  }

  // Box-to-box arrows (merged when both directions are present).
  const drawn = new Set<string>();
  for (const e of boxEdges) {
    const key = [e.from, e.to].sort().join('|');
    if (drawn.has(key)) continue;
    drawn.add(key);
    const both = boxEdges.some((o) => o.from === e.to && o.to === e.from);
    const a = groupByKey.get(e.from)!.box;
    const b = groupByKey.get(e.to)!.box;
    const heads = both ? 'both' : 'end';
    if (e.to === 'terminal' || e.from === 'terminal') {
      const [src, dst] = e.from === 'terminal' ? [b, a] : [a, b];
      const x0 = cx(src);
      parts.push(
        path(
          `M${r(x0)},${r(src.y + src.h)} L${r(x0)},${r(dst.y)}`,
          'dg-edge dg-edge-group',
          id,
          e.from === 'terminal' && !both ? 'none' : heads,
          true,
        ),
      );
      continue;
    }
    const ia = top.findIndex((g) => g.key === e.from);
    const ib = top.findIndex((g) => g.key === e.to);
    const [left, right] = ia < ib ? [a, b] : [b, a];
    const startHead = ia < ib ? heads : 'end';
    if (Math.abs(ia - ib) === 1) {
      const y = TOP + 16;
      const d = ia < ib ? `M${r(left.x + left.w)},${r(y)} L${r(right.x)},${r(y)}` : `M${r(right.x)},${r(y)} L${r(left.x + left.w)},${r(y)}`;
      parts.push(path(d, 'dg-edge dg-edge-group', id, both ? 'both' : startHead, true));
    } else {
      const x0 = cx(left) + 16;
      const x1 = cx(right) - 16;
      const lift = TOP - 62;
      const d =
        ia < ib
          ? `M${r(x0)},${r(TOP)} C${r(x0)},${r(lift)} ${r(x1)},${r(lift)} ${r(x1)},${r(TOP)}`
          : `M${r(x1)},${r(TOP)} C${r(x1)},${r(lift)} ${r(x0)},${r(lift)} ${r(x0)},${r(TOP)}`;
      parts.push(path(d, 'dg-edge dg-edge-group', id, both ? 'both' : 'end', true));
    }
  }

  // Single transitions.
  for (const e of nodeEdges) {
    const a = nodeBox(e.from);
    const b = nodeBox(e.to);
    const ga = groups.find((g) => g.nodes.has(e.from))!;
    const gb = groups.find((g) => g.nodes.has(e.to))!;
    let d: string;
    if (ga === gb && ga.key !== 'terminal') {
      const bend = a.x - 30 - Math.abs(b.y - a.y) / 6;
      d = `M${r(a.x)},${r(cy(a) + 5)} C${r(bend)},${r(cy(a) + 5)} ${r(bend)},${r(cy(b))} ${r(b.x)},${r(cy(b))}`;
    } else if (gb.key === 'terminal' || ga.key === 'terminal') {
      d = `M${r(cx(a))},${r(a.y + a.h)} C${r(cx(a))},${r(a.y + a.h + 50)} ${r(cx(b))},${r(b.y - 50)} ${r(cx(b))},${r(b.y)}`;
    } else if (cx(a) > cx(b)) {
      const xa = a.x;
      const xb = b.x + b.w;
      d = `M${r(xa)},${r(cy(a))} C${r(xa - 50)},${r(cy(a))} ${r(xb + 50)},${r(cy(b))} ${r(xb)},${r(cy(b))}`;
    } else {
      const xa = a.x + a.w;
      const xb = b.x;
      d = `M${r(xa)},${r(cy(a))} C${r(xa + 50)},${r(cy(a))} ${r(xb - 50)},${r(cy(b))} ${r(xb)},${r(cy(b))}`;
    }
    parts.push(path(d, 'dg-edge', id));
  }

  // The initial state.
  const initial = nodeBox(input.initial);
  const startX = initial.x - 44;
  parts.push(`<circle cx="${r(startX)}" cy="${r(cy(initial) - 5)}" r="6" class="dg-start"/>`);
  parts.push(path(`M${r(startX + 6)},${r(cy(initial) - 5)} L${r(initial.x)},${r(cy(initial) - 5)}`, 'dg-edge', id));

  // Legend.
  const legend: string[] = [];
  let lx = LEFT;
  const ly = height + 6;
  const swatches: [string, string][] = [
    [`<circle cx="X" cy="${ly + 9}" r="6" class="dg-start"/>`, 'initial state'],
    [`<g class="dg-active"><rect x="X" y="${ly + 2}" width="22" height="14" rx="7" class="dg-node"/></g>`, 'active'],
    [`<g class="dg-interrupted"><rect x="X" y="${ly + 2}" width="22" height="14" rx="7" class="dg-node"/></g>`, 'interrupted'],
    [`<g class="dg-other"><rect x="X" y="${ly + 2}" width="22" height="14" rx="7" class="dg-node"/></g>`, 'other'],
    [`<g class="dg-terminal"><rect x="X" y="${ly + 2}" width="22" height="14" rx="7" class="dg-node"/></g>`, 'terminal'],
  ];
  if (input.additions.size > 0)
    swatches.push([
      `<rect x="X" y="${ly + 2}" width="22" height="14" rx="7" class="dg-node dg-legend-added"/>`,
      input.additionLabel ?? 'addition',
    ]);
  for (const [swatch, label] of swatches) {
    const shift = swatch.startsWith('<circle') ? 6 : 0;
    legend.push(swatch.replace(/X/g, String(r(lx + shift))));
    legend.push(text(lx + 28, ly + 13, label, 'dg-legend', 'start'));
    lx += 40 + label.length * 6.6;
  }
  legend.push(
    text(
      LEFT,
      ly + 36,
      'A thick arrow between boxes: every state in one box may change to every state in the other. Staying in a state is always allowed.',
      'dg-legend',
      'start',
    ),
  );
  height = ly + 48;

  const description = `${input.states.length} states. Initial: ${input.initial}. Terminal: ${input.terminal.join(', ')}. Interrupted: ${input.interrupted.join(', ')}.`;
  return svg(id, Math.max(width, 760), height, input.title, description, [...parts, ...legend].join('\n'));
}

// ---------------------------------------------------------------------------------------------
// A small lifecycle graph (the Context status): states in a row by layer, arcs for the rest.

export interface LifecycleInput {
  readonly id: string;
  readonly title: string;
  readonly states: readonly string[];
  readonly initial: string;
  readonly terminal: readonly string[];
  readonly transitions: Readonly<Record<string, readonly string[]>>;
}

/** Layers by the longest path from the initial state, back edges (found by DFS) set aside. */
export function layers(input: LifecycleInput): Map<string, number> {
  const back = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  const visit = (s: string) => {
    state.set(s, 'open');
    for (const t of input.transitions[s] ?? []) {
      if (state.get(t) === 'open') back.add(`${s}>${t}`);
      else if (!state.has(t)) visit(t);
    }
    state.set(s, 'done');
  };
  visit(input.initial);
  for (const s of input.states) if (!state.has(s)) visit(s);
  const layer = new Map(input.states.map((s) => [s, 0]));
  for (let changed = true, guard = 0; changed && guard < input.states.length + 1; guard++) {
    changed = false;
    for (const s of input.states) {
      for (const t of input.transitions[s] ?? []) {
        if (back.has(`${s}>${t}`)) continue;
        if (layer.get(t)! < layer.get(s)! + 1) {
          layer.set(t, layer.get(s)! + 1);
          changed = true;
        }
      }
    }
  }
  return layer;
}

export function lifecycleGraph(input: LifecycleInput): string {
  const id = input.id;
  const layer = layers(input);
  const order = [...input.states].sort((a, b) => layer.get(a)! - layer.get(b)! || input.states.indexOf(a) - input.states.indexOf(b));
  const NODE_W = Math.max(...input.states.map((s) => monoWidth(s))) + 36;
  const NODE_H = 30;
  const GAP = 90;
  const LEFT = 70;
  const MID = 150;
  const nodes = new Map<string, Box>();
  const columns = new Map<number, string[]>();
  for (const s of order) columns.set(layer.get(s)!, [...(columns.get(layer.get(s)!) ?? []), s]);
  for (const [l, states] of columns) {
    states.forEach((s, i) => {
      nodes.set(s, {
        x: LEFT + l * (NODE_W + GAP),
        y: MID - NODE_H / 2 + (i - (states.length - 1) / 2) * (NODE_H + 30),
        w: NODE_W,
        h: NODE_H,
      });
    });
  }
  const parts: string[] = [];
  const edges = input.states.flatMap((s) => (input.transitions[s] ?? []).map((t) => ({ from: s, to: t })));
  const arcs: { from: string; to: string; lo: number; hi: number; side: 'above' | 'below'; level: number }[] = [];
  const straight: { from: string; to: string }[] = [];
  for (const e of edges) {
    const la = layer.get(e.from)!;
    const lb = layer.get(e.to)!;
    const reverse = edges.some((o) => o.from === e.to && o.to === e.from);
    if (lb === la + 1 && !reverse) straight.push(e);
    else arcs.push({ ...e, lo: Math.min(la, lb), hi: Math.max(la, lb), side: 'above', level: 0 });
  }
  arcs.sort((a, b) => a.hi - a.lo - (b.hi - b.lo) || input.states.indexOf(a.from) - input.states.indexOf(b.from));
  const placed: typeof arcs = [];
  for (const arc of arcs) {
    const span = arc.hi - arc.lo;
    const pairPartner = placed.find((p) => p.from === arc.to && p.to === arc.from);
    const overlapping = (side: 'above' | 'below') => placed.filter((p) => p.side === side && p.lo < arc.hi && arc.lo < p.hi);
    if (pairPartner) arc.side = pairPartner.side === 'above' ? 'below' : 'above';
    else arc.side = overlapping('above').length <= overlapping('below').length ? 'above' : 'below';
    arc.level = overlapping(arc.side).filter((p) => p.hi - p.lo >= span).length;
    placed.push(arc);
  }
  let minY = MID - NODE_H;
  let maxY = MID + NODE_H;
  for (const arc of placed) {
    const a = nodes.get(arc.from)!;
    const b = nodes.get(arc.to)!;
    const span = arc.hi - arc.lo;
    const lift = 26 + span * 18 + arc.level * 22;
    const sign = arc.side === 'above' ? -1 : 1;
    const ya = arc.side === 'above' ? a.y : a.y + a.h;
    const yb = arc.side === 'above' ? b.y : b.y + b.h;
    const before = placed.slice(0, placed.indexOf(arc)).filter((p) => p.side === arc.side);
    const slotA = before.filter((p) => p.from === arc.from || p.to === arc.from).length;
    const slotB = before.filter((p) => p.from === arc.to || p.to === arc.to).length;
    const xa = cx(a) + (cx(b) > cx(a) ? 1 : -1) * (12 + slotA * 12);
    const xb = cx(b) + (cx(a) > cx(b) ? 1 : -1) * (12 + slotB * 12);
    const yc = (arc.side === 'above' ? Math.min(ya, yb) : Math.max(ya, yb)) + sign * lift;
    minY = Math.min(minY, yc);
    maxY = Math.max(maxY, yc);
    parts.push(path(`M${r(xa)},${r(ya)} C${r(xa)},${r(yc)} ${r(xb)},${r(yc)} ${r(xb)},${r(yb)}`, 'dg-edge', id));
  }
  for (const e of straight) {
    const a = nodes.get(e.from)!;
    const b = nodes.get(e.to)!;
    parts.push(path(`M${r(a.x + a.w)},${r(cy(a))} L${r(b.x)},${r(cy(b))}`, 'dg-edge', id));
  }
  for (const s of input.states) {
    const n = nodes.get(s)!;
    const cls = s === input.initial ? 'dg-active' : input.terminal.includes(s) ? 'dg-terminal' : 'dg-interrupted';
    parts.push(`<g class="dg-state ${cls}" data-state="${esc(s)}">`);
    parts.push(`<rect x="${r(n.x)}" y="${r(n.y)}" width="${r(n.w)}" height="${n.h}" rx="15" class="dg-node"/>`);
    if (input.terminal.includes(s))
      parts.push(`<rect x="${r(n.x + 3)}" y="${r(n.y + 3)}" width="${r(n.w - 6)}" height="${n.h - 6}" rx="12" class="dg-node-inner"/>`);
    parts.push(text(cx(n), n.y + 19, s, 'dg-label'));
    parts.push('</g>');
  }
  const start = nodes.get(input.initial)!;
  parts.push(`<circle cx="${r(start.x - 40)}" cy="${r(cy(start))}" r="6" class="dg-start"/>`);
  parts.push(path(`M${r(start.x - 34)},${r(cy(start))} L${r(start.x)},${r(cy(start))}`, 'dg-edge', id));
  const offset = 20 - minY;
  const width = LEFT + (Math.max(...layer.values()) + 1) * (NODE_W + GAP) - GAP + 30;
  const height = maxY - minY + 40 + 30;
  const legendY = maxY + 36;
  parts.push(
    text(
      LEFT - 46,
      legendY,
      '● initial state  ·  double border: terminal (never resumed)  ·  each arrow: a change the lifecycle allows',
      'dg-legend',
      'start',
    ),
  );
  const description =
    `States ${input.states.join(', ')}; initial ${input.initial}; terminal ${input.terminal.join(', ')}. ` +
    edges.map((e) => `${e.from} to ${e.to}`).join('; ') +
    '.';
  return svg(id, width, height, input.title, description, `<g transform="translate(0 ${r(offset)})">\n${parts.join('\n')}\n</g>`);
}

// ---------------------------------------------------------------------------------------------
// The message → task → artifact flow: a sequence of exchanges between client and agent, and
// beside it the containment of the task's parts.

export interface FlowExchange {
  readonly method: string;
  readonly methodHref?: string;
  /** Types the client sends (the params type). */
  readonly sends: readonly { name: string; href?: string }[];
  /** Types the agent answers with. */
  readonly answers: readonly { name: string; href?: string }[];
  readonly streaming: boolean;
}

export interface ContainmentRow {
  readonly depth: number;
  /** The property path from the parent (`history[]`), empty for the root. */
  readonly via: string;
  readonly type: string;
  readonly href?: string;
  /** True when the type was already expanded above. */
  readonly repeat: boolean;
}

export interface FlowInput {
  readonly id: string;
  readonly title: string;
  readonly exchanges: readonly FlowExchange[];
  readonly containment: readonly ContainmentRow[];
}

function chips(x: number, y: number, items: readonly { name: string; href?: string }[], anchor: 'start' | 'end'): string {
  const gap = 8;
  const widths = items.map((i) => monoWidth(i.name) + 14);
  const total = widths.reduce((a, b) => a + b, 0) + gap * Math.max(0, items.length - 1);
  let cursor = anchor === 'start' ? x : x - total;
  return items
    .map((item, i) => {
      const w = widths[i]!;
      const out = link(
        item.href,
        `<g class="dg-chip"><rect x="${r(cursor)}" y="${r(y - 14)}" width="${r(w)}" height="20" rx="5"/><text x="${r(cursor + w / 2)}" y="${r(y)}" text-anchor="middle" class="dg-label">${esc(item.name)}</text></g>`,
      );
      cursor += w + gap;
      return out;
    })
    .join('');
}

export function flowDiagram(input: FlowInput): string {
  const id = input.id;
  const CLIENT = 90;
  const answerWidth = Math.max(...input.exchanges.map((e) => e.answers.reduce((a, t) => a + monoWidth(t.name) + 22, 0)), 300);
  const AGENT = CLIENT + Math.max(answerWidth + 60, 460);
  const STEP = 140;
  const TOP = 60;
  const parts: string[] = [];
  const bottom = TOP + input.exchanges.length * STEP + 10;
  for (const [x, label] of [
    [CLIENT, 'Client'],
    [AGENT, 'Agent'],
  ] as const) {
    parts.push(`<rect x="${x - 48}" y="12" width="96" height="28" rx="6" class="dg-actor"/>`);
    parts.push(text(x, 31, label, 'dg-group-label'));
    parts.push(`<line x1="${x}" y1="40" x2="${x}" y2="${bottom}" class="dg-lifeline"/>`);
  }
  input.exchanges.forEach((e, i) => {
    const y = TOP + i * STEP + 34;
    parts.push(link(e.methodHref, text((CLIENT + AGENT) / 2, y - 22, `${i + 1}. ${e.method}`, 'dg-method')));
    parts.push(path(`M${CLIENT},${y} L${AGENT - 2},${y}`, 'dg-edge dg-edge-call', id));
    parts.push(chips(CLIENT + 14, y + 22, e.sends, 'start'));
    const ya = y + 58;
    parts.push(path(`M${AGENT},${ya} L${CLIENT + 2},${ya}`, `dg-edge dg-edge-answer${e.streaming ? ' dg-edge-stream' : ''}`, id));
    parts.push(chips(AGENT - 14, ya + 22, e.answers, 'end'));
    if (e.streaming) parts.push(text(AGENT - 14, ya - 6, 'Server-Sent Events, one response per event', 'dg-note', 'end'));
  });
  // Containment panel.
  const PX = AGENT + 70;
  const rowH = 26;
  parts.push(text(PX, 31, 'What a task holds', 'dg-group-label', 'start'));
  const panelWidth = Math.max(
    ...input.containment.map((row) => row.depth * 22 + monoWidth(`${row.via}${row.via ? ': ' : ''}${row.type}`) + 40),
    240,
  );
  input.containment.forEach((row, i) => {
    const y = TOP + i * rowH + 6;
    const x = PX + row.depth * 22;
    if (row.depth > 0) {
      let parent = i - 1;
      while (parent > 0 && input.containment[parent]!.depth >= row.depth) parent--;
      const py = TOP + parent * rowH + 6;
      parts.push(`<path d="M${x - 14},${py + 5} L${x - 14},${y - 4} L${x - 4},${y - 4}" class="dg-tree"/>`);
    }
    const viaText = row.via ? `${row.via}: ` : '';
    parts.push(
      `<text x="${x}" y="${y}" class="dg-label" text-anchor="start"><tspan class="dg-via">${esc(viaText)}</tspan>${row.href && !row.repeat ? `<a href="${esc(row.href)}"><tspan class="dg-type">${esc(row.type)}</tspan></a>` : `<tspan class="dg-type${row.repeat ? ' dg-repeat' : ''}">${esc(row.type)}</tspan>`}</text>`,
    );
  });
  const width = PX + panelWidth + 20;
  parts.push(
    text(
      CLIENT - 48,
      bottom + 22,
      'solid arrow: the request and its params  ·  dashed arrow: the result  ·  chips link to the types',
      'dg-legend',
      'start',
    ),
  );
  const height = Math.max(bottom + 36, TOP + input.containment.length * rowH + 20);
  const description = input.exchanges
    .map(
      (e, i) =>
        `${i + 1}. ${e.method}: the client sends ${e.sends.map((s) => s.name).join(', ') || 'no params'}; the agent answers ${e.answers.map((a) => a.name).join(' or ')}.`,
    )
    .join(' ');
  return svg(id, width, height, input.title, description, parts.join('\n'));
}

// ---------------------------------------------------------------------------------------------
// The AP2 mandate chain: three columns (intent, cart, payment), contents signed into mandates,
// and the references from the payment mandate back to the cart.

export interface MandateColumn {
  readonly mandate: { name: string; href?: string };
  readonly contents?: { name: string; href?: string; property: string };
  readonly issuer: string;
  readonly signature?: string;
  readonly says: string;
  readonly carrier: string;
  readonly dataKey: { name: string; value: string; href?: string };
}

export interface MandateArrow {
  /** Column index and row ('contents' | 'mandate') of each end. */
  readonly from: { column: number; row: 'contents' | 'mandate' };
  readonly to: { column: number; row: 'contents' | 'mandate' };
  readonly label: string;
}

export interface MandateInput {
  readonly id: string;
  readonly title: string;
  readonly columns: readonly MandateColumn[];
  readonly bindings: readonly MandateArrow[];
}

export function mandateChain(input: MandateInput): string {
  const id = input.id;
  const BOX_H = 34;
  const colWidth = Math.max(
    ...input.columns.flatMap((c) => [
      monoWidth(c.mandate.name) + 40,
      c.contents ? monoWidth(c.contents.name) + 40 : 0,
      monoWidth(c.dataKey.value),
      (c.says.length + 2) * 6.9,
    ]),
  );
  const labelWidth = Math.max(...input.bindings.map((b) => monoWidth(b.label))) + 30;
  const GAP = Math.max(120, labelWidth);
  const LEFT = 20;
  const HEAD = 28;
  const CONTENTS_Y = 78;
  const MANDATE_Y = 200;
  const colX = (i: number) => LEFT + i * (colWidth + GAP);
  const boxAt = (column: number, row: 'contents' | 'mandate'): Box => ({
    x: colX(column),
    y: row === 'contents' ? CONTENTS_Y : MANDATE_Y,
    w: colWidth,
    h: BOX_H,
  });
  const parts: string[] = [];
  input.columns.forEach((c, i) => {
    const x = colX(i);
    parts.push(text(x + colWidth / 2, HEAD, `${i + 1}. ${c.issuer}`, 'dg-group-label'));
    parts.push(text(x + colWidth / 2, HEAD + 18, `“${c.says}”`, 'dg-quote'));
    if (i > 0)
      parts.push(
        path(
          `M${r(colX(i - 1) + colWidth / 2 + sansWidth(`${i}. ${input.columns[i - 1]!.issuer}`) / 2 + 10)},${HEAD - 5} L${r(x + colWidth / 2 - sansWidth(`${i + 1}. ${c.issuer}`) / 2 - 10)},${HEAD - 5}`,
          'dg-edge dg-edge-group',
          id,
          'end',
          true,
        ),
      );
    const mandateBox = boxAt(i, 'mandate');
    if (c.contents) {
      const b = boxAt(i, 'contents');
      parts.push(
        link(
          c.contents.href,
          `<g class="dg-box dg-contents"><rect x="${r(b.x)}" y="${b.y}" width="${r(b.w)}" height="${b.h}" rx="6"/>${text(cx(b), b.y + 22, c.contents.name, 'dg-label dg-type')}</g>`,
        ),
      );
      parts.push(path(`M${r(cx(b))},${b.y + b.h} L${r(cx(b))},${mandateBox.y}`, 'dg-edge dg-edge-sign', id));
      parts.push(text(cx(b) + 8, b.y + b.h + 30, `signed by the ${c.issuer}`, 'dg-note', 'start'));
      parts.push(text(cx(b) + 8, b.y + b.h + 46, c.signature ?? '', 'dg-label dg-prop', 'start'));
      parts.push(text(cx(b) - 8, b.y + b.h + 38, c.contents.property, 'dg-label dg-prop', 'end'));
    } else {
      parts.push(text(cx(mandateBox), CONTENTS_Y + 22, 'no signature of its own', 'dg-note'));
    }
    parts.push(
      link(
        c.mandate.href,
        `<g class="dg-box dg-mandate"><rect x="${r(mandateBox.x)}" y="${mandateBox.y}" width="${r(mandateBox.w)}" height="${mandateBox.h}" rx="6"/>${text(cx(mandateBox), mandateBox.y + 22, c.mandate.name, 'dg-label dg-type')}</g>`,
      ),
    );
    parts.push(
      text(
        cx(mandateBox),
        mandateBox.y + BOX_H + 22,
        `in ${/^[AEIOU]/.test(c.carrier) ? 'an' : 'a'} ${c.carrier}'s DataPart, under the key`,
        'dg-note',
      ),
    );
    parts.push(link(c.dataKey.href, text(cx(mandateBox), mandateBox.y + BOX_H + 40, c.dataKey.value, 'dg-label dg-key')));
  });
  input.bindings.forEach((b, i) => {
    const from = boxAt(b.from.column, b.from.row);
    const to = boxAt(b.to.column, b.to.row);
    const sameRow = b.from.row === b.to.row;
    const siblings = input.bindings.filter((o) => o.from.row === b.from.row && o.to.row === b.to.row);
    const k = siblings.indexOf(b);
    const y0 = from.y + 10 + k * 14;
    const y1 = sameRow ? y0 : to.y + 10 + k * 14;
    const x0 = from.x;
    const x1 = to.x + to.w;
    parts.push(path(`M${r(x0)},${r(y0)} C${r(x0 - 40)},${r(y0)} ${r(x1 + 40)},${r(y1)} ${r(x1)},${r(y1)}`, 'dg-edge dg-edge-ref', id));
    const ly = b.from.row === 'contents' ? from.y - 8 - (siblings.length - 1 - k) * 15 : from.y + from.h + 16 + k * 15;
    parts.push(text((x0 + x1) / 2, ly, b.label, 'dg-label dg-prop'));
    void i;
  });
  const width = colX(input.columns.length - 1) + colWidth + LEFT + 60;
  const height = MANDATE_Y + BOX_H + 60;
  const description = input.columns
    .map(
      (c, i) =>
        `${i + 1}. ${c.mandate.name}, issued by the ${c.issuer}${c.signature ? ` and signed in ${c.signature}` : ''}, travels in a ${c.carrier} under ${c.dataKey.value}.`,
    )
    .join(' ');
  return svg(id, width, height, input.title, description, parts.join('\n'));
}
