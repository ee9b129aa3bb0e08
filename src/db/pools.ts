// A second, small pool to the same database, for the background (job worker, deadline sweeper,
// notifier and the webhook channel): under load, their queries do not wait behind HTTP requests
// for one of the request pool's connections (measured: expiries seconds late, and deliveries
// p95 356 ms instead of 62 ms, under bench:api's load when they shared it).
//
// It waits up to a minute for a free connection, not the request pool's few seconds: no client is
// waiting on background work, and graphile-worker marks a job complete (or failed) without awaiting
// it, retrying only errors with a code that says "retry". pg-pool's checkout timeout has none, so
// it is an unhandled rejection, which stops the service (src/main.ts). The pool is sized for all
// its users, so a wait means a slow database; a minute with no connection means a stuck background
// (a connection held while asking for another), and stopping then, for the supervisor to restart
// the process, beats stalling in silence.

import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { Logger } from '../config/logger.ts';

/** How long background work waits for a pooled connection (see above). */
export const BACKGROUND_CONNECTION_WAIT_MS = 60_000;

export function ownPool(pool: pg.Pool, max: number, logger?: Logger): pg.Pool {
  const own = new pg.Pool({ ...poolOptions(pool), max, connectionTimeoutMillis: BACKGROUND_CONNECTION_WAIT_MS });
  own.on('error', (error) => logger?.warn({ err: error }, 'idle background connection failed'));
  own.on('connect', (client) => client.on('error', (error) => logger?.warn({ err: error }, 'background connection failed')));
  return own;
}

/**
 * Ends `pool` once nobody waits for one of its connections. pg-pool's `end` never serves a request
 * queued before it, which then fails at its timeout; and graphile-worker asks for the connection
 * that marks a job complete as the job ends, without awaiting it, so its runner can have stopped
 * while that request still waits (an unhandled rejection a minute later, seen in CI).
 */
export async function endWhenDrained(pool: pg.Pool): Promise<void> {
  const until = Date.now() + BACKGROUND_CONNECTION_WAIT_MS;
  while (pool.waitingCount > 0 && Date.now() < until) await sleep(10);
  await pool.end();
}

/** The options `pool` was made with (pg.Pool keeps them, but its types do not say so). */
export function poolOptions(pool: pg.Pool): pg.PoolConfig {
  return (pool as unknown as { options: pg.PoolConfig }).options;
}
