// decide works on a draft (src/platform/draft.ts): each event it emits is applied at once, so later
// rules read the state as it now is. The events, in order, are decide's answer.

import type { EventDraft } from '../../platform/draft.ts';
import type { Event, GameState } from './types.ts';

export type Draft = EventDraft<GameState, Event>;
