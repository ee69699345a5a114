/**
 * Checks a body of the HTTP+JSON (REST) binding against an operation of the variant's OpenAPI
 * document (generated/openapi/<variant>.json, from scripts/emit-openapi.ts): `request` is the
 * request body, `response` the success body (for a stream, one Server-Sent Event's data; for a
 * list, every item), `error` an error body (SPEC-NOTES R-5; a code or status the operation does not
 * declare is a warning).
 *
 * Each body names, by a local `$ref`, a component whose `x-json-schema-id` is a published type's
 * `$id`; that set's precompiled validators check it (src/engine/load-validators.ts), so nothing is compiled here.
 */
import { nearest, type ValidationIssue } from '../engine/issues.js';
import { check, DEFAULT_LIMITS, result, typeValidator, type Limits, type ValidationResult } from './validate.js';
import { loadVariant, openapiDocument as generatedOpenapi } from '../engine/load-validators.js';

/** Base of every published `$id` (scripts/lib/json-schema.ts ID_BASE). */
const ID_BASE = 'https://getbindu.com/protocol/json-schema/';

export type OperationPart = 'request' | 'response' | 'error';
export const OPERATION_PARTS: readonly OperationPart[] = ['request', 'response', 'error'];

/** A usage problem: unknown variant document, operation or part (the CLI exits 2). */
export class OperationError extends Error {}

type Json = Record<string, unknown>;

interface Target {
  readonly set: string;
  readonly type: string;
  readonly array: boolean;
}

interface ErrorEntry {
  readonly status: number;
  readonly target: Target;
  readonly code?: number;
}

export interface RestOperationInfo {
  readonly operationId: string;
  /** The JSON-RPC method the operation carries (`x-a2a-method`), when it has one. */
  readonly method?: string;
  readonly verb: string;
  readonly path: string;
  readonly streaming: boolean;
  readonly request?: Target;
  readonly response?: Target;
  readonly errors: readonly ErrorEntry[];
  /** The generic error body of the binding (JSONRPCError or HTTPErrorResponse). */
  readonly errorBody?: Target;
  /** The HTTP status each declared error code is answered with (`x-a2a-errors` of each error answer). */
  readonly statusOfCode: ReadonlyMap<number, number>;
}

const documents = new Map<string, Json | null>();

/** The variant's OpenAPI document, or null when it has no HTTP+JSON binding. */
function openapiDocument(variant: string): Json | null {
  if (documents.has(variant)) return documents.get(variant)!;
  const document = (generatedOpenapi(variant) as Json | undefined) ?? null;
  documents.set(variant, document);
  return document;
}

function target(schema: unknown, document: Json): Target | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const node = schema as Json;
  if (node.type === 'array') {
    const item = target(node.items, document);
    return item ? { ...item, array: true } : undefined;
  }
  let ref = node.$ref;
  // A local reference: the component says which published type it is.
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
    const schemas = (document.components as Json | undefined)?.schemas as Record<string, Json> | undefined;
    ref = schemas?.[ref.slice('#/components/schemas/'.length)]?.['x-json-schema-id'];
  }
  if (typeof ref !== 'string' || !ref.startsWith(ID_BASE) || !ref.endsWith('.json')) return undefined;
  const [set, type] = ref.slice(ID_BASE.length, -'.json'.length).split('/');
  return set && type ? { set, type, array: false } : undefined;
}

