// Plays a first-game lesson (web/src/game/lesson.ts) through the real rules module and returns the
// game as the learner's seat would be served it before each step and after the last: the frames the
// web client's tutorial shows. The learner's commands are the lesson's; every other seat is played
// by the game's default bot, keyed from the lesson, so the same lesson always gives the same
// frames. A step whose command the rules would not accept then is an error naming the step.
// scripts/make-tutorials.ts writes the frames; test/web/tutorials.test.ts checks they are current.

import { isDeepStrictEqual } from 'node:util';
import { RuleError, type Awaited, type Seat } from '../../src/platform/game-module.ts';
import { botFor } from '../../src/platform/bots.ts';
import { KEYED_GENERATOR, seedRng } from '../../src/platform/random.ts';
import type { AnyGameModule, GameRegistry } from '../../src/service/registry.ts';
import type { Lesson, LessonCommand, LessonFrame } from '../../web/src/game/lesson.ts';

/** The time every command of a lesson is accepted at: rules that read it (a time limit) read the same. */
const AT = '2026-01-01T12:00:00.000Z';
/** More commands by the other seats between two steps than this is a lesson that lost its way. */
const MOST_BETWEEN = 500;

type Resource = LessonFrame['game'];
type Feed = LessonFrame['events'];

export function lessonFrames(registry: GameRegistry, lesson: Lesson): LessonFrame[] {
  const module = registry.get(lesson.game);
  const where = `${lesson.game} lesson "${lesson.id}"`;
  if (!module) throw new Error(`${where}: no such game.`);
  const setup = module.createSetup(lesson.options, { key: lesson.key });
  if (setup instanceof RuleError) throw new Error(`${where}: ${setup.code} ${setup.message}`);
  const table = new Table(module, module.initialState(setup), lesson, where);
  if (lesson.from !== undefined) table.playUntil(lesson.from);
  else table.othersPlay();
  const frames: LessonFrame[] = [];
  lesson.steps.forEach((step, index) => {
    const frame = table.frame();
    frame.expect = table.learnerPlays(step.expect, `${where}, step ${index + 1}`) as LessonFrame['expect'];
    frames.push(frame);
    table.othersPlay();
  });
  frames.push(table.frame());
  return frames;
}

/** A command as a lesson names it: without the window it answers. */
function withoutWindow(command: unknown): unknown {
  if (command === null || typeof command !== 'object' || !('windowId' in command)) return command;
  const { windowId: _window, ...rest } = command as Record<string, unknown>;
  return rest;
}

/** The lesson's game in memory: its state, the events since the last frame, its version. */
class Table {
  private events: Feed = [];
  private version = 0;
  private seq = 0;
  private decisions = 0;

  private readonly module: AnyGameModule;
  private state: unknown;
  private readonly lesson: Lesson;
  private readonly where: string;

  constructor(
    module: AnyGameModule,
    state: unknown,
    lesson: Lesson,
    where: string,
  ) {
    this.module = module;
    this.state = state;
    this.lesson = lesson;
    this.where = where;
  }

  private apply(command: unknown, seat: Seat): boolean {
    const decision = this.module.decide(this.state, command, { kind: 'seat', seat }, { at: AT });
    if (!decision.ok) return false;
    this.state = this.module.replay(this.state, decision.events);
    this.version++;
    for (const event of decision.events as { type: string }[])
      this.events.push({ seq: ++this.seq, type: event.type, at: AT, data: this.module.redact(event, this.lesson.learner) } as Feed[number]);
    return true;
  }

