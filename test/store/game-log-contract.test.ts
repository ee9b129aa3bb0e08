// One contract, two stores (src/store/game-log.ts): the same suite runs against the Postgres log
// the service uses and the in-memory one tests may use instead. What the command path, the
// deadline sweeper and the notifier rely on: an append writes everything or nothing, only on the
// version (and clock revision) it was decided on; an Idempotency-Key is recorded with its command;
// a due game is held by one sweeper at a time; the notifier's cursor never skips a commit.

import { beforeAll, describe, expect, it } from 'vitest';
import type { Deadline } from '../../src/clock/deadlines.ts';
import { EventStore, type AppendInput, type GameRow } from '../../src/store/event-store.ts';
import { IdempotencyKeyTaken, PostgresGameLog, type GameLog } from '../../src/store/game-log.ts';
import { MemoryGameLog } from '../../src/store/memory-game-log.ts';
import { createSeats } from '../../src/store/seats.ts';
import { useTestDatabase } from '../support/database.ts';

interface Harness {
  log: GameLog;
  /** An active game with two seats (one a bot) awaiting these deadlines; `listened`: someone subscribes to its news. */
  create(deadlines: Deadline[], listened?: boolean): Promise<GameRow>;
  /** A vacation: the deadlines move without an event. */
  moveDeadlines(game: GameRow, deadlines: Deadline[]): Promise<void>;
  commandCount(gameId: string): Promise<number>;
  /** The payloads of the game's commands, as read back. */
  commandPayloads(gameId: string): Promise<unknown[]>;
}

const db = useTestDatabase({ poolMax: 6 });

const stores: [string, () => Harness][] = [
  [
    'Postgres',
    () => {
      const store = new EventStore(db.pool);
      return {
        log: new PostgresGameLog(store, db.pool, db.pool),
        create: async (deadlines, listened = false) => {
          const game = await store.createGame(db.pool, { module: 'helter-skelter', status: 'open', options: {} });
          await createSeats(db.pool, game.id, [false, true]);
          if (listened) {
            const { rows } = await db.pool.query<{ id: string }>(
              `INSERT INTO accounts (handle, email, password_hash) VALUES ($1, $1 || '@example.test', 'x') RETURNING id`,
              [`listener-${game.id.slice(0, 8)}`],
            );
            await db.pool.query(`INSERT INTO webhook_subscriptions (account_id, game_id, url, secrets) VALUES ($1, $2, 'https://example.test/h', '{whsec_x}')`, [
              rows[0]!.id,
              game.id,
            ]);
          }
          await store.start(db.pool, game.id, deadlines, 'test_game_events');
          return (await store.gameWithSeats(db.pool, game.id))!.game;
        },
        moveDeadlines: (game, deadlines) => store.moveDeadlines(db.pool, game, deadlines, 'test_game_events'),
        commandCount: async (gameId) => (await store.commands(db.pool, gameId)).length,
        commandPayloads: async (gameId) => (await store.commands(db.pool, gameId)).map((c) => c.payload),
      };
    },
  ],
  [
    'memory',
    () => {
      const log = new MemoryGameLog();
      return {
        log,
        create: async (deadlines, listened = false) => {
          const game = log.create({
            module: 'helter-skelter',
            options: {},
            status: 'active',
            deadlines,
            seats: [
              { seat: 0, accountId: null, handle: null, bot: false, pausedUntil: null },
              { seat: 1, accountId: null, handle: null, bot: true, pausedUntil: null },
            ],
          });
          if (listened) log.listen(game.id);
          return game;
        },
        moveDeadlines: async (game, deadlines) => log.moveDeadlines(game.id, deadlines),
        commandCount: async (gameId) => (await log.commands(gameId)).length,
        commandPayloads: async (gameId) => (await log.commands(gameId)).map((c) => c.payload),
      };
    },
  ],
];

const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const turn = (seat: number, windowId: string, deadline: string): Deadline => ({ seat, windowId, situation: 'turn', deadline });

function input(deadlines: Deadline[], extra: Partial<AppendInput> = {}): AppendInput {
  return {
    command: { type: 'MOVE', payload: { type: 'MOVE' }, senderKind: 'seat', seat: 0, callerId: 'caller-1' },
    events: [{ type: 'Moved', payload: { type: 'Moved' } }, { type: 'TurnEnded', payload: { type: 'TurnEnded' } }],
    status: 'active',
    deadlines,
    channel: 'test_game_events',
    ...extra,
  };
}

