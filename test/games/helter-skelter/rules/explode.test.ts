// EXPLODE (rulebook, "Combat actions"): "Cost: 1 card with the EXPLODE symbol (linked). Choose an
// adjacent space (or the space you're on) with at least one enemy character. Each character on
// that space is a defender. You do not need line of sight to the target space, but the space must
// share a border with your current space. Each defender must make a DEFLECT or PRECOG defence or
// take 1 damage. It is possible to damage (and kill) your own character with an EXPLODE action.
// You can make a defence against your own EXPLODE action as normal."

import { describe, expect, it } from 'vitest';
import type { SpaceId } from '../../../../src/games/helter-skelter/board/board.ts';
import { DAN_TANNA, TestGame, board, findPair, findSpace, linked, wild } from '../support.ts';
import { adjacentPair, damageIn, first, ofType, walledNeighbours } from './support-part2.ts';

const EXPLODE = first(linked('strontium-dogs', 'EXPLODE', 'middenface'));
const OWN_DEFLECT = first(wild('strontium-dogs', 'DEFLECT'));
const DEFLECT = first(wild('judges', 'DEFLECT'));
const PRECOG = first(linked('judges', 'PSI', 'anderson'));
const COVER = first(wild('judges', 'COVER'));
const BLOCK = first(wild('judges', 'MELEE'));

const [HERE, NEXT] = adjacentPair(DAN_TANNA);

/** Middenface's seat (0) against the Judges (1). */
function game(positions: Record<string, SpaceId | { space: SpaceId; health: number }>, hands: { mine?: string[]; theirs?: string[] } = {}) {
  return TestGame.withOthersDead({
    map: DAN_TANNA,
    seats: [
      { team: 'strontium-dogs', hand: hands.mine ?? [EXPLODE] },
      { team: 'judges', hand: hands.theirs ?? [] },
    ],
    characters: Object.fromEntries(
      Object.entries(positions).map(([id, p]) => [id, typeof p === 'number' ? { space: p } : p]),
    ),
  });
}

const explode = (space: SpaceId) => ({ type: 'EXPLODE', character: 'middenface', card: EXPLODE, space }) as const;

describe('EXPLODE: the target space and its defenders', () => {
  // "Choose an adjacent space … with at least one enemy character. Each character on that space is
  // a defender." "It is possible to damage (and kill) your own character."
  it('EXPLODE on an adjacent space makes every character there a defender, your own included', () => {
    const g = game({ middenface: HERE, anderson: NEXT, giant: NEXT, wulf: NEXT });
    const events = g.send(0, explode(NEXT));
    expect(new Set(ofType(events, 'AttackDeclared')[0]!.defenders)).toEqual(new Set(['anderson', 'giant', 'wulf']));
    expect(damageIn(events)).toEqual({ anderson: 1, giant: 1, wulf: 1 });
  });

  // "Choose an adjacent space (or the space you're on)" … "Each character on that space is a
  // defender." — the exploding character too (R16).
  it('EXPLODE on your own space makes the exploding character a defender too', () => {
    const g = game({ middenface: HERE, anderson: HERE });
    const events = g.send(0, explode(HERE));
    expect(new Set(ofType(events, 'AttackDeclared')[0]!.defenders)).toEqual(new Set(['middenface', 'anderson']));
    expect(damageIn(events)).toEqual({ middenface: 1, anderson: 1 });
    expect(g.health('middenface')).toBe(3);
  });

  // "Choose an adjacent space (or the space you're on) with at least one enemy character."
  it('EXPLODE cannot target a space with only your own characters on it', () => {
    const g = game({ middenface: HERE, wulf: NEXT, anderson: findSpace(DAN_TANNA, (s, b) => s !== HERE && !b.adjacent(HERE).includes(s)) });
    expect(g.refused(0, explode(NEXT))).toBe('NO_ENEMY_ON_SPACE');
    expect(g.refused(0, explode(HERE))).toBe('NO_ENEMY_ON_SPACE');
    expect(g.legalOf(0, 'EXPLODE')).toEqual([]);
  });

  // "the space must share a border with your current space"
  it('EXPLODE cannot target a space two spaces away', () => {
    const [a, b] = findPair(DAN_TANNA, (x, y, bd) => bd.distance(x, y) === 2);
    expect(game({ middenface: a, anderson: b }).refused(0, explode(b))).toBe('NOT_ADJACENT');
  });

  // "Spaces separated by walls are not considered adjacent." — so no EXPLODE through a wall (R17).
  it('EXPLODE cannot target a space on the other side of a wall', () => {
    const [a, b] = walledNeighbours(DAN_TANNA);
    expect(board(DAN_TANNA).adjacent(a)).not.toContain(b);
    expect(game({ middenface: a, anderson: b }).refused(0, explode(b))).toBe('NOT_ADJACENT');
  });

  // "You do not need line of sight to the target space"
  it('EXPLODE needs no line of sight to an adjacent space', () => {
    const [a, b] = adjacentPair(DAN_TANNA, (x, y) => !board(DAN_TANNA).hasLineOfSight(x, y));
    expect(damageIn(game({ middenface: a, anderson: b }).send(0, explode(b)))).toEqual({ anderson: 1 });
  });

  // "Choose an adjacent space (or the space you're on) with at least one enemy character."
  it('EXPLODE is offered on your own space and each adjacent space holding an enemy', () => {
    const [third] = board(DAN_TANNA).adjacent(HERE).filter((s) => s !== NEXT);
    const g = game({ middenface: HERE, anderson: NEXT, giant: HERE, wulf: third! });
    const spaces = g.legalOf(0, 'EXPLODE').map((c) => (c as { space: number }).space);
    expect(new Set(spaces)).toEqual(new Set([HERE, NEXT]));
  });

  // "Cost: 1 card with the EXPLODE symbol (linked)"
  it("EXPLODE cannot be paid with another character's linked EXPLODE", () => {
    const g = game({ middenface: HERE, wulf: HERE, anderson: NEXT });
    expect(g.refused(0, { ...explode(NEXT), character: 'wulf' })).toBe('WRONG_SYMBOL');
  });
});

