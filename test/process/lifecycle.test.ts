// The service as a newcomer runs it: `npm start` on the embedded Postgres, stopped and started
// again, started twice, killed. Real processes, real servers, a throw-away DATA_DIR. With
// DATABASE_URL instead: ./start-with-database-url.test.ts.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterDir, embeddedDatabaseUrl } from '../../src/db/embedded-postgres.ts';
import { parseLogLine, startService, runUntilExit, stopLeftoverServices } from '../support/service-process.ts';

let dataDir: string;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hs-lifecycle-'));
  fs.chmodSync(dataDir, 0o755); // under root the embedded server runs as `postgres`, which must reach it
});

afterAll(async () => {
  await stopLeftoverServices();
  stopPostmaster(clusterDir(dataDir)); // in case a failed test left one orphaned
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const embedded = () => ({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info' });

async function query<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<T[]> {
  const url = embeddedDatabaseUrl(dataDir);
  if (!url) throw new Error('the embedded Postgres is not running');
  const client = new pg.Client(url);
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

const migrationHistory = () => query<{ id: string; migration_name: string }>('SELECT id, migration_name FROM _prisma_migrations ORDER BY migration_name');

describe('npm start on the embedded Postgres', () => {
  it('keeps its data across restarts, refuses a second instance, and survives being killed', async () => {
    // First start: creates the cluster, migrates, serves.
    const first = await startService(embedded());
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${first.url}/readyz`)).json()).toMatchObject({ status: 'ready' });
    expect(first.stdout()).toContain(`"docs":"${first.url}/docs"`);
    await query(`INSERT INTO games (module, options) VALUES ('helter-skelter', '{"map":"dan-tanna"}')`);
    const history = await migrationHistory();
    expect(history.length).toBeGreaterThan(0);

    // A second instance on the same data directory is refused, and harms nothing.
    const second = await runUntilExit(embedded());
    expect(second.code).toBe(1);
    expect(second.stderr.trim()).toMatch(
      new RegExp(`^error: DATA_DIR .* is in use by another running instance of this service \\(pid ${first.child.pid},`),
    );
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);

    // SIGTERM: a clean stop, the database with it.
    expect(await first.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(fs.existsSync(path.join(clusterDir(dataDir), 'postmaster.pid'))).toBe(false);
    expect(first.stdout()).toContain('"msg":"stopped"');

    // Restart: same rows, no migration applied twice.
    const third = await startService(embedded());
    expect(await query('SELECT module, options FROM games')).toEqual([{ module: 'helter-skelter', options: { map: 'dan-tanna' } }]);
    expect(await migrationHistory()).toEqual(history);
    expect(third.stdout()).not.toContain('creating the embedded Postgres cluster');

    // Killed outright: its Postgres is orphaned; the next start stops it and carries on.
    const orphan = embeddedPostmasterPid();
    expect(await third.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    expect(isAlive(orphan)).toBe(true);
    const fourth = await startService(embedded());
    expect(isAlive(orphan)).toBe(false);
    expect(fourth.stdout().split('\n').map(parseLogLine).some((line) => line?.msg === 'stopping the embedded Postgres left running by a service process that died')).toBe(true);
    expect(await query('SELECT count(*)::int AS games FROM games')).toEqual([{ games: 1 }]);
    expect((await fetch(`${fourth.url}/readyz`)).status).toBe(200);
    expect(await fourth.stop('SIGINT')).toEqual({ code: 0, signal: null });
  }, 120_000);
});

function embeddedPostmasterPid(): number {
  return Number(fs.readFileSync(path.join(clusterDir(dataDir), 'postmaster.pid'), 'utf8').split('\n')[0]);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function stopPostmaster(pgdata: string): void {
  try {
    process.kill(Number(fs.readFileSync(path.join(pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]), 'SIGINT');
  } catch {
    // not running
  }
}
