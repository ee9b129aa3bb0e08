// The first-game lesson for Helter Skelter solo: the Judges against the Dark Judges, whose turns the
// rules play from their solo cards. A solo game has no scenario position (the rules refuse one), so
// the lesson starts from the solo set-up with a fixed key: the same deal every time. Place the
// Judges, shoot, end the turn, and watch the Dark Judges answer. The sentences are ours; the rulebook
// is the authority. scripts/make-tutorials.ts plays it through the rules into tutorial-solo.frames.ts.

import type { Lesson } from '../../game/lesson.ts';

const judge = (name: string) => ({ selector: '.setup-steps .reserve button', text: name });
const space = (designation: number) => ({ selector: `.board .space[data-space="${designation}"] rect.hit` });

export const LESSON: Lesson = {
  game: 'helter-skelter',
  id: 'solo',
  intro:
    'You lead the Judges alone; the Dark Judges are played by the rules themselves, from a deck of solo cards. Your turn works as in a game between players: act while your cards last, then end the turn. Then the Dark Judges take theirs.',
  options: { map: 'grand-hall-of-justice', solo: true, seats: [{ team: 'judges' }] },
  key: '5475746f7269616c2068656c7465722d736b656c74657220736f6c6f20202020',
  learner: 0,
  steps: [
    {
      say: 'First, where do your Judges start? Each drew a map card: its space is highlighted on the board. Tap a Judge, then the space, for each in turn: Judge Dredd on space 4, Judge Giant on 27, Judge Anderson on 34, Chief Judge Hershey on 28, Mean Machine on 7.',
      taps: [
        judge('Judge Dredd'),
        space(4),
        judge('Judge Giant'),
        space(27),
        judge('Judge Anderson'),
        space(34),
        judge('Chief Judge Hershey'),
        space(28),
        judge('Mean Machine'),
        space(7),
      ],
      expect: { type: 'PLACE_CHARACTERS', characters: ['dredd', 'giant', 'anderson', 'hershey', 'mean-machine'] },
      wrong: 'That is allowed, but this lesson places the Judges in the order shown: Judge Dredd on space 4, Judge Giant on 27, Judge Anderson on 34, Chief Judge Hershey on 28, Mean Machine on 7.',
      after: 'Your five Judges are on the board, and so are the four Dark Judges. You drew your hand of cards.',
    },
    {
      say: 'Judge Dredd can EXPLODE a grenade on a space next to him: Judge Fear stands on space 21. Tap the EXPLODE card in your hand, then space 21.',
      taps: [{ selector: '.hand .card[data-card="judges-03"]' }, { selector: '.board .space[data-space="21"] rect.hit' }],
      expect: { type: 'EXPLODE', character: 'dredd', card: 'judges-03', space: 21 },
      wrong: 'That is allowed, but this step is Judge Dredd’s EXPLODE on space 21, where Judge Fear stands: the EXPLODE card first, then space 21.',
      after: 'The log under the board tells what the blast did. A Dark Judge’s armour can turn a hit away: hit it again once the armour shows its weak side.',
    },
    {
      say: 'That is enough for a first turn: tap “End the turn”. You draw cards, then the Dark Judges act by their solo cards.',
      taps: [{ selector: '.buttons button', text: 'End the turn' }],
      expect: { type: 'END_TURN' },
      wrong: 'You could keep acting, but this lesson ends the turn here: tap “End the turn”.',
    },
  ],
  end: 'The Dark Judges have drawn their solo card and acted on it: the log tells you how. When they attack you, you are asked to defend, just as against a player.',
};
