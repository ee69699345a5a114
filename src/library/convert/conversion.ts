/**
 * What a conversion between the A2A v0.3 wire (`a2a`, `bindu`) and the A2A v1.0 ProtoJSON wire
 * (`a2a-v1`, `aion`) takes and gives.
 */
import type { VariantName } from '../../../schemas/variant-table.js';

/** The core types that exist under the same name on both wires (convert takes more: `CONVERTIBLE_TYPE_NAMES`). */
export const CONVERTIBLE_TYPES = [
  'Role',
  'TaskState',
  'Part',
  'Message',
  'Artifact',
  'TaskStatus',
  'Task',
  'TaskStatusUpdateEvent',
  'TaskArtifactUpdateEvent',
  'Conversation',
] as const;

export type ConvertibleType = (typeof CONVERTIBLE_TYPES)[number];

/** True when `name` is a core convertible type. */
export function isConvertibleType(name: string): name is ConvertibleType {
  return (CONVERTIBLE_TYPES as readonly string[]).includes(name);
}

/** How to convert. */
export interface ConvertOptions {
  /** The variant the output is checked in (default: `a2a-v1` or `a2a`; `aion` or `bindu` for Conversation). */
  readonly variant?: VariantName;
  /** For a `JSONRPCResponse`: the method of the request it answers (on either wire). */
  readonly method?: string;
}

/** Something of the input that the other wire cannot carry, or carries differently. */
export interface Loss {
  /** JSON Pointer of the value in the input (`""` for the whole value; for a missing field, where it would be). */
  readonly path: string;
  /** What happened to it, for people. */
  readonly message: string;
}

/** The converted value and what could not be carried across. */
export interface Conversion {
  /** The converted value (a best effort when `valid` is false; undefined when nothing converted). */
  readonly value: unknown;
  readonly losses: readonly Loss[];
  /** True when `value` is valid for `variant`, checked with the package's `validate`. */
  readonly valid: boolean;
  /** Why `value` is not valid for `variant` (paths into the output); empty when it is. */
  readonly errors: readonly Loss[];
  /** The variant the output was checked in. */
  readonly variant: VariantName;
}

/** Thrown when the input is not even the JSON shape of the type (for example not an object). */
export class ConvertError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = 'ConvertError';
  }
}
