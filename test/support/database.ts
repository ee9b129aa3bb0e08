// A fresh database per test file, on the run's test server (see global-setup.ts), so files run in
// parallel without seeing each other's rows.
//
//   const db = await createTestDatabase({ migrate: true });   // a copy of the run's migrated database
//   … db.url …
//   await db.drop();

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { createLogger } from '../../src/config/logger.ts';
import { migrate, readMigrations } from '../../src/db/migrations.ts';
import { installJobQueue } from '../../src/jobs/queue.ts';

export interface TestDatabase {
  name: string;
  url: string;
  /** Drops the database, disconnecting whoever is still connected. */
  drop(): Promise<void>;
}

export const silentLogger = createLogger('silent');

/**
 * A new database on the run's test server: empty, or (`migrate: true`) a copy of the run's migrated
 * one (global-setup.ts), or (`'in-place'`, the global set-up's own call) migrated by running the
 * migrations and installing the job queue in it.
 */
export async function createTestDatabase(options: { migrate?: boolean | 'in-place'; adminUrl?: string } = {}): Promise<TestDatabase> {
  const adminUrl = options.adminUrl ?? inject('adminDatabaseUrl');
  const base = new URL(adminUrl).pathname.slice(1) || 'postgres';
  // Named after the run's database, so a CI run can drop whatever a crashed test left behind.
  const name = `${base}_t_${randomBytes(5).toString('hex')}`.slice(-63);
  const template = options.migrate === true ? ` TEMPLATE ${pg.escapeIdentifier(inject('migratedTemplate'))}` : '';
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}${template}`));

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database: TestDatabase = {
    name,
    url: url.toString(),
    drop: async () => {
      await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`));
    },
  };
  if (options.migrate === 'in-place') {
    const pool = testPool(database.url, 1);
    try {
      await migrate(pool, await readMigrations(), { logger: silentLogger });
      await installJobQueue(pool, silentLogger);
    } finally {
      await pool.end();
    }
  }
  return database;
}

/**
 * A pool on a test database. pool.end() resolves before its connections have closed, so dropping
 * the database (WITH FORCE) can end one that is still closing: its error must not reach the run as
 * unhandled (57P01, seen in CI).
 */
export function testPool(url: string, max: number, options: Omit<pg.PoolConfig, 'connectionString' | 'max'> = {}): pg.Pool {
  const pool = new pg.Pool({ ...options, connectionString: url, max });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** What useTestDatabase hands back, filled in once its beforeAll has run. */
export interface UsedDatabase {
  database: TestDatabase;
  /** A small pool on it, for the test's own queries. */
  pool: pg.Pool;
}

/**
 * The database half of useTestApp (./app.ts), for tests that need a database but no app: a fresh
 * one (migrated unless `migrate: false`) and a pool on it, for the calling file or describe, both
 * gone afterwards (after the file's own afterAll hooks, which vitest runs first).
 */
export function useTestDatabase(options: { migrate?: boolean; poolMax?: number } = {}): UsedDatabase {
  const used = {} as UsedDatabase;
  beforeAll(async () => {
    used.database = await createTestDatabase({ migrate: options.migrate ?? true });
    used.pool = testPool(used.database.url, options.poolMax ?? 2);
  });
  afterAll(async () => {
    await used.pool?.end();
    await used.database?.drop();
  });
  return used;
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
