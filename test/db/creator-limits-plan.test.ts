// Each game's creation counts its creator's games (open ones, and those of the last day) before it
// is stored. That count must cost what the creator's own games cost, not what everyone's do: it
// reads `games` by the creator's index, planned generically on a day of many creators' games. (It
// read `options->>'createdBy'` once, and scanned every game of the day at each creation: about
// 7.8 ms a creation during `bench:api`.)

import { beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient } from '../../src/db/prisma.ts';
import { EventStore } from '../../src/store/event-store.ts';
import { PostgresGameRecords } from '../../src/store/game-records.ts';
import { useTestDatabase } from '../support/database.ts';
import { genericPlan, recordingPool } from '../support/query-plans.ts';

const db = useTestDatabase();

const CREATORS = 50;
const GAMES_EACH = 100;
let creator: string;

beforeAll(async () => {
  await db.pool.query(
    `INSERT INTO accounts (handle, email, password_hash) SELECT 'c' || n, 'c' || n || '@example.com', 'x' FROM generate_series(1, ${CREATORS}) AS n`,
  );
  // Every creator's games of today, a tenth of them still open; the one asked about has as many.
  await db.pool.query(
    `INSERT INTO games (module, status, options, created_by)
     SELECT 'helter-skelter', CASE WHEN g % 10 = 0 THEN 'open' ELSE 'finished' END, jsonb_build_object('createdBy', a.id), a.id
       FROM accounts a, generate_series(1, ${GAMES_EACH}) AS g`,
  );
  // Yesterday's games of the one asked about: counted only while open.
  const { rows } = await db.pool.query<{ id: string }>(`SELECT id FROM accounts WHERE handle = 'c1'`);
  creator = rows[0]!.id;
  await db.pool.query(
    `INSERT INTO games (module, status, options, created_by, created_at)
     SELECT 'helter-skelter', CASE WHEN g <= 3 THEN 'open' ELSE 'finished' END, jsonb_build_object('createdBy', $1::uuid), $1::uuid, now() - interval '2 days'
       FROM generate_series(1, 20) AS g`,
    [creator],
  );
  await db.pool.query('ANALYZE games; ANALYZE accounts');
});

describe('the creator’s limits, planned generically on a day of many creators’ games', () => {
  it('count the creator’s own games by the creator’s index, never by scanning `games`', async () => {
    const recording = recordingPool(db.pool);
    const records = new PostgresGameRecords(new EventStore(db.pool), recording.pool, createPrismaClient(db.pool));
    // What it counts is right: today's 10 open and yesterday's 3; today's 100.
    expect(await records.gamesCreatedBy(creator)).toEqual({ open: GAMES_EACH / 10 + 3, today: GAMES_EACH });
    expect(recording.sent).toHaveLength(1);

    const reads = (await genericPlan(db.pool, recording.sent[0]!)).filter((r) => r.relation === 'games');
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) expect(read).toMatchObject({ index: 'games_created_by_created_at_idx' });
  });
});
