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
          setupFiles: ['test/support/stack-env.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: true,
          // Two files at once on 2-core machines, each leasing a stack of its own; a spare stack lets the files that claim days spread (docs/decisions/0580, 0740).
          maxWorkers: 2,
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
          setupFiles: ['test/support/stack-env.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // A poll waits as long as a locator does: vitest's 1 s default fails on a busy CI machine
          // (a typed search is debounced 500 ms before its request even starts).
          expect: { poll: { timeout: 15_000, interval: 100 } },
          // Two files at once, each leasing a stack of its own (test/e2e/global-setup.ts,
          // docs/decisions/0580, 0740): the files never read each other's data.
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
