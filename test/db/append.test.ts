// The append is one statement that writes only if the game is as the command's decision read it:
// same version, same deadlines. Anything else (another process's command, a vacation that moved
// the deadlines) makes it write nothing and answer null, so the command is decided again.

import { beforeAll, describe, expect, it } from 'vitest';
import type { Deadline } from '../../src/clock/deadlines.ts';
import { EventStore, type AppendInput, type GameRow } from '../../src/store/event-store.ts';
import { useTestDatabase } from '../support/database.ts';

const db = useTestDatabase({ poolMax: 4 }); // migrated, with graphile-worker's schema
let store: EventStore;

beforeAll(() => {
  store = new EventStore(db.pool);
});

const soon = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

function input(deadlines: Deadline[], notice: string | null = null): AppendInput {
  return {
    command: { type: 'MOVE', payload: { type: 'MOVE' }, senderKind: 'seat', seat: 0, callerId: null },
    events: [{ type: 'Moved', payload: { type: 'Moved' } }, { type: 'TurnEnded', payload: { type: 'TurnEnded' } }],
    status: 'active',
    deadlines,
    notify: { channel: 'test', payload: 'x' },
    jobs: { due: new Map(deadlines.map((d) => [d.windowId, d.deadline])), gone: [], notice },
  };
}

async function freshGame(): Promise<GameRow> {
  const game = await store.createGame(db.pool, { module: 'helter-skelter', status: 'active', options: {} });
  return (await store.gameWithSeats(db.pool, game.id))!.game;
}

const counts = async (gameId: string) => {
  const { rows } = await db.pool.query<{ commands: number; events: number; jobs: number }>(
    `SELECT (SELECT count(*)::int FROM commands WHERE game_id = $1) AS commands, (SELECT count(*)::int FROM events WHERE game_id = $1) AS events,
            (SELECT count(*)::int FROM graphile_worker.jobs WHERE key LIKE 'expire:' || $1 || ':%') AS jobs`,
    [gameId],
  );
  return rows[0]!;
};

describe('EventStore.append', () => {
  it('writes the command, its events, the version, the deadlines and the expiry job when the game is as read', async () => {
    const game = await freshGame();
    const deadlines = [{ seat: 1, windowId: 'w1', situation: 'turn', deadline: soon(60) }];
    const appended = await store.append(db.pool, game, input(deadlines));
    expect(appended).toMatchObject({ version: 2, commandSeq: 1, events: [{ seq: 1 }, { seq: 2 }] });
    const after = (await store.gameWithSeats(db.pool, game.id))!.game;
    expect(after).toMatchObject({ version: 2, deadlines });
    expect(await counts(game.id)).toEqual({ commands: 1, events: 2, jobs: 1 });
  });

  it('writes nothing when another command moved the game on since it was read', async () => {
    const game = await freshGame();
    expect(await store.append(db.pool, game, input([]))).not.toBeNull();
    // The same read, a second time: stale now.
    expect(await store.append(db.pool, game, input([{ seat: 0, windowId: 'w9', situation: 'turn', deadline: soon(5) }]))).toBeNull();
    expect(await counts(game.id)).toEqual({ commands: 1, events: 2, jobs: 0 });
  });

  it('writes nothing when a vacation moved the deadlines since it was read, though the version is the same', async () => {
    const game = await freshGame();
    const deadlines = [{ seat: 1, windowId: 'w1', situation: 'turn', deadline: soon(60) }];
    await store.append(db.pool, game, input(deadlines));
    const read = (await store.gameWithSeats(db.pool, game.id))!.game;
    await store.setDeadlines(db.pool, game.id, [{ ...deadlines[0]!, deadline: soon(24 * 60) }]);
    expect(await store.append(db.pool, read, input([]))).toBeNull();
    expect((await store.gameWithSeats(db.pool, game.id))!.game.version).toBe(2);
  });

  it('of two appends racing from the same read, exactly one lands', async () => {
    const game = await freshGame();
    const results = await Promise.all(Array.from({ length: 8 }, () => store.append(db.pool, game, input([]))));
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(await counts(game.id)).toMatchObject({ commands: 1, events: 2 });
  });
});
