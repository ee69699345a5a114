/**
 * schemas/variant-table.ts: the facts agree with the variants' TypeBox definitions (names, wire,
 * base, TaskState names), the runtime reads them instead of its own lists (the package's variant
 * names, the agent card's wire choice, check-server's lifecycles, the CLI usages), and the table
 * loads no TypeBox, so the package root can read it and stay lazy.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';
import { VARIANT_TABLE, WIRE_OF_VARIANT, defaultVariant, isVariantName, variantNames } from '../../schemas/variant-table.js';
import * as a2aStates from '../../schemas/a2a/states.js';
import { v03StateName } from '../../schemas/a2a-v1/states.js';
import { variants } from '../../src/library/typebox-variants.js';
import { DEFAULT_VARIANT as buildDefault, VARIANTS as buildVariants } from '../../scripts/lib/variants.js';
import * as library from '../../src/library/variants.js';
import { DEFAULT_VARIANT } from '../../src/engine/load-validators.js';
import { chooseVariant, WIRE_OF_VARIANT as cardWires } from '../../src/live/agent-card.js';
import { CHECK_VARIANTS, lifecycleOf } from '../../src/live/stream-lifecycle.js';
import { CONVERT_USAGE } from '../../src/commands/convert/command.js';
import { PROXY_USAGE } from '../../src/commands/proxy/command.js';

type Json = Record<string, unknown>;

/** The names a TaskState schema admits: a plain union of literals (v0.3), or the names branch of a ProtoEnum (v1.0). */
function taskStateNames(schema: Json): string[] {
  const anyOf = schema.anyOf as Json[];
  const literals = anyOf.every((member) => 'const' in member) ? anyOf : (anyOf[0]!.anyOf as Json[]);
  return literals.map((literal) => literal.const as string);
}

/** Every module a source file reaches through relative imports, and the packages they import. */
function reach(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (fileName.startsWith('.')) visit(resolve(dirname(file), fileName).replace(/\.js$/, '.ts'));
      else packages.add(fileName);
    }
  };
  visit(entry);
  return { files, packages };
}

describe('the variant table agrees with the schemas', () => {
  it('names every variant the TypeBox side and the build know, in the same order; the default is one of them', () => {
    expect(Object.keys(variants)).toEqual([...variantNames]);
    expect(buildVariants.map((variant) => variant.name)).toEqual([...variantNames]);
    expect(buildDefault).toBe(defaultVariant);
    for (const [key, variant] of Object.entries(variants)) expect(variant.name).toBe(key);
    expect(isVariantName(defaultVariant)).toBe(true);
    expect(isVariantName('constructor')).toBe(false);
  });

  it.each(VARIANT_TABLE)('$name: its wire is the one its method registry speaks', ({ name, wire }) => {
    const methods = variants[name].methods.map((method) => method.method);
    expect(methods.includes('message/send'), 'v0.3 calls message/send').toBe(wire === 'v0.3');
    expect(methods.includes('SendMessage'), 'v1.0 calls SendMessage').toBe(wire === 'v1.0');
  });

  const extending = VARIANT_TABLE.filter((variant) => 'base' in variant);
  it.each(extending)('$name extends its base: every definition of the base is one of its own', (variant) => {
    const base = variants[(variant as { base: keyof typeof variants }).base];
    const own = Object.keys(variants[variant.name].definitions);
    expect(own.length).toBeGreaterThan(Object.keys(base.definitions).length);
    for (const name of Object.keys(base.definitions)) expect(own, name).toContain(name);
    expect(WIRE_OF_VARIANT[base.name]).toBe(variant.wire);
  });

  it.each(VARIANT_TABLE)('$name: its lifecycle names exactly the TaskState values of its schema, in order', ({ name, lifecycle }) => {
    expect([...lifecycle.TASK_STATES]).toEqual(taskStateNames(variants[name].definitions.TaskState as unknown as Json));
    expect(Object.keys(lifecycle.TRANSITIONS).sort()).toEqual([...lifecycle.TASK_STATES].sort());
  });

  it.each(VARIANT_TABLE)('$name: lifecycleFile is the module the lifecycle is', async ({ lifecycle, lifecycleFile }) => {
    expect(await import(join(ROOT, lifecycleFile))).toBe(lifecycle);
  });
});

