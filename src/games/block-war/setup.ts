// "Game Set Up" (Block War): the dice for turn order, the blocks placed, statues and hottie
// stalls, the robo-janitor, block judge and robo-doc, and the six counters from each block pool.

import { rngPosition } from '../../platform/random.ts';
import { blockSquare, parseSquare, plazaKind } from './board/squares.ts';
import { BLOCK, roomOf } from './content/block-board.ts';
import { SIDES, type Side } from './content/plaza.ts';
import { check } from '../../platform/draft.ts';
import type { Draft } from './draft.ts';
import { beginActivations, beginTurn } from './turn.ts';
import { rollDie } from './dice.ts';
import { drawUnits, mayPlaceOn, returnUnplaceable } from './reinforcements.ts';
import { featureOn, healthyUnitOn } from './state.ts';
import type { Feature, GameState, Seat, SquareId } from './types.ts';

/** "Each player rolls two dice, the highest goes first (re-rolling any ties)". */
export function rollForOrder(d: Draft, seat: Seat): void {
  const sit = d.state.situation;
  check(sit.kind === 'roll', 'WRONG_SITUATION', 'Nobody is rolling for turn order.');
  check(sit.rolling.includes(seat), 'NOT_ROLLING', 'You are not rolling for turn order now.');
  check(sit.rolls[String(seat)] === undefined, 'ALREADY_ROLLED', 'You have already rolled.');
  const dice: [number, number] = [rollDie(d), rollDie(d)];
  d.emit({ type: 'OrderDiceRolled', seat, dice, rng: rngPosition(d.state.rng) });
  const now = d.state.situation;
  if (now.kind !== 'roll' || now.rolling.some((s) => now.rolls[String(s)] === undefined)) return;
  const total = (s: Seat) => now.rolls[String(s)]![0] + now.rolls[String(s)]![1];
  const best = Math.max(...now.rolling.map(total));
  const highest = now.rolling.filter((s) => total(s) === best);
  // BW15: only a tie for highest matters, and only the tied players roll again.
  if (highest.length > 1) return d.open({ kind: 'roll', rolling: highest, rolls: {} });
  const n = d.state.seats.length;
  // "… and then play continues in a clockwise fashion known as the turn order."
  d.emit({ type: 'TurnOrderDecided', order: Array.from({ length: n }, (_, i) => (highest[0]! + i) % n) });
  d.open({ kind: 'place-block', seat: d.state.order[0]! });
}

/** "In turn order, place the blocks around the plaza so that the block entrance squares match up with the steps on the plaza." */
export function placeBlock(d: Draft, seat: Seat, side: Side): void {
  const sit = d.state.situation;
  check(sit.kind === 'place-block' && sit.seat === seat, 'NOT_YOUR_TURN', 'It is not your turn to place your block.');
  check(SIDES.includes(side), 'INVALID_SIDE', `A block stands on one of the plaza's sides: ${SIDES.join(', ')}.`);
  check(!d.state.seats.some((s) => s.side === side), 'SIDE_TAKEN', `A block already stands on the ${side} side.`);
  d.emit({ type: 'BlockPlaced', seat, side });
  const next = afterInOrder(d.state, seat);
  if (next !== null) return d.open({ kind: 'place-block', seat: next });
  d.open({ kind: 'place-feature', seat: d.state.order[0]!, feature: 'statue' });
}

/**
 * "In turn order, each player adds a civic statue to the plaza outside of the splat zones and the
 * steps. Repeat for the hottie stall." BW7: nor on an obstacle, the centre square or another
 * statue or stall.
 */
export function featureSquareProblem(s: GameState, square: SquareId): string | null {
  const sq = parseSquare(square, s.seats.length);
  if (!sq || sq.on !== 'plaza') return 'Statues and stalls go on the plaza.';
  const kind = plazaKind(sq.x, sq.y);
  if (kind !== 'open') return `Not on ${kind === 'splat' ? 'a splat zone' : kind === 'step' ? 'the steps' : kind === 'centre' ? 'the centre square' : 'an obstacle'}.`;
  if (featureOn(s, square)) return 'Another statue or stall stands there.';
  return null;
}

