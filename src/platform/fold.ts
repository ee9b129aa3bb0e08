// How a game's events fold into its state. A game gives the two things only it knows (how to copy
// its state, how one event changes a copy it owns); `evolve` and `replay` are made from them once
// here, so that no game writes them again.

export interface Fold<State, Event> {
  /** A deep copy of the state, which `apply` may then change. */
  copy(state: State): State;
  /** Applies one event to a state the caller owns (mutates it). No decision is made here: every outcome is in the event. */
  apply(state: State, event: Event): void;
}

/** `GameModule.evolve` and `replay` of a fold: one copy per call, however many events. */
export function folding<State, Event>(fold: Fold<State, Event>): {
  evolve(state: State, event: Event): State;
  replay(state: State, events: readonly Event[]): State;
} {
  return {
    evolve(state, event) {
      const next = fold.copy(state);
      fold.apply(next, event);
      return next;
    },
    replay(state, events) {
      const next = fold.copy(state);
      for (const e of events) fold.apply(next, e);
      return next;
    },
  };
}
