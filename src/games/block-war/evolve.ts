// evolve: how each event changes the state. No decisions are made here: every outcome (dice,
// draws) is already in the event, so replay never re-rolls.

import { folding, type Fold } from '../../platform/fold.ts';
import { rngAt } from '../../platform/random.ts';
import { chargeAfter } from './board/charge.ts';
import { SPACES_PER_PAYMENT } from './board/movement.ts';
import { FRENZY_MOVEMENT } from './frenzy.ts';
import { cloneSituation, cloneState, forgetOccupancy } from './state.ts';
import type { Event, GameState } from './types.ts';

/** How events fold into the state: what `decide`'s draft, `evolve` and replay use. */
export const fold: Fold<GameState, Event> = { copy: cloneState, apply: applyEvent };

export const { evolve, replay: evolveAll } = folding(fold);

/** Applies one event to a state the caller owns (mutates it). */
function applyEvent(s: GameState, e: Event): void {
  forgetOccupancy(s);
  switch (e.type) {
    case 'OrderDiceRolled':
      if (s.situation.kind === 'roll') s.situation.rolls[String(e.seat)] = [e.dice[0], e.dice[1]];
      s.rng = rngAt(s.rng, e.rng);
      return;
    case 'TurnOrderDecided':
      s.order = e.order.slice();
      return;
    case 'BlockPlaced':
      s.seats[e.seat]!.side = e.side;
      return;
    case 'FeaturePlaced':
      s.features.push({ feature: e.feature, seat: e.seat, square: e.square });
      return;
    case 'UnitsDrawn': {
      const seat = s.seats[e.seat]!;
      for (const u of e.units) {
        seat.pool.splice(seat.pool.indexOf(u), 1);
        seat.drawn.push(u);
      }
      s.rng = rngAt(s.rng, e.rng);
      return;
    }
    case 'UnitPlaced': {
      const seat = s.seats[e.seat]!;
      const i = seat.drawn.indexOf(e.unit);
      if (i >= 0) seat.drawn.splice(i, 1);
      s.units[e.unit]!.square = e.square;
      return;
    }
    case 'CounterReturnedToPool': {
      const seat = s.seats[e.seat]!;
      seat.drawn.splice(seat.drawn.indexOf(e.unit), 1);
      seat.pool.push(e.unit);
      return;
    }
    case 'SituationOpened':
      s.windows++;
      s.situation = cloneSituation(e.situation);
      return;
    case 'UnitActivated':
      if (s.situation.kind === 'turn') {
        s.situation.activation = { unit: e.unit, start: s.units[e.unit]!.square!, movementPoints: e.movementPoints, run: null, attacked: false };
        s.situation.activated.push(e.unit);
      }
      return;
    case 'UnitMoved': {
      s.units[e.unit]!.square = e.to;
      const a = s.situation.kind === 'turn' ? s.situation.activation : null;
      if (!a) return;
      a.movementPoints -= e.cost;
      if (e.cost > 0 && (e.movement === 'plaza' || e.movement === 'lift'))
        a.run = { kind: e.movement, left: SPACES_PER_PAYMENT[e.movement] - 1 };
      else if (e.cost === 0 && a.run) a.run = a.run.left > 1 ? { kind: a.run.kind, left: a.run.left - 1 } : null;
      else a.run = null;
      if (s.units[e.unit]!.kind === 'fatty') {
        const charge = chargeAfter(a.charge, e.from, e.to, s.seats.length);
        if (charge) a.charge = charge;
        else delete a.charge;
      }
      return;
    }
    case 'UnitReturned':
      s.units[e.unit]!.square = e.to;
      return;
    case 'AttackMade':
      markAttacked(s);
      return;
    case 'BrawlRolled':
    case 'ShotRolled':
    case 'ArmourSaveRolled':
      s.rng = rngAt(s.rng, e.rng);
      return;
    case 'MoraleChecked':
      s.rng = rngAt(s.rng, e.rng);
      if (!e.fightsOn) s.units[e.unit]!.square = null;
      return;
    case 'HealRolled':
      s.rng = rngAt(s.rng, e.rng);
      return;
    case 'StallRolled':
      s.rng = rngAt(s.rng, e.rng);
      // BW45: a fatty that fails stops at the stall: its movement is over.
      if (!e.passed && s.situation.kind === 'turn' && s.situation.activation) {
        s.situation.activation.movementPoints = 0;
        s.situation.activation.run = null;
      }
      return;
    case 'Scrawled':
      s.scrawls.push(e.square);
      markAttacked(s);
      return;
    case 'CleanRolled':
      s.rng = rngAt(s.rng, e.rng);
      markAttacked(s);
      return;
    case 'ScrawlCleaned':
      s.scrawls.splice(s.scrawls.indexOf(e.square), 1);
      markAttacked(s);
      return;
    case 'RoboDocCrazed':
      s.rng = rngAt(s.rng, e.rng);
      if (e.crazed) {
        s.units[e.crazed]!.square = s.units[e.unit]!.square;
        s.units[e.crazed]!.wounded = false;
        s.units[e.unit]!.square = null;
      }
      return;
    case 'JanitorHired':
      s.units[e.janitor]!.square = s.units[e.unit]!.square;
      s.units[e.janitor]!.wounded = false;
      s.units[e.unit]!.square = null;
      return;
    case 'UnitHealed':
      s.units[e.unit]!.wounded = false;
      return;
    case 'UnitRemoved':
      s.units[e.unit]!.square = null;
      return;
    case 'UnitWounded':
      s.units[e.unit]!.wounded = true;
      return;
    case 'FightingSpiritGained':
      s.seats[e.seat]!.spirit = e.to;
      return;
    case 'ActivationEnded':
      if (s.situation.kind === 'turn') {
        s.situation.activation = null;
        if (s.situation.step === 'activate') s.situation.activationsLeft--;
      }
      return;
    case 'ControlMoved':
      s.control = e.to;
      return;
    case 'JudgesDrawn':
      for (const u of e.units) s.judgePool.splice(s.judgePool.indexOf(u), 1);
      s.rng = rngAt(s.rng, e.rng);
      return;
    case 'JudgeDeployed': {
      const i = s.judgePool.indexOf(e.unit);
      if (i >= 0) s.judgePool.splice(i, 1);
      s.units[e.unit]!.square = e.square;
      s.units[e.unit]!.wounded = false;
      if (s.situation.kind === 'place-judge') s.situation.judges = s.situation.judges.filter((u) => u !== e.unit);
      return;
    }
    case 'JudgesTarget':
      return;
    case 'TimeRanOut':
    case 'TurnPassed':
      return;
    case 'TurnBegan':
      s.beganFrenzied = e.frenzied;
      return;
    case 'BlockFrenzied': {
      // BW53: "units gain +1 movement point … if the block becomes frenzied at any point" — its own
      // block units (BW19): those activated in step 2 from now on, and the one moving now.
      const sit = s.situation;
      if (sit.kind !== 'turn' || sit.seat !== e.seat) return;
      sit.frenzied = true;
      if (sit.step === 'activate' && sit.activation) sit.activation.movementPoints += FRENZY_MOVEMENT;
      return;
    }
    case 'JudgeReturnedToPool':
      s.units[e.unit]!.square = null;
      s.units[e.unit]!.wounded = false;
      s.judgePool.push(e.unit);
      // BW52: a drawn judge with no free side square is no longer to be placed.
      if (s.situation.kind === 'place-judge') s.situation.judges = s.situation.judges.filter((u) => u !== e.unit);
      return;
    case 'SurrenderCalled':
      markAttacked(s);
      return;
    case 'BlockSurrendered': {
      const seat = s.seats[e.seat]!;
      seat.surrendered = true;
      seat.pool.push(...seat.drawn);
      seat.drawn = [];
      return;
    }
    case 'TimeLimitStarted':
      if (s.timeLimit) s.timeLimit.endsAt = e.endsAt;
      return;
    case 'LastRoundBegan':
      if (s.timeLimit) s.timeLimit.lastRound = true;
      return;
    case 'GameEnded':
      s.situation = { kind: 'over' };
      s.winners = e.winners.slice();
      return;
  }
}

/** The activated unit has made its one attack (or special attack); an attack ends a paid run (BW42). */
function markAttacked(s: GameState): void {
  if (s.situation.kind !== 'turn' || !s.situation.activation) return;
  s.situation.activation.attacked = true;
  s.situation.activation.run = null;
}
