// Which bot plays a bot seat (src/platform/bots.ts): the game's own by name, the platform's random
// bot for a game that declares none, and the random bot for a seat stored before seats chose their
// bot — chosen exactly as that seat's bot chose before, so such games keep playing as they did.

import { describe, expect, it } from 'vitest';
import { botFor, botsOf, playableKinds, playingKind, randomBot, RANDOM_BOT } from '../../src/platform/bots.ts';
import { pickCommand } from '../../src/platform/random-player.ts';
import { keyedRng } from '../../src/platform/random.ts';
import { helterSkelter } from '../../src/games/helter-skelter/index.ts';
import { oddsAndEvens } from '../support/games/odds-and-evens/index.ts';

describe('bots a game offers', () => {
  it('Helter Skelter offers random and heuristic, heuristic by default', () => {
    const offered = botsOf(helterSkelter);
    expect(Object.keys(offered.kinds).sort()).toEqual(['heuristic', 'random']);
    expect(offered.default).toBe('heuristic');
    expect(botFor(helterSkelter, 'heuristic')).toBe(offered.kinds.heuristic);
  });

  it('a game that declares no bots is offered the random bot only', () => {
    expect(oddsAndEvens.bots).toBeUndefined();
    expect(Object.keys(botsOf(oddsAndEvens).kinds)).toEqual([RANDOM_BOT]);
    expect(botsOf(oddsAndEvens).default).toBe(RANDOM_BOT);
    expect(playableKinds(oddsAndEvens)).toEqual([RANDOM_BOT]);
  });

  it('a seat stored without a kind (before seats chose), or with one the game no longer offers, plays randomly', () => {
    for (const stored of [undefined, null, 'clever', 'toString', '__proto__']) {
      expect(playingKind(helterSkelter, stored)).toBe(RANDOM_BOT);
      expect(botFor(helterSkelter, stored)).toBe(botsOf(helterSkelter).kinds.random);
    }
  });

  it('the random bot chooses exactly as the random policy bot seats always used', () => {
    const legal = Array.from({ length: 30 }, (_, i) => ({ type: i % 3 === 0 ? 'END_TURN' : 'MOVE', n: i }));
    for (let k = 0; k < 20; k++) {
      const rng = keyedRng(k.toString(16).padStart(64, '0'));
      expect(randomBot.choose(null, 0, legal, rng)).toBe(pickCommand(legal, rng)[0]);
    }
  });
});
