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
}

/** True when a value is a TypeBox schema (has the TypeBox `Kind` symbol). */
export function isSchema(value: unknown): value is TSchema {
  return typeof value === 'object' && value !== null && Kind in value;
}

type SchemaExports<T> = { [K in keyof T as T[K] extends TSchema ? K : never]: T[K] extends TSchema ? T[K] : never };
type Override<A, B> = Omit<A, keyof B> & B;
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
