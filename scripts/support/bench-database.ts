// The throw-away database every benchmark runs on: with DATABASE_URL, a fresh database on that
// server (created here, dropped at the end), so the figures are not those of a database full of
// games; without it, an embedded Postgres with fsync on, as `npm start` runs it.

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from '../../src/config/logger.ts';
import { migrate, readMigrations } from '../../src/db/migrations.ts';
import { EmbeddedPostgres } from '../../src/db/embedded-postgres.ts';

export interface BenchDatabase {
  url: string;
  /** Where it runs, for the report. */
  where: string;
  /** The server's processes, to measure the CPU they use; empty (unknown) for DATABASE_URL's server. */
  pids(): number[];
  close(): Promise<void>;
}

export async function openBenchDatabase(logger: Logger, prefix = 'hs_bench'): Promise<BenchDatabase> {
  const external = process.env.DATABASE_URL;
  if (external) {
    const name = `${prefix}_${randomBytes(4).toString('hex')}`;
    await onServer(external, `CREATE DATABASE ${name}`);
    const url = new URL(external);
    url.pathname = `/${name}`;
    const server = await serverProcesses(url.toString(), name);
    return {
      url: url.toString(),
      where: `DATABASE_URL's server, database ${name}`,
      pids: server.pids,
      // FORCE: ends the connections a worker may still hold.
      close: async () => {
        await server.stop();
        await onServer(external, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hs-bench-postgres-'));
  fs.chmodSync(dataDir, 0o755); // under root the server runs as `postgres`, which must reach it
  const server = await EmbeddedPostgres.start({ dataDir, port: 0, logger, durable: true });
  await warmWal(server.url);
  return {
    url: server.url,
    where: 'embedded Postgres (durable: fsync on, as npm start runs it)',
    pids: () => {
      const postmaster = Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
      return [postmaster, ...childrenOf(postmaster)];
    },
    async close() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What a benchmark writes to the WAL at most, about: 4 MB a second at 2,000 commands a second for four minutes. */
const WAL_TO_WARM_MB = 1024;
const WAL_SEGMENT_MB = 16;

/**
 * Gives a fresh cluster the WAL segments a server that has been running has. A new cluster has
 * none to reuse: until a checkpoint recycles the old ones, every 16 MB of WAL opens a new segment,
 * zero-filled while the commits behind it wait (`WalInitWrite`, every 4 s or so at 2,000 commands
 * a second), which a running server, reusing its segments, does not pay. So the segments are made
 * here, before anything is measured: each switch opens one, the checkpoint recycles them, and
 * `min_wal_size` keeps them all for reuse.
 */
async function warmWal(url: string): Promise<void> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    await client.query(`ALTER SYSTEM SET min_wal_size = '${WAL_TO_WARM_MB}MB'`);
    await client.query('SELECT pg_reload_conf()');
    await client.query('CREATE TABLE wal_warming (n int)');
    for (let i = 0; i < WAL_TO_WARM_MB / WAL_SEGMENT_MB; i++) {
      // A switch opens a new segment only when something was written since the last one.
      await client.query('INSERT INTO wal_warming VALUES ($1)', [i]);
      await client.query('SELECT pg_switch_wal()');
    }
    await client.query('DROP TABLE wal_warming');
    await client.query('CHECKPOINT');
  } finally {
    await client.end();
  }
}

/**
 * DATABASE_URL's server, when it runs on this machine: the backends of the bench's database and
 * the server's own background processes (WAL writer, checkpointer…), from pg_stat_activity, kept
 * fresh twice a second (a pool opens backends as it goes). Backends of other databases on the same
 * server are left out. Empty when the processes are not visible here (another machine).
 */
async function serverProcesses(url: string, database: string): Promise<{ pids(): number[]; stop(): Promise<void> }> {
  const client = new pg.Client(url);
  await client.connect();
  let pids: number[] = [];
  const refresh = async () => {
    const { rows } = await client.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = $1 OR backend_type <> 'client backend'`,
      [database],
    );
    pids = rows.map((r) => r.pid).filter((pid) => fs.existsSync(`/proc/${pid}/stat`));
  };
  await refresh();
  const timer = setInterval(() => void refresh().catch(() => undefined), 500);
  return {
    pids: () => pids,
    async stop() {
      clearInterval(timer);
      await client.end().catch(() => undefined);
    },
  };
}

/**
 * A new database on the same server as `url`'s, named after it with `suffix`, with the service's
 * schema: for a process run beside the service's (the soak's floor). `drop` removes it.
 */
export async function siblingDatabase(url: string, suffix: string, logger: Logger): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${new URL(url).pathname.slice(1) || 'postgres'}_${suffix}`.replace(/[^a-z0-9_]/gi, '_');
  await onServer(url, `CREATE DATABASE ${name}`);
  const sibling = new URL(url);
  sibling.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: sibling.toString(), max: 1 });
  try {
    await migrate(pool, await readMigrations(), { logger });
  } finally {
    await pool.end();
  }
  return {
    url: sibling.toString(),
    // FORCE: ends the connections a pool may still hold. The server may be gone already.
    drop: () => onServer(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined),
  };
}

async function onServer(url: string, sql: string): Promise<void> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The processes whose parent is `pid` (the embedded server's backends). */
export function childrenOf(pid: number): number[] {
  try {
    return fs
      .readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((entry) => {
        try {
          return /^PPid:\s+(\d+)$/m.exec(fs.readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1] === String(pid);
        } catch {
          return false;
        }
      })
      .map(Number);
  } catch {
    return [];
  }
}
