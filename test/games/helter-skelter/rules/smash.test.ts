// SMASH (rulebook, "Combat actions"): "Cost: 1 card with the SMASH symbol (wild or linked).
// Choose an enemy character on the same space to be the defender. The defender must make a BLOCK
// defence or take 2 damage. If there are no enemy characters on the same space, you cannot take a
// SMASH action."

import { describe, expect, it } from 'vitest';
import { DAN_TANNA, TestGame, linked, wild } from '../support.ts';
import { adjacentPair, damageIn, first, ofType } from './support-part2.ts';

const [HERE, NEXT] = adjacentPair(DAN_TANNA);
const SMASH = first(linked('judges', 'SMASH', 'mean-machine'));
const BLOCK = first(wild('strontium-dogs', 'MELEE'));

function game(positions: Record<string, number>, hand: string[] = [SMASH], defenderHand: string[] = []) {
  return TestGame.withOthersDead({
    map: DAN_TANNA,
    seats: [
      { team: 'judges', hand },
      { team: 'strontium-dogs', hand: defenderHand },
    ],
    characters: Object.fromEntries(Object.entries(positions).map(([id, space]) => [id, { space }])),
  });
}

describe('SMASH', () => {
  // "The defender must make a BLOCK defence or take 2 damage."
  it('SMASH deals 2 damage to an enemy on the same space that does not BLOCK', () => {
    const g = game({ 'mean-machine': HERE, wulf: HERE }, [SMASH], [BLOCK]);
    const events = g.send(0, { type: 'SMASH', character: 'mean-machine', card: SMASH, defender: 'wulf' });
    expect(ofType(events, 'AttackDeclared')[0]).toMatchObject({ attack: { action: 'SMASH', damage: 2 }, defenders: ['wulf'] });
    expect(damageIn(g.send(1, { type: 'TAKE_DAMAGE', character: 'wulf' }))).toEqual({ wulf: 2 });
    expect(g.health('wulf')).toBe(2);
  });

  // "The defender must make a BLOCK defence or take 2 damage."
  it('SMASH deals no damage when the defender BLOCKs', () => {
    const g = game({ 'mean-machine': HERE, wulf: HERE }, [SMASH], [BLOCK]);
    g.send(0, { type: 'SMASH', character: 'mean-machine', card: SMASH, defender: 'wulf' });
    expect(g.legalOf(1, 'DEFEND')).toEqual([{ type: 'DEFEND', character: 'wulf', defence: 'BLOCK', card: BLOCK }]);
    const events = g.send(1, { type: 'DEFEND', character: 'wulf', defence: 'BLOCK', card: BLOCK });
    expect(ofType(events, 'DamageTaken')).toEqual([]);
    expect(g.health('wulf')).toBe(4);
  });

  // "Choose an enemy character on the same space to be the defender."
  it('SMASH cannot target an enemy on an adjacent space', () => {
    const g = game({ 'mean-machine': HERE, wulf: NEXT });
    expect(g.refused(0, { type: 'SMASH', character: 'mean-machine', card: SMASH, defender: 'wulf' })).toBe('NOT_IN_REACH');
  });

  // "If there are no enemy characters on the same space, you cannot take a SMASH action."
  it('SMASH cannot be taken with no enemy character on the same space', () => {
    const g = game({ 'mean-machine': HERE, giant: HERE, wulf: NEXT });
    expect(g.legalOf(0, 'SMASH')).toEqual([]);
    expect(g.refused(0, { type: 'SMASH', character: 'mean-machine', card: SMASH, defender: 'giant' })).toBe('NOT_AN_ENEMY');
  });

  // "Cost: 1 card with the SMASH symbol" — a MELEE symbol does not pay for it (Berserk is the
  // only exception, warp-spasm.test.ts).
  it('SMASH cannot be paid with a MELEE symbol', () => {
    const melee = first(linked('judges', 'MELEE', 'mean-machine'));
    const g = game({ 'mean-machine': HERE, wulf: HERE }, [melee]);
    expect(g.refused(0, { type: 'SMASH', character: 'mean-machine', card: melee, defender: 'wulf' })).toBe('WRONG_SYMBOL');
    expect(g.legalOf(0, 'SMASH')).toEqual([]);
  });

  // "(wild or linked)": a wild SMASH pays for any character.
  it('SMASH may be paid with a wild SMASH symbol by a character without a linked SMASH', () => {
    const wildSmash = first(wild('slaine', 'SMASH'));
    const g = TestGame.withOthersDead({
      map: DAN_TANNA,
      seats: [
        { team: 'slaine', hand: [wildSmash] },
        { team: 'strontium-dogs', hand: [] },
      ],
      characters: { kai: { space: HERE }, wulf: { space: HERE } },
    });
    expect(damageIn(g.send(0, { type: 'SMASH', character: 'kai', card: wildSmash, defender: 'wulf' }))).toEqual({ wulf: 2 });
  });
});
