/**
 * What a variant is: a named set of definitions (one TypeBox module, so `Type.Ref('Name')`
 * resolves to that variant's own definition of `Name`) and a method registry.
 *
 * The registry is the single table that the OpenRPC emitter, the docs and the conformance
 * runner read. It names types; it never defines them. A method's params and result are read
 * from its request type's `params` property and its success response type's `result`
 * property, so the registry and the envelopes cannot disagree.
 */
import { Type, type TSchema, type TProperties, Kind } from '@sinclair/typebox';

/** Where a method comes from, shown as a badge in the docs. */
export type MethodOrigin = 'a2a' | 'bindu' | 'context-extension' | 'a2a-v1' | 'aion-context';

export interface MethodSpec {
  /** The JSON-RPC method name, exactly as it goes on the wire. */
  readonly method: string;
  /** One line for tables and OpenRPC `summary`. */
  readonly summary: string;
  /** The full description (OpenRPC `description`, the docs page). */
  readonly description: string;
  /** Type name of the request envelope (its `params` property is the params schema). */
  readonly request: string;
  /** Type name of the success response envelope (its `result` property is the result schema). */
  readonly successResponse: string;
  /** Type name of the response union (success or error). */
  readonly response: string;
  /** Names of the error types (from this variant's definitions) the method may return. */
  readonly errors: readonly string[];
  /** True for methods answered with a Server-Sent Events stream of responses. */
  readonly streaming?: boolean;
  /** Which specification defines the method. */
  readonly origin: MethodOrigin;
}

export interface VariantSpec<Defs extends TProperties = TProperties> {
  /** The variant's name: `a2a`, `bindu`, `a2a-v1` or `aion`. */
  readonly name: string;
  /** A title for documents generated from the variant. */
  readonly title: string;
  /** What the variant covers, for document descriptions. */
  readonly description: string;
  /** The version of the protocol the variant describes (OpenRPC `info.version`). */
  readonly version: string;
  /** Every named definition of the variant, keyed by its upstream name. */
  readonly definitions: Defs;
  /** The method registry, in the order methods are documented. */
  readonly methods: readonly MethodSpec[];
  /** The HTTP+JSON (REST) binding, when the variant's wire has one (the OpenAPI document's source). */
  readonly rest?: RestBinding;
}

/**
 * The HTTP+JSON binding of a wire: one table of operations, read by the OpenAPI emitter, the docs
 * and `validate --operation`. Like the method registry, it names types and never defines them.
 */
export interface RestBinding {
  /** Which published schema set holds the bodies (`a2a-rest` for v0.3, `a2a-v1` for v1.0). */
  readonly schemas: string;
  /** The type (of the variant itself) of an error answer's body. */
  readonly errorBody: string;
  /** What the specification says about error answers (the OpenAPI error responses' description). */
  readonly errorRule: string;
  /** Per error type name: the HTTP status the specification (or, where it names none, the rule chosen) maps it to. */
  readonly errorStatus: Readonly<Record<string, number>>;
  /** The operations, in the order they are documented. */
  readonly operations: readonly RestOperation[];
}

/** A parameter of a REST operation: in the path, or in the query string. */
export interface RestParameter {
  /** Its name in the path template or the query string. */
  readonly name: string;
  readonly description: string;
  /** Its JSON Schema (strings, integers, booleans and arrays of them). */
  readonly schema: Readonly<Record<string, unknown>>;
}

export interface RestOperation {
  /** The OpenAPI operationId, unique in the document (the proto rpc's name, `…ForTenant` for the `/{tenant}` forms). */
  readonly operationId: string;
  /** The proto rpc (or, for the v0.3 specification's own rows, its gRPC column) the operation binds. */
  readonly rpc: string;
  /** The JSON-RPC method of the variant's registry that does the same, if any (docs links). */
  readonly method?: string;
  readonly verb: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The OpenAPI path template, for example `/v1/tasks/{id}:cancel`. */
  readonly path: string;
  /** Where the row comes from: the proto's `google.api.http` option, the specification's table, or both. */
  readonly source: 'proto' | 'specification' | 'proto and specification';
  readonly summary: string;
  readonly pathParameters: readonly RestParameter[];
  /** Query parameters, listed; or `from`: the non-path properties of that request type of the schema set. */
  readonly query?: readonly RestParameter[] | { readonly from: string };
  /** The request body's type in the schema set, and whether a body is required. */
  readonly requestBody?: { readonly type: string; readonly required: boolean };
  /** The success answer: its status, and its body's type (none for 204), or an array of that type. */
  readonly response: { readonly status: number; readonly type?: string; readonly array?: boolean; readonly streaming?: boolean };
  /** Other success statuses the operation may answer with (same body), and why. */
  readonly alsoStatus?: readonly { readonly status: number; readonly why: string; readonly noBody?: boolean }[];
  /** The error types (of the variant) the operation may answer with; by default those of `method`. */
  readonly errors?: readonly string[];
}

/** True when a value is a TypeBox schema (has the TypeBox `Kind` symbol). */
export function isSchema(value: unknown): value is TSchema {
  return typeof value === 'object' && value !== null && Kind in value;
}

type SchemaExports<T> = { [K in keyof T as T[K] extends TSchema ? K : never]: T[K] extends TSchema ? T[K] : never };
type Override<A, B> = Omit<A, keyof B> & B;
// biome-ignore lint/complexity/noBannedTypes: `{}` is the empty object type the merge starts from.
type Merge<T extends readonly unknown[], Acc = {}> = T extends readonly [infer H, ...infer R]
  ? Merge<R, Override<Acc, SchemaExports<H>>>
  : Acc;

/**
 * Collects the schema exports of domain modules (`import * as task from './task.js'`) into one
 * definitions object. Non-schema exports (constants, tables) are left out. Later modules win on
 * a duplicate name, which is how a variant overrides a definition it inherits.
 */
export function collect<const T extends readonly object[]>(...modules: T): { [K in keyof Merge<T>]: Merge<T>[K] } {
  const out: Record<string, TSchema> = {};
  for (const module of modules) {
    for (const [name, value] of Object.entries(module)) {
      if (isSchema(value)) out[name] = value;
    }
  }
  return out as { [K in keyof Merge<T>]: Merge<T>[K] };
}

export { Type };
