// DEMONS (rulebook, "The Teams — Nikolai Dante"): "Lulu Romanov can harness demonic forces to
// attack further than her own reach with vicious power. When she takes a MELEE or SMASH action,
// she may choose an enemy character on an adjacent space to be the defender. She can still choose
// an enemy on her own space."

import { describe, expect, it } from 'vitest';
import type { SpaceId } from '../../../../src/games/helter-skelter/board/board.ts';
import { DAN_TANNA, TestGame, findPair, linked, wild } from '../support.ts';
import { adjacentPair, damageIn, first, ofType, walledNeighbours } from './support-part2.ts';

const [HERE, NEXT] = adjacentPair(DAN_TANNA);
const MELEE = first(linked('nikolai-dante', 'MELEE', 'lulu'));
const SMASH = first(linked('nikolai-dante', 'SMASH', 'lulu'));

function game(lulu: SpaceId, wulf: SpaceId, hand: string[] = [MELEE, SMASH], defenderHand: string[] = []) {
  return TestGame.withOthersDead({
    map: DAN_TANNA,
    seats: [
      { team: 'nikolai-dante', hand },
      { team: 'strontium-dogs', hand: defenderHand },
    ],
    characters: { lulu: { space: lulu }, 'nikolai-dante': { space: lulu }, wulf: { space: wulf } },
  });
}

describe('Demons', () => {
  // "When she takes a MELEE or SMASH action, she may choose an enemy character on an adjacent
  // space to be the defender."
  it('Demons lets Lulu MELEE an enemy on an adjacent space', () => {
    const g = game(HERE, NEXT);
    const events = g.send(0, { type: 'MELEE', character: 'lulu', card: MELEE, defender: 'wulf' });
    expect(ofType(events, 'AttackDeclared')[0]!.defenders).toEqual(['wulf']);
    expect(damageIn(events)).toEqual({ wulf: 1 });
  });

  // "When she takes a MELEE or SMASH action"
  it('Demons lets Lulu SMASH an enemy on an adjacent space', () => {
    const g = game(HERE, NEXT);
    expect(damageIn(g.send(0, { type: 'SMASH', character: 'lulu', card: SMASH, defender: 'wulf' }))).toEqual({ wulf: 2 });
  });

  // "She can still choose an enemy on her own space."
  it('Demons still lets Lulu MELEE an enemy on her own space', () => {
    const g = game(HERE, HERE);
    expect(damageIn(g.send(0, { type: 'MELEE', character: 'lulu', card: MELEE, defender: 'wulf' }))).toEqual({ wulf: 1 });
  });

  // "an enemy character on an adjacent space" — the defender still defends as usual: BLOCK.
  it('an enemy attacked by Lulu’s demons from an adjacent space may BLOCK as usual', () => {
    const block = first(wild('strontium-dogs', 'MELEE'));
    const g = game(HERE, NEXT, [MELEE], [block]);
    g.send(0, { type: 'MELEE', character: 'lulu', card: MELEE, defender: 'wulf' });
    g.send(1, { type: 'DEFEND', character: 'wulf', defence: 'BLOCK', card: block });
    expect(g.health('wulf')).toBe(4);
  });

  // "on an adjacent space" — no further.
  it('Demons cannot reach an enemy two spaces away', () => {
    const [a, b] = findPair(DAN_TANNA, (x, y, bd) => bd.distance(x, y) === 2);
    const g = game(a, b);
    expect(g.refused(0, { type: 'MELEE', character: 'lulu', card: MELEE, defender: 'wulf' })).toBe('NOT_IN_REACH');
    expect(g.legalOf(0, 'MELEE')).toEqual([]);
  });

  // "Spaces separated by walls are not considered adjacent."
  it('Demons cannot reach an enemy on the other side of a wall', () => {
    const [a, b] = walledNeighbours(DAN_TANNA);
    expect(game(a, b).refused(0, { type: 'SMASH', character: 'lulu', card: SMASH, defender: 'wulf' })).toBe('NOT_IN_REACH');
  });

  // "Lulu Romanov can harness demonic forces" — she alone: MELEE is otherwise "on the same space".
  it('Demons is Lulu’s alone: Nikolai Dante cannot MELEE an adjacent enemy', () => {
    const card = first(wild('nikolai-dante', 'MELEE'));
    const g = game(HERE, NEXT, [card]);
    expect(g.refused(0, { type: 'MELEE', character: 'nikolai-dante', card, defender: 'wulf' })).toBe('NOT_IN_REACH');
    expect(g.legalOf(0, 'MELEE').map((c) => (c as { character: string }).character)).toEqual(['lulu']);
  });
});
