/**
 * `bindu-protocol/vitest/setup`: extends Vitest's `expect` with the protocol matchers and declares
 * their types, so no hand-written `declare module 'vitest'` is needed.
 *
 *   // vitest.config.ts: test: { setupFiles: ['bindu-protocol/vitest/setup'] }
 *   // tsconfig.json:    "types": ["bindu-protocol/vitest/setup"]   (or import it in a test file)
 *   expect(message).toMatchProtocolType('Message', { variant: 'a2a-v1' });   // type names checked per variant
 */
import { expect } from 'vitest';
import { protocolMatchers, type ProtocolMatchers } from './vitest.js';

expect.extend(protocolMatchers);

declare module 'vitest' {
  // biome-ignore lint/suspicious/noExplicitAny: the declaration merges with Vitest's own `Matchers<T = any>`
  interface Matchers<T = any> extends ProtocolMatchers<T> {}
}
