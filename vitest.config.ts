import { defineConfig } from 'vitest/config';

// One vitest run for every package; the web package has its own config for its jsdom-free unit tests.
export default defineConfig({
  test: {
    include: ['{core,projections,api,workers,devices,tests}/src/**/*.test.ts', 'web/src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
