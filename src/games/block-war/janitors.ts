// The janitors (Unit Reference Sheet). Robo-Janitor: "2. Each turn when activated may remove one
// scrawl or tranq gas from an adjacent space." Human Janitor: "1. If there is no Janitor or
// Robo-Janitor. Any block unit may move to the janitors office to become the new janitor. … 3. Each
// turn when activated may remove one scrawl or tranq gas from an adjacent space on a die result of a
// 2 or more." Tranq gas belongs to the advanced game, out of scope.

import { rngPosition } from '../../platform/random.ts';
import { mayActHere } from './activation.ts';
import { stepsFrom } from './board/movement.ts';
import { unitKind } from './content/units.ts';
import { rollDie } from './dice.ts';
import { check } from '../../platform/draft.ts';
import type { Draft } from './draft.ts';
import { JANITORS } from './new-janitor.ts';
import { placement } from './state.ts';
import type { GameState, Seat, SquareId, UnitState } from './types.ts';

/** The human janitor's "die result of a 2 or more". */
export const HUMAN_JANITOR_CLEANS = 2;

/** The janitor activated now, if it may still clean (cleaning is its one special attack, BW46). */
function cleaner(s: GameState): UnitState | null {
  const sit = s.situation;
  if (sit.kind !== 'turn' || !sit.activation || sit.activation.attacked || !mayActHere(s)) return null;
  const unit = s.units[sit.activation.unit]!;
  return JANITORS.includes(unit.kind) ? unit : null;
}

/** The scrawled squares adjacent to the activated janitor (one step away, no diagonals, no leap). */
export function cleanableSquares(s: GameState): SquareId[] {
  const janitor = cleaner(s);
  if (!janitor) return [];
  const near = stepsFrom(janitor.square!, placement(s)).filter((st) => st.movement !== 'leap').map((st) => st.to);
  return s.scrawls.filter((square) => near.includes(square));
}

export function clean(d: Draft, seat: Seat, square: SquareId): void {
  const sit = d.state.situation;
  check(sit.kind === 'turn' && sit.seat === seat, 'NOT_YOUR_TURN', 'It is not your turn.');
  check(sit.activation !== null, 'NO_ACTIVATION', 'Activate a janitor first.');
  const unit = d.state.units[sit.activation.unit]!;
  check(JANITORS.includes(unit.kind), 'CANNOT_CLEAN', `The ${unitKind(unit.kind).name} does not clean.`);
  check(!sit.activation.attacked, 'ALREADY_ATTACKED', 'A janitor removes one scrawl each turn it is activated.');
  check(cleanableSquares(d.state).includes(square), 'ILLEGAL_SQUARE', 'Remove a scrawl from a space adjacent to the janitor.');
  if (unit.kind === 'human-janitor') {
    const die = rollDie(d);
    d.emit({ type: 'CleanRolled', unit: unit.id, die, rng: rngPosition(d.state.rng) });
    if (die < HUMAN_JANITOR_CLEANS) return;
  }
  d.emit({ type: 'ScrawlCleaned', unit: unit.id, square });
}
