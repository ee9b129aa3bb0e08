// What every game's `decide` works on: a copy of the state to which each event it emits is applied
// at once, so later rules read the state as it now is; the events, in order, are decide's answer.
// A game names it `Draft` for its own state and events; refusals are RuleErrors.

import { RuleError } from './game-module.ts';

/**
 * What the platform reads of every game's state: the situation open now, a window the platform
 * can expire by its id (`Awaited.windowId`), or `over`; and how many windows have opened, from
 * which the next id is made.
 */
export interface Windowed {
  readonly windows: number;
  readonly situation: { readonly kind: string; readonly windowId?: string };
}

/** A situation as a rule opens it: the draft gives it its window id. */
export type Unopened<Situation> = Situation extends { kind: 'over' } ? never : Situation extends unknown ? Omit<Situation, 'windowId'> : never;

/** The event of a game whose situations all open the same way. */
export interface SituationOpened<Situation> {
  type: 'SituationOpened';
  situation: Situation;
}

export class EventDraft<State extends Windowed, Event> {
  readonly events: Event[] = [];

  readonly state: State;
  private readonly apply: (state: State, event: Event) => void;
  readonly at: string | null;

  constructor(
    /** The game's copy, changed by every event emitted. */
    state: State,
    apply: (state: State, event: Event) => void,
    /** The command's acceptance time (`DecideContext.at`), when the platform gave one. */
    at: string | null = null,
  ) {
    this.state = state;
    this.apply = apply;
    this.at = at;
  }

  emit(event: Event): void {
    this.events.push(event);
    this.apply(this.state, event);
  }

  /** The id the next situation opened will carry. */
  nextWindowId(): string {
    return `w${this.state.windows + 1}`;
  }

  /** True once an event has ended the game. */
  get over(): boolean {
    return this.state.situation.kind === 'over';
  }

  /**
   * Opens the next situation under a fresh window id, for a game whose events include
   * `SituationOpened` of its situations (for any other, `situation` is `never`).
   */
  open(situation: SituationOpened<State['situation']> extends Event ? Unopened<State['situation']> : never): void {
    const opened: SituationOpened<unknown> = { type: 'SituationOpened', situation: { ...(situation as object), windowId: this.nextWindowId() } };
    this.emit(opened as Event);
  }
}

/** Refuses the command unless `condition` holds. */
export function check(condition: unknown, code: string, message: string): asserts condition {
  if (!condition) throw new RuleError(code, message);
}

/** Refuses the command with `problem`, a rule's answer of why not, if there is one. */
export function refuseIf(problem: { code: string; message: string } | null): void {
  if (problem) throw new RuleError(problem.code, problem.message);
}
