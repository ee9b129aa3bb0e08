// What a seat sees. Nothing in the basic game is hidden (every model and roll is on the table),
// but the generator's key is secret while the game runs: the view leaves the generator out.

import type { Seat } from '../../platform/game-module.ts';
import type { Event, GameState } from './types.ts';

export type GameView = Omit<GameState, 'rng'>;
export type VisibleEvent = Event;

export function view(s: GameState, _seat: Seat | null): GameView {
  const { rng: _rng, ...rest } = JSON.parse(JSON.stringify(s)) as GameState;
  return rest;
}

/** Every event is public: dice, moves and their words. */
export const redact = (e: Event, _seat: Seat | null): VisibleEvent => e;
