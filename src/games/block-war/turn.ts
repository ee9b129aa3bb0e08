// "A Player's Turn" (Block War): 1. draw reinforcements, 2. activate units, 3. activate an
// independent unit, 4. activate a judge unit, 5. move on the control marker, 6. the turn moves on.

import { JUDGE_DREDD, unitKind } from './content/units.ts';
import { TRACK_LENGTH } from './content/justice-track.ts';
import { check } from '../../platform/draft.ts';
import type { Draft } from './draft.ts';
import { controlLanded } from './control.ts';
import { isFrenzied } from './frenzy.ts';
import { informIfLanded } from './informant.ts';
import { roundEnded } from './time-limit.ts';
import { checkMorale } from './morale.ts';
import { drawUnits } from './reinforcements.ts';
import { frenzyAfterGains, startOfTurnSpirit } from './spirit.ts';
import { allUnits, isOver, nextInOrder } from './state.ts';
import { automaticSurrender, surrender } from './surrender.ts';
import type { GameState, Seat, TurnStep, UnitState } from './types.ts';

/** "This rises to 4 if your block becomes frenzied." */
export const ACTIVATIONS = 3;
export const REINFORCEMENTS = 3;


/** "1. Draw Reinforcements — Draw 3* units from your block pool and place them in your block." */
export function beginTurn(d: Draft, seat: Seat): void {
  // BW53: "if it begins the turn frenzied" is judged as the turn begins, before anything in it —
  // the morale checks' moment (BW27), before the start-of-turn fighting spirit (BW31).
  d.emit({ type: 'TurnBegan', seat, frenzied: isFrenzied(d.state, seat) });
  // BW27: "at the start of your turn", before reinforcements arrive.
  checkMorale(d, seat);
  // BW31: the start-of-turn entries of the Fighting Spirit Table, after the morale checks.
  const before = d.state.seats[seat]!.spirit;
  startOfTurnSpirit(d, seat);
  frenzyAfterGains(d, seat, d.state.beganFrenzied);
  if (d.state.situation.kind === 'over') return;
  // "Block's automatically surrender when there are no fighting units left in their block at the
  // start of their turn …, or if there are more enemy units than friendly units" (BW34).
  const reason = automaticSurrender(d.state, seat);
  if (reason) {
    surrender(d, seat, reason);
    if (!isOver(d.state)) passTurn(d, seat);
    return;
  }
  // BW48: a block counter landing on control at the start of the turn: the judge activation first.
  if (informIfLanded(d, seat, before)) return;
  reinforce(d, seat);
}

/** The rest of step 1, once the start of the turn is settled. */
function reinforce(d: Draft, seat: Seat): void {
  // "A block draws one extra reinforcement and activates one extra unit if it begins the turn frenzied."
  drawUnits(d, seat, REINFORCEMENTS + (d.state.beganFrenzied ? 1 : 0));
  if (d.state.seats[seat]!.drawn.length > 0) return d.open({ kind: 'place-unit', seat, duringSetup: false });
  beginActivations(d, seat);
}

/** "2. Activate Units — You may activate 3* of your units." */
export function beginActivations(d: Draft, seat: Seat): void {
  // The extra activation if the block began the turn frenzied; `frenzied`, whether it is now (it
  // may have become so since, BW53), for the +1 movement point of the units it activates.
  openStep(d, seat, 'activate', d.state.beganFrenzied ? ACTIVATIONS + 1 : ACTIVATIONS, isFrenzied(d.state, seat));
}

const STEPS: readonly TurnStep[] = ['activate', 'independent', 'judge'];

/** Opens `step`, or the first later one with a unit to activate; after the last, ends the turn. */
function openStep(d: Draft, seat: Seat, step: TurnStep, activationsLeft: number, frenzied: boolean): void {
  for (let i = STEPS.indexOf(step); i < STEPS.length; i++) {
    const candidate = STEPS[i]!;
    // BW10: a step with no unit to activate is passed over.
    if (activatable(d.state, seat, candidate, []).length === 0) continue;
    return d.open({ kind: 'turn', seat, step: candidate, activationsLeft: candidate === 'activate' ? activationsLeft : 1, frenzied, activated: [], activation: null });
  }
  endOfTurn(d, seat);
}

