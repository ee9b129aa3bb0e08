// Human Janitor, rule 1 (Unit Reference Sheet): "If there is no Janitor or Robo-Janitor. Any block
// unit may move to the janitors office to become the new janitor." (BW46)

import { blockSquare } from './board/squares.ts';
import { roomOf } from './content/block-board.ts';
import { unitKind } from './content/units.ts';
import type { Draft } from './draft.ts';
import { allUnits } from './state.ts';
import type { UnitId } from './types.ts';

export const JANITORS = ['robo-janitor', 'human-janitor'];

/**
 * BW46: a block unit of a block with no healthy janitor or robo-janitor on the boards that ends its
 * activation on its own block's janitor's office becomes the block's human janitor, whose counter
 * (kept aside at set-up) takes its square; the unit leaves the boards.
 */
export function hireJanitor(d: Draft, unitId: UnitId): void {
  const s = d.state;
  const unit = s.units[unitId]!;
  if (unitKind(unit.kind).allegiance !== 'block' || unit.home === null || unit.wounded) return;
  const office = roomOf('janitors-office');
  if (unit.square !== blockSquare(unit.home, office.level, office.column)) return;
  const home = unit.home;
  if (allUnits(s).some((u) => u.home === home && JANITORS.includes(u.kind) && u.square !== null && !u.wounded)) return;
  const janitor = `s${home}-human-janitor`;
  if (s.units[janitor]?.square !== null) return;
  d.emit({ type: 'JanitorHired', unit: unitId, janitor });
}