/** Every operation of the variant's REST binding, by operationId. */
export function restOperations(variant: string): Map<string, RestOperationInfo> {
  const document = openapiDocument(variant);
  if (!document) throw new OperationError(`variant "${variant}" has no HTTP+JSON binding (no generated/openapi/${variant}.json)`);
  const out = new Map<string, RestOperationInfo>();
  for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
    for (const [verb, op] of Object.entries(item as Record<string, Json>)) {
      const responses = op.responses as Record<string, Json>;
      let response: Target | undefined;
      let streaming = false;
      const errors: ErrorEntry[] = [];
      const statusOfCode = new Map<number, number>();
      let errorBody: Target | undefined;
      for (const [status, answer] of Object.entries(responses)) {
        const content = answer.content as Record<string, Json> | undefined;
        if (status.startsWith('2')) {
          if (response || !content) continue;
          if (content['text/event-stream']) {
            streaming = true;
            response = target(content['text/event-stream']['x-sse-data'], document);
          } else response = target(content['application/json']?.schema, document);
          continue;
        }
        const schema = content?.['application/json']?.schema as Json | undefined;
        const listed = (answer['x-a2a-errors'] as { error: string; code?: number }[] | undefined) ?? [];
        for (const entry of listed) if (entry.code !== undefined) statusOfCode.set(entry.code, Number(status));
        const members = Array.isArray(schema?.anyOf) ? (schema.anyOf as unknown[]) : [schema];
        for (const member of members) {
          const found = target(member, document);
          if (!found) continue;
          const entry = listed.find((e) => e.error === found.type);
          errors.push({ status: Number(status), target: found, ...(entry?.code !== undefined ? { code: entry.code } : {}) });
          if (!entry) errorBody ??= found;
        }
      }
      const requestSchema = ((op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined)?.['application/json']
        ?.schema;
      const request = target(requestSchema, document);
      out.set(op.operationId as string, {
        operationId: op.operationId as string,
        ...(typeof op['x-a2a-method'] === 'string' ? { method: op['x-a2a-method'] } : {}),
        verb: verb.toUpperCase(),
        path,
        streaming,
        ...(request ? { request } : {}),
        ...(response ? { response } : {}),
        errors,
        ...(errorBody ? { errorBody } : {}),
        statusOfCode,
      });
    }
  }
  return out;
}

/**
 * The operation that carries a JSON-RPC method on the REST binding: the first the document lists
 * for it (the proto's binding, before its `/{tenant}` and by-POST forms), or undefined when the
 * method has no REST form (Bindu's and aion's own methods).
 */
export function operationForMethod(variant: string, method: string): RestOperationInfo | undefined {
  for (const op of restOperations(variant).values()) if (op.method === method) return op;
  return undefined;
}

/** The HTTP status an operation's declared error code is answered with (the binding's mapping), or undefined. */
export function errorStatus(op: RestOperationInfo, code: number): number | undefined {
  return op.statusOfCode.get(code);
}

/** One operation; an unknown id is an OperationError naming the nearest ids. */
export function restOperation(variant: string, operationId: string): RestOperationInfo {
  const operations = restOperations(variant);
  const found = operations.get(operationId);
  if (found) return found;
  const near = nearest(operationId, operations.keys(), 3);
  throw new OperationError(
    `unknown operation "${operationId}" in the ${variant} HTTP+JSON binding${near.length > 0 ? ` (did you mean ${near.join(', ')}?)` : ''}; operations: ${[...operations.keys()].join(', ')}`,
  );
}

function checkTarget(t: Target, value: unknown, strict: boolean, limits: Limits = DEFAULT_LIMITS): ValidationResult {
  const loaded = loadVariant(t.set);
  const validator = typeValidator(loaded, t.type);
  if (!t.array) return check(loaded, t.type, validator, value, strict, limits);
  if (!Array.isArray(value)) {
    return result(
      false,
      [
        {
          path: '',
          keyword: 'type',
          message: `must be an array of ${t.type}`,
          hint: 'this operation answers a JSON array',
          params: { type: 'array' },
        },
      ],
      [],
    );
  }
  const errors: ValidationIssue[] = [];
  const warnings: ValidationIssue[] = [];
  let omitted = 0;
  let valid = true;
  value.forEach((item, index) => {
    const verdict = check(loaded, t.type, validator, item, strict, limits);
    valid &&= verdict.valid;
    omitted += verdict.omitted ?? 0;
    for (const e of verdict.errors) {
      if (errors.length < limits.maxErrors) errors.push({ ...e, path: `/${index}${e.path}` });
      else omitted++;
    }
    for (const w of verdict.warnings) warnings.push({ ...w, path: `/${index}${w.path}` });
  });
  return result(valid, errors, warnings, omitted);
}

