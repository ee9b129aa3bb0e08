// Runs the queue's jobs in this process. Every server process runs one: graphile-worker locks
// each job row while it runs (FOR UPDATE SKIP LOCKED), so a job runs in one process only.

import { run, type Runner, type TaskList } from 'graphile-worker';
import type pg from 'pg';
import type { Logger } from '../config/logger.ts';
import { graphileLogger } from './queue.ts';

export interface WorkerSettings {
  /** Jobs run at once in this process. */
  concurrency: number;
  /**
   * How often to look for jobs that became due (deadlines, retries). Jobs due now are picked up at
   * once (LISTEN/NOTIFY); deadlines set by this process are also woken on time by `Alarm`.
   */
  pollIntervalMs: number;
}

export async function startWorker(pool: pg.Pool, tasks: TaskList, settings: WorkerSettings, logger: Logger): Promise<Runner> {
  return run({
    pgPool: pool,
    taskList: tasks,
    concurrency: settings.concurrency,
    pollInterval: settings.pollIntervalMs,
    noHandleSignals: true,
    logger: graphileLogger(logger),
  });
}
