// What each seat may see. Block War has no hidden cards: the boards, the track, the counters
// drawn (face up, BW9) and every die are public. Only the generator's key is kept back (the
// platform publishes it when the game ends), and the generator's position, which says nothing
// without the key.

import type { Seat } from '../../platform/game-module.ts';
import type { Event, GameState } from './types.ts';

export type GameView = Omit<GameState, 'rng'> & { viewer: Seat | null };
export type VisibleEvent = Event;

export function view(s: GameState, seat: Seat | null): GameView {
  const copy = JSON.parse(JSON.stringify(s)) as GameState;
  const { rng: _rng, ...rest } = copy;
  return { ...rest, viewer: seat };
}

export const redact = (event: Event): VisibleEvent => event;
