/**
 * Loads what the build generated for a variant, on first use and once, through the registry the
 * build writes (`generated/validators/index.cjs`, reached as `#generated-validators` through
 * package.json `imports`): per variant its meta data (type names, method registry, part modules),
 * its published definitions (`generated/json-schema/<variant>.json`, for the explainer), and one
 * function per validator module (`<Type>`, `<Type>.open`, `<Type>.<property>[.open]`) that
 * `require`s it by a literal path. So a type's validators load with their closure the first time
 * the type is validated, bundlers follow every path, and nothing here uses Node's built-ins, the
 * file system or code evaluation: the same code runs in Node, a bundle, a browser or a worker.
 * The build swaps in its outputs still in memory (`withGeneratedRegistry`; scripts/lib/generated-in-memory.ts).
 */
import * as generated from '#generated-validators';
import { createExplainer } from './create-explainer.js';
import type { CompiledExplain, Explainer } from './explain.js';
import type { Definitions, Schema } from './schema-places.js';

/** The variant used when none is named (schemas/variant-table.ts). */
export { defaultVariant as DEFAULT_VARIANT } from '../../schemas/variant-table.js';

/** An error object of a precompiled validator (ajv's shape). */
export interface CompiledError {
  readonly instancePath: string;
  readonly keyword: string;
  readonly params: Record<string, unknown>;
}

/** A precompiled verdict-only validator. */
export type CompiledValidator = ((data: unknown, options?: object) => boolean) & { errors?: CompiledError[] | null };

export interface MethodMeta {
  readonly method: string;
  readonly request: string;
  readonly successResponse: string;
  readonly response: string;
  readonly errors: readonly { readonly name: string; readonly code: number | null }[];
}

export interface VariantMeta {
  readonly variant: string;
  readonly types: readonly string[];
  readonly methods: readonly MethodMeta[];
  readonly errors: Readonly<Record<string, number>>;
  /**
   * Per type, its part properties (`params`, `result`) and the module that validates each: the
   * referenced type's name, or `<Type>.<property>` for a property written inline.
   */
  readonly parts?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /**
   * On the v1.0 wire: what the variant's specification revision asks of an A2A error's `google.rpc.ErrorInfo`
   * on JSON-RPC (schemas/error-table.ts `jsonRpcErrorInfoRule`); `validateMessage` warns when a SHOULD is missed.
   */
  readonly errorInfo?: {
    readonly revision: string;
    readonly level: string;
    readonly section: string;
    readonly type: string;
    readonly domain: string;
    readonly reasons: Readonly<Record<string, string>>;
  };
}

/** What the build generated for one variant (see the file header). */
export interface GeneratedVariant {
  readonly meta: unknown;
  readonly definitions: () => unknown;
  readonly modules: { readonly [id: string]: () => unknown };
}

/** Every variant's generated parts, each loaded by a function on first use. */
export interface GeneratedRegistry {
  readonly variants: { readonly [name: string]: () => GeneratedVariant };
  readonly openapi: { readonly [name: string]: () => unknown };
}

let registry: GeneratedRegistry = generated;

/** Changes whenever the registry is swapped (`withGeneratedRegistry`): a validator cached by a caller is stale then. */
export let registryGeneration = 0;

/** The variants the build generated validators for, sorted. */
export function availableVariants(): string[] {
  return Object.keys(registry.variants).sort();
}

/** The OpenAPI document of a variant's HTTP+JSON binding, or undefined when it has none. */
export function openapiDocument(variant: string): unknown {
  return typeof variant === 'string' && Object.hasOwn(registry.openapi, variant) ? registry.openapi[variant]!() : undefined;
}

/**
 * Runs `task` with `replacement` as the registry (the build's outputs not yet written). What was
 * loaded before is set aside for the while, so nothing of the two generations mixes.
 */
export function withGeneratedRegistry<T>(replacement: GeneratedRegistry, task: () => T): T {
  const savedRegistry = registry;
  const savedVariants = new Map(loaded);
  registry = replacement;
  loaded.clear();
  registryGeneration++;
  try {
    return task();
  } finally {
    registryGeneration++;
    registry = savedRegistry;
    loaded.clear();
    for (const [name, variant] of savedVariants) loaded.set(name, variant);
  }
}

/**
 * Passed to every compiled validator: an open one (ajv's code) defaults `{…, dynamicAnchors = {}} = {}`
 * in its signature, which would allocate on each call without it; a closed one takes the value alone.
 */
export const CALL_OPTIONS: object = Object.freeze({ dynamicAnchors: Object.freeze({}) });

