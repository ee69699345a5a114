/**
 * `bindu-protocol/typebox`: the TypeBox side of the package, kept off the root so that a program that only
 * validates never type-checks TypeBox's declarations (the root's stay small). The variants' TypeBox schemas,
 * static types and method registries, each built on first read:
 *
 *   import { bindu, type Bindu } from 'bindu-protocol/typebox';
 *   Value.Check(bindu.schemas.Task, task);
 */
export { a2a, bindu, a2aV1, aion, variants, variantNames, defaultVariant } from './library/variants.js';
export type { A2A, Bindu, A2AV1, Aion, Schemas, Types, Variant, VariantName } from './library/variants.js';
export type { MethodSpec, MethodOrigin, VariantSpec } from '../schemas/variant.js';
