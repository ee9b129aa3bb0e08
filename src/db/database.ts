// The service's database, two ways: the Postgres that DATABASE_URL names, or an embedded one under
// DATA_DIR. Either way, opening it waits until the server answers and applies pending migrations.

import pg from 'pg';
import type { Config } from '../config/config.ts';
import type { Logger } from '../config/logger.ts';
import { StartupError } from '../config/startup-error.ts';
import { EmbeddedPostgres } from './embedded-postgres.ts';
import { migrate, pendingMigrations, readMigrations, type Migration } from './migrations.ts';
import { createPrismaClient, type PrismaClient } from './prisma.ts';

/** `reason` is safe to show to any client; `cause` (host names, driver messages) is for the logs. */
export type Readiness = { ready: true; appliedMigrations: number } | { ready: false; reason: string; cause?: string };

export interface Database {
  pool: pg.Pool;
  prisma: PrismaClient;
  /** Whether the database answers and every migration this version knows is applied. */
  readiness(): Promise<Readiness>;
  /** Disconnects, then stops the embedded server if there is one. */
  close(): Promise<void>;
}

type DatabaseConfig = Pick<Config, 'databaseUrl' | 'databasePoolMax' | 'databaseConnectTimeoutMs' | 'dataDir' | 'embeddedPostgresPort'> &
  Partial<Pick<Config, 'dataDirIsDefault'>>;

const READINESS_TIMEOUT_MS = 2_000;

export interface OpenOptions {
  /**
   * Run after the migrations, before the database is handed out: the job queue's own schema
   * (src/jobs/queue.ts, installJobQueue). Passed in by the caller, so src/db knows no job queue.
   */
  prepare?: (pool: pg.Pool, logger: Logger) => Promise<void>;
}

export async function openDatabase(config: DatabaseConfig, logger: Logger, options: OpenOptions = {}): Promise<Database> {
  const migrations = await readMigrations();
  const embedded = config.databaseUrl
    ? undefined
    : await EmbeddedPostgres.start({ dataDir: config.dataDir, dataDirIsDefault: config.dataDirIsDefault, port: config.embeddedPostgresPort, logger });
  const url = config.databaseUrl ?? embedded!.url;
  let pool: pg.Pool | undefined;
  try {
    await waitForServer(url, {
      label: embedded ? 'embedded Postgres' : 'DATABASE_URL',
      timeoutMs: embedded ? 5_000 : config.databaseConnectTimeoutMs,
      logger,
    });
    pool = createPool(url, config.databasePoolMax, logger);
    const applied = await migrate(pool, migrations, { logger });
    await options.prepare?.(pool, logger);
    logger.info({ applied: applied.length, total: migrations.length }, 'database schema is up to date');
    return databaseOver(pool, migrations, embedded);
  } catch (error) {
    await pool?.end().catch(() => undefined);
    await embedded?.stop();
    throw error;
  }
}

/** A Database over an existing pool, e.g. a test's own database. */
export function databaseOver(pool: pg.Pool, migrations: Migration[], embedded?: EmbeddedPostgres): Database {
  const prisma = createPrismaClient(pool);
  let closed = false;
  return {
    pool,
    prisma,
    readiness: () => checkReadiness(pool, migrations),
    async close() {
      if (closed) return;
      closed = true;
      await prisma.$disconnect();
      await pool.end();
      await embedded?.stop();
    },
  };
}

/**
 * How long a pooled connection may sit idle before it is closed: ten minutes, PgBouncer's default
 * for its server connections. A new connection costs Postgres a fork, cold caches and every named
 * statement prepared again, and a pool that shrinks soon after a busy spell pays that again at the
 * next one. Closing many at once is not free either: when ten connections that a burst had opened
 * closed together, both cores of the benchmark machine spent 100–180 ms in the kernel on Postgres's
 * page faults (docs/performance.md, "Y's tail").
 */
const IDLE_CONNECTION_MS = 600_000;

export function createPool(url: string, max: number, logger: Logger): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5_000, idleTimeoutMillis: IDLE_CONNECTION_MS });
  // An idle client losing its connection (server restart, failover) must not crash the process.
  pool.on('error', (error) => logger.warn({ err: error }, 'idle database connection failed'));
  // A checked-out client losing its connection too: its query fails, the process carries on.
  pool.on('connect', (client) => client.on('error', (error) => logger.warn({ err: error }, 'database connection failed')));
  return pool;
}

async function checkReadiness(pool: pg.Pool, migrations: Migration[]): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Readiness>((resolve) => {
    timer = setTimeout(
      () => resolve({ ready: false, reason: `the database did not answer within ${READINESS_TIMEOUT_MS / 1000} s` }),
      READINESS_TIMEOUT_MS,
    );
  });
  const check = pendingMigrations(pool, migrations).then(
    (pending): Readiness =>
      pending.length === 0
        ? { ready: true, appliedMigrations: migrations.length }
        : { ready: false, reason: `${pending.length} migration(s) not applied: ${pending.join(', ')}` },
    (error: Error): Readiness => ({ ready: false, reason: 'the database is not reachable', cause: error.message }),
  );
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Waits until the server accepts a connection. Refusals that waiting cannot fix (wrong password,
 * unknown database) fail at once; an unreachable server is retried until `timeoutMs`.
 */
async function waitForServer(
  url: string,
  { label, timeoutMs, logger }: { label: string; timeoutMs: number; logger: Logger },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const target = describeTarget(url);
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      const { code, message } = error as { code?: string; message: string };
      if (code === '28P01' || code === '28000' || code === '3D000' || code === '42501') {
        throw new StartupError(`${label}: ${target} refused the connection: ${message}`);
      }
      if (Date.now() >= deadline) {
        throw new StartupError(`${label}: cannot reach ${target} (${code ?? message}) after ${Math.round(timeoutMs / 1000)} s`);
      }
      if (attempt === 1) logger.warn({ target, err: message }, 'database not reachable yet; retrying');
      await new Promise((resolve) => setTimeout(resolve, Math.min(1_000, 100 * attempt)));
    }
  }
}

/** host:port/database, without credentials. */
function describeTarget(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname || parsed.searchParams.get('host')}:${parsed.port || 5432}${parsed.pathname}`;
}
