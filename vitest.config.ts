import { defineConfig } from 'vitest/config';

/** Four projects, each runnable alone: npm run test:unit | test:integration | test:infra | test:e2e. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'functions/**/*.test.ts', 'web/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/integration/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // A poll waits as long as a locator does: vitest's 1 s default fails on a busy CI machine
          // (a typed search is debounced 500 ms before its request even starts).
          expect: { poll: { timeout: 15_000, interval: 100 } },
          // One file at a time: the files share the one stack's data (docs/decisions/0570).
          fileParallelism: false,
        },
      },
    ],
  },
});
