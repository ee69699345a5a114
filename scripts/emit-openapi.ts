/**
 * Emits an OpenAPI 3.1 document per variant that has an HTTP+JSON binding
 * (`generated/openapi/<variant>.json`), from the variant's REST table (`rest` of its
 * VariantSpec: schemas/a2a/rest.ts, schemas/a2a-v1/rest.ts) and the same definitions as the
 * JSON Schema and OpenRPC outputs. The document is self-contained (no remote reference; OpenAPI's
 * default JSON Schema dialect, which every tool reads):
 *
 * - one path item per path template, one operation per row (operationId from the table);
 * - path parameters from the table; query parameters listed in the table, or, for `{from: Type}`,
 *   every non-path, non-deprecated property of that request type (the proto's rule for GET and
 *   DELETE: fields not bound by the path travel in the query, under their JSON names, §11.5);
 * - bodies by local `$ref` to `components.schemas`, which holds every definition the operations
 *   reach, each marked `x-json-schema-id` with the `$id` of the published type file that has the
 *   same definition (`https://getbindu.com/protocol/json-schema/<set>/<Type>.json`);
 * - streaming answers as `text/event-stream`, each event's `data` described by `itemSchema`
 *   (OpenAPI 3.2's field, carried as the extension `x-sse-data` here: 3.1 has none) and `x-streaming`;
 * - the error answers: one response per HTTP status the operation's errors map to, the body the
 *   binding's error type, the errors listed in `x-a2a-errors`;
 * - examples of the bodies and parameters from the conformance cases (scripts/lib/examples.ts);
 * - `x-a2a-source` (proto, specification, or both) and `x-a2a-method` (the JSON-RPC method that
 *   does the same) on every operation.
 */
import type { RestBinding, RestOperation, RestParameter, VariantSpec } from '../schemas/variant.js';
import { errorCatalogue } from './lib/catalogue.js';
import type { BodyExample, OpenapiExamples } from './lib/examples.js';
import { directRefs, rewriteRefs, stableJson, typeId, type JsonSchema } from './lib/json-schema.js';
import { A2A_ERROR_DOMAIN, BAD_REQUEST_TYPE_URL, ERROR_INFO_TYPE_URL, errorStatus, wireErrors } from '../schemas/error-table.js';
import { isSpecRevision, revisionRules, type SpecRevision } from '../schemas/spec-revisions.js';
import { WIRE_OF_VARIANT, specRevisionOf } from '../schemas/variant-table.js';

/** The revision a v1.0 variant's document follows (undefined on the v0.3 wire). */
function revisionOfVariant(variant: VariantSpec): SpecRevision | undefined {
  const revision = specRevisionOf(variant.name);
  return WIRE_OF_VARIANT[variant.name] === 'v1.0' && isSpecRevision(revision) ? revision : undefined;
}

/** The media types of bodies: the revision's on v1.0 (v1.0.1 §11.1: `application/a2a+json` first), else `application/json`. */
function mediaTypesOf(variant: VariantSpec): readonly string[] {
  const revision = revisionOfVariant(variant);
  return revision !== undefined ? revisionRules(revision).restMediaTypes : ['application/json'];
}

/** The same media type object under each of the variant's media types. */
function jsonContent(variant: VariantSpec, media: JsonSchema): JsonSchema {
  return Object.fromEntries(mediaTypesOf(variant).map((type) => [type, media]));
}

/** The `A2A-Version` header (§3.6), on every operation of a v1.0 document. */
const A2A_VERSION_HEADER: JsonSchema = {
  name: 'A2A-Version',
  in: 'header',
  required: true,
  description:
    'The A2A protocol version of the request (A2A v1.0 §3.6, sent as a header by §11.2); an empty or missing value is read as 0.3, which an agent serving only v1.0 answers with VersionNotSupportedError.',
  schema: { type: 'string' },
  example: '1.0',
};

/**
 * An example body for each error of a status, made from the error table (schemas/error-table.ts) under the
 * revision: the HTTP status, the gRPC status name, the default message and, for an A2A error, its ErrorInfo
 * (§11.6); InvalidParams carries a BadRequest detail.
 */
function tableErrorExamples(revision: SpecRevision, status: number, names: readonly string[]): JsonSchema {
  const out: JsonSchema = {};
  for (const error of wireErrors('v1.0', revision).filter((e) => names.includes(e.name))) {
    const row = errorStatus(error.code, revision)!;
    const details = row.reason
      ? [{ '@type': ERROR_INFO_TYPE_URL, reason: row.reason, domain: A2A_ERROR_DOMAIN }]
      : error.name === 'InvalidParamsError'
        ? [{ '@type': BAD_REQUEST_TYPE_URL, fieldViolations: [{ field: 'message.parts', description: 'At least one part is required' }] }]
        : undefined;
    out[`table.${error.name}`] = {
      summary: `${error.name} (${error.code})`,
      description: `Made from the error table: A2A v${revision} §${revisionRules(revision).sections.errorMappings} maps it to HTTP ${row.httpStatus} and ${row.grpcStatus}.`,
      value: { error: { code: status, status: row.grpcStatus, message: error.message, ...(details ? { details } : {}) } },
    };
  }
  return out;
}

