// The durable job queue: graphile-worker, in the same Postgres as the games (docs/operations.md,
// "Why graphile-worker"). It carries the deliveries (webhook attempts, emails, reminders,
// digests) and housekeeping, never a command: a command's transaction adds no job row.
// Every server process runs a worker.

import { Logger as GraphileLogger, runMigrations } from 'graphile-worker';
import type pg from 'pg';
import type { Logger } from '../config/logger.ts';

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
