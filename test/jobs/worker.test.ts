// The worker's fetch delay (JOB_FETCH_DELAY_MS): every command adds a job due in hours, and
// graphile-worker announces each one; the worker must not query for jobs once per announcement,
// yet a job due now must still run promptly. Checked with a real worker on a real database.

import type { Runner } from 'graphile-worker';
import { afterEach, describe, expect, it } from 'vitest';
import { startWorker } from '../../src/jobs/worker.ts';
import { silentLogger, useTestDatabase } from '../support/database.ts';

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
