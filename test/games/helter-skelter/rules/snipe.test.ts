// SNIPE (rulebook, "Combat actions"): "Cost: 1 card with the SNIPE symbol (wild or linked). Choose
// an enemy character in line of sight to be the defender. The defender must make a DEFLECT or
// PRECOG defence or take 1 damage. If they are on a cover space, they can make a COVER defence
// instead." Line of sight as the action uses it: "Line of Sight".

import { describe, expect, it } from 'vitest';
import type { MapId, SpaceId } from '../../../../src/games/helter-skelter/board/board.ts';
import { DAN_TANNA, GRAND_HALL, TestGame, board, findPair, findSpace, linked, wild } from '../support.ts';
import { damageIn, first, ofType } from './support-part2.ts';

const SNIPE = first(linked('strontium-dogs', 'SNIPE', 'johnny-alpha'));
const DEFLECT = first(wild('judges', 'DEFLECT'));
const PRECOG = first(linked('judges', 'PSI', 'anderson'));
const COVER = first(wild('judges', 'COVER'));
const BLOCK = first(wild('judges', 'MELEE'));

/** Johnny Alpha snipes at Anderson, whose seat holds `defenderHand`. */
function game(map: MapId, sniper: SpaceId, target: SpaceId, defenderHand: string[] = []) {
  return TestGame.withOthersDead({
    map,
    seats: [
      { team: 'strontium-dogs', hand: [SNIPE] },
      { team: 'judges', hand: defenderHand },
    ],
    characters: { 'johnny-alpha': { space: sniper }, anderson: { space: target } },
  });
}

const snipe = { type: 'SNIPE', character: 'johnny-alpha', card: SNIPE, defender: 'anderson' } as const;

describe('SNIPE: the defender', () => {
  // "Choose an enemy character in line of sight to be the defender. The defender must make a
  // DEFLECT or PRECOG defence or take 1 damage."
  it('SNIPE deals 1 damage to an enemy in line of sight that does not defend', () => {
    const [a, b] = findPair(DAN_TANNA, (x, y, board) => x !== y && board.hasLineOfSight(x, y));
    const g = game(DAN_TANNA, a, b);
    const events = g.send(0, snipe);
    expect(ofType(events, 'AttackDeclared')[0]).toMatchObject({ attack: { action: 'SNIPE', damage: 1 }, defenders: ['anderson'] });
    expect(damageIn(events)).toEqual({ anderson: 1 });
    expect(g.health('anderson')).toBe(2);
  });

  // "Choose an enemy character in line of sight to be the defender."
  it('SNIPE cannot target an enemy out of line of sight', () => {
    const [a, b] = findPair(DAN_TANNA, (x, y, board) => !board.hasLineOfSight(x, y));
    const g = game(DAN_TANNA, a, b);
    expect(g.refused(0, snipe)).toBe('NO_LINE_OF_SIGHT');
    expect(g.legalOf(0, 'SNIPE')).toEqual([]);
  });

  // SNIPE has no range: only line of sight matters (unlike SHOTGUN's "at most two spaces away").
  it('SNIPE reaches an enemy in line of sight however far away', () => {
    const [a, b] = findPair(DAN_TANNA, (x, y, board) => board.hasLineOfSight(x, y) && board.distance(x, y) >= 4);
    const g = game(DAN_TANNA, a, b);
    expect(damageIn(g.send(0, snipe))).toEqual({ anderson: 1 });
  });

  // "The space occupied by your character is the source, and the space occupied by the character
  // you're attacking is the target." On the Grand Hall sight is not symmetric ("If you're not on
  // high ground, you can't see someone on a high-ground space").
  it("SNIPE traces line of sight from the sniper's space, not the defender's", () => {
    const [seen, from] = findPair(GRAND_HALL, (x, y, board) => board.hasLineOfSight(y, x) && !board.hasLineOfSight(x, y));
    expect(damageIn(game(GRAND_HALL, from, seen).send(0, snipe))).toEqual({ anderson: 1 });
    expect(game(GRAND_HALL, seen, from).refused(0, snipe)).toBe('NO_LINE_OF_SIGHT');
  });

  // "Normal ground → High-ground target: No line of sight."
  it('SNIPE from normal ground cannot target an enemy on high ground', () => {
    const [a, b] = findPair(GRAND_HALL, (x, y, board) => !board.isHighGround(x) && board.isHighGround(y) && board.adjacent(x).includes(y));
    expect(game(GRAND_HALL, a, b).refused(0, snipe)).toBe('NO_LINE_OF_SIGHT');
  });

  // "You always have line of sight to the space you are in." — even on a cover space, which
  // otherwise blocks line of sight from normal ground.
  it('SNIPE can target an enemy on the sniper’s own space, even a cover space', () => {
    const cover = findSpace(DAN_TANNA, (s, board) => board.isCover(s));
    expect(damageIn(game(DAN_TANNA, cover, cover).send(0, snipe))).toEqual({ anderson: 1 });
  });

  // "You always have line of sight to the space you are in." — on high ground too.
  it('SNIPE can target an enemy on the sniper’s own high-ground space', () => {
    const high = findSpace(GRAND_HALL, (s, board) => board.isHighGround(s));
    expect(damageIn(game(GRAND_HALL, high, high).send(0, snipe))).toEqual({ anderson: 1 });
  });

  // "You always have line of sight to the space you are in." — on every space of both maps.
  it('SNIPE is offered against an enemy on the sniper’s own space, on every space of both maps', () => {
    for (const map of [DAN_TANNA, GRAND_HALL])
      for (const space of board(map).spaces)
        expect(game(map, space, space).legalOf(0, 'SNIPE'), `${map} ${space}`).toEqual([snipe]);
  });

  // "Choose an enemy character" — never your own.
  it('SNIPE cannot target a character of your own team', () => {
    const [a, b] = findPair(DAN_TANNA, (x, y, board) => x !== y && board.hasLineOfSight(x, y));
    const g = TestGame.withOthersDead({
      map: DAN_TANNA,
      seats: [
        { team: 'strontium-dogs', hand: [SNIPE] },
        { team: 'judges', hand: [] },
      ],
      characters: { 'johnny-alpha': { space: a }, wulf: { space: b }, anderson: { space: b } },
    });
    expect(g.refused(0, { ...snipe, defender: 'wulf' })).toBe('NOT_AN_ENEMY');
  });

  // "Cost: 1 card with the SNIPE symbol (wild or linked)"
  it('SNIPE may be paid with a wild SNIPE symbol by any character', () => {
    const wildSnipe = first(wild('strontium-dogs', 'SNIPE'));
    const [a, b] = findPair(DAN_TANNA, (x, y, board) => x !== y && board.hasLineOfSight(x, y));
    const g = TestGame.withOthersDead({
      map: DAN_TANNA,
      seats: [
        { team: 'strontium-dogs', hand: [wildSnipe] },
        { team: 'judges', hand: [] },
      ],
      characters: { gronk: { space: a }, anderson: { space: b } },
    });
    expect(damageIn(g.send(0, { type: 'SNIPE', character: 'gronk', card: wildSnipe, defender: 'anderson' }))).toEqual({ anderson: 1 });
  });
});

