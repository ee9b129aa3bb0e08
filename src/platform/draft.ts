// What every game's `decide` works on: a copy of the state to which each event it emits is applied
// at once, so later rules read the state as it now is; the events, in order, are decide's answer.
// A game's own draft extends it with what opening its situations takes; refusals are RuleErrors.

import { RuleError } from './game-module.ts';

export class EventDraft<State, Event> {
  readonly events: Event[] = [];

  constructor(
    /** The game's copy, changed by every event emitted. */
    readonly state: State,
    private readonly apply: (state: State, event: Event) => void,
  ) {}

  emit(event: Event): void {
    this.events.push(event);
    this.apply(this.state, event);
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