export function placeFeature(d: Draft, seat: Seat, square: SquareId): void {
  const sit = d.state.situation;
  check(sit.kind === 'place-feature' && sit.seat === seat, 'NOT_YOUR_TURN', 'It is not your turn to place a statue or stall.');
  const problem = featureSquareProblem(d.state, square);
  check(problem === null, 'ILLEGAL_SQUARE', problem ?? '');
  const feature: Feature = sit.feature;
  d.emit({ type: 'FeaturePlaced', seat, feature, square });
  const next = afterInOrder(d.state, seat);
  if (next !== null) return d.open({ kind: 'place-feature', seat: next, feature });
  if (feature === 'statue') return d.open({ kind: 'place-feature', seat: d.state.order[0]!, feature: 'stall' });
  placeIndependents(d);
  // "Each player's remaining counters form a 'block pool' from which they should now draw six
  // counters. Placing them one at a time in turn order in their block."
  for (const s of d.state.order) drawUnits(d, s, 6);
  const first = d.state.order.find((s) => d.state.seats[s]!.drawn.length > 0);
  if (first === undefined) return beginTurn(d, d.state.order[0]!);
  d.open({ kind: 'place-unit', seat: first, duringSetup: true });
}

/**
 * "In turn order, each player adds a robo-janitor to the janitor's office (keep the human janitor
 * aside), a block judge to the block court, and a robo-doc to the block hospital." Each room is one
 * square of the (reconstructed) block board, so nobody chooses: the server places them.
 */
function placeIndependents(d: Draft): void {
  for (const seat of d.state.order) {
    const colour = d.state.seats[seat]!.colour;
    const at = (room: Parameters<typeof roomOf>[0]) => {
      const { level, column } = roomOf(room);
      return blockSquare(seat, level, column);
    };
    d.emit({ type: 'UnitPlaced', seat, unit: `s${seat}-robo-janitor`, square: at('janitors-office') });
    d.emit({ type: 'UnitPlaced', seat, unit: `block-judge-${colour}`, square: at('court') });
    d.emit({ type: 'UnitPlaced', seat, unit: `s${seat}-robo-doc`, square: at('hospital') });
  }
}

/** Placing a drawn counter: during set-up one at a time in turn order; later, as reinforcements. */
export function placeUnit(d: Draft, seat: Seat, unit: string, square: SquareId): void {
  const sit = d.state.situation;
  check(sit.kind === 'place-unit' && sit.seat === seat, 'NOT_YOUR_TURN', 'It is not your turn to place a counter.');
  check(d.state.seats[seat]!.drawn.includes(unit), 'NOT_DRAWN', `You have not drawn ${unit}.`);
  check(mayPlaceOn(d.state, seat, unit, square), 'ILLEGAL_SQUARE', placeProblem(d.state, seat, unit, square));
  d.emit({ type: 'UnitPlaced', seat, unit, square });
  returnUnplaceable(d, seat);
  if (!sit.duringSetup) {
    if (d.state.seats[seat]!.drawn.length === 0) beginActivations(d, seat);
    return;
  }
  const next = nextWithDrawn(d.state, seat);
  if (next !== null) return d.open({ kind: 'place-unit', seat: next, duringSetup: true });
  // "You are now ready to fight in Block War!"
  beginTurn(d, d.state.order[0]!);
}

function placeProblem(s: GameState, seat: Seat, unit: string, square: SquareId): string {
  const sq = parseSquare(square, s.seats.length);
  if (!sq || sq.on !== 'block' || sq.seat !== seat) return 'Counters are placed in your own block.';
  if (s.units[unit]?.kind === 'sniper' && sq.level !== BLOCK.levels) return `Snipers "may only be placed on level ${BLOCK.levels} of a block".`;
  if (healthyUnitOn(s, square)) return 'Another unit stands there (BW8).';
  return 'You cannot place it there.';
}

/** The next seat in turn order after `seat` that still has counters to place, going round. */
function nextWithDrawn(s: GameState, seat: Seat): Seat | null {
  const i = s.order.indexOf(seat);
  for (let k = 1; k <= s.order.length; k++) {
    const candidate = s.order[(i + k) % s.order.length]!;
    if (s.seats[candidate]!.drawn.length > 0) return candidate;
  }
  return null;
}

/** The seat after `seat` in turn order, or null when `seat` is the last. */
function afterInOrder(s: GameState, seat: Seat): Seat | null {
  const i = s.order.indexOf(seat);
  return i + 1 < s.order.length ? s.order[i + 1]! : null;
}
