// A deadline that passes must always change the game, for every game the platform plays (issue
// 27): at states of random games, an ExpireWindow for each awaited window appends events that close
// that window or change the state — never nothing, never the same window on the same state, which
// the sweeper would expire again and again for ever (it gives up instead: stranded-seat.test.ts).
// The guard holds after each expiry too (test/support/guarded-play.ts). Every registered game is
// here; a new one must add its table to SETUPS.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAP_IDS } from '../../src/games/helter-skelter/board/board.ts';
import { TEAM_IDS } from '../../src/games/helter-skelter/content/types.ts';
import { SCENARIO_IDS } from '../../src/games/miniatures/content/index.ts';
import { RuleError, type GameModule } from '../../src/platform/game-module.ts';
import { keyedRng } from '../../src/platform/random.ts';
import { GAMES } from '../../src/service/registry.ts';
import { oddsAndEvens } from '../support/games/odds-and-evens/index.ts';
import { fcParams } from '../support/fast-check.ts';
import { playGuarded, uniform } from '../support/guarded-play.ts';
import { keyN } from '../support/module-game.ts';

type AnyModule = GameModule<unknown, unknown, { type: string }, unknown, unknown, unknown>;


/** Creation options of game `n` of each game: its tables in turn. */
const SETUPS: Record<string, (n: number) => Record<string, unknown>> = {
  'helter-skelter': (n) => {
    const players = 2 + (n % 3);
    return { map: MAP_IDS[n % MAP_IDS.length], seats: Array.from({ length: players }, (_, i) => ({ team: TEAM_IDS[(n + i) % TEAM_IDS.length] })) };
  },
  'block-war': (n) => ({ seats: ['Rick Whitely', 'Ella Fitzgerald', 'Alan Turing', 'Marie Curie'].slice(0, 2 + (n % 3)).map((block) => ({ block })) }),
  miniatures: (n) => ({ scenario: SCENARIO_IDS[n % SCENARIO_IDS.length], seats: [{}, {}] }),
  'odds-and-evens': (n) => ({ seats: n % 2 ? [{ side: 'odd' }, { side: 'even' }] : [{ side: 'even' }, { side: 'odd' }] }),
};

const MODULES = [...GAMES.values(), oddsAndEvens] as unknown as AnyModule[];

describe('a deadline that passes changes the game, in every game', () => {
  it('every registered game has a table here', () => {
    expect(MODULES.map((m) => m.id).sort()).toEqual(Object.keys(SETUPS).sort());
  });

  for (const game of MODULES)
    it(`${game.id}: the expiry of every awaited window, at every state of random games, appends events that change the game`, { timeout: 60_000 }, () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 2 ** 30 }), fc.nat(11), (seed, table) => {
          const setup = game.createSetup(SETUPS[game.id]!(table), { key: keyN(seed) });
          if (setup instanceof RuleError) throw setup;
          const played = playGuarded(game, game.initialState(setup), uniform, keyedRng(keyN(seed + 1)), { commands: 150, expireEvery: 2 });
          expect(played.expiriesTried).toBeGreaterThan(0);
        }),
        fcParams(4, 2714),
      );
    });
});
