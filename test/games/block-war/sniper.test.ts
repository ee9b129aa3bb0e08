// Sniper (Unit Reference Sheet): "They may only be placed on level 11 of a block, and hit any viable
// target on any roll but a 1" (BW49: a viable target is one the Shooting rules let any shooter there
// fire at). Placement on level 11: setup.test.ts (BW17); the hit rule: combat.test.ts.

import { describe, expect, it } from 'vitest';
import { blockWar } from '../../../src/games/block-war/index.ts';
import { blockSquare as b, plazaSquare as p } from '../../../src/games/block-war/board/squares.ts';
import { position } from './support.ts';

const targets = (shooter: string, at: string) => {
  const placed = { [shooter]: at, 's1-punk-1': p(5, 8), 's1-juve-1': b(1, 3, 2), 's1-ape-1': b(0, 10, 0), 's1-eldster-1': b(0, 9, 3) };
  const g = position({ placed });
  g.send(0, { type: 'ACTIVATE', unit: shooter });
  return blockWar
    .legalCommands(g.state, 0)
    .filter((c) => c.type === 'SHOOT')
    .map((c) => (c as { target: string }).target)
    .sort();
};

describe('Sniper: "hit any viable target"', () => {
  it('BW49: its viable targets are exactly those any shooter on its square may fire at — the plaza, another block, an adjacent square of its own', () => {
    expect(targets('s0-sniper-1', b(0, 11, 0))).toEqual(['s1-ape-1', 's1-juve-1', 's1-punk-1']);
    expect(targets('s0-sniper-1', b(0, 11, 0))).toEqual(targets('s0-citi-def-1', b(0, 11, 0)));
    expect(targets('s0-sniper-1', b(0, 9, 2))).toEqual(targets('s0-citi-def-1', b(0, 9, 2)));
  });
});
