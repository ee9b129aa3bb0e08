// Standard actions MOVE and CLIMB: "For standard actions, you'll need to discard one or more cards
// with the character symbol of the character taking the action."

import { describe, expect, it } from 'vitest';
import type { MapId } from '../../../../src/games/helter-skelter/board/board.ts';
import { cardById } from '../../../../src/games/helter-skelter/content/index.ts';
import type { Command } from '../../../../src/games/helter-skelter/types.ts';
import { board, cardsWhere, DAN_TANNA, findPair, findSpace, GRAND_HALL, TestGame, types } from '../support.ts';
import { fallSeparatedPairs, only, padding, showingNoInterrupt, wallSeparatedPairs } from './support-part1.ts';

const gh = board(GRAND_HALL);
const dt = board(DAN_TANNA);

const dredd = showingNoInterrupt('judges', 'dredd');
const notDredd = padding('judges', ['dredd']);
/** The rulebook's example card: "character symbols for Judge Dredd and Mean Machine". */
const dreddAndMeanMachine = cardsWhere('judges', (c) => c.characters.includes('dredd') && c.characters.includes('mean-machine'));

// Places on the map, found by property.
const [FLOOR, BALCONY] = findPair(GRAND_HALL, (a, b, bd) => !bd.isHighGround(a) && bd.isHighGround(b) && bd.adjacent(a).includes(b));
const [HIGH1, HIGH2] = findPair(GRAND_HALL, (a, b, bd) => bd.isHighGround(a) && bd.isHighGround(b) && bd.adjacent(a).includes(b));
const [HIGH, LOW] = findPair(GRAND_HALL, (a, b, bd) => bd.isHighGround(a) && !bd.isHighGround(b) && bd.adjacent(a).includes(b));
const [GH_A, GH_B] = findPair(GRAND_HALL, (a, b, bd) => !bd.isHighGround(a) && !bd.isHighGround(b) && bd.adjacent(a).includes(b));
const FAR_HIGH = findSpace(GRAND_HALL, (s, bd) => bd.isHighGround(s) && !bd.adjacent(FLOOR).includes(s));
const [DT_A, DT_B] = findPair(DAN_TANNA, (a, b, bd) => bd.adjacent(a).includes(b));

/** Dredd alone for seat 0 (plus whoever the test adds); an opponent holding no INTERRUPT card. */
function game(map: MapId, dreddAt: number, hand: string[] = dredd.slice(0, 5), extra: Record<string, { space: number }> = {}) {
  const enemyAt = findSpace(map, (s) => s !== dreddAt && !Object.values(extra).some((c) => c.space === s));
  return TestGame.withOthersDead({
    map,
    seats: [
      { team: 'judges', hand },
      { team: 'slaine', hand: padding('slaine').slice(0, 4) },
    ],
    characters: { dredd: { space: dreddAt }, kai: { space: enemyAt }, ...extra },
  });
}

const move = (to: number, cards: string[], character = 'dredd'): Command => ({ type: 'MOVE', character, to, cards });
const climb = (to: number, cards: string[], character = 'dredd'): Command => ({ type: 'CLIMB', character, to, cards });

