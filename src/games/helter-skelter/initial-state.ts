// The state before any event: from a scenario (scenario.ts) when the set-up has one, else the
// random set-up (setup.ts). Apart from both, so that neither imports the other: a scenario builds
// on the random set-up's state, never the reverse.

import { fromScenario } from './scenario.ts';
import { randomInitialState } from './setup.ts';
import { soloInitialState } from './solo/setup.ts';
import type { GameSetup, GameState } from './types.ts';

export function initialState(setup: GameSetup): GameState {
  if (setup.solo) return soloInitialState(setup);
  return setup.scenario ? fromScenario(setup.scenario, setup) : randomInitialState(setup);
}
