// A first-game tutorial ("lesson"): a few guided steps that teach one turn on the real table. The
// lesson is written by hand in a game's folder (web/src/games/<game>/tutorial-<id>.ts): where it
// starts, and at each step a sentence, what to tap and the one command those taps send. What the
// table shows at each step (its frames) is not written by hand: scripts/make-tutorials.ts plays the
// lesson through the real rules module and stores the game as the learner's seat would be served
// it (tutorial-<id>.frames.ts), and test/web/tutorials.test.ts fails when the two drift apart.
// docs/architecture.md ("First-game tutorials") says why it runs in the browser.

import type { components } from '../generated/api.ts';

// The API's shapes, named from the generated types (not the API client): the lesson files are read
// by Node too (the script that makes the frames, the unit test), where the client cannot load.
type AnyGame = components['schemas']['GameResource'];
type AnyCommand = components['schemas']['Command'];
type FeedEvent = components['schemas']['FeedEvent'];
type GameId = AnyGame['game'];

/** One tap of a step: found by a CSS selector and, where several match, by the words it shows. */
export interface Tap {
  selector: string;
  text?: string;
}

export interface LessonStep {
  /** What the learner is told to do, in our own words. */
  say: string;
  /** What to tap, in order: the runner highlights each while it is on the screen. */
  taps: readonly Tap[];
  /**
   * The command those taps send, without its `windowId` (the frames hold it whole, with the window
   * the rules opened); any other command is answered with `wrong`.
   */
  expect: LessonCommand;
  /** Why another move is not the one this step teaches. */
  wrong: string;
  /** Told once the step is done, before the next (what the move did, what the others did). */
  after?: string;
}

export interface Lesson {
  game: GameId;
  /** Stable, in the address: /learn/<game>/<id>. */
  id: string;
  /** Said before the first step: what the lesson teaches. */
  intro: string;
  /** The game's creation options, its scenario position among them where the game has one. */
  options: Record<string, unknown>;
  /** The generator's key (64 hex digits): the deal is the same every time. */
  key: string;
  /** The seat the learner plays. */
  learner: number;
  /**
   * Where a game without a scenario position starts the lesson: the bots play every seat, the
   * learner's too, until the learner is first asked for this situation (a `turn`, after the game's
   * set-up). None: the lesson starts where the game does.
   */
  from?: string;
  steps: readonly LessonStep[];
  /** Said at the end, before the way to a real game. */
  end: string;
}

/** A command as a lesson names it: the game's command without the window it answers. */
export interface LessonCommand {
  type: string;
  [field: string]: unknown;
}

/** The game as the learner's seat would be served it at one step, and what happened since the one before. */
export interface LessonFrame {
  game: AnyGame;
  events: FeedEvent[];
  /** The step's command whole, as the table sends it (none in the last frame). */
  expect?: AnyCommand;
}

export interface Tutorial {
  lesson: Lesson;
  /** One per step, and the last: the game after the lesson's last move. */
  frames: readonly LessonFrame[];
}

/** A game's lesson as its UI registers it (GameUi.tutorials): fetched only when opened. */
export interface TutorialEntry {
  id: string;
  title: string;
  load(): Promise<Tutorial>;
}
