import { defineConfig } from 'vitest/config';

/**
 * The tiers (README "Tests"): `npm run test:fast` runs unit and spec; `npm test` runs all four.
 * - unit: the runtime's modules, beside their mirror of src/ (test/engine/, test/library/, …);
 * - spec: the schemas and the build's outputs against the references, and the property tests;
 * - live: real agents and clients on loopback (@a2a-js/sdk servers, agents of ours, the proxy);
 * - slow: the whole build, the type checker, Chromium, Python, and stress runs of the CLI.
 */
const slow = 'test/**/*.slow.test.ts';
const live = 'test/**/*.live.test.ts';
const shared = { testTimeout: 60_000, hookTimeout: 60_000, pool: 'forks' as const };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          include: ['test/*.test.ts', 'test/{engine,library,live,shell,commands}/**/*.test.ts'],
          exclude: [slow, live],
        },
      },
      { test: { ...shared, name: 'spec', include: ['test/{schemas,scripts,fuzz}/**/*.test.ts'], exclude: [slow, live] } },
      { test: { ...shared, name: 'live', include: [live] } },
      { test: { ...shared, name: 'slow', include: [slow] } },
    ],
  },
});
