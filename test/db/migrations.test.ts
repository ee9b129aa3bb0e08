// The start-up migration runner: applies prisma/migrations once, records them exactly as
// `prisma migrate deploy` would, and never leaves a half-applied migration behind.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  matchesChecksum,
  migrate,
  MigrationError,
  MIGRATIONS_DIR,
  pendingMigrations,
  prismaChecksum,
  PRISMA_MIGRATE_LOCK,
  readMigrations,
  type Migration,
} from '../../src/db/migrations.ts';
import { createTestDatabase, silentLogger, testPool, type TestDatabase } from '../support/database.ts';

let migrations: Migration[];
const cleanup: Array<() => Promise<void>> = [];

beforeAll(async () => {
  migrations = await readMigrations();
});

afterEach(async () => {
  await Promise.all(cleanup.splice(0).map((step) => step()));
});

afterAll(async () => {
  await Promise.all(cleanup.splice(0).map((step) => step()));
});

/** An empty database and a pool on it, both removed after the test. */
async function emptyDatabase(): Promise<{ database: TestDatabase; pool: pg.Pool }> {
  const database = await createTestDatabase();
  const pool = testPool(database.url, 3);
  cleanup.push(async () => {
    await pool.end();
    await database.drop();
  });
  return { database, pool };
}

const run = (pool: pg.Pool, list: Migration[] = migrations) => migrate(pool, list, { logger: silentLogger, lockTimeoutMs: 5_000 });

describe('prisma/migrations', () => {
  it('are laid out as Prisma lays them out', () => {
    expect(fs.readFileSync(path.join(MIGRATIONS_DIR, 'migration_lock.toml'), 'utf8')).toMatch(/^provider = "postgresql"$/m);
    expect(migrations.length).toBeGreaterThan(0);
    for (const migration of migrations) expect(migration.name).toMatch(/^\d{14}_[a-z0-9_]+$/);
    expect(migrations.map((migration) => migration.name)).toEqual(migrations.map((migration) => migration.name).sort());
  });
});

describe('checksums', () => {
  it("are Prisma's: sha256 of migration.sql as 64 lowercase hex digits", () => {
    // The vector from the schema engine's own test (checksum.rs).
    expect(prismaChecksum('hello')).toBe('2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824');
  });

  it('match across line endings and the unpadded form older Prisma versions recorded', () => {
    const checksum = prismaChecksum('ab\ncd\n');
    expect(matchesChecksum('ab\r\ncd\r\n', checksum)).toBe(true);
    expect(matchesChecksum('ab\ncd\n', prismaChecksum('ab\r\ncd\r\n'))).toBe(true);
    expect(matchesChecksum('hello', '2cf24dba5fb0a3e26e83b2ac5b9e29e1b161e5c1fa7425e7343362938b9824')).toBe(true);
    expect(matchesChecksum('abc\n', prismaChecksum('abc'))).toBe(false);
  });
});

