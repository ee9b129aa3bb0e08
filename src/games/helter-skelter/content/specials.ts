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
});
