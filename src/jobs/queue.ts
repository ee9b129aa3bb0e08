// The durable job queue: graphile-worker, in the same Postgres as the games (README, "Why
// graphile-worker"). Jobs are added with SQL inside the transaction that causes them, so a job
// exists if and only if its cause committed; every server process runs a worker.

import { Logger as GraphileLogger, runMigrations } from 'graphile-worker';
import type pg from 'pg';
import type { Logger } from '../config/logger.ts';
import type { Queryable } from '../db/queryable.ts';

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

/** The jobs one change of a game causes: expiry jobs to add or move (window → due time) or remove, and a notice (JSON). */
export interface GameJobs {
  due: ReadonlyMap<string, string>;
  gone: readonly string[];
  notice: string | null;
}

/**
 * A SELECT list that adds or moves the expiry jobs of `due` windows, removes those of `gone`
 * ones, and adds the `notify` job, if anyone would be told (`notify_wanted`, a SQL function of
 * the notify migration), so that it can ride in the statement that changes the game: no round
 * trip of its own. `game` is the SQL of the game's id; the values (`gameJobsValues`) are
 * parameters `$first` onwards.
 */
export function gameJobsColumns(game: string, first: number): string {
  const $ = (i: number) => `$${first + i}`;
  return `(SELECT count(graphile_worker.add_job(${$(0)}::text, json_build_object('gameId', ${game}::text, 'windowId', w),
            run_at := due_at, job_key := 'expire:' || ${game}::text || ':' || w, job_key_mode := 'replace', max_attempts := 10, priority := ${$(1)}::int))
          FROM unnest(${$(2)}::text[], ${$(3)}::timestamptz[]) AS t(w, due_at)) AS "expiriesAdded",
         (SELECT count(graphile_worker.remove_job('expire:' || ${game}::text || ':' || w)) FROM unnest(${$(4)}::text[]) AS r(w)) AS "expiriesRemoved",
         (SELECT count(graphile_worker.add_job(${$(5)}::text, n, max_attempts := 5))
          FROM (SELECT ${$(6)}::json AS n) AS x WHERE n IS NOT NULL AND notify_wanted(${game}::uuid)) AS "noticesAdded"`;
}

/** The parameters of `gameJobsColumns`, in order. */
export function gameJobsValues(jobs: GameJobs): unknown[] {
  return [TASKS.expireWindow, EXPIRY_PRIORITY, [...jobs.due.keys()], [...jobs.due.values()], jobs.gone, TASKS.notify, jobs.notice];
}

/** `gameJobsColumns` on its own, for a change made under the game's row lock (a start, a vacation). */
export async function addGameJobs(db: Queryable, gameId: string, jobs: GameJobs): Promise<void> {
  if (jobs.due.size === 0 && jobs.gone.length === 0 && jobs.notice === null) return;
  await db.query({ name: 'add-game-jobs', text: `SELECT ${gameJobsColumns('$1', 2)}`, values: [gameId, ...gameJobsValues(jobs)] });
}
