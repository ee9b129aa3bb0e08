// Paying for actions, defences and INTERRUPTs (rulebook, "Actions and Defences"):
// "For standard actions, you'll need to discard one or more cards with the character symbol of the
// character taking the action. For combat actions, you'll need to discard a card with the
// appropriate action symbol. The symbol needs to be either wild or linked to the character taking
// the action."

import { cardById } from './content/index.ts';
import type { ActionSymbol } from './content/types.ts';
import { check } from '../../platform/draft.ts';
import { hasSpecial, symbolFor } from './state.ts';
import type { CardId, CharacterState, GameState, Seat } from './types.ts';

/** The card shows this character's symbol, so it pays that character's standard actions. */
export const showsCharacter = (card: CardId, c: CharacterState): boolean =>
  cardById(card).characters.includes(symbolFor(c));

/** The card's action symbol is `symbol`, and it is wild or linked to this character. */
export function paysAction(card: CardId, symbol: ActionSymbol, c: CharacterState): boolean {
  const def = cardById(card);
  return def.action === symbol && (def.linkedTo === null || def.linkedTo === symbolFor(c));
}

/**
 * The card pays for `action` taken by this character: its own symbol, or, Berserk, "Warp-Sláine
 * can use wild or linked MELEE symbols to take the SMASH action." (No list of symbols is built:
 * the legal commands ask this of every card, actor and attack.)
 */
export const paysCombat = (card: CardId, action: ActionSymbol, c: CharacterState): boolean =>
  paysAction(card, action, c) || (action === 'SMASH' && hasSpecial(c, 'berserk') && paysAction(card, 'MELEE', c));

/** The card pays for an INTERRUPT: "An INTERRUPT costs a card with the INTERRUPT symbol." */
export const isInterruptCard = (card: CardId): boolean => cardById(card).action === 'INTERRUPT';

/** Cards in the seat's hand that satisfy `pays`, in hand order. */
export const handCards = (s: GameState, seat: Seat, pays: (card: CardId) => boolean): CardId[] =>
  s.seats[seat]!.hand.filter(pays);

/** Every card named is in the hand, and none is named twice. */
export function checkInHand(s: GameState, seat: Seat, cards: readonly CardId[]): void {
  check(new Set(cards).size === cards.length, 'DUPLICATE_CARD', 'The same card cannot be discarded twice.');
  for (const card of cards) check(s.seats[seat]!.hand.includes(card), 'CARD_NOT_IN_HAND', `${card} is not in your hand.`);
}

/** A standard action: exactly `count` cards, each with the character's symbol. */
export function checkStandardCost(s: GameState, seat: Seat, c: CharacterState, cards: readonly CardId[], count: number): void {
  check(cards.length === count, 'WRONG_CARD_COUNT', `This action costs ${count} card${count > 1 ? 's' : ''}.`);
  checkInHand(s, seat, cards);
  for (const card of cards)
    check(showsCharacter(card, c), 'WRONG_SYMBOL', `${card} does not show ${c.id}'s character symbol.`);
}

/** A combat action: one card with the action symbol, wild or linked to the character. */
export function checkCombatCost(s: GameState, seat: Seat, c: CharacterState, card: CardId, action: ActionSymbol): void {
  checkInHand(s, seat, [card]);
  check(paysCombat(card, action, c), 'WRONG_SYMBOL', `${card} cannot pay for ${c.id}'s ${action}.`);
}

/** All k-element subsets of `items`, in order. Used to list every way of paying. */
export function combinations<T>(items: readonly T[], k: number): T[][] {
  const out: T[][] = [];
  pick(items, k, 0, [], out);
  return out;
}

/** Adds to `out` every way of completing `chosen` to `k` items from `items[start…]`. */
function pick<T>(items: readonly T[], k: number, start: number, chosen: T[], out: T[][]): void {
  if (chosen.length === k) {
    out.push(chosen.slice());
    return;
  }
  for (let i = start; i <= items.length - (k - chosen.length); i++) {
    chosen.push(items[i]!);
    pick(items, k, i + 1, chosen, out);
    chosen.pop();
  }
}
