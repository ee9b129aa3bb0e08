// What a seat sees. Nothing on the table is hidden (every model and roll is public), but the
// generator's key is secret while the game runs, and a seat's standing orders are its own (M21).
// A roll's event records the generator's position reached; like the other games, redaction
// removes it (docs/architecture.md §6): the whole log, positions included, is public once it ends.

import type { Seat } from '../../platform/game-module.ts';
import type { StandingOrders } from './orders.ts';
import { cloneState } from './state.ts';
import type { Event, GameState } from './types.ts';

export type GameView = Omit<GameState, 'rng' | 'orders'> & { seats: { seat: Seat; orders?: StandingOrders }[] };
type DiceRolled = Extract<Event, { type: 'DiceRolled' }>;
export type VisibleEvent =
  | Exclude<Event, { type: 'OrdersSet' } | { type: 'DiceRolled' }>
  | (Omit<DiceRolled, 'rng'> & { rng?: DiceRolled['rng'] })
  | { type: 'OrdersSet'; seat: Seat; orders?: StandingOrders };

export function view(s: GameState, viewer: Seat | null): GameView {
  // The fold's own field-by-field copy, not a JSON round trip: the view shares nothing with the cached state.
  const { rng: _rng, orders, ...rest } = cloneState(s);
  return { ...rest, seats: orders.map((o, seat) => (seat === viewer ? { seat, orders: o } : { seat })) };
}

/** Every event is public but another seat's orders and the generator's position: dice, moves and their words. */
export function redact(e: Event, viewer: Seat | null): VisibleEvent {
  if (e.type === 'OrdersSet' && e.seat !== viewer) return { type: 'OrdersSet', seat: e.seat };
  if (e.type === 'DiceRolled') {
    const { rng: _rng, ...rest } = e;
    return rest;
  }
  return e;
}
