// evolve: how each event changes the state. No decisions here: every roll and position is already
// in the event, so replay never re-rolls and every position comes back exactly.

import { folding, type Fold } from '../../platform/fold.ts';
import { rngAt } from '../../platform/random.ts';
import { cloneState } from './state.ts';
import type { Event, GameState, Situation } from './types.ts';

/** How events fold into the state: what `decide`'s draft, `evolve` and replay use. */
export const fold: Fold<GameState, Event> = { copy: cloneState, apply: applyEvent };

export const { evolve, replay: evolveAll } = folding(fold);

/** Applies one event to a state the caller owns (mutates it). */
function applyEvent(s: GameState, e: Event): void {
  switch (e.type) {
    case 'DiceRolled':
      s.rng = rngAt(s.rng, e.rng);
      if (e.roll === 'roll-off' && s.situation.kind === 'roll-off' && e.seat !== null) s.situation.rolls[String(e.seat)] = e.dice[0]!;
      return;
    case 'FirstPhaseDecided':
      s.first = e.seat;
      return;
    case 'SituationOpened':
      s.windows++;
      s.situation = JSON.parse(JSON.stringify(e.situation)) as Situation;
      return;
    case 'TurnBegan':
      s.turn = e.turn;
      return;
    case 'PhaseBegan':
      s.phase = { seat: e.seat, selected: null, acted: [] };
      return;
    case 'ActionTaken': {
      const phase = s.phase!;
      if (!phase.selected) phase.selected = { model: e.model, actions: 0 };
      phase.selected.actions++;
      s.models[e.model]!.alert = false;
      return;
    }
    case 'ActionCompleted': {
      const phase = s.phase!;
      if (phase.selected && phase.selected.model === e.model && phase.selected.actions >= 2) {
        phase.acted.push(e.model);
        phase.selected = null;
      }
      return;
    }
    case 'ModelMoved':
      s.models[e.model]!.at = { x: e.path[e.path.length - 1]!.x, y: e.path[e.path.length - 1]!.y };
      return;
    case 'HitsLost':
      s.models[e.model]!.hits = e.left;
      return;
    case 'ModelRemoved': {
      const m = s.models[e.model]!;
      m.removed = true;
      for (const other of m.lockedWith) {
        const o = s.models[other]!;
        o.lockedWith = o.lockedWith.filter((id) => id !== m.id);
      }
      m.lockedWith = [];
      if (s.phase?.selected?.model === m.id) {
        s.phase.acted.push(m.id);
        s.phase.selected = null;
      }
      return;
    }
    case 'CombatLocked': {
      const [a, b] = e.models;
      if (!s.models[a]!.lockedWith.includes(b)) s.models[a]!.lockedWith.push(b);
      if (!s.models[b]!.lockedWith.includes(a)) s.models[b]!.lockedWith.push(a);
      return;
    }
    case 'CombatEnded': {
      const [a, b] = e.models;
      s.models[a]!.lockedWith = s.models[a]!.lockedWith.filter((id) => id !== b);
      s.models[b]!.lockedWith = s.models[b]!.lockedWith.filter((id) => id !== a);
      return;
    }
    case 'PhaseEnded':
      for (const m of Object.values(s.models)) if (m.seat === e.seat && !m.removed) m.alert = e.alert.includes(m.id);
      s.phase = null;
      return;
    case 'GameEnded':
      s.winner = e.winner;
      s.phase = null;
      s.situation = { kind: 'over' };
      return;
    case 'OrdersSet':
      s.orders[e.seat] = { pushBack: e.orders.pushBack };
      return;
    case 'MeleeBecameMove':
    case 'ShotTaken':
      return;
  }
}
