// How good a position is for a seat, as the heuristic bot scores it: the end of the game first, then
// the fighting-spirit lead (how the game is won), then keeping the block defended (a block with no
// fighting unit at home, or outnumbered there, surrenders at the start of its turn: BW34).

import { parseSquare } from '../board/squares.ts';
import { unitKind } from '../content/units.ts';
import { allUnits } from '../state.ts';
import type { GameState, Seat } from '../types.ts';

const WIN = 1_000_000;
const SPIRIT = 20;
const AT_HOME = 6;
const ON_BOARD = 2;
const ENEMY_AT_HOME = 5;
const WOULD_SURRENDER = 400;
const THEIR_UNITS = 1;

export function evaluate(s: GameState, seat: Seat): number {
  if (s.situation.kind === 'over') return s.winners.includes(seat) ? WIN : -WIN;
  if (s.seats[seat]!.surrendered) return -WIN;
  const n = s.seats.length;
  const home = new Array<number>(n).fill(0);
  const board = new Array<number>(n).fill(0);
  const enemiesHome = new Array<number>(n).fill(0);
  for (const u of allUnits(s)) {
    if (u.square === null || u.wounded) continue;
    const allegiance = unitKind(u.kind).allegiance;
    if (allegiance === 'independent') continue;
    const sq = parseSquare(u.square, n);
    if (allegiance === 'block' && u.home !== null) board[u.home]!++;
    if (sq?.on !== 'block') continue;
    if (allegiance === 'block' && u.home === sq.seat) home[sq.seat]!++;
    else enemiesHome[sq.seat]!++;
  }
  const rivals = s.seats.flatMap((x, i) => (i === seat || x.surrendered ? [] : [i]));
  const lead = s.seats[seat]!.spirit - Math.max(...rivals.map((i) => s.seats[i]!.spirit));
  const exposed = home[seat]! === 0 || enemiesHome[seat]! > home[seat]! ? WOULD_SURRENDER : 0;
  const theirs = rivals.reduce((sum, i) => sum + board[i]!, 0);
  return SPIRIT * lead + AT_HOME * Math.min(home[seat]!, 6) + ON_BOARD * board[seat]! - ENEMY_AT_HOME * enemiesHome[seat]! - exposed - THEIR_UNITS * theirs;
}
