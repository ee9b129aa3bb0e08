// Block War's bots (GameModule.bots): the random bot and the heuristic bot, which seats get unless
// told otherwise. The heuristic bot looks one command ahead with dice from its own generator, so it
// must (1) choose only from what its seat may see: the game's generator key is hidden; (2) choose the
// same command from the same state, legal commands and generator; (3) play games to their end and win
// most against random bots, deciding fast.

import { describe, expect, it } from 'vitest';
import { blockWar } from '../../../src/games/block-war/index.ts';
import { heuristicBot, HEURISTIC_BOT } from '../../../src/games/block-war/bots/index.ts';
import type { GameSetup, GameState } from '../../../src/games/block-war/types.ts';
import { playBotGame } from '../../../src/platform/bot-player.ts';
import { randomBot, RANDOM_BOT } from '../../../src/platform/bots.ts';
import { RuleError, type Bot } from '../../../src/platform/game-module.ts';
import { keyedRng, seedRng, type KeyedRng } from '../../../src/platform/random.ts';
import type { Command } from '../../../src/games/block-war/types.ts';
import { keyN } from '../../support/module-game.ts';
import { NAMES } from './support.ts';

function setupFor(players: number, key: string): GameSetup {
  const setup = blockWar.createSetup({ seats: NAMES.slice(0, players).map((block) => ({ block })) }, { key });
  if (setup instanceof RuleError) throw setup;
  return setup;
}

describe('the bots a seat may be played by', () => {
  it('offers the random bot and the heuristic bot, the heuristic by default', () => {
    expect(Object.keys(blockWar.bots!.kinds).sort()).toEqual([HEURISTIC_BOT, RANDOM_BOT].sort());
    expect(blockWar.bots!.default).toBe(HEURISTIC_BOT);
  });
});

describe('the heuristic bot', () => {
  const game = playBotGame(blockWar, setupFor(3, keyN(61)), [heuristicBot, randomBot as Bot<GameState, Command>, heuristicBot], 'bw-heuristic', { record: true });

  it('decides from what its seat sees: a twin with another generator key gets the same command; and the same inputs always give the same command', () => {
    const decisions = game.decisions!.filter((d) => d.seat !== 1 && d.legal.length > 1);
    expect(decisions.length).toBeGreaterThan(30);
    for (const [i, d] of decisions.entries()) {
      if (i % 3 !== 0) continue;
      const rng = seedRng(`bw-heuristic:${i}`);
      const twin: GameState = { ...d.state, rng: { key: keyN(4242), position: (d.state.rng as KeyedRng).position } };
      const chosen = heuristicBot.choose(d.state, d.seat, d.legal, rng);
      expect(heuristicBot.choose(twin, d.seat, d.legal, rng)).toEqual(chosen);
      expect(heuristicBot.choose(d.state, d.seat, d.legal, rng)).toEqual(chosen);
      expect(d.legal).toContainEqual(chosen);
    }
  }, 60_000);

  it('plays games to their end and wins most of them against random bots, with a median decision under 5 ms', () => {
    let won = 0;
    const times: number[] = [];
    const GAMES = 9;
    for (let g = 0; g < GAMES; g++) {
      const players = 2 + (g % 3);
      const seat = g % players;
      const bots = Array.from({ length: players }, (_, i) => (i === seat ? heuristicBot : (randomBot as Bot<GameState, Command>)));
      const result = playBotGame(blockWar, setupFor(players, keyN(100 + g)), bots, `bw-match-${g}`);
      expect(result.finished).toBe(true);
      if (result.state.winners.includes(seat)) won++;
      times.push(...result.moveTimes[seat]!);
    }
    // A fair share against random bots would be about a third.
    expect(won).toBeGreaterThanOrEqual(6);
    times.sort((a, b) => a - b);
    expect(times[Math.floor(times.length / 2)]!).toBeLessThan(5);
  }, 120_000);

  it('never reads the game’s own generator: its lookahead state carries the bot’s', () => {
    const d = game.decisions!.find((x) => x.seat === 0 && x.legal.some((c) => c.type === 'SHOOT' || c.type === 'BRAWL'));
    expect(d).toBeDefined();
    // Different bot generators may imagine different dice, and so choose differently; the game's key never matters.
    const choices = new Set([1, 2, 3, 4, 5, 6].map((k) => JSON.stringify(heuristicBot.choose({ ...d!.state, rng: keyedRng(keyN(k)) }, 0, d!.legal, seedRng('same')))));
    expect(choices.size).toBe(1);
  });
});
