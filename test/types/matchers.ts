/**
 * Type-level test of `bindu-protocol/vitest/setup`: importing it declares the matchers on Vitest's
 * `expect`, with type names checked per variant, and no `declare module 'vitest'` here.
 */
import 'bindu-protocol/vitest/setup';
import { expect } from 'vitest';

expect({}).toMatchProtocolType('Message', { variant: 'a2a-v1' });
expect({}).not.toMatchProtocolType('TextPart', { variant: 'bindu', strict: true });
expect({}).toBeValidProtocolMessage({ variant: 'a2a-v1', method: 'SendMessage' });
// @ts-expect-error a2a-v1 has no TextPart
expect({}).toMatchProtocolType('TextPart', { variant: 'a2a-v1' });
// @ts-expect-error misspelt type name (default variant bindu)
expect({}).toMatchProtocolType('Tsk');
// A name known only at run time compiles (checked when the test runs).
declare const name: string;
expect({}).toMatchProtocolType(name, { variant: 'a2a' });
