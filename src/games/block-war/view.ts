// What each seat may see. Block War has no hidden cards: the boards, the track, the counters
// drawn (face up, BW9) and every die are public. Only the generator is kept back: its key (the
// platform publishes it when the game ends), and its position, in the state and in every event —
// it would tell how many words the rejection sampling threw away. The pools are shown in the set's
// fixed order: which counter comes out next is decided only when it is drawn.

import type { Seat } from '../../platform/game-module.ts';
import type { Event, GameState } from './types.ts';

export type GameView = Omit<GameState, 'rng'> & { viewer: Seat | null };
export type VisibleEvent = DistributiveOmit<Event, 'rng'>;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export function view(s: GameState, seat: Seat | null): GameView {
  const copy = JSON.parse(JSON.stringify(s)) as GameState;
  const { rng: _rng, ...rest } = copy;
  return { ...rest, viewer: seat };
}

export function redact(event: Event): VisibleEvent {
  if (!('rng' in event)) return event;
  const { rng: _rng, ...rest } = event;
  return rest;
}
