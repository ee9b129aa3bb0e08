// Copying and asking questions of the state. Read-only helpers; nothing here changes state.

import type { GameState, Seat, Situation, SquareId, TurnResume, UnitId, UnitState } from './types.ts';
import { unitKind } from './content/units.ts';

/**
 * A deep copy. Written out field by field (the state is plain JSON): it runs for every event
 * folded, and a JSON round trip was most of the time. The copy starts with its units' index built
 * here, and with the original's occupancy if known: its units stand where the original's do, and
 * rules ask before their first event.
 */
export function cloneState(s: GameState): GameState {
  const from = indexOf(s);
  const units: Record<string, UnitState> = {};
  const list = new Array<UnitState>(from.ids.length);
  for (let i = 0; i < from.ids.length; i++) units[from.ids[i]!] = list[i] = cloneUnit(from.list[i]!);
  keepIndex(units, { ids: from.ids, list, occupancy: from.occupancy });
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
 * What is known of a units record, kept on the record itself. A game's record holds a hundred or
 * so units, enough that V8 keeps it as a dictionary: walking one (for-in, Object.values) cost more
 * than most questions asked while walking it, so its ids and units are listed once. And rules ask
 * "who stands here?" for every square of a block or the plaza's edge, and "may the moving unit
 * stop here?" (BW8) for every square it might reach: the occupancy answers both.
 *
 * The lists stay true for the record's life: events change a unit in place and never add, remove
 * or replace one. The occupancy is forgotten whenever an event is applied (`applyEvent`), so it
 * always reflects the units as they are (a state is changed only by events); it holds unit ids,
 * not units, so a copy of the state can share it, and is never changed once built.
 *
 * It is a non-enumerable symbol property: not in JSON, Object.keys or values, for-in, spreads or
 * structuredClone. Not a WeakMap: that kept every copy's units alive until a full collection
 * (ephemerons), and the heuristic bot's copies grew the heap to 400 MB between 80 ms pauses.
 */
interface UnitsIndex {
  readonly ids: readonly UnitId[];
  readonly list: readonly UnitState[];
  occupancy: Occupancy | null;
}

interface Occupancy {
  /** The first healthy unit on each square, in the units record's order. */
  readonly first: Map<SquareId, UnitId>;
  /** The squares with two or more healthy units (a unit passing through a friendly one). */
  readonly crowded: Set<SquareId>;
}

const INDEX = Symbol('units index');

type Indexed = Record<string, UnitState> & { [INDEX]?: UnitsIndex };

function keepIndex(units: Record<string, UnitState>, index: UnitsIndex): UnitsIndex {
  Object.defineProperty(units, INDEX, { value: index });
  return index;
}

function indexOf(s: GameState): UnitsIndex {
  const units = s.units as Indexed;
  const known = units[INDEX];
  if (known) return known;
  const ids = Object.keys(units);
  return keepIndex(units, { ids, list: ids.map((id) => units[id]!), occupancy: null });
}

/** Every unit, in the units record's order (that of `Object.values`). */
export function allUnits(s: GameState): readonly UnitState[] {
  return indexOf(s).list;
}

export function forgetOccupancy(s: GameState): void {
  const index = (s.units as Indexed)[INDEX];
  if (index) index.occupancy = null;
}

function healthyOccupants(s: GameState): Occupancy {
  const index = indexOf(s);
  if (index.occupancy) return index.occupancy;
  const occ: Occupancy = { first: new Map(), crowded: new Set() };
  const { ids, list } = index;
  for (let i = 0; i < ids.length; i++) {
    const u = list[i]!;
    if (u.square === null || u.wounded) continue;
    if (occ.first.has(u.square)) occ.crowded.add(u.square);
    else occ.first.set(u.square, ids[i]!);
  }
  index.occupancy = occ;
  return occ;
}

/** The healthy unit standing on a square, if any (wounded units lie there and are stood over). */
export function healthyUnitOn(s: GameState, square: SquareId): UnitState | undefined {
  const id = healthyOccupants(s).first.get(square);
  return id === undefined ? undefined : s.units[id];
}

/** Whether a healthy unit other than `unit` stands on a square (whether or not `unit` stands there too). */
export function anotherHealthyUnitOn(s: GameState, unit: UnitId, square: SquareId): boolean {
  const occ = healthyOccupants(s);
  const first = occ.first.get(square);
  return first !== undefined && (first !== unit || occ.crowded.has(square));
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
