/**
 * The examples of the OpenRPC documents scripts/emit-openrpc.ts writes (openrpc.json and
 * generated/openrpc/<variant>.json): every method has example pairings; each document, examples
 * included, is valid against the OpenRPC meta-schema (@open-rpc/meta-schema, through
 * @open-rpc/schema-utils-js), which rejects a malformed pairing; each pairing names valid
 * conformance cases, and its params (as a request) and its result (as a success response of the
 * method) pass the package's own validateMessage for that method, which rejects a broken result.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateOpenRPCDocument } from '@open-rpc/schema-utils-js';
import { describe, expect, it } from 'vitest';
import { ConformanceCases } from '../../scripts/lib/examples.js';
import { VARIANTS } from '../../scripts/lib/variants.js';
import { validateMessage } from '../../src/library/validate-message.js';
import { ROOT } from '../helpers.js';

interface Example {
  name: string;
  value: unknown;
}
interface Pairing {
  name: string;
  description?: string;
  params: Example[];
  result?: Example;
}
interface Doc {
  methods: { name: string; params: { name: string }[]; examples?: Pairing[] }[];
}

const read = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as Doc;

/** The JSON-RPC request and success response a pairing stands for. */
function exchange(method: Doc['methods'][number], pairing: Pairing) {
  const params = Object.fromEntries(pairing.params.map((p) => [p.name, p.value]));
  const request = { jsonrpc: '2.0', id: 1, method: method.name, ...(method.params.length > 0 ? { params } : {}) };
  return { request, response: { jsonrpc: '2.0', id: 1, result: pairing.result?.value } };
}

describe('OpenRPC examples', () => {
  it("openrpc.json carries the bindu document's examples", () => {
    expect(read('openrpc.json')).toEqual(read('generated/openrpc/bindu.json'));
  });

  describe.each(VARIANTS.map((variant) => [variant.name]))('generated/openrpc/%s.json', (variant) => {
    const doc = read(`generated/openrpc/${variant}.json`);

    it('every method has example pairings, and the document is valid against the meta-schema with them', () => {
      expect(doc.methods.filter((method) => (method.examples ?? []).length === 0).map((method) => method.name)).toEqual([]);
      expect(validateOpenRPCDocument(doc as never)).toBe(true);
    });

    it('the meta-schema rejects a pairing without its params, or an example without its value', () => {
      const noParams = structuredClone(doc);
      delete (noParams.methods[0]!.examples![0] as Partial<Pairing>).params;
      expect(validateOpenRPCDocument(noParams as never)).not.toBe(true);
      const noValue = structuredClone(doc);
      delete (noValue.methods[0]!.examples![0]!.result as Partial<Example>).value;
      expect(validateOpenRPCDocument(noValue as never)).not.toBe(true);
    });

    it('each pairing names valid conformance cases; its params and result pass validateMessage for the method (strict)', () => {
      const cases = new ConformanceCases(ROOT);
      const problems: string[] = [];
      let pairings = 0;
      for (const method of doc.methods) {
        for (const pairing of method.examples ?? []) {
          pairings++;
          const label = `${method.name} ${pairing.name}`;
          const ids = [...(pairing.description ?? '').matchAll(/`([a-z0-9-]+\/[^#`]+#[^`]+)`/g)].map((m) => m[1]!);
          if (ids.length !== (method.params.length > 0 ? 2 : 1)) problems.push(`${label}: names ${ids.length} case(s)`);
          for (const id of ids) if (!cases.find(id)) problems.push(`${label}: ${id} is not a valid conformance case`);
          const known = new Set(method.params.map((p) => p.name));
          for (const p of pairing.params) if (!known.has(p.name)) problems.push(`${label}: no param named ${p.name}`);
          const { request, response } = exchange(method, pairing);
          const asked = validateMessage(request, { variant: variant as never, strict: true });
          const answered = validateMessage(response, { variant: variant as never, method: method.name, strict: true });
          for (const [part, verdict] of [
            ['params', asked],
            ['result', answered],
          ] as const) {
            if (!verdict.valid) problems.push(`${label} ${part}: ${JSON.stringify(verdict.errors.slice(0, 3))}`);
          }
        }
      }
      expect(problems).toEqual([]);
      expect(pairings).toBeGreaterThanOrEqual(doc.methods.length);
    });

    it('validateMessage rejects a pairing whose result is broken (the check can fail)', () => {
      const method = doc.methods[0]!;
      const { response } = exchange(method, { ...method.examples![0]!, result: { name: 'x', value: 'not a result' } });
      expect(validateMessage(response, { variant: variant as never, method: method.name }).valid).toBe(false);
    });
  });
});
