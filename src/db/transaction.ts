// One transaction on one pooled connection: committed when `work` resolves, rolled back when it
// throws (the error is rethrown), and the connection always returned to the pool.

import type pg from 'pg';

export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
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
