// Block War's rules reference, in our own words. The fan-made rulebook (/work/shared/seeds/) is the
// authority and is not copied here; the numbers its missing sheets held are this project's
// reconstruction (docs/content.md), and its open questions are decided in docs/rulings.md (BW…).
// Section ids are stable: the table maps its situations to them.

import type { RuleSection } from '../game-ui.ts';

export const BLOCK_WAR_RULES: readonly RuleSection[] = [
  {
    id: 'goal',
    title: 'The goal',
    paragraphs: [
      'Each player is a tower block in a war with its neighbours across a shared plaza. Wounding enemies, healing your own, defacing enemy property and holding the plaza raise your block’s fighting spirit, counted on the justice track.',
      'Your block wins outright when its counter reaches 100, or when it is the last block still fighting. If the judges’ control marker reaches 100 first, the block with the most fighting spirit wins (on a tie, the one with more units still fighting).',
    ],
  },
  {
    id: 'setup',
    title: 'Set-up',
    paragraphs: [
      'Everyone rolls two dice; the highest total goes first and play runs clockwise. In that order each block is set against a side of the plaza, then each player puts a civic statue and then a hottie stall on the plaza (not on the steps or in a splat zone).',
      'Control starts at 1 on the justice track; the blocks’ counters start at 10, 15 or 20 for two, three or four players. Each block gets its robo-janitor in the janitor’s office, its block judge in the court and its robo-doc in the hospital, then draws six counters from its pool and places them one at a time in its block.',
    ],
  },
  {
    id: 'turn',
    title: 'A turn',
    paragraphs: [
      'Reinforcements: draw three counters from your block pool and place them in your block. Then activate three of your own units, one after another. Then activate one independent unit (a janitor or robo-doc), and then one judge unit; neither earns you fighting spirit.',
      'At the end of your turn the control marker moves on one space, and the turn passes to your left. A frenzied block draws and activates one more unit.',
    ],
  },
  {
    id: 'activation',
    title: 'Activating a unit: movement',
    paragraphs: [
      'An activated unit has 3 movement points and may make one attack (brawl, shot or special) at any moment of its move. No diagonal steps, and only through friendly units.',
      'Costs: a step within a section of a level 1; across a section line 2; up or down a level 3; up to three squares in the turbo lift 1; up to two squares in the plaza (leaving the block included) 1; leaping from level 10 or 11 1.',
    ],
  },
  {
    id: 'combat',
    title: 'Brawling and shooting',
    paragraphs: [
      'Brawl: with a unit next to yours, above or below included. Both roll a die and add their brawling skill (B); only a higher attacker’s total hits. A tie or a lower total fails.',
      'Shoot: needs a shooting skill (S); NW means no weapon. From a block you may shoot a unit in the next square, in another block or in the plaza; in the plaza you need a clear line to another plaza unit (no obstacle or unit in between, wounded units ignored). Roll a die, add S, subtract the difference in levels: 6 or more hits, and a 1 always misses. A frenzied block adds 1.',
    ],
  },
  {
    id: 'wounds',
    title: 'Armour, wounds and healing',
    paragraphs: [
      'A unit that is hit rolls its armour save: a die plus its armour (A); 6 or more and it is unhurt. Otherwise it is wounded (a robot is wrecked): the counter turns over and takes no part until healed. Units may cross or stand on wounded ones.',
      'A robo-doc may try to heal a wounded, non-robotic unit next to it (never leaving its block): a die plus its heal skill (H); 6 or more heals it, a 1 removes it from the game, anything else may be tried again later. A unit standing on the wounded one prevents healing.',
    ],
  },
  {
    id: 'spirit',
    title: 'Fighting spirit',
    paragraphs: [
      'Gains: wounding an enemy 1; healing a friend 1; wounding a judge 5 (and control moves on 1); attacking Judge Dredd 2, wounding him 10; scrawling an enemy civic statue 5; a scrawl in an enemy block 2 (each scored once, when it is made); holding the plaza with the most units 3; the ugliest Ugly in the plaza its rating.',
    ],
  },
  {
    id: 'judges',
    title: 'Control and the judges',
    paragraphs: [
      'When control lands on a space with judge badges, the player who moved it draws a judge from the judge pool per badge and places them on the plaza’s edge (not in a splat zone or on the steps). Judge Dredd stands at the centre and never moves; he comes in when control reaches his space.',
      'When control lands on your block’s counter, the player on your right picks one of your units: it must save or be wounded. When your counter lands on control, an informant in your block lets you activate a judge unit at once. Judges ignore medics and janitors; any block unit attacking Dredd is wounded by it. Instead of attacking, Dredd may call on everyone to surrender: each block checks morale.',
    ],
  },
  {
    id: 'morale',
    title: 'Morale, frenzy and surrender',
    paragraphs: [
      'If your fighting spirit starts your turn 10 or more behind control, your units check morale: a die plus morale (M), 6 or more fights on, otherwise the unit gives itself up and leaves the game.',
      'Twenty or more ahead of control, your block is frenzied: +1 movement point and +1 to combat results, and a block that starts its turn frenzied draws and activates one more unit.',
      'A block surrenders when, at the start of its turn, none of its units in the block can fight, or enemies outnumber its own; a player may also surrender at any time.',
    ],
  },
  {
    id: 'units',
    title: 'Special units',
    paragraphs: [
      'Ape: swings past enemy units. Citizen: one less on every skill but armour outside its block. Eldster: +2 to be healed. Fatty: +1 brawling per two squares charged in a line; needs 4+ to get past a hottie stall next to it. Juve: +1 brawling per juve of yours in the plaza, up to +3. Sniper: only on level 11, hits on anything but a 1. Ugly: the ugliest in the plaza scores its rating. Scrawler: one automatic scrawl a turn on an enemy statue or block.',
      'Janitors (robo or human) clean one scrawl next to them when activated (the human needs 2+), brawl only in self-defence and stay in their block; if the block has no janitor, any block unit may walk into the office and become one. A wounded robo-doc that rolls a 1 goes crazed: it fights for no block.',
    ],
  },
  {
    id: 'end',
    title: 'The end',
    paragraphs: [
      'The war ends when a block counter reaches 100 (that block wins), when control reaches 100 (most fighting spirit wins), when one block is left fighting, or, with a time limit, once every block has had one last turn after the time runs out (most fighting spirit wins).',
    ],
  },
];
