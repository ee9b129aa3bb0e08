// Copying and asking questions of the state. Read-only helpers; nothing here changes state.

import { profile, scenario } from './content/index.ts';
import type { Scenario } from './content/types.ts';
import type { Base } from './table/movement.ts';
import type { GameState, ModelId, ModelState, Seat } from './types.ts';

/** A deep copy with the models in id order, whatever order the source had (jsonb re-sorts keys). */
export function cloneState(s: GameState): GameState {
  const copy = JSON.parse(JSON.stringify(s)) as GameState;
  const models: Record<ModelId, ModelState> = {};
  for (const id of Object.keys(copy.models).sort()) models[id] = copy.models[id]!;
  copy.models = models;
  return copy;
}

export const scenarioOf = (s: GameState): Scenario => scenario(s.scenario);
export const tableOf = (s: GameState) => scenarioOf(s).table;

/** The model, on the table; undefined if there is none of that id or it has been removed. */
export function standing(s: GameState, id: unknown): ModelState | undefined {
  if (typeof id !== 'string' || !Object.hasOwn(s.models, id)) return undefined;
  const m = s.models[id]!;
  return m.removed ? undefined : m;
}

export const baseOf = (m: ModelState): Base => ({ id: m.id, at: m.at, radius: profile(m.profile).baseRadius });

/** Every model still on the table but `except`. */
export const otherBases = (s: GameState, ...except: ModelId[]): Base[] =>
  Object.values(s.models)
    .filter((m) => !m.removed && !except.includes(m.id))
    .map(baseOf);

export const modelsOf = (s: GameState, seat: Seat) => Object.values(s.models).filter((m) => !m.removed && m.seat === seat);
export const enemiesOf = (s: GameState, m: ModelState) => Object.values(s.models).filter((o) => !o.removed && o.seat !== m.seat);

export const otherSeat = (seat: Seat): Seat => (seat === 0 ? 1 : 0);

export const isOver = (s: GameState) => s.situation.kind === 'over';
