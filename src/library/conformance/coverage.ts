/**
 * Coverage: every type and every required method part of a variant needs at least one valid and one
 * invalid case (REQUIRED_PARTS; `params` only for methods that take params). `response` is counted
 * and shown but not required.
 */
import { PARTS, REQUIRED_PARTS, type Catalogue, type Part, type ResolvedCase } from './fixture.js';

export interface Counts {
  valid: number;
  invalid: number;
}

export interface PartCell extends Counts {
  /** False when the method has no such part (a method without params). */
  readonly applicable: boolean;
  readonly required: boolean;
}

export interface Coverage {
  readonly variant: string;
  readonly types: readonly { readonly type: string; readonly counts: Counts }[];
  readonly methods: readonly { readonly method: string; readonly parts: Readonly<Record<Part, PartCell>> }[];
  /** One line per missing case, e.g. `Task: no invalid case`. */
  readonly gaps: readonly string[];
  readonly typesCovered: number;
  readonly partsCovered: number;
  readonly partsRequired: number;
}

function missing(counts: Counts): string[] {
  return [...(counts.valid === 0 ? ['valid'] : []), ...(counts.invalid === 0 ? ['invalid'] : [])];
}

export function coverage(catalogue: Catalogue, cases: readonly ResolvedCase[]): Coverage {
  const typeCounts = new Map(catalogue.types.map((type) => [type, { valid: 0, invalid: 0 }]));
  const methodCounts = new Map(
    catalogue.methods.map((method) => [method.method, new Map(PARTS.map((part) => [part, { valid: 0, invalid: 0 }]))]),
  );
  for (const c of cases) {
    const counts = 'type' in c.target ? typeCounts.get(c.target.type) : methodCounts.get(c.target.method)?.get(c.target.part);
    if (!counts) continue;
    if (c.valid) counts.valid++;
    else counts.invalid++;
  }
  const gaps: string[] = [];
  let typesCovered = 0;
  const types = catalogue.types.map((type) => {
    const counts = typeCounts.get(type)!;
    const lacking = missing(counts);
    for (const kind of lacking) gaps.push(`${type}: no ${kind} case`);
    if (lacking.length === 0) typesCovered++;
    return { type, counts };
  });
  let partsCovered = 0;
  let partsRequired = 0;
  const methods = catalogue.methods.map((method) => {
    const parts = {} as Record<Part, PartCell>;
    for (const part of PARTS) {
      const counts = methodCounts.get(method.method)!.get(part)!;
      const applicable = method.parts.includes(part);
      const required = applicable && REQUIRED_PARTS.includes(part);
      parts[part] = { ...counts, applicable, required };
      if (!required) continue;
      partsRequired++;
      const lacking = missing(counts);
      for (const kind of lacking) gaps.push(`${method.method} ${part}: no ${kind} case`);
      if (lacking.length === 0) partsCovered++;
    }
    return { method: method.method, parts };
  });
  return { variant: catalogue.variant, types, methods, gaps, typesCovered, partsCovered, partsRequired };
}

const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - text.length));
const padLeft = (text: string, width: number) => ' '.repeat(Math.max(0, width - text.length)) + text;

/**
 * The coverage table: `valid/invalid` case counts per target, `!` after a required cell that lacks
 * a valid or an invalid case, `-` where a method has no such part.
 */
export function formatCoverage(cov: Coverage): string {
  const cell = (counts: Counts, required: boolean) =>
    `${counts.valid}/${counts.invalid}${required && missing(counts).length > 0 ? '!' : ''}`;
  const lines: string[] = [];
  lines.push(`coverage of ${cov.variant} (valid/invalid cases; ! = a required case is missing, - = no such part)`);
  const typeWidth = Math.max(4, ...cov.types.map((t) => t.type.length)) + 2;
  lines.push(`  ${pad('type', typeWidth)}cases`);
  for (const { type, counts } of cov.types) lines.push(`  ${pad(type, typeWidth)}${cell(counts, true)}`);
  if (cov.methods.length > 0) {
    const methodWidth = Math.max(6, ...cov.methods.map((m) => m.method.length)) + 2;
    const header = PARTS.map((part) => padLeft(REQUIRED_PARTS.includes(part) ? part : `(${part})`, 11)).join('');
    lines.push(`  ${pad('method', methodWidth)}${header}`);
    for (const { method, parts } of cov.methods) {
      const cells = PARTS.map((part) => padLeft(parts[part].applicable ? cell(parts[part], parts[part].required) : '-', 11)).join('');
      lines.push(`  ${pad(method, methodWidth)}${cells}`);
    }
  }
  lines.push(`  ${cov.typesCovered}/${cov.types.length} types and ${cov.partsCovered}/${cov.partsRequired} required method parts covered`);
  return `${lines.join('\n')}\n`;
}
