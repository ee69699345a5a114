/**
 * The static types of every variant, in two forms, read from the declarations the build generates
 * (`generated/types/`): plain interfaces, no TypeBox.
 *
 * - Canonical (`generated/types/canonical/<variant>.d.ts`): what a program writes and strict validation
 *   accepts: lowerCamel names only, REQUIRED fields required, a one-of group a union `in` narrows.
 * - Accepted (`generated/types/<variant>.d.ts`): what a receiver must take: either spelling of a
 *   ProtoJSON field, an enum by name or number; what validation without `strict` accepts.
 */
import type { Definitions as A2AAccepted } from '../../generated/types/a2a.js';
import type { Definitions as BinduAccepted } from '../../generated/types/bindu.js';
import type { Definitions as A2AV1Accepted } from '../../generated/types/a2a-v1.js';
import type { Definitions as AionAccepted } from '../../generated/types/aion.js';
import type { Definitions as A2ACanonical } from '../../generated/types/canonical/a2a.js';
import type { Definitions as BinduCanonical } from '../../generated/types/canonical/bindu.js';
import type { Definitions as A2AV1Canonical } from '../../generated/types/canonical/a2a-v1.js';
import type { Definitions as AionCanonical } from '../../generated/types/canonical/aion.js';
import type { VariantName } from '../../schemas/variant-table.js';

/** Every type of every variant in the accepted form, by variant and type name. */
export interface AcceptedTypes {
  a2a: A2AAccepted;
  bindu: BinduAccepted;
  'a2a-v1': A2AV1Accepted;
  aion: AionAccepted;
}

/** Every type of every variant in the canonical form, by variant and type name. */
export interface CanonicalTypes {
  a2a: A2ACanonical;
  bindu: BinduCanonical;
  'a2a-v1': A2AV1Canonical;
  aion: AionCanonical;
}

/** The type names of a variant. A misspelt name is a compile error wherever this is the parameter's type. */
export type ProtocolTypeName<V extends VariantName = 'bindu'> = keyof AcceptedTypes[V] & string;

/** A type of a variant in the canonical form: `Canonical<'Message', 'a2a-v1'>`. */
export type Canonical<N extends ProtocolTypeName<V>, V extends VariantName = 'bindu'> = CanonicalTypes[V][N & keyof CanonicalTypes[V]];

/** A type of a variant in the accepted form: `Accepted<'Message', 'a2a-v1'>`. */
export type Accepted<N extends ProtocolTypeName<V>, V extends VariantName = 'bindu'> = AcceptedTypes[V][N];

/** What a guard that checked type N of variant V narrows to: the canonical form when strict, else the accepted form. */
export type Checked<N extends ProtocolTypeName<V>, V extends VariantName = 'bindu', S extends boolean = false> = [S] extends [true]
  ? Canonical<N, V>
  : Accepted<N, V>;

/** The type names of any of the variants V names (every variant's when V is the whole union). */
export type AnyTypeName<V extends VariantName> = V extends VariantName ? ProtocolTypeName<V> : never;

/**
 * A type-name parameter that checks literals: a literal N must be a name of variant V (a misspelt one is a compile
 * error listing the names), while a `string` (a name known only at run time) passes and is checked when the call runs.
 * Used by `validate`, `validateProperty`, `validateText`, a bound validator's `validate` and `toMatchProtocolType`.
 */
export type KnownTypeName<N extends string, V extends VariantName = 'bindu'> = string extends N
  ? N
  : [V] extends [never]
    ? N
    : N extends AnyTypeName<V>
      ? N
      : AnyTypeName<V>;
