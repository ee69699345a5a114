/**
 * The error catalogue of a variant, read from its definitions: an error type is a definition
 * whose `code` property is an integer constant. Nothing is listed twice: the code, the name
 * and the default message live in the error's schema, and methods name errors by type name.
 */
import type { MethodSpec } from '../../schemas/variant.js';
import type { JsonSchema } from './json-schema.js';

export interface CatalogueEntry {
  /** The error type's name, e.g. `TaskNotFoundError`. */
  readonly name: string;
  /** The JSON-RPC error code. */
  readonly code: number;
  /** The default message (the schema's `message.default`), or the description when none. */
  readonly message: string;
  /** What the error means (the type's description). */
  readonly description: string;
}

function errorCode(schema: JsonSchema): number | undefined {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  const code = properties?.code?.const;
  return typeof code === 'number' && Number.isInteger(code) ? code : undefined;
}

/** The catalogue, sorted by code descending (-32700 first, as JSON-RPC lists them). */
export function errorCatalogue(definitions: Map<string, JsonSchema>): CatalogueEntry[] {
  const entries: CatalogueEntry[] = [];
  for (const [name, schema] of definitions) {
    const code = errorCode(schema);
    if (code === undefined) continue;
    const properties = schema.properties as Record<string, JsonSchema>;
    const message = typeof properties.message?.default === 'string' ? properties.message.default : String(schema.description ?? name);
    entries.push({ name, code, message, description: String(schema.description ?? '') });
  }
  return entries.sort((a, b) => a.code - b.code || a.name.localeCompare(b.name));
}

/**
 * Problems with a catalogue and a registry: a code used by two error types, a method naming
 * an error type that does not exist (or is not an error), a method listing an error twice,
 * a method name registered twice, or a registry type name that is not defined.
 */
export function catalogueProblems(definitions: Map<string, JsonSchema>, methods: readonly MethodSpec[]): string[] {
  const problems: string[] = [];
  const catalogue = errorCatalogue(definitions);
  const byCode = new Map<number, string>();
  for (const entry of catalogue) {
    const other = byCode.get(entry.code);
    if (other) problems.push(`error code ${entry.code} is used by both ${other} and ${entry.name}`);
    else byCode.set(entry.code, entry.name);
  }
  const errorNames = new Set(catalogue.map((entry) => entry.name));
  const seenMethods = new Set<string>();
  for (const method of methods) {
    if (seenMethods.has(method.method)) problems.push(`method ${method.method} is registered twice`);
    seenMethods.add(method.method);
    for (const typeName of [method.request, method.successResponse, method.response]) {
      if (!definitions.has(typeName)) problems.push(`method ${method.method} names unknown type ${typeName}`);
    }
    const seenErrors = new Set<string>();
    for (const error of method.errors) {
      if (!errorNames.has(error)) problems.push(`method ${method.method} names unknown error ${error}`);
      if (seenErrors.has(error)) problems.push(`method ${method.method} lists ${error} twice`);
      seenErrors.add(error);
    }
  }
  return problems;
}
