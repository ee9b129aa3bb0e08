// The situations Block War asks seats to act in (`awaiting`, situations.ts): how long each lasts
// under the platform's clock presets, what the server does when it passes, and what the
// notifications say.

import { DAY, HOUR, MINUTE, SECOND } from '../../../platform/durations.ts';
import type { SituationSpec } from '../../../platform/game-module.ts';

export const SITUATIONS = {
  roll: {
    description: 'Rolling two dice for turn order. When the deadline passes, the server rolls for the seat.',
    durations: { live: 60 * SECOND, daily: 12 * HOUR, weekly: 3 * DAY },
    words: { label: 'roll for turn order', subject: 'Roll for turn order in {title}', ask: 'Roll two dice: the highest goes first.', summary: 'The block war is about to begin.' },
  },
  setup: {
    description: 'A set-up placement (block, civic statue, hottie stall, a drawn counter). When the deadline passes, the server places it on the first legal square.',
    durations: { live: 2 * MINUTE, daily: DAY, weekly: 3 * DAY },
    words: { label: 'set-up', subject: 'Your placement in {title}', ask: 'Place your block, statue, stall or counter.', summary: 'It is your turn to place.' },
  },
  turn: {
    description: 'A turn step: activate units, then an independent unit, then a judge unit. When the deadline passes, the server ends the step.',
    durations: { live: 5 * MINUTE, daily: DAY, weekly: 7 * DAY },
    words: { label: 'turn', subject: 'Your turn in {title}', ask: 'It is your turn: activate your units, an independent unit and a judge unit.', summary: 'Your turn has begun.' },
  },
  judges: {
    description: 'Control landed on judge badges (place the judges drawn) or on a block counter (choose the unit the judges target). When the deadline passes, the server chooses the first legal option.',
    durations: { live: 2 * MINUTE, daily: DAY, weekly: 3 * DAY },
    words: { label: 'judges', subject: 'The judges arrive in {title}', ask: 'Place the judges drawn, or choose the unit the judges target.', summary: 'Control has moved on.' },
  },
} satisfies Record<string, SituationSpec>;