describe('migrate', () => {
  it('applies every migration and records it with Prisma’s columns and checksum', async () => {
    const { pool } = await emptyDatabase();
    expect(await pendingMigrations(pool, migrations)).toEqual(migrations.map((migration) => migration.name));

    expect(await run(pool)).toEqual(migrations.map((migration) => migration.name));

    const rows = (await pool.query('SELECT * FROM _prisma_migrations ORDER BY migration_name')).rows;
    expect(rows).toHaveLength(migrations.length);
    for (const [i, row] of rows.entries()) {
      const file = fs.readFileSync(path.join(MIGRATIONS_DIR, migrations[i]!.name, 'migration.sql'));
      expect(row).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
        checksum: createHash('sha256').update(file).digest('hex'),
        finished_at: expect.any(Date),
        migration_name: migrations[i]!.name,
        logs: null,
        rolled_back_at: null,
        started_at: expect.any(Date),
        applied_steps_count: 1,
      });
      expect(row.finished_at.getTime()).toBeGreaterThanOrEqual(row.started_at.getTime());
    }
    expect(await pendingMigrations(pool, migrations)).toEqual([]);
  });

  it('creates the history table exactly as Prisma’s schema engine does', async () => {
    const { pool } = await emptyDatabase();
    await run(pool);
    const columns = await pool.query(`
      SELECT column_name, data_type, character_maximum_length AS length, is_nullable, column_default
      FROM information_schema.columns WHERE table_name = '_prisma_migrations' ORDER BY ordinal_position`);
    expect(columns.rows).toEqual([
      { column_name: 'id', data_type: 'character varying', length: 36, is_nullable: 'NO', column_default: null },
      { column_name: 'checksum', data_type: 'character varying', length: 64, is_nullable: 'NO', column_default: null },
      { column_name: 'finished_at', data_type: 'timestamp with time zone', length: null, is_nullable: 'YES', column_default: null },
      { column_name: 'migration_name', data_type: 'character varying', length: 255, is_nullable: 'NO', column_default: null },
      { column_name: 'logs', data_type: 'text', length: null, is_nullable: 'YES', column_default: null },
      { column_name: 'rolled_back_at', data_type: 'timestamp with time zone', length: null, is_nullable: 'YES', column_default: null },
      { column_name: 'started_at', data_type: 'timestamp with time zone', length: null, is_nullable: 'NO', column_default: 'now()' },
      { column_name: 'applied_steps_count', data_type: 'integer', length: null, is_nullable: 'NO', column_default: '0' },
    ]);
    const key = await pool.query(`SELECT conname FROM pg_constraint WHERE conrelid = '_prisma_migrations'::regclass AND contype = 'p'`);
    expect(key.rows).toEqual([{ conname: '_prisma_migrations_pkey' }]);
  });

  it('is idempotent: a second run applies nothing and leaves the history as it was', async () => {
    const { pool } = await emptyDatabase();
    await run(pool);
    const before = (await pool.query('SELECT * FROM _prisma_migrations ORDER BY migration_name')).rows;
    expect(await run(pool)).toEqual([]);
    expect((await pool.query('SELECT * FROM _prisma_migrations ORDER BY migration_name')).rows).toEqual(before);
  });

  it('applies each migration once when several instances start together', async () => {
    const { database, pool } = await emptyDatabase();
    const others = [1, 2].map(() => testPool(database.url, 1));
    cleanup.unshift(async () => void (await Promise.all(others.map((other) => other.end()))));
    const applied = await Promise.all([run(pool), ...others.map((other) => run(other))]);
    expect(applied.flat().sort()).toEqual(migrations.map((migration) => migration.name));
    const counts = await pool.query('SELECT migration_name, count(*)::int AS n FROM _prisma_migrations GROUP BY 1');
    expect(counts.rows.every((row) => row.n === 1)).toBe(true);
  });

  it('applies only what is new when a migration is added', async () => {
    const { pool } = await emptyDatabase();
    await run(pool);
    const added = { name: '29990101000000_add_note', sql: 'ALTER TABLE "games" ADD COLUMN "note" TEXT;\n' };
    expect(await run(pool, [...migrations, added])).toEqual([added.name]);
    expect((await pool.query(`SELECT checksum FROM _prisma_migrations WHERE migration_name = $1`, [added.name])).rows).toEqual([
      { checksum: prismaChecksum(added.sql) },
    ]);
  });

  it('marks games stored before keyed shuffles as rules edition 1, set-up and cached states alike', async () => {
    const { pool } = await emptyDatabase();
    const at = migrations.findIndex((m) => m.name.endsWith('_rules_edition_1'));
    expect(at).toBeGreaterThan(0);
    await run(pool, migrations.slice(0, at));
    const setup = { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine' }], seed: 'old' };
    const { rows } = await pool.query(`INSERT INTO games (module, status, options) VALUES ('helter-skelter', 'active', $1) RETURNING id`, [
      JSON.stringify({ setup, public: {} }),
    ]);
    const id = rows[0].id as string;
    await pool.query(`INSERT INTO snapshots (game_id, version, state) VALUES ($1, 10, $2)`, [id, JSON.stringify({ rng: 123, windows: 3 })]);
    await run(pool);
    const game = await pool.query(`SELECT options->'setup' AS setup FROM games WHERE id = $1`, [id]);
    expect(game.rows[0].setup).toEqual({ ...setup, edition: 1, generator: 'mulberry32' });
    const snapshot = await pool.query(`SELECT state FROM snapshots WHERE game_id = $1`, [id]);
    expect(snapshot.rows[0].state).toEqual({ rng: 123, windows: 3, edition: 1 });
  });

  it('gives the games stored before `created_by` their creator from `options.createdBy`', async () => {
    const { pool } = await emptyDatabase();
    const at = migrations.findIndex((m) => m.name.endsWith('_games_know_their_creator'));
    expect(at).toBeGreaterThan(0);
    await run(pool, migrations.slice(0, at));
    const account = await pool.query(`INSERT INTO accounts (handle, email, password_hash) VALUES ('maker', 'maker@example.com', 'x') RETURNING id`);
    const maker = account.rows[0].id as string;
    const insert = (options: object) =>
      pool.query(`INSERT INTO games (module, status, options) VALUES ('helter-skelter', 'open', $1) RETURNING id`, [JSON.stringify(options)]);
    const made = (await insert({ createdBy: maker })).rows[0].id as string;
    const orphan = (await insert({ createdBy: '00000000-0000-4000-8000-000000000000' })).rows[0].id as string;
    const none = (await insert({})).rows[0].id as string;
    await run(pool);
    const { rows } = await pool.query(`SELECT id, created_by FROM games`);
    const creatorOf = new Map(rows.map((row) => [row.id as string, row.created_by as string | null]));
    expect(creatorOf).toEqual(new Map([[made, maker], [orphan, null], [none, null]]));
  });

  it('rolls back a failing migration entirely: no table, no history row', async () => {
    const { pool } = await emptyDatabase();
    const broken = { name: '29990101000000_broken', sql: 'CREATE TABLE half_done (id integer);\nSELECT * FROM no_such_table;\n' };
    const error = await run(pool, [...migrations, broken]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as Error).message).toBe(
      'migration 29990101000000_broken failed and was rolled back: relation "no_such_table" does not exist (migration.sql line 2)',
    );
    expect((await pool.query(`SELECT to_regclass('half_done') AS t`)).rows).toEqual([{ t: null }]);
    expect((await pool.query('SELECT migration_name FROM _prisma_migrations ORDER BY 1')).rows.map((row) => row.migration_name)).toEqual(
      migrations.map((migration) => migration.name),
    );
    expect(await run(pool)).toEqual([]); // the earlier migrations stay applied
  });

  it('refuses a migration that was edited after it was applied', async () => {
    const { pool } = await emptyDatabase();
    await run(pool);
    const edited = migrations.map((migration, i) => (i === 0 ? { ...migration, sql: `${migration.sql}\n-- edited\n` } : migration));
    await expect(run(pool, edited)).rejects.toThrow(/^migration \S+ was changed after it was applied/);
  });

  it('accepts an applied migration whose line endings git converted', async () => {
    const { pool } = await emptyDatabase();
    await run(pool);
    const converted = migrations.map((migration) => ({ ...migration, sql: migration.sql.replaceAll('\n', '\r\n') }));
    expect(await run(pool, converted)).toEqual([]);
  });

  it('refuses to go on while a migration is recorded as started but not finished (Prisma’s P3009)', async () => {
    const { pool } = await emptyDatabase();
    await run(pool);
    await pool.query(`UPDATE _prisma_migrations SET finished_at = NULL`);
    await expect(run(pool)).rejects.toThrow(/failed in an earlier attempt .*prisma migrate resolve --rolled-back/);
  });

  it('waits for, then gives up on, a migration lock held by someone else (e.g. prisma migrate)', async () => {
    const { database, pool } = await emptyDatabase();
    const holder = new pg.Client(database.url);
    await holder.connect();
    cleanup.unshift(() => holder.end());
    await holder.query('SELECT pg_advisory_lock($1)', [PRISMA_MIGRATE_LOCK]);
    await expect(migrate(pool, migrations, { logger: silentLogger, lockTimeoutMs: 300 })).rejects.toThrow(
      /another process has held the migration lock \(pg_advisory_lock 72707369\)/,
    );
    await holder.query('SELECT pg_advisory_unlock($1)', [PRISMA_MIGRATE_LOCK]);
    expect(await run(pool)).toHaveLength(migrations.length);
  });

  it('releases the lock when it is done', async () => {
    const { pool } = await emptyDatabase();
    await run(pool);
    // This database's only: other test files migrate their own databases on the same server meanwhile.
    const locks = await pool.query(
      `SELECT count(*)::int AS n FROM pg_locks
        WHERE locktype = 'advisory' AND objid = $1 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      [PRISMA_MIGRATE_LOCK],
    );
    expect(locks.rows).toEqual([{ n: 0 }]);
  });
});
