/**
 * Type-level tests of the guards, the bound validators and the two forms of the types, compiled
 * by test/library/guards.slow.test.ts with `tsc --noEmit` through the package's own `exports`
 * (self-reference), as a consumer's code would be. Each `@ts-expect-error` is a check that fails
 * if the line it covers compiles.
 */
import {
  assertType,
  createValidator,
  is,
  isNamed,
  toV1,
  validate,
  validateProperty,
  validateText,
  type Accepted,
  type BoundValidator,
  type Canonical,
  type CanonicalTypes,
  type ProtocolTypeName,
  type VariantName,
} from 'bindu-protocol';
import type { Message as CanonicalMessage } from 'bindu-protocol/types/canonical/a2a-v1';
import type { Message as AcceptedMessage } from 'bindu-protocol/types/a2a-v1';

declare const value: unknown;
declare const name: string;

// A strict guard narrows to the canonical type: a required id is a string.
export function strictGuard(): string | undefined {
  if (is('Message', value, { variant: 'a2a-v1', strict: true })) return value.messageId.toUpperCase();
  return undefined;
}

// Without strict the guard narrows to the accepted type only: the id may be under `message_id`.
export function acceptedGuard(): string | undefined {
  if (is('Message', value, { variant: 'a2a-v1' })) {
    // @ts-expect-error messageId is optional in the accepted form (either spelling validates)
    return value.messageId.toUpperCase();
  }
  return undefined;
}

// A misspelt type name is a compile error, per variant.
// @ts-expect-error no such type
is('Mesage', value, { variant: 'a2a-v1' });
// @ts-expect-error a2a-v1 has no TextPart (a v0.3 type)
is('TextPart', value, { variant: 'a2a-v1' });
is('TextPart', value, { variant: 'a2a' });
// A name held only at run time goes through the clearly separate overload; it narrows nothing.
export const dynamic: boolean = isNamed(name, value, { variant: 'a2a' });
// @ts-expect-error the typed guard takes a known name, not any string
is(name, value);

// An assertion narrows the same way.
export function asserted(input: unknown): string {
  assertType('Task', input, { variant: 'a2a-v1', strict: true });
  return input.id.toUpperCase();
}

// A switch / `in` on a v1.0 Part narrows to its one-of member.
export function v1Part(part: Canonical<'Part', 'a2a-v1'>): string {
  if ('text' in part) return part.text.toUpperCase();
  if ('url' in part) return part.url;
  if ('raw' in part) return part.raw;
  return JSON.stringify(part.data);
}

// A switch on `kind` narrows a v0.3 Part.
export function v03Part(part: Canonical<'Part', 'bindu'>): string {
  switch (part.kind) {
    case 'text':
      return part.text.toUpperCase();
    case 'file':
      return part.file.uri !== undefined ? part.file.uri : part.file.bytes;
    case 'data':
      return JSON.stringify(part.data);
  }
}

// The canonical form has no proto names; the accepted form has them.
// @ts-expect-error message_id is not part of the canonical Message
export const noAlias: Canonical<'Message', 'a2a-v1'>['message_id'] = undefined;
export const alias: Accepted<'Message', 'a2a-v1'>['message_id'] = undefined;
// @ts-expect-error a role by number is accepted, not canonical
export const roleNumber: CanonicalTypes['a2a-v1']['Role'] = 1;
export const acceptedRole: Accepted<'Role', 'a2a-v1'> = 1;

// createValidator binds the variant: its names are checked against it, its guards narrow by its strictness.
const v1 = createValidator({ variant: 'a2a-v1', strict: true });
export function bound(): string | undefined {
  if (v1.is('Message', value)) return value.messageId;
  return undefined;
}
// @ts-expect-error names are checked against the bound variant
v1.validate('TextPart', value);
const loose = createValidator({ variant: 'a2a-v1' });
export function boundLoose(): string | undefined {
  if (loose.is('Message', value)) {
    // @ts-expect-error without strict the bound guard narrows to the accepted form
    return value.messageId.toUpperCase();
  }
  return undefined;
}
export const boundNames: ProtocolTypeName<'aion'> = 'Message';

// validate, validateText, validateProperty and a bound validate check a literal name against the variant; a `string`
// (a name known only at run time) still compiles and is checked when the call runs.
// @ts-expect-error misspelt type name (default variant bindu)
validate('Tsk', value);
// @ts-expect-error a2a-v1 has no TextPart
validate('TextPart', value, { variant: 'a2a-v1' });
export const known = validate('TextPart', value, { variant: 'a2a' }).valid;
export const byString = validate(name, value, { variant: 'a2a-v1' }).valid;
declare const either: 'Task' | 'Message';
export const byUnion = validate(either, value, { variant: 'a2a' }).valid;
// @ts-expect-error misspelt type name
validateText('Mesage', '{}', { variant: 'a2a' });
export const textByString = validateText(name, '{}').valid;
// @ts-expect-error misspelt type name
validateProperty('SendMessageRequst', 'params', value, { variant: 'a2a' });
export const property = validateProperty('SendMessageRequest', 'params', value, { variant: 'a2a' }).valid;
// @ts-expect-error a2a-v1 has no TextPart
loose.validate('TextPart', value);
export const boundByString = loose.validate(name, value).valid;
// A variant known only at run time: a name of any variant compiles, a name of none does not.
declare const someVariant: VariantName;
export const anyVariant = validate('TextPart', value, { variant: someVariant }).valid;
// @ts-expect-error no variant has a type of that name
validate('Tsk', value, { variant: someVariant });

// toV1 takes the type first, like validate.
export const converted = toV1('Message', value).value;
// @ts-expect-error the value no longer comes first
toV1(value, 'Message');

// The subpaths hold the same two forms as the root's Canonical / Accepted.
export const sameCanonical: [CanonicalMessage] extends [Canonical<'Message', 'a2a-v1'>] ? true : false = true;
export const sameAccepted: [Accepted<'Message', 'a2a-v1'>] extends [AcceptedMessage] ? true : false = true;
export const idOfCanonical: CanonicalMessage['messageId'] = 'm';
// @ts-expect-error the canonical id is a string, never undefined
export const noUndefinedId: CanonicalMessage['messageId'] = undefined;

// A bound assertion narrows when the validator's type is written out (TypeScript's rule for assertion calls).
const typedV1: BoundValidator<'a2a-v1', true> = createValidator({ variant: 'a2a-v1', strict: true });
export function boundAssert(input: unknown): string {
  typedV1.assert('Message', input);
  return input.messageId;
}
export function untypedAssert(input: unknown): void {
  // @ts-expect-error TS2775: without the annotation TypeScript refuses the assertion call
  v1.assert('Message', input);
}
