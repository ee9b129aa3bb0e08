// The team specials as the rulebook prints them ("The Teams"), for whoever shows a character to a
// player. Rules code never reads these texts: it hooks into the `specials` flags (specials/).
// A Record, so a new special cannot be added without its name and text.

import { deepFreeze } from './teams/define.ts';
import type { Special } from './types.ts';

export interface SpecialText {
  /** As the rulebook names it. */
  name: string;
  /** The rulebook's text, quoted. */
  text: string;
}

export const SPECIALS: Readonly<Record<Special, SpecialText>> = deepFreeze({
  'hi-ex': {
    name: 'Hi-Ex',
    text:
      'Whenever they take the SNIPE action, after selecting a defender they may choose to make all other characters on the same space defenders too. ' +
      'This must include any friendly characters. All defenders decide individually whether to make a DEFLECT, PRECOG, or COVER defence or take 1 damage as normal.',
  },
  vampirism: {
    name: 'Vampirism',
    text:
      'Whenever an enemy character takes damage from a MELEE action that Durham takes, Durham may return a health cube to her character card. ' +
      'She can never have more than three health cubes.',
  },
  demons: {
    name: 'Demons',
    text: 'When she takes a MELEE or SMASH action, she may choose an enemy character on an adjacent space to be the defender. She can still choose an enemy on her own space.',
  },
  'warp-spasm': {
    name: 'Warp-spasm',
    text:
      'Whenever an enemy character takes damage from a MELEE or SMASH action Sláine takes, place a warp cube on his character card for each damage taken. ' +
      "Whenever there are as many (or more) warp cubes as health cubes on Sláine's character card, immediately replace the Sláine character card and figure with those of Warp-Sláine. " +
      'Warp-Sláine enters play with the same health as Sláine left with.',
  },
  berserk: {
    name: 'Berserk',
    text: 'Warp-Sláine can use wild or linked MELEE symbols to take the SMASH action. Warp-Sláine may never make the BLOCK defence.',
  },
  stealth: {
    name: 'Stealth',
    text:
      'At the start of the game, assign two map cards to Ukko instead of one. When you deploy him, place him on the space designated by one of the cards. ' +
      'Remove both map cards from the game.',
  },
  armour: {
    name: 'Armour',
    text:
      'When a Dark Judge is attacked during any player\'s turn, flip the armour token to its vulnerable side and do not remove a health cube from its character card. ' +
      'If the armour token is already displaying its vulnerable side, deal the damage as normal. ' +
      'If the damage is from a SMASH or SHOTGUN action, flip the armour token to its vulnerable side and remove 1 health cube from the character card (the armour blocks only 1 damage). ' +
      'If you make a defence, the damage is avoided. Do not flip the armour token. ' +
      'At the end of every player\'s turn, flip any armour tokens from vulnerable to their protected side.',
  },
  'driven-by-death': {
    name: 'Driven by Death',
    text:
      'If you have a dead character, you can: discard an action card with their character symbol to pay the cost of any character\'s MOVE action, or ' +
      'discard 2 action cards with their character symbol to pay the cost of any character\'s CLIMB action.',
  },
  'cloud-of-decay': {
    name: 'Cloud of Decay',
    text:
      'If any character starts their turn in the same space as Judge Mortis, they must make a DEFLECT or PRECOG defence or take 1 damage. ' +
      'If this kills the character, take the figure as if you\'d killed them in any other way. Cloud of Decay doesn\'t affect other Dark Judges.',
  },
  'paralysing-aura': {
    name: 'Paralysing Aura',
    text:
      'If a character is in the same space as Judge Fear, the cost for their MOVE action is increased by 1, to a total of 2 cards. The CLIMB action still costs 2 cards. ' +
      'Paralysing Aura doesn\'t affect the other Dark Judges.',
  },
  'infamous-adversaries': {
    name: 'Infamous Adversaries',
    text: 'Each Dark Judge killed by another player is worth 2 points.',
  },
});
