// STANDING ORDERS (docs/rulings.md R34–R58): "Async play stalls if every action waits on every
// opponent. Each seat has private standing orders, applied the moment a situation would ask that
// seat." A setting, not a move: a seat may change its own at any moment of the game (R34); a
// situation reads them once, when it opens (R35), so a window already open asks whom it asked.
// Setting them, with the arms beside them, is set-orders.ts; this file only reads them, so the
// state's helpers (state.ts) can copy them without importing any rule.

import { DEFAULT_ORDERS as SPEC_DEFAULTS } from './published/standing-orders.ts';
import type { Arm, CharacterId, GameState, Seat, StandingOrders } from './types.ts';

export const DEFAULT_ORDERS: StandingOrders = { ...SPEC_DEFAULTS };

export const cloneOrders = (o: StandingOrders): StandingOrders => ({ interrupt: o.interrupt, defence: o.defence });

export const cloneArms = (arms: readonly Arm[]): Arm[] => arms.map((a) => (a.card === undefined ? { trigger: a.trigger } : { trigger: a.trigger, card: a.card }));

/**
 * `interrupt: ask` is asked in every window; `endOfTurnOnly` only in windows after a declared end of
 * turn (normal or interrupting); `armed` in none (its arms answer for it, R58). Never the hand (R11).
 */
export function interruptOrderAsks(s: GameState, seat: Seat, after: 'action' | 'endOfTurn'): boolean {
  const order = s.seats[seat]!.orders.interrupt;
  return order === 'ask' || (order === 'endOfTurnOnly' && after === 'endOfTurn');
}

/** The defence order of the seat that owns `defender`. */
export const defenceOrderFor = (s: GameState, defender: CharacterId): StandingOrders['defence'] =>
  s.seats[s.characters[defender]!.seat]!.orders.defence;
