// PAYING COSTS (rulebook, "Actions and Defences"): which cards pay for a standard action, a
// combat action and a defence.

import { describe, expect, it } from 'vitest';
import { cardById } from '../../../../src/games/helter-skelter/content/index.ts';
import { DAN_TANNA, TestGame, linked, showing, types, wild } from '../support.ts';
import { adjacentPair, first, harmless, ofType } from './support-part2.ts';

const [HERE, NEXT] = adjacentPair(DAN_TANNA);

/** Giant and Mean Machine face Wulf on one space; Wulf's seat holds `defenderHand`. */
function brawl(hand: string[], defenderHand: string[] = []) {
  return TestGame.withOthersDead({
    map: DAN_TANNA,
    seats: [
      { team: 'judges', hand },
      { team: 'strontium-dogs', hand: defenderHand },
    ],
    characters: { giant: { space: HERE }, 'mean-machine': { space: HERE }, dredd: { space: HERE }, wulf: { space: HERE } },
  });
}

describe('PAYING COSTS — combat actions', () => {
  // "For combat actions, you'll need to discard a card with the appropriate action symbol. The
  // symbol needs to be either wild or linked to the character taking the action."
  it('a combat action may be paid with a wild action symbol', () => {
    const card = first(wild('judges', 'MELEE'));
    const g = brawl([card]);
    const events = g.send(0, { type: 'MELEE', character: 'giant', card, defender: 'wulf' });
    expect(ofType(events, 'CardsDiscarded')[0]).toMatchObject({ seat: 0, cards: [card], reason: 'MELEE' });
    expect(g.state.seats[0]!.discard).toEqual([card]);
  });

  // "The symbol needs to be either wild or linked to the character taking the action."
  it('a combat action may be paid with an action symbol linked to the acting character', () => {
    const card = first(linked('judges', 'MELEE', 'giant'));
    const g = brawl([card]);
    const events = g.send(0, { type: 'MELEE', character: 'giant', card, defender: 'wulf' });
    expect(ofType(events, 'ActionTaken')[0]).toMatchObject({ character: 'giant', action: 'MELEE' });
    expect(g.hand(0)).toEqual([]);
  });

  // "This action symbol is linked to Judge Dredd. Only he can use it to take the SNIPE action."
  it('a combat action paid with an action symbol linked to another character is refused', () => {
    const card = first(linked('judges', 'MELEE', 'mean-machine'));
    const g = brawl([card]);
    expect(g.refused(0, { type: 'MELEE', character: 'giant', card, defender: 'wulf' })).toBe('WRONG_SYMBOL');
    expect(g.legalOf(0, 'MELEE')).toEqual([{ type: 'MELEE', character: 'mean-machine', card, defender: 'wulf' }]);
  });

  // The rulebook's example card: "This card shows character symbols for Judge Dredd and Mean
  // Machine" and "This action symbol is linked to Judge Dredd. Only he can use it to take the
  // SNIPE action." Showing Mean Machine's character symbol does not make it his SNIPE.
  it("a card showing the acting character's symbol still cannot pay an action symbol linked to someone else", () => {
    const card = first(linked('judges', 'SNIPE', 'dredd').filter((c) => cardById(c).characters.includes('mean-machine')));
    const g = brawl([card]);
    expect(g.refused(0, { type: 'SNIPE', character: 'mean-machine', card, defender: 'wulf' })).toBe('WRONG_SYMBOL');
    g.send(0, { type: 'SNIPE', character: 'dredd', card, defender: 'wulf' });
    expect(g.health('wulf')).toBe(3);
  });

  // "you'll need to discard a card with the appropriate action symbol"
  it('a combat action is refused when the card carries a different action symbol', () => {
    const card = first(linked('judges', 'SHOTGUN', 'giant'));
    const g = brawl([card]);
    expect(g.refused(0, { type: 'MELEE', character: 'giant', card, defender: 'wulf' })).toBe('WRONG_SYMBOL');
  });

  // "discard a card" — from your hand.
  it('a combat action is refused when the card is not in hand', () => {
    const [held, absent] = wild('judges', 'MELEE');
    const g = brawl([held!]);
    expect(g.refused(0, { type: 'MELEE', character: 'giant', card: absent!, defender: 'wulf' })).toBe('CARD_NOT_IN_HAND');
  });

  // "Any character can use it to take the MELEE combat action": a wild symbol pays for anyone.
  it('a wild symbol pays the same combat action for any character of the team', () => {
    const card = first(wild('judges', 'MELEE'));
    const g = brawl([card]);
    const actors = g.legalOf(0, 'MELEE').map((c) => (c as { character: string }).character);
    expect(new Set(actors)).toEqual(new Set(['giant', 'mean-machine', 'dredd']));
  });

  // "choose a standard or combat action and discard the card(s) required. Then perform the action."
  it('the cost is discarded before the action is performed', () => {
    const card = first(wild('judges', 'MELEE'));
    const g = brawl([card]);
    const events = g.send(0, { type: 'MELEE', character: 'giant', card, defender: 'wulf' });
    expect(types(events).slice(0, 3)).toEqual(['CardsDiscarded', 'ActionTaken', 'AttackDeclared']);
  });
});

