// Block War's glossary: the terms its words module prints (TERMS), the skills' letters the key to
// the counters prints, in our own words; and, from the content the API serves, every unit kind by
// name with its skills.

import type { GlossaryEntry } from '../game-ui.ts';
import type { BlockWarContent } from './api.ts';

export const BLOCK_WAR_GLOSSARY: readonly GlossaryEntry[] = [
  { term: 'fighting spirit', text: 'A block’s score, on the justice track: won by wounding, healing, scrawling and holding the plaza. 100 wins the war.' },
  { term: 'justice track', text: 'The track from 1 to 100 carrying the control marker and every block’s counter.' },
  { term: 'control', text: 'The judges’ marker on the justice track: one space further after every turn. It calls judges in, targets blocks, and at 100 ends the war.' },
  { term: 'movement points', text: 'An activated unit’s 3 points to spend moving (4 when its block is frenzied); see the rules for costs.' },
  { term: 'frenzied', text: 'A block 20 or more ahead of control: +1 movement point and +1 to combat, and one more reinforcement and activation when it starts its turn so.' },
  { term: 'morale', text: 'A unit’s nerve (M): when its block falls 10 behind control, each unit rolls a die plus M and needs 6 to stay.' },
  { term: 'armour', text: 'A unit’s armour save (A): a hit unit rolls a die plus A and needs 6 to avoid the wound.' },
  { term: 'brawl', text: 'Close combat with a unit in a neighbouring square: both roll a die plus brawling (B), a higher attacker hits.' },
  { term: 'scrawl', text: 'Graffiti a scrawler paints on an enemy statue (5 fighting spirit) or an enemy block’s square (2), scored when it is made; a janitor may clean it off.' },
  { term: 'civic statue', text: 'Each block’s statue on the plaza; scrawling an enemy’s is worth 5.' },
  { term: 'hottie stall', text: 'A food stall on the plaza; a fatty next to one needs 4 or more to walk on.' },
  { term: 'plaza', text: 'The open ground between the blocks. Holding it with the most units scores 3 at the start of your turn.' },
  { term: 'block pool', text: 'Your block’s counters not yet drawn: reinforcements come from here.' },
  { term: 'judge pool', text: 'The judges not on the plaza; control’s badges draw from it.' },
  { term: 'reinforcements', text: 'The three counters (four frenzied) drawn from your pool and placed in your block at the start of your turn.' },
  { term: 'independent', text: 'A unit that belongs to no side in a fight (janitors, robo-docs, a crazed robo-doc): one is activated each turn, for no fighting spirit.' },
  { term: 'turn order', text: 'Who plays when: the highest of a two-dice roll first, then clockwise.' },
  { term: 'last round', text: 'With a time limit: once time is up, the round is finished and every block has one last turn.' },
  { term: 'janitor', text: 'A block’s cleaner (robo or human): cleans a scrawl next to it; a block unit can take the job when the office is empty.' },
  { term: 'crazed', text: 'A wrecked robo-doc that rolled a 1: it fights for nobody.' },
  { term: 'informed', text: 'When your block counter lands on control, someone in your block has informed: you may activate a judge unit at once.' },
  // The skills as the key to the counters abbreviates them.
  { term: 'B', text: 'Brawling skill, added to the die in a brawl.' },
  { term: 'S', text: 'Shooting skill, added to the die of a shot (6 or more hits).' },
  { term: 'NW', text: 'No weapon: the unit cannot shoot.' },
  { term: 'A', text: 'Armour, added to the die of an armour save (6 or more saves).' },
  { term: 'M', text: 'Morale, added to the die of a morale check (6 or more stays).' },
  { term: 'H', text: 'Heal skill of a medic, added to the die of a heal (6 or more heals, a 1 removes the patient).' },
];

const ALLEGIANCE = { block: 'A block unit', independent: 'An independent unit', judge: 'A judge unit' } as const;

/** Every unit kind by name, with its skills spelled out. */
export function contentGlossary(content: BlockWarContent): GlossaryEntry[] {
  return content.units.map((unit) => ({
    term: unit.name,
    text: `${ALLEGIANCE[unit.allegiance]}: brawling ${unit.brawling}, shooting ${unit.shooting ?? 'none (no weapon)'}, armour ${unit.armour}${unit.morale === null ? '' : `, morale ${unit.morale}`}${
      unit.heal === null ? '' : `, heal ${unit.heal}`
    }${unit.robotic ? '; a robot: wrecked, not wounded, and never healed' : ''}.`,
  }));
}
