// Copying and asking questions of the state. Read-only helpers; nothing here changes state.

import { profile, scenario } from './content/index.ts';
import type { Scenario } from './content/types.ts';
import type { Base } from './table/movement.ts';
import type { GameState, ModelId, ModelState, Seat, Situation } from './types.ts';

/** A deep copy of the state, written out field by field: decide and evolve copy it on every call. */
export function cloneState(s: GameState): GameState {
  const models: Record<ModelId, ModelState> = {};
  for (const id of Object.keys(s.models)) {
    const m = s.models[id]!;
    models[id] = { id: m.id, name: m.name, profile: m.profile, seat: m.seat, at: { x: m.at.x, y: m.at.y }, hits: m.hits, removed: m.removed, lockedWith: m.lockedWith.slice(), alert: m.alert };
  }
  return {
    scenario: s.scenario,
    turn: s.turn,
    first: s.first,
    models,
    phase: s.phase && { seat: s.phase.seat, selected: s.phase.selected && { model: s.phase.selected.model, actions: s.phase.selected.actions }, acted: s.phase.acted.slice() },
    rng: { key: s.rng.key, position: s.rng.position },
    windows: s.windows,
    situation: cloneSituation(s.situation),
    winner: s.winner,
    orders: s.orders.map((o) => ({ pushBack: o.pushBack })),
  };
}

function cloneSituation(sit: Situation): Situation {
  switch (sit.kind) {
    case 'roll-off': {
      const rolls: Record<string, number> = {};
      for (const seat of Object.keys(sit.rolls)) rolls[seat] = sit.rolls[seat]!;
      return { kind: sit.kind, windowId: sit.windowId, rolls };
    }
    case 'phase':
      return { kind: sit.kind, windowId: sit.windowId };
    case 'push-back':
      return { kind: sit.kind, windowId: sit.windowId, seat: sit.seat, winner: sit.winner, loser: sit.loser, mayFollow: sit.mayFollow, pending: { model: sit.pending.model, dangerous: sit.pending.dangerous } };
    case 'over':
      return { kind: sit.kind };
  }
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