describe.each(stores)('GameLog contract: %s', (_name, make) => {
  let h: Harness;
  beforeAll(() => {
    h = make();
  });

  describe('append', () => {
    it('writes the command, its events, the version and the deadlines when the game is as read', async () => {
      const game = await h.create([turn(0, 'w1', at(60_000))]);
      const deadlines = [turn(1, 'w2', at(3_600_000))];
      const appended = await h.log.append(game, input(deadlines));
      expect(appended).toMatchObject({ version: 2, commandSeq: 1, events: [{ seq: 1, commandSeq: 1, type: 'Moved' }, { seq: 2, type: 'TurnEnded' }] });
      const after = (await h.log.read(game.id))!.game;
      expect(after).toMatchObject({ version: 2, status: 'active', deadlines });
      expect((await h.log.events(game.id, 0)).map((e) => e.type)).toEqual(['Moved', 'TurnEnded']);
      expect((await h.log.events(game.id, 1)).map((e) => e.seq)).toEqual([2]);
      expect((await h.log.eventsOfCommand(game.id, 1)).map((e) => e.seq)).toEqual([1, 2]);
    });

    it('writes nothing when another command moved the game on since it was read', async () => {
      const game = await h.create([]);
      expect(await h.log.append(game, input([]))).not.toBeNull();
      expect(await h.log.append(game, input([turn(0, 'w9', at(5_000))]))).toBeNull();
      expect(await h.commandCount(game.id)).toBe(1);
      expect((await h.log.read(game.id))!.game.deadlines).toEqual([]);
    });

    it('writes nothing when a vacation moved the deadlines since it was read, though the version is the same', async () => {
      const deadlines = [turn(0, 'w1', at(60_000))];
      const game = await h.create(deadlines);
      await h.moveDeadlines(game, [turn(0, 'w1', at(86_400_000))]);
      expect(await h.log.append(game, input([]))).toBeNull();
      const now = (await h.log.read(game.id))!.game;
      expect(now.version).toBe(0);
      expect(await h.log.append(now, input([]))).not.toBeNull();
    });

    it('of appends racing from the same read, exactly one lands', async () => {
      const game = await h.create([]);
      const results = await Promise.all(Array.from({ length: 8 }, () => h.log.append(game, input([]))));
      expect(results.filter((r) => r !== null)).toHaveLength(1);
      expect(await h.commandCount(game.id)).toBe(1);
      expect((await h.log.events(game.id, 0)).length).toBe(2);
    });

    it('keeps a snapshot when one is given, and finds the newest at or below a version', async () => {
      const game = await h.create([]);
      const first = await h.log.append(game, input([], { snapshot: { at: 2 } }));
      await h.log.append({ ...game, version: first!.version }, input([]));
      expect(await h.log.snapshot(game.id, 1)).toBeNull();
      expect(await h.log.snapshot(game.id, 4)).toEqual({ version: 2, state: { at: 2 } });
    });

    // A game's bytes must not depend on its storage: jsonb would give `{"a":…,"bb":…,"zed":…}` back,
    // and a string's quotes, backslashes and line breaks must come back as they went in.
    it('gives back commands, events and snapshots with their keys in the order they were written', async () => {
      const game = await h.create([]);
      const written = { zed: 1, bb: { y: [2, { d: 3, c: 4 }], x: null }, a: 'z "q" \\ \\" é\n' };
      const order = JSON.stringify(written);
      await h.log.append(
        game,
        input([], {
          command: { type: 'MOVE', payload: written, senderKind: 'seat', seat: 0, callerId: 'caller-1' },
          events: [{ type: 'Moved', payload: written }],
          snapshot: written,
        }),
      );
      expect(JSON.stringify((await h.commandPayloads(game.id))[0])).toBe(order);
      expect(JSON.stringify((await h.log.events(game.id, 0))[0]!.payload)).toBe(order);
      expect(JSON.stringify((await h.log.eventsOfCommand(game.id, 1))[0]!.payload)).toBe(order);
      expect(JSON.stringify((await h.log.snapshot(game.id, 1))!.state)).toBe(order);
    });

    it('tells whether the last commands were all the system’s', async () => {
      const game = await h.create([]);
      const system = (g: GameRow) => h.log.append(g, input([], { command: { type: 'EXPIRE_WINDOW', payload: {}, senderKind: 'system', seat: null, callerId: null } }));
      const a = await h.log.append(game, input([]));
      const b = await system({ ...game, version: a!.version });
      await system({ ...game, version: b!.version });
      expect(await h.log.silentFor(game.id, 2)).toBe(true);
      expect(await h.log.silentFor(game.id, 3)).toBe(false);
      expect(await h.log.silentFor(game.id, 0)).toBe(true);
    });
  });

  describe('idempotency', () => {
    it('records the key with the command it produced, and refuses the same key for a second append', async () => {
      const game = await h.create([]);
      const key = { callerId: 'caller-1', key: `k-${Math.random()}`, requestHash: 'h1' };
      expect(await h.log.keyed(key.callerId, key.key)).toBeNull();
      const appended = await h.log.append(game, input([], { idempotency: key }));
      expect(await h.log.keyed(key.callerId, key.key)).toMatchObject({ requestHash: 'h1', gameId: game.id, commandSeq: appended!.commandSeq, version: 2 });
      // A concurrent request with the same key, decided on the new version: nothing of it is written.
      const now = (await h.log.read(game.id))!.game;
      await expect(h.log.append(now, input([], { idempotency: key }))).rejects.toBeInstanceOf(IdempotencyKeyTaken);
      expect(await h.commandCount(game.id)).toBe(1);
      expect((await h.log.read(game.id))!.game.version).toBe(2);
    });

    it('keeps keys per caller', async () => {
      const game = await h.create([]);
      const key = `shared-${Math.random()}`;
      const a = await h.log.append(game, input([], { idempotency: { callerId: 'caller-a', key, requestHash: 'x' } }));
      const b = await h.log.append({ ...game, version: a!.version }, input([], { idempotency: { callerId: 'caller-b', key, requestHash: 'y' } }));
      expect(b).not.toBeNull();
      expect((await h.log.keyed('caller-b', key))?.requestHash).toBe('y');
    });
  });

  describe('due games (the deadline sweeper)', () => {
    it('holds one due game at a time, the longest overdue first; a held game is skipped by another sweeper', async () => {
      // The run's other tests leave due games too: drain them first.
      while (await h.log.withDueGame(async (log, due) => log.append(due.game, input([], { status: 'finished' }))));
      const later = await h.create([turn(0, 'w1', at(-100))]);
      const earlier = await h.create([turn(0, 'w1', at(-5_000)), turn(1, 'w1', at(-200))]);
      const notYet = await h.create([turn(0, 'w1', at(60_000))]);
      let release!: () => void;
      const holding = new Promise<void>((resolve) => (release = resolve));
      const first = h.log.withDueGame(async (_log, due) => {
        await holding;
        return due.game.id;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const second = await h.log.withDueGame(async (_log, due) => due.game.id);
      release();
      // A window expires when its last seat's deadline passes: `earlier` at −200 ms, `later` at −100 ms.
      expect(await first).toEqual({ value: earlier.id });
      expect(second).toEqual({ value: later.id });
      expect(await h.log.nextDeadline()).not.toBeNull();
      // After now, the earliest expiry is one not due yet: `notYet`'s, or another test's later one.
      const upcoming = await h.log.nextDeadline(new Date());
      expect(upcoming!.getTime()).toBeGreaterThan(Date.now());
      expect(upcoming!.getTime()).toBeLessThanOrEqual(Date.parse(at(60_000)));
      expect((await h.log.read(notYet.id))!.game.status).toBe('active');
    });

    it('no longer finds a game once its expiry was appended, nor a finished one', async () => {
      while (await h.log.withDueGame(async (log, due) => log.append(due.game, input([], { status: 'finished' }))));
      const game = await h.create([turn(0, 'w1', at(-10))]);
      const moved = await h.log.withDueGame(async (log, due) => {
        expect(due.game.id).toBe(game.id);
        expect(due.seats.map((s) => s.bot)).toEqual([false, true]);
        return log.append(due.game, input([turn(1, 'w2', at(3_600_000))]));
      });
      expect(moved?.value).not.toBeNull();
      expect(await h.log.withDueGame(async () => 'found')).toBeNull();
      await h.log.deferExpiry(game.id, new Date(Date.now() - 1));
      expect(await h.log.withDueGame(async (_log, due) => due.game.id)).toEqual({ value: game.id });
    });

    it('a game whose expiry was given up (deferred to null) is not found again until an append sets its next expiry', async () => {
      while (await h.log.withDueGame(async (log, due) => log.append(due.game, input([], { status: 'finished' }))));
      const game = await h.create([turn(0, 'w1', at(-10))]);
      await h.log.deferExpiry(game.id, null);
      expect(await h.log.withDueGame(async () => 'found')).toBeNull();
      expect((await h.log.read(game.id))!.game.status).toBe('active');
      await h.log.append(game, input([turn(1, 'w2', at(-5))]));
      expect(await h.log.withDueGame(async (_log, due) => due.game.id)).toEqual({ value: game.id });
    });
  });

  describe('the notifier’s cursor', () => {
    it('finds a started game, then each game whose log moved past its cursor; a stale mark moves nothing', async () => {
      const deadlines = [turn(0, 'w1', at(60_000))];
      const game = await h.create(deadlines, true);
      const started = (await h.log.unnotified(10_000)).find((g) => g.id === game.id)!;
      // −1: the start is untold, and the deadlines it set are those to tell.
      expect(started).toMatchObject({ version: 0, notifiedVersion: -1, deadlines, notifiedDeadlines: deadlines, moves: [] });
      expect(await h.log.markNotified([{ gameId: game.id, from: -1, to: 0, deadlines }])).toEqual([game.id]);
      expect((await h.log.unnotified(10_000)).some((g) => g.id === game.id)).toBe(false);

      const w2 = [turn(1, 'w2', at(60_000))];
      await h.log.append(game, input(w2));
      const read = (await h.log.unnotified(10_000)).find((g) => g.id === game.id)!;
      expect(read).toMatchObject({ version: 2, notifiedVersion: 0, notifiedDeadlines: deadlines, moves: [{ version: 2, deadlines: w2 }] });
      // A commit lands after the notifier read the game: its mark still applies (it names the
      // version it told), and the game stays untold from there.
      await h.log.append({ ...game, version: 2 }, input([]));
      expect(await h.log.markNotified([{ gameId: game.id, from: 0, to: 2, deadlines: read.deadlines }])).toEqual([game.id]);
      expect((await h.log.unnotified(10_000)).find((g) => g.id === game.id)).toMatchObject({ version: 4, notifiedVersion: 2, moves: [{ version: 4, deadlines: [] }] });
      // A second notifier with the same stale read moves nothing.
      expect(await h.log.markNotified([{ gameId: game.id, from: 0, to: 2, deadlines: read.deadlines }])).toEqual([]);

      // Every command past the cursor, in order, a command without events (the version it leaves
      // is its predecessor's) among them; none at or below the told version.
      await h.log.append({ ...game, version: 4 }, input([], { events: [] }));
      await h.log.append({ ...game, version: 4 }, input(w2));
      const moves = async () => (await h.log.unnotified(10_000)).find((g) => g.id === game.id)?.moves.map((m) => m.version);
      expect(await moves()).toEqual([4, 4, 6]);
      expect(await h.log.markNotified([{ gameId: game.id, from: 2, to: 4, deadlines: [] }])).toEqual([game.id]);
      expect(await moves()).toEqual([6]);
    });

    it('a game nobody could be told about has its cursor moved by the append itself, once everything before was told', async () => {
      const deadlines = [turn(0, 'w1', at(60_000))];
      const game = await h.create(deadlines);
      // The start is untold (−1): the append leaves the cursor for the notifier.
      expect((await h.log.append(game, input([turn(1, 'w2', at(60_000))])))?.untold).toBe(true);
      expect((await h.log.unnotified(10_000)).find((g) => g.id === game.id)).toMatchObject({ notifiedVersion: -1, wanted: false });
      expect(await h.log.markNotified([{ gameId: game.id, from: -1, to: 2, deadlines: [] }])).toEqual([game.id]);
      // Caught up and unheard: later appends move it along, and the notifier never sees the game.
      // (The append says so: the notifier need not be woken.)
      expect((await h.log.append({ ...game, version: 2 }, input([])))?.untold).toBe(false);
      expect((await h.log.unnotified(10_000)).some((g) => g.id === game.id)).toBe(false);
    });
  });
});
