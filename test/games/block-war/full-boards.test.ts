// Block War at its most crowded never freezes (issue 27): random and adversarial play driven
// towards full boards — every square of level 11 taken before a sniper is placed, statues, stalls
// and units on every side square of the plaza where judges arrive — and the platform's guard never
// fires: every awaited seat always has something to do but surrender, and every passing deadline
// changes the game (test/support/guarded-play.ts). BW51 and BW52 are what make it hold.
//
// The adversary places counters on level 11 first and its sniper last, puts statues and stalls on
// the side squares, and moves units onto side squares and up to level 11; the crowded starts fill
// most of those squares at once. fast-check draws the seed, the table, how adversarial and how
// crowded; a fixed seed keeps CI reproducible (FC_SEED=random explores).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blockWar } from '../../../src/games/block-war/index.ts';
import { blockSquare } from '../../../src/games/block-war/board/squares.ts';
import { BLOCK } from '../../../src/games/block-war/content/block-board.ts';
import { judgeSquares } from '../../../src/games/block-war/control.ts';
import { healthyUnitOn } from '../../../src/games/block-war/state.ts';
import type { Command, Event, GameState, Seat } from '../../../src/games/block-war/types.ts';
import { keyedRng, pick, type RngState } from '../../../src/platform/random.ts';
import { fcParams } from '../../support/fast-check.ts';
import { adversarial, playGuarded } from '../../support/guarded-play.ts';
import { keyN } from '../../support/module-game.ts';
import { TestGame } from './support.ts';


/** The side squares where judges arrive (BW29), on an empty plaza. */
const SIDES = new Set(judgeSquares(TestGame.create().state));
const onLevel11 = (seat: Seat, square: string) => square.startsWith(`block:${seat}:${BLOCK.levels},`);

/** How much of a command serves the adversary: fill level 11 and the side squares, keep the sniper for last. */
function crowding(s: GameState, seat: Seat, c: Command): number {
  switch (c.type) {
    case 'PLACE_UNIT':
      if (s.units[c.unit]?.kind === 'sniper') return 0;
      return onLevel11(seat, c.square) ? 3 : 1;
    case 'PLACE_FEATURE':
      return SIDES.has(c.square) ? 3 : 0;
    case 'STEP':
      return SIDES.has(c.to) || onLevel11(seat, c.to) ? 3 : 1;
    case 'ACTIVATE':
      return 2;
    default:
      return 1;
  }
}

/** One of the most crowding commands. */
function mostCrowding(s: GameState, seat: Seat, legal: readonly Command[], rng: RngState): [Command, RngState] {
  const best = Math.max(...legal.map((c) => crowding(s, seat, c)));
  return pick(legal.filter((c) => crowding(s, seat, c) === best), rng);
}

/** With probability `rate`, one of the most crowding commands; otherwise a uniform one. */
const adversary = (rate: number) => adversarial(rate, mostCrowding);

/**
 * The position once set-up is played, crowded: each block's pool counters (its sniper kept back)
 * on all but `free11` squares of its level 11, and units from the pools on all but `freeSides`
 * side squares, as reinforcements and moves could have put them.
 */
function crowded(players: number, key: string, free11: number, freeSides: number): GameState {
  const g = TestGame.create(players, key);
  g.playSetup();
  const s = structuredClone(g.state);
  const spare = (seat: Seat) => s.seats[seat]!.pool.filter((u) => s.units[u]!.kind !== 'sniper');
  const put = (seat: Seat, square: string) => {
    const unit = spare(seat)[0];
    if (!unit || healthyUnitOn(s, square)) return;
    s.seats[seat]!.pool.splice(s.seats[seat]!.pool.indexOf(unit), 1);
    s.units = { ...s.units, [unit]: { ...s.units[unit]!, square } };
  };
  for (let seat = 0; seat < players; seat++)
    for (let column = 0; column < BLOCK.columns - free11; column++) put(seat, blockSquare(seat, BLOCK.levels, column));
  [...SIDES].slice(freeSides).forEach((square, i) => {
    if (!s.features.some((f) => f.square === square)) put(i % players, square);
  });
  return blockWar.replay(s, []);
}

describe('no Block War game freezes, however crowded the boards (issue 27)', () => {
  it('random and adversarial play from the start: the guard never fires and every deadline changes the game', { timeout: 60_000 }, () => {
    let sidesFull = 0;
    let level11Full = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 30 }), fc.constantFrom(2, 3, 4), fc.constantFrom(0, 0.5, 0.9, 1), (seed, players, rate) => {
        const g = TestGame.create(players, keyN(seed));
        playGuarded(blockWar, g.state, adversary(rate), keyedRng(keyN(seed + 1)), {
          commands: 400,
          expireEvery: 7,
          visit: (s) => {
            if (s.situation.kind !== 'over' && judgeSquares(s).length === 0) sidesFull++;
            if (s.seats.some((_, seat) => Array.from({ length: BLOCK.columns }, (_, c) => blockSquare(seat, BLOCK.levels, c)).every((sq) => healthyUnitOn(s, sq)))) level11Full++;
          },
        });
      }),
      fcParams(8, 2711),
    );
    // The adversary does reach the boards this property is about.
    expect(level11Full).toBeGreaterThan(0);
    expect(sidesFull + level11Full).toBeGreaterThan(0);
  });

  it('from crowded positions (level 11 and the plaza’s sides all but full): the guard never fires, and drawn snipers and judges with nowhere to go return to their pools', { timeout: 60_000 }, () => {
    const seen = new Map<string, number>();
    // The module as it is, counting the events its decisions give.
    const watched = {
      ...blockWar,
      replay: (s: GameState, events: readonly Event[]) => {
        for (const e of events) seen.set(e.type, (seen.get(e.type) ?? 0) + 1);
        return blockWar.replay(s, events);
      },
    };
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 30 }),
        fc.constantFrom(2, 3, 4),
        fc.integer({ min: 0, max: 1 }),
        fc.integer({ min: 0, max: 1 }),
        fc.constantFrom(0, 0.7, 1),
        (seed, players, free11, freeSides, rate) => {
          const start = crowded(players, keyN(seed), free11, freeSides);
          expect(judgeSquares(start).length).toBeLessThanOrEqual(freeSides);
          playGuarded(watched, start, adversary(rate), keyedRng(keyN(seed + 2)), { commands: 300, expireEvery: 5 });
        },
      ),
      fcParams(12, 2712),
    );
    expect(seen.get('CounterReturnedToPool') ?? 0).toBeGreaterThan(0);
    expect(seen.get('JudgeReturnedToPool') ?? 0).toBeGreaterThan(0);
  });
});