describe('EXPLODE: defences and damage', () => {
  // "Each defender must make a DEFLECT or PRECOG defence or take 1 damage."
  it('EXPLODE is avoided by DEFLECT or PRECOG, each defender for itself', () => {
    const g = game({ middenface: HERE, anderson: NEXT, giant: NEXT, dredd: NEXT }, { theirs: [DEFLECT, PRECOG] });
    g.send(0, explode(NEXT));
    g.send(1, { type: 'DEFEND', character: 'anderson', defence: 'PRECOG', card: PRECOG });
    const events = g.send(1, { type: 'DEFEND', character: 'giant', defence: 'DEFLECT', card: DEFLECT });
    // Dredd's seat has nothing left to defend with: taking the damage is its only answer (R14).
    expect(damageIn(events)).toEqual({ dredd: 1 });
    expect([g.health('anderson'), g.health('giant'), g.health('dredd')]).toEqual([3, 3, 3]);
  });

  // "Each defender must make a DEFLECT or PRECOG defence" — COVER is not among them, even on a
  // cover space (reference card: "ALL characters DEFLECT/PRECOG or take 1 damage").
  it('EXPLODE cannot be avoided by COVER, even on a cover space', () => {
    const [a, cover] = adjacentPair(DAN_TANNA, (_x, y) => board(DAN_TANNA).isCover(y));
    const g = game({ middenface: a, anderson: cover }, { theirs: [COVER, DEFLECT] });
    g.send(0, explode(cover));
    expect(g.refused(1, { type: 'DEFEND', character: 'anderson', defence: 'COVER', card: COVER })).toBe('DEFENCE_NOT_ALLOWED');
    expect(g.legalOf(1, 'DEFEND')).toEqual([{ type: 'DEFEND', character: 'anderson', defence: 'DEFLECT', card: DEFLECT }]);
  });

  // "Each defender must make a DEFLECT or PRECOG defence" — not BLOCK.
  it('EXPLODE cannot be avoided by BLOCK', () => {
    const g = game({ middenface: HERE, anderson: NEXT }, { theirs: [BLOCK] });
    expect(damageIn(g.send(0, explode(NEXT)))).toEqual({ anderson: 1 });
    expect(g.hand(1)).toEqual([BLOCK]);
  });

  // "You can make a defence against your own EXPLODE action as normal."
  it('the exploding character may DEFLECT its own EXPLODE', () => {
    const g = game({ middenface: HERE, anderson: HERE }, { mine: [EXPLODE, OWN_DEFLECT] });
    g.send(0, explode(HERE));
    expect(g.legalOf(0, 'DEFEND')).toEqual([{ type: 'DEFEND', character: 'middenface', defence: 'DEFLECT', card: OWN_DEFLECT }]);
    const events = g.send(0, { type: 'DEFEND', character: 'middenface', defence: 'DEFLECT', card: OWN_DEFLECT });
    expect(damageIn(events)).toEqual({ anderson: 1 });
    expect(g.health('middenface')).toBe(4);
  });

  // "It is possible to damage (and kill) your own character with an EXPLODE action." "You do not
  // earn points for killing your own characters. If you kill your own character, remove it from
  // the game."
  it('EXPLODE can kill your own character, which scores no point and leaves the game', () => {
    const g = game({ middenface: HERE, wulf: { space: NEXT, health: 1 }, anderson: { space: NEXT, health: 1 } });
    const events = g.send(0, explode(NEXT));
    const killed = ofType(events, 'CharacterKilled');
    expect(killed).toContainEqual({ type: 'CharacterKilled', character: 'wulf', killer: 0, scoredBy: null });
    expect(killed).toContainEqual({ type: 'CharacterKilled', character: 'anderson', killer: 0, scoredBy: 0 });
    expect(g.state.seats[0]!.kills).toEqual(['anderson']);
    expect(g.state.characters['wulf']).toMatchObject({ status: 'dead', space: null });
  });
});
