/**
 * The error catalogue and the method registry agree: no error code is used twice, and every
 * error a method names exists in its variant. The checks themselves are shown to fail on a
 * broken registry and on a duplicated code.
 */
import { describe, expect, it } from 'vitest';
import { catalogueProblems, errorCatalogue } from '../../../scripts/lib/catalogue.js';
import { variantDefinitions } from '../../../scripts/lib/json-schema.js';
import { VARIANTS } from '../../../scripts/lib/variants.js';
import type { MethodSpec } from '../../../schemas/variant.js';

const [a2aVariant, binduVariant] = VARIANTS;

describe('error catalogue', () => {
  for (const variant of VARIANTS) {
    it(`${variant.name}: codes are unique and every method names known errors`, () => {
      expect(catalogueProblems(variantDefinitions(variant), variant.methods)).toEqual([]);
    });
  }

  it('a2a has the JSON-RPC and A2A codes, and bindu adds its own', () => {
    const a2aCodes = errorCatalogue(variantDefinitions(a2aVariant!)).map((entry) => entry.code);
    expect(a2aCodes).toEqual([-32700, -32603, -32602, -32601, -32600, -32007, -32006, -32005, -32004, -32003, -32002, -32001]);
    const binduCodes = errorCatalogue(variantDefinitions(binduVariant!)).map((entry) => entry.code);
    expect(binduCodes).toEqual(
      expect.arrayContaining([...a2aCodes, -32008, -32009, -32010, -32011, -32012, -32013, -32020, -32021, -32030]),
    );
    expect(binduCodes.length).toBe(a2aCodes.length + 9);
  });

  it('reports a method that names an unknown error, and a method registered twice', () => {
    const definitions = variantDefinitions(a2aVariant!);
    const good = a2aVariant!.methods[0]!;
    const broken: MethodSpec[] = [{ ...good, errors: [...good.errors, 'NoSuchError'] }, good];
    expect(catalogueProblems(definitions, broken)).toEqual([
      `method ${good.method} names unknown error NoSuchError`,
      `method ${good.method} is registered twice`,
    ]);
  });

  it('reports a code used by two error types', () => {
    const definitions = variantDefinitions(a2aVariant!);
    const copy = structuredClone(definitions.get('TaskNotFoundError')!);
    definitions.set('AnotherTaskNotFoundError', copy);
    expect(catalogueProblems(definitions, [])).toEqual([
      'error code -32001 is used by both AnotherTaskNotFoundError and TaskNotFoundError',
    ]);
  });
});

describe('server errors', () => {
  it('a generic server error (-32000 to -32099) validates as a JSON-RPC error response in every variant', async () => {
    const { Value } = await import('@sinclair/typebox/value');
    const { a2a, bindu } = await import('../../../src/library/typebox-variants.js');
    for (const variant of [a2a, bindu]) {
      for (const code of [-32000, -32050, -32099]) {
        const response = { jsonrpc: '2.0', id: 'request-id', error: { code, message: 'Server error description', data: {} } };
        expect(Value.Check(variant.schemas.JSONRPCErrorResponse, response), `${variant.name} ${code}`).toBe(true);
      }
      const malformed = { jsonrpc: '2.0', id: 'request-id', error: { code: '-32000', message: 'Server error description' } };
      expect(Value.Check(variant.schemas.JSONRPCErrorResponse, malformed), variant.name).toBe(false);
    }
  });
});
