// The fatty's two rules (Unit Reference Sheet): "1. Charge Bonus: They get +1 brawling for every two
// spaces they move in a straight line in the run up to combat." "2. A fatty must roll a 4+ on a die
// to pass a hottie stall in an adjacent space." (BW44, BW45). Seat 0's block stands north.

import { describe, expect, it } from 'vitest';
import { keyedRng } from '../../../src/platform/random.ts';
import { blockWar } from '../../../src/games/block-war/index.ts';
import { plazaSquare as p } from '../../../src/games/block-war/board/squares.ts';
import type { Event, GameState } from '../../../src/games/block-war/types.ts';
import { keyN } from '../../support/module-game.ts';
import { position, TestGame } from './support.ts';

type Of<T extends Event['type']> = Extract<Event, { type: T }>;
const find = <T extends Event['type']>(events: Event[], type: T) => events.find((e) => e.type === type) as Of<T> | undefined;

const FATTY = 's0-fatty-1';
const FATTY_B = 2;

/** The fatty walks `path` from its square and brawls the enemy punk: its total less its die. */
function brawlAfter(start: string, path: string[], enemyAt: string): number {
  const g = position({ placed: { [FATTY]: start, 's1-punk-1': enemyAt }, spirit: [10, 10], control: 5 });
  g.send(0, { type: 'ACTIVATE', unit: FATTY });
  for (const to of path) g.send(0, { type: 'STEP', to });
  const rolled = find(g.send(0, { type: 'BRAWL', target: 's1-punk-1' }), 'BrawlRolled')!;
  return rolled.attackerTotal - rolled.attackerDie;
}

describe('Fatty: "Charge Bonus"', () => {
  it('"+1 brawling for every two spaces they move in a straight line in the run up to combat"', () => {
    expect(brawlAfter(p(3, 3), [], p(4, 3))).toBe(FATTY_B);
    expect(brawlAfter(p(3, 3), [p(4, 3)], p(5, 3))).toBe(FATTY_B); // one space: no bonus
    expect(brawlAfter(p(1, 3), [p(2, 3), p(3, 3)], p(4, 3))).toBe(FATTY_B + 1);
    expect(brawlAfter(p(1, 3), [p(2, 3), p(3, 3), p(4, 3)], p(5, 3))).toBe(FATTY_B + 1);
    expect(brawlAfter(p(1, 3), [p(2, 3), p(3, 3), p(4, 3), p(5, 3)], p(6, 3))).toBe(FATTY_B + 2);
  });

  it('BW44: a turn starts a new line — only the run that ends at the brawl counts', () => {
    expect(brawlAfter(p(1, 3), [p(2, 3), p(3, 3), p(3, 4)], p(4, 4))).toBe(FATTY_B);
    expect(brawlAfter(p(1, 3), [p(2, 3), p(2, 4), p(3, 4), p(4, 4)], p(5, 4))).toBe(FATTY_B + 1);
  });

  it('BW44: other units have no charge bonus', () => {
    const g = position({ placed: { 's0-ape-1': p(1, 3), 's1-punk-1': p(5, 3) }, spirit: [10, 10], control: 5 });
    g.send(0, { type: 'ACTIVATE', unit: 's0-ape-1' });
    for (const to of [p(2, 3), p(3, 3), p(4, 3)]) g.send(0, { type: 'STEP', to });
    const rolled = find(g.send(0, { type: 'BRAWL', target: 's1-punk-1' }), 'BrawlRolled')!;
    expect(rolled.attackerTotal - rolled.attackerDie).toBe(3);
  });
});

describe('Fatty: "must roll a 4+ on a die to pass a hottie stall in an adjacent space"', () => {
  const withStall = (start: string): GameState => {
    const g = position({ placed: { [FATTY]: start }, spirit: [10, 10], control: 5 });
    g.state.features = [{ feature: 'stall', seat: 1, square: p(5, 3) }];
    return g.state;
  };

  it('BW45: stepping next to a stall, it rolls; below 4 its movement ends there, 4+ it moves on', () => {
    const seen = new Set<boolean>();
    for (let k = 1; k <= 40; k++) {
      const g = new TestGame({ ...structuredClone(withStall(p(3, 3))), rng: keyedRng(keyN(k)) });
      g.send(0, { type: 'ACTIVATE', unit: FATTY });
      const roll = find(g.send(0, { type: 'STEP', to: p(4, 3) }), 'StallRolled')!;
      expect(roll.passed).toBe(roll.die >= 4);
      const steps = blockWar.legalCommands(g.state, 0).filter((c) => c.type === 'STEP');
      if (roll.passed) expect(steps.length).toBeGreaterThan(0);
      else expect(steps).toEqual([]);
      expect(blockWar.legalCommands(g.state, 0).some((c) => c.type === 'END_ACTIVATION')).toBe(true);
      seen.add(roll.passed);
    }
    expect([...seen].sort()).toEqual([false, true]);
  });

  it('BW45: no roll for a step that does not bring it next to a stall, nor for any other unit', () => {
    const g = new TestGame(withStall(p(4, 3)));
    g.send(0, { type: 'ACTIVATE', unit: FATTY });
    expect(find(g.send(0, { type: 'STEP', to: p(3, 3) }), 'StallRolled')).toBeUndefined();
    const h = position({ placed: { 's0-ape-1': p(3, 3) } });
    h.state.features = [{ feature: 'stall', seat: 1, square: p(5, 3) }];
    h.send(0, { type: 'ACTIVATE', unit: 's0-ape-1' });
    expect(find(h.send(0, { type: 'STEP', to: p(4, 3) }), 'StallRolled')).toBeUndefined();
  });

  it('BW45: no roll for a step through a friend next to a stall, whichever of the two the rules list first', () => {
    // A juve's id sorts after the fatty's: the roll was once made here, and a failed one left the
    // fatty on its friend's square with no movement points and nothing legal to do.
    for (const friend of ['s0-juve-1', 's0-eldster-1']) {
      const g = position({ placed: { [FATTY]: p(3, 3), [friend]: p(4, 3) }, spirit: [10, 10], control: 5 });
      g.state.features = [{ feature: 'stall', seat: 1, square: p(5, 3) }];
      g.send(0, { type: 'ACTIVATE', unit: FATTY });
      expect(find(g.send(0, { type: 'STEP', to: p(4, 3) }), 'StallRolled')).toBeUndefined();
      expect(blockWar.legalCommands(g.state, 0).some((c) => c.type === 'STEP')).toBe(true);
    }
  });
});
