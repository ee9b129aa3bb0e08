// The answer a player's command gets (GameService.command, src/service/views.ts `CommandAnswer`),
// on in-memory ports: the events as the sender's seat may see them (what its feed shows), who is
// awaited (the stored deadlines), and, when asked for, the game as the sender then sees it, equal
// to a read at that version. The view and the sender's legal commands are computed once per
// command: the platform's guard (src/platform/awaited-guard.ts) already listed the legal commands
// of every awaited seat, and the answer's view takes the sender's from there; so do the read of
// the seat awaited next and a bot choosing for its seat.

import { afterEach, describe, expect, it } from 'vitest';
import { pickCommand } from '../../src/platform/random-player.ts';
import { keyedRng } from '../../src/platform/random.ts';
import { GameService, type GameServiceSettings } from '../../src/service/index.ts';
import { GAMES, type AnyGameModule } from '../../src/service/registry.ts';
import { MemoryGameLog } from '../../src/store/memory-game-log.ts';
import { MemoryAccountRecords, MemoryChannels, MemoryGameRecords, MemoryInviteRecords } from '../../src/store/memory-records.ts';

const services: GameService[] = [];
afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.stop()));
});

/** Helter Skelter, counting what the answer could compute twice: views, and legal commands by seat. */
function counted() {
  const hs = GAMES.get('helter-skelter')!;
  const calls = { view: 0, legal: [] as number[] };
  const module: AnyGameModule = {
    ...hs,
    view: (state, seat) => (calls.view++, hs.view(state, seat)),
    legalCommands: (state, seat) => (calls.legal.push(seat), hs.legalCommands(state, seat)),
  };
  return { registry: new Map([...GAMES, [hs.id, module]]), calls };
}

/** The game service on in-memory ports, playing `registry`'s games; no background unless `settings` asks for it. */
function inMemory(registry: ReadonlyMap<string, AnyGameModule>, settings: Partial<GameServiceSettings> = {}) {
  const channels = new MemoryChannels();
  const log = new MemoryGameLog(undefined, channels.notify);
  const accounts = new MemoryAccountRecords();
  const records = new MemoryGameRecords(log, accounts);
  const service = new GameService(
    { log, backgroundLog: log, records, accounts, invites: new MemoryInviteRecords(), listen: channels.listen },
    { registry, allowScenarios: true, background: null, ...settings },
  );
  services.push(service);
  return { service, log };
}

async function table(registry: ReadonlyMap<string, AnyGameModule> = GAMES) {
  const { service } = inMemory(registry);
  const body = { game: 'helter-skelter', options: { map: 'dan-tanna-enid-blyton', seed: 'answers', seats: [{ team: 'judges' }, { team: 'slaine' }] }, seat: 0 };
  const id = (await service.create('p0', body)).game.id;
  await service.claim(id, 1, 'p1');
  return { service, id };
}

