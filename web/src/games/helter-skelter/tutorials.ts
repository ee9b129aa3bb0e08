// Helter Skelter's first-game tutorials (GameUi.tutorials): against other players, and solo against
// the Dark Judges. Each lesson and its frames are fetched only when opened.

import type { TutorialEntry } from '../../game/lesson.ts';

export const HELTER_SKELTER_TUTORIALS: readonly TutorialEntry[] = [
  {
    id: 'multiplayer',
    title: 'Your first turn against other players',
    load: async () => {
      const [{ LESSON }, { FRAMES }] = await Promise.all([import('./tutorial-multiplayer.ts'), import('./tutorial-multiplayer.frames.ts')]);
      return { lesson: LESSON, frames: FRAMES };
    },
  },
  {
    id: 'solo',
    title: 'Your first turn solo against the Dark Judges',
    load: async () => {
      const [{ LESSON }, { FRAMES }] = await Promise.all([import('./tutorial-solo.ts'), import('./tutorial-solo.frames.ts')]);
      return { lesson: LESSON, frames: FRAMES };
    },
  },
];
