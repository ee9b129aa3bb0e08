// What the bots' scoring functions (evaluate.ts, evaluate-solo.ts) share about a position: walking
// steps between spaces, and the hand a seat will hold once its turn has drawn.

import { boardFor } from '../board/index.ts';
import type { MapId, SpaceId } from '../board/index.ts';
import type { GameState, Seat } from '../types.ts';

/** Steps between spaces along borders a character may cross (MOVE and CLIMB alike), per map. */
const STEPS = new Map<MapId, ReadonlyMap<SpaceId, ReadonlyMap<SpaceId, number>>>();

export function steps(map: MapId): ReadonlyMap<SpaceId, ReadonlyMap<SpaceId, number>> {
  const known = STEPS.get(map);
  if (known) return known;
  const board = boardFor(map);
  const all = new Map<SpaceId, Map<SpaceId, number>>();
  for (const from of board.spaces) {
    const dist = new Map<SpaceId, number>([[from, 0]]);
    const queue: SpaceId[] = [from];
    for (let i = 0; i < queue.length; i++) {
      const here = queue[i]!;
      for (const next of board.adjacent(here))
        if (!dist.has(next)) {
          dist.set(next, dist.get(here)! + 1);
          queue.push(next);
        }
    }
    all.set(from, dist);
  }
  STEPS.set(map, all);
  return all;
}

/** A normal turn ends by drawing three cards, stopping at seven ("Draw three cards … stop drawing once you reach seven"). */
const DRAW = 3;
const HAND_LIMIT = 7;

/** The seat's hand as it will be once the turn it is playing has ended: a normal turn draws, an interrupting one does not. */
export function cardsAfterDraw(s: GameState, seat: Seat): number {
  const seatState = s.seats[seat]!;
  const hand = seatState.hand.length;
  const sit = s.situation;
  if (sit.kind !== 'turn' || sit.actor !== seat || sit.interrupting) return hand;
  const drawable = seatState.deck.length + seatState.discard.length;
  return Math.max(hand, Math.min(HAND_LIMIT, hand + Math.min(DRAW, drawable)));
}