describe('the runtime reads the variant table', () => {
  it('the package root, validation, the agent card and check-server use its list and default, not their own', () => {
    expect(library.variantNames).toBe(variantNames);
    expect(library.defaultVariant).toBe(defaultVariant);
    expect(DEFAULT_VARIANT).toBe(defaultVariant);
    expect(cardWires).toBe(WIRE_OF_VARIANT);
    expect(CHECK_VARIANTS).toBe(variantNames);
  });

  it.each(VARIANT_TABLE)('$name: --variant picks the wire the table gives', ({ name, wire }) => {
    expect(chooseVariant({ url: 'http://agent.example/' }, name)).toMatchObject({ wire, variant: name });
  });

  it.each(VARIANT_TABLE)('$name: check-server judges streams by its lifecycle, read in v0.3 names', ({ name, lifecycle }) => {
    const judged = lifecycleOf(name);
    expect(new Set(judged.states)).toEqual(new Set(lifecycle.TASK_STATES.map(v03StateName)));
    expect(judged.terminal).toEqual(lifecycle.TERMINAL_STATES.map(v03StateName));
    expect(judged.interrupted).toEqual(lifecycle.INTERRUPTED_STATES.map(v03StateName));
  });

  it('a v1.0 lifecycle in v0.3 names is the a2a lifecycle (v1.0 renamed the states, not the rules)', () => {
    for (const name of variantNames.filter((variant) => WIRE_OF_VARIANT[variant] === 'v1.0')) {
      expect(lifecycleOf(name).transitions).toEqual(a2aStates.TRANSITIONS);
      expect(lifecycleOf(name).terminal).toEqual(a2aStates.TERMINAL_STATES);
      expect([...lifecycleOf(name).states].sort()).toEqual([...a2aStates.TASK_STATES].sort());
    }
  });

  it('the convert and proxy usages list the variants of the table', () => {
    const any = variantNames.join('|');
    const usage = `usage: bindu-protocol convert --from ${any} --to ${any} --type NAME [--method M]`;
    expect(CONVERT_USAGE.split('\n')[0]).toBe(usage);
    const onWire = (wire: string) => variantNames.filter((name) => WIRE_OF_VARIANT[name] === wire).join(', ');
    expect(CONVERT_USAGE).toContain(`the A2A v0.3 wire (${onWire('v0.3')}) and the A2A v1.0 ProtoJSON wire\n(${onWire('v1.0')})`);
    expect(PROXY_USAGE).toContain(`--variant V         ${variantNames.join(' | ')} (default`);
  });
});

describe('v03StateName', () => {
  it('spells v1.0 names as v0.3 does, leaves v0.3 names and unknown words as they are', () => {
    expect(v03StateName('TASK_STATE_INPUT_REQUIRED')).toBe('input-required');
    expect(v03StateName('TASK_STATE_UNSPECIFIED')).toBe('unknown');
    expect(v03StateName('TASK_STATE_SOMETHING_NEW')).toBe('something-new');
    expect(v03StateName('payment-required')).toBe('payment-required');
    expect(v03StateName('constructor')).toBe('constructor');
    expect(v03StateName('__proto__')).toBe('__proto__');
  });
});

describe('the tables load no TypeBox', () => {
  it.each(['schemas/variant-table.ts', 'schemas/error-table.ts'])('%s imports no package, through any of its modules', (file) => {
    const { files, packages } = reach(join(ROOT, file));
    expect([...packages]).toEqual([]);
    expect(files.size).toBeGreaterThan(file.includes('variant') ? 3 : 1);
  });

  it('the walk sees TypeBox where it is imported', () => {
    expect([...reach(join(ROOT, 'schemas/a2a-v1/enums.ts')).packages]).toContain('@sinclair/typebox');
  });
});
