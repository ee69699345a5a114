/**
 * What a conversion between the A2A v0.3 wire (`a2a`, `bindu`) and the A2A v1.0 ProtoJSON wire
 * (`a2a-v1`, `aion`) takes and gives.
 */

/** The types that exist on both wires and convert between them. */
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

/** True when `name` is a convertible type. */
export function isConvertibleType(name: string): name is ConvertibleType {
  return (CONVERTIBLE_TYPES as readonly string[]).includes(name);
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
  readonly value: unknown;
  readonly losses: readonly Loss[];
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