  /** The learner's command of a step, found among its legal commands (with the window it answers), played. */
  learnerPlays(expect: LessonCommand, where: string): unknown {
    const { learner } = this.lesson;
    if (this.module.isOver(this.state)) throw new Error(`${where}: the game is already over.`);
    if (!this.module.awaiting(this.state).some((awaited) => awaited.seat === learner)) throw new Error(`${where}: the learner's seat is not awaited.`);
    const legal = this.module.legalCommands(this.state, learner);
    const command = legal.find((one) => isDeepStrictEqual(withoutWindow(one), expect));
    // The author's next question is what the rules do allow there: say it.
    if (command === undefined)
      throw new Error(`${where}: ${JSON.stringify(expect)} is not among the learner's legal commands:\n${legal.map((one) => JSON.stringify(withoutWindow(one))).join('\n')}`);
    if (!this.apply(command, learner)) throw new Error(`${where}: the rules refused ${JSON.stringify(command)}.`);
    return command;
  }

  /** The other seats play, by the game's default bot, until the learner is asked again or the game ends. */
  othersPlay(): void {
    this.botsPlay((awaited) => awaited.some((entry) => entry.seat === this.lesson.learner));
  }

  /** Every seat plays by the bot, the learner's too, until the learner is asked for `situation` (the lesson's `from`). */
  playUntil(situation: string): void {
    this.botsPlay((awaited) => awaited.some((entry) => entry.seat === this.lesson.learner && entry.situation === situation));
    if (this.module.isOver(this.state)) throw new Error(`${this.where}: the game ended before the learner was asked for "${situation}".`);
    // What happened before the lesson is not the lesson's: its log starts here.
    this.events = [];
  }

  private botsPlay(done: (awaited: Awaited[]) => boolean): void {
    const bots = this.module.bots?.default;
    for (let moves = 0; moves < MOST_BETWEEN; moves++) {
      if (this.module.isOver(this.state)) return;
      const awaited = this.module.awaiting(this.state);
      if (done(awaited)) return;
      const seat = awaited[0]?.seat;
      if (seat === undefined) throw new Error(`${this.where}: nobody is awaited, but the game is not over.`);
      const legal = this.module.legalCommands(this.state, seat);
      const command = botFor(this.module, bots).choose(this.state, seat, legal, seedRng(`${this.lesson.key}:${this.decisions++}:${seat}`));
      if (!this.apply(command, seat)) throw new Error(`${this.where}: the bot's ${JSON.stringify(command)} was refused.`);
    }
    throw new Error(`${this.where}: the bots played ${MOST_BETWEEN} commands without reaching the lesson's next step.`);
  }

  /** The game as `GET /v1/games/{id}` would answer the learner's seat now (src/service/views.ts). */
  frame(): LessonFrame {
    const { module, lesson, state } = this;
    const over = module.isOver(state);
    // What the lobby stores as every reader's options: the position only as `true` (src/service/lobby.ts).
    const position = module.positionOption;
    const options = position && lesson.options[position] !== undefined ? { ...lesson.options, [position]: true } : lesson.options;
    const seats = (lesson.options.seats as unknown[]).map((_, seat) => ({
      seat,
      player: seat === lesson.learner ? 'You' : null,
      bot: seat !== lesson.learner,
      botKind: seat === lesson.learner ? null : (module.bots?.default ?? 'random'),
    }));
    const game = {
      id: `tutorial-${lesson.id}`,
      game: lesson.game,
      status: over ? 'finished' : 'active',
      version: this.version,
      createdAt: AT,
      updatedAt: AT,
      options,
      summary: module.describeOptions(options),
      creator: null,
      private: true,
      seats,
      mySeat: lesson.learner,
      view: module.view(state, lesson.learner),
      awaiting: over ? [] : module.awaiting(state).map((awaited) => ({ ...awaited, deadline: null })),
      legalCommands: over ? [] : module.legalCommands(state, lesson.learner),
      anytimeCommands: over || !module.anytimeCommands ? [] : module.anytimeCommands(state, lesson.learner),
      fairness: { generator: KEYED_GENERATOR, commitment: '', seeded: true, position: position !== undefined && lesson.options[position] !== undefined, key: null },
    } as unknown as Resource;
    const events = this.events;
    this.events = [];
    return { game, events };
  }
}