/**
 * The units a step may activate. Step 2: your own healthy block units on the board. Step 3: any
 * healthy independent unit on the board (BW11). Step 4: any healthy judge unit on the board. A unit
 * is activated at most once in a step (BW10).
 */
export function activatable(s: GameState, seat: Seat, step: TurnStep, activated: readonly string[]): UnitState[] {
  return allUnits(s).filter((u) => {
    if (u.square === null || u.wounded) return false;
    const allegiance = unitKind(u.kind).allegiance;
    // Judge Dredd: "he may be activated twice per turn" (BW39): the step's one judge activation,
    // and then Dredd once more.
    if (step === 'informant') return allegiance === 'judge' && activated.length === 0;
    if (step === 'judge') return allegiance === 'judge' && (activated.length === 0 || (u.id === JUDGE_DREDD && activated.length === 1 && activated[0] === JUDGE_DREDD));
    if (activated.includes(u.id)) return false;
    if (step === 'activate') return allegiance === 'block' && u.home === seat;
    return allegiance === 'independent';
  });
}

/** The player ends the current step (skipping the activations left in it). */
export function endStep(d: Draft, seat: Seat): void {
  const sit = d.state.situation;
  check(sit.kind === 'turn' && sit.seat === seat, 'NOT_YOUR_TURN', 'It is not your turn.');
  check(sit.activation === null, 'ACTIVATION_IN_PROGRESS', 'End the activation in progress first.');
  nextStep(d, seat);
}

/** After an activation ends: the same step again if it has activations left, else the next. */
export function afterActivation(d: Draft, seat: Seat): void {
  const sit = d.state.situation;
  if (sit.kind !== 'turn') return;
  if (sit.step === 'informant') return nextStep(d, seat);
  if (sit.step === 'activate' && sit.activationsLeft > 0 && activatable(d.state, seat, 'activate', sit.activated).length > 0) return;
  if (sit.step === 'judge' && activatable(d.state, seat, 'judge', sit.activated).length > 0) return;
  nextStep(d, seat);
}

function nextStep(d: Draft, seat: Seat): void {
  const sit = d.state.situation;
  if (sit.kind !== 'turn') return;
  // BW48: after the informant's judge activation, the suspended turn goes on, or the turn's reinforcements come.
  if (sit.step === 'informant') return sit.resume ? d.open({ kind: 'turn', ...sit.resume }) : reinforce(d, seat);
  const i = STEPS.indexOf(sit.step);
  if (i + 1 < STEPS.length) return openStep(d, seat, STEPS[i + 1]!, 0, sit.frenzied);
  endOfTurn(d, seat);
}

/**
 * "5. Move on the Control Marker — At the end of your turn, control moves on one space."
 * "6. Turn Moves On — The turn then passes on to the player on your left."
 */
function endOfTurn(d: Draft, seat: Seat): void {
  const to = Math.min(TRACK_LENGTH, d.state.control + 1);
  d.emit({ type: 'ControlMoved', to });
  // "If the control marker reaches 100 the judges arrive with overwhelming force … The winner is
  // the player with the most fighting spirit, in the event of a tie, the one with the most active units wins."
  if (to >= TRACK_LENGTH) return d.emit({ type: 'GameEnded', winners: controlWinners(d.state), reason: 'control-reached-100' });
  controlLanded(d, seat, passTurn);
}

/** "6. Turn Moves On — The turn then passes on to the player on your left." */
export function passTurn(d: Draft, seat: Seat): void {
  const next = nextInOrder(d.state, seat);
  if (roundEnded(d, seat, next, controlWinners)) return;
  d.emit({ type: 'TurnPassed', from: seat, to: next });
  beginTurn(d, next);
}

/** Most fighting spirit; among those tied, most active (healthy, on the board) units; BW13: still tied, all share the win. */
export function controlWinners(s: GameState): Seat[] {
  const active = (seat: Seat) => allUnits(s).filter((u) => u.home === seat && unitKind(u.kind).allegiance === 'block' && u.square !== null && !u.wounded).length;
  // BW35: a surrendered block is out of the game.
  const seats = s.seats.flatMap((x, i) => (x.surrendered ? [] : [i]));
  const spirit = Math.max(...seats.map((i) => s.seats[i]!.spirit));
  const top = seats.filter((i) => s.seats[i]!.spirit === spirit);
  const most = Math.max(...top.map(active));
  return top.filter((i) => active(i) === most);
}