/** Everything one variant needs at run time; each part is loaded the first time it is used. */
export class LoadedVariant {
  private readonly closedValidators = new Map<string, CompiledValidator>();
  private readonly openValidators = new Map<string, CompiledValidator>();
  private readonly partValidators = new Map<string, CompiledValidator>();
  private readonly explainModules = new Map<string, CompiledExplain | undefined>();
  private explainerInstance?: Explainer;
  private definitionsInstance?: Definitions;
  private methodIndex?: Map<string, MethodMeta>;
  private typeNames?: Set<string>;

  /** The type names and the method registry. */
  readonly meta: VariantMeta;

  constructor(
    readonly name: string,
    private readonly generated: GeneratedVariant,
  ) {
    this.meta = generated.meta as VariantMeta;
  }

  private module(type: string, kind: 'closed' | 'open'): CompiledValidator {
    const load = this.generated.modules[`${type}${kind === 'open' ? '.open' : ''}`];
    if (!load) throw new Error(`bindu-protocol: variant "${this.name}" has no validator module ${type} (${kind})`);
    return (load() as { validate: CompiledValidator }).validate;
  }

  /** True when the variant has a type of this name. */
  hasType(type: string): boolean {
    this.typeNames ??= new Set(this.meta.types);
    return typeof type === 'string' && this.typeNames.has(type);
  }

  /** The closed validator of a type (loaded with its closure on first use), or undefined when there is no such type. */
  closedValidator(type: string): CompiledValidator | undefined {
    let validator = this.closedValidators.get(type);
    if (validator) return validator;
    if (!this.hasType(type)) return undefined;
    validator = this.module(type, 'closed');
    this.closedValidators.set(type, validator);
    return validator;
  }

  /**
   * What validates the property `property` (`params` or `result`) of a type: `type` when the
   * property is a reference to that type, else `module`, the property's own validators. Undefined
   * when the type has no such property.
   */
  part(type: string, property: string): { readonly type: string } | { readonly module: string } | undefined {
    const parts = this.meta.parts;
    const module = parts && Object.hasOwn(parts, type) && Object.hasOwn(parts[type], property) ? parts[type]![property] : undefined;
    if (module === undefined) return undefined;
    return module === `${type}.${property}` ? { module } : { type: module };
  }

  /** The closed or open validator of a part module (`<Type>.<property>`, see `part`). */
  partValidator(module: string, kind: 'closed' | 'open'): CompiledValidator {
    const key = `${kind} ${module}`;
    let validator = this.partValidators.get(key);
    if (!validator) {
      validator = this.module(module, kind);
      this.partValidators.set(key, validator);
    }
    return validator;
  }

  /** The open validator of a type (the variant must have it). */
  openValidator(type: string): CompiledValidator {
    let validator = this.openValidators.get(type);
    if (!validator) {
      validator = this.module(type, 'open');
      this.openValidators.set(type, validator);
    }
    return validator;
  }

  /** A method of the registry by name. */
  method(name: string): MethodMeta | undefined {
    this.methodIndex ??= new Map(this.meta.methods.map((method) => [method.method, method]));
    return this.methodIndex.get(name);
  }

  /** The variant's definitions as published (the `$defs` of `generated/json-schema/<variant>.json`), read on first use. */
  get definitions(): Definitions {
    if (!this.definitionsInstance) {
      this.definitionsInstance = this.generated.definitions() as Record<string, Schema>;
    }
    return this.definitionsInstance;
  }

  /** A type's generated explainer (`<Type>.explain`), or undefined when the build wrote none (the walk then explains it). */
  compiledExplainer(type: string): CompiledExplain | undefined {
    const known = this.explainModules.get(type);
    if (known !== undefined || this.explainModules.has(type)) return known;
    const load = this.generated.modules[`${type}.explain`];
    const explain = load ? (load() as { explain: CompiledExplain }).explain : undefined;
    this.explainModules.set(type, explain);
    return explain;
  }

  get explainer(): Explainer {
    if (!this.explainerInstance) {
      const definitions = this.definitions;
      const passes = (definition: string, value: unknown) => {
        const validator = this.closedValidator(definition);
        return validator ? validator(value, CALL_OPTIONS) : false;
      };
      this.explainerInstance = createExplainer(definitions, passes, (definition) => this.compiledExplainer(definition));
    }
    return this.explainerInstance;
  }
}

const loaded = new Map<string, LoadedVariant>();

/**
 * The run-time half of a variant (its meta data; validators load per type on first use).
 * Throws a TypeError naming the known variants when there is no such variant.
 */
export function loadVariant(name: string): LoadedVariant {
  let variant = loaded.get(name);
  if (variant) return variant;
  if (typeof name !== 'string' || !Object.hasOwn(registry.variants, name)) {
    throw new TypeError(`unknown variant "${String(name)}" (expected one of: ${availableVariants().join(', ')})`);
  }
  variant = new LoadedVariant(name, registry.variants[name]!());
  loaded.set(name, variant);
  return variant;
}
