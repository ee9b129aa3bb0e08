// SET_ORDERS (docs/rulings.md R34, R58): a seat's standing orders and arms, changed at any moment
// of the game. The event carries them in full; every other reader sees only that some seat set
// orders (R39), so arming an INTERRUPT looks the same as any change of orders.

import { checkArms } from './arms.ts';
import { cloneArms } from './orders.ts';
import type { Draft } from './draft.ts';
import type { Seat, SetOrders } from './types.ts';

/** The seat's orders with the fields sent changed; `arms`, when sent, replaces the seat's arms (`[]` cancels them). */
export function setOrders(d: Draft, seat: Seat, cmd: SetOrders): void {
  const now = d.state.seats[seat]!;
  if (cmd.arms !== undefined) checkArms(d.state, seat, cmd.arms);
  d.emit({
    type: 'OrdersSet',
    seat,
    orders: { interrupt: cmd.interrupt ?? now.orders.interrupt, defence: cmd.defence ?? now.orders.defence },
    arms: cloneArms(cmd.arms ?? now.arms),
  });
}
