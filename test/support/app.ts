// The app as the process builds it, on a test database, for supertest.

import pg from 'pg';
import { buildApp, type App, type AppSettings } from '../../src/app.ts';
import { databaseOver, type Database } from '../../src/db/database.ts';
import { readMigrations } from '../../src/db/migrations.ts';

export interface TestApp {
  app: App;
  db: Database;
  close(): Promise<void>;
}

/** A job worker that notices due jobs quickly, for tests with real short deadlines. */
export const QUICK_WORKER = { concurrency: 4, pollIntervalMs: 100 } as const;

/** buildApp() over a pool to `url`, ready for requests; `close` closes both. */
export async function appOn(url: string, settings: Partial<AppSettings> = {}): Promise<TestApp> {
  const pool = new pg.Pool({ connectionString: url, max: 8, connectionTimeoutMillis: 10_000 });
  // As createPool does: a dropped connection (a test dropping its database) must not crash the run.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = databaseOver(pool, await readMigrations());
  const app = await buildApp({ readiness: db.readiness, pool: db.pool, settings });
  await app.ready();
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.close();
    },
  };
}
