// FLY (rulebook, "Combat actions"): "Cost: 1 card with the FLY symbol (linked). Move the character
// up to two spaces. You may move onto high-ground spaces at no additional cost. You may move over
// falls as if they were a space, but you may not end the FLY action on that space." "Falls":
// "Characters taking the FLY action can move onto a fall as if it were a space, but they cannot
// end their move there."

import { describe, expect, it } from 'vitest';
import type { MapId, SpaceId } from '../../../../src/games/helter-skelter/board/board.ts';
import { DAN_TANNA, GRAND_HALL, TestGame, board, findPair, linked, showing } from '../support.ts';
import { acrossAFall, distanceIgnoringFalls, first, ofType, stepsBetween, walledPairs } from './support-part2.ts';

const FLY = first(linked('nikolai-dante', 'FLY', 'viktor'));

function game(map: MapId, from: SpaceId, hand: string[] = [FLY]) {
  return TestGame.withOthersDead({
    map,
    seats: [
      { team: 'nikolai-dante', hand },
      { team: 'judges', hand: [] },
    ],
    characters: { viktor: { space: from }, 'nikolai-dante': { space: from }, dredd: { space: from } },
  });
}

const fly = (to: SpaceId) => ({ type: 'FLY', character: 'viktor', card: FLY, to }) as const;

describe('FLY', () => {
  // "Move the character up to two spaces."
  it('FLY moves the character to an adjacent space', () => {
    const [a, b] = findPair(DAN_TANNA, (x, y, bd) => bd.adjacent(x).includes(y));
    const g = game(DAN_TANNA, a);
    const events = g.send(0, fly(b));
    expect(ofType(events, 'CharacterMoved')).toEqual([{ type: 'CharacterMoved', character: 'viktor', from: a, to: b }]);
    expect(g.state.characters['viktor']!.space).toBe(b);
  });

  // "Move the character up to two spaces."
  it('FLY moves the character two spaces in one action', () => {
    const [a, b] = findPair(DAN_TANNA, (x, y, bd) => bd.distance(x, y) === 2);
    const g = game(DAN_TANNA, a);
    expect(ofType(g.send(0, fly(b)), 'CharacterMoved')).toEqual([{ type: 'CharacterMoved', character: 'viktor', from: a, to: b }]);
  });

  // "up to two spaces"
  it('FLY cannot move the character three spaces', () => {
    const [a, b] = findPair(DAN_TANNA, (x, y, bd) => bd.distance(x, y) === 3);
    expect(game(DAN_TANNA, a).refused(0, fly(b))).toBe('OUT_OF_REACH');
  });

  // "Move the character up to two spaces": a FLY that ends where it began moves nobody.
  it('FLY cannot end on the space it started from', () => {
    const [a] = findPair(DAN_TANNA, (x, y, bd) => bd.adjacent(x).includes(y));
    expect(game(DAN_TANNA, a).refused(0, fly(a))).toBe('OUT_OF_REACH');
  });

  // "Move the character up to two spaces." "You may move over falls as if they were a space, but
  // you may not end the FLY action on that space." — every space one or two steps away is offered,
  // and nothing else (a fall has no designation to land on).
  it('FLY offers exactly the spaces one or two steps away', () => {
    const bd = board(DAN_TANNA);
    for (const from of bd.spaces) {
      const offered = new Set(game(DAN_TANNA, from).legalOf(0, 'FLY').map((c) => (c as { to: number }).to));
      const expected = new Set(bd.spaces.filter((t) => t !== from && stepsBetween(DAN_TANNA, from, t, 1) <= 2));
      expect(offered).toEqual(expected);
    }
  });

  // "You may move onto high-ground spaces at no additional cost."
  it('FLY moves onto high ground for its one card, where a MOVE is refused', () => {
    const [low, high] = findPair(GRAND_HALL, (x, y, bd) => !bd.isHighGround(x) && bd.isHighGround(y) && bd.adjacent(x).includes(y));
    const moveCard = first(showing('nikolai-dante', 'viktor').filter((c) => c !== FLY));
    const g = game(GRAND_HALL, low, [FLY, moveCard]);
    expect(g.refused(0, { type: 'MOVE', character: 'viktor', to: high, cards: [moveCard] })).toBe('NEEDS_CLIMB');
    const events = g.send(0, fly(high));
    expect(ofType(events, 'CardsDiscarded')).toEqual([{ type: 'CardsDiscarded', seat: 0, cards: [FLY], reason: 'FLY' }]);
    expect(g.state.characters['viktor']!.space).toBe(high);
  });

  // "You may move onto high-ground spaces at no additional cost." — two steps, climbing on the way.
  it('FLY reaches high ground two spaces away from normal ground', () => {
    const [low, high] = findPair(GRAND_HALL, (x, y, bd) => !bd.isHighGround(x) && bd.isHighGround(y) && bd.distance(x, y) === 2);
    expect(game(GRAND_HALL, low).send(0, fly(high)).some((e) => e.type === 'CharacterMoved')).toBe(true);
  });

  // "You may move over falls as if they were a space" — a space beyond a fall is two steps away.
  it('FLY passes over a fall to the space beyond', () => {
    const [a, b] = acrossAFall(DAN_TANNA);
    const g = game(DAN_TANNA, a);
    g.send(0, fly(b));
    expect(g.state.characters['viktor']!.space).toBe(b);
  });

  // "You may move over falls as if they were a space" — so a fall crossed uses up one of the two.
  it('FLY counts a fall it crosses as one of its two spaces', () => {
    const [a, b] = findPair(DAN_TANNA, (x, y, bd) => bd.distance(x, y) === 3 && distanceIgnoringFalls(DAN_TANNA, x, y) <= 2);
    expect(game(DAN_TANNA, a).refused(0, fly(b))).toBe('OUT_OF_REACH');
  });

  // docs/maps.md: FLY walks spaces and falls but never crosses a wall ("Spaces separated by walls
  // are not considered adjacent").
  it('FLY cannot cross a wall to a space that is only reachable the long way round', () => {
    const pair = walledPairs(DAN_TANNA).find(([x, y]) => board(DAN_TANNA).distance(x, y) >= 3);
    if (!pair) throw new Error('no walled neighbours three steps apart');
    const [a, b] = pair;
    expect(game(DAN_TANNA, a).refused(0, fly(b))).toBe('OUT_OF_REACH');
  });

  // "Cost: 1 card with the FLY symbol (linked)"
  it("FLY cannot be paid with another character's linked FLY", () => {
    const [a, b] = findPair(DAN_TANNA, (x, y, bd) => bd.adjacent(x).includes(y));
    expect(game(DAN_TANNA, a).refused(0, { ...fly(b), character: 'nikolai-dante' })).toBe('WRONG_SYMBOL');
  });
});
