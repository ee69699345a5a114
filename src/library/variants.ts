/**
 * The variants as the package root exports them: the objects `typebox-variants.ts` builds, built
 * the first time one of their properties is read.
 *
 * Building them loads TypeBox and constructs every schema of the four variants (about a quarter
 * of a second), and `validate` never needs them: it runs the precompiled validators. So importing
 * the package costs only what validation needs, and `a2a.schemas.Task` still works as before.
 *
 * The build is synchronous: the registry's `typebox()` requires the CommonJS build of
 * `typebox-variants.ts` (dist/cjs/src/library/typebox-variants.js) by a literal path, which Node
 * and bundlers follow alike. TypeBox marks schemas with registered symbols
 * (`Symbol.for('TypeBox.Kind')`), so the schemas built there work with an ESM import of TypeBox.
 */
import type * as Eager from './typebox-variants.js';
import { typebox } from '#generated-validators';

export type { A2A, A2AV1, Aion, Bindu, Schemas, Types, Variant } from './typebox-variants.js';
// The names and the default are schemas/variant-table.ts's, which loads no TypeBox.
export { defaultVariant, variantNames, type VariantName } from '../../schemas/variant-table.js';

let eager: typeof Eager | undefined;

/** The module that builds the variants, loaded on first use. */
function built(): typeof Eager {
  eager ??= typebox() as typeof Eager;
  return eager;
}

/** A read-only stand-in for an object that is built on first use. */
function deferred<T extends object>(build: () => T): T {
  let target: T | undefined;
  const real = (): T => (target ??= build());
  const refuse = (): boolean => false;
  return new Proxy({} as T, {
    get: (_stub, key) => Reflect.get(real(), key),
    has: (_stub, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_stub, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      // The stub has no properties of its own, so a proxy may only report configurable ones.
      return descriptor ? { ...descriptor, configurable: true } : undefined;
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
    set: refuse,
    defineProperty: refuse,
    deleteProperty: refuse,
  });
}

/** A2A v0.3.0, exactly as the official schema (plus the exclusions its TypeScript source states). */
export const a2a: typeof Eager.a2a = deferred(() => built().a2a);
/** A2A v0.3.0 plus Bindu's extensions (the default variant). */
export const bindu: typeof Eager.bindu = deferred(() => built().bindu);
/** A2A v1.0 in ProtoJSON, exactly the v1.0 proto's messages, enums and methods. */
export const a2aV1: typeof Eager.a2aV1 = deferred(() => built().a2aV1);
/** A2A v1.0 in ProtoJSON, with the aion context extension 1.0.0. */
export const aion: typeof Eager.aion = deferred(() => built().aion);

/** Every variant by name. */
export const variants = { a2a, bindu, 'a2a-v1': a2aV1, aion } as const;
