// Transactions on one pooled connection (src/db/transaction.ts), and the one whose first statement
// travels with its BEGIN: the deadline sweeper's hold waits for that answer, so it must cost one
// round trip, not two, and still commit and roll back as any transaction does.

import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inTransactionFrom } from '../../src/db/transaction.ts';
import { EventStore } from '../../src/store/event-store.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';

let database: TestDatabase;
let pool: pg.Pool;
/** Every message a client of the pool sent, in order. */
const sent: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ migrate: true });
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const config = args[0] as string | { text: string };
      sent.push(typeof config === 'string' ? config : config.text);
      return query(...args);
    };
  });
  await pool.query('CREATE TABLE held (id int PRIMARY KEY, note text)');
  await pool.query(`INSERT INTO held VALUES (1, 'one'), (2, 'two')`);
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

it('sends the first statement with its BEGIN in one message, gives its rows to the work, and commits', async () => {
  sent.length = 0;
  const seen = await inTransactionFrom<{ id: number; note: string }, string[]>(pool, 'SELECT id, note FROM held ORDER BY id FOR UPDATE', async (tx, rows) => {
    // Nothing but the one message went before the work began.
    expect(sent).toEqual(['BEGIN; SELECT id, note FROM held ORDER BY id FOR UPDATE']);
    await tx.query(`UPDATE held SET note = 'kept' WHERE id = 1`);
    return rows.map((r) => `${r.id}:${r.note}`);
  });
  expect(seen).toEqual(['1:one', '2:two']);
  expect(sent.at(-1)).toBe('COMMIT');
  expect((await pool.query('SELECT note FROM held WHERE id = 1')).rows[0].note).toBe('kept');
});

it('rolls back what the work wrote when it throws, and rethrows', async () => {
  const failing = inTransactionFrom(pool, 'SELECT id FROM held WHERE id = 2 FOR UPDATE', async (tx, rows) => {
    await tx.query(`UPDATE held SET note = 'lost' WHERE id = $1`, [rows[0]!.id]);
    throw new Error('the decision failed');
  });
  await expect(failing).rejects.toThrow('the decision failed');
  expect((await pool.query('SELECT note FROM held WHERE id = 2')).rows[0].note).toBe('two');
  // The rows stayed locked only for that transaction: another takes them at once.
  expect(await inTransactionFrom(pool, 'SELECT id FROM held WHERE id = 2 FOR UPDATE NOWAIT', async (_tx, rows) => rows.length)).toBe(1);
});

it("holds the sweeper's due game in the same one message as its BEGIN", async () => {
  sent.length = 0;
  expect(await new EventStore(pool).withDueGame(pool, async () => 'found')).toBeNull();
  expect(sent).toHaveLength(2);
  expect(sent[0]).toMatch(/^BEGIN; SELECT .* FOR UPDATE OF games SKIP LOCKED$/s);
  expect(sent[1]).toBe('COMMIT');
});
