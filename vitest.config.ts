import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The service's tests need Postgres, which test/support/global-setup.ts provides once per run:
 * DATABASE_URL's server, or an embedded one. Shared with vitest.database-mode.config.ts.
 */
export const serviceTestOptions = {
  globalSetup: ['test/support/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // A worker's files share its modules rather than each importing the service afresh: in CI on two
  // cores the embedded suite took 9.7 min against 11.8 with a process per file (its files spent 28 s
  // importing against 228 s). Nothing of a file outlives it: each opens its app, pools and servers
  // in hooks that close them (useTestApp), and none mocks a module. The harder-run cores make
  // connections slower to come free; the service waits for them as it would under load
  // (src/db/pools.ts, src/db/prisma.ts) rather than failing a run.
  isolate: false,
};

/** Shared with vitest.database-mode.config.ts; why two, below. */
export const workers = Math.max(2, os.availableParallelism() - 1);

// Two projects: the rules engine's tests are pure and fast; the service's tests need Postgres.
export default defineConfig({
  test: {
    // At least two workers. vitest's default, one fewer than the cores, is one worker on a 2-core
    // machine. There, alternating one and two workers over the same files while other work loaded
    // the machine (load average 4-12), eleven service files took 50, 59, 23, 37 s with two against
    // 61, 67, 32, 35 s with one (a service test waits on Postgres and child processes), while
    // engine files, pure CPU, were even (48, 47, 43 s against 43, 49 s).
    maxWorkers: workers,
    projects: [
      {
        extends: true,
        // The engine's files share each worker's modules too (45 s of 195 on two cores): they are
        // pure, with no mock, app or timer to leave behind.
        test: { name: 'engine', include: ['test/games/**/*.test.ts'], isolate: false },
      },
      {
        extends: true,
        test: { name: 'service', include: ['test/**/*.test.ts'], exclude: ['test/games/**'], ...serviceTestOptions },
      },
    ],
  },
});
