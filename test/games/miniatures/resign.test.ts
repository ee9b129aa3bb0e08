// Resigning (issue 31; docs/rulings.md M25): "fighting until the opposing side panics and flees" —
// the side that resigns flees, and the other side wins at once, whatever was awaited.

import { describe, expect, it } from 'vitest';
import { miniatures } from '../../../src/games/miniatures/index.ts';
import { find, position, TestGame } from './support.ts';

describe('Resigning (M25)', () => {
  it('during the roll-off, by a seat not yet asked anything more: the other side wins', () => {
    const g = TestGame.create();
    expect(g.state.situation.kind).toBe('roll-off');
    expect(miniatures.anytimeCommands!(g.state, 1)).toEqual([{ type: 'RESIGN' }]);
    const events = g.send(1, { type: 'RESIGN' });
    expect(find(events, 'GameEnded')).toMatchObject({ winner: 0, reason: 'resigned' });
    expect(miniatures.isOver(g.state)).toBe(true);
    expect(miniatures.winners(g.state)).toEqual([0]);
    expect(miniatures.anytimeCommands!(g.state, 0)).toEqual([]);
  });

  it('in the other side’s Phase: the resigning seat need not be awaited', () => {
    const g = position({ 'judge-1': { x: 2300, y: 2300 }, 'big-barko': { x: 2300, y: 1300 }, 'little-barko': { x: 300, y: 2300 } }, { seat: 0 });
    const events = g.send(1, { type: 'RESIGN' });
    expect(find(events, 'GameEnded')).toMatchObject({ winner: 0, reason: 'resigned' });
  });

  it('is no legal command (bots never resign), answers no window, and is refused once the game is over', () => {
    const g = TestGame.create();
    expect(miniatures.legalCommands(g.state, 0).some((c) => c.type === 'RESIGN')).toBe(false);
    expect(miniatures.givingUp).toEqual(['RESIGN']);
    expect(g.refused(0, { type: 'RESIGN', windowId: 'w1' })).toBe('INVALID_COMMAND');
    g.send(0, { type: 'RESIGN' });
    expect(g.refused(1, { type: 'RESIGN' })).toBe('GAME_OVER');
  });
});
