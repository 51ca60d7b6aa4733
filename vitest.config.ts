import { defineConfig } from 'vitest/config';

/**
 * Three projects: pure unit tests, and the same HTTP integration suite run once on the embedded
 * PGlite database and once on PostgreSQL (TEST_DATABASE_URL, default the local server).
 */
export default defineConfig({
  test: {
    reporters: ['default'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'pglite',
          include: ['packages/*/test/**/*.test.ts'],
          env: { GATEHOUSE_TEST_DATABASE: 'pglite' },
          globalSetup: ['packages/core/test/setup/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'postgres',
          include: ['packages/*/test/**/*.test.ts'],
          env: { GATEHOUSE_TEST_DATABASE: 'postgres' },
          globalSetup: ['packages/core/test/setup/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
