// The notifier looks for untold games on every commit it hears, so what it reads must cost what
// the untold commands cost, not what the whole log costs. Its statements are named, and Postgres
// may keep one generic plan for a named statement: the one that reads each game's commands since
// its cursor is planned here as generic, on a log of many long games with fresh statistics, and
// must reach `commands` by its key, never by a scan of the table (a scan cost 8.5 ms a look at
// 21,500 commands, and grew with the log).

import { beforeAll, describe, expect, it } from 'vitest';
import { EventStore } from '../../src/store/event-store.ts';
import { useTestDatabase } from '../support/database.ts';
import { genericPlan, recordingPool } from '../support/query-plans.ts';

const db = useTestDatabase();

const GAMES = 40;
const COMMANDS_PER_GAME = 300;

beforeAll(async () => {
  // Long games, written directly: the planner sees a large log with many commands a game.
  await db.pool.query(
    `INSERT INTO games (module, status, options, version, notified_version)
     SELECT 'helter-skelter', 'active', '{}', ${COMMANDS_PER_GAME * 2}, CASE WHEN g % 2 = 0 THEN ${COMMANDS_PER_GAME * 2 - 4} ELSE ${COMMANDS_PER_GAME * 2} END
     FROM generate_series(1, ${GAMES}) AS g`,
  );
  await db.pool.query(
    `INSERT INTO commands (game_id, seq, type, payload, sender_kind, seat, version, deadlines, accepted_at)
     SELECT g.id, s, 'MOVE', '{}', 'seat', 0, s * 2, '[]', now() FROM games g, generate_series(1, ${COMMANDS_PER_GAME}) AS s`,
  );
  await db.pool.query('ANALYZE games; ANALYZE commands');
});

describe('the notifier’s reads, planned generically on a long log', () => {
  it('reach the untold commands by the key of `commands`, never by scanning it', async () => {
    const store = new EventStore(db.pool);
    const recording = recordingPool(db.pool);
    await store.unnotified(recording.pool, 100);
    const statements = recording.sent;
    expect(statements.map((s) => s.name)).toEqual(['unnotified', 'unnotified-moves']);
    // What it read is right: the half of the games told up to two commands ago, two commands each.
    const untold = await store.unnotified(db.pool, 100);
    expect(untold).toHaveLength(GAMES / 2);
    for (const game of untold) expect(game.moves.map((m) => m.version)).toEqual([COMMANDS_PER_GAME * 2 - 2, COMMANDS_PER_GAME * 2]);

    const reads = (await genericPlan(db.pool, statements[1]!)).filter((r) => r.relation === 'commands');
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) expect(read).toMatchObject({ index: 'commands_pkey' });
  });
});
