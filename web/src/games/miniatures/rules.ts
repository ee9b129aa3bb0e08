// The Miniatures basic game's rules reference, in our own words. The rules primer's transcription
// (/work/shared/seeds/) is the authority and is not copied here; it is incomplete, and what the
// service decides where it breaks off is in docs/rulings.md (M1…). Section ids are stable: the
// table maps its situations to them.

import type { RuleSection } from '../game-ui.ts';

export const MINIATURES_RULES: readonly RuleSection[] = [
  {
    id: 'goal',
    title: 'The goal',
    paragraphs: [
      'Two forces fight a skirmish on a table seen from above. Each scenario names the enemy models a side must remove to win at once, and how many turns it lasts; when the last turn ends without that, the scenario says who wins, or it is a draw.',
    ],
  },
  {
    id: 'turn',
    title: 'Turns and Phases',
    paragraphs: [
      'A turn is two Phases, one per player. Both sides roll off once; the higher roll takes the first Phase of every turn (unless the scenario says who starts).',
      'In your Phase you select your models one at a time. A selected model makes its two actions at once, before you select another; no action can be saved for later. You may end your Phase when you like: models that took no action that turn are on Alert Status (in the basic game they simply keep still).',
    ],
  },
  {
    id: 'actions',
    title: 'The actions',
    paragraphs: [
      'Move: go up to the model’s Move in inches, in any direction and turning as often as you like. Shoot: one shooting attack at a model you can see, within the weapon’s range, and not while an enemy touches you. Melee: move up to your Move into contact with an enemy and fight at once; if it cannot reach, it becomes a Move. Special: stand still (a locked model may use it to flee the fight).',
      'A model may take the same action twice. Bases are real: a path may not pass over another model’s base, and every distance is measured from the edge of the base.',
    ],
  },
  {
    id: 'terrain',
    title: 'Terrain',
    paragraphs: [
      'Clear ground costs nothing extra. Crossing difficult terrain halves the Move for that whole action. Dangerous terrain is difficult too, and a model that crossed or stands in it after an action must pass an Agility check or lose a Hit. Impassable terrain and the table edge cannot be crossed.',
    ],
  },
  {
    id: 'shooting',
    title: 'Shooting, sight and cover',
    paragraphs: [
      'The shooter rolls as many dice as its weapon’s shooting dice and adds its Shoot to each; the target rolls one die and adds its Agility. Every shooting die above the target’s roll is a successful attack.',
      'Line of sight is judged from the shooter’s eye across the width of the target. If more than half of the target is hidden, it has cover: light cover adds 3 to its Agility, heavy cover 3 to its Agility and 3 to its Armour against the shot. Other models in the way count as light cover. Shooting into a close combat may hit a friend.',
    ],
  },
  {
    id: 'melee',
    title: 'Melee and push-back',
    paragraphs: [
      'Both models roll their Melee Dice and add their Melee to each. The single highest die wins (a tie is rolled again); each of the winner’s dice above the loser’s best is a successful attack.',
      'The winner may push the loser 2″ straight back (not into impassable terrain or off the table) and may follow up into contact. Models still standing and touching after a Melee action are locked: they must keep fighting until one falls, is pushed away without a follow-up, or flees.',
    ],
  },
  {
    id: 'damage',
    title: 'Armour, damage and Hits',
    paragraphs: [
      'For every successful attack the target rolls a die and adds its Armour, minus the weapon’s AP: more than 10 and the attack glances off; a 1 always fails. Otherwise it loses Hits equal to the weapon’s Damage, and at 0 Hits it is removed from the game.',
      'A check (such as Agility) is a die plus the characteristic, succeeding on 6 or more; a natural 1 always fails and a 10 always succeeds. The game’s dice are ten-sided.',
    ],
  },
  {
    id: 'end',
    title: 'The end',
    paragraphs: ['The game ends at once when a side has removed every model its scenario names; otherwise after the scenario’s last turn, with the winner it names, or a draw.'],
  },
];
