/**
 * Emits an OpenAPI 3.1 document per variant that has an HTTP+JSON binding
 * (`generated/openapi/<variant>.json`), from the variant's REST table (`rest` of its
 * VariantSpec: schemas/a2a/rest.ts, schemas/a2a-v1/rest.ts) and the same definitions as the
 * JSON Schema and OpenRPC outputs:
 *
 * - one path item per path template, one operation per row (operationId from the table);
 * - path parameters from the table; query parameters listed in the table, or, for `{from: Type}`,
 *   every non-path, non-deprecated property of that request type (the proto's rule for GET and
 *   DELETE: fields not bound by the path travel in the query, under their JSON names, §11.5);
 * - request and response bodies by `$ref` to the absolute `$id` of the published type file
 *   (`https://getbindu.com/protocol/json-schema/<set>/<Type>.json`, served at the same relative
 *   path as `generated/json-schema/<set>/<Type>.json`);
 * - streaming answers as `text/event-stream`, each event's `data` described by `itemSchema`
 *   (OpenAPI 3.2's field, carried as the extension `x-sse-data` here: 3.1 has none) and `x-streaming`;
 * - the error answers: one response per HTTP status the operation's errors map to, the body the
 *   binding's error type, the errors listed in `x-a2a-errors`;
 * - `x-a2a-source` (proto, specification, or both) and `x-a2a-method` (the JSON-RPC method that
 *   does the same) on every operation.
 */
import type { RestBinding, RestOperation, RestParameter, VariantSpec } from '../schemas/variant.js';
import { errorCatalogue } from './lib/catalogue.js';
import { rewriteRefs, stableJson, typeId, type JsonSchema } from './lib/json-schema.js';

/** Where a variant's OpenAPI document is written. */
export const openapiPath = (variant: string) => `generated/openapi/${variant}.json`;

const ref = (set: string, name: string): JsonSchema => ({ $ref: typeId(set, name) });

function parameter(where: 'path' | 'query', p: RestParameter, required: boolean): JsonSchema {
  return { name: p.name, in: where, required, description: p.description, schema: p.schema };
}

function queryParameters(binding: RestBinding, op: RestOperation, sets: Map<string, Map<string, JsonSchema>>): JsonSchema[] {
  if (!op.query) return [];
  if (Array.isArray(op.query)) return (op.query as readonly RestParameter[]).map((p) => parameter('query', p, false));
  const from = (op.query as { from: string }).from;
  const definitions = sets.get(binding.schemas);
  const schema = definitions?.get(from);
  if (!schema) throw new Error(`REST operation ${op.operationId}: query type ${from} is not in ${binding.schemas}`);
  const bound = new Set(['tenant', ...op.pathParameters.map((p) => p.name)]);
  const out: JsonSchema[] = [];
  for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
    if (bound.has(name) || property.deprecated === true) continue;
    const { description, ...rest } = property;
    out.push({
      name,
      in: 'query',
      required: false,
      description: typeof description === 'string' ? description : `${from}.${name}`,
      schema: rewriteRefs(rest, (target) => typeId(binding.schemas, target)),
    });
  }
  return out;
}

/** The JSON-RPC method's declared errors, or the row's own list. */
function errorsOf(variant: VariantSpec, op: RestOperation): readonly string[] {
  if (op.errors) return op.errors;
  const method = variant.methods.find((m) => m.method === op.method);
  if (!method) throw new Error(`REST operation ${op.operationId} names JSON-RPC method ${op.method}, which ${variant.name} does not have`);
  return method.errors;
}

function body(set: string, type: string, array?: boolean): JsonSchema {
  return array ? { type: 'array', items: ref(set, type) } : ref(set, type);
}

function successResponses(binding: RestBinding, op: RestOperation): JsonSchema {
  const out: JsonSchema = {};
  const { status, type, array, streaming } = op.response;
  const content = (): JsonSchema | undefined => {
    if (!type) return undefined;
    if (streaming) {
      const data = ref(binding.schemas, type);
      return {
        'text/event-stream': {
          schema: { type: 'string', description: `A Server-Sent Events stream; the \`data\` of each event is one ${type} (JSON).` },
          'x-sse-data': data,
        },
      };
    }
    return { 'application/json': { schema: body(binding.schemas, type, array) } };
  };
  const main = content();
  out[String(status)] = {
    description: type ? (streaming ? `A stream of ${type} events.` : `The ${array ? `list of ${type}` : type}.`) : 'Done; no body.',
    ...(main ? { content: main } : {}),
  };
  for (const also of op.alsoStatus ?? []) {
    const alsoContent = also.noBody ? undefined : (main ?? { 'application/json': { schema: { type: 'object', maxProperties: 0, description: 'google.protobuf.Empty: `{}`.' } } });
    out[String(also.status)] = { description: `Also accepted: ${also.why}.`, ...(alsoContent ? { content: alsoContent } : {}) };
  }
  return out;
}

