// One transaction on one pooled connection: committed when `work` resolves, rolled back when it
// throws (the error is rethrown), and the connection always returned to the pool.

import type pg from 'pg';

export function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return transaction(pool, 'BEGIN', (client) => work(client));
}

/**
 * A transaction whose first statement travels with its BEGIN, in one message: one round trip fewer
 * where the caller waits for that statement's answer before anything else (the deadline sweeper's
 * hold on a due game). The message goes by the simple query protocol, so the statement takes no
 * parameters. `work` gets its rows.
 */
export function inTransactionFrom<R extends pg.QueryResultRow, T>(pool: pg.Pool, first: string, work: (client: pg.PoolClient, rows: R[]) => Promise<T>): Promise<T> {
  return transaction(pool, `BEGIN; ${first}`, (client, opened) => {
    // A message of two statements answers with two results: BEGIN's, then the statement's.
    const results = opened as unknown as pg.QueryResult<R>[];
    return work(client, results[1]!.rows);
  });
}

async function transaction<T>(pool: pg.Pool, opening: string, work: (client: pg.PoolClient, opened: pg.QueryResult) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    const opened = await client.query(opening);
    const result = await work(client, opened);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The constraint a statement broke, when it failed for a duplicate key (SQLSTATE 23505); else undefined. */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' ? e.constraint : undefined;
}
