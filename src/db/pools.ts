// A second, small pool to the same database, for the background (job worker, deadline sweeper,
// notifier and the webhook channel): under load, their queries do not wait behind HTTP requests
// for one of the request pool's connections (measured: expiries seconds late, and deliveries
// p95 356 ms instead of 62 ms, under bench:api's load when they shared it).

import pg from 'pg';
import type { Logger } from '../config/logger.ts';

export function ownPool(pool: pg.Pool, max: number, logger?: Logger): pg.Pool {
  const own = new pg.Pool({ ...(pool as unknown as { options: pg.PoolConfig }).options, max });
  own.on('error', (error) => logger?.warn({ err: error }, 'idle background connection failed'));
  own.on('connect', (client) => client.on('error', (error) => logger?.warn({ err: error }, 'background connection failed')));
  return own;
}
