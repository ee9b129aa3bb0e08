// Applies prisma/migrations at start-up, without Prisma's downloadable schema engine, and records
// them exactly as `prisma migrate deploy` does: same `_prisma_migrations` table, same checksum
// (sha256 hex of migration.sql), same advisory lock. So `prisma migrate deploy` or `migrate status`
// run later on a connected machine see these migrations as applied, and the two never run at once.
//
// Each migration runs in its own transaction together with its `_prisma_migrations` row: it is
// applied and recorded entirely, or not at all. A migration therefore cannot use statements that
// refuse to run in a transaction (CREATE INDEX CONCURRENTLY, ALTER TYPE … ADD VALUE before PG 12).

import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { PROJECT_ROOT } from '../config/config.ts';
import type { Logger } from '../config/logger.ts';
import { StartupError } from '../config/startup-error.ts';

export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'prisma', 'migrations');

/** The key Prisma Migrate locks ("72707369 is a unique number we chose to identify Migrate"). */
export const PRISMA_MIGRATE_LOCK = 72707369;

/** Prisma's own DDL for its history table (schema engine, PostgreSQL flavour). */
const HISTORY_TABLE_DDL = `
CREATE TABLE IF NOT EXISTS _prisma_migrations (
    id                      VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum                VARCHAR(64) NOT NULL,
    finished_at             TIMESTAMPTZ,
    migration_name          VARCHAR(255) NOT NULL,
    logs                    TEXT,
    rolled_back_at          TIMESTAMPTZ,
    started_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count     INTEGER NOT NULL DEFAULT 0
);`;

export interface Migration {
  /** The directory name, `<timestamp>_<name>`; migrations apply in the order of their names. */
  name: string;
  sql: string;
}

export class MigrationError extends StartupError {
  override name = 'MigrationError';
}

/** Reads `prisma/migrations/*\/migration.sql`, in the order Prisma applies them. */
export async function readMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const lock = await fs.readFile(path.join(dir, 'migration_lock.toml'), 'utf8').catch(() => undefined);
  if (lock !== undefined && !/^provider\s*=\s*"postgresql"\s*$/m.test(lock)) {
    throw new MigrationError(`${path.join(dir, 'migration_lock.toml')} is not for provider "postgresql"`);
  }
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name, 'migration.sql');
      const sql = await fs.readFile(file, 'utf8').catch(() => {
        throw new MigrationError(`migration ${name} has no migration.sql (${file})`);
      });
      return { name, sql };
    }),
  );
}

/** Prisma's checksum of a migration script: sha256 of its text, as 64 lowercase hex digits. */
export function prismaChecksum(sql: string): string {
  return createHash('sha256').update(sql, 'utf8').digest('hex');
}

/**
 * Whether a script matches a recorded checksum, as Prisma decides it: line endings do not matter
 * (git may have converted them), and old Prisma versions recorded hex digits without zero padding.
 */
export function matchesChecksum(sql: string, checksum: string): boolean {
  const variants = [sql, sql.replaceAll('\r\n', '\n'), sql.replaceAll('\r\n', '\n').replaceAll('\n', '\r\n')];
  return variants.some((variant) => {
    const digest = createHash('sha256').update(variant, 'utf8').digest();
    const padded = digest.toString('hex');
    const unpadded = [...digest].map((byte) => byte.toString(16)).join('');
    return checksum === (checksum.length === 64 ? padded : unpadded);
  });
}

interface HistoryRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

export interface MigrateOptions {
  logger: Logger;
  /** How long to wait for another process (another instance, or `prisma migrate`) holding the lock. */
  lockTimeoutMs?: number;
}

/** Applies every migration not yet applied; returns the names it applied. */
export async function migrate(pool: pg.Pool, migrations: Migration[], options: MigrateOptions): Promise<string[]> {
  const { logger, lockTimeoutMs = 60_000 } = options;
  const client = await pool.connect();
  try {
    await acquireLock(client, lockTimeoutMs);
    try {
      await client.query(HISTORY_TABLE_DDL);
      const history = (
        await client.query<HistoryRow>(
          'SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY started_at',
        )
      ).rows;
      const pending = planMigrations(migrations, history, logger);
      for (const migration of pending) await applyOne(client, migration, logger);
      return pending.map((migration) => migration.name);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_MIGRATE_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** Names of the migrations not applied to the database; all of them when it has no history table. */
export async function pendingMigrations(db: pg.Pool | pg.ClientBase, migrations: Migration[]): Promise<string[]> {
  const applied = new Set<string>();
  try {
    const result = await db.query<{ migration_name: string }>(
      'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
    );
    for (const row of result.rows) applied.add(row.migration_name);
  } catch (error) {
    if ((error as { code?: string }).code !== '42P01') throw error; // undefined_table
  }
  return migrations.map((migration) => migration.name).filter((name) => !applied.has(name));
}

function planMigrations(migrations: Migration[], history: HistoryRow[], logger: Logger): Migration[] {
  const failed = history.find((row) => row.finished_at === null && row.rolled_back_at === null);
  if (failed) {
    // Prisma's P3009: a migration started and never finished; a person must look at the database.
    throw new MigrationError(
      `migration ${failed.migration_name} failed in an earlier attempt and is still recorded as started; fix the database, then run \`prisma migrate resolve --rolled-back ${failed.migration_name}\` (or delete its row from _prisma_migrations)`,
    );
  }
  const applied = new Map(history.filter((row) => row.rolled_back_at === null).map((row) => [row.migration_name, row]));
  for (const migration of migrations) {
    const row = applied.get(migration.name);
    if (row && !matchesChecksum(migration.sql, row.checksum)) {
      throw new MigrationError(
        `migration ${migration.name} was changed after it was applied (checksum differs from _prisma_migrations); restore the file and add a new migration instead`,
      );
    }
  }
  const known = new Set(migrations.map((migration) => migration.name));
  const unknown = [...applied.keys()].filter((name) => !known.has(name));
  if (unknown.length > 0) {
    logger.warn({ migrations: unknown }, 'the database has migrations this version does not know (a newer version ran here?)');
  }
  return migrations.filter((migration) => !applied.has(migration.name));
}

async function acquireLock(client: pg.PoolClient, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [PRISMA_MIGRATE_LOCK]);
    if (rows[0]?.locked) return;
    if (Date.now() > deadline) {
      throw new MigrationError(
        `another process has held the migration lock (pg_advisory_lock ${PRISMA_MIGRATE_LOCK}) for more than ${timeoutMs / 1000} s; is a migration stuck?`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function applyOne(client: pg.PoolClient, migration: Migration, logger: Logger): Promise<void> {
  const started = Date.now();
  const id = randomUUID();
  await client.query('BEGIN');
  try {
    await client.query(
      'INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)',
      [id, prismaChecksum(migration.sql), migration.name],
    );
    await client.query(migration.sql);
    await client.query('UPDATE _prisma_migrations SET finished_at = now(), applied_steps_count = 1 WHERE id = $1', [id]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw new MigrationError(`migration ${migration.name} failed and was rolled back: ${describeSqlError(error, migration.sql)}`);
  }
  logger.info({ migration: migration.name, ms: Date.now() - started }, 'migration applied');
}

function describeSqlError(error: unknown, sql: string): string {
  const { message, position } = error as { message?: string; position?: string };
  if (!position) return message ?? String(error);
  const line = sql.slice(0, Number(position)).split('\n').length;
  return `${message} (migration.sql line ${line})`;
}
