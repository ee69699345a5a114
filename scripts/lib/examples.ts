/**
 * Examples for the published documents, taken from the conformance suite: the valid cases of
 * `conformance/<variant>/`, their `from` + `patch` resolved by the suite's own lint
 * (src/library/conformance/lint.ts), by target (`type:Task`, `method:message/send:params`).
 *
 * - OpenRPC (scripts/emit-openrpc.ts): a method's params cases (or its request cases' `params`)
 *   paired with its result cases (or its success response cases' `result`).
 * - OpenAPI (scripts/emit-openapi.ts, `openapiExamples`): the bodies of each operation, from the
 *   cases of its JSON-RPC method or of the body's type, on v0.3 in the JSON mapping of the proto
 *   (./rest-json.ts); a body is an example only when the package's validator accepts it (strict).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { RestBinding, RestOperation, VariantSpec } from '../../schemas/variant.js';
import { fixtureSchemaValidator, lintVariant } from '../../src/library/conformance/lint.js';
import { readVariantFiles } from '../../src/library/conformance/load-fixtures.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { toRestJson } from './rest-json.js';
import { isObject } from '../../src/engine/json-value.js';

/** A valid conformance case, ready to show. */
export interface ExampleCase {
  /** `<variant>/<file stem>#<id>`, e.g. `a2a/message-send#params-message-only`. */
  readonly fullId: string;
  readonly id: string;
  readonly description: string;
  readonly value: unknown;
}

type Json = Record<string, unknown>;

/** The valid cases of the suite, read once per variant. */
export class ConformanceCases {
  private readonly byVariant = new Map<string, Map<string, ExampleCase[]>>();
  private validator: ValidateFunction | undefined;

  constructor(private readonly root: string) {}

  /** The valid cases of one target (`type:Task`, `method:tasks/get:result`), in file order. */
  of(variant: string, key: string): readonly ExampleCase[] {
    return this.load(variant).get(key) ?? [];
  }

  /** A method's params: its params cases, then the `params` of its request cases. */
  params(variant: string, method: string): ExampleCase[] {
    const fromRequests = this.of(variant, `method:${method}:request`)
      .filter((c) => isObject(c.value) && isObject(c.value.params))
      .map((c) => ({ ...c, value: (c.value as Json).params }));
    return [...this.of(variant, `method:${method}:params`), ...fromRequests];
  }

  /** A method's results: its result cases, then the `result` of its success response cases. */
  results(variant: string, method: string): ExampleCase[] {
    const fromResponses = this.of(variant, `method:${method}:response`)
      .filter((c) => isObject(c.value) && 'result' in c.value)
      .map((c) => ({ ...c, value: (c.value as Json).result }));
    return [...this.of(variant, `method:${method}:result`), ...fromResponses];
  }

  /** A valid case by its full id (`a2a/Task#submitted-minimal`), or undefined. */
  find(fullId: string): ExampleCase | undefined {
    const variant = fullId.slice(0, fullId.indexOf('/'));
    for (const list of this.load(variant).values()) for (const c of list) if (c.fullId === fullId) return c;
    return undefined;
  }

