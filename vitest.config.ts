import { defineConfig } from 'vitest/config';

// One vitest run for every package; the web package has its own config for its jsdom-free unit tests.
export default defineConfig({
  test: {
    include: ['{core,projections,api,workers,devices,tests}/src/**/*.test.ts', 'web/src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two files at a time even on a two-core machine (vitest's default would be cores - 1 = 1): a browser
    // test mostly waits on its portal and Chromium, so a second file uses the idle core. Each e2e portal
    // has a data folder and queue prefix of its own (tests/src/e2e/harness.ts), so files never share state.
    maxWorkers: 2,
  },
});