describe('MOVE', () => {
  // "MOVE — Cost: 1 card with the character symbol. Move the character to an adjacent space."
  it('MOVE costs exactly one card with the character symbol and moves to an adjacent space', () => {
    const g = game(DAN_TANNA, DT_A);
    const card = g.hand(0)[0]!;
    const events = g.send(0, move(DT_B, [card]));
    expect(types(events).slice(0, 3)).toEqual(['CardsDiscarded', 'ActionTaken', 'CharacterMoved']);
    expect(only(events, 'CardsDiscarded')).toEqual({ type: 'CardsDiscarded', seat: 0, cards: [card], reason: 'MOVE' });
    expect(only(events, 'CharacterMoved')).toEqual({ type: 'CharacterMoved', character: 'dredd', from: DT_A, to: DT_B });
    expect(g.state.characters['dredd']!.space).toBe(DT_B);
    expect(g.hand(0)).not.toContain(card);
    expect(g.state.seats[0]!.discard).toEqual([card]);
  });

  // "Cost: 1 card": not none, not two.
  it('MOVE with no card or with two cards is refused', () => {
    const g = game(DAN_TANNA, DT_A);
    expect(g.refused(0, move(DT_B, []))).toBe('WRONG_CARD_COUNT');
    expect(g.refused(0, move(DT_B, dredd.slice(0, 2)))).toBe('WRONG_CARD_COUNT');
  });

  // "you'll need to discard one or more cards with the character symbol of the character taking the action"
  it('MOVE paid with a card without the character symbol is refused', () => {
    const g = game(DAN_TANNA, DT_A, [...dredd.slice(0, 2), ...notDredd.slice(0, 2)]);
    for (const card of notDredd.slice(0, 2)) expect(g.refused(0, move(DT_B, [card]))).toBe('WRONG_SYMBOL');
  });

  // "This card shows character symbols for Judge Dredd and Mean Machine. It can be spent as part of the
  // cost for a standard action with either of these two characters."
  it('a card showing two character symbols pays a MOVE for either character', () => {
    const card = dreddAndMeanMachine[0]!;
    expect(cardById(card).characters).toEqual(['dredd', 'mean-machine']);
    const [E, F] = findPair(DAN_TANNA, (a, b, bd) => a !== DT_A && b !== DT_A && bd.adjacent(a).includes(b));
    for (const [character, to] of [
      ['dredd', DT_B],
      ['mean-machine', F],
    ] as const) {
      const g = game(DAN_TANNA, DT_A, [card], { 'mean-machine': { space: E } });
      g.send(0, move(to, [card], character));
      expect(g.state.characters[character]!.space).toBe(to);
    }
  });

  // You discard cards from your hand.
  it('MOVE paid with a card not in hand is refused', () => {
    const g = game(DAN_TANNA, DT_A, dredd.slice(0, 2));
    expect(g.refused(0, move(DT_B, [dredd[3]!]))).toBe('CARD_NOT_IN_HAND');
  });

  // "Move the character to an adjacent space (a space that shares a border)." "Never take multiple
  // actions at the same time (such as taking three MOVE actions to move three spaces at once)."
  it('MOVE goes one space only: a space that does not share a border is refused', () => {
    const [from, to] = findPair(DAN_TANNA, (a, b, bd) => bd.distance(a, b) === 2);
    const g = game(DAN_TANNA, from);
    expect(g.refused(0, move(to, [dredd[0]!]))).toBe('NOT_ADJACENT');
    expect(g.refused(0, move(from, [dredd[0]!]))).toBe('NOT_ADJACENT');
  });

  // "You cannot MOVE through walls" / "Spaces separated by walls are not considered adjacent."
  it('MOVE through a wall is refused, on both maps', () => {
    for (const map of [DAN_TANNA, GRAND_HALL]) {
      const pairs = wallSeparatedPairs(map);
      expect(pairs.length).toBeGreaterThan(0);
      for (const [a, b] of pairs.slice(0, 4)) {
        // The step must not be a CLIMB, so MOVE from the high side if there is one.
        const [from, to] = board(map).isHighGround(b) && !board(map).isHighGround(a) ? [b, a] : [a, b];
        expect(game(map, from).refused(0, move(to, [dredd[0]!]))).toBe('NOT_ADJACENT');
      }
    }
  });

  // "You cannot MOVE … onto falls." A fall is no space: it cannot be crossed by MOVE either.
  it('MOVE over a fall is refused', () => {
    const pairs = fallSeparatedPairs(DAN_TANNA);
    expect(pairs.length).toBeGreaterThan(0);
    for (const [a, b] of pairs) expect(game(DAN_TANNA, a).refused(0, move(b, [dredd[0]!]))).toBe('NOT_ADJACENT');
  });

  // "If you're not already on a high-ground space, you cannot MOVE to a space on high ground – you'll
  // need to CLIMB."
  it('MOVE from normal ground onto high ground is refused: CLIMB is needed', () => {
    const g = game(GRAND_HALL, FLOOR);
    expect(g.refused(0, move(BALCONY, [dredd[0]!]))).toBe('NEEDS_CLIMB');
  });

  // "If you're moving from high ground, use the MOVE action instead."
  it('MOVE from high ground to adjacent high ground costs one card', () => {
    const g = game(GRAND_HALL, HIGH1);
    g.send(0, move(HIGH2, [dredd[0]!]));
    expect(g.state.characters['dredd']!.space).toBe(HIGH2);
    expect(g.state.seats[0]!.discard).toEqual([dredd[0]]);
  });

  // MOVE "to an adjacent space": down from high ground is an ordinary MOVE.
  it('MOVE from high ground down to normal ground costs one card', () => {
    const g = game(GRAND_HALL, HIGH);
    g.send(0, move(LOW, [dredd[0]!]));
    expect(g.state.characters['dredd']!.space).toBe(LOW);
  });

  // Nothing in MOVE forbids ending on a space with enemy characters (MELEE needs them there).
  it('MOVE may end on a space where enemy characters stand', () => {
    const g = TestGame.withOthersDead({
      map: DAN_TANNA,
      seats: [
        { team: 'judges', hand: dredd.slice(0, 3) },
        { team: 'slaine', hand: padding('slaine').slice(0, 3) },
      ],
      characters: { dredd: { space: DT_A }, kai: { space: DT_B }, niamh: { space: DT_B } },
    });
    g.send(0, move(DT_B, [dredd[0]!]));
    expect(g.state.characters['dredd']!.space).toBe(DT_B);
    expect(g.state.characters['kai']!.space).toBe(DT_B);
  });

  // "To take an action, choose a standard or combat action" — for one of your characters on the board.
  it('only your own deployed, living characters MOVE', () => {
    const g = TestGame.withOthersDead({
      map: DAN_TANNA,
      seats: [
        { team: 'judges', hand: showingNoInterrupt('judges', 'giant').slice(0, 4) },
        { team: 'slaine', hand: padding('slaine').slice(0, 4) },
      ],
      characters: {
        giant: { space: 'undeployed', startingCards: [DT_A] },
        anderson: { space: 'undeployed', startingCards: [DT_B] },
        kai: { space: findSpace(DAN_TANNA, (s) => s !== DT_A && s !== DT_B) },
      },
    });
    g.send(0, { type: 'DEPLOY', character: 'giant', space: DT_A });
    const card = g.hand(0).find((c) => cardById(c).characters.includes('anderson')) ?? g.hand(0)[0]!;
    expect(g.refused(0, move(DT_A, [card], 'anderson'))).toBe('NOT_DEPLOYED');
    // Dredd is not in this scenario: out of play, dead.
    expect(g.refused(0, move(DT_B, [g.hand(0)[0]!], 'dredd'))).toBe('CHARACTER_DEAD');
    expect(g.refused(0, move(DT_B, [g.hand(0)[0]!], 'kai'))).toBe('NOT_YOUR_CHARACTER');
    expect(g.refused(0, move(DT_B, [g.hand(0)[0]!], 'nobody'))).toBe('NOT_YOUR_CHARACTER');
  });

  // The MOVE options offered are exactly: every adjacent space that is no CLIMB, with each paying card.
  it('the legal MOVEs are each adjacent non-climb space with each card showing the symbol', () => {
    for (const [map, from] of [
      [GRAND_HALL, FLOOR],
      [GRAND_HALL, HIGH1],
      [DAN_TANNA, DT_A],
    ] as const) {
      const hand = [...dredd.slice(0, 2), ...notDredd.slice(0, 2)];
      const g = game(map, from, hand);
      const b = board(map);
      const expected = b
        .adjacent(from)
        .filter((to) => b.isHighGround(from) || !b.isHighGround(to))
        .flatMap((to) => dredd.slice(0, 2).map((card) => move(to, [card])));
      const legal = g.legalOf(0, 'MOVE').filter((c) => c.type === 'MOVE' && c.character === 'dredd');
      expect(legal).toEqual(expect.arrayContaining(expected));
      expect(legal).toHaveLength(expected.length);
    }
  });
});

