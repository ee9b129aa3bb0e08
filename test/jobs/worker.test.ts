// The worker's fetch delay (JOB_FETCH_DELAY_MS): every command adds a job due in hours, and
// graphile-worker announces each one; the worker must not query for jobs once per announcement,
// yet a job due now must still run promptly. And a job finishing while the background pool is
// busy. Checked with a real worker on a real database.

import type { Runner } from 'graphile-worker';
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { endWhenDrained, ownPool } from '../../src/db/pools.ts';
import { startWorker } from '../../src/jobs/worker.ts';
import { silentLogger, testPool, useTestDatabase } from '../support/database.ts';

const db = useTestDatabase({ migrate: true });
let runner: Runner | undefined;

afterEach(async () => {
  await runner?.stop();
  runner = undefined;
});

/** Starts a worker with one task, `ping`; counts its looks for jobs and when each ping ran. */
async function worker(fetchDelayMs: number) {
  const pinged: number[] = [];
  runner = await startWorker(db.pool, { ping: async () => void pinged.push(Date.now()) }, { concurrency: 2, pollIntervalMs: 1000, fetchDelayMs }, silentLogger);
  const looks = { count: 0 };
  // With a local queue it fetches in batches; without, each worker asks for one job.
  runner.events.on('localQueue:getJobs:complete', () => looks.count++);
  runner.events.on('worker:getJob:start', () => looks.count++);
  // Let the start-up fetches pass before counting.
  await new Promise((r) => setTimeout(r, 200));
  looks.count = 0;
  return { pinged, looks };
}

/** Adds `n` jobs due in an hour, one statement each (as n commands would); returns the ms it took. */
async function addFutureJobs(n: number): Promise<number> {
  const started = Date.now();
  for (let i = 0; i < n; i++) await db.pool.query(`SELECT graphile_worker.add_job('ping', '{}'::json, run_at := now() + interval '1 hour')`);
  // The last announcements reach the worker a moment after their commit.
  await new Promise((r) => setTimeout(r, 50));
  return Date.now() - started;
}

async function until(done: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
}

describe('the worker under a stream of new jobs (JOB_FETCH_DELAY_MS)', () => {
  it('looks for jobs about once per delay, not once per new job', async () => {
    const { looks } = await worker(25);
    const elapsed = await addFutureJobs(200);
    // The delay is randomised between 0.5× and 1.5×: at most one look per 12.5 ms, plus the first.
    expect(looks.count).toBeLessThanOrEqual(Math.ceil(elapsed / 12.5) + 2);
    // Fewer looks than jobs however slow the machine (on a loaded one the 200 statements take long
    // enough for ~50 delays to pass; on a quiet one the looks are far fewer).
    expect(looks.count).toBeLessThan(200 / 2);
  });

  it('with no delay (0), looks at nearly every announcement: what the delay saves', async () => {
    const { looks } = await worker(0);
    await addFutureJobs(200);
    expect(looks.count).toBeGreaterThan(200 / 4);
  });

  it('still runs a job due now within the delay, even right after an empty look', async () => {
    const { pinged } = await worker(25);
    await addFutureJobs(20); // the worker has just looked and found nothing due
    const added = Date.now();
    await db.pool.query(`SELECT graphile_worker.add_job('ping', '{}'::json)`);
    await until(() => pinged.length > 0, 2_000);
    expect(pinged).toHaveLength(1);
    // 1.5 × 25 ms at most for the delay, with room for a busy CI machine.
    expect(pinged[0]! - added).toBeLessThan(500);
  });
});

describe('a job that finishes while every background connection is busy', () => {
  it('is marked complete once one is free, with no unhandled rejection (which would crash the service)', async () => {
    // graphile-worker marks a job complete without awaiting it, retrying only errors with certain
    // codes; pg-pool's "timeout exceeded when trying to connect" has none. So the background pool
    // waits for a connection far longer than the request pool (100 ms here) would, and is ended
    // only once nobody waits for one (below).
    const requestPool = testPool(db.database.url, 2, { connectionTimeoutMillis: 100 });
    const background = ownPool(requestPool, 3);
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => void rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    const held: pg.PoolClient[] = [];
    try {
      let ran = false;
      const busy = async () => {
        // Take every connection the pool can give: graphile-worker's listener holds one.
        while (background.totalCount < 3 || background.idleCount > 0) held.push(await background.connect());
        ran = true;
      };
      runner = await startWorker(background, { busy }, { concurrency: 1, pollIntervalMs: 1000, fetchDelayMs: 0 }, silentLogger);
      await db.pool.query(`SELECT graphile_worker.add_job('busy', '{}'::json)`);
      await until(() => ran, 5_000);
      expect(ran).toBe(true);
      // Three times the timeout: the completion is waiting for a connection.
      await new Promise((r) => setTimeout(r, 300));
      for (const client of held.splice(0)) client.release();
      const remaining = async () => Number((await db.pool.query('SELECT count(*) FROM graphile_worker.jobs WHERE task_identifier = $$busy$$')).rows[0].count);
      const end = Date.now() + 5_000;
      while ((await remaining()) > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      expect(await remaining()).toBe(0);
      expect(rejections).toEqual([]);
    } finally {
      for (const client of held) client.release();
      await runner?.stop();
      runner = undefined;
      process.off('unhandledRejection', onRejection);
      await background.end();
      await requestPool.end();
    }
  });
});

describe('ending the background pool (endWhenDrained)', () => {
  it('serves a request still waiting for a connection first, as a job completion can be when its worker stops', async () => {
    const requestPool = testPool(db.database.url, 1, { connectionTimeoutMillis: 100 });
    const background = ownPool(requestPool, 1);
    const busy = await background.connect();
    const waiting = background.connect().then((client) => (client.release(), 'served'));
    expect(background.waitingCount).toBe(1);
    // pg-pool's own `end` would never serve it: it would fail at its timeout, unhandled in graphile-worker.
    await Promise.all([endWhenDrained(background), new Promise((resolve) => setTimeout(() => resolve(busy.release()), 300))]);
    expect(await waiting).toBe('served');
    expect(background.ended).toBe(true);
    await requestPool.end();
  });
});
