// HEAL (rulebook, "Combat actions"): "Cost: 1 card with the HEAL symbol (linked). Choose a
// character in your team on the same or an adjacent space to be the ally. You can choose the
// character taking the action. The ally adds a health cube to their character card. A character
// can never have more health cubes than their starting health." Rulings: R22.

import { describe, expect, it } from 'vitest';
import type { SpaceId } from '../../../../src/games/helter-skelter/board/board.ts';
import { DAN_TANNA, TestGame, findPair, linked, types } from '../support.ts';
import { adjacentPair, first, ofType } from './support-part2.ts';

const HEAL = first(linked('strontium-dogs', 'HEAL', 'gronk'));
const [HERE, NEXT] = adjacentPair(DAN_TANNA);

function game(characters: Record<string, { space: SpaceId; health?: number }>) {
  return TestGame.withOthersDead({
    map: DAN_TANNA,
    seats: [
      { team: 'strontium-dogs', hand: [HEAL] },
      { team: 'judges', hand: [] },
    ],
    characters: { dredd: { space: NEXT }, ...characters },
  });
}

const heal = (ally: string) => ({ type: 'HEAL', character: 'gronk', card: HEAL, ally }) as const;

describe('HEAL', () => {
  // "The ally adds a health cube to their character card."
  it('HEAL adds one health cube to a wounded ally on the same space', () => {
    const g = game({ gronk: { space: HERE }, wulf: { space: HERE, health: 2 } });
    const events = g.send(0, heal('wulf'));
    expect(ofType(events, 'HealthRestored')).toEqual([{ type: 'HealthRestored', character: 'wulf', amount: 1, reason: 'HEAL' }]);
    expect(g.health('wulf')).toBe(3);
  });

  // "Choose a character in your team on the same or an adjacent space to be the ally."
  it('HEAL reaches a wounded ally on an adjacent space', () => {
    const g = game({ gronk: { space: HERE }, wulf: { space: NEXT, health: 1 } });
    g.send(0, heal('wulf'));
    expect(g.health('wulf')).toBe(2);
  });

  // "on the same or an adjacent space"
  it('HEAL cannot reach an ally two spaces away', () => {
    const [a, b] = findPair(DAN_TANNA, (x, y, bd) => bd.distance(x, y) === 2);
    const g = game({ gronk: { space: a }, wulf: { space: b, health: 1 } });
    expect(g.refused(0, heal('wulf'))).toBe('NOT_ADJACENT');
    expect(g.legalOf(0, 'HEAL').filter((c) => (c as { ally: string }).ally === 'wulf')).toEqual([]);
  });

  // "You can choose the character taking the action."
  it('HEAL may heal the character taking the action', () => {
    const g = game({ gronk: { space: HERE, health: 1 } });
    g.send(0, heal('gronk'));
    expect(g.health('gronk')).toBe(2);
  });

  // "Choose a character in your team"
  it('HEAL cannot heal an enemy', () => {
    const g = TestGame.withOthersDead({
      map: DAN_TANNA,
      seats: [
        { team: 'strontium-dogs', hand: [HEAL] },
        { team: 'judges', hand: [] },
      ],
      characters: { gronk: { space: HERE }, dredd: { space: HERE, health: 1 } },
    });
    expect(g.refused(0, heal('dredd'))).toBe('NOT_AN_ALLY');
  });

  // "A character can never have more health cubes than their starting health." — a HEAL that
  // could add nothing is refused (R22).
  // "The ally adds a health cube to their character card. A character can never have more health
  // cubes than their starting health." Nothing forbids the HEAL itself: the card is spent and the
  // cube cannot be added (R22).
  it('HEAL on an ally already at starting health may be played: the card is spent, no cube is added (R22)', () => {
    const g = game({ gronk: { space: HERE }, wulf: { space: HERE } });
    expect(g.legalOf(0, 'HEAL')).toContainEqual({ type: 'HEAL', character: 'gronk', card: HEAL, ally: 'wulf' });
    const events = g.send(0, heal('wulf'));
    expect(types(events)).not.toContain('HealthRestored');
    expect(g.health('wulf')).toBe(4);
    expect(g.hand(0)).not.toContain(HEAL);
    expect(g.state.seats[0]!.discard).toContain(HEAL);
  });

  // "A character can never have more health cubes than their starting health."
  it('HEAL brings an ally one short of starting health back to exactly its starting health', () => {
    const g = game({ gronk: { space: HERE }, wulf: { space: HERE, health: 3 }, 'durham-red': { space: HERE } });
    expect(g.legalOf(0, 'HEAL')).toContainEqual({ type: 'HEAL', character: 'gronk', card: HEAL, ally: 'wulf' });
    g.send(0, heal('wulf'));
    expect(g.health('wulf')).toBe(4);
  });

  // "Cost: 1 card with the HEAL symbol (linked)"
  it("HEAL cannot be paid with another character's linked HEAL", () => {
    const g = game({ gronk: { space: HERE }, wulf: { space: HERE, health: 1 } });
    expect(g.refused(0, { type: 'HEAL', character: 'wulf', card: HEAL, ally: 'wulf' })).toBe('WRONG_SYMBOL');
  });
});
