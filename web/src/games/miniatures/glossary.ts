// The Miniatures glossary: the terms its words print (TERMS) and the characteristics the events
// print, in our own words; and, from the content the API serves, every weapon and model profile by
// name with what it does.

import type { GlossaryEntry } from '../game-ui.ts';
import type { MiniaturesContent } from './data.ts';

export const MINIATURES_GLOSSARY: readonly GlossaryEntry[] = [
  { term: 'Phase', text: 'A player’s half of a turn: each of their models may be selected once and take its two actions.' },
  { term: 'Special action', text: 'In the basic game, standing still for one action; a model locked in close combat may instead use it to flee.' },
  { term: 'roll off', text: 'Both players roll a die; the higher takes the first Phase of every turn.' },
  { term: 'push back', text: 'After winning a fight, the winner may push the loser 2″ straight away.' },
  { term: 'follow up', text: 'After a push back, the winner may move straight back into contact, keeping the fight going.' },
  { term: 'on alert', text: 'Alert Status: a model that took no action this turn. In the basic game it simply keeps still.' },
  { term: 'Move', text: 'The action of moving, and the characteristic: how many inches a model may move in one action.' },
  { term: 'Shoot', text: 'The action of shooting, and the characteristic added to every shooting die.' },
  { term: 'Melee', text: 'The action of charging into contact and fighting, and the characteristic added to every Melee die.' },
  { term: 'Melee Dice', text: 'How many dice a model rolls in a fight.' },
  { term: 'Agility', text: 'Added to the die a target rolls against shots and to Agility checks (dangerous terrain).' },
  { term: 'Armour', text: 'Added to the die rolled against every successful attack: above 10 and no Hits are lost.' },
  { term: 'AP', text: 'Armour-piercing: taken off the target’s Armour roll (a negative AP adds to it).' },
  { term: 'Damage', text: 'How many Hits a successful attack of the weapon takes, if the Armour roll fails.' },
  { term: 'Hits', text: 'How much damage a model can take; at 0 it is removed from the game.' },
  { term: 'Will', text: 'A model’s willpower; no rule of the basic game uses it.' },
  { term: 'locked', text: 'Two models in contact after a Melee action: they may only fight each other until one falls, is pushed off without a follow up, or flees.' },
  { term: 'cover', text: 'A target more than half hidden from the shooter’s eye: light cover gives +3 Agility, heavy cover +3 Agility and +3 Armour.' },
  { term: 'hero', text: 'A named character model, as opposed to a minion.' },
  { term: 'minion', text: 'A rank-and-file model.' },
  { term: '″', text: 'Inches, as every distance on the table is measured, from the edge of the bases.' },
];

/** Every weapon and model profile by name, with what it does. */
export function contentGlossary(content: MiniaturesContent): GlossaryEntry[] {
  const weapons = new Map(content.weapons.map((weapon) => [weapon.id, weapon.name]));
  const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
  return [
    ...content.weapons.map((weapon) => ({
      term: weapon.name,
      text:
        weapon.kind === 'ranged'
          ? `Ranged weapon: range ${weapon.range}″, ${weapon.shootingDice} shooting ${weapon.shootingDice === 1 ? 'die' : 'dice'}, Damage ${weapon.damage}, AP ${signed(weapon.ap)}.`
          : `Melee weapon: Damage ${weapon.damage}, AP ${signed(weapon.ap)}.`,
    })),
    ...content.profiles.map((profile) => ({
      term: profile.name,
      text: `${profile.rank === 'hero' ? 'Hero' : 'Minion'}: Move ${profile.move}″, Agility ${profile.agility}, Shoot ${profile.shoot ?? 'none'}, Melee ${profile.melee} with ${profile.meleeDice} Melee Dice, Armour ${profile.armour}, Hits ${profile.hits}; carries ${
        profile.equipment.map((id) => weapons.get(id) ?? 'equipment').join(', ') || 'nothing'
      }.`,
    })),
  ];
}