describe('the answer to a player’s command', () => {
  it('carries the events as the sender’s feed shows them, the stored deadlines, and the game as a read at that version shows it', async () => {
    const { service, id } = await table();
    let rng = keyedRng('ef'.repeat(32));
    for (let i = 0; i < 60; i++) {
      const before = await service.views.game(id, null);
      if (before.status !== 'active') break;
      const account = `p${before.awaiting[0]!.seat}`;
      const mine = await service.views.game(id, account);
      let command: { type: string };
      [command, rng] = pickCommand(mine.legalCommands as { type: string }[], rng);
      const answer = await service.command({ gameId: id, author: { account }, command }, i % 2 === 0);
      expect(answer.replayed).toBe(false);
      expect(answer.events).toEqual((await service.views.events(id, account, before.version)).events);
      const now = await service.views.game(id, account);
      expect(answer.version).toBe(now.version);
      expect(answer.awaiting).toEqual(now.awaiting);
      if (i % 2 === 0) expect(answer.game).toEqual(now);
      else expect(answer.game).toBeUndefined();
    }
  });

  it('keeps the decision’s own state as the game’s next, folding no event again; a game without `decideWithState` gets the same answers from `decide` then `replay`', async () => {
    const hs = GAMES.get('helter-skelter')!;
    const replays = { drafted: 0, plain: 0 };
    const { decideWithState, ...plain } = hs;
    expect(decideWithState).toBeTypeOf('function');
    const a = await table(new Map([...GAMES, [hs.id, { ...hs, replay: (s, e) => (replays.drafted++, hs.replay(s, e)) } as AnyGameModule]]));
    const b = await table(new Map([...GAMES, [hs.id, { ...plain, replay: (s, e) => (replays.plain++, hs.replay(s, e)) } as AnyGameModule]]));
    let rng = keyedRng('56'.repeat(32));
    let account = `p${(await a.service.views.game(a.id, null)).awaiting[0]!.seat}`;
    for (let i = 0; i < 40; i++) {
      const mine = await a.service.views.game(a.id, account);
      if (mine.status !== 'active') break;
      let command: { type: string };
      [command, rng] = pickCommand(mine.legalCommands as { type: string }[], rng);
      replays.drafted = replays.plain = 0;
      const drafted = await a.service.command({ gameId: a.id, author: { account }, command }, true);
      const plainly = await b.service.command({ gameId: b.id, author: { account }, command }, true);
      expect(replays).toEqual({ drafted: 0, plain: 1 });
      const same = (x: typeof drafted) => ({ version: x.version, events: x.events.map(({ at: _, ...e }) => e), view: x.game!.view, legal: x.game!.legalCommands });
      expect(same(plainly)).toEqual(same(drafted));
      account = `p${drafted.awaiting[0]?.seat}`;
    }
  });

  it('for a replayed Idempotency-Key, is the first answer again, marked replayed', async () => {
    const { service, id } = await table();
    const seat = (await service.views.game(id, null)).awaiting[0]!.seat;
    const mine = await service.views.game(id, `p${seat}`);
    const submission = { gameId: id, author: { account: `p${seat}` }, command: mine.legalCommands[0] as Record<string, unknown>, idempotencyKey: 'k' };
    const first = await service.command(submission, false);
    const again = await service.command(submission, false);
    expect(again).toEqual({ ...first, replayed: true });
  });

  it('computes the sender’s view once, and its legal commands once, for each command', async () => {
    const { registry, calls } = counted();
    const { service, id } = await table(registry);
    let rng = keyedRng('12'.repeat(32));
    let stillAwaited = 0;
    let mine = await service.views.game(id, `p${(await service.views.game(id, null)).awaiting[0]!.seat}`);
    for (let i = 0; i < 200 && mine.status === 'active'; i++) {
      const seat = mine.mySeat!;
      let command: { type: string };
      [command, rng] = pickCommand(mine.legalCommands as { type: string }[], rng);
      calls.view = 0;
      calls.legal = [];
      const answer = await service.command({ gameId: id, author: { account: `p${seat}` }, command }, true);
      expect(calls.view).toBe(1);
      expect(calls.legal.filter((s) => s === seat)).toHaveLength(1);
      const next = answer.game!.awaiting[0]?.seat;
      if (next === undefined) break;
      if (next === seat) stillAwaited++;
      mine = next === seat ? answer.game! : await service.views.game(id, `p${next}`);
    }
    // The case the reuse is for happened: the sender was still awaited after its command.
    expect(stillAwaited).toBeGreaterThan(0);
  });

  it('gives the next awaited seat, reading the game after the command, the legal commands the guard computed, computing none', async () => {
    const { registry, calls } = counted();
    const { service, id } = await table(registry);
    let rng = keyedRng('34'.repeat(32));
    let handedOver = 0;
    let mine = await service.views.game(id, `p${(await service.views.game(id, null)).awaiting[0]!.seat}`);
    for (let i = 0; i < 200 && mine.status === 'active'; i++) {
      const seat = mine.mySeat!;
      let command: { type: string };
      [command, rng] = pickCommand(mine.legalCommands as { type: string }[], rng);
      const answer = await service.command({ gameId: id, author: { account: `p${seat}` }, command }, false);
      const next = answer.awaiting[0]?.seat;
      if (next === undefined) break;
      calls.legal = [];
      mine = await service.views.game(id, `p${next}`);
      expect(calls.legal).toEqual([]);
      // What the rules list for that seat now, all the same.
      expect(mine.legalCommands).toEqual(GAMES.get('helter-skelter')!.legalCommands(await service.states.at((await service.log.read(id))!.game), next));
      if (next !== seat) handedOver++;
    }
    expect(handedOver).toBeGreaterThan(0);
  });
});

describe('a bot’s move', () => {
  it('chooses among the legal commands the guard listed for its seat, the rules listing none of them again', async () => {
    const hs = GAMES.get('helter-skelter')!;
    // The seats each state's commands were listed for: a seat listed twice on one state is work done twice.
    const listed = new WeakMap<object, number[]>();
    let twice = 0;
    const module: AnyGameModule = {
      ...hs,
      legalCommands: (state, seat) => {
        const seats = listed.get(state) ?? [];
        if (seats.includes(seat)) twice++;
        listed.set(state, [...seats, seat]);
        return hs.legalCommands(state, seat);
      },
    };
    const { service, log } = inMemory(new Map([...GAMES, [hs.id, module]]), { background: { pollIntervalMs: 20 }, botMinDecisionMs: 0 });
    await service.start();
    const body = { game: 'helter-skelter', options: { map: 'dan-tanna-enid-blyton', seed: 'bots', seats: [{ team: 'judges' }, { team: 'slaine', bot: 'heuristic' }] }, seat: 0 };
    const id = (await service.create('p0', body)).game.id;
    const botMoves = async () => (await log.commands(id)).filter((c) => c.senderKind === 'seat' && c.seat === 1).length;
    let rng = keyedRng('78'.repeat(32));
    for (let i = 0; i < 2_000; i++) {
      const mine = await service.views.game(id, 'p0');
      if (mine.status !== 'active' || (await botMoves()) >= 40) break;
      if (mine.legalCommands.length === 0) {
        await new Promise((r) => setTimeout(r, 2));
        continue;
      }
      let command: { type: string };
      [command, rng] = pickCommand(mine.legalCommands as { type: string }[], rng);
      await service.submit({ gameId: id, author: { account: 'p0' }, command });
    }
    await service.bots.idle();
    // The bot played, and never had the rules list again what the guard had listed on that state.
    expect(await botMoves()).toBeGreaterThanOrEqual(40);
    expect(twice).toBe(0);
  });
});
