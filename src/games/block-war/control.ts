// "Control" (Block War): what happens when the control marker lands on a space at the end of a
// turn — judge badges, the Judge Dredd space, a block counter. Then the turn moves on.

import { nextInt, rngPosition } from '../../platform/random.ts';
import { plazaKind, plazaSquare } from './board/squares.ts';
import { badgesOn, JUDGE_DREDD_SPACE } from './content/justice-track.ts';
import { PLAZA } from './content/plaza.ts';
import { JUDGE_DREDD, unitKind } from './content/units.ts';
import { rollDie } from './dice.ts';
import { check } from '../../platform/draft.ts';
import type { Draft } from './draft.ts';
import { armour } from './skills.ts';
import { allUnits, featureOn, healthyUnitOn, previousInOrder } from './state.ts';
import type { GameState, Seat, SquareId, TurnResume, UnitId } from './types.ts';

const DREDD = JUDGE_DREDD;

/**
 * Control has just moved at the end of `turnOf`'s turn. "If the control marker lands on a space
 * with one or more judge badges, the moving player draws one judge unit from the judge pool for
 * each badge printed on the space." — "If the control marker lands on the Judge Dredd space, and he
 * isn't in play, he immediately comes into play. If Judge Dredd should already be in play …, then
 * another judge unit is drawn from the judge pool." When no seat has to choose anything,
 * `passTurn` moves the turn on at once; otherwise the last choice does.
 */
export function controlLanded(d: Draft, turnOf: Seat, passTurn: (d: Draft, turnOf: Seat) => void, resume?: TurnResume): void {
  const space = d.state.control;
  let draws = badgesOn(space);
  if (space === JUDGE_DREDD_SPACE) {
    if (d.state.units[DREDD]!.square === null && d.state.judgePool.includes(DREDD)) deployDredd(d);
    else draws++;
  }
  const drawn = withoutRoom(d, drawJudges(d, turnOf, draws));
  if (drawn.length > 0) return d.open({ kind: 'place-judge', seat: turnOf, judges: drawn, turnOf, ...(resume ? { resume } : {}) });
  targetBlocks(d, turnOf, passTurn, null, resume);
}

/**
 * BW43: control moved on in the middle of a turn (a judge wounded) lands there too; once its
 * judges are placed and targets chosen, the turn goes on where it was.
 */
export function controlLandedMidTurn(d: Draft, passTurn: (d: Draft, turnOf: Seat) => void): void {
  const sit = d.state.situation;
  if (sit.kind !== 'turn') return;
  const { kind: _kind, windowId: _windowId, ...resume } = sit;
  controlLanded(d, sit.seat, passTurn, resume);
}

/** After the landing is settled: the suspended turn goes on, or the turn passes on. */
function settled(d: Draft, turnOf: Seat, passTurn: (d: Draft, turnOf: Seat) => void, resume: TurnResume | undefined): void {
  if (!resume) return passTurn(d, turnOf);
  // Nothing was asked of anyone: the turn simply goes on.
  if (d.state.situation.kind !== 'turn') d.open({ kind: 'turn', ...resume });
}

/** BW28: judges drawn at random from the pool; an empty pool gives none. Dredd, if drawn, deploys at once. */
function drawJudges(d: Draft, seat: Seat, count: number): UnitId[] {
  const pool = d.state.judgePool.slice();
  const units: UnitId[] = [];
  let rng = d.state.rng;
  while (units.length < count && pool.length > 0) {
    let i: number;
    [i, rng] = nextInt(rng, pool.length);
    units.push(pool.splice(i, 1)[0]!);
  }
  if (units.length === 0) return [];
  d.emit({ type: 'JudgesDrawn', seat, units, rng: rngPosition(rng) });
  // "If you should draw Judge Dredd, he is placed on the central plaza square as per the Judge Dredd rules."
  if (units.includes(DREDD)) deployDredd(d);
  return units.filter((u) => u !== DREDD);
}

/** "Dredd is deployed at the centre of the plaza, and never moves. Discard any unit standing in his way." */
function deployDredd(d: Draft): void {
  const centre = plazaSquare(PLAZA.centre[0], PLAZA.centre[1]);
  for (const u of allUnits(d.state)) if (u.square === centre) d.emit({ type: 'UnitRemoved', unit: u.id });
  d.emit({ type: 'JudgeDeployed', unit: DREDD, square: centre });
}

