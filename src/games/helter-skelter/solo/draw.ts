// Drawing from the solo deck ("Playing solo against the Dark Judges"): "If the solo deck runs out,
// shuffle the discarded cards into a new deck." The order comes from the game's generator and is
// in the event (hidden from every reader, view.ts), so replay never re-rolls.

import { rngPosition, shuffle } from '../../../platform/random.ts';
import { soloCardById, type SoloCard } from '../content/solo/solo-cards.ts';
import type { Draft } from '../draft.ts';
import type { AttackKind, CharacterId } from '../types.ts';
import { drawsSoloCard, soloCardDefends } from './defence.ts';

/** The top solo card, reshuffling the discard pile into a new deck first when the deck is empty. */
export function topSoloCard(d: Draft): SoloCard {
  const solo = d.state.solo!;
  if (solo.deck.length === 0) {
    const [order, rng] = shuffle(solo.discard, d.state.rng);
    d.emit({ type: 'SoloDeckReshuffled', order, rng: rngPosition(rng) });
  }
  return soloCardById(d.state.solo!.deck[0]!)!;
}

/**
 * "ATTACKING THE DARK JUDGES": "Draw a solo card for each defender. If the appropriate defence is on
 * the card, the Dark Judge avoids all damage from that action. If no defence is listed or a
 * different defence is listed, resolve the action as normal." PSI: "they do not attempt to make a
 * defence but must take 1 damage" — no card is drawn. The card drawn goes to the discard pile at
 * once (R52).
 */
export function decideBySoloCard(d: Draft, action: AttackKind, defender: CharacterId): void {
  if (!drawsSoloCard(action)) {
    d.emit({ type: 'DefenderDecided', character: defender, choice: { kind: 'damage' } });
    return;
  }
  const card = topSoloCard(d);
  d.emit({ type: 'SoloCardDrawn', card: card.id, defender });
  d.emit({
    type: 'DefenderDecided',
    character: defender,
    choice: soloCardDefends(card, action) ? { kind: 'defended', defence: card.defence!, card: card.id } : { kind: 'damage' },
  });
}