/**
 * One task's stream, in order (a coherent example of a v1.0 streaming answer): the Task, then it is working,
 * an artifact arrives, and it completes (the last event closes the stream, §3.1.2).
 */
export function v1StreamExample(): readonly JsonSchema[] {
  const taskId = '43667960-d455-4453-b0cf-1bae4955270d';
  const contextId = 'c295ea44-7543-4f78-b524-7a38915ad6e4';
  const at = (second: number) => `2026-05-28T10:00:0${second}Z`;
  return [
    { task: { id: taskId, contextId, status: { state: 'TASK_STATE_SUBMITTED', timestamp: at(0) } } },
    { statusUpdate: { taskId, contextId, status: { state: 'TASK_STATE_WORKING', timestamp: at(1) } } },
    {
      artifactUpdate: {
        taskId,
        contextId,
        artifact: {
          artifactId: 'a3c1e0f2-5b7d-4e9a-8c6f-1d2e3f4a5b6c',
          name: 'answer',
          parts: [{ text: 'A table for two at 8pm is booked.' }],
        },
        lastChunk: true,
      },
    },
    { statusUpdate: { taskId, contextId, status: { state: 'TASK_STATE_COMPLETED', timestamp: at(3) } } },
  ];
}

/** Where a variant's OpenAPI document is written. */
export const openapiPath = (variant: string) => `generated/openapi/${variant}.json`;

/** Where the document's schemas live. */
export const COMPONENTS = '#/components/schemas/';

/**
 * While the operations are written, a body names its definition `<set>\u0000<Type>`; once every
 * operation is written, the definitions they reach become components and these become local refs.
 */
const SEP = '\u0000';
const ref = (set: string, name: string): JsonSchema => ({ $ref: `${set}${SEP}${name}` });

function parameter(where: 'path' | 'query', p: RestParameter, required: boolean, example: unknown): JsonSchema {
  return { name: p.name, in: where, required, description: p.description, schema: p.schema, ...(example !== undefined ? { example } : {}) };
}

function queryParameters(
  binding: RestBinding,
  op: RestOperation,
  sets: Map<string, Map<string, JsonSchema>>,
  examples: Record<string, unknown>,
): JsonSchema[] {
  if (!op.query) return [];
  if (Array.isArray(op.query)) return (op.query as readonly RestParameter[]).map((p) => parameter('query', p, false, examples[p.name]));
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
      schema: rewriteRefs(rest, (target) => `${binding.schemas}${SEP}${target}`),
      ...(examples[name] !== undefined ? { example: examples[name] } : {}),
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

/** OpenAPI `examples` of a media type: one Example Object per conformance case. */
function examplesOf(found: readonly BodyExample[], value: (example: BodyExample) => unknown = (e) => e.value): JsonSchema | undefined {
  if (found.length === 0) return undefined;
  const out: JsonSchema = {};
  for (const example of found) {
    const key = example.from.id in out ? example.from.fullId.replace(/[^A-Za-z0-9._-]+/g, '.') : example.from.id;
    out[key] = {
      summary: example.from.description,
      description: `Conformance case \`${example.from.fullId}\`.`,
      value: value(example),
    };
  }
  return out;
}

/** A stream's example: the cases' events as the text of a Server-Sent Events stream. */
function sseExample(events: readonly BodyExample[]): JsonSchema | undefined {
  if (events.length === 0) return undefined;
  return {
    stream: {
      summary: `${events.length} event(s) of a stream`,
      description: `The events are the conformance cases ${events.map((e) => `\`${e.from.fullId}\``).join(', ')}.`,
      value: events.map((e) => `data: ${JSON.stringify(e.value)}\n\n`).join(''),
    },
  };
}

function successResponses(variant: VariantSpec, binding: RestBinding, op: RestOperation, examples?: OpenapiExamples): JsonSchema {
  const out: JsonSchema = {};
  const { status, type, array, streaming } = op.response;
  const content = (): JsonSchema | undefined => {
    if (!type) return undefined;
    const found = examples?.response(variant, op) ?? [];
    if (streaming) {
      const shown =
        revisionOfVariant(variant) !== undefined
          ? {
              stream: {
                summary: "One task's events, in order",
                description: 'The Task, then TASK_STATE_WORKING, an artifact, and TASK_STATE_COMPLETED, which ends the stream (§3.1.2).',
                value: v1StreamExample()
                  .map((event) => `data: ${JSON.stringify(event)}\n\n`)
                  .join(''),
              },
            }
          : sseExample(found);
      return {
        'text/event-stream': {
          schema: { type: 'string', description: `A Server-Sent Events stream; the \`data\` of each event is one ${type} (JSON).` },
          ...(shown ? { examples: shown } : {}),
          'x-sse-data': ref(binding.schemas, type),
        },
      };
    }
    const shown = examplesOf(found);
    return jsonContent(variant, { schema: body(binding.schemas, type, array), ...(shown ? { examples: shown } : {}) });
  };
  const main = content();
  out[String(status)] = {
    description: type ? (streaming ? `A stream of ${type} events.` : `The ${array ? `list of ${type}` : type}.`) : 'Done; no body.',
    ...(main ? { content: main } : {}),
  };
  for (const also of op.alsoStatus ?? []) {
    const empty = jsonContent(variant, {
      schema: { type: 'object', maxProperties: 0, description: 'google.protobuf.Empty: `{}`.' },
      example: {},
    });
    const alsoContent = also.noBody ? undefined : (main ?? empty);
    out[String(also.status)] = { description: `Also accepted: ${also.why}.`, ...(alsoContent ? { content: alsoContent } : {}) };
  }
  return out;
}

