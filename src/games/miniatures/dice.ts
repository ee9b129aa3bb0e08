// "Checks": ten-sided dice from the game's seeded generator. Each roll is a public event that
// records the generator's position and says in words what was rolled.

import { nextInt, rngPosition } from '../../platform/random.ts';
import type { Draft } from './draft.ts';
import type { ModelId, RollKind, Seat } from './types.ts';

/** `count` ten-sided dice, with `add` added to each, recorded as one event. */
export function roll(d: Draft, kind: RollKind, who: { seat?: Seat; model?: ModelId }, count: number, add: number, text: (dice: number[], totals: number[]) => string): { dice: number[]; totals: number[] } {
  const dice: number[] = [];
  let rng = d.state.rng;
  for (let i = 0; i < count; i++) {
    let n: number;
    [n, rng] = nextInt(rng, 10);
    dice.push(n + 1);
  }
  const totals = dice.map((n) => n + add);
  d.emit({ type: 'DiceRolled', roll: kind, seat: who.seat ?? null, model: who.model ?? null, dice, totals, rng: rngPosition(rng), text: text(dice, totals) });
  return { dice, totals };
}

/**
 * "rolling a dice and adding (or subtracting) the appropriate characteristic. If the final result
 * equals 6 or more, the Check has succeeded!" — "A roll of a 1 is always a failure, no matter what
 * bonuses are being applied, and a roll of a 10 is always a success."
 */
export const checkSucceeds = (die: number, total: number) => die !== 1 && (die === 10 || total >= 6);

/** A check by a model: one die plus the characteristic. */
export function modelCheck(d: Draft, model: ModelId, name: string, characteristic: number, what: string): boolean {
  const { dice, totals } = roll(d, 'agility-check', { model }, 1, characteristic, (ds, ts) => `${name} makes ${what}: rolls ${ds[0]}${signed(characteristic)} = ${ts[0]}`);
  return checkSucceeds(dice[0]!, totals[0]!);
}

export const signed = (n: number) => (n >= 0 ? ` + ${n}` : ` − ${-n}`);

/** "the appropriate characteristic": the highest total first. */
export const highest = (totals: readonly number[]) => Math.max(...totals);