/** Checks one body of the operation. Throws OperationError when the part has no body. */
export function validateOperationBody(
  variant: string,
  operationId: string,
  part: OperationPart,
  value: unknown,
  strict = false,
  limits: Limits = DEFAULT_LIMITS,
): ValidationResult {
  const op = restOperation(variant, operationId);
  if (part === 'request') {
    if (!op.request)
      throw new OperationError(
        `operation ${operationId} (${op.verb} ${op.path}) has no request body: its parameters are in the path and query string`,
      );
    return checkTarget(op.request, value, strict, limits);
  }
  if (part === 'response') {
    if (!op.response) throw new OperationError(`operation ${operationId} (${op.verb} ${op.path}) answers with no body`);
    return checkTarget(op.response, value, strict, limits);
  }
  const code = typeof value === 'object' && value !== null ? (value as { code?: unknown }).code : undefined;
  const named = op.errors.find((e) => e.code !== undefined && e.code === code);
  if (named) return checkTarget(named.target, value, strict, limits);
  // v1.0: the binding's one error type; v0.3: the variant's generic JSON-RPC error object.
  const first = op.errors[0]?.target;
  const generic = op.errorBody ?? (first ? { set: first.set, type: 'JSONRPCError', array: false } : undefined);
  if (!generic) throw new OperationError(`operation ${operationId} declares no error answer`);
  const verdict = checkTarget(generic, value, strict, limits);
  const warnings = [...verdict.warnings];
  if (op.errorBody === undefined) {
    // v0.3: one type per error; the code is none of the operation's.
    const codes = op.errors.map((e) => e.code).filter((c) => c !== undefined);
    warnings.push({
      path: '/code',
      keyword: 'code',
      message: `code ${JSON.stringify(code)} is not an error ${operationId} declares (${codes.join(', ')})`,
      params: { allowedValues: codes },
    });
    return result(verdict.valid, verdict.errors, warnings);
  }
  const status = (value as { error?: { code?: unknown } } | null)?.error?.code;
  const statuses = [...new Set(op.errors.map((e) => e.status))];
  if (typeof status === 'number' && !statuses.includes(status)) {
    warnings.push({
      path: '/error/code',
      keyword: 'code',
      message: `status ${status} is not one ${operationId}'s errors map to (${statuses.join(', ')})`,
      params: { allowedValues: statuses },
    });
  }
  return result(verdict.valid, verdict.errors, warnings);
}

/** A REST line the proxy records (src/commands/proxy/rest-exchange.ts): `{"operation": ID, "part": …, "status": N, "body": …}`. */
export interface RestRecord {
  readonly operation: string;
  readonly part: OperationPart;
  readonly status?: unknown;
  readonly body: unknown;
}

/** True for a REST record line. No JSON-RPC payload has `operation`, `part` and `body` without `jsonrpc` and `method`. */
export function isRestRecord(value: unknown): value is RestRecord {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.operation === 'string' &&
    typeof record.part === 'string' &&
    'body' in record &&
    !('jsonrpc' in record) &&
    !('method' in record)
  );
}

/** A REST record checked against its operation; the issues' paths are under `/body`. */
export function restRecordVerdict(variant: string, record: RestRecord, strict: boolean, limits: Limits = DEFAULT_LIMITS): ValidationResult {
  const invalid = (path: string, keyword: string, message: string, hint: string): ValidationResult =>
    result(false, [{ path, keyword, message, hint, params: {} }], []);
  if (!(OPERATION_PARTS as readonly string[]).includes(record.part))
    return invalid(
      '/part',
      'enum',
      `is "${record.part}", not one of ${OPERATION_PARTS.join(', ')}`,
      'a REST record line names which body it holds',
    );
  let verdict: ValidationResult;
  try {
    verdict = validateOperationBody(variant, record.operation, record.part, record.body, strict, limits);
  } catch (error) {
    if (!(error instanceof OperationError)) throw error;
    return invalid('/operation', 'operation', error.message, `the operations are those of generated/openapi/${variant}.json`);
  }
  const under = <T extends { path: string }>(items: readonly T[]) => items.map((item) => ({ ...item, path: `/body${item.path}` }));
  return { ...verdict, errors: under(verdict.errors), warnings: under(verdict.warnings) };
}