function errorResponses(variant: VariantSpec, binding: RestBinding, op: RestOperation, codes: Map<string, number>): JsonSchema {
  const byStatus = new Map<number, string[]>();
  for (const name of errorsOf(variant, op)) {
    const status = binding.errorStatus[name];
    if (status === undefined) throw new Error(`REST binding of ${variant.name}: no HTTP status for error ${name}`);
    byStatus.set(status, [...(byStatus.get(status) ?? []), name]);
  }
  const out: JsonSchema = {};
  for (const [status, names] of [...byStatus].sort(([a], [b]) => a - b)) {
    out[String(status)] = {
      description: `An error: ${names.join(', ')}.`,
      content: { 'application/json': { schema: errorSchema(variant, binding, names, codes) } },
      'x-a2a-errors': names.map((name) => ({ error: name, ...(codes.has(name) ? { code: codes.get(name) } : {}) })),
    };
  }
  return out;
}

/**
 * The body of an error answer: the binding's error type, narrowed, where the variant defines a
 * type per error (v0.3: `TaskNotFoundError` is the JSON-RPC error object with `code` -32001), to
 * the errors that share the status.
 */
function errorSchema(variant: VariantSpec, binding: RestBinding, names: readonly string[], codes: Map<string, number>): JsonSchema {
  if (binding.errorBody !== 'JSONRPCError' || !names.every((name) => codes.has(name))) return ref(variant.name, binding.errorBody);
  return names.length === 1 ? ref(variant.name, names[0]!) : { anyOf: names.map((name) => ref(variant.name, name)) };
}

export function openapiDocument(variant: VariantSpec, sets: Map<string, Map<string, JsonSchema>>): JsonSchema {
  const binding = variant.rest!;
  const definitions = sets.get(variant.name)!;
  const codes = new Map(errorCatalogue(definitions).map((entry) => [entry.name, entry.code]));
  const paths: Record<string, JsonSchema> = {};
  const ids = new Set<string>();
  for (const op of binding.operations) {
    if (ids.has(op.operationId)) throw new Error(`REST binding of ${variant.name}: operationId ${op.operationId} twice`);
    ids.add(op.operationId);
    const templated = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    const declared = op.pathParameters.map((p) => p.name);
    if (templated.join(',') !== declared.join(',')) {
      throw new Error(`REST operation ${op.operationId}: path ${op.path} names {${templated.join(', ')}}, the table {${declared.join(', ')}}`);
    }
    for (const type of [op.requestBody?.type, op.response.type]) {
      if (type && !sets.get(binding.schemas)?.has(type)) throw new Error(`REST operation ${op.operationId}: ${type} is not in ${binding.schemas}`);
    }
    const item = (paths[op.path] ??= {});
    if (item[op.verb]) throw new Error(`REST binding of ${variant.name}: ${op.verb.toUpperCase()} ${op.path} twice`);
    const operation: JsonSchema = {
      operationId: op.operationId,
      summary: op.summary,
      tags: [op.rpc],
      parameters: [...op.pathParameters.map((p) => parameter('path', p, true)), ...queryParameters(binding, op, sets)],
      ...(op.requestBody
        ? {
            requestBody: {
              required: op.requestBody.required,
              content: { 'application/json': { schema: ref(binding.schemas, op.requestBody.type) } },
            },
          }
        : {}),
      responses: { ...successResponses(binding, op), ...errorResponses(variant, binding, op, codes) },
      'x-a2a-source': op.source,
      ...(op.method ? { 'x-a2a-method': op.method } : {}),
      ...(op.response.streaming ? { 'x-streaming': true } : {}),
    };
    if ((operation.parameters as unknown[]).length === 0) delete operation.parameters;
    item[op.verb] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${variant.title}: HTTP+JSON binding`,
      version: variant.version,
      description: `The HTTP+JSON (REST) binding of ${variant.title}. Bodies: the published JSON Schema set \`${binding.schemas}\`. Errors: ${binding.errorRule}`,
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '{base}', description: 'The URL of the agent\'s HTTP+JSON interface, from its agent card.', variables: { base: { default: 'http://127.0.0.1:8080' } } }],
    paths,
  };
}

/** One document per variant with a REST binding. `sets`: definitions by set name (variants and schema sets). */
export function emitOpenapi(variant: VariantSpec, sets: Map<string, Map<string, JsonSchema>>): Map<string, string> {
  if (!variant.rest) return new Map();
  return new Map([[openapiPath(variant.name), stableJson(openapiDocument(variant, sets))]]);
}