function errorResponses(
  variant: VariantSpec,
  binding: RestBinding,
  op: RestOperation,
  codes: Map<string, number>,
  examples?: OpenapiExamples,
): JsonSchema {
  const byStatus = new Map<number, string[]>();
  for (const name of errorsOf(variant, op)) {
    const status = binding.errorStatus[name];
    if (status === undefined) throw new Error(`REST binding of ${variant.name}: no HTTP status for error ${name}`);
    byStatus.set(status, [...(byStatus.get(status) ?? []), name]);
  }
  const out: JsonSchema = {};
  for (const [status, names] of [...byStatus].sort(([a], [b]) => a - b)) {
    const revision = revisionOfVariant(variant);
    const cases = examplesOf(examples?.error(variant, op, status, names, codes) ?? []);
    // On v1.0 every error of the status has an example, made from the error table under the variant's revision.
    const shown = revision !== undefined ? { ...(cases ?? {}), ...tableErrorExamples(revision, status, names) } : cases;
    out[String(status)] = {
      description: `An error: ${names.join(', ')}.`,
      content: jsonContent(variant, { schema: errorSchema(variant, binding, names, codes), ...(shown ? { examples: shown } : {}) }),
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

/** Every `<set>\u0000<Type>` reference in a JSON value, in document order. */
function pending(node: unknown, out: [string, string][] = []): [string, string][] {
  if (Array.isArray(node)) for (const item of node) pending(item, out);
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.includes(SEP)) out.push(value.split(SEP) as [string, string]);
      else pending(value, out);
    }
  }
  return out;
}

function replaceRefs(node: unknown, target: (set: string, name: string) => string): unknown {
  if (Array.isArray(node)) return node.map((item) => replaceRefs(item, target));
  if (typeof node !== 'object' || node === null) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] =
      key === '$ref' && typeof value === 'string' && value.includes(SEP)
        ? target(...(value.split(SEP) as [string, string]))
        : replaceRefs(value, target);
  }
  return out;
}

/**
 * The components: every definition the operations reach, under its own name. Where two schema
 * sets (the bodies' and the variant's error types) define one name differently, the later set's
 * definition is named `<set>.<Type>`; an identical definition (with everything it reaches) is shared.
 */
function components(document: JsonSchema, sets: Map<string, Map<string, JsonSchema>>): { document: JsonSchema; schemas: JsonSchema } {
  const reach = new Map<string, Set<string>>();
  const order: string[] = [];
  const stack = pending(document);
  while (stack.length > 0) {
    const [set, name] = stack.shift()!;
    const definitions = sets.get(set);
    if (!definitions?.has(name)) throw new Error(`no definition ${name} in the schema set ${set}`);
    if (!reach.has(set)) {
      reach.set(set, new Set());
      order.push(set);
    }
    if (reach.get(set)!.has(name)) continue;
    reach.get(set)!.add(name);
    for (const next of directRefs(definitions.get(name)!)) stack.push([set, next]);
  }
  const closure = (set: string, name: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(name)) return seen;
    seen.add(name);
    for (const next of directRefs(sets.get(set)!.get(name)!)) closure(set, next, seen);
    return seen;
  };
  const same = (a: string, b: string, name: string) =>
    [...closure(a, name)].every((n) => sets.get(b)!.has(n) && JSON.stringify(sets.get(a)!.get(n)) === JSON.stringify(sets.get(b)!.get(n)));
  const owner = new Map<string, string>();
  const naming = new Map<string, string>();
  for (const set of order) {
    for (const name of [...reach.get(set)!].sort()) {
      const taken = owner.get(name);
      const key = `${set}${SEP}${name}`;
      if (taken === undefined) {
        owner.set(name, set);
        naming.set(key, name);
      } else naming.set(key, same(taken, set, name) ? name : `${set}.${name}`);
    }
  }
  const target = (set: string, name: string) => `${COMPONENTS}${naming.get(`${set}${SEP}${name}`)}`;
  const schemas: JsonSchema = {};
  for (const [key, component] of [...naming].sort(([, a], [, b]) => a.localeCompare(b))) {
    if (component in schemas) continue;
    const [set, name] = key.split(SEP) as [string, string];
    const definition = rewriteRefs(sets.get(set)!.get(name)!, (to) => target(set, to));
    schemas[component] = { ...definition, 'x-json-schema-id': typeId(set, name) };
  }
  return { document: replaceRefs(document, target) as JsonSchema, schemas };
}

