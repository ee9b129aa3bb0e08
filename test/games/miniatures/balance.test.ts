// Street Rumble is our own reconstruction (docs/content.md, "Street Rumble: balance"): its forces
// and victory conditions were chosen so that neither side is favoured. Three Judges against seven
// rumblers won every game between the heuristic bots; this pins that the fight is now even, so a
// change to a profile, the table or the bot that tips it again is noticed.

import { describe, expect, it } from 'vitest';
import { miniatures } from '../../../src/games/miniatures/index.ts';
import { keyedRng } from '../../../src/platform/random.ts';
import { keyN } from '../../support/module-game.ts';
import { TestGame } from './support.ts';

/** The winner of game `game` of `scenario` between two heuristic bots. */
function heuristicGame(scenario: string, game: number): number | null {
  const g = TestGame.create(keyN(game), scenario);
  const bot = miniatures.bots!.kinds.heuristic!;
  for (let n = 0; n < 5000 && !miniatures.isOver(g.state); n++) {
    const seat = miniatures.awaiting(g.state)[0]!.seat;
    g.send(seat, bot.choose(g.state, seat, miniatures.legalCommands(g.state, seat), keyedRng(keyN(10_000 + n))));
  }
  expect(miniatures.isOver(g.state)).toBe(true);
  return g.state.winner;
}

describe('Street Rumble is an even fight (reconstructed)', () => {
  it('between the heuristic bots, each side wins between 35% and 65% of 40 games, and none is drawn', () => {
    const N = 40;
    const wins = [0, 0];
    let draws = 0;
    for (let game = 1; game <= N; game++) {
      const winner = heuristicGame('street-rumble', game);
      if (winner === null) draws++;
      else wins[winner]!++;
    }
    expect(draws).toBe(0);
    for (const w of wins) {
      expect(w).toBeGreaterThanOrEqual(N * 0.35);
      expect(w).toBeLessThanOrEqual(N * 0.65);
    }
  }, 60_000);
});
