// Copying and asking questions of the state. Read-only helpers; nothing here changes state.

import type { GameState, Seat, SquareId, UnitState } from './types.ts';
import { unitKind } from './content/index.ts';

/**
 * A deep copy with the units in id order, whatever order the source had: a state read back from
 * Postgres jsonb has its keys re-sorted, and rules iterate units.
 */
export function cloneState(s: GameState): GameState {
  const copy = JSON.parse(JSON.stringify(s)) as GameState;
  const units: Record<string, UnitState> = {};
  for (const id of Object.keys(copy.units).sort()) units[id] = copy.units[id]!;
  copy.units = units;
  return copy;
}

/** The healthy unit standing on a square, if any (wounded units lie there and are stood over). */
export function healthyUnitOn(s: GameState, square: SquareId): UnitState | undefined {
  return Object.values(s.units).find((u) => u.square === square && !u.wounded);
}

export const featureOn = (s: GameState, square: SquareId) => s.features.find((f) => f.square === square);

/**
 * Who a unit fights with (BW8): a block unit with its block's other block units; a judge with the
 * other judges; an independent unit only with itself.
 */
export function sideOf(u: UnitState): string {
  const allegiance = unitKind(u.kind).allegiance;
  if (allegiance === 'judge') return 'judges';
  if (allegiance === 'independent') return `independent:${u.id}`;
  return `block:${u.home}`;
}

export const friendly = (a: UnitState, b: UnitState) => sideOf(a) === sideOf(b);

export const placement = (s: GameState) => s.seats.map((x) => x.side);

/**
 * The seat after `seat` in turn order: "The turn then passes on to the player on your left."
 * Surrendered blocks are passed over (BW35); `seat` itself may have just surrendered.
 */
export function nextInOrder(s: GameState, seat: Seat): Seat {
  const i = s.order.indexOf(seat);
  for (let k = 1; k <= s.order.length; k++) {
    const candidate = s.order[(i + k) % s.order.length]!;
    if (!s.seats[candidate]!.surrendered) return candidate;
  }
  return seat;
}

/** The fighting seat before `seat` in turn order: "the player to your right" (BW30, BW35). */
export function previousInOrder(s: GameState, seat: Seat): Seat {
  const i = s.order.indexOf(seat);
  for (let k = 1; k <= s.order.length; k++) {
    const candidate = s.order[(i - k + 2 * s.order.length) % s.order.length]!;
    if (!s.seats[candidate]!.surrendered) return candidate;
  }
  return seat;
}

export const isOver = (s: GameState) => s.situation.kind === 'over';
