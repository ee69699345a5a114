/**
 * schemas/error-table.ts: its facts match the sources they come from (the official v0.3.0 JSON
 * Schema; each v1.0 revision's §5.4 table and its `reason` rule), both wires' error types and
 * REST status maps are made from it (the JSON-RPC 2.0 errors once for both), and check-server
 * reads its codes and reasons.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHARED } from '../helpers.js';
import {
  A2A_ERRORS,
  A2A_ERROR_DOMAIN,
  ERROR_INFO_TYPE_URL,
  ERROR_REASONS,
  JSONRPC_ERRORS,
  ERROR_STATUS_TABLE,
  SERVER_ERROR_CODES,
  SPEC_REVISIONS,
  type SpecRevision,
  errorStatus,
  grpcStatusOf,
  httpStatusByName,
  wireError,
  wireErrors,
} from '../../schemas/error-table.js';
import type { Wire } from '../../schemas/variant-table.js';
import { variants } from '../../src/library/typebox-variants.js';
import { CODES } from '../../src/commands/check-server/run.js';
import { ERROR_REASONS as adapterReasons } from '../../src/commands/check-server/wire-adapter.js';
import { restError } from '../../src/commands/check-server/rest-binding.js';
import { SERVER_ERROR_CODES as rootServerCodes } from '../../src/index.js';
import { validateMessage } from '../../src/library/validate-message.js';

type Json = Record<string, unknown>;

const official = JSON.parse(readFileSync(join(SHARED, 'reference', 'a2a-v0.3.0.schema.json'), 'utf8')) as {
  definitions: Record<string, Json>;
};
const specificationOf = (revision: SpecRevision) => readFileSync(join(SHARED, 'reference', `a2a-v${revision}-specification.md`), 'utf8');
const specification = specificationOf('1.0.1');

/** The rows of a revision's §5.4 table: error name, JSON-RPC code, gRPC status, HTTP status. */
function section54(revision: SpecRevision): { name: string; code: number; grpcStatus: string; httpStatus: number }[] {
  const text = specificationOf(revision);
  const start = text.indexOf('### 5.4. Error Code Mappings');
  const section = text.slice(start, text.indexOf('\n### ', start + 1));
  return [...section.matchAll(/^\| `(\w+)`\s*\| `(-\d+)`\s*\| `(\w+)`\s*\| `(\d{3}) [^`]*`\s*\|$/gm)].map((row) => ({
    name: row[1]!,
    code: Number(row[2]),
    grpcStatus: row[3]!,
    httpStatus: Number(row[4]),
  }));
}

/** The variant whose error types are each wire's own (bindu and aion inherit them). */
const VARIANT_OF_WIRE = { 'v0.3': variants.a2a, 'v1.0': variants['a2a-v1'] } as const;
const WIRES = Object.keys(VARIANT_OF_WIRE) as Wire[];

describe('the error table matches its sources', () => {
  it('v0.3: the official A2A v0.3.0 schema has exactly these error types, codes and default messages', () => {
    const inOfficial = Object.entries(official.definitions).flatMap(([name, schema]) => {
      const properties = schema.properties as Record<string, Json> | undefined;
      return properties?.code?.const !== undefined ? [{ name, code: properties.code.const, message: properties.message?.default }] : [];
    });
    const ours = wireErrors('v0.3').map(({ name, code, message }) => ({ name, code, message }));
    const byCode = (a: { code: unknown }, b: { code: unknown }) => Number(a.code) - Number(b.code);
    expect(ours.sort(byCode)).toEqual(inOfficial.sort(byCode));
  });

  it.each(SPEC_REVISIONS)('v%s: §5.4 lists exactly the A2A errors of the table, with their codes, gRPC and HTTP statuses', (revision) => {
    const rows = section54(revision);
    expect(rows.length).toBe(9);
    const ours = wireErrors('v1.0', revision)
      .filter((error) => error.reason !== undefined)
      .map(({ name, code }) => ({
        name,
        code,
        grpcStatus: grpcStatusOf(code, revision),
        httpStatus: errorStatus(code, revision)?.httpStatus,
      }));
    expect(ours).toEqual(rows);
  });

  it('each revision has one row per error of the v1.0 wire, with the reason of A2A_ERRORS', () => {
    for (const revision of SPEC_REVISIONS) {
      expect(ERROR_STATUS_TABLE[revision].map((row) => row.code).sort()).toEqual(
        wireErrors('v1.0')
          .map((e) => e.code)
          .sort(),
      );
      for (const error of wireErrors('v1.0'))
        expect(errorStatus(error.code, revision)?.reason, `${revision} ${error.code}`).toBe(error.reason);
    }
    expect(errorStatus(-32000, '1.0.1')).toBeUndefined();
  });

  it('v1.0.0 → v1.0.1 changed exactly the mappings the diff shows', () => {
    const changed = ERROR_STATUS_TABLE['1.0.1'].flatMap((row) => {
      const before = errorStatus(row.code, '1.0.0')!;
      return before.httpStatus !== row.httpStatus || before.grpcStatus !== row.grpcStatus
        ? [`${row.code}: ${before.httpStatus} ${before.grpcStatus} → ${row.httpStatus} ${row.grpcStatus}`]
        : [];
    });
    expect(changed).toEqual([
      '-32002: 409 FAILED_PRECONDITION → 400 FAILED_PRECONDITION',
      '-32003: 400 UNIMPLEMENTED → 400 FAILED_PRECONDITION',
      '-32004: 400 UNIMPLEMENTED → 400 FAILED_PRECONDITION',
      '-32005: 415 INVALID_ARGUMENT → 400 INVALID_ARGUMENT',
      '-32006: 502 INTERNAL → 500 INTERNAL',
      '-32009: 400 UNIMPLEMENTED → 400 FAILED_PRECONDITION',
    ]);
  });

  it('v1.0: each reason is the error name in UPPER_SNAKE_CASE without "Error", in the A2A domain', () => {
    expect(specification).toContain('`reason`: The A2A error type in UPPER_SNAKE_CASE without the "Error" suffix');
    for (const row of A2A_ERRORS) {
      const snake = row.wires['v1.0'].name
        .replace(/Error$/, '')
        .replace(/([a-z])([A-Z])/g, '$1_$2')
        .toUpperCase();
      expect(row.reason).toBe(snake);
    }
    expect(specification).toContain(`"domain": "${A2A_ERROR_DOMAIN}"`);
  });

  it('codes are unique on each wire, and the JSON-RPC 2.0 errors have the codes JSON-RPC 2.0 gives them', () => {
    for (const wire of WIRES) expect(new Set(wireErrors(wire).map((error) => error.code)).size).toBe(wireErrors(wire).length);
    expect(JSONRPC_ERRORS.map((error) => error.code)).toEqual([-32700, -32600, -32601, -32602, -32603]);
  });
});

describe("both wires' schemas are made from the table", () => {
  it.each(WIRES)('%s: each error type has the code and default message of the table', (wire) => {
    const definitions = VARIANT_OF_WIRE[wire].definitions as unknown as Record<string, Json>;
    for (const error of wireErrors(wire)) {
      const properties = definitions[error.name]?.properties as Record<string, Json> | undefined;
      expect(properties?.code?.const, error.name).toBe(error.code);
      expect(properties?.message?.default, error.name).toBe(error.message);
      expect(properties?.code?.description, error.name).toMatch(new RegExp(`: ${error.code}\\.$`));
    }
  });

  it.each(WIRES)('%s: A2AError lists the JSON-RPC errors, then the A2A errors, as the table orders them', (wire) => {
    const union = (VARIANT_OF_WIRE[wire].definitions as unknown as Record<string, Json>).A2AError!;
    const refs = (union.anyOf as Json[]).map((member) => member.$ref);
    expect(refs).toEqual(wireErrors(wire).map((error) => error.name));
  });

  it('the five JSON-RPC 2.0 error types are the same on both wires (one rewording of MethodNotFoundError aside)', () => {
    for (const { name } of JSONRPC_ERRORS) {
      const v03 = structuredClone(variants.a2a.definitions[name]) as Json;
      const v1 = structuredClone(variants['a2a-v1'].definitions[name]) as Json;
      if (name === 'MethodNotFoundError') {
        expect(v1.description).not.toBe(v03.description);
        delete v03.description;
        delete v1.description;
      }
      expect(v1, name).toEqual(v03);
    }
  });

  it('v1.0: each A2A error recommends its reason, and the generic JSONRPCError refuses exactly the A2A codes', () => {
    const definitions = variants['a2a-v1'].definitions as unknown as Record<string, Json>;
    for (const error of wireErrors('v1.0').filter((e) => e.reason !== undefined)) {
      const data = (definitions[error.name]!.properties as Record<string, Json>).data!;
      expect(data.description).toContain(`reason \`${error.reason}\` and domain \`${A2A_ERROR_DOMAIN}\``);
    }
    const code = (definitions.JSONRPCError!.properties as Record<string, Json>).code!;
    expect((code.not as Json).enum).toEqual(A2A_ERRORS.map((row) => row.code));
  });

  it('the REST bindings map each error to the status of the table (bindu adds its own errors to v0.3)', () => {
    expect(variants.a2a.rest?.errorStatus).toEqual(httpStatusByName('v0.3'));
    expect(variants['a2a-v1'].rest?.errorStatus).toEqual(httpStatusByName('v1.0', '1.0.1'));
    expect(variants['a2a-v1'].rest?.errorStatus.TaskNotCancelableError).toBe(400);
    expect(variants.aion.rest?.errorStatus).toEqual(httpStatusByName('v1.0'));
    expect(variants.bindu.rest?.errorStatus).toMatchObject(httpStatusByName('v0.3'));
  });
});

