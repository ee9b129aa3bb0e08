// SHOTGUN (rulebook, "Combat actions"): "Cost: 1 card with the SHOTGUN symbol (linked). Choose an
// enemy character in line of sight and at most two spaces away to be the defender. The defender
// must make a DEFLECT or PRECOG defence or take 2 damage. If they are on a cover space, they can
// make a COVER defence instead." "Falls": "When you calculate your range for the SHOTGUN action,
// falls count as a space."

import { describe, expect, it } from 'vitest';
import type { MapId, SpaceId } from '../../../../src/games/helter-skelter/board/board.ts';
import { DAN_TANNA, GRAND_HALL, TestGame, board, findPair, linked, wild } from '../support.ts';
import { acrossAFall, damageIn, distanceIgnoringFalls, first, ofType, stepsBetween } from './support-part2.ts';

const SHOTGUN = first(linked('nikolai-dante', 'SHOTGUN', 'elena'));
const DEFLECT = first(wild('judges', 'DEFLECT'));
const PRECOG = first(linked('judges', 'PSI', 'anderson'));
const COVER = first(wild('judges', 'COVER'));

/** Elena fires at Anderson, whose seat holds `defenderHand`. */
function game(map: MapId, shooter: SpaceId, target: SpaceId, defenderHand: string[] = [], shooterHand = [SHOTGUN]) {
  return TestGame.withOthersDead({
    map,
    seats: [
      { team: 'nikolai-dante', hand: shooterHand },
      { team: 'judges', hand: defenderHand },
    ],
    characters: { elena: { space: shooter }, 'nikolai-dante': { space: shooter }, anderson: { space: target } },
  });
}

const shotgun = { type: 'SHOTGUN', character: 'elena', card: SHOTGUN, defender: 'anderson' } as const;

describe('SHOTGUN: range and line of sight', () => {
  // "Choose an enemy character in line of sight and at most two spaces away to be the defender.
  // The defender must … take 2 damage."
  it('SHOTGUN deals 2 damage to an enemy in line of sight two spaces away', () => {
    const [a, b] = findPair(DAN_TANNA, (x, y, board) => board.distance(x, y) === 2 && board.hasLineOfSight(x, y));
    const events = game(DAN_TANNA, a, b).send(0, shotgun);
    expect(ofType(events, 'AttackDeclared')[0]).toMatchObject({ attack: { action: 'SHOTGUN', damage: 2 }, defenders: ['anderson'] });
    expect(damageIn(events)).toEqual({ anderson: 2 });
  });

  // "at most two spaces away" — one space and the same space are nearer still.
  it('SHOTGUN can target an enemy on an adjacent space or on the same space', () => {
    const [a, b] = findPair(DAN_TANNA, (x, y, board) => board.distance(x, y) === 1 && board.hasLineOfSight(x, y));
    expect(damageIn(game(DAN_TANNA, a, b).send(0, shotgun))).toEqual({ anderson: 2 });
    expect(damageIn(game(DAN_TANNA, a, a).send(0, shotgun))).toEqual({ anderson: 2 });
  });

  // "at most two spaces away"
  it('SHOTGUN cannot target a character three spaces away', () => {
    const [a, b] = findPair(DAN_TANNA, (x, y, board) => board.distance(x, y) === 3 && board.hasLineOfSight(x, y));
    const g = game(DAN_TANNA, a, b);
    expect(g.refused(0, shotgun)).toBe('OUT_OF_RANGE');
    expect(g.legalOf(0, 'SHOTGUN')).toEqual([]);
  });

  // "in line of sight and at most two spaces away" — both.
  it('SHOTGUN cannot target a character within two spaces but out of line of sight', () => {
    const [a, b] = findPair(DAN_TANNA, (x, y, board) => board.distance(x, y) <= 2 && !board.hasLineOfSight(x, y));
    expect(game(DAN_TANNA, a, b).refused(0, shotgun)).toBe('NO_LINE_OF_SIGHT');
  });

  // "If you're not on high ground, you can't see someone on a high-ground space" — even next door.
  it('SHOTGUN from normal ground cannot target an adjacent enemy on high ground', () => {
    const [a, b] = findPair(GRAND_HALL, (x, y, board) => !board.isHighGround(x) && board.isHighGround(y) && board.adjacent(x).includes(y));
    expect(game(GRAND_HALL, a, b).refused(0, shotgun)).toBe('NO_LINE_OF_SIGHT');
  });

  // "When you calculate your range for the SHOTGUN action, falls count as a space." A target
  // across one fall is two spaces away.
  it('SHOTGUN reaches across a fall, the fall counting as one of the two spaces', () => {
    const [a, b] = acrossAFall(DAN_TANNA, (x, y) => board(DAN_TANNA).hasLineOfSight(x, y));
    expect(damageIn(game(DAN_TANNA, a, b).send(0, shotgun))).toEqual({ anderson: 2 });
  });

  // "falls count as a space": a target that would be within two spaces if falls were free to
  // cross is out of range once they are counted.
  it('SHOTGUN cannot target a character in range only if falls are not counted', () => {
    const [a, b] = findPair(
      DAN_TANNA,
      (x, y, board) => board.hasLineOfSight(x, y) && board.distance(x, y) === 3 && distanceIgnoringFalls(DAN_TANNA, x, y) <= 2,
    );
    expect(game(DAN_TANNA, a, b).refused(0, shotgun)).toBe('OUT_OF_RANGE');
  });

  // "in line of sight and at most two spaces away" with "falls count as a space", checked for
  // every pair of spaces against a step count worked out from the map's geometry.
  it('SHOTGUN is offered exactly against enemies in line of sight within two steps, falls counted', () => {
    const bd = board(DAN_TANNA);
    for (const a of bd.spaces)
      for (const b of bd.spaces) {
        const inRange = bd.hasLineOfSight(a, b) && stepsBetween(DAN_TANNA, a, b, 1) <= 2;
        expect(game(DAN_TANNA, a, b).legalOf(0, 'SHOTGUN').length > 0, `${a} → ${b}`).toBe(inRange);
      }
  });

  // "Cost: 1 card with the SHOTGUN symbol (linked)" — linked to the shooter, no one else.
  it("SHOTGUN cannot be paid with another character's linked SHOTGUN", () => {
    const g = game(DAN_TANNA, 1, 1);
    expect(g.refused(0, { ...shotgun, character: 'nikolai-dante' })).toBe('WRONG_SYMBOL');
  });
});