describe('PAYING COSTS — defences', () => {
  // "players must discard the card with the appropriate action symbol, just as when taking a
  // combat action (so it must be wild or linked to the defending character)."
  it('a defence may be paid with a wild action symbol', () => {
    const attack = first(wild('judges', 'MELEE'));
    const block = first(wild('strontium-dogs', 'MELEE'));
    const g = brawl([attack], [block]);
    g.send(0, { type: 'MELEE', character: 'giant', card: attack, defender: 'wulf' });
    const events = g.send(1, { type: 'DEFEND', character: 'wulf', defence: 'BLOCK', card: block });
    expect(ofType(events, 'CardsDiscarded')).toEqual([{ type: 'CardsDiscarded', seat: 1, cards: [block], reason: 'BLOCK' }]);
    expect(ofType(events, 'DamageTaken')).toEqual([]);
  });

  // "(so it must be wild or linked to the defending character)"
  it('a defence may be paid with an action symbol linked to the defending character', () => {
    const attack = first(wild('judges', 'MELEE'));
    const block = first(linked('strontium-dogs', 'MELEE', 'wulf'));
    const g = brawl([attack], [block]);
    g.send(0, { type: 'MELEE', character: 'giant', card: attack, defender: 'wulf' });
    g.send(1, { type: 'DEFEND', character: 'wulf', defence: 'BLOCK', card: block });
    expect(g.health('wulf')).toBe(4);
    expect(g.state.seats[1]!.discard).toEqual([block]);
  });

  // "(so it must be wild or linked to the defending character)"
  it('a card with an action symbol linked to another character pays no defence, and the damage is taken', () => {
    const attack = first(wild('judges', 'MELEE'));
    const block = first(linked('strontium-dogs', 'MELEE', 'durham-red'));
    const g = brawl([attack], [block]);
    // Wulf's seat holds only Durham Red's MELEE: no defence is possible, so taking the damage is its only answer (R14).
    const events = g.send(0, { type: 'MELEE', character: 'giant', card: attack, defender: 'wulf' });
    expect(ofType(events, 'DamageTaken')).toEqual([{ type: 'DamageTaken', character: 'wulf', amount: 1, from: 'giant' }]);
    expect(g.hand(1)).toEqual([block]);
  });

  // "(so it must be wild or linked to the defending character)" — refused when sent.
  it('a DEFEND naming a card linked to another character is refused while a payable card is held', () => {
    const attack = first(wild('judges', 'MELEE'));
    const wrong = first(linked('strontium-dogs', 'MELEE', 'durham-red'));
    const right = first(wild('strontium-dogs', 'MELEE'));
    const g = brawl([attack], [wrong, right]);
    g.send(0, { type: 'MELEE', character: 'giant', card: attack, defender: 'wulf' });
    expect(g.refused(1, { type: 'DEFEND', character: 'wulf', defence: 'BLOCK', card: wrong })).toBe('WRONG_SYMBOL');
    expect(g.legalOf(1, 'DEFEND')).toEqual([{ type: 'DEFEND', character: 'wulf', defence: 'BLOCK', card: right }]);
  });
});

describe('PAYING COSTS — standard actions', () => {
  // "For standard actions, you'll need to discard one or more cards with the character symbol of
  // the character taking the action." "This card shows character symbols for Judge Dredd and Mean
  // Machine. It can be spent as part of the cost for a standard action with either of these two
  // characters."
  it('a standard action is paid by any card showing the character symbol, whatever its action symbol', () => {
    const card = first(linked('judges', 'SNIPE', 'dredd').filter((c) => cardById(c).characters.includes('mean-machine')));
    const g = brawl([card]);
    const events = g.send(0, { type: 'MOVE', character: 'mean-machine', to: NEXT, cards: [card] });
    expect(ofType(events, 'CharacterMoved')).toEqual([{ type: 'CharacterMoved', character: 'mean-machine', from: HERE, to: NEXT }]);
  });

  // "It can be spent as part of the cost for a standard action with either of these two characters."
  it('a card with two character symbols pays a standard action for either character', () => {
    const card = first(showing('judges', 'dredd').filter((c) => cardById(c).characters.includes('mean-machine')));
    const g = brawl([card]);
    const movers = new Set(g.legalOf(0, 'MOVE').map((c) => (c as { character: string }).character));
    expect(movers).toEqual(new Set(['dredd', 'mean-machine']));
  });

  // "you'll need to discard one or more cards with the character symbol of the character taking
  // the action" — a wild action symbol is no character symbol.
  it('a standard action is refused when the card does not show the character symbol, even with a wild action symbol', () => {
    const card = first(wild('judges', 'DEFLECT').filter((c) => !cardById(c).characters.includes('giant')));
    const g = brawl([card, ...harmless('judges', 1, ['giant'])]);
    expect(g.refused(0, { type: 'MOVE', character: 'giant', to: NEXT, cards: [card] })).toBe('WRONG_SYMBOL');
  });
});
