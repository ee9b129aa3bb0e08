import { defineConfig } from 'vitest/config';
import { serviceTestOptions, workers } from './vitest.config.ts';

// The tests .ci/run repeats in the second database mode. `npm test` runs every test once, on the
// Postgres its environment gives it (the embedded one in CI); most of them reach the database only
// through code that the ones below already test, so what a second server can change is covered here:
// - test/db: migrations, the schema against Prisma's, LISTEN/NOTIFY — the SQL that builds the database;
// - test/store: the event store's contract, over its own SQL (jsonb, locks, seats);
// - test/jobs: graphile-worker installs and runs its own schema and SQL;
// - test/auth: accounts, sessions, keys and the login throttle are stores with their own SQL;
// - test/notify: email and webhook dispatch claim their work with their own SQL;
// - test/process: the service's start-up chooses its server (the embedded cluster under DATA_DIR, or
//   DATABASE_URL) and survives restarts on it.
// The other paths that differ by mode (test/support/global-setup.ts's two branches, and the server's
// version: 15 on the machine, 18 embedded) run with whichever file runs first.
// A test file that adds SQL of its own (a new store, a new raw query) belongs in this list.
export default defineConfig({
  test: {
    name: 'database-mode',
    maxWorkers: workers,
    include: ['test/db/**/*.test.ts', 'test/store/**/*.test.ts', 'test/jobs/**/*.test.ts', 'test/auth/**/*.test.ts', 'test/notify/**/*.test.ts', 'test/process/**/*.test.ts'],
    ...serviceTestOptions,
  },
});
