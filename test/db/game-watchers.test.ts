// A command's append sends its NOTIFY only when a process other than the appending one watches the
// game (`game_watchers`, src/store/event-store.ts): a move nobody elsewhere waits for wakes no
// other process. Readers register their process before they read (src/service/signals.ts `watch`).

import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameSignals } from '../../src/service/signals.ts';
import { EventStore, type AppendInput, type GameRow } from '../../src/store/event-store.ts';
import { PostgresWatchers } from '../../src/store/watchers.ts';
import { useTestDatabase } from '../support/database.ts';

const db = useTestDatabase();
const CHANNEL = 'watched_game_events';
let listener: pg.Client;
const heard: string[] = [];

beforeAll(async () => {
  listener = new pg.Client({ connectionString: db.database.url });
  await listener.connect();
  listener.on('notification', (message) => heard.push(message.payload ?? ''));
  await listener.query(`LISTEN ${CHANNEL}`);
});
afterAll(() => listener.end());

async function newGame(): Promise<GameRow> {
  const store = new EventStore(db.pool);
  return store.createGame(db.pool, { module: 'helter-skelter', status: 'active', options: {} });
}

const input = (processId?: string): AppendInput => ({
  command: { type: 'END_TURN', payload: { type: 'END_TURN' }, senderKind: 'seat', seat: 0, callerId: null },
  events: [{ type: 'TurnEnded', payload: { type: 'TurnEnded' } }],
  status: 'active',
  deadlines: [],
  channel: CHANNEL,
  ...(processId ? { processId } : {}),
});

/** Appends one command on `game` as `processId`; whether its NOTIFY reached the listener. */
async function appendIsHeard(game: GameRow, processId?: string): Promise<boolean> {
  const store = new EventStore(db.pool);
  const current = (await store.game(db.pool, game.id))!;
  const appended = await store.append(db.pool, current, input(processId));
  expect(appended).not.toBeNull();
  const signal = `${game.id}:${appended!.version}:`;
  // A NOTIFY is delivered at commit; one query on the listener's own connection flushes what is due.
  for (let i = 0; i < 10; i++) {
    if (heard.some((p) => p.startsWith(signal))) return true;
    await listener.query('SELECT 1');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return heard.some((p) => p.startsWith(signal));
}

const watchers = () => new PostgresWatchers(db.pool);

describe('the NOTIFY of an append', () => {
  it('is not sent when no other process watches the game', async () => {
    const game = await newGame();
    const me = randomUUID();
    expect(await appendIsHeard(game, me)).toBe(false);
    // Watched by the appending process alone: it tells its own readers itself.
    await watchers().watch(me, [game.id], 60);
    expect(await appendIsHeard(game, me)).toBe(false);
  });

  it('is sent while another process watches the game, and no more once it stops or its watch lapses', async () => {
    const game = await newGame();
    const me = randomUUID();
    const other = randomUUID();
    await watchers().watch(other, [game.id], 60);
    expect(await appendIsHeard(game, me)).toBe(true);
    await watchers().unwatch(other, [game.id]);
    expect(await appendIsHeard(game, me)).toBe(false);
    // A crashed process's watch: its row stays, lapsed.
    await db.pool.query(`INSERT INTO game_watchers (game_id, process_id, expires_at) VALUES ($1, $2, now() - interval '1 second')`, [game.id, other]);
    expect(await appendIsHeard(game, me)).toBe(false);
  });

  it('is always sent by an append that names no process (as `npm run bench:api`’s ceiling appends)', async () => {
    expect(await appendIsHeard(await newGame())).toBe(true);
  });
});

describe('a process watching a game for its readers', () => {
  const rows = async (processId: string) =>
    (await db.pool.query<{ gameId: string }>(`SELECT game_id AS "gameId" FROM game_watchers WHERE process_id = $1 ORDER BY game_id`, [processId])).rows.map((r) => r.gameId);

  it('holds one row per game while any of its readers waits, renews it, and deletes it when the last leaves', async () => {
    const processId = randomUUID();
    const signals = new GameSignals(() => ({ start: async () => undefined, stop: async () => undefined }), undefined, {
      watchers: watchers(),
      processId,
      renewSeconds: 0.2,
    });
    await signals.start();
    const [a, b] = [await newGame(), await newGame()];
    const first = await signals.watch(a.id);
    const second = await signals.watch(a.id);
    const third = await signals.watch(b.id);
    expect(await rows(processId)).toEqual([a.id, b.id].sort());
    const before = await db.pool.query<{ at: Date }>(`SELECT expires_at AS at FROM game_watchers WHERE process_id = $1 AND game_id = $2`, [processId, a.id]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = await db.pool.query<{ at: Date }>(`SELECT expires_at AS at FROM game_watchers WHERE process_id = $1 AND game_id = $2`, [processId, a.id]);
    expect(after.rows[0]!.at.getTime()).toBeGreaterThan(before.rows[0]!.at.getTime());

    first();
    first(); // twice: no effect
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await rows(processId)).toEqual([a.id, b.id].sort());
    second();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await rows(processId)).toEqual([b.id]);
    // Stopping the process deletes whatever its readers still held.
    await signals.stop();
    expect(await rows(processId)).toEqual([]);
    third();
  });

  it('a watch that ends while another begins on the same game leaves the new one standing', async () => {
    const processId = randomUUID();
    const signals = new GameSignals(() => ({ start: async () => undefined, stop: async () => undefined }), undefined, { watchers: watchers(), processId });
    const game = await newGame();
    for (let i = 0; i < 20; i++) {
      const leaving = await signals.watch(game.id);
      leaving();
      const staying = await signals.watch(game.id);
      expect(await rows(processId)).toEqual([game.id]);
      staying();
    }
    await signals.stop();
  });
});
