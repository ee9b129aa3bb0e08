// The durable job queue: graphile-worker, in the same Postgres as the games (README, "Why
// graphile-worker"). Jobs are added with SQL inside the transaction that causes them, so a job
// exists if and only if its cause committed; every server process runs a worker.

import { Logger as GraphileLogger, runMigrations } from 'graphile-worker';
import type pg from 'pg';
import type { Logger } from '../config/logger.ts';
import type { Queryable } from '../store/event-store.ts';

/** Task names, as stored in `graphile_worker` rows. */
export const TASKS = {
  /** `{ gameId, windowId }`: a deadline passed; submits `EXPIRE_WINDOW` as the system. */
  expireWindow: 'expire-window',
  /** A `GameNotice`: seats newly awaited or the game over; fans out to each player's channels. */
  notify: 'notify',
} as const;

/** Installs or upgrades graphile-worker's own schema (`graphile_worker`); idempotent and quick when current. */
export async function installJobQueue(pool: pg.Pool, logger: Logger): Promise<void> {
  await runMigrations({ pgPool: pool, logger: graphileLogger(logger) });
}

/** graphile-worker's logs, through ours. Its debug chatter stays at debug. */
export function graphileLogger(logger: Logger): GraphileLogger {
  return new GraphileLogger((scope) => (level, message, meta) => {
    const fields = { scope: { label: scope.label, taskIdentifier: scope.taskIdentifier, jobId: scope.jobId }, ...meta };
    if (level === 'error') logger.error(fields, message);
    else if (level === 'warning') logger.warn(fields, message);
    else if (level === 'info') logger.info(fields, message);
    else logger.debug(fields, message);
  });
}

/**
 * Expiries run before other due jobs (graphile-worker takes the lowest number first): under load
 * the workers are busy with notifications, and a deadline must not wait behind them.
 */
export const EXPIRY_PRIORITY = -10;

/** The key that makes a window's expiry job unique: adding it again moves it. */
export const expiryKey = (gameId: string, windowId: string): string => `expire:${gameId}:${windowId}`;

/**
 * Adds or moves the expiry jobs of `due` windows, removes those of `gone` ones, and adds the
 * `notify` job for a notice (its JSON), in one statement: one round trip for every job a command
 * causes. Call inside the transaction that changed the game.
 */
export async function addGameJobs(
  db: Queryable,
  gameId: string,
  jobs: { due: ReadonlyMap<string, string>; gone: readonly string[]; notice: string | null },
): Promise<void> {
  if (jobs.due.size === 0 && jobs.gone.length === 0 && jobs.notice === null) return;
  await db.query({
    name: 'add-game-jobs',
    text: `SELECT
       (SELECT count(graphile_worker.add_job($2::text, json_build_object('gameId', $1::text, 'windowId', w),
          run_at := at, job_key := 'expire:' || $1::text || ':' || w, job_key_mode := 'replace', max_attempts := 10, priority := $8::int))
        FROM unnest($3::text[], $4::timestamptz[]) AS t(w, at)) AS added,
       (SELECT count(graphile_worker.remove_job('expire:' || $1::text || ':' || w)) FROM unnest($5::text[]) AS r(w)) AS removed,
       (SELECT count(graphile_worker.add_job($6::text, n, max_attempts := 5)) FROM (SELECT $7::json AS n) AS x WHERE n IS NOT NULL) AS notices`,
    values: [gameId, TASKS.expireWindow, [...jobs.due.keys()], [...jobs.due.values()], jobs.gone, TASKS.notify, jobs.notice, EXPIRY_PRIORITY],
  });
}
