// The whole game service on in-memory ports (src/store/memory-records.ts, memory-game-log.ts): the
// lobby, the command path, bot seats, views, the notifier and verification, with no database.
// What this proves is the service's independence from Postgres (docs/architecture.md §1: the
// service reaches storage only through its ports); the Postgres side of each port has its own
// tests (test/store/game-log-contract.test.ts, the API suites).

import { afterEach, describe, expect, it } from 'vitest';
import { pickCommand } from '../../src/platform/random-player.ts';
import { keyedRng } from '../../src/platform/random.ts';
import { GameService } from '../../src/service/index.ts';
import type { GameNotice } from '../../src/service/ports/notices.ts';
import { verifyAll, type StoredGames } from '../../src/service/verify.ts';
import { MemoryGameLog } from '../../src/store/memory-game-log.ts';
import { MemoryAccountRecords, MemoryChannels, MemoryGameRecords, MemoryInviteRecords } from '../../src/store/memory-records.ts';
import { GAMES as REGISTERED } from '../../src/service/registry.ts';

const services: GameService[] = [];
afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.stop()));
});

async function inMemory(botSweepIntervalMs = 50) {
  const channels = new MemoryChannels();
  const log = new MemoryGameLog(undefined, channels.notify);
  const accounts = new MemoryAccountRecords();
  const records = new MemoryGameRecords(log, accounts);
  const told: GameNotice[] = [];
  const service = new GameService(
    { log, backgroundLog: log, records, accounts, invites: new MemoryInviteRecords(), listen: channels.listen },
    {
      registry: REGISTERED,
      allowScenarios: false,
      background: { pollIntervalMs: 20 },
      botMinDecisionMs: 0,
      botSweepIntervalMs,
      noticeListeners: [async (notice) => void told.push(notice)],
    },
  );
  services.push(service);
  await service.start();
  return { service, log, records, told };
}

