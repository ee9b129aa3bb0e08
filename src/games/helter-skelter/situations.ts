// Who is awaited now, and in which situation (docs/architecture.md §4): the platform adds each
// one's deadline from the game's clocks and fires EXPIRE_WINDOW when it passes.

import type { Awaited } from '../../platform/game-module.ts';
import { playedByRules, SOLO_PLAYER_SEAT } from './solo/seat.ts';
import type { GameState } from './types.ts';

export function awaiting(s: GameState): Awaited[] {
  const sit = s.situation;
  switch (sit.kind) {
    case 'over':
      return [];
    case 'setup':
      return s.seats
        .map((_, seat) => seat)
        .filter((seat) => !s.setupDone.includes(seat) && !playedByRules(s, seat))
        .map((seat) => ({ seat, situation: 'setup', windowId: sit.windowId }));
    case 'turn':
      // The Dark Judges' turn in a solo game is played by the rules within the command that began it.
      return playedByRules(s, sit.actor) ? [] : [{ seat: sit.actor, situation: 'turn', windowId: sit.windowId }];
    case 'target':
      return [{ seat: SOLO_PLAYER_SEAT, situation: 'target', windowId: sit.windowId }];
    case 'defence': {
      const seats = new Set<number>();
      for (const d of sit.defenders) if (d.choice.kind === 'undecided') seats.add(s.characters[d.character]!.seat);
      return [...seats].sort((a, b) => a - b).map((seat) => ({ seat, situation: 'defence', windowId: sit.windowId }));
    }
    case 'interrupt':
      return sit.eligible
        .filter((seat) => !(String(seat) in sit.answers))
        .map((seat) => ({ seat, situation: 'interrupt', windowId: sit.windowId }));
  }
}
