// Fighting spirit: "Each time you gain fighting spirit (see the fighting spirit table) …, move your
// block counter up the Justice Track the appropriate number of spaces." (Block War)

import { parseSquare } from './board/squares.ts';
import { TRACK_LENGTH } from './content/justice-track.ts';
import { unitKind } from './content/units.ts';
import type { Draft } from './draft.ts';
import { isFrenzied } from './frenzy.ts';
import { allUnits, isOver } from './state.ts';
import type { GameState, Seat, UnitState } from './types.ts';

/** Moves the block counter up; "If a player's block counter reaches 100 then the block has gained a resounding win". */
export function gainSpirit(d: Draft, seat: Seat, amount: number): void {
  const to = Math.min(TRACK_LENGTH, d.state.seats[seat]!.spirit + amount);
  if (to === d.state.seats[seat]!.spirit) return;
  d.emit({ type: 'FightingSpiritGained', seat, amount: to - d.state.seats[seat]!.spirit, to });
  if (to >= TRACK_LENGTH) d.emit({ type: 'GameEnded', winners: [seat], reason: 'block-counter-reached-100' });
}

/**
 * "When your fighting spirit is 20 or more points beyond the control marker, your block becomes
 * 'Frenzied!'": told once an action's gains are all made — wounding a judge moves control on after
 * its 5 (BW53), so the block is judged on where both stand at the end — for its units gain +1
 * movement point from then on. `wasFrenzied`: whether it was before the action.
 */
export function frenzyAfterGains(d: Draft, seat: Seat, wasFrenzied: boolean): void {
  if (!wasFrenzied && !isOver(d.state) && isFrenzied(d.state, seat)) d.emit({ type: 'BlockFrenzied', seat });
}

const inPlaza = (s: GameState, u: UnitState) => u.square !== null && !u.wounded && parseSquare(u.square, s.seats.length)?.on === 'plaza';

/** A block's healthy block units standing in the plaza. */
const plazaUnits = (s: GameState, seat: Seat) =>
  allUnits(s).filter((u) => u.home === seat && unitKind(u.kind).allegiance === 'block' && inPlaza(s, u));

/**
 * "Having control of the plaza (most units) at the start of your turn — 3"; "Having the ugliest
 * Ugly unit in the plaza at the start of your turn — Value of Ugly". BW31: most means more than
 * every other block (a tie controls nothing), counting healthy block units; the ugliest ugly is the
 * healthy ugly of highest rating in the plaza, and a tie for it scores for nobody.
 */
export function startOfTurnSpirit(d: Draft, seat: Seat): void {
  const s = d.state;
  const counts = s.seats.map((_, i) => plazaUnits(s, i).length);
  if (counts[seat]! > 0 && counts.every((n, i) => i === seat || n < counts[seat]!)) gainSpirit(d, seat, 3);
  if (d.state.situation.kind === 'over') return;
  const uglies = allUnits(d.state).filter((u) => u.kind === 'ugly' && inPlaza(d.state, u));
  const top = Math.max(0, ...uglies.map((u) => u.ugly ?? 0));
  const ugliest = uglies.filter((u) => (u.ugly ?? 0) === top);
  if (ugliest.length === 1 && ugliest[0]!.home === seat) gainSpirit(d, seat, top);
}
