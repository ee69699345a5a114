/**
 * `npx tsx bench/micro.ts [payload…]`: a focused look at one payload's costs (issue 28): the closed
 * validator alone, `validate()` around it, and tjs on the official and the published schema, in
 * alternated rounds timed by CPU time; each ratio is the median of the rounds' ratios with their range. For measuring
 * a change to the generated code quickly; `npm run bench` is the record.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { schema as tjs } from 'tjs';
import { validate } from '../src/library/validate.js';
import { fixture as fixtureOf } from './fixtures.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const load = createRequire(join(ROOT, 'package.json'));
const official = JSON.parse(readFileSync(resolve(ROOT, '../shared/reference/a2a-v0.3.0.schema.json'), 'utf8')) as object;

const fixture = (variant: string, kind: 'types' | 'methods', file: string, id: string): unknown => fixtureOf(ROOT, variant, kind, file, id);
const CASES: Record<string, [string, string, unknown, string?]> = {
  message: ['a2a', 'Message', fixture('a2a', 'types', 'Message', 'agent-reply'), 'Message'],
  task: ['a2a', 'Task', fixture('a2a', 'types', 'Task', 'completed-with-artifacts'), 'Task'],
  card: ['a2a', 'AgentCard', fixture('a2a', 'types', 'AgentCard', 'full'), 'AgentCard'],
  send: ['a2a', 'SendMessageRequest', fixture('a2a', 'methods', 'message-send', 'request-multi-part-with-webhook'), 'SendMessageRequest'],
  conversation: ['aion', 'Conversation', fixture('aion', 'types', 'Conversation', 'canonical')],
  v1: ['a2a-v1', 'Task', fixture('a2a-v1', 'types', 'Task', 'completed-with-history')],
  bindu: ['bindu', 'Task', fixture('bindu', 'types', 'Task', 'completed-full')],
};

/** Calls per second of this process's CPU time (time it spends descheduled on a shared machine does not count). */
function rate(fn: () => unknown, ms: number): number {
  let calls = 0;
  const cpu = process.cpuUsage();
  const start = performance.now();
  while (performance.now() - start < ms) {
    for (let i = 0; i < 256; i++) fn();
    calls += 256;
  }
  const used = process.cpuUsage(cpu);
  return (calls * 1e6) / (used.user + used.system);
}

const ROUNDS = 15;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

for (const name of process.argv.length > 2 ? process.argv.slice(2) : Object.keys(CASES)) {
  const [variant, type, value, officialType] = CASES[name]!;
  const bundle = JSON.parse(readFileSync(join(ROOT, 'generated', 'json-schema', `${variant}.json`), 'utf8')) as Record<string, unknown>;
  const { $id: _id, ...rest } = bundle;
  const closed = (load(join(ROOT, 'generated', 'validators', variant, `${type}.cjs`)) as { validate: (v: unknown) => boolean }).validate;
  const published = tjs({ ...rest, $ref: `#/$defs/${type}` } as never, { formatAssertion: true });
  const fns: [string, () => unknown][] = [
    ['closed', () => closed(value)],
    ['validate()', () => validate(type, value, { variant: variant as 'a2a' }).valid],
    ['tjs published', () => published(value)],
  ];
  if (officialType) {
    const check = tjs({ ...official, $ref: `#/definitions/${officialType}` } as never);
    fns.push(['tjs official', () => check(value)]);
  }
  for (const [label, fn] of fns) if (fn() !== true) console.log(`  ${label} rejects ${name}`);
  const samples = fns.map(() => [] as number[]);
  for (const [, fn] of fns) rate(fn, 150);
  // Rounds in alternating order; a ratio is taken within each round (its calls ran side by side), then the median.
  for (let round = 0; round < ROUNDS; round++) {
    const order = [...fns.keys()];
    if (round % 2) order.reverse();
    for (const i of order) samples[i]!.push(rate(fns[i]![1], 60));
  }
  const med = samples.map(median);
  const ratios = (i: number) =>
    [...Array(ROUNDS).keys()].map((round) => samples[i]![round]! / Math.max(...samples.slice(2).map((s) => s[round]!)));
  const spread = (i: number) => {
    const r = ratios(i);
    return `${median(r).toFixed(2)} [${Math.min(...r).toFixed(2)}–${Math.max(...r).toFixed(2)}]`;
  };
  console.log(
    `${name}: ${fns.map(([label], i) => `${label} ${(med[i]! / 1e6).toFixed(2)}M`).join(', ')}; closed/best peer ${spread(0)}, validate()/best ${spread(1)}`,
  );
}