describe('CLIMB', () => {
  // "CLIMB — Cost: 2 cards with the character symbol. Move the character to an adjacent high-ground space."
  it('CLIMB costs exactly two cards with the character symbol', () => {
    const g = game(GRAND_HALL, FLOOR);
    expect(g.refused(0, climb(BALCONY, dredd.slice(0, 1)))).toBe('WRONG_CARD_COUNT');
    expect(g.refused(0, climb(BALCONY, dredd.slice(0, 3)))).toBe('WRONG_CARD_COUNT');
    const events = g.send(0, climb(BALCONY, dredd.slice(0, 2)));
    expect(only(events, 'CardsDiscarded')).toMatchObject({ cards: dredd.slice(0, 2), reason: 'CLIMB' });
    expect(only(events, 'CharacterMoved')).toMatchObject({ from: FLOOR, to: BALCONY });
    expect(g.state.seats[0]!.discard).toEqual(dredd.slice(0, 2));
    expect(g.hand(0)).toEqual(dredd.slice(2, 5));
  });

  // "Cost: 2 cards with the character symbol": both of them.
  it('CLIMB with one of its two cards lacking the character symbol is refused', () => {
    const g = game(GRAND_HALL, FLOOR, [dredd[0]!, notDredd[0]!, dredd[1]!]);
    expect(g.refused(0, climb(BALCONY, [dredd[0]!, notDredd[0]!]))).toBe('WRONG_SYMBOL');
    expect(g.refused(0, climb(BALCONY, [dredd[0]!, dredd[0]!]))).toBe('DUPLICATE_CARD');
  });

  // "Move the character to an adjacent high-ground space."
  it('CLIMB onto a space that is not high ground is refused', () => {
    const g = game(GRAND_HALL, GH_A);
    expect(g.refused(0, climb(GH_B, dredd.slice(0, 2)))).toBe('NOT_HIGH_GROUND');
  });

  // "an adjacent high-ground space"
  it('CLIMB onto high ground that does not share a border is refused', () => {
    const g = game(GRAND_HALL, FLOOR);
    expect(g.refused(0, climb(FAR_HIGH, dredd.slice(0, 2)))).toBe('NOT_ADJACENT');
  });

  // "If you're moving from high ground, use the MOVE action instead."
  it('CLIMB from high ground is refused: use MOVE', () => {
    const g = game(GRAND_HALL, HIGH1);
    expect(g.refused(0, climb(HIGH2, dredd.slice(0, 2)))).toBe('USE_MOVE');
  });

  // "On the GRAND HALL OF JUSTICE map, some spaces are on high ground": Dan Tanna has none, so no CLIMB.
  it('on Dan Tanna and Enid Blyton there is never a CLIMB to take', () => {
    expect(dt.spaces.some((s) => dt.isHighGround(s))).toBe(false);
    for (const from of [DT_A, DT_B]) {
      const g = game(DAN_TANNA, from);
      expect(g.legalOf(0, 'CLIMB')).toEqual([]);
      expect(g.refused(0, climb(dt.adjacent(from)[0]!, dredd.slice(0, 2)))).toBe('NOT_HIGH_GROUND');
    }
  });

  // The CLIMB options offered: every adjacent high-ground space, with every pair of paying cards.
  it('the legal CLIMBs are each adjacent high-ground space with each pair of cards showing the symbol', () => {
    const g = game(GRAND_HALL, FLOOR, [...dredd.slice(0, 3), notDredd[0]!]);
    const targets = gh.adjacent(FLOOR).filter((s) => gh.isHighGround(s));
    const legal = g.legalOf(0, 'CLIMB');
    expect(legal).toHaveLength(targets.length * 3);
    for (const c of legal) {
      expect(c.type === 'CLIMB' && targets.includes(c.to) && c.cards.every((x) => dredd.includes(x))).toBe(true);
    }
  });
});
