// Solo "ATTACKING THE DARK JUDGES": "Whenever you take a combat action that targets one or more Dark
// Judges as a defender, they might make a defence. Draw a solo card for each defender. If the
// appropriate defence is on the card, the Dark Judge avoids all damage from that action. If no
// defence is listed or a different defence is listed, resolve the action as normal." … "When you
// target a Dark Judge with the PSI action, they do not attempt to make a defence but must take 1
// damage. This is prevented by armour as normal."
//
// "Appropriate" is the reference card's defence breakdown (defences.ts): BLOCK against MELEE and
// SMASH; DEFLECT against SNIPE, SHOTGUN and EXPLODE. A solo card shows no PRECOG or COVER.

import type { SoloCard } from '../content/solo/solo-cards.ts';
import { DEFENCES_AGAINST } from '../defence-breakdown.ts';
import type { AttackKind } from '../types.ts';

/** Whether a solo card is drawn at all for a Dark Judge defending against `action`: never against PSI. */
export const drawsSoloCard = (action: AttackKind): boolean => action !== 'PSI';

/** Whether the Dark Judge for whom `card` was drawn avoids all damage from `action`. */
export function soloCardDefends(card: SoloCard, action: AttackKind): boolean {
  return card.defence !== null && DEFENCES_AGAINST[action].includes(card.defence);
}
