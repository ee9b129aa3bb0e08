// The app as the process builds it, on a test database, for supertest.

import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { composeApp, type App, type AppParts, type AppSettings } from '../../src/app.ts';
import { databaseOver, type Database } from '../../src/db/database.ts';
import { readMigrations } from '../../src/db/migrations.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { PoolGuard } from './pool-guard.ts';

export interface TestApp {
  app: App;
  /** What the app is composed of (the service, the channels, auth), for tests that drive them in-process. */
  parts: AppParts;
  db: Database;
  /** Records requests that held a pooled connection while asking for another; `close` fails on any. */
  poolGuard?: PoolGuard;
  close(): Promise<void>;
}

/** A job worker that notices due jobs quickly, for tests with real short deadlines. */
export const QUICK_WORKER = { concurrency: 4, pollIntervalMs: 100, fetchDelayMs: 25 } as const;

/** composeApp() over a pool to `url`, ready for requests; `close` closes both. */
export async function appOn(url: string, settings: Partial<AppSettings> = {}): Promise<TestApp> {
  const pool = new pg.Pool({ connectionString: url, max: 8, connectionTimeoutMillis: 10_000 });
  // As createPool does: a dropped connection (a test dropping its database) must not crash the run.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const poolGuard = new PoolGuard();
  poolGuard.watch(pool);
  const db = databaseOver(pool, await readMigrations());
  const { app, parts } = await composeApp({ readiness: db.readiness, pool: db.pool, settings });
  poolGuard.register(app);
  await app.ready();
  return {
    app,
    parts,
    db,
    poolGuard,
    async close() {
      await app.close();
      await db.close();
      poolGuard.assertNone();
    },
  };
}

/** What useTestApp hands back: `open`'s result, its test database, and where the app listens. */
export type ServedApp<T> = T & { database: TestDatabase; base: string };

type Opener<T> = (url: string, settings: Partial<AppSettings>) => Promise<T>;

/**
 * Most service test files need the same thing: a fresh migrated database, the app on it listening
 * on 127.0.0.1, and both gone afterwards. This registers those beforeAll/afterAll hooks in the
 * calling file (or describe) and returns a handle whose fields are filled in once beforeAll has run.
 * `settings` may be a function, read in beforeAll, when it needs what an earlier beforeAll made.
 */
export function useTestApp<T extends { app: App; close(): Promise<void> } = TestApp>(
  settings: Partial<AppSettings> | (() => Partial<AppSettings>) = {},
  open: Opener<T> = appOn as unknown as Opener<T>,
): ServedApp<T> {
  const served = {} as ServedApp<T>;
  let database: TestDatabase | undefined;
  let opened: T | undefined;
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: true });
    opened = await open(database.url, typeof settings === 'function' ? settings() : settings);
    await opened.app.listen({ port: 0, host: '127.0.0.1' });
    Object.assign(served, opened, { database, base: `http://127.0.0.1:${(opened.app.server.address() as AddressInfo).port}` });
  });
  afterAll(async () => {
    await opened?.close();
    await database?.drop();
  });
  return served;
}
