// The notifier (src/service/notifier.ts) against the real Postgres log: what it hands the channels
// is derived from the log after commit, and nothing committed goes untold — not when commits land
// while it works, and not when it dies mid-batch (the next notifier hands the rest, and the
// already-told again: the channels' keys drop the copies).

import { beforeAll, describe, expect, it } from 'vitest';
import type { Deadline } from '../../src/clock/deadlines.ts';
import type { GameNotice } from '../../src/service/ports/notices.ts';
import { noticesOf, Notifier } from '../../src/service/notifier.ts';
import { EventStore, type AppendInput, type GameRow } from '../../src/store/event-store.ts';
import { PostgresGameLog } from '../../src/store/game-log.ts';
import { createSeats } from '../../src/store/seats.ts';
import { useTestDatabase } from '../support/database.ts';

const db = useTestDatabase({ poolMax: 6 });
let store: EventStore;
let log: PostgresGameLog;
let accountId: string;

beforeAll(async () => {
  store = new EventStore(db.pool);
  log = new PostgresGameLog(store, db.pool, db.pool);
  const { rows } = await db.pool.query<{ id: string }>(
    `INSERT INTO accounts (handle, email, password_hash) VALUES ('notified', 'n@example.test', 'x') RETURNING id`,
  );
  accountId = rows[0]!.id;
});

const later = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const turn = (seat: number, windowId: string): Deadline => ({ seat, windowId, situation: 'turn', deadline: later(24) });

/** An active game someone listens to (a per-game webhook), awaiting seat 0 in w1. */
async function listenedGame(): Promise<GameRow> {
  const game = await store.createGame(db.pool, { module: 'helter-skelter', status: 'open', options: {} });
  await createSeats(db.pool, game.id, [false, false]);
  await db.pool.query(`INSERT INTO webhook_subscriptions (account_id, game_id, url, secrets) VALUES ($1, $2, 'https://example.test/hook', '{whsec_x}')`, [
    accountId,
    game.id,
  ]);
  await store.start(db.pool, game.id, [turn(0, 'w1')], 'test_game_events');
  return (await store.gameWithSeats(db.pool, game.id))!.game;
}

const endTurn = (deadlines: Deadline[], status: AppendInput['status'] = 'active'): AppendInput => ({
  command: { type: 'END_TURN', payload: { type: 'END_TURN' }, senderKind: 'seat', seat: 0, callerId: null },
  events: [{ type: 'TurnEnded', payload: { type: 'TurnEnded' } }],
  status,
  deadlines,
  channel: 'test_game_events',
});

async function untoldIds(): Promise<string[]> {
  return (await log.unnotified(10_000)).map((g) => g.id);
}

/** Waits until `check` holds (the notifier works in the background). */
async function until(check: () => Promise<boolean>, ms = 5_000): Promise<void> {
  const stop = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > stop) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const FAST = { intervalMs: 50, batch: 5, concurrency: 2 };

describe('noticesOf', () => {
  const base = { id: 'g', version: 3, status: 'active' as const, notifiedVersion: 1, updatedAt: new Date(0), wanted: true, deadlines: [] };
  const move = (version: number, deadlines: Deadline[]) => ({ version, deadlines, at: new Date(version * 1000) });
  const told = (notices: GameNotice[]) => notices.map((n) => `v${n.version}:${n.ended ? 'ended' : n.awaited.map((a) => `${a.seat}@${a.windowId}`).join(',')}`);

  it('tells each commit’s news in order: the seats it asked, or the end; nothing for a seat still asked in the same window', () => {
    const w1 = [turn(0, 'w1')];
    const both = [turn(0, 'w1'), turn(1, 'w2')];
    expect(told(noticesOf({ ...base, notifiedDeadlines: w1, moves: [move(2, both), move(3, [turn(1, 'w2')])] }))).toEqual(['v2:1@w2']);
    expect(told(noticesOf({ ...base, notifiedDeadlines: w1, moves: [move(2, [turn(1, 'w2')]), move(3, [turn(0, 'w3')])] }))).toEqual(['v2:1@w2', 'v3:0@w3']);
    expect(told(noticesOf({ ...base, status: 'finished', notifiedDeadlines: w1, moves: [move(2, [turn(1, 'w2')]), move(3, [])] }))).toEqual(['v2:1@w2', 'v3:ended']);
    expect(told(noticesOf({ ...base, status: 'abandoned', notifiedDeadlines: w1, moves: [move(3, [])] }))).toEqual(['v3:ended']);
  });

  it('tells the start first when the cursor is −1, with the deadlines the start set', () => {
    const start = [turn(0, 'w1'), turn(1, 'w1')];
    expect(told(noticesOf({ ...base, notifiedVersion: -1, notifiedDeadlines: start, moves: [move(1, [turn(1, 'w1')])] }))).toEqual(['v0:0@w1,1@w1']);
  });
});

