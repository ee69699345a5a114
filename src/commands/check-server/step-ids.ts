/**
 * Stable step ids, `<group>.<slug>`: the same on every run and on both wires where the step is the
 * same. The slug is the step's name with each method of either wire replaced by its wire-neutral key
 * (message/send and SendMessage are both `send`), counts in parentheses dropped, then lower-cased
 * with runs of other characters as `-`. A setup call that went wrong gets `<step id>.setup-<method>`.
 * step-catalog.ts lists every step per group without contacting an agent.
 */
import { adapterFor } from './wire-adapter.js';
import type { GroupName } from './groups/names.js';

const KEBAB = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Every method name of either wire → its wire-neutral key, longest names first (so a prefix never wins). */
const METHOD_KEYS: readonly (readonly [string, string])[] = (() => {
  const pairs: [string, string][] = [];
  for (const wire of ['v0.3', 'v1.0'] as const) {
    for (const [key, name] of Object.entries(adapterFor(wire).methods)) if (typeof name === 'string') pairs.push([name, KEBAB(key)]);
  }
  return pairs.sort((a, b) => b[0].length - a[0].length);
})();

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** The wire-neutral slug of a step name. */
export function stepSlug(name: string): string {
  let text = name.replace(/\s*\(\d+ [^)]*\)/g, '');
  for (const [method, key] of METHOD_KEYS) text = text.split(method).join(` ${key} `);
  return slugify(text);
}

/** The id of a step by its group and name; a setup step (`setup of "<step>": <method>`) hangs under its step. */
export function stepId(group: GroupName, name: string): string {
  const setup = /^setup of "(.*)": (.+)$/.exec(name);
  if (setup) return `${group}.${stepSlug(setup[1]!)}.setup-${stepSlug(setup[2]!)}`;
  // The probes are named `probes: <method>` within their group: the id is `probes.<method key>`.
  return `${group}.${stepSlug(group === 'probes' ? name.replace(/^probes: /, '') : name)}`;
}
