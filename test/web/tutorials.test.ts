// The first-game tutorials (web/src/game/lesson.ts, docs/architecture.md "First-game tutorials"):
// every lesson's steps are legal in the real rules module, one after another, where the learner's
// seat is asked to act; the frames the web client shows are exactly what the rules give now (a
// change to a game's rules that moves a lesson fails here until `npm run tutorials` is run and the
// lesson still reads true); and every lesson is offered by its game's UI.

import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { lessonFiles } from '../../scripts/support/lesson-files.ts';
import { lessonFrames } from '../../scripts/support/tutorial-frames.ts';
import { gameRegistry } from '../../src/service/registry.ts';
import type { LessonFrame, TutorialEntry } from '../../web/src/game/lesson.ts';

const registry = gameRegistry();
const lessons = await lessonFiles();

describe.each(lessons.map((file) => [`${file.lesson.game}/${file.lesson.id}`, file] as const))('the lesson %s', (_, { lesson, framesFile }) => {
  it('is made of steps the rules accept, each where the learner is asked to act', () => {
    // lessonFrames throws, naming the step, at the first command the rules would not take.
    const frames = lessonFrames(registry, lesson);
    expect(frames).toHaveLength(lesson.steps.length + 1);
    lesson.steps.forEach((step, index) => {
      const { game, expect: command } = frames[index]!;
      expect(game.status, `step ${index + 1}`).toBe('active');
      expect(game.awaiting.some((awaited) => awaited.seat === lesson.learner), `step ${index + 1}: the learner is asked`).toBe(true);
      expect(game.legalCommands.some((legal) => isDeepStrictEqual(legal, command)), `step ${index + 1}: ${JSON.stringify(step.expect)} is legal`).toBe(true);
      expect(step.say.length && step.wrong.length && step.taps.length, `step ${index + 1} says what to tap and why not otherwise`).toBeTruthy();
    });
    expect(frames.at(-1)!.expect).toBeUndefined();
  });

  it('is shown from frames that match what the rules give now (npm run tutorials makes them)', async () => {
    const { FRAMES } = (await import(framesFile)) as { FRAMES: readonly LessonFrame[] };
    // Through JSON, as the frames file holds them: no undefined fields, no prototypes.
    expect(FRAMES).toEqual(JSON.parse(JSON.stringify(lessonFrames(registry, lesson))));
  });
});

describe('the games’ tutorials', () => {
  it('every game of the web registry offers a lesson, and offers exactly its lesson files', async () => {
    // The registry is JSX, loaded at run time (as the glossary test does).
    const path: string = '../../web/src/games/registry.ts';
    const uis = ((await import(path)) as { GAME_UIS: ReadonlyMap<string, { tutorials?: readonly TutorialEntry[] }> }).GAME_UIS;
    const offered: string[] = [];
    for (const [game, ui] of uis) {
      expect(ui.tutorials?.length, `${game} offers a tutorial`).toBeGreaterThan(0);
      for (const entry of ui.tutorials ?? []) {
        const { lesson, frames } = await entry.load();
        expect([lesson.game, lesson.id]).toEqual([game, entry.id]);
        expect(frames).toHaveLength(lesson.steps.length + 1);
        offered.push(`${game}/${entry.id}`);
      }
    }
    expect(offered.sort()).toEqual(lessons.map((file) => `${file.lesson.game}/${file.lesson.id}`).sort());
  });
});
