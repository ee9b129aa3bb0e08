// A unit's skills as they stand now: the printed value and what changes it.

import { parseSquare } from './board/squares.ts';
import { unitKind } from './content/units.ts';
import { isFrenzied } from './frenzy.ts';
import { allUnits } from './state.ts';
import type { GameState, UnitState } from './types.ts';

/** Citizen: "Deduct one from all of their stats (except armour) when they are outside of their block." */
function outsideOwnBlock(s: GameState, u: UnitState): boolean {
  const sq = parseSquare(u.square, s.seats.length);
  return !sq || sq.on !== 'block' || sq.seat !== u.home;
}

const citizenPenalty = (s: GameState, u: UnitState) => (u.kind === 'citizen' && outsideOwnBlock(s, u) ? 1 : 0);

const inPlaza = (s: GameState, u: UnitState) => u.square !== null && parseSquare(u.square, s.seats.length)?.on === 'plaza';

/**
 * Juve: "For each juve you have in the plaza, their brawling increases by one up to a maximum of
 * +3." BW32: a juve in the plaza counts the block's other healthy juves there (the text's lone juve
 * in the plaza brawls with his printed 1).
 */
function gangBonus(s: GameState, u: UnitState): number {
  if (u.kind !== 'juve' || !inPlaza(s, u)) return 0;
  const others = allUnits(s).filter((o) => o.id !== u.id && o.kind === 'juve' && o.home === u.home && !o.wounded && inPlaza(s, o));
  return Math.min(3, others.length);
}

export const brawling = (s: GameState, u: UnitState) => unitKind(u.kind).brawling - citizenPenalty(s, u) + gangBonus(s, u);

/** Shooting skill, or null for "No Weapon (NW)". */
export function shooting(s: GameState, u: UnitState): number | null {
  const printed = unitKind(u.kind).shooting;
  return printed === null ? null : printed - citizenPenalty(s, u);
}

export const armour = (u: UnitState) => unitKind(u.kind).armour;

/**
 * "units gain … +1 to combat results if the block becomes frenzied at any point" — a block's own
 * block units, while their block is frenzied (BW19).
 */
export function frenzyBonus(s: GameState, u: UnitState): number {
  return unitKind(u.kind).allegiance === 'block' && u.home !== null && isFrenzied(s, u.home) ? 1 : 0;
}
