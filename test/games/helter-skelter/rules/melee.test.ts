// MELEE (rulebook, "Combat actions"): "Cost: 1 card with the MELEE symbol (wild or linked).
// Choose an enemy character on the same space to be the defender. The defender must make a BLOCK
// defence or take 1 damage. If there are no enemy characters on the same space, you cannot take a
// MELEE action."

import { describe, expect, it } from 'vitest';
import { DAN_TANNA, TestGame, linked, types, wild } from '../support.ts';
import { adjacentPair, damageIn, first, harmless, ofType } from './support-part2.ts';

const [HERE, NEXT] = adjacentPair(DAN_TANNA);
const MELEE = first(wild('judges', 'MELEE'));
const BLOCK = first(linked('strontium-dogs', 'MELEE', 'wulf'));

function game(positions: Record<string, number>, defenderHand: string[] = []) {
  return TestGame.withOthersDead({
    map: DAN_TANNA,
    seats: [
      { team: 'judges', hand: [MELEE] },
      { team: 'strontium-dogs', hand: defenderHand },
    ],
    characters: Object.fromEntries(Object.entries(positions).map(([id, space]) => [id, { space }])),
  });
}

describe('MELEE', () => {
  // "Choose an enemy character on the same space to be the defender. The defender must make a
  // BLOCK defence or take 1 damage."
  it('MELEE deals 1 damage to an enemy on the same space that does not BLOCK', () => {
    const g = game({ giant: HERE, wulf: HERE }, [BLOCK]);
    const events = g.send(0, { type: 'MELEE', character: 'giant', card: MELEE, defender: 'wulf' });
    expect(ofType(events, 'AttackDeclared')[0]).toMatchObject({ attack: { action: 'MELEE', damage: 1 }, defenders: ['wulf'] });
    expect(g.situation.kind).toBe('defence');
    const after = g.send(1, { type: 'TAKE_DAMAGE', character: 'wulf' });
    expect(damageIn(after)).toEqual({ wulf: 1 });
    expect(g.health('wulf')).toBe(3);
  });

  // "The defender must make a BLOCK defence or take 1 damage."
  it('MELEE deals no damage when the defender BLOCKs', () => {
    const g = game({ giant: HERE, wulf: HERE }, [BLOCK]);
    g.send(0, { type: 'MELEE', character: 'giant', card: MELEE, defender: 'wulf' });
    const events = g.send(1, { type: 'DEFEND', character: 'wulf', defence: 'BLOCK', card: BLOCK });
    expect(ofType(events, 'DamageTaken')).toEqual([]);
    expect(g.health('wulf')).toBe(4);
    expect(g.situation).toMatchObject({ kind: 'turn', actor: 0 });
  });

  // "The defender must make a BLOCK defence or take 1 damage." — only BLOCK is offered.
  it('MELEE offers the defender only BLOCK or the damage', () => {
    const defenderHand = [BLOCK, first(wild('strontium-dogs', 'DEFLECT')), first(wild('strontium-dogs', 'COVER'))];
    const g = game({ giant: HERE, wulf: HERE }, defenderHand);
    g.send(0, { type: 'MELEE', character: 'giant', card: MELEE, defender: 'wulf' });
    expect(g.legalOf(1, 'DEFEND')).toEqual([{ type: 'DEFEND', character: 'wulf', defence: 'BLOCK', card: BLOCK }]);
  });

  // "Choose an enemy character on the same space to be the defender."
  it('MELEE cannot target an enemy on an adjacent space', () => {
    const g = game({ giant: HERE, wulf: NEXT });
    expect(g.refused(0, { type: 'MELEE', character: 'giant', card: MELEE, defender: 'wulf' })).toBe('NOT_IN_REACH');
  });

  // "If there are no enemy characters on the same space, you cannot take a MELEE action."
  it('MELEE cannot be taken with no enemy character on the same space', () => {
    const g = game({ giant: HERE, dredd: HERE, wulf: NEXT });
    expect(g.legalOf(0, 'MELEE')).toEqual([]);
    expect(g.refused(0, { type: 'MELEE', character: 'giant', card: MELEE, defender: 'dredd' })).toBe('NOT_AN_ENEMY');
  });

  // "Choose an enemy character" — never your own.
  it('MELEE cannot target a character of your own team on the same space', () => {
    const g = game({ giant: HERE, dredd: HERE, wulf: HERE });
    expect(g.refused(0, { type: 'MELEE', character: 'giant', card: MELEE, defender: 'dredd' })).toBe('NOT_AN_ENEMY');
    expect(g.legalOf(0, 'MELEE').map((c) => (c as { defender: string }).defender)).not.toContain('dredd');
  });

  // "Choose an enemy character on the same space to be the defender." — one defender; others on
  // the space are untouched.
  it('MELEE names exactly one defender even when several enemies share the space', () => {
    const g = game({ giant: HERE, wulf: HERE, 'durham-red': HERE });
    const events = g.send(0, { type: 'MELEE', character: 'giant', card: MELEE, defender: 'durham-red' });
    expect(ofType(events, 'AttackDeclared')[0]!.defenders).toEqual(['durham-red']);
    expect(damageIn(events)).toEqual({ 'durham-red': 1 });
    expect(g.health('wulf')).toBe(4);
  });

  // "Cost: 1 card with the MELEE symbol (wild or linked)" — exactly one card goes.
  it('MELEE costs exactly one card', () => {
    const g = TestGame.withOthersDead({
      map: DAN_TANNA,
      seats: [
        { team: 'judges', hand: [MELEE, ...harmless('judges', 3)] },
        { team: 'strontium-dogs', hand: [] },
      ],
      characters: { giant: { space: HERE }, wulf: { space: HERE } },
    });
    const events = g.send(0, { type: 'MELEE', character: 'giant', card: MELEE, defender: 'wulf' });
    expect(ofType(events, 'CardsDiscarded')).toEqual([{ type: 'CardsDiscarded', seat: 0, cards: [MELEE], reason: 'MELEE' }]);
    expect(g.hand(0)).toHaveLength(3);
    expect(types(events)).toContain('TurnBegan');
  });
});