describe('Notifier', () => {
  it('tells each start and each commit once, and commits landing while it works are told after', async () => {
    const games = await Promise.all(Array.from({ length: 4 }, listenedGame));
    const told: GameNotice[] = [];
    let first = true;
    const notifier = new Notifier(
      log,
      [
        async (notice) => {
          told.push(notice);
          // While the first notice is being handed over, another commit lands in that game.
          if (first && notice.gameId === games[0]!.id) {
            first = false;
            await store.append(db.pool, games[0]!, endTurn([turn(1, 'w2')]));
          }
        },
      ],
      FAST,
    );
    notifier.start();
    try {
      await until(async () => (await untoldIds()).filter((id) => games.some((g) => g.id === id)).length === 0 && told.length >= 5);
    } finally {
      await notifier.stop();
    }
    // Every start told seat 0 in w1; the commit in game 0 told seat 1 in w2, at its version.
    for (const game of games) expect(told.filter((n) => n.gameId === game.id && n.version === 0).map((n) => n.awaited.map((a) => a.seat))).toEqual([[0]]);
    expect(told.filter((n) => n.gameId === games[0]!.id && n.version === 1).map((n) => n.awaited.map((a) => `${a.seat}:${a.windowId}`))).toEqual([['1:w2']]);
    expect(told).toHaveLength(5);
  });

  it('a notifier that dies mid-batch leaves its games untold; the next one tells every game, and the end of one', async () => {
    const games = await Promise.all(Array.from({ length: 6 }, listenedGame));
    for (const game of games) await log.markNotified([{ gameId: game.id, from: -1, to: 0, deadlines: game.deadlines }]);
    // One commit per game; the last game ends.
    for (const [i, game] of games.entries()) await store.append(db.pool, game, i === 5 ? endTurn([], 'finished') : endTurn([turn(1, 'w2')]));

    // The first notifier hands over two notices, then hangs for ever on the third, like a process
    // frozen or killed in the middle of its batch: it never moves a cursor.
    const firstTold: GameNotice[] = [];
    const dying = new Notifier(
      log,
      [
        async (notice) => {
          if (!games.some((g) => g.id === notice.gameId)) return;
          if (firstTold.length === 2) await new Promise(() => undefined);
          firstTold.push(notice);
        },
      ],
      { ...FAST, batch: 100, concurrency: 1 },
    );
    dying.start();
    await until(async () => firstTold.length === 2);
    expect((await untoldIds()).filter((id) => games.some((g) => g.id === id))).toHaveLength(6);

    // The next notifier (another process, or this one restarted) tells all six.
    const told: GameNotice[] = [];
    const next = new Notifier(log, [async (notice) => void told.push(notice)], FAST);
    next.start();
    try {
      await until(async () => (await untoldIds()).filter((id) => games.some((g) => g.id === id)).length === 0);
    } finally {
      await next.stop();
    }
    const mine = told.filter((n) => games.some((g) => g.id === n.gameId));
    expect(new Set(mine.map((n) => n.gameId)).size).toBe(6);
    expect(mine.filter((n) => n.ended).map((n) => n.gameId)).toEqual([games[5]!.id]);
    // What the dying one told is told again (same game, version and seats): the channels' keys drop the copy.
    for (const early of firstTold) expect(mine).toContainEqual(early);
  });

  it('a game nobody listens to moves its cursor without calling any channel', async () => {
    const game = await store.createGame(db.pool, { module: 'helter-skelter', status: 'open', options: {} });
    await createSeats(db.pool, game.id, [false, false]);
    await store.start(db.pool, game.id, [turn(0, 'w1')], 'test_game_events');
    const told: GameNotice[] = [];
    const notifier = new Notifier(log, [async (notice) => void told.push(notice)], FAST);
    notifier.start();
    try {
      await until(async () => !(await untoldIds()).includes(game.id));
    } finally {
      await notifier.stop();
    }
    expect(told.filter((n) => n.gameId === game.id)).toEqual([]);
  });

  it('a channel that fails is tried again, and the cursor waits for it', async () => {
    const game = await listenedGame();
    let failures = 0;
    const told: GameNotice[] = [];
    const notifier = new Notifier(
      log,
      [
        async (notice) => {
          if (notice.gameId !== game.id) return;
          if (failures < 2) {
            failures++;
            throw new Error('SMTP down');
          }
          told.push(notice);
        },
      ],
      FAST,
    );
    notifier.start();
    try {
      await until(async () => told.length === 1 && !(await untoldIds()).includes(game.id));
    } finally {
      await notifier.stop();
    }
    expect(failures).toBe(2);
  });
});
