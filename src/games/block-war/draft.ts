// decide works on a draft: each event it emits is applied at once, so later rules read the state
// as it now is. The events, in order, are decide's answer.

import { EventDraft } from '../../platform/draft.ts';
import { applyEvent } from './evolve.ts';
import { cloneState } from './state.ts';
import type { Event, GameState, Situation } from './types.ts';

export class Draft extends EventDraft<GameState, Event> {
  constructor(
    state: GameState,
    /** The command's acceptance time (ISO 8601), when the platform gave one: the time limit reads it (BW50). */
    readonly at: string | null = null,
  ) {
    super(cloneState(state), applyEvent);
  }

  /** Opens the next situation under a fresh window id. */
  open(situation: DistributiveOmit<Exclude<Situation, { kind: 'over' }>, 'windowId'>): void {
    this.emit({ type: 'SituationOpened', situation: { ...situation, windowId: `w${this.state.windows + 1}` } as Situation });
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export { check, refuseIf } from '../../platform/draft.ts';
