// What every query function takes: the pool, or a client inside a transaction. Here, in src/db,
// so the store, the job queue and the notifications can share it without importing each other.

import type pg from 'pg';

/** Anything that runs queries: the pool, or a client inside a transaction. */
export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;
