// Who is awaited now, and for what.

import type { Awaited } from '../../platform/game-module.ts';
import type { GameState } from './types.ts';

export function awaiting(s: GameState): Awaited[] {
  const sit = s.situation;
  switch (sit.kind) {
    case 'over':
      return [];
    case 'roll':
      return sit.rolling.filter((seat) => sit.rolls[String(seat)] === undefined).map((seat) => ({ seat, situation: 'roll', windowId: sit.windowId }));
    case 'place-block':
    case 'place-feature':
    case 'place-unit':
      return [{ seat: sit.seat, situation: 'setup', windowId: sit.windowId }];
    case 'turn':
      return [{ seat: sit.seat, situation: 'turn', windowId: sit.windowId }];
    case 'place-judge':
    case 'judge-target':
      return [{ seat: sit.seat, situation: 'judges', windowId: sit.windowId }];
  }
}
