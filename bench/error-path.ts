/**
 * The error path (issue 40): an invalid payload's full verdict, `validate(type, value, { variant })` with every
 * error's path, message and hint read (the built package's, dist/index.mjs), against ajv with `allErrors: true` (its errors, `errorsText` read) compiling
 * the package's own published bundle of the same variant. Three named payloads: the real Bindu echo agent's card
 * (test/fixtures/bindu-agent/recorded/card.json, its skills summaries), an a2a Task with one wrong enum value, and
 * an a2a Message with ten defects. `npm run bench` prints the table; `npm run bench -- --errors` prints it alone.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { addFormats } from '../src/engine/formats.js';
import { loadVariant } from '../src/engine/load-validators.js';
import type { validate as Validate } from '../src/library/validate.js';
import { fixture } from './fixtures.js';
import { AgentCard, Message, Task } from './zod-schemas.js';

interface ErrorPayload {
  readonly name: string;
  readonly variant: 'a2a' | 'bindu';
  readonly type: 'AgentCard' | 'Task' | 'Message';
  /** The payload (the first of `values` when there are several). */
  readonly value: unknown;
  /** Payloads checked in turn, one a call (the same defects, new values each time), when there are several. */
  readonly values?: readonly unknown[];
  /** False for a payload the issue sets no target on (printed for what it shows). */
  readonly target: boolean;
}

/** How many versions of the Message with ten defects the row "new values each call" cycles through. */
const NEW_VALUES = 1000;

/** The three payloads, each invalid. */
export function errorPayloads(root: string): ErrorPayload[] {
  const card = JSON.parse(readFileSync(join(root, 'test', 'fixtures', 'bindu-agent', 'recorded', 'card.json'), 'utf8')) as unknown;
  const task = structuredClone(fixture(root, 'a2a', 'types', 'Task', 'completed-with-artifacts')) as { status: { state: string } };
  task.status.state = 'done';
  const message = structuredClone(fixture(root, 'a2a', 'types', 'Message', 'agent-reply')) as Record<string, unknown>;
  // Ten defects: wrong types, a wrong enum, a missing key, a snake_case key, unknown part kinds, a bad file.
  Object.assign(message, {
    role: 'robot',
    messageId: 7,
    kind: 'msg',
    context_id: 'c-1',
    referenceTaskIds: 'task-1',
    extensions: [1],
    metadata: [],
    parts: [{ kind: 'text', text: 5 }, { kind: 'file', file: { bytes: 1 } }, { kind: 'data' }, { kind: 'video' }],
  });
  delete message.contextId;
  // Each payload as a receiver has it: parsed from JSON text (an object a `delete` has touched is kept by V8 in a
  // slower form that no parsed payload is in, and which would slow both contenders for a reason of the bench's own).
  const parsed = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
  // The same ten defects with new values on each call (ids, texts, wrong spellings, the unknown key's name), as a
  // sender whose values change sends them: words kept per value (src/engine/issues.ts `wordsOf`) do not help here.
  const values = Array.from({ length: NEW_VALUES }, (_, i) => {
    const version = structuredClone(message) as Record<string, unknown> & { parts: Record<string, unknown>[] };
    Object.assign(version, { role: `robot${i}`, messageId: 1000 + i, kind: `msg${i}`, referenceTaskIds: `task-${i}`, extensions: [i] });
    delete version.context_id;
    version[`context_id${i % 7}`] = `c-${i}`;
    version.parts[0]!.text = i;
    (version.parts[1]!.file as Record<string, unknown>).bytes = i;
    version.parts[3]!.kind = `video${i}`;
    return parsed(version);
  });
  return [
    { name: 'real Bindu card (skills as summaries)', variant: 'bindu', type: 'AgentCard', value: card, target: true },
    { name: 'Task with one wrong enum', variant: 'a2a', type: 'Task', value: parsed(task), target: true },
    { name: 'Message with ten defects', variant: 'a2a', type: 'Message', value: parsed(message), target: true },
    { name: 'Message with ten defects, new values each call', variant: 'a2a', type: 'Message', value: values[0], values, target: false },
  ];
}

/** The built package's `validate` (dist/index.mjs): what a user's `import { validate } from 'bindu-protocol'` runs. */
export async function builtValidate(): Promise<typeof Validate> {
  const entry = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'dist', 'index.mjs');
  if (!existsSync(entry)) throw new Error(`error-path bench: ${entry} is missing; run \`npm run build\` first`);
  return ((await import(pathToFileURL(entry).href)) as { validate: typeof Validate }).validate;
}

/**
 * Ours (`validate`, the built package's in the bench) and ajv allErrors on one payload, each a function doing the whole
 * job (verdict, every error's words read).
 */
export function errorContenders(
  root: string,
  p: ErrorPayload,
  validate: typeof Validate,
): { ours: () => number; ajv: () => number; zod: () => number; walks: () => number; counts: [number, number, number] } {
  const bundle = JSON.parse(readFileSync(join(root, 'generated', 'json-schema', `${p.variant}.json`), 'utf8')) as Record<string, unknown>;
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addSchema(bundle, 'bundle');
  const check =
    ajv.getSchema(`${bundle.$id as string}#/$defs/${p.type}`) ?? ajv.compile({ $ref: `${bundle.$id as string}#/$defs/${p.type}` });
  // One payload, or each of `values` in turn.
  const values = p.values ?? [p.value];
  let next = 0;
  const payload = () => {
    const value = values[next]!;
    next = next + 1 === values.length ? 0 : next + 1;
    return value;
  };
  const ours = () => {
    const result = validate(p.type, payload(), { variant: p.variant });
    let length = 0;
    for (const error of result.errors) length += error.path.length + error.message.length + (error.hint?.length ?? 0);
    for (const warning of result.warnings) length += warning.path.length + warning.message.length + (warning.hint?.length ?? 0);
    return length;
  };
  const theirs = () => {
    if (check(payload())) return 0;
    return ajv.errorsText(check.errors).length;
  };
  // zod 4 with the a2a shapes a TypeScript gateway declares (bench/zod-schemas.ts), each issue's path and message read.
  const schema = { AgentCard, Task, Message }[p.type];
  const zod = () => {
    const result = schema.safeParse(payload());
    if (result.success) return 0;
    let length = 0;
    for (const issue of result.error.issues) length += issue.path.length + issue.message.length;
    return length;
  };
  // The verdict's two walks alone, nothing shaped or worded: the type's closed validator (which fails), then the
  // generated explainer told where it failed (src/engine/explain.ts `explainType`), as `validate` runs them.
  const loaded = loadVariant(p.variant);
  const closed = loaded.closedValidator(p.type)!;
  const walks = () => {
    const value = payload();
    closed(value);
    return loaded.explainer.explainType(p.type, value, closed.errors?.[0]?.instancePath).length;
  };
  const ourResult = validate(p.type, p.value, { variant: p.variant });
  if (ourResult.valid) throw new Error(`error-path bench: ${p.name} is valid`);
  check(p.value);
  const zodResult = schema.safeParse(p.value);
  if (zodResult.success) throw new Error(`error-path bench: zod finds ${p.name} valid`);
  return {
    ours,
    ajv: theirs,
    zod,
    walks,
    counts: [ourResult.errors.length + ourResult.warnings.length, check.errors?.length ?? 0, zodResult.error.issues.length],
  };
}
