/**
 * Emits an OpenRPC 1.3.2 document per variant (`generated/openrpc/<variant>.json`) from the
 * method registry, and the root `openrpc.json` for the default variant (`bindu`).
 *
 * - params are by name: one ContentDescriptor per property of the request's `params` type
 *   (for a union of params types, the union of their properties, required where every member
 *   requires it);
 * - the result is the success response's `result` schema;
 * - `components.schemas` holds every definition, referenced as `#/components/schemas/Name`;
 * - each method's `examples` pair valid params and result cases of the conformance suite
 *   (scripts/lib/examples.ts) that the package's validator accepts in strict mode (the canonical
 *   form): params case i with result case i (cycling), at most three;
 * - each method's `errors` come from the error catalogue; streaming methods carry
 *   `x-streaming` (OpenRPC has no notion of a Server-Sent Events response) and every method
 *   carries `x-origin` (which specification defines it).
 */
import { specRevisionOf } from '../schemas/variant-table.js';
import type { MethodSpec, VariantSpec } from '../schemas/variant.js';
import { errorCatalogue } from './lib/catalogue.js';
import type { ConformanceCases, ExampleCase } from './lib/examples.js';
import { DEFAULT_VARIANT } from './lib/variants.js';
import { rewriteRefs, stableJson, type JsonSchema } from './lib/json-schema.js';
import { isObject } from '../src/engine/json-value.js';

const toComponents = (name: string) => `#/components/schemas/${name}`;

interface ContentDescriptor {
  name: string;
  description?: string;
  required?: boolean;
  schema: JsonSchema;
}

function resolve(definitions: Map<string, JsonSchema>, schema: JsonSchema): JsonSchema {
  let current = schema;
  const seen = new Set<string>();
  while (typeof current.$ref === 'string' && !seen.has(current.$ref)) {
    seen.add(current.$ref);
    const target = definitions.get(current.$ref);
    if (!target) throw new Error(`unknown definition ${current.$ref}`);
    current = target;
  }
  return current;
}

/** The object members of a params schema (one object, or a union of objects). */
function paramObjects(definitions: Map<string, JsonSchema>, schema: JsonSchema): JsonSchema[] {
  const resolved = resolve(definitions, schema);
  if (Array.isArray(resolved.anyOf)) return resolved.anyOf.flatMap((member) => paramObjects(definitions, member as JsonSchema));
  if (resolved.type === 'object' && resolved.properties) return [resolved];
  throw new Error(`params schema is neither an object nor a union of objects: ${JSON.stringify(schema)}`);
}

function params(definitions: Map<string, JsonSchema>, method: MethodSpec): ContentDescriptor[] {
  const request = definitions.get(method.request)!;
  const paramsSchema = (request.properties as Record<string, JsonSchema>).params;
  if (!paramsSchema) return [];
  const paramsRequired = ((request.required as string[]) ?? []).includes('params');
  const members = paramObjects(definitions, paramsSchema);
  const order: string[] = [];
  const byName = new Map<string, JsonSchema>();
  for (const member of members) {
    for (const [name, schema] of Object.entries(member.properties as Record<string, JsonSchema>)) {
      if (!byName.has(name)) {
        order.push(name);
        byName.set(name, schema);
      }
    }
  }
  return order.map((name) => {
    const schema = byName.get(name)!;
    const required = paramsRequired && members.every((member) => ((member.required as string[]) ?? []).includes(name));
    const { description, ...rest } = schema;
    return {
      name,
      ...(typeof description === 'string' ? { description } : {}),
      required,
      schema: rewriteRefs(rest, toComponents),
    };
  });
}

function result(definitions: Map<string, JsonSchema>, method: MethodSpec): ContentDescriptor {
  const success = definitions.get(method.successResponse)!;
  const schema = (success.properties as Record<string, JsonSchema>).result;
  if (!schema) throw new Error(`${method.successResponse} has no result property`);
  const name = typeof schema.$ref === 'string' ? schema.$ref : `${method.method} result`;
  const descriptor: ContentDescriptor = { name, schema: rewriteRefs(schema, toComponents) };
  if (typeof schema.description === 'string') descriptor.description = schema.description;
  return descriptor;
}

