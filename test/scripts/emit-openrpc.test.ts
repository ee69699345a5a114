/**
 * The OpenRPC documents: valid OpenRPC 1.3.2 under @open-rpc/schema-utils-js, dereferenceable
 * with no dangling reference, one entry per registered method with params by name from the
 * Params type, the result from the success response, errors from the catalogue and streaming
 * methods marked.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseOpenRPCDocument, validateOpenRPCDocument } from '@open-rpc/schema-utils-js';
import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '../../scripts/lib/catalogue.js';
import { variantDefinitions } from '../../scripts/lib/json-schema.js';
import { checkOpenrpcFiles } from '../../scripts/lib/validate-outputs.js';
import { VARIANTS } from '../../scripts/lib/variants.js';
import { ROOT } from '../helpers.js';

type Doc = {
  openrpc: string;
  methods: {
    name: string;
    params: { name: string; required?: boolean; schema: object }[];
    result: { schema: object };
    errors: { code: number }[];
    'x-streaming'?: boolean;
  }[];
  components: { schemas: Record<string, object> };
};

const read = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as Doc;

describe('OpenRPC', () => {
  it('openrpc.json is the bindu document', () => {
    expect(readFileSync(join(ROOT, 'openrpc.json'), 'utf8')).toBe(readFileSync(join(ROOT, 'generated/openrpc/bindu.json'), 'utf8'));
  });

  for (const variant of VARIANTS) {
    const path = `generated/openrpc/${variant.name}.json`;
    it(`${variant.name}: valid, dereferenceable, no dangling $ref`, async () => {
      const doc = read(path);
      expect(doc.openrpc).toBe('1.3.2');
      expect(validateOpenRPCDocument(doc as never)).toBe(true);
      const parsed = await parseOpenRPCDocument(structuredClone(doc) as never, { dereference: true });
      expect(parsed.methods.length).toBe(variant.methods.length);
      expect(await checkOpenrpcFiles(new Map([[path, readFileSync(join(ROOT, path), 'utf8')]]))).toEqual([]);
    });

    it(`${variant.name}: methods follow the registry`, () => {
      const doc = read(path);
      const catalogue = new Map(errorCatalogue(variantDefinitions(variant)).map((entry) => [entry.name, entry.code]));
      expect(doc.methods.map((method) => method.name)).toEqual(variant.methods.map((method) => method.method));
      for (const [i, spec] of variant.methods.entries()) {
        const method = doc.methods[i]!;
        expect(
          method.errors.map((error) => error.code),
          spec.method,
        ).toEqual(spec.errors.map((name) => catalogue.get(name)));
        expect(method['x-streaming'] === true, spec.method).toBe(spec.streaming === true);
        expect(Object.keys(doc.components.schemas).length).toBe(Object.keys(variant.definitions).length);
      }
    });
  }

  it('the checker reports a dangling reference', async () => {
    const doc = read('generated/openrpc/a2a.json');
    (doc.methods[0]!.result.schema as { $ref?: string }).$ref = '#/components/schemas/NoSuchType';
    const problems = await checkOpenrpcFiles(new Map([['generated/openrpc/a2a.json', JSON.stringify(doc)]]));
    expect(problems.join('\n')).toMatch(/dangling \$ref #\/components\/schemas\/NoSuchType/);
  });

  it('message/send takes its params by name from MessageSendParams and returns Task or Message', () => {
    const doc = read('generated/openrpc/a2a.json');
    const send = doc.methods.find((method) => method.name === 'message/send')!;
    expect(send.params.map((param) => [param.name, param.required])).toEqual([
      ['message', true],
      ['configuration', false],
      ['metadata', false],
    ]);
    expect(send.result.schema).toEqual({
      anyOf: [{ $ref: '#/components/schemas/Task' }, { $ref: '#/components/schemas/Message' }],
      description: expect.any(String),
    });
  });
});

describe('each OpenRPC document names the specification revision its variant follows', () => {
  it.each([
    ['a2a', '0.3.0'],
    ['bindu', '0.3.0'],
    ['a2a-v1', '1.0.1'],
    ['aion', '1.0.1'],
  ])('%s: %s', (variant, revision) => {
    const doc = read(`generated/openrpc/${variant}.json`) as unknown as { info: Record<string, unknown> };
    expect(doc.info['x-a2a-spec-revision']).toBe(revision);
  });
});
