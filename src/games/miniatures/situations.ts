// Who is awaited now, and for what.

import type { Awaited } from '../../platform/game-module.ts';
import type { GameState } from './types.ts';

export function awaiting(s: GameState): Awaited[] {
  const sit = s.situation;
  switch (sit.kind) {
    case 'over':
      return [];
    case 'roll-off':
      return [0, 1].filter((seat) => sit.rolls[String(seat)] === undefined).map((seat) => ({ seat, situation: 'roll-off', windowId: sit.windowId }));
    case 'phase':
      return s.phase ? [{ seat: s.phase.seat, situation: 'phase', windowId: sit.windowId }] : [];
    case 'push-back':
      return [{ seat: sit.seat, situation: 'push-back', windowId: sit.windowId }];
  }
}