export function openapiDocument(variant: VariantSpec, sets: Map<string, Map<string, JsonSchema>>, examples?: OpenapiExamples): JsonSchema {
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
      throw new Error(
        `REST operation ${op.operationId}: path ${op.path} names {${templated.join(', ')}}, the table {${declared.join(', ')}}`,
      );
    }
    for (const type of [op.requestBody?.type, op.response.type]) {
      if (type && !sets.get(binding.schemas)?.has(type))
        throw new Error(`REST operation ${op.operationId}: ${type} is not in ${binding.schemas}`);
    }
    const item = (paths[op.path] ??= {});
    if (item[op.verb]) throw new Error(`REST binding of ${variant.name}: ${op.verb.toUpperCase()} ${op.path} twice`);
    const values = examples?.parameters(variant, op) ?? {};
    const requestExamples = op.requestBody ? examplesOf(examples?.request(variant, op) ?? []) : undefined;
    const operation: JsonSchema = {
      operationId: op.operationId,
      summary: op.summary,
      tags: [op.rpc],
      parameters: [
        ...op.pathParameters.map((p) => parameter('path', p, true, values[p.name])),
        ...queryParameters(binding, op, sets, values),
        ...(revisionOfVariant(variant) !== undefined ? [A2A_VERSION_HEADER] : []),
      ],
      ...(op.requestBody
        ? {
            requestBody: {
              required: op.requestBody.required,
              content: jsonContent(variant, {
                schema: ref(binding.schemas, op.requestBody.type),
                ...(requestExamples ? { examples: requestExamples } : {}),
              }),
            },
          }
        : {}),
      responses: { ...successResponses(variant, binding, op, examples), ...errorResponses(variant, binding, op, codes, examples) },
      'x-a2a-source': op.source,
      ...(op.method ? { 'x-a2a-method': op.method } : {}),
      ...(op.response.streaming ? { 'x-streaming': true } : {}),
    };
    if ((operation.parameters as unknown[]).length === 0) delete operation.parameters;
    item[op.verb] = operation;
  }
  const resolved = components({ paths }, sets);
  const revision = revisionOfVariant(variant);
  const followed =
    revision !== undefined
      ? ` Follows A2A v${revision}: the HTTP statuses of §${revisionRules(revision).sections.errorMappings} of that revision, ` +
        `bodies as ${mediaTypesOf(variant).join(' (SHOULD) or ')}, the A2A-Version header on every operation.`
      : '';
  return {
    openapi: '3.1.0',
    info: {
      title: `${variant.title}: HTTP+JSON binding`,
      version: variant.version,
      description:
        `The HTTP+JSON (REST) binding of ${variant.title}. Bodies: the JSON Schema set \`${binding.schemas}\`, ` +
        'each definition under `components.schemas` (`x-json-schema-id` names the published file with the same definition). ' +
        `Examples: valid cases of the conformance suite. Errors: ${binding.errorRule}${followed}`,
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
      'x-a2a-spec-revision': specRevisionOf(variant.name),
    },
    servers: [
      {
        url: '{base}',
        description: "The URL of the agent's HTTP+JSON interface, from its agent card.",
        variables: { base: { default: 'http://127.0.0.1:8080' } },
      },
    ],
    paths: resolved.document.paths,
    components: { schemas: resolved.schemas },
  };
}

/** One document per variant with a REST binding. `sets`: definitions by set name (variants and schema sets). */
export function emitOpenapi(
  variant: VariantSpec,
  sets: Map<string, Map<string, JsonSchema>>,
  examples?: OpenapiExamples,
): Map<string, string> {
  if (!variant.rest) return new Map();
  return new Map([[openapiPath(variant.name), stableJson(openapiDocument(variant, sets, examples))]]);
}
