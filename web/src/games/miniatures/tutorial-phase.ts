// The Miniatures first-game lesson: the Judges' first Phase of The Barko Brothers, from a scenario
// position that gives them the first Phase (no roll-off). Select Judge Rico, shoot twice with his
// two actions, end the Phase, and watch the gang answer. The sentences are ours; the rules primer
// is the authority. scripts/make-tutorials.ts plays it through the rules into tutorial-phase.frames.ts.

import type { Lesson } from '../../game/lesson.ts';

const button = (selector: string, text: string) => ({ selector, text });

export const LESSON: Lesson = {
  game: 'miniatures',
  id: 'phase',
  intro:
    'You command two Street Judges, Rico and Hunt, at the south edge of Barko Street; the Barko gang holds the north. You win by removing both Barko brothers. A turn is two Phases, yours and theirs; in yours, each model you select makes its two actions at once.',
  options: { scenario: 'barko-brothers', seats: [{}, {}], position: { firstPhase: 0 } },
  key: '7475746f7269616c206d696e6961747572657300000000000000000000000000',
  learner: 0,
  steps: [
    {
      say: 'Select Judge Rico, choose Shoot, then shoot at Little Barko, the nearer brother.',
      taps: [button('.reserve button', 'Select Judge Rico'), button('.mn-actions button', 'Shoot'), button('.mn-targets button', 'Shoot Little Barko')],
      expect: { type: 'SHOOT', model: 'judge-1', target: 'little-barko' },
      wrong: 'That is allowed, but this step is Judge Rico shooting at Little Barko: select Rico, choose Shoot, then Little Barko.',
      after: 'Rico rolled his shooting dice against Little Barko’s Agility; each hit then had to beat his Armour. The log tells how it went.',
    },
    {
      say: 'Rico has one action left, and must use it now. Choose Shoot again and fire at Punk 2.',
      taps: [button('.mn-actions button', 'Shoot'), button('.mn-targets button', 'Shoot Punk 2')],
      expect: { type: 'SHOOT', model: 'judge-1', target: 'punk-2' },
      wrong: 'That is allowed, but this step spends Rico’s second action on a shot at Punk 2: choose Shoot, then Punk 2.',
      after: 'Rico has made both his actions. Judge Hunt has not acted yet.',
    },
    {
      say: 'Keep Judge Hunt back this time: tap “End the Phase”. The gang takes its Phase next.',
      taps: [button('.buttons button', 'End the Phase')],
      expect: { type: 'END_PHASE' },
      wrong: 'Hunt could act too, but this lesson ends the Phase here: tap “End the Phase”.',
    },
  ],
  end: 'The Barko gang has taken its Phase: the log tells you who moved and who fired. Then the next turn begins, with your Phase first again.',
};