  private load(variant: string): Map<string, ExampleCase[]> {
    const known = this.byVariant.get(variant);
    if (known) return known;
    const out = new Map<string, ExampleCase[]>();
    const dir = join(this.root, 'conformance');
    if (existsSync(join(dir, variant))) {
      this.validator ??= fixtureSchemaValidator(this.root);
      for (const c of lintVariant(readVariantFiles(dir, variant), undefined, this.validator).cases) {
        if (!c.valid) continue;
        const key = 'type' in c.target ? `type:${c.target.type}` : `method:${c.target.method}:${c.target.part}`;
        out.set(key, [...(out.get(key) ?? []), { fullId: c.fullId, id: c.id, description: c.description, value: c.data }]);
      }
    }
    this.byVariant.set(variant, out);
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// OpenAPI
// ---------------------------------------------------------------------------------------------

/** An example body: the case it comes from and the value (converted to the binding's JSON where needed). */
export interface BodyExample {
  readonly from: ExampleCase;
  readonly value: unknown;
}

/** Where the OpenAPI emitter gets its examples. */
export interface OpenapiExamples {
  /** Examples of the request body. */
  request(variant: VariantSpec, op: RestOperation): BodyExample[];
  /** Examples of the success body; for a streaming operation, events (the `data` of each). */
  response(variant: VariantSpec, op: RestOperation): BodyExample[];
  /** Examples of the error body answered with `status` for the errors `names`. */
  error(
    variant: VariantSpec,
    op: RestOperation,
    status: number,
    names: readonly string[],
    codes: ReadonlyMap<string, number>,
  ): BodyExample[];
  /** A value for each path and query parameter a params case gives. */
  parameters(variant: VariantSpec, op: RestOperation): Record<string, unknown>;
}

/** Does the package's validator accept `value` as `type` of the schema set `set` (strict)? */
export type BodyCheck = (set: string, type: string, value: unknown) => boolean;

/** How many examples a body gets at most. */
export const MAX_EXAMPLES = 3;

/** On the v0.3 binding the bodies are the proto's JSON mapping, the cases the JSON-RPC wire's. */
const isV03 = (binding: RestBinding) => binding.schemas === 'a2a-rest';

/** `TaskNotFoundError` → `TASK_NOT_FOUND` (the ErrorInfo `reason` of v1.0 §5.4). */
const reasonOf = (name: string) =>
  name
    .replace(/Error$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toUpperCase();

export function openapiExamples(cases: ConformanceCases, check: BodyCheck): OpenapiExamples {
  /** The variants whose cases fit the binding's bodies: v1.0 the set's own first (aion's bodies are a2a-v1's), v0.3 the variant's. */
  const sources = (variant: VariantSpec): string[] => {
    const binding = variant.rest!;
    return isV03(binding) || binding.schemas === variant.name ? [variant.name] : [binding.schemas, variant.name];
  };
  const pick = (
    binding: RestBinding,
    type: string,
    candidates: readonly ExampleCase[],
    array = false,
    max = MAX_EXAMPLES,
  ): BodyExample[] => {
    const out: BodyExample[] = [];
    const seen = new Set<string>();
    for (const c of candidates) {
      if (out.length >= max) break;
      const one = isV03(binding) ? toRestJson(type, c.value) : c.value;
      if (one === undefined) continue;
      const value = array ? [one] : one;
      const text = JSON.stringify(value);
      if (seen.has(text) || !(array ? [one] : [value]).every((item) => check(binding.schemas, type, item))) continue;
      seen.add(text);
      out.push({ from: c, value });
    }
    return out;
  };
  const typeCases = (variant: VariantSpec, type: string) => sources(variant).flatMap((name) => cases.of(name, `type:${type}`));
  const paramsCases = (variant: VariantSpec, op: RestOperation) =>
    op.method ? sources(variant).flatMap((name) => cases.params(name, op.method!)) : [];

  return {
    request(variant, op) {
      if (!op.requestBody) return [];
      const binding = variant.rest!;
      // v1.0: the body is the method's params type; v0.3: the params in the proto's JSON.
      const fromType = isV03(binding) ? [] : typeCases(variant, op.requestBody.type);
      return pick(binding, op.requestBody.type, [...paramsCases(variant, op), ...fromType]);
    },
    response(variant, op) {
      const { type, array } = op.response;
      if (!type) return [];
      const binding = variant.rest!;
      const results = op.method ? sources(variant).flatMap((name) => cases.results(name, op.method!)) : [];
      // A list without a JSON-RPC method (v0.3 ListTask): the cases of the item's type.
      const fromType = isV03(binding) ? sources(variant).flatMap((name) => cases.of(name, `type:${type}`)) : typeCases(variant, type);
      // A stream's example is a few events in a row.
      return pick(binding, type, [...results, ...fromType], array === true, op.response.streaming ? 5 : MAX_EXAMPLES);
    },
    error(variant, op, status, names, codes) {
      const binding = variant.rest!;
      if (binding.errorBody === 'HTTPErrorResponse') {
        const reasons = new Set(names.map(reasonOf));
        const fitting = typeCases(variant, 'HTTPErrorResponse').filter((c) => {
          const error = isObject(c.value) && isObject(c.value.error) ? c.value.error : undefined;
          const details = Array.isArray(error?.details) ? (error.details as unknown[]) : [];
          return error?.code === status && details.some((d) => isObject(d) && reasons.has(String(d.reason)));
        });
        return fitting
          .slice(0, 1)
          .filter((c) => check(variant.name, 'HTTPErrorResponse', c.value))
          .map((c) => ({ from: c, value: c.value }));
      }
      // v0.3: the `error` object of the method's error cases whose code is one of these errors.
      const byCode = new Map(names.filter((name) => codes.has(name)).map((name) => [codes.get(name)!, name]));
      const out: BodyExample[] = [];
      for (const c of op.method ? cases.of(variant.name, `method:${op.method}:error`) : []) {
        const error = isObject(c.value) && isObject(c.value.error) ? c.value.error : undefined;
        const name = typeof error?.code === 'number' ? byCode.get(error.code) : undefined;
        if (!error || !name || !check(variant.name, name, error)) continue;
        out.push({ from: c, value: error });
        break;
      }
      return out;
    },
    parameters(variant, op) {
      const names = op.pathParameters.map((p) => p.name).filter((name) => name !== 'tenant');
      const lookup = (params: Json, name: string): unknown => {
        if (!isV03(variant.rest!)) return params[name];
        if (name === 'id') return params.id ?? params.taskId;
        if (name === 'configId') return params.pushNotificationConfigId;
        return params[name];
      };
      for (const c of paramsCases(variant, op)) {
        if (!isObject(c.value)) continue;
        const params = c.value;
        if (!names.every((name) => typeof lookup(params, name) === 'string')) continue;
        const out: Record<string, unknown> = {};
        for (const name of names) out[name] = lookup(params, name);
        for (const [key, value] of Object.entries(params)) {
          if (out[key] !== undefined || names.includes(key)) continue;
          if (['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
        }
        return out;
      }
      return {};
    },
  };
}
