// The situations the Miniatures game asks seats to act in: how long each lasts under the
// platform's clock presets, what the server does when it passes, and what notifications say.

import { DAY, HOUR, MINUTE, SECOND } from '../../platform/durations.ts';
import type { SituationSpec } from '../../platform/game-module.ts';

export const SITUATIONS = {
  'roll-off': {
    description: 'Rolling a die for the first Phase. When the deadline passes, the server rolls for the seat.',
    durations: { live: 60 * SECOND, daily: 12 * HOUR, weekly: 3 * DAY },
    words: { label: 'roll-off', subject: 'Roll for the first Phase in {title}', ask: 'Roll a die: the highest takes the first Phase.', summary: 'The fight is about to begin.' },
  },
  phase: {
    description: "A Player's Phase: select models one at a time, two actions each. When the deadline passes, the server ends the Phase (M9).",
    durations: { live: 10 * MINUTE, daily: DAY, weekly: 7 * DAY },
    words: { label: 'Phase', subject: "Your Player's Phase in {title}", ask: "It is your Player's Phase: move and fight with your models.", summary: 'Your Phase has begun.' },
  },
  'push-back': {
    description: 'A Melee winner may push the loser 2" away and follow up. When the deadline passes, the server does not push.',
    durations: { live: 60 * SECOND, daily: 12 * HOUR, weekly: 2 * DAY },
    words: { label: 'push-back', subject: 'Push back in {title}?', ask: 'Your model won the fight: push the loser back, and follow up?', summary: 'You won a close combat.' },
  },
} satisfies Record<string, SituationSpec>;
