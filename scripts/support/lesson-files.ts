// Where the first-game lessons live: web/src/games/<game>/tutorial-<id>.ts, each exporting `LESSON`,
// with its frames beside it in tutorial-<id>.frames.ts. Found by name, so a game's lesson is added
// by its files alone (no list here names a game).

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Lesson } from '../../web/src/game/lesson.ts';

const GAMES_DIR = fileURLToPath(new URL('../../web/src/games/', import.meta.url));
const LESSON_FILE = /^tutorial-[a-z0-9-]+\.ts$/;
const FRAMES_SUFFIX = '.frames.ts';

export interface LessonFile {
  lesson: Lesson;
  /** The lesson's source file, absolute. */
  file: string;
  /** Its frames' file, absolute. */
  framesFile: string;
}

export async function lessonFiles(): Promise<LessonFile[]> {
  const found: LessonFile[] = [];
  for (const game of readdirSync(GAMES_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort()) {
    const names = readdirSync(join(GAMES_DIR, game)).filter((name) => LESSON_FILE.test(name) && !name.endsWith(FRAMES_SUFFIX)).sort();
    for (const name of names) {
      const file = join(GAMES_DIR, game, name);
      const { LESSON } = (await import(file)) as { LESSON: Lesson };
      found.push({ lesson: LESSON, file, framesFile: file.replace(/\.ts$/, FRAMES_SUFFIX) });
    }
  }
  return found;
}

/** The frames' file as scripts/make-tutorials.ts writes it. */
export function framesSource(lessonName: string, frames: unknown): string {
  return `// Made by scripts/make-tutorials.ts from ${lessonName} and the real rules module: do not edit.
// The game as the learner's seat is served it at each step of the lesson; test/web/tutorials.test.ts
// fails when it no longer matches what the rules give.

import type { LessonFrame } from '../../game/lesson.ts';

export const FRAMES: readonly LessonFrame[] = ${JSON.stringify(frames)} as unknown as LessonFrame[];
`;
}
