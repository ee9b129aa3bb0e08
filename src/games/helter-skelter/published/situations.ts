// The situations Helter Skelter asks seats to act in (`awaiting`, situations.ts): how long each
// lasts under the platform's clock presets, what the server does when it passes, and what the
// notifications say about it, in the rulebook's words where it has them.

import { DAY, HOUR, MINUTE, SECOND } from '../../../platform/durations.ts';
import type { SituationSpec } from '../../../platform/game-module.ts';

export const SITUATIONS = {
  turn: {
    description: 'A turn: deploy, act, then declare the end of the turn. When the deadline passes, the server ends the turn.',
    durations: { live: 5 * MINUTE, daily: DAY, weekly: 7 * DAY },
    words: {
      label: 'turn',
      subject: 'Your turn in {title}',
      ask: 'It is your turn: deploy, act, then declare the end of your turn.',
      summary: 'Your turn has begun.',
    },
  },
  defence: {
    description: 'A defence decision against a declared attack. When the deadline passes, the defender takes the damage.',
    durations: { live: 60 * SECOND, daily: 12 * HOUR, weekly: 3 * DAY },
    words: {
      label: 'defence',
      subject: 'Defend now in {title}',
      ask: 'You are the defender: choose a defence, or take the damage.',
      summary: 'You are attacked and may defend.',
    },
  },
  interrupt: {
    description: 'An INTERRUPT window after an action or an end of turn. When the deadline passes, the seat passes.',
    // Every seat is asked after every action (R11): letting the window pass is how most seats pass.
    silenceAnswers: true,
    durations: { live: 20 * SECOND, daily: 2 * HOUR, weekly: 12 * HOUR },
    words: {
      label: 'interrupt',
      subject: 'You may INTERRUPT in {title}',
      ask: 'You may claim an INTERRUPT now, or let play go on.',
      summary: 'An INTERRUPT window is open.',
    },
  },
  setup: {
    description: 'Set-up: assigning the starting map cards (solo: placing your characters on the map cards drawn for them). When the deadline passes, the server assigns them (solo: places them in roster order).',
    durations: { live: 3 * MINUTE, daily: DAY, weekly: 7 * DAY },
    words: {
      label: 'setup',
      subject: 'Choose starting cards in {title}',
      ask: 'Choose your starting cards so that the game can begin.',
      summary: 'The game has begun: your starting cards are to be chosen.',
    },
  },
  target: {
    description:
      'Solo: a Dark Judge has several equal targets ("you may choose who it targets"): choose one of them. When the deadline passes, the server picks the first candidate in your roster order.',
    durations: { live: 60 * SECOND, daily: 12 * HOUR, weekly: 3 * DAY },
    words: {
      label: 'target choice',
      subject: 'Choose the Dark Judge’s target in {title}',
      ask: 'A Dark Judge has several equal targets: choose which of your characters it attacks.',
      summary: 'A Dark Judge is about to attack.',
    },
  },
} as const satisfies Record<string, SituationSpec>;