/** A started two-seat Helter Skelter game: alice in seat 0, bob in seat 1. */
async function aliceAndBob(service: GameService): Promise<string> {
  const body = { game: 'helter-skelter', options: { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine' }] } };
  const created = await service.create('alice', body);
  await service.claim(created.game.id, 0, 'alice');
  await service.claim(created.game.id, 1, 'bob');
  return created.game.id;
}

async function until(done: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('the game service on in-memory ports', () => {
  it('creates a game with a bot seat, seats a player, plays it to its end with the bot, tells the end, and verifies its log', async () => {
    const { service, log, records, told } = await inMemory();
    const created = await service.create('alice', {
      game: 'helter-skelter',
      options: { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine', bot: 'random' }] },
    });
    expect(created.game.status).toBe('open');
    // Someone could be told of this game (Postgres: a webhook or a verified address): the notifier follows it.
    log.listen(created.game.id);
    expect(await service.lobby.open()).toEqual([created.game.id]);
    const claimed = await service.claim(created.game.id, 0, 'alice');
    expect(claimed.started).toBe(true);
    expect(await service.lobby.open()).toEqual([]);

    let rng = keyedRng('cd'.repeat(32));
    const id = created.game.id;
    for (let moves = 0; moves < 5_000; moves++) {
      const game = await service.views.game(id, 'alice');
      if (game.status !== 'active') break;
      if (game.legalCommands.length === 0) {
        // The bot's turn (or window): it plays in the background, kicked by the last commit.
        await new Promise((r) => setTimeout(r, 2));
        continue;
      }
      let command: { type: string };
      [command, rng] = pickCommand(game.legalCommands as { type: string }[], rng);
      await service.submit({ gameId: id, author: { account: 'alice' }, command });
    }
    const end = await service.views.game(id, 'alice');
    expect(end.status).toBe('finished');
    const commands = await records.commands(id);
    expect(commands.some((c) => c.senderKind === 'seat' && c.seat === 1)).toBe(true);
    expect(commands.some((c) => c.senderKind === 'seat' && c.seat === 0)).toBe(true);
    // The notifier told the start and the end, through the listener, with no database.
    await until(() => told.some((n) => n.gameId === id && n.ended));
    expect(told.find((n) => n.gameId === id)?.version).toBe(0);
    const report = await verifyAll(REGISTERED, records);
    expect(report).toMatchObject({ games: 1, mismatches: [] });
    expect(report.commands).toBe(commands.length);
  });

  it('keeps a player to one seat, refuses a taken seat, and lists the caller’s games first where it is awaited', async () => {
    const { service } = await inMemory();
    const body = { game: 'helter-skelter', options: { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine' }] } };
    const a = await service.create('alice', body);
    await service.claim(a.game.id, 0, 'alice');
    await expect(service.claim(a.game.id, 1, 'alice')).rejects.toMatchObject({ code: 'ALREADY_SEATED' });
    await service.claim(a.game.id, 1, 'bob');
    await expect(service.claim(a.game.id, 1, 'carol')).rejects.toMatchObject({ code: 'SEAT_TAKEN' });
    const mine = await service.views.myGames('alice', false);
    expect(mine.map((g) => g.game.id)).toEqual([a.game.id]);
    expect(mine[0]!.game.seats.map((s) => s.player)).toEqual(['alice', 'bob']);
  });

  it('verifies a game that moves on while it is being read, and still reports a log that disagrees with its row', async () => {
    const { service, records } = await inMemory(3_600_000);
    const gameId = await aliceAndBob(service);
    const players = ['alice', 'bob'];
    /** The first awaited seat's first legal command. */
    const playOne = async () => {
      const seat = (await service.views.game(gameId, null)).awaiting[0]!.seat;
      const seen = await service.views.game(gameId, players[seat]!);
      await service.submit({ gameId, author: { account: players[seat]! }, command: seen.legalCommands[0] as { type: string } });
    };
    for (let i = 0; i < 3; i++) await playOne();
    // A command is accepted after the verifier has read the commands and before it reads the events.
    let moved = false;
    const racing: StoredGames = {
      gameIds: () => records.gameIds(),
      game: (id) => records.game(id),
      commands: (id) => records.commands(id),
      events: async (id, ...rest) => {
        if (!moved) {
          moved = true;
          await playOne();
        }
        return records.events(id, ...rest);
      },
    };
    const report = await verifyAll(REGISTERED, racing);
    expect(moved).toBe(true);
    expect(report).toMatchObject({ games: 1, mismatches: [] });
    // A row whose version the log does not reach is still a mismatch.
    const short: StoredGames = { ...racing, game: async (id) => ({ ...(await records.game(id))!, version: 1_000 }) };
    expect((await verifyAll(REGISTERED, short)).mismatches).toEqual([expect.objectContaining({ problem: expect.stringMatching(/^the game is at version 1000 but holds \d+ events$/) })]);
  });

  it('does not count a game as awaiting the caller while a bot plays the caller’s seat for them', async () => {
    // No bot sweep during the test: only a commit would kick a bot, and none is made after the handover.
    const { service, log } = await inMemory(3_600_000);
    const gameId = await aliceAndBob(service);
    const before = await service.views.myGames('alice', false);
    expect(before[0]!.game.awaiting.map((w) => w.seat)).toContain(0);
    expect(before[0]!.awaitingMe).toBe(true);
    // Alice misses a deadline with a threshold of one: her seat is handed to a bot, still awaited.
    expect(await log.recordMisses(gameId, [0], before[0]!.game.version, 1)).toEqual([0]);
    const away = await service.views.myGames('alice', false);
    expect(away[0]!.game.seats[0]!.absent).toBe(true);
    expect(away[0]!.game.awaiting.map((w) => w.seat)).toContain(0);
    expect(away[0]!.awaitingMe).toBe(false);
    expect(await service.views.myGames('alice', true)).toEqual([]);
  });
});
