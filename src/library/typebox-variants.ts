/**
 * The variants as the package exposes them: the variant specification (definitions and
 * method registry) plus ready TypeBox schemas for every type, each a module import so that
 * references resolve inside the variant.
 *
 *   import { bindu, type Bindu } from 'bindu-protocol';
 *   const task: Bindu['Task'] = ...;            // the static type of bindu's Task
 *   Value.Check(bindu.schemas.Task, task);       // the TypeBox schema of bindu's Task
 */
import { Type, type Static, type TImport, type TModule, type TProperties } from '@sinclair/typebox';
import type { VariantSpec } from '../../schemas/variant.js';
import { a2a as a2aSpec } from '../../schemas/a2a/index.js';
import { bindu as binduSpec } from '../../schemas/bindu/index.js';
import { a2aV1 as a2aV1Spec } from '../../schemas/a2a-v1/index.js';
import { aion as aionSpec } from '../../schemas/aion/index.js';

/** The definitions of a module after TypeBox resolved its references. */
type Computed<D extends TProperties> = TModule<D> extends TModule<D, infer C> ? C : never;

/** Every type of a variant as an importable TypeBox schema. */
export type Schemas<D extends TProperties> = { [K in keyof Computed<D>]: TImport<Computed<D>, K> };

/** Every type of a variant as a static TypeScript type. */
export type Types<D extends TProperties> = { [K in keyof Schemas<D>]: Static<Schemas<D>[K]> };

export interface Variant<D extends TProperties> extends VariantSpec<D> {
  /** The TypeBox module holding every definition of the variant. */
  readonly module: TModule<D>;
  /** One schema per type, references resolved within the variant. */
  readonly schemas: Schemas<D>;
}

function variant<D extends TProperties>(spec: VariantSpec<D>): Variant<D> {
  const module = Type.Module(spec.definitions);
  const schemas = Object.fromEntries(Object.keys(spec.definitions).map((name) => [name, module.Import(name as never)]));
  return { ...spec, module, schemas: schemas as unknown as Schemas<D> };
}

/** A2A v0.3.0, exactly as the official schema (plus the exclusions its TypeScript source states). */
export const a2a = variant(a2aSpec);
/** A2A v0.3.0 plus Bindu's extensions (the default variant). */
export const bindu = variant(binduSpec);
/** A2A v1.0 in ProtoJSON, exactly the v1.0 proto's messages, enums and methods. */
export const a2aV1 = variant(a2aV1Spec);
/** A2A v1.0 in ProtoJSON, with the aion context extension 1.0.0. */
export const aion = variant(aionSpec);

/** Static types of the `a2a` variant, by type name: `A2A['Task']`. */
export type A2A = Types<typeof a2aSpec.definitions>;
/** Static types of the `bindu` variant, by type name: `Bindu['Task']`. */
export type Bindu = Types<typeof binduSpec.definitions>;
/** Static types of the `a2a-v1` variant, by type name: `A2AV1['Message']`. */
export type A2AV1 = Types<typeof a2aV1Spec.definitions>;
/** Static types of the `aion` variant, by type name: `Aion['Message']`. */
export type Aion = Types<typeof aionSpec.definitions>;

/** Every variant by name. */
export const variants = { a2a, bindu, 'a2a-v1': a2aV1, aion } as const;
export type VariantName = keyof typeof variants;
