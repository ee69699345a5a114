/**
 * scripts/emit-types.ts: the canonical form next to the accepted one, on a ProtoJSON-shaped object
 * (a required field with a proto-name alias, a one-of group, an enum by name or number).
 */
import { describe, expect, it } from 'vitest';
import { emitTypes } from '../../scripts/emit-types.js';
import type { VariantSpec } from '../../schemas/variant.js';

const presence = (name: string) => ({ type: 'object', properties: { [name]: { description: `${name} is given` } }, required: [name] });
const definitions = new Map<string, Record<string, unknown>>([
  [
    'Thing',
    {
      description: 'A thing.',
      type: 'object',
      properties: {
        thingId: { description: 'Its id.', type: 'string' },
        thing_id: { description: 'Its id, proto name.', type: 'string', deprecated: true },
        text: { description: 'Text.', type: 'string' },
        url: { description: 'A URL.', type: 'string' },
        kind: { $ref: 'Kind', description: 'Its kind.' },
      },
      required: ['kind'],
      allOf: [
        { description: 'the id, under either name', anyOf: [presence('thingId'), presence('thing_id')] },
        { description: 'exactly one of text or url', oneOf: [presence('text'), presence('url')] },
      ],
      dependentSchemas: { thingId: { properties: { thing_id: { not: {} } } } },
    },
  ],
  [
    'Kind',
    {
      description: 'A kind.',
      anyOf: [
        { description: 'by name', type: 'string', enum: ['KIND_A', 'KIND_B'] },
        { description: 'by number', type: 'integer', enum: [1, 2], deprecated: true },
      ],
    },
  ],
]);

describe('emitTypes', async () => {
  const files = await emitTypes({ name: 'demo' } as VariantSpec, definitions);
  const accepted = files.get('generated/types/demo.d.ts')!;
  const canonical = files.get('generated/types/canonical/demo.d.ts')!;
  const squash = (text: string) => text.replace(/\/\*\*[\s\S]*?\*\//g, '').replace(/\s+/g, ' ');

  it('writes both forms', () => {
    expect([...files.keys()].sort()).toEqual(['generated/types/canonical/demo.d.ts', 'generated/types/demo.d.ts']);
    expect(accepted).toContain('accepted form');
    expect(canonical).toContain('canonical form');
  });

  it('accepted: either spelling, the id optional under each, the enum by name or number', () => {
    expect(squash(accepted)).toContain('thingId?: string;');
    expect(squash(accepted)).toContain('thing_id?: string;');
    expect(squash(accepted)).toMatch(/export type Kind = \("KIND_A" \| "KIND_B"\) \| \(1 \| 2\);/);
  });

  it('canonical: no proto name, the id required, the one-of group a union of one-member objects, the enum by name', () => {
    const text = squash(canonical);
    expect(text).not.toContain('thing_id');
    expect(text).toMatch(/export type Thing = \( \| \{ text: string; \} \| \{ url: string; \} \) & \{ thingId: string; kind: Kind; \};/);
    expect(text).toMatch(/export type Kind = "KIND_A" \| "KIND_B";/);
  });
});

describe('emitTypes: declarations shared with the base variant', async () => {
  const plain = (description: string, properties: Record<string, unknown>) => ({ description, type: 'object', properties });
  const base = new Map<string, Record<string, unknown>>([
    ['Note', plain('A note.', { text: { type: 'string', description: 'Its text.' } })],
    ['Changed', plain('Changed in the extension.', { a: { type: 'string', description: 'A.' } })],
    ['Holder', plain('Holds a Changed.', { changed: { $ref: 'Changed', description: 'The changed one.' } })],
  ]);
  const extension = new Map<string, Record<string, unknown>>([
    ...base,
    ['Changed', plain('Changed in the extension.', { a: { type: 'integer', description: 'A.' } })],
    ['Extra', plain('Only in the extension.', { note: { $ref: 'Note', description: 'A note.' } })],
  ]);
  // aion's base is a2a-v1 (schemas/variant-table.ts): emitted base first, as scripts/build.ts does.
  await emitTypes({ name: 'a2a-v1' } as VariantSpec, base);
  const files = await emitTypes({ name: 'aion' } as VariantSpec, extension);
  const aion = files.get('generated/types/aion.d.ts')!;
  const shared = /^import type \{([^}]*)\} from '\.\/a2a-v1\.js';$/m.exec(aion)?.[1]?.match(/\w+/g);

  it('re-exports from the base what is the same there and refers only to such, and declares the rest', () => {
    expect(shared).toEqual(['Note']);
    expect(aion).toMatch(/^export type \{\s+Note,\s+\} from '\.\/a2a-v1\.js';$/m);
    // Changed differs; Holder is the same text but refers to the changed type, so it is declared again.
    for (const name of ['Changed', 'Holder', 'Extra']) expect(aion).toContain(`export interface ${name} {`);
    expect(aion).not.toContain('export interface Note {');
    expect(aion).toContain('  Note: Note;');
  });

  it('a canonical form that is the same as the accepted one re-exports it', async () => {
    const v03 = await emitTypes({ name: 'a2a' } as VariantSpec, base);
    expect(v03.get('generated/types/canonical/a2a.d.ts')).toMatch(/^export \* from '\.\.\/a2a\.js';$/m);
  });
});
