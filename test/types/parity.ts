/**
 * Type-level proof that the TypeBox static types and the declarations generated from the
 * published JSON Schema are the same types: for every name, each is assignable to the other.
 * Compiled by test/scripts/emit-types.test.ts with `tsc --noEmit`; imports go through the package's own
 * `exports` (self-reference), as a consumer's would.
 */
import type { A2A, Bindu } from 'bindu-protocol/typebox';
import type { Definitions as A2ADeclarations } from 'bindu-protocol/types/a2a';
import type { Definitions as BinduDeclarations } from 'bindu-protocol/types/bindu';
import type { A2AV1, Aion } from 'bindu-protocol/typebox';
import type { Definitions as A2AV1Declarations } from 'bindu-protocol/types/a2a-v1';
import type { Definitions as AionDeclarations } from 'bindu-protocol/types/aion';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** The names whose two types differ (never when they all agree). */
type Mismatches<S, D> = { [K in keyof S & keyof D]: Same<S[K], D[K]> extends true ? never : K }[keyof S & keyof D];
/** `true` when there is no mismatch; otherwise the mismatching names, so the compiler error lists them. */
type Agree<S, D> = [Mismatches<S, D>] extends [never] ? true : Mismatches<S, D>;

export const a2aNames: Same<keyof A2A, keyof A2ADeclarations> = true;
export const a2aTypes: Agree<A2A, A2ADeclarations> = true;
export const binduNames: Same<keyof Bindu, keyof BinduDeclarations> = true;
export const binduTypes: Agree<Bindu, BinduDeclarations> = true;

// The comparison can fail: a Task is not a Message, and bindu's Message is not a2a's.
// @ts-expect-error different types must not compare equal
export const taskIsNotMessage: Same<A2A['Task'], A2ADeclarations['Message']> = true;
// @ts-expect-error bindu's Message requires contextId and taskId
export const messagesDiffer: Same<A2A['Message'], BinduDeclarations['Message']> = true;

// aion: the ProtoJSON types (both field names, the one-of constraints as unions) agree too.
export const a2aV1Names: Same<keyof A2AV1, keyof A2AV1Declarations> = true;
export const a2aV1Types: Agree<A2AV1, A2AV1Declarations> = true;
// @ts-expect-error a2a-v1 has no context extension: no GetContext request
export const a2aV1HasNoGetContext: A2AV1['GetContextRequest'] = {};
export const aionNames: Same<keyof Aion, keyof AionDeclarations> = true;
export const aionTypes: Agree<Aion, AionDeclarations> = true;
// @ts-expect-error the v1.0 Message (ROLE_USER, no kind) is not the v0.3 one
export const aionMessageDiffers: Same<A2A['Message'], AionDeclarations['Message']> = true;
// @ts-expect-error a required field must be given under one of its names
export const aionMessageNeedsId: AionDeclarations['Message'] = { role: 'ROLE_USER', parts: [{ text: 'hi' }] };
export const aionMessageEitherName: [Aion['Message'], Aion['Message']] = [
  { messageId: 'm-1', role: 'ROLE_USER', parts: [{ text: 'hi' }] },
  { message_id: 'm-1', role: 'ROLE_USER', parts: [{ data: [1, 2] }] },
];
