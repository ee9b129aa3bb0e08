// COLLECT FRAGMENT — "Cost: 3 cards with the character symbol or 3 cards with a dead character
// symbol. Collect a fragment of your team's colour that is on the same space as the character.
// … If you have a dead character, you can discard three cards with their character symbol to pay
// the cost. You cannot discard a combination of cards with the character's symbol and cards with
// a dead character's symbol."

import { checkInHand, combinations, handCards, showsCharacter } from '../costs.ts';
import { checkPointsVictory } from '../damage.ts';
import { check } from '../../../platform/draft.ts';
import type { Draft } from '../draft.ts';
import { charactersOf } from '../state.ts';
import type { CardId, CharacterState, CollectFragment, GameState, Seat } from '../types.ts';
import { actingCharacter, payAndAnnounce, type Sides } from './act.ts';

export const COLLECT_COST = 3;

/** The characters whose symbol may pay: the collector, and each of your dead characters. */
function payers(s: GameState, seat: Seat, collector: CharacterState): CharacterState[] {
  return [collector, ...charactersOf(s, seat).filter((c) => c.status === 'dead')];
}

/** All three cards must show one payer's symbol: never a mix. */
const paidByOne = (cards: readonly CardId[], payer: CharacterState) => cards.every((card) => showsCharacter(card, payer));

export function collectFragment(d: Draft, seat: Seat, cmd: CollectFragment): void {
  const s = d.state;
  const c = actingCharacter(s, seat, cmd.character);
  check(
    s.fragments.some((f) => f.seat === seat && f.space === c.space),
    'NO_FRAGMENT_HERE',
    `There is no fragment of your colour on space ${c.space}.`,
  );
  check(cmd.cards.length === COLLECT_COST, 'WRONG_CARD_COUNT', 'COLLECT FRAGMENT costs 3 cards.');
  checkInHand(s, seat, cmd.cards);
  check(
    payers(s, seat, c).some((payer) => paidByOne(cmd.cards, payer)),
    'WRONG_SYMBOL',
    `All three cards must show ${c.id}'s symbol, or all three one dead character's symbol.`,
  );
  payAndAnnounce(d, seat, cmd.cards, cmd);
  d.emit({ type: 'FragmentCollected', seat, character: c.id, space: c.space });
  checkPointsVictory(d, seat);
}

export function legalCollects(s: GameState, seat: Seat, sides: Sides): CollectFragment[] {
  const out: CollectFragment[] = [];
  for (const c of sides.own) {
    if (!s.fragments.some((f) => f.seat === seat && f.space === c.space)) continue;
    const seen = new Set<string>();
    for (const payer of payers(s, seat, c)) {
      for (const cards of combinations(handCards(s, seat, (card) => showsCharacter(card, payer)), COLLECT_COST)) {
        const key = cards.join();
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ type: 'COLLECT_FRAGMENT', character: c.id, cards });
      }
    }
  }
  return out;
}
