// "THE TURN": the first Phase by a roll-off unless the scenario says, compulsory movement, each
// player's Phase, a selected model's two actions, Alert Status, and the end of the game.

import { profile } from './content/index.ts';
import { loseHits } from './damage.ts';
import { modelCheck, roll } from './dice.ts';
import { check } from '../../platform/draft.ts';
import type { Draft } from './draft.ts';
import { terrainUnder } from './table/movement.ts';
import { baseOf, modelsOf, otherSeat, scenarioOf, standing, tableOf } from './state.ts';
import type { ActionKind, ModelId, ModelState, Seat } from './types.ts';

/**
 * "If it does not, both players should roll a dice. The player who rolls the highest will take the
 * first Phase." Each seat rolls when it sends ROLL_OFF; a tie is rolled again (as an opposed check).
 */
export function rollOff(d: Draft, seat: Seat): void {
  const sit = d.state.situation;
  check(sit.kind === 'roll-off', 'NOT_NOW', 'There is no roll-off now.');
  check(sit.rolls[String(seat)] === undefined, 'ALREADY_ROLLED', 'You have rolled already.');
  roll(d, 'roll-off', { seat }, 1, 0, (ds) => `Seat ${seat} rolls ${ds[0]} for the first Phase`);
  const now = d.state.situation;
  if (now.kind !== 'roll-off' || Object.keys(now.rolls).length < 2) return;
  const a = now.rolls['0']!;
  const b = now.rolls['1']!;
  if (a === b) {
    d.open({ kind: 'roll-off', rolls: {} });
    return;
  }
  const first = a > b ? 0 : 1;
  d.emit({ type: 'FirstPhaseDecided', seat: first, text: `Seat ${first} rolled highest and takes the first Phase` });
  beginTurn(d, 1);
}

/**
 * "All compulsory movement is done right at the start of a turn, before the Player Phases,
 * regardless of whose model it is." Nothing in the basic game compels a model to move (M8), so a
 * turn begins with the first Phase.
 */
export function beginTurn(d: Draft, turn: number): void {
  d.emit({ type: 'TurnBegan', turn });
  beginPhase(d, d.state.first!);
}

function beginPhase(d: Draft, seat: Seat): void {
  d.emit({ type: 'PhaseBegan', seat });
  d.open({ kind: 'phase' });
}

/**
 * Starts an action of `model` for `seat`: "When a model is selected by you in a turn, it must make
 * two actions before you can move on to another model."
 */
export function startAction(d: Draft, seat: Seat, id: ModelId, action: ActionKind): ModelState {
  const s = d.state;
  check(s.situation.kind === 'phase' && s.phase?.seat === seat, 'NOT_YOUR_PHASE', 'It is not your Phase.');
  const m = standing(s, id);
  check(m && m.seat === seat, 'NOT_YOUR_MODEL', `You have no model ${String(id)} on the table.`);
  const selected = s.phase.selected;
  check(!selected || selected.model === m.id, 'MODEL_SELECTED', `${s.models[selected?.model ?? '']?.name} must make its second action before you move on to another model.`);
  check(!s.phase.acted.includes(m.id), 'ALREADY_ACTED', `${m.name} has made its two actions this Phase.`);
  // "both must take Melee actions in future turns until … One model chooses to flee" (M6).
  if (m.lockedWith.length > 0)
    check(action === 'melee' || action === 'special', 'LOCKED_IN_COMBAT', `${m.name} is locked in close combat: it must take a Melee action, or a Special action to flee.`);
  d.emit({ type: 'ActionTaken', model: m.id, action });
  return d.state.models[m.id]!;
}

/**
 * After any action. Dangerous terrain: "a model must make an Agility check after it has completed
 * any action. If it fails, it automatically loses one Hit." (M7: if its base went over dangerous
 * terrain on its path, or it ends the action with its base over it, M2.) Then the action counts; a model that has made
 * both moves the Phase on, and a Phase with nothing left to act ends.
 */
export function completeAction(d: Draft, id: ModelId, crossedDangerous: boolean): void {
  if (d.over) return;
  const m = standing(d.state, id);
  if (m && (crossedDangerous || standsInDangerous(d, m))) dangerousCheck(d, m);
  if (d.over) return;
  d.emit({ type: 'ActionCompleted', model: id });
  const phase = d.state.phase!;
  if (!phase.selected && modelsOf(d.state, phase.seat).every((x) => phase.acted.includes(x.id))) endPhase(d);
}

const standsInDangerous = (d: Draft, m: ModelState) => terrainUnder(tableOf(d.state), baseOf(m)).some((t) => t.type === 'dangerous');

export function dangerousCheck(d: Draft, m: ModelState): void {
  const { agility } = profile(m.profile);
  if (!modelCheck(d, m.id, m.name, agility, 'an Agility check for dangerous terrain')) loseHits(d, m.id, 1, 'fails the Agility check in dangerous terrain');
}

/**
 * Ends the Phase: "Models that have not taken any actions for a turn are considered to be on Alert
 * Status." After the second Phase the turn ends; after the scenario's last turn, the game (M10).
 */
export function endPhase(d: Draft, expired = false): void {
  const phase = d.state.phase!;
  const alert = modelsOf(d.state, phase.seat)
    .filter((m) => !phase.acted.includes(m.id) && phase.selected?.model !== m.id)
    .map((m) => m.id);
  d.emit({ type: 'PhaseEnded', seat: phase.seat, alert, ...(expired ? { expired: true as const } : {}) });
  if (phase.seat === d.state.first) return beginPhase(d, otherSeat(phase.seat));
  const sc = scenarioOf(d.state);
  if (d.state.turn >= sc.turns) {
    const winner = sc.afterLastTurn;
    d.emit({ type: 'GameEnded', winner, reason: 'last-turn', text: winner === null ? `Turn ${sc.turns} is over: a draw` : `Turn ${sc.turns} is over: ${sc.forces[winner]!.name} win` });
    return;
  }
  beginTurn(d, d.state.turn + 1);
}
