// decide works on a draft: each event it emits is applied at once, so later rules read the state
// as it now is. The events, in order, are decide's answer.

import { RuleError } from '../../platform/game-module.ts';
import { applyEvent } from './evolve.ts';
import { cloneState } from './state.ts';
import type { Event, GameState, Situation } from './types.ts';

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

  /** Opens the next situation under a fresh window id. */
  open(situation: DistributiveOmit<Exclude<Situation, { kind: 'over' }>, 'windowId'>): void {
    this.emit({ type: 'SituationOpened', situation: { ...situation, windowId: `w${this.state.windows + 1}` } as Situation });
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Refuses the command unless `condition` holds. */
export function check(condition: unknown, code: string, message: string): asserts condition {
  if (!condition) throw new RuleError(code, message);
}
