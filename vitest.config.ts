import { defineConfig } from 'vitest/config';

/**
 * The service's tests need Postgres, which test/support/global-setup.ts provides once per run:
 * DATABASE_URL's server, or an embedded one. Shared with vitest.database-mode.config.ts.
 */
export const serviceTestOptions = {
  globalSetup: ['test/support/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

// Two projects: the rules engine's tests are pure and fast; the service's tests need Postgres.
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'engine', include: ['test/games/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'service', include: ['test/**/*.test.ts'], exclude: ['test/games/**'], ...serviceTestOptions },
      },
    ],
  },
});