describe('SHOTGUN: defences', () => {
  const [near, target] = findPair(DAN_TANNA, (x, y, board) => x !== y && !board.isCover(y) && board.distance(x, y) <= 2 && board.hasLineOfSight(x, y));
  const [nearCover, coverSpace] = findPair(DAN_TANNA, (x, y, board) => x !== y && board.isCover(y) && board.distance(x, y) <= 2 && board.hasLineOfSight(x, y));

  // "The defender must make a DEFLECT or PRECOG defence or take 2 damage." — all damage avoided.
  it('SHOTGUN is avoided entirely by a DEFLECT defence', () => {
    const g = game(DAN_TANNA, near, target, [DEFLECT]);
    g.send(0, shotgun);
    expect(ofType(g.send(1, { type: 'DEFEND', character: 'anderson', defence: 'DEFLECT', card: DEFLECT }), 'DamageTaken')).toEqual([]);
    expect(g.health('anderson')).toBe(3);
  });

  // "The defender must make a DEFLECT or PRECOG defence or take 2 damage."
  it('SHOTGUN is avoided entirely by a PRECOG defence', () => {
    const g = game(DAN_TANNA, near, target, [PRECOG]);
    g.send(0, shotgun);
    expect(ofType(g.send(1, { type: 'DEFEND', character: 'anderson', defence: 'PRECOG', card: PRECOG }), 'DamageTaken')).toEqual([]);
    expect(g.health('anderson')).toBe(3);
  });

  // "If they are on a cover space, they can make a COVER defence instead."
  it('SHOTGUN is avoided by COVER on a cover space', () => {
    const g = game(DAN_TANNA, nearCover, coverSpace, [COVER]);
    g.send(0, shotgun);
    expect(ofType(g.send(1, { type: 'DEFEND', character: 'anderson', defence: 'COVER', card: COVER }), 'DamageTaken')).toEqual([]);
  });

  // "If they are on a cover space, they can make a COVER defence instead." — only there.
  it('SHOTGUN cannot be avoided by COVER off a cover space', () => {
    const g = game(DAN_TANNA, near, target, [COVER, DEFLECT]);
    g.send(0, shotgun);
    expect(g.refused(1, { type: 'DEFEND', character: 'anderson', defence: 'COVER', card: COVER })).toBe('NOT_ON_COVER');
    expect(g.legalOf(1, 'DEFEND')).toEqual([{ type: 'DEFEND', character: 'anderson', defence: 'DEFLECT', card: DEFLECT }]);
  });
});