describe('validateMessage and the package root read the server error range of the table', () => {
  it('takes a code of the range from any method without a warning, and warns one step outside it', () => {
    expect(rootServerCodes).toBe(SERVER_ERROR_CODES);
    const answer = (code: number) => ({ jsonrpc: '2.0', id: 1, error: { code, message: 'busy' } });
    const warnings = (code: number) => validateMessage(answer(code), { variant: 'a2a', method: 'tasks/get' }).warnings.length;
    expect([SERVER_ERROR_CODES.min, SERVER_ERROR_CODES.max].map(warnings)).toEqual([0, 0]);
    expect([SERVER_ERROR_CODES.min - 1, SERVER_ERROR_CODES.max + 1].map(warnings)).toEqual([1, 1]);
  });
});

describe('check-server reads the table', () => {
  it('every code a step expects is the code the table gives that name', () => {
    for (const [key, expected] of Object.entries(CODES)) {
      expect(wireError('v1.0', expected.name as never).code, key).toBe(expected.code);
    }
    expect(adapterReasons).toBe(ERROR_REASONS);
  });

  it.each(A2A_ERRORS.map((row) => ({ ...row, name: row.wires['v1.0'].name })))(
    'an HTTP+JSON error naming reason $reason is read as $name ($code)',
    ({ reason, code }) => {
      const httpStatus = errorStatus(code, '1.0.1')!.httpStatus;
      const details = [{ '@type': ERROR_INFO_TYPE_URL, reason, domain: A2A_ERROR_DOMAIN }];
      const body = { error: { code: httpStatus, status: 'UNKNOWN', message: 'no', details } };
      expect(restError('v1.0', body)?.code).toBe(code);
    },
  );
});