describe('SNIPE: defences', () => {
  const [open, target] = findPair(DAN_TANNA, (x, y, board) => x !== y && !board.isCover(y) && board.hasLineOfSight(x, y));
  const [fromAfar, coverSpace] = findPair(DAN_TANNA, (x, y, board) => x !== y && board.isCover(y) && board.hasLineOfSight(x, y));

  // "The defender must make a DEFLECT or PRECOG defence or take 1 damage."
  it('SNIPE is avoided by a DEFLECT defence', () => {
    const g = game(DAN_TANNA, open, target, [DEFLECT]);
    g.send(0, snipe);
    const events = g.send(1, { type: 'DEFEND', character: 'anderson', defence: 'DEFLECT', card: DEFLECT });
    expect(ofType(events, 'DamageTaken')).toEqual([]);
    expect(g.health('anderson')).toBe(3);
  });

  // "The defender must make a DEFLECT or PRECOG defence or take 1 damage."
  it('SNIPE is avoided by a PRECOG defence', () => {
    const g = game(DAN_TANNA, open, target, [PRECOG]);
    g.send(0, snipe);
    const events = g.send(1, { type: 'DEFEND', character: 'anderson', defence: 'PRECOG', card: PRECOG });
    expect(ofType(events, 'DamageTaken')).toEqual([]);
    expect(g.state.seats[1]!.discard).toEqual([PRECOG]);
  });

  // "If they are on a cover space, they can make a COVER defence instead."
  it('SNIPE is avoided by a COVER defence when the defender is on a cover space', () => {
    const g = game(DAN_TANNA, fromAfar, coverSpace, [COVER]);
    g.send(0, snipe);
    expect(g.legalOf(1, 'DEFEND')).toEqual([{ type: 'DEFEND', character: 'anderson', defence: 'COVER', card: COVER }]);
    const events = g.send(1, { type: 'DEFEND', character: 'anderson', defence: 'COVER', card: COVER });
    expect(ofType(events, 'DamageTaken')).toEqual([]);
  });

  // "If they are on a cover space, they can make a COVER defence instead." — otherwise not: the
  // only card held pays no defence here, so taking the damage is the only answer (R14).
  it('SNIPE cannot be avoided by COVER off a cover space', () => {
    const g = game(DAN_TANNA, open, target, [COVER]);
    expect(damageIn(g.send(0, snipe))).toEqual({ anderson: 1 });
    expect(g.hand(1)).toEqual([COVER]);
  });

  // "The defender must make a DEFLECT or PRECOG defence or take 1 damage." — BLOCK is no answer.
  it('SNIPE cannot be avoided by BLOCK', () => {
    const g = game(DAN_TANNA, open, target, [BLOCK, DEFLECT]);
    g.send(0, snipe);
    expect(g.refused(1, { type: 'DEFEND', character: 'anderson', defence: 'BLOCK', card: BLOCK })).toBe('DEFENCE_NOT_ALLOWED');
    expect(g.legalOf(1, 'DEFEND')).toEqual([{ type: 'DEFEND', character: 'anderson', defence: 'DEFLECT', card: DEFLECT }]);
  });
});
