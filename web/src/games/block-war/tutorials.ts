// Block War's first-game tutorial (GameUi.tutorials): one turn of a block. The lesson and its frames
// are fetched only when opened.

import type { TutorialEntry } from '../../game/lesson.ts';

export const BLOCK_WAR_TUTORIALS: readonly TutorialEntry[] = [
  {
    id: 'turn',
    title: 'Your block’s first turn',
    load: async () => {
      const [{ LESSON }, { FRAMES }] = await Promise.all([import('./tutorial-turn.ts'), import('./tutorial-turn.frames.ts')]);
      return { lesson: LESSON, frames: FRAMES };
    },
  },
];
