// The game's bots: a bot's command is always one of the legal ones; the heuristic bot beats the
// random one from either side of The Barko Brothers; games between bots always end.

import { describe, expect, it } from 'vitest';
import { miniatures } from '../../../src/games/miniatures/index.ts';
import { keyedRng } from '../../../src/platform/random.ts';
import { keyN } from '../../support/module-game.ts';
import { TestGame } from './support.ts';

/** Plays a whole game between bots of `kinds` (seat 0, seat 1); the winner, or undefined if unfinished. */
function play(game: number, kinds: [string, string]): { winner: number | null | undefined; checked: number } {
  const g = TestGame.create(keyN(game));
  let checked = 0;
  for (let n = 0; n < 3000 && !miniatures.isOver(g.state); n++) {
    const seat = miniatures.awaiting(g.state)[0]!.seat;
    const legal = miniatures.legalCommands(g.state, seat);
    const command = miniatures.bots!.kinds[kinds[seat]!]!.choose(g.state, seat, legal, keyedRng(keyN(10_000 + n)));
    expect(legal).toContainEqual(command);
    checked++;
    g.send(seat, command);
  }
  return { winner: miniatures.isOver(g.state) ? g.state.winner : undefined, checked };
}

describe('bots', () => {
  it('the heuristic bot is the default, and the random bot is offered', () => {
    expect(miniatures.bots!.default).toBe('heuristic');
    expect(Object.keys(miniatures.bots!.kinds).sort()).toEqual(['heuristic', 'random']);
  });
  it('the heuristic bot beats the random bot from either side, always with a legal command, and every game ends', () => {
    let asJudges = 0;
    let asGang = 0;
    const N = 20;
    for (let game = 1; game <= N; game++) {
      const a = play(game, ['heuristic', 'random']);
      const b = play(game, ['random', 'heuristic']);
      expect(a.winner).not.toBeUndefined();
      expect(b.winner).not.toBeUndefined();
      if (a.winner === 0) asJudges++;
      if (b.winner === 1) asGang++;
    }
    // Random against random, the Judges win about a third of the games (100 games: 32).
    expect(asJudges).toBeGreaterThanOrEqual(N * 0.8);
    expect(asGang).toBeGreaterThanOrEqual(N * 0.8);
  }, 60_000);
  it('"always follows up": the heuristic bot pushes back and follows when it may', () => {
    const legal = [
      { type: 'PUSH_BACK' as const, push: false },
      { type: 'PUSH_BACK' as const, push: true, follow: false },
      { type: 'PUSH_BACK' as const, push: true, follow: true },
    ];
    const s = TestGame.create().state;
    expect(miniatures.bots!.kinds.heuristic!.choose(s, 0, legal, keyedRng(keyN(1)))).toEqual(legal[2]);
    expect(miniatures.bots!.kinds.heuristic!.choose(s, 0, legal.slice(0, 2), keyedRng(keyN(1)))).toEqual(legal[1]);
  });
});
