// The Fighting Spirit Table's start-of-turn entries (Block War), and the block counter reaching 100.

import { describe, expect, it } from 'vitest';
import { blockSquare as b, plazaSquare as p } from '../../../src/games/block-war/board/squares.ts';
import type { Event } from '../../../src/games/block-war/types.ts';
import { position } from './support.ts';

type Gained = Extract<Event, { type: 'FightingSpiritGained' }>;

/** Seat 1 ends its turn (control 20 → 21, no badge); returns seat 0's gains at the start of its turn. */
function gainsAtStart(placed: Record<string, string>, spirit = [20, 20], wounded: string[] = []) {
  const g = position({ seat: 1, placed: { 's1-citizen-4': b(1, 9, 0), ...placed }, control: 20, spirit });
  for (const u of wounded) g.state.units[u]!.wounded = true;
  while (g.sit().kind === 'turn' && g.awaited() === 1) g.send(1, { type: 'END_STEP' });
  return { g, gains: g.log.filter((e): e is Gained => e.type === 'FightingSpiritGained') };
}

describe('"Having control of the plaza (most units) at the start of your turn — 3"', () => {
  it('more units in the plaza than any other block: 3', () => {
    const { gains } = gainsAtStart({ 's0-juve-1': p(3, 3), 's0-juve-2': p(3, 4), 's1-punk-1': p(7, 7) });
    expect(gains).toEqual([{ type: 'FightingSpiritGained', seat: 0, amount: 3, to: 23 }]);
  });

  it('BW31: a tie controls nothing; wounded units do not count', () => {
    expect(gainsAtStart({ 's0-juve-1': p(3, 3), 's1-punk-1': p(7, 7) }).gains).toEqual([]);
    expect(gainsAtStart({ 's0-juve-1': p(3, 3), 's0-juve-2': p(3, 4), 's1-punk-1': p(7, 7) }, [20, 20], ['s0-juve-2']).gains).toEqual([]);
  });
});

describe('"Having the ugliest Ugly unit in the plaza at the start of your turn — Value of Ugly"', () => {
  it('the ugliest ugly in the plaza scores its rating (and, alone there, the plaza too)', () => {
    const { gains } = gainsAtStart({ 's0-ugly-3': p(3, 3), 's1-ugly-2': p(7, 7) });
    // One unit each: nobody controls the plaza; seat 0's ugly (3) beats seat 1's (2).
    expect(gains).toEqual([{ type: 'FightingSpiritGained', seat: 0, amount: 3, to: 23 }]);
  });

  it('BW31: an ugly not the ugliest, or tied for ugliest, scores nothing', () => {
    expect(gainsAtStart({ 's0-ugly-2': p(3, 3), 's1-ugly-3': p(7, 7) }).gains).toEqual([]);
    expect(gainsAtStart({ 's0-ugly-3': p(3, 3), 's1-ugly-3': p(7, 7) }).gains).toEqual([]);
  });
});

describe('"If a player\'s block counter reaches 100 then the block has gained a resounding win"', () => {
  it('the game ends with that block the winner', () => {
    const { g } = gainsAtStart({ 's0-juve-1': p(3, 3) }, [98, 20]);
    expect(g.log.slice(-1)[0]).toEqual({ type: 'GameEnded', winners: [0], reason: 'block-counter-reached-100' });
    expect(g.state.seats[0]!.spirit).toBe(100);
  });
});