/** Where the examples come from, and the check a value passes to be shown (strict: the canonical form). */
export interface OpenrpcExamples {
  readonly cases: ConformanceCases;
  readonly accepts: (method: MethodSpec, part: 'params' | 'result', value: unknown) => boolean;
}

/** How many example pairings a method gets at most. */
const MAX_PAIRINGS = 3;

/**
 * The method's example pairings: each params case whose keys are all params of the method (by
 * name), with a result case; a method without params pairs `[]` with each result case.
 */
function examples(
  variant: VariantSpec,
  method: MethodSpec,
  names: readonly string[],
  resultName: string,
  source: OpenrpcExamples,
): JsonSchema[] {
  const { cases, accepts } = source;
  const results = cases.results(variant.name, method.method).filter((c) => accepts(method, 'result', c.value));
  if (results.length === 0) return [];
  const seen = new Set<string>();
  const paramsCases: (ExampleCase | undefined)[] =
    names.length === 0
      ? results.slice(0, MAX_PAIRINGS).map(() => undefined)
      : cases.params(variant.name, method.method).filter((c) => {
          if (!isObject(c.value) || !Object.keys(c.value).every((key) => names.includes(key)) || !accepts(method, 'params', c.value))
            return false;
          const text = JSON.stringify(c.value);
          if (seen.has(text)) return false;
          seen.add(text);
          return true;
        });
  return paramsCases.slice(0, MAX_PAIRINGS).map((params, i) => {
    const result = results[i % results.length]!;
    const value = (params?.value ?? {}) as Record<string, unknown>;
    return {
      name: params?.id ?? result.id,
      description: `Conformance cases ${params ? `\`${params.fullId}\` (params) and ` : ''}\`${result.fullId}\` (result).`,
      params: names.filter((name) => name in value).map((name) => ({ name, value: value[name] })),
      result: { name: resultName, summary: result.description, value: result.value },
    };
  });
}

export function openrpcDocument(variant: VariantSpec, definitions: Map<string, JsonSchema>, cases?: OpenrpcExamples): JsonSchema {
  const catalogue = new Map(errorCatalogue(definitions).map((entry) => [entry.name, entry]));
  const methods = variant.methods.map((method) => {
    const descriptors = params(definitions, method);
    const answer = result(definitions, method);
    const pairings = cases
      ? examples(
          variant,
          method,
          descriptors.map((d) => d.name),
          answer.name,
          cases,
        )
      : [];
    const out: JsonSchema = {
      name: method.method,
      summary: method.summary,
      description: method.description,
      paramStructure: 'by-name',
      params: descriptors,
      result: answer,
      ...(pairings.length > 0 ? { examples: pairings } : {}),
      errors: method.errors.map((name) => {
        const entry = catalogue.get(name);
        if (!entry) throw new Error(`method ${method.method} names unknown error ${name}`);
        return { code: entry.code, message: entry.message };
      }),
      'x-origin': method.origin,
    };
    if (method.streaming) out['x-streaming'] = true;
    return out;
  });
  const schemas: JsonSchema = {};
  for (const [name, schema] of definitions) schemas[name] = rewriteRefs(schema, toComponents);
  const errors: JsonSchema = {};
  for (const entry of catalogue.values()) errors[entry.name] = { code: entry.code, message: entry.message };
  return {
    openrpc: '1.3.2',
    info: {
      title: variant.title,
      version: variant.version,
      description: variant.description,
      license: { name: 'Apache-2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' },
      // The specification revision the variant follows (schemas/variant-table.ts): 0.3.0, or 1.0.1 on the v1.0 wire.
      'x-a2a-spec-revision': specRevisionOf(variant.name),
    },
    methods,
    components: { schemas, errors },
  };
}

export function emitOpenrpc(variant: VariantSpec, definitions: Map<string, JsonSchema>, cases?: OpenrpcExamples): Map<string, string> {
  const text = stableJson(openrpcDocument(variant, definitions, cases));
  const files = new Map([[`generated/openrpc/${variant.name}.json`, text]]);
  if (variant.name === DEFAULT_VARIANT) files.set('openrpc.json', text);
  return files;
}
