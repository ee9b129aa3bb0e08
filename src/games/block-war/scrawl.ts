// Scrawler (Unit Reference Sheet): "May make an automatic scrawl attack per turn to deface a statue
// or block (add a scrawl counter)." Fighting Spirit Table: "Scrawling an enemy civic statue — 5";
// "For each scrawl in an enemy block — 2". BW46 rules where and when.

import { mayActHere } from './activation.ts';
import { stepsFrom } from './board/movement.ts';
import { parseSquare } from './board/squares.ts';
import { check } from '../../platform/draft.ts';
import type { Draft } from './draft.ts';
import { informIfLanded } from './informant.ts';
import { isFrenzied } from './frenzy.ts';
import { frenzyAfterGains, gainSpirit } from './spirit.ts';
import { placement } from './state.ts';
import type { GameState, Seat, SquareId, UnitState } from './types.ts';

export const SCRAWLING_A_STATUE = 5;
export const SCRAWL_IN_A_BLOCK = 2;

/** The scrawler activated now, if it has not yet made its attack. */
function scrawler(s: GameState): UnitState | null {
  const sit = s.situation;
  if (sit.kind !== 'turn' || !sit.activation || sit.activation.attacked || !mayActHere(s)) return null;
  const unit = s.units[sit.activation.unit]!;
  return unit.kind === 'scrawler' && !unit.wounded ? unit : null;
}

/**
 * BW46: an enemy civic statue on an adjacent plaza square, or a square of an enemy block — the one
 * the scrawler stands on or one adjacent to it (no diagonals, no leap) — with no scrawl on it yet.
 */
export function scrawlSquares(s: GameState): SquareId[] {
  const u = scrawler(s);
  if (!u) return [];
  const near = [u.square!, ...stepsFrom(u.square!, placement(s)).filter((st) => st.movement !== 'leap').map((st) => st.to)];
  return near.filter((square) => !s.scrawls.includes(square) && scrawlKind(s, u, square) !== null);
}

function scrawlKind(s: GameState, u: UnitState, square: SquareId): 'statue' | 'block' | null {
  const sq = parseSquare(square, s.seats.length);
  if (!sq) return null;
  if (sq.on === 'block') return sq.seat !== u.home ? 'block' : null;
  const statue = s.features.find((f) => f.square === square && f.feature === 'statue');
  return statue && statue.seat !== u.home && square !== u.square ? 'statue' : null;
}

export function scrawl(d: Draft, seat: Seat, square: SquareId): void {
  const sit = d.state.situation;
  check(sit.kind === 'turn' && sit.seat === seat, 'NOT_YOUR_TURN', 'It is not your turn.');
  check(sit.activation !== null, 'NO_ACTIVATION', 'Activate a scrawler first.');
  const unit = d.state.units[sit.activation.unit]!;
  check(unit.kind === 'scrawler', 'NOT_A_SCRAWLER', 'Only a scrawler scrawls.');
  check(!sit.activation.attacked, 'ALREADY_ATTACKED', 'An activated unit makes one brawling, shooting or special attack.');
  check(scrawlSquares(d.state).includes(square), 'ILLEGAL_SQUARE', 'Scrawl an adjacent enemy civic statue, or your square or an adjacent one in an enemy block, not yet scrawled.');
  const kind = scrawlKind(d.state, unit, square)!;
  const before = d.state.seats[seat]!.spirit;
  const wasFrenzied = isFrenzied(d.state, seat);
  // "automatic": no die.
  d.emit({ type: 'Scrawled', unit: unit.id, square });
  if (sit.step === 'activate' && unit.home === seat) gainSpirit(d, seat, kind === 'statue' ? SCRAWLING_A_STATUE : SCRAWL_IN_A_BLOCK);
  frenzyAfterGains(d, seat, wasFrenzied);
  informIfLanded(d, seat, before);
}
