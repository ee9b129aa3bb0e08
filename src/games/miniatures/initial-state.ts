// The state before the first command: the scenario's models on their marked points, or where a
// described position (position.ts) puts them.

import { keyedRng } from '../../platform/random.ts';
import { profile, scenario } from './content/index.ts';
import { DEFAULT_ORDERS } from './orders.ts';
import type { GameSetup, GameState, ModelState } from './types.ts';

export function initialState(setup: GameSetup): GameState {
  const sc = scenario(setup.scenario);
  const placed = setup.position?.models ?? {};
  const all: ModelState[] = sc.forces.flatMap((force, seat) =>
    force.models.map((m) => {
      const at = placed[m.id]?.at ?? m.at;
      return { id: m.id, name: m.name, profile: m.profile, seat, at: { x: at.x, y: at.y }, hits: placed[m.id]?.hits ?? profile(m.profile).hits, removed: placed[m.id]?.removed ?? false, lockedWith: [], alert: false };
    }),
  );
  const models: Record<string, ModelState> = {};
  for (const m of all.sort((a, b) => (a.id < b.id ? -1 : 1))) models[m.id] = m;
  const first = setup.position?.firstPhase ?? sc.firstPhase;
  return {
    scenario: sc.id,
    turn: first === null ? 0 : 1,
    first,
    models,
    // "Many scenarios will tell you which player takes the first Phase of the game. If it does not, both players should roll a dice."
    phase: first === null ? null : { seat: first, selected: null, acted: [] },
    rng: keyedRng(setup.key),
    windows: 1,
    situation: first === null ? { kind: 'roll-off', windowId: 'w1', rolls: {} } : { kind: 'phase', windowId: 'w1' },
    winner: null,
    orders: sc.forces.map(() => ({ ...DEFAULT_ORDERS })),
  };
}
