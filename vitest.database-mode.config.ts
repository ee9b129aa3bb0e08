import { defineConfig } from 'vitest/config';
import { serviceTestOptions, workers } from './vitest.config.ts';

// The tests .ci/run repeats in the second database mode. `npm test` runs every test once, on the
// Postgres its environment gives it (the embedded one, version 18, in CI). What a second server (the
// machine's Postgres 15) can change is how it takes our SQL's own syntax and its schema, so these
// run again there:
// - test/db: the migrations, the schema against Prisma's, LISTEN/NOTIFY, notify_wanted — the SQL
//   that builds the database;
// - test/store: the event store's contract, over its hand-written SQL (jsonb, locks, seats);
// - test/jobs: graphile-worker installs and runs its own schema and SQL;
// - test/process/start-with-database-url: the service's start-up on DATABASE_URL (migrate, serve, stop).
// The other stores' SQL is plain (no syntax newer than Postgres 15) and runs in the first step; the
// rest of the process tests start the service the same way in both modes.
// A test file that adds SQL a server version could take differently belongs in this list.
export default defineConfig({
  test: {
    name: 'database-mode',
    maxWorkers: workers,
    include: ['test/db/**/*.test.ts', 'test/store/**/*.test.ts', 'test/jobs/**/*.test.ts', 'test/process/start-with-database-url.test.ts'],
    ...serviceTestOptions,
  },
});
