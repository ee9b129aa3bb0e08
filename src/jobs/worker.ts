// Runs the queue's jobs in this process. Every server process runs one: graphile-worker locks
// each job row while it runs (FOR UPDATE SKIP LOCKED), so a job runs in one process only.

import { parseCronItems, run, type CronItem, type Runner, type TaskList } from 'graphile-worker';
import type pg from 'pg';
import type { Logger } from '../config/logger.ts';
import { graphileLogger } from './queue.ts';

export interface WorkerSettings {
  /** Jobs run at once in this process. */
  concurrency: number;
  /**
   * How often to look for jobs that became due (retries, reminders, digests). Jobs due now are
   * picked up at once (LISTEN/NOTIFY). (Deadlines are not jobs: src/service/sweeper.ts.)
   */
  pollIntervalMs: number;
  /**
   * After a look for jobs finds none, how long (on average) to let new-job notifications pass
   * before looking again; 0: look at every one. A burst of deliveries (a notice to many
   * subscriptions, a digest) is announced job by job; looking once per announcement would cost a
   * query each. Capped at `pollIntervalMs`.
   */
  fetchDelayMs: number;
}

/**
 * `cron`: recurring jobs (graphile-worker's crontab, as items rather than a file). Every process
 * declares them; graphile-worker's `known_crontabs` makes each occurrence run once.
 */
export async function startWorker(pool: pg.Pool, tasks: TaskList, settings: WorkerSettings, logger: Logger, cron: CronItem[] = []): Promise<Runner> {
  return run({
    pgPool: pool,
    taskList: tasks,
    parsedCronItems: parseCronItems(cron),
    concurrency: settings.concurrency,
    pollInterval: settings.pollIntervalMs,
    noHandleSignals: true,
    // A local queue as large as the concurrency: jobs are fetched in batches, and an empty fetch
    // starts the delay. `maxAbortThreshold: Infinity`: no burst of notifications cuts it short, so
    // a job due now waits at most 1.5 × the delay (graphile-worker randomises it ±50%).
    ...(settings.fetchDelayMs > 0 && {
      preset: {
        worker: {
          localQueue: {
            size: settings.concurrency,
            refetchDelay: { durationMs: Math.min(settings.fetchDelayMs, settings.pollIntervalMs), maxAbortThreshold: Infinity },
          },
        },
      },
    }),
    logger: graphileLogger(logger),
  });
}
