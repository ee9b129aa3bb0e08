// The bots' thread (src/service/bot-thread.ts) chooses what the same bot would choose on the event
// loop: for every registered game and each of its bots, on positions of whole games between those
// bots, the thread's command equals the one `botFor(…).choose` gives here with the same generator
// key. It holds only if a state crosses to the thread whole (structured clone keeps no prototype
// and no function) and a bot reads nothing but its arguments. A game the thread cannot name is
// decided here; a game it does not know is an error, not a hang.

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { playBotGame } from '../../src/platform/bot-player.ts';
import { botFor, playableKinds } from '../../src/platform/bots.ts';
import type { GameModule } from '../../src/platform/game-module.ts';
import { keyedRng } from '../../src/platform/random.ts';
import { ask, chooseBotCommand } from '../../src/service/bot-thread.ts';
import { GAMES, type AnyGameModule } from '../../src/service/registry.ts';
import { oddsAndEvens } from '../support/games/odds-and-evens/index.ts';

const TABLES: Record<string, Record<string, unknown>> = {
  'helter-skelter': { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine' }, { team: 'strontium-dogs' }] },
  'block-war': { seats: [{ block: 'Rick Whitely' }, { block: 'Ella Fitzgerald' }, { block: 'Alan Turing' }] },
  miniatures: { scenario: 'barko-brothers', seats: [{}, {}] },
};

const keyOf = (n: number): string => createHash('sha256').update(`decision ${n}`).digest('hex');

describe('the bots’ thread', () => {
  it('knows a table for every registered game', () => {
    expect(Object.keys(TABLES).sort()).toEqual([...GAMES.keys()].sort());
  });

  for (const [id, module] of GAMES) {
    for (const kind of playableKinds(module)) {
      it(`chooses as ${id}'s ${kind} bot chooses on the event loop`, async () => {
        const setup = module.createSetup(TABLES[id]!, { key: keyOf(0) });
        const bot = botFor(module, kind);
        const game = playBotGame(module, setup, [bot, bot, bot], `thread ${id} ${kind}`, { record: true, maxCommands: 400 });
        const decisions = game.decisions!.filter((d) => d.legal.length > 1);
        const sampled = decisions.filter((_, i) => i % Math.ceil(decisions.length / 40) === 0);
        expect(sampled.length).toBeGreaterThan(5);
        const here = sampled.map((d, n) => bot.choose(d.state, d.seat, d.legal, keyedRng(keyOf(n))));
        const there = await Promise.all(sampled.map((d, n) => chooseBotCommand(module, kind, d.state, d.seat, d.legal, keyOf(n))));
        expect(there).toStrictEqual(here);
        // The keys matter: a choice among several, over this many positions, is not always the first.
        expect(here.some((command, n) => command !== sampled[n]!.legal[0])).toBe(true);
      });
    }
  }

  it('decides a game it cannot name (a test’s own module) on the event loop', async () => {
    const module = oddsAndEvens as unknown as AnyGameModule;
    expect(GAMES.has(module.id)).toBe(false);
    const setup = module.createSetup({ seats: [{ side: 'odd' }, { side: 'even' }] }, { key: keyOf(1) });
    const state = module.initialState(setup);
    const seat = module.awaiting(state)[0]!.seat;
    const legal = module.legalCommands(state, seat);
    const bot = botFor(module as GameModule<unknown, unknown, { type: string }, unknown, unknown, unknown>, 'random');
    await expect(chooseBotCommand(module, 'random', state, seat, legal, keyOf(2))).resolves.toEqual(bot.choose(state, seat, legal, keyedRng(keyOf(2))));
  });

  it('answers a game it does not know with an error', async () => {
    await expect(ask({ game: 'no-such-game', kind: 'random', state: {}, seat: 0, legal: [{ type: 'PASS' }], key: keyOf(3) })).rejects.toThrow(
      `The bots' thread knows no game called "no-such-game".`,
    );
  });
});
