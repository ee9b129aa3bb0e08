// Copying and asking questions of the state. Read-only helpers; nothing here changes state.

import type { GameState, Seat, Situation, SquareId, TurnResume, UnitId, UnitState } from './types.ts';
import { unitKind } from './content/units.ts';

/**
 * A deep copy. Written out field by field (the state is plain JSON): it runs for every event
 * folded, and a JSON round trip was most of the time.
 */
export function cloneState(s: GameState): GameState {
  const units: Record<string, UnitState> = {};
  for (const id of Object.keys(s.units)) units[id] = cloneUnit(s.units[id]!);
  return {
    seats: s.seats.map((x) => ({ block: x.block, colour: x.colour, side: x.side, spirit: x.spirit, pool: x.pool.slice(), drawn: x.drawn.slice(), surrendered: x.surrendered })),
    order: s.order.slice(),
    control: s.control,
    beganFrenzied: s.beganFrenzied,
    units,
    judgePool: s.judgePool.slice(),
    features: s.features.map((f) => ({ feature: f.feature, seat: f.seat, square: f.square })),
    scrawls: s.scrawls.slice(),
    rng: { key: s.rng.key, position: s.rng.position },
    windows: s.windows,
    situation: cloneSituation(s.situation),
    winners: s.winners.slice(),
    ...(s.timeLimit ? { timeLimit: { minutes: s.timeLimit.minutes, endsAt: s.timeLimit.endsAt, lastRound: s.timeLimit.lastRound } } : {}),
  };
}

/** A unit's copy, its fields always in the order initialState writes them (whatever order storage gave). */
function cloneUnit(u: UnitState): UnitState {
  const copy: UnitState = { id: u.id, kind: u.kind, home: u.home, square: u.square, wounded: u.wounded };
  if (u.ugly !== undefined) copy.ugly = u.ugly;
  return copy;
}

/**
 * A copy of the situation: its arrays and objects are the state's own, never shared, and its fields
 * in the order the rules write them (storage may give them back in another).
 */
export function cloneSituation(sit: Situation): Situation {
  switch (sit.kind) {
    case 'roll': {
      const rolls: Record<string, [number, number]> = {};
      for (const seat of Object.keys(sit.rolls).sort()) rolls[seat] = [sit.rolls[seat]![0], sit.rolls[seat]![1]];
      return { kind: sit.kind, windowId: sit.windowId, rolling: sit.rolling.slice(), rolls };
    }
    case 'place-block':
      return { kind: sit.kind, windowId: sit.windowId, seat: sit.seat };
    case 'place-feature':
      return { kind: sit.kind, windowId: sit.windowId, seat: sit.seat, feature: sit.feature };
    case 'place-unit':
      return { kind: sit.kind, windowId: sit.windowId, seat: sit.seat, duringSetup: sit.duringSetup };
    case 'turn':
      return { kind: sit.kind, windowId: sit.windowId, ...cloneTurn(sit) };
    case 'place-judge':
      return { kind: sit.kind, windowId: sit.windowId, seat: sit.seat, judges: sit.judges.slice(), turnOf: sit.turnOf, ...resumeOf(sit.resume) };
    case 'judge-target':
      return { kind: sit.kind, windowId: sit.windowId, seat: sit.seat, block: sit.block, turnOf: sit.turnOf, ...resumeOf(sit.resume) };
    case 'over':
      return { kind: sit.kind };
  }
}

/** A turn's own fields, copied in their order (a turn situation's, or a suspended turn's). */
export function cloneTurn(t: TurnResume): TurnResume {
  const a = t.activation;
  return {
    seat: t.seat,
    step: t.step,
    activationsLeft: t.activationsLeft,
    frenzied: t.frenzied,
    activated: t.activated.slice(),
    activation: a && {
      unit: a.unit,
      start: a.start,
      movementPoints: a.movementPoints,
      run: a.run && { kind: a.run.kind, left: a.run.left },
      attacked: a.attacked,
      ...(a.charge ? { charge: { heading: a.charge.heading, spaces: a.charge.spaces } } : {}),
    },
    ...resumeOf(t.resume),
  };
}

const resumeOf = (resume: TurnResume | undefined) => (resume ? { resume: cloneTurn(resume) } : {});

/**
 * The healthy units by square, built once per units record: rules ask "who stands here?" for
 * every square of a block or the plaza's edge, and "may the moving unit stop here?" (BW8) for
 * every square it might reach. `applyEvent` forgets it whenever an event is applied, so it always
 * reflects the units as they are (a state is changed only by events).
 */
interface Occupancy {
  /** The first healthy unit on each square, in the units record's order. */
  readonly first: Map<SquareId, UnitState>;
  /** The squares with two or more healthy units (a unit passing through a friendly one). */
  readonly crowded: Set<SquareId>;
}

const occupancy = new WeakMap<object, Occupancy>();

export function forgetOccupancy(s: GameState): void {
  occupancy.delete(s.units);
}

function healthyOccupants(s: GameState): Occupancy {
  let occ = occupancy.get(s.units);
  if (occ) return occ;
  occ = { first: new Map(), crowded: new Set() };
  for (const id in s.units) {
    const u = s.units[id]!;
    if (u.square === null || u.wounded) continue;
    if (occ.first.has(u.square)) occ.crowded.add(u.square);
    else occ.first.set(u.square, u);
  }
  occupancy.set(s.units, occ);
  return occ;
}

/** The healthy unit standing on a square, if any (wounded units lie there and are stood over). */
export function healthyUnitOn(s: GameState, square: SquareId): UnitState | undefined {
  return healthyOccupants(s).first.get(square);
}

/** Whether a healthy unit other than `unit` stands on a square (whether or not `unit` stands there too). */
export function anotherHealthyUnitOn(s: GameState, unit: UnitId, square: SquareId): boolean {
  const occ = healthyOccupants(s);
  const first = occ.first.get(square);
  return first !== undefined && (first.id !== unit || occ.crowded.has(square));
}

export const featureOn = (s: GameState, square: SquareId) => s.features.find((f) => f.square === square);

/**
 * Who a unit fights with (BW8): a block unit with its block's other block units; a judge with the
 * other judges; an independent unit only with itself.
 */
export function sideOf(u: UnitState): string {
  const allegiance = unitKind(u.kind).allegiance;
  if (allegiance === 'judge') return 'judges';
  if (allegiance === 'independent') return `independent:${u.id}`;
  return `block:${u.home}`;
}

export const friendly = (a: UnitState, b: UnitState) => sideOf(a) === sideOf(b);

export const placement = (s: GameState) => s.seats.map((x) => x.side);

/**
 * The seat after `seat` in turn order: "The turn then passes on to the player on your left."
 * Surrendered blocks are passed over (BW35); `seat` itself may have just surrendered.
 */
export function nextInOrder(s: GameState, seat: Seat): Seat {
  const i = s.order.indexOf(seat);
  for (let k = 1; k <= s.order.length; k++) {
    const candidate = s.order[(i + k) % s.order.length]!;
    if (!s.seats[candidate]!.surrendered) return candidate;
  }
  return seat;
}

/** The fighting seat before `seat` in turn order: "the player to your right" (BW30, BW35). */
export function previousInOrder(s: GameState, seat: Seat): Seat {
  const i = s.order.indexOf(seat);
  for (let k = 1; k <= s.order.length; k++) {
    const candidate = s.order[(i - k + 2 * s.order.length) % s.order.length]!;
    if (!s.seats[candidate]!.surrendered) return candidate;
  }
  return seat;
}

export const isOver = (s: GameState) => s.situation.kind === 'over';
