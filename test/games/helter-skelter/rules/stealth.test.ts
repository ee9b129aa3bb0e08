// STEALTH (rulebook, "The Teams — Sláine"): "Ukko is light of foot and finger, and adept at going
// unnoticed. At the start of the game, assign two map cards to Ukko instead of one. When you deploy
// him, place him on the space designated by one of the cards. Remove both map cards from the
// game." Rulings: R2 (Ukko's assignment carries two cards), R3 (assigned at random on expiry).

import { describe, expect, it } from 'vitest';
import { helterSkelter } from '../../../../src/games/helter-skelter/index.ts';
import type { SpaceId } from '../../../../src/games/helter-skelter/board/board.ts';
import { DAN_TANNA, TestGame, board, showing } from '../support.ts';
import { first, ofType } from './support-part2.ts';

/** A fresh two-player game at set-up: Sláine in seat 0, the Judges in seat 1. */
function atSetup() {
  return new TestGame(helterSkelter.initialState({ map: DAN_TANNA, seats: [{ team: 'slaine' }, { team: 'judges' }], seed: 'stealth' }));
}

/** Assigns every character of the seat the seat's lowest remaining map cards (two for Ukko). */
function assignSeat(g: TestGame, seat: number, ukko?: SpaceId[]) {
  for (const c of Object.values(g.state.characters)) {
    if (c.seat !== seat || c.startingCards.length > 0) continue;
    const pool = g.state.seats[seat]!.mapCards.filter((s) => !(ukko ?? []).includes(s));
    const cards = c.id === 'ukko' ? (ukko ?? pool.slice(0, 2)) : pool.slice(0, 1);
    g.send(seat, { type: 'ASSIGN_STARTING_CARDS', character: c.id, cards });
  }
}

describe('Stealth: two map cards at set-up', () => {
  // "At the start of the game, assign two map cards to Ukko instead of one."
  it('Stealth: Ukko is assigned two map cards, and one alone is refused', () => {
    const g = atSetup();
    const [a, b] = g.state.seats[0]!.mapCards;
    expect(g.refused(0, { type: 'ASSIGN_STARTING_CARDS', character: 'ukko', cards: [a!] })).toBe('WRONG_CARD_COUNT');
    const events = g.send(0, { type: 'ASSIGN_STARTING_CARDS', character: 'ukko', cards: [a!, b!] });
    expect(ofType(events, 'StartingCardsAssigned')[0]).toMatchObject({ character: 'ukko', cards: [a, b] });
    expect(g.state.seats[0]!.mapCards).not.toContain(a);
    expect(g.state.seats[0]!.mapCards).not.toContain(b);
  });

  // "assign two map cards to Ukko instead of one" — Stealth is his alone.
  it('Stealth is Ukko’s alone: Sláine takes one map card, and two are refused', () => {
    const g = atSetup();
    const [a, b] = g.state.seats[0]!.mapCards;
    expect(g.refused(0, { type: 'ASSIGN_STARTING_CARDS', character: 'slaine', cards: [a!, b!] })).toBe('WRONG_CARD_COUNT');
    const ukkoChoices = g.legalOf(0, 'ASSIGN_STARTING_CARDS').filter((c) => (c as { character: string }).character === 'ukko');
    expect(ukkoChoices.every((c) => (c as { cards: number[] }).cards.length === 2)).toBe(true);
  });

  // "At the start of the game, assign two map cards to Ukko" — also when the server assigns for a
  // late seat (R3).
  it('Stealth: when the set-up deadline passes, the server assigns Ukko two map cards', () => {
    const g = atSetup();
    assignSeat(g, 1);
    g.expire();
    expect(g.state.characters['ukko']!.startingCards).toHaveLength(2);
    expect(g.state.characters['slaine']!.startingCards).toHaveLength(1);
  });

  // "Remove both map cards from the game." — neither is passed on to place a fragment: Sláine's
  // four characters use five of the ten cards, and the five left are the ones passed on.
  it('Stealth: neither of Ukko’s map cards is passed on for a fragment', () => {
    const g = atSetup();
    const ukko = g.state.seats[0]!.mapCards.slice(-2);
    assignSeat(g, 0, ukko);
    const kept = g.state.seats[0]!.mapCards.slice();
    assignSeat(g, 1);
    // The Judges (seat 1) place their fragments on the cards Sláine (on their left) passed.
    const judgesFragments = g.state.fragments.filter((f) => f.seat === 1).map((f) => f.space);
    expect(judgesFragments.sort((x, y) => x - y)).toEqual(kept.sort((x, y) => x - y));
    expect(judgesFragments).toHaveLength(5);
    for (const s of ukko) expect(judgesFragments).not.toContain(s);
  });
});

describe('Stealth: deploying Ukko', () => {
  // Any three designations will do: deploying asks nothing of the map.
  const [C, D, E] = board(DAN_TANNA).spaces as [SpaceId, SpaceId, SpaceId];

  function waiting() {
    return TestGame.withOthersDead({
      map: DAN_TANNA,
      seats: [
        { team: 'slaine', hand: [first(showing('slaine', 'slaine'))] },
        { team: 'judges', hand: [] },
      ],
      characters: { ukko: { space: 'undeployed', startingCards: [C, D] }, slaine: { space: E }, dredd: { space: E } },
    });
  }

  // "When you deploy him, place him on the space designated by one of the cards."
  it.each([0, 1])('Stealth: Ukko may be deployed on either of his map cards (card %i)', (i) => {
    const g = waiting();
    const space = [C, D][i]!;
    expect(g.legalOf(0, 'DEPLOY')).toEqual([
      { type: 'DEPLOY', character: 'ukko', space: C },
      { type: 'DEPLOY', character: 'ukko', space: D },
    ]);
    const events = g.send(0, { type: 'DEPLOY', character: 'ukko', space });
    expect(ofType(events, 'CharacterDeployed')[0]).toMatchObject({ character: 'ukko', space });
    expect(g.state.characters['ukko']).toMatchObject({ status: 'deployed', space });
  });

  // "place him on the space designated by one of the cards" — no other.
  it('Stealth: Ukko cannot be deployed on a space neither of his cards designates', () => {
    expect(waiting().refused(0, { type: 'DEPLOY', character: 'ukko', space: E })).toBe('NOT_A_STARTING_SPACE');
  });

  // "Remove both map cards from the game."
  it('Stealth: deploying Ukko removes both of his map cards from the game', () => {
    const g = waiting();
    const events = g.send(0, { type: 'DEPLOY', character: 'ukko', space: D });
    expect(ofType(events, 'CharacterDeployed')[0]!.mapCards).toEqual([C, D]);
    expect(g.state.characters['ukko']!.startingCards).toEqual([]);
  });
});
