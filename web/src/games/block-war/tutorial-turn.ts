// Block War's first-game lesson: one turn of the Rowdy Yates block against the Dan Tanna block.
// Block War has no scenario position, so the lesson starts where its set-up ends: the bots play the
// set-up (both seats, from a fixed key) until the learner's first turn, the same every time. Then
// the learner activates a punk, shoots across at the enemy block and ends the turn's steps. The
// sentences are ours; the rulebook is the authority. scripts/make-tutorials.ts plays it through
// the rules into tutorial-turn.frames.ts.

import type { Lesson } from '../../game/lesson.ts';

const square = (id: string) => ({ selector: `.bw-board .square[data-square="${id}"] > rect` });
const button = (text: string) => ({ selector: '.buttons button', text });

export const LESSON: Lesson = {
  game: 'block-war',
  id: 'turn',
  intro:
    'Your block, Rowdy Yates (red circles), faces the Dan Tanna block (blue squares) across the plaza. The set-up is done and your reinforcements are in. A turn: activate three of your units one by one, then one independent unit, then one judge.',
  options: { seats: [{ block: 'Rowdy Yates' }, { block: 'Dan Tanna' }] },
  key: '7475746f7269616c20626c6f636b207761720000000000000000000000000000',
  learner: 0,
  from: 'turn',
  steps: [
    {
      say: 'Activate a unit by tapping its square. Tap your Punk 3 (P), on the highlighted square of your block.',
      taps: [square('block:0:1,4')],
      expect: { type: 'ACTIVATE', unit: 's0-punk-3' },
      wrong: 'Any of your units could go, but this lesson starts with Punk 3: tap the highlighted square in your block.',
      after: 'Punk 3 is active: it has 3 movement points and one attack to use in any order.',
    },
    {
      say: 'A punk can shoot across at the block opposite. Tap the square of the enemy Punk 2, highlighted in the Dan Tanna block, to shoot at it.',
      taps: [square('block:1:1,5')],
      expect: { type: 'SHOOT', target: 's1-punk-2' },
      wrong: 'That is allowed too, but this step shoots at the enemy Punk 2: tap its highlighted square in the Dan Tanna block.',
      after: 'The dice decided the shot: the log under the boards says whether it hit and whether the armour saved it.',
    },
    {
      say: 'Its attack is spent. Tap “End the activation” to finish with Punk 3.',
      taps: [button('End the activation')],
      expect: { type: 'END_ACTIVATION' },
      wrong: 'Punk 3 could still walk, but this lesson ends its activation: tap “End the activation”.',
    },
    {
      say: 'In a real game you would activate two more units now. To keep this lesson short, tap “End this step of the turn”.',
      taps: [button('End this step of the turn')],
      expect: { type: 'END_STEP' },
      wrong: 'That is allowed, but this lesson moves on: tap “End this step of the turn”.',
      after: 'Next you may activate one independent unit, a robo-janitor or a robo-doc.',
    },
    {
      say: 'Skip the independent unit too: tap “End this step of the turn”.',
      taps: [button('End this step of the turn')],
      expect: { type: 'END_STEP' },
      wrong: 'That is allowed, but this lesson skips the independent unit: tap “End this step of the turn”.',
      after: 'Last, you may activate one judge unit.',
    },
    {
      say: 'Skip the judge and end your turn: tap “End this step of the turn”. The Dan Tanna block plays next.',
      taps: [button('End this step of the turn')],
      expect: { type: 'END_STEP' },
      wrong: 'That is allowed, but this lesson ends the turn here: tap “End this step of the turn”.',
    },
  ],
  end: 'The Dan Tanna block has played its turn in reply: the log tells you what it did. Fighting spirit rises for wounding enemies, healing your own, scrawling on enemy walls and holding the plaza.',
};
