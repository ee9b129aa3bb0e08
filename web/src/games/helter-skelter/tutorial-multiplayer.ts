// The first-game lesson for Helter Skelter against other players: one turn of the Judges, from a
// scenario position (Dredd and Mean Machine on the board, Sláine in sight): deploy, move, shoot,
// end the turn. The sentences are ours; the rulebook is the authority. scripts/make-tutorials.ts
// plays it through the rules into tutorial-multiplayer.frames.ts.

import type { Lesson } from '../../game/lesson.ts';

const space = (designation: number) => ({ selector: `.board .space[data-space="${designation}"] rect.hit` });

export const LESSON: Lesson = {
  game: 'helter-skelter',
  id: 'multiplayer',
  intro:
    'You lead the Judges against Sláine’s team. Judge Dredd and Mean Machine are already on the board; three more Judges wait off it. A turn is: bring one character onto the board, then act as long as your cards last, then end the turn.',
  options: {
    map: 'grand-hall-of-justice',
    seats: [{ team: 'judges' }, { team: 'slaine' }],
    scenario: {
      seats: [{ hand: ['judges-13', 'judges-05', 'judges-08', 'judges-10', 'judges-12'] }, { hand: ['slaine-01', 'slaine-02', 'slaine-03', 'slaine-04', 'slaine-05'] }],
      characters: {
        dredd: { space: 2 },
        'mean-machine': { space: 14 },
        giant: { space: 'undeployed', startingCards: [20] },
        anderson: { space: 'undeployed', startingCards: [16] },
        hershey: { space: 'undeployed', startingCards: [30] },
        slaine: { space: 33 },
        ukko: { space: 39 },
      },
      fragments: [{ seat: 0, space: 27 }],
    },
  },
  key: '5475746f7269616c2068656c7465722d736b656c746572206d756c7469706c61',
  learner: 0,
  steps: [
    {
      say: 'Every turn starts by bringing a waiting character onto the board. Tap “Deploy Judge Giant”, then the space he appears on, 20 (his secret map card).',
      taps: [{ selector: '.reserve button', text: 'Deploy Judge Giant (3/3)' }, space(20)],
      expect: { type: 'DEPLOY', character: 'giant', space: 20 },
      wrong: 'That is allowed, but this lesson brings Judge Giant on first: tap “Deploy Judge Giant”, then space 20.',
      after: 'Judge Giant is on the board. Deploying costs no card; every action from now on does.',
    },
    {
      say: 'Walking costs one card showing the walker’s face. Tap Mean Machine’s space, 14, then space 27, where one of your fragments lies.',
      taps: [space(14), space(27)],
      expect: { type: 'MOVE', character: 'mean-machine', to: 27, cards: ['judges-13'] },
      wrong: 'That move is legal, but this step walks Mean Machine from space 14 to space 27, onto your fragment.',
      after: 'Mean Machine stands on your fragment: picking it up (three of his cards) scores a point on a later turn.',
    },
    {
      say: 'Now shoot. Tap the SNIPE card that names Judge Dredd, then the space of Sláine Mac Roth, 33, and choose the shot without Hi-Ex.',
      taps: [{ selector: '.hand .card[data-card="judges-05"]' }, space(33), { selector: '.options button', text: 'Judge Dredd SNIPE Sláine Mac Roth' }],
      expect: { type: 'SNIPE', character: 'dredd', card: 'judges-05', defender: 'slaine' },
      wrong: 'Not this time: this step is Judge Dredd’s SNIPE at Sláine Mac Roth on space 33, paid with the SNIPE card that names Dredd, without Hi-Ex.',
      after: 'Sláine Mac Roth could defend with a card; the log under the board says what happened.',
    },
    {
      say: 'Nothing else worth doing: tap “End the turn”. You draw up to three cards, and Sláine’s team plays.',
      taps: [{ selector: '.buttons button', text: 'End the turn' }],
      expect: { type: 'END_TURN' },
      wrong: 'You could keep acting, but this lesson ends the turn here: tap “End the turn”.',
    },
  ],
  end: 'Sláine’s team is taking its turn now: the log under the board tells what they did. In a real game you answer their attacks with defence cards, and may INTERRUPT their turn with a card.',
};
