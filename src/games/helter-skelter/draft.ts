// decide works on a draft: each event it emits is applied at once, so later rules read the
// state as it now is. The events, in order, are decide's answer.

import { EventDraft } from '../../platform/draft.ts';
import { applyEvent } from './evolve.ts';
import { cloneState } from './state.ts';
import type { Event, GameState } from './types.ts';

export class Draft extends EventDraft<GameState, Event> {
  constructor(state: GameState) {
    super(cloneState(state), applyEvent);
  }

  /** The id the next situation opened will carry. */
  nextWindowId(): string {
    return `w${this.state.windows + 1}`;
  }
}

export { check, refuseIf } from '../../platform/draft.ts';
