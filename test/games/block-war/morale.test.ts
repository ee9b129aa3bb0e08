// "Morale Loss" (Block War) and the Unit Morale Table.

import { describe, expect, it } from 'vitest';
import { keyedRng } from '../../../src/platform/random.ts';
import { blockSquare as b, plazaSquare as p } from '../../../src/games/block-war/board/squares.ts';
import type { Event } from '../../../src/games/block-war/types.ts';
import { keyN } from '../../support/module-game.ts';
import { position, TestGame } from './support.ts';

type Checked = Extract<Event, { type: 'MoraleChecked' }>;

/** Seat 1 ends its turn; seat 0's turn begins with spirit and control as given (control moves on one first). */
function startOfTurn(spirit: number, control: number, placed: Record<string, string>, k = 1) {
  const base = position({ seat: 1, placed: { 's1-punk-1': b(1, 5, 0), ...placed }, spirit: [spirit, 10], control });
  const g = new TestGame({ ...base.state, rng: keyedRng(keyN(k)) });
  // A block left with no unit in it after its morale checks surrenders (BW34), and a 2-player game ends.
  while (g.sit().kind === 'turn' && g.awaited() === 1) g.send(1, { type: 'END_STEP' });
  return g;
}

describe('Morale Loss: "If your fighting spirit has fallen 10 points or more behind the control marker at the start of your turn"', () => {
  it('9 behind: no check; 10 behind: every healthy unit of the block checks (BW27)', () => {
    const placed = { 's0-juve-1': b(0, 5, 0), 's0-punk-1': b(0, 6, 0), 's0-ape-1': p(3, 3), 's0-robo-doc': b(0, 3, 4) };
    expect(startOfTurn(12, 20, placed).log.some((e) => e.type === 'MoraleChecked')).toBe(false); // control 21: 9 behind
    const checks = startOfTurn(11, 20, placed).log.filter((e) => e.type === 'MoraleChecked') as Checked[];
    expect(checks.map((c) => c.unit).sort()).toEqual(['s0-ape-1', 's0-juve-1', 's0-punk-1']);
  });

  it('"Roll a die, add the units morale (M), and if the result is six or more, then the unit fights on, otherwise they surrender … and are discarded"', () => {
    const outcomes = new Set<boolean>();
    for (let k = 1; k <= 30; k++) {
      const g = startOfTurn(10, 30, { 's0-punk-1': b(0, 6, 0) }, k);
      const c = g.log.find((e) => e.type === 'MoraleChecked') as Checked;
      expect(c.total).toBe(c.die + 3);
      expect(c.fightsOn).toBe(c.total >= 6);
      expect(g.unit('s0-punk-1').square).toBe(c.fightsOn ? b(0, 6, 0) : null);
      outcomes.add(c.fightsOn);
    }
    expect(outcomes.size).toBe(2);
  });

  it('"Citizen — 2 (1 out of their block)"', () => {
    const inside = startOfTurn(10, 30, { 's0-citizen-1': b(0, 6, 0) }).log.find((e) => e.type === 'MoraleChecked') as Checked;
    const outside = startOfTurn(10, 30, { 's0-citizen-1': p(3, 3) }).log.find((e) => e.type === 'MoraleChecked') as Checked;
    expect(inside.total - inside.die).toBe(2);
    expect(outside.total - outside.die).toBe(1);
  });
});
