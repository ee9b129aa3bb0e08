// The Miniatures game's first-game tutorial (GameUi.tutorials): the Judges' first Phase of The Barko
// Brothers. The lesson and its frames are fetched only when opened.

import type { TutorialEntry } from '../../game/lesson.ts';

export const MINIATURES_TUTORIALS: readonly TutorialEntry[] = [
  {
    id: 'phase',
    title: 'Your first Phase: The Barko Brothers',
    load: async () => {
      const [{ LESSON }, { FRAMES }] = await Promise.all([import('./tutorial-phase.ts'), import('./tutorial-phase.frames.ts')]);
      return { lesson: LESSON, frames: FRAMES };
    },
  },
];
