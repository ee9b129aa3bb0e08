// What each seat may see. Block War has no hidden cards: the boards, the track, the counters
// drawn (face up, BW9) and every die are public. Only the generator is kept back: its key (the
// platform publishes it when the game ends), and its position, in the state and in every event —
// it would tell how many words the rejection sampling threw away. The pools are shown in the set's
// fixed order: which counter comes out next is decided only when it is drawn.

import type { Seat } from '../../platform/game-module.ts';
import { cloneState } from './state.ts';
import type { Event, GameState } from './types.ts';

export type GameView = Omit<GameState, 'rng'> & { viewer: Seat | null };
export type VisibleEvent = DistributiveOmit<Event, 'rng'>;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export function view(s: GameState, seat: Seat | null): GameView {
  // The fold's own field-by-field copy, not a JSON round trip (a tenth of the cost): the view is the
  // caller's to keep, and shares nothing with the state the service caches.
  const { rng: _rng, ...rest } = cloneState(s);
  return { ...rest, viewer: seat };
}

export function redact(event: Event): VisibleEvent {
  if (!('rng' in event)) return event;
  const { rng: _rng, ...rest } = event;
  return rest;
}
