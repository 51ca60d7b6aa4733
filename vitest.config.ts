import { defineConfig } from 'vitest/config';

/**
 * Four projects: pure unit tests; the same HTTP integration suite run once on the embedded PGlite
 * database and once on PostgreSQL (TEST_DATABASE_URL, default the local server); and the browser
 * tests (Debian Chromium driven by playwright-core), on PostgreSQL.
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
          exclude: ['packages/*/test/browser/**'],
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
          exclude: ['packages/*/test/browser/**'],
          env: { GATEHOUSE_TEST_DATABASE: 'postgres' },
          globalSetup: ['packages/core/test/setup/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['packages/*/test/browser/**/*.test.ts'],
          env: { GATEHOUSE_TEST_DATABASE: 'postgres' },
          globalSetup: ['packages/core/test/setup/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
