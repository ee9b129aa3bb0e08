// STANDING ORDERS (docs/rulings.md R34–R40): "Async play stalls if every action waits on every
// opponent. Each seat has private standing orders, applied the moment a situation would ask that
// seat." A setting, not a move: a seat may change its own at any moment of the game (R34); a
// situation reads them once, when it opens (R35), so a window already open asks whom it asked.

import { DEFAULT_ORDERS as SPEC_DEFAULTS } from './published/standing-orders.ts';
import type { CharacterId, Event, GameState, Seat, SetOrders, StandingOrders } from './types.ts';

/** What setting orders needs of a `Draft` (draft.ts), named here so this file imports no rules code. */
interface Emitter {
  readonly state: GameState;
  emit(event: Event): void;
}

export const DEFAULT_ORDERS: StandingOrders = { ...SPEC_DEFAULTS };

export const cloneOrders = (o: StandingOrders): StandingOrders => ({ interrupt: o.interrupt, defence: o.defence });

/** SET_ORDERS: the seat's orders with the fields sent changed; the event carries them in full. */
export function setOrders(d: Emitter, seat: Seat, cmd: SetOrders): void {
  const now = d.state.seats[seat]!.orders;
  d.emit({
    type: 'OrdersSet',
    seat,
    orders: { interrupt: cmd.interrupt ?? now.interrupt, defence: cmd.defence ?? now.defence },
  });
}

/**
 * `interrupt: ask` is asked in every window; `endOfTurnOnly` only in windows after a declared end of
 * turn (normal or interrupting); `never` in none. Holding an INTERRUPT card is checked apart (R11).
 */
export function interruptOrderAsks(s: GameState, seat: Seat, after: 'action' | 'endOfTurn'): boolean {
  const order = s.seats[seat]!.orders.interrupt;
  return order === 'ask' || (order === 'endOfTurnOnly' && after === 'endOfTurn');
}

/** The defence order of the seat that owns `defender`. */
export const defenceOrderFor = (s: GameState, defender: CharacterId): StandingOrders['defence'] =>
  s.seats[s.characters[defender]!.seat]!.orders.defence;