/**
 * BW52: judges drawn when no side square is free (statues, stalls and units on all of them) go
 * back to the judge pool, undeployed: they are "placed on any the side of the plaza" or not at all.
 * Returns the judges that are still to be placed (all of them while a square is free).
 */
function withoutRoom(d: Draft, judges: readonly UnitId[]): UnitId[] {
  if (judges.length === 0 || judgeSquares(d.state).length > 0) return judges.slice();
  for (const unit of judges) d.emit({ type: 'JudgeReturnedToPool', unit });
  return [];
}

/** "He then places it on any the side of the plaza (but outside of a splat zone, including steps)." BW29: an edge square, free. */
export function judgeSquares(s: GameState): SquareId[] {
  const out: SquareId[] = [];
  for (let y = 0; y < PLAZA.height; y++)
    for (let x = 0; x < PLAZA.width; x++) {
      const edge = x === 0 || y === 0 || x === PLAZA.width - 1 || y === PLAZA.height - 1;
      const square = plazaSquare(x, y);
      if (edge && plazaKind(x, y) === 'open' && !healthyUnitOn(s, square) && !featureOn(s, square)) out.push(square);
    }
  return out;
}

export function placeJudge(d: Draft, seat: Seat, unit: UnitId, square: SquareId, passTurn: (d: Draft, turnOf: Seat) => void): void {
  const sit = d.state.situation;
  check(sit.kind === 'place-judge' && sit.seat === seat, 'NOT_YOUR_TURN', 'You have no judge to place.');
  check(sit.judges.includes(unit), 'NOT_DRAWN', `${unit} is not a judge you drew.`);
  check(judgeSquares(d.state).includes(square), 'ILLEGAL_SQUARE', 'A judge arrives on a free square at the side of the plaza, outside the splat zones and steps.');
  d.emit({ type: 'JudgeDeployed', unit, square });
  const now = d.state.situation;
  // The judge just placed may have taken the last free side square (BW52).
  if (now.kind === 'place-judge' && withoutRoom(d, now.judges).length > 0) return;
  targetBlocks(d, sit.turnOf, passTurn, null, sit.resume);
}

/**
 * "If control lands on your block counter, the judges have targeted your block … The player to
 * your right immediately chooses one of your units which must make its armour save or be
 * wounded." BW30: each block whose counter is on control's space, in turn order from the player
 * whose turn it was; a block with no healthy unit on the boards is passed over.
 */
export function targetBlocks(d: Draft, turnOf: Seat, passTurn: (d: Draft, turnOf: Seat) => void, after: Seat | null = null, resume?: TurnResume): void {
  const s = d.state;
  const start = s.order.indexOf(turnOf);
  const seats = s.order.map((_, i) => s.order[(start + i) % s.order.length]!);
  const from = after === null ? 0 : seats.indexOf(after) + 1;
  for (const block of seats.slice(from)) {
    if (s.seats[block]!.surrendered || s.seats[block]!.spirit !== s.control || targetable(s, block).length === 0) continue;
    const right = previousInOrder(s, block);
    return d.open({ kind: 'judge-target', seat: right, block, turnOf, ...(resume ? { resume } : {}) });
  }
  settled(d, turnOf, passTurn, resume);
}

/** "one of your units": a block's healthy block units on the boards. */
export const targetable = (s: GameState, block: Seat) =>
  allUnits(s).filter((u) => u.home === block && u.square !== null && !u.wounded && unitKind(u.kind).allegiance === 'block');

export function judgeTarget(d: Draft, seat: Seat, unit: UnitId, passTurn: (d: Draft, turnOf: Seat) => void): void {
  const sit = d.state.situation;
  check(sit.kind === 'judge-target' && sit.seat === seat, 'NOT_YOUR_TURN', 'You are not choosing the judges\' target.');
  check(targetable(d.state, sit.block).some((u) => u.id === unit), 'ILLEGAL_TARGET', `Choose a healthy unit of block ${sit.block} on the boards.`);
  d.emit({ type: 'JudgesTarget', block: sit.block, unit });
  const die = rollDie(d);
  const total = die + armour(d.state.units[unit]!);
  d.emit({ type: 'ArmourSaveRolled', unit, die, total, saved: total >= 6, rng: rngPosition(d.state.rng) });
  if (total < 6) d.emit({ type: 'UnitWounded', unit });
  targetBlocks(d, sit.turnOf, passTurn, sit.block, sit.resume);
}
