// The Miniatures game's state, commands and events: plain JSON, so the platform stores them as
// they are. Positions are integers in hundredths of an inch (geometry/shapes.ts).

import type { Seat } from '../../platform/game-module.ts';
import type { GeneratorName, RngPosition, RngState } from '../../platform/random.ts';
import type { CoverClass } from './content/types.ts';
import type { Point } from './geometry/shapes.ts';
import type { StandingOrders } from './orders.ts';
import type { Position } from './position.ts';

export type { Point, Seat };
export type ModelId = string;

export interface GameSetup {
  scenario: string;
  generator: GeneratorName;
  key: string;
  /** A described position instead of the scenario's deployment (position.ts); only where the server allows scenarios. */
  position?: Position;
}

export interface ModelState {
  id: ModelId;
  name: string;
  profile: string;
  seat: Seat;
  at: Point;
  hits: number;
  removed: boolean;
  /** "they are locked in close combat": the enemy models this one is locked with. */
  lockedWith: ModelId[];
  /** "Models that have not taken any actions for a turn are considered to be on Alert Status." */
  alert: boolean;
}

export type ActionKind = 'move' | 'shoot' | 'melee' | 'special';

export interface PhaseState {
  seat: Seat;
  /** "When a model is selected by you in a turn, it must make two actions before you can move on to another model." */
  selected: { model: ModelId; actions: number } | null;
  /** Models that have made their two actions this Phase. */
  acted: ModelId[];
}

/** An action held open while its Melee's winner decides on the push-back. */
export interface PendingAction {
  model: ModelId;
  /** The action's path crossed or ended in dangerous terrain. */
  dangerous: boolean;
}

export type Situation =
  | { kind: 'roll-off'; windowId: string; rolls: Record<string, number> }
  | { kind: 'phase'; windowId: string }
  | { kind: 'push-back'; windowId: string; seat: Seat; winner: ModelId; loser: ModelId; mayFollow: boolean; pending: PendingAction }
  | { kind: 'over' };

export interface GameState {
  scenario: string;
  /** 0 before the first turn. */
  turn: number;
  /** The seat that takes the first Phase of every turn, once decided. */
  first: Seat | null;
  models: Record<ModelId, ModelState>;
  phase: PhaseState | null;
  rng: RngState;
  windows: number;
  situation: Situation;
  /** Once over: the winning seat, or null for a draw. */
  winner: Seat | null;
  /** Each seat's standing orders (M21), private to it. */
  orders: StandingOrders[];
}

export type Command =
  | { type: 'ROLL_OFF'; windowId?: string }
  | { type: 'MOVE'; model: ModelId; path?: Point[]; windowId?: string }
  | { type: 'SHOOT'; model: ModelId; target: ModelId; windowId?: string }
  | { type: 'MELEE'; model: ModelId; target: ModelId; path?: Point[]; windowId?: string }
  | { type: 'SPECIAL'; model: ModelId; path?: Point[]; windowId?: string }
  | { type: 'PUSH_BACK'; push: boolean; follow?: boolean; windowId?: string }
  | { type: 'END_PHASE'; windowId?: string }
  | { type: 'SET_ORDERS'; pushBack: StandingOrders['pushBack'] }
  | { type: 'RESIGN' }
  | { type: 'EXPIRE_WINDOW'; windowId: string };

export type CommandType = Command['type'];

/** What a roll was for; every roll is a public event told in words. */
export type RollKind = 'roll-off' | 'shooting' | 'target-agility' | 'armour' | 'melee' | 'into-combat' | 'agility-check';

export interface ShotReport {
  weapon: string;
  /** Edge to edge, hundredths of an inch. */
  range: number;
  lineOfSight: boolean;
  cover: CoverClass;
}

export type Event =
  | { type: 'DiceRolled'; roll: RollKind; seat: Seat | null; model: ModelId | null; dice: number[]; totals: number[]; rng: RngPosition; text: string }
  | { type: 'FirstPhaseDecided'; seat: Seat; text: string }
  | { type: 'SituationOpened'; situation: Situation }
  | { type: 'TurnBegan'; turn: number }
  | { type: 'PhaseBegan'; seat: Seat }
  | { type: 'ActionTaken'; model: ModelId; action: ActionKind }
  | { type: 'ModelMoved'; model: ModelId; path: Point[]; length: number; allowance: number | null; reason: 'move' | 'melee' | 'flee' | 'push' | 'follow'; text: string }
  | { type: 'MeleeBecameMove'; model: ModelId; target: ModelId; text: string }
  | { type: 'ShotTaken'; model: ModelId; target: ModelId; shot: ShotReport; text: string }
  | { type: 'HitsLost'; model: ModelId; hits: number; left: number; text: string }
  | { type: 'ModelRemoved'; model: ModelId; text: string }
  | { type: 'CombatLocked'; models: [ModelId, ModelId] }
  | { type: 'CombatEnded'; models: [ModelId, ModelId] }
  | { type: 'ActionCompleted'; model: ModelId }
  /** `expired`: the deadline passed and the server ended the Phase. */
  | { type: 'PhaseEnded'; seat: Seat; alert: ModelId[]; expired?: true }
  | { type: 'OrdersSet'; seat: Seat; orders: StandingOrders }
  | { type: 'GameEnded'; winner: Seat | null; reason: 'victory' | 'last-turn' | 'resigned'; text: string };
