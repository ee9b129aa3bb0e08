// Surrender (Block War, "Game Over, Creep!"): "If there is only one fighting block left in the game,
// it is the winner. Block's automatically surrender when there are no fighting units left in their
// block at the start of their turn (ignore plaza units), or if there are more enemy units than
// friendly units or a block may surrender at any point in the game if the player chooses."

import { parseSquare } from './board/squares.ts';
import { unitKind } from './content/units.ts';
import { check } from '../../platform/draft.ts';
import type { Draft } from './draft.ts';
import { allUnits } from './state.ts';
import type { GameState, Seat, UnitState } from './types.ts';

export type SurrenderReason = 'chose' | 'no-fighting-units' | 'outnumbered';

/** Healthy units standing in `seat`'s own block (its board's squares; plaza units ignored). */
function inBlock(s: GameState, seat: Seat): UnitState[] {
  return allUnits(s).filter((u) => {
    if (u.square === null || u.wounded) return false;
    const sq = parseSquare(u.square, s.seats.length);
    return sq !== null && sq.on === 'block' && sq.seat === seat;
  });
}

/**
 * BW34: at the start of its turn a block surrenders when no fighting unit of its own (a healthy
 * block unit of that block) stands in its block, or when the enemy units there (other blocks'
 * healthy block units and healthy judges) outnumber its own. Independent units are neither.
 */
export function automaticSurrender(s: GameState, seat: Seat): SurrenderReason | null {
  const units = inBlock(s, seat);
  const friendly = units.filter((u) => u.home === seat && unitKind(u.kind).allegiance === 'block').length;
  const enemy = units.filter((u) => {
    const allegiance = unitKind(u.kind).allegiance;
    return allegiance === 'judge' || (allegiance === 'block' && u.home !== seat);
  }).length;
  if (friendly === 0) return 'no-fighting-units';
  if (enemy > friendly) return 'outnumbered';
  return null;
}

/** The seats still fighting, in seat order. */
export const fighting = (s: GameState): Seat[] => s.seats.flatMap((x, i) => (x.surrendered ? [] : [i]));

/**
 * BW35: a surrendering block's own units on the boards surrender with it and are discarded, as a
 * unit failing a morale check is; its turns are passed over from then on. When one block is left
 * fighting, it wins.
 */
export function surrender(d: Draft, seat: Seat, reason: SurrenderReason): void {
  d.emit({ type: 'BlockSurrendered', seat, reason });
  for (const u of allUnits(d.state))
    if (u.home === seat && u.square !== null && unitKind(u.kind).allegiance === 'block') d.emit({ type: 'UnitRemoved', unit: u.id });
  const left = fighting(d.state);
  if (left.length === 1) d.emit({ type: 'GameEnded', winners: left, reason: 'last-block-fighting' });
}

/**
 * "a block may surrender at any point in the game if the player chooses" — BW36: from the first
 * turn on (during set-up there is no block war yet to give up), whether the seat is awaited or not.
 */
export function checkMaySurrender(s: GameState, seat: Seat): void {
  check(s.situation.kind !== 'over', 'GAME_OVER', 'The game is over.');
  check(!s.seats[seat]!.surrendered, 'ALREADY_SURRENDERED', 'Your block has already surrendered.');
  const sit = s.situation;
  const settingUp = sit.kind === 'roll' || sit.kind === 'place-block' || sit.kind === 'place-feature' || (sit.kind === 'place-unit' && sit.duringSetup);
  check(!settingUp, 'NOT_YET', 'A block may surrender once the block war has begun, after set-up.');
}
