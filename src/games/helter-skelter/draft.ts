// decide works on a draft: each event it emits is applied at once, so later rules read the
// state as it now is. The events, in order, are decide's answer.

import { RuleError } from '../../platform/game-module.ts';
import { applyEvent } from './evolve.ts';
import { cloneState } from './state.ts';
import type { Event, GameState } from './types.ts';

export class Draft {
  readonly state: GameState;
  readonly events: Event[] = [];

  constructor(state: GameState) {
    this.state = cloneState(state);
  }

  emit(event: Event): void {
    this.events.push(event);
    applyEvent(this.state, event);
  }

  /** The id the next situation opened will carry. */
  nextWindowId(): string {
    return `w${this.state.windows + 1}`;
  }
}

/** Refuses the command unless `condition` holds. */
export function check(condition: unknown, code: string, message: string): asserts condition {
  if (!condition) throw new RuleError(code, message);
}
