// Makes the first-game tutorials' frames: plays every lesson (web/src/games/<game>/tutorial-<id>.ts)
// through the real rules module and writes what the learner's seat sees at each step beside it
// (tutorial-<id>.frames.ts). Run after changing a lesson or a game's rules: npm run tutorials.

import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { gameRegistry } from '../src/service/registry.ts';
import { framesSource, lessonFiles } from './support/lesson-files.ts';
import { lessonFrames } from './support/tutorial-frames.ts';

for (const { lesson, file, framesFile } of await lessonFiles()) {
  const frames = lessonFrames(gameRegistry(), lesson);
  writeFileSync(framesFile, framesSource(basename(file), frames));
  console.log(`${lesson.game}/${lesson.id}: ${lesson.steps.length} steps -> ${framesFile}`);
}
