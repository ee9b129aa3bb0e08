// Block War's state, commands and events: plain JSON, so the platform can store them as they are.

import type { Seat } from '../../platform/game-module.ts';
import type { GeneratorName, RngPosition, RngState } from '../../platform/random.ts';
import type { Side } from './content/plaza.ts';
import type { Colour } from './content/units.ts';

export type { Seat };

/** A square: `plaza:x,y` or `block:<seat>:<level>,<column>` (the block of that seat's player). */
export type SquareId = string;
export type UnitId = string;
export type Feature = 'statue' | 'stall';

export interface GameSetup {
  seats: { block: string; colour: Colour }[];
  generator: GeneratorName;
  key: string;
  /** The optional time limit, in minutes (BW50). */
  timeLimitMinutes?: number;
}

/** The optional time limit (BW50): when it runs out, and whether the last round has begun. */
export interface TimeLimit {
  minutes: number;
  /** Set by the game's first command: its acceptance time plus the limit (ISO 8601). */
  endsAt: string | null;
  lastRound: boolean;
}

export interface UnitState {
  id: UnitId;
  kind: string;
  /** The seat whose block set the counter belongs to; null for street judges and Dredd. */
  home: Seat | null;
  square: SquareId | null;
  wounded: boolean;
  /** An ugly counter's printed rating. */
  ugly?: number;
}

export interface SeatState {
  block: string;
  colour: Colour;
  side: Side | null;
  /** The block counter's space on the justice track: the block's fighting spirit. */
  spirit: number;
  /** Counters not yet drawn. */
  pool: UnitId[];
  /** Counters drawn and not yet placed (face up: BW9). */
  drawn: UnitId[];
  /** The block has surrendered (BW35): out of the game, its turns passed over. */
  surrendered: boolean;
}

export interface Activation {
  unit: UnitId;
  /** Where the unit stood when activated. */
  start: SquareId;
  movementPoints: number;
  /** Spaces still free after a plaza or turbo-lift step paid for more than one (BW5). */
  run: { kind: 'plaza' | 'lift'; left: number } | null;
  /** "An activated unit may make one brawling, shooting or special attack". */
  attacked: boolean;
  /** A fatty's straight run (BW44): the last step's direction and the spaces moved in that line. */
  charge?: { heading: string; spaces: number };
}

/** Steps 2, 3 and 4 of a turn; 'informant' is the judge activation of BW48, taken at once. */
export type TurnStep = 'activate' | 'independent' | 'judge' | 'informant';

/** A turn suspended while control's landing is settled mid-turn (BW43): resumed as it was. */
export interface TurnResume {
  seat: Seat;
  step: TurnStep;
  activationsLeft: number;
  frenzied: boolean;
  activated: UnitId[];
  activation: Activation | null;
  /** A turn suspended for an informant's judge activation (BW48); absent: the turn's reinforcements follow. */
  resume?: TurnResume;
}

export type Situation =
  | { kind: 'roll'; windowId: string; rolling: Seat[]; rolls: Record<string, [number, number]> }
  | { kind: 'place-block'; windowId: string; seat: Seat }
  | { kind: 'place-feature'; windowId: string; seat: Seat; feature: Feature }
  | { kind: 'place-unit'; windowId: string; seat: Seat; duringSetup: boolean }
  | {
      kind: 'turn';
      windowId: string;
      seat: Seat;
      step: TurnStep;
      activationsLeft: number;
      frenzied: boolean;
      activated: UnitId[];
      activation: Activation | null;
      resume?: TurnResume;
    }
  | { kind: 'place-judge'; windowId: string; seat: Seat; judges: UnitId[]; turnOf: Seat; resume?: TurnResume }
  | { kind: 'judge-target'; windowId: string; seat: Seat; block: Seat; turnOf: Seat; resume?: TurnResume }
  | { kind: 'over' };

export interface GameState {
  seats: SeatState[];
  /** Seats in turn order, first player first; empty until the dice decide it. */
  order: Seat[];
  control: number;
  /**
   * Whether the block whose turn it is began it frenzied (BW53: judged as the turn begins, before
   * its start-of-turn fighting spirit): "one extra reinforcement and … one extra unit".
   */
  beganFrenzied: boolean;
  units: Record<UnitId, UnitState>;
  judgePool: UnitId[];
  features: { feature: Feature; seat: Seat; square: SquareId }[];
  /** Squares holding a scrawl counter (a civic statue's square, or a square of a block), in order made. */
  scrawls: SquareId[];
  rng: RngState;
  windows: number;
  situation: Situation;
  winners: Seat[];
  /** Present only in a game created with a time limit. */
  timeLimit?: TimeLimit;
}

export type Command =
  | { type: 'ROLL_FOR_ORDER'; windowId?: string }
  | { type: 'PLACE_BLOCK'; side: Side; windowId?: string }
  | { type: 'PLACE_FEATURE'; square: SquareId; windowId?: string }
  | { type: 'PLACE_UNIT'; unit: UnitId; square: SquareId; windowId?: string }
  | { type: 'ACTIVATE'; unit: UnitId; windowId?: string }
  | { type: 'STEP'; to: SquareId; windowId?: string }
  | { type: 'BRAWL'; target: UnitId; windowId?: string }
  | { type: 'SHOOT'; target: UnitId; windowId?: string }
  | { type: 'HEAL'; target: UnitId; windowId?: string }
  | { type: 'SCRAWL'; square: SquareId; windowId?: string }
  | { type: 'CLEAN'; square: SquareId; windowId?: string }
  | { type: 'PLACE_JUDGE'; unit: UnitId; square: SquareId; windowId?: string }
  | { type: 'JUDGE_TARGET'; unit: UnitId; windowId?: string }
  | { type: 'END_ACTIVATION'; windowId?: string }
  | { type: 'END_STEP'; windowId?: string }
  | { type: 'CALL_SURRENDER'; windowId?: string }
  | { type: 'SURRENDER'; windowId?: string }
  | { type: 'EXPIRE_WINDOW'; windowId: string };

export type CommandType = Command['type'];

export type Event =
  | { type: 'OrderDiceRolled'; seat: Seat; dice: [number, number]; rng: RngPosition }
  | { type: 'TurnOrderDecided'; order: Seat[] }
  | { type: 'BlockPlaced'; seat: Seat; side: Side }
  | { type: 'FeaturePlaced'; seat: Seat; feature: Feature; square: SquareId }
  | { type: 'UnitsDrawn'; seat: Seat; units: UnitId[]; rng: RngPosition }
  | { type: 'UnitPlaced'; seat: Seat; unit: UnitId; square: SquareId }
  /** BW51: a drawn counter with nowhere it may be placed goes back to its block pool. */
  | { type: 'CounterReturnedToPool'; seat: Seat; unit: UnitId }
  | { type: 'SituationOpened'; situation: Situation }
  | { type: 'UnitActivated'; unit: UnitId; movementPoints: number }
  | { type: 'UnitMoved'; unit: UnitId; from: SquareId; to: SquareId; cost: number; movement: MovementKind }
  | { type: 'UnitReturned'; unit: UnitId; to: SquareId }
  | { type: 'AttackMade'; attack: 'brawl' | 'shoot' | 'heal'; unit: UnitId; target: UnitId }
  | { type: 'StallRolled'; unit: UnitId; die: number; passed: boolean; rng: RngPosition }
  | { type: 'Scrawled'; unit: UnitId; square: SquareId }
  | { type: 'CleanRolled'; unit: UnitId; die: number; rng: RngPosition }
  | { type: 'ScrawlCleaned'; unit: UnitId; square: SquareId }
  | { type: 'RoboDocCrazed'; unit: UnitId; die: number; crazed: UnitId | null; rng: RngPosition }
  | { type: 'JanitorHired'; unit: UnitId; janitor: UnitId }
  | { type: 'TimeLimitStarted'; endsAt: string }
  | { type: 'LastRoundBegan' }
  | { type: 'BrawlRolled'; attackerDie: number; defenderDie: number; attackerTotal: number; defenderTotal: number; rng: RngPosition }
  | { type: 'ShotRolled'; die: number; total: number; hit: boolean; rng: RngPosition }
  | { type: 'ArmourSaveRolled'; unit: UnitId; die: number; total: number; saved: boolean; rng: RngPosition }
  | { type: 'UnitWounded'; unit: UnitId }
  | { type: 'HealRolled'; unit: UnitId; die: number; total: number; rng: RngPosition }
  | { type: 'UnitHealed'; unit: UnitId }
  | { type: 'UnitRemoved'; unit: UnitId }
  | { type: 'MoraleChecked'; unit: UnitId; die: number; total: number; fightsOn: boolean; rng: RngPosition }
  | { type: 'FightingSpiritGained'; seat: Seat; amount: number; to: number }
  | { type: 'ActivationEnded'; unit: UnitId }
  | { type: 'ControlMoved'; to: number }
  | { type: 'JudgesDrawn'; seat: Seat; units: UnitId[]; rng: RngPosition }
  | { type: 'JudgeDeployed'; unit: UnitId; square: SquareId }
  | { type: 'JudgesTarget'; block: Seat; unit: UnitId }
  | { type: 'TurnPassed'; from: Seat; to: Seat }
  /** A seat's deadline passed: the server acts for it next (decide.ts, `expire`), which the log tells apart from its own moves. */
  | { type: 'TimeRanOut'; seat: Seat }
  /** A turn begins; `frenzied`: the block begins it frenzied (BW53). */
  | { type: 'TurnBegan'; seat: Seat; frenzied: boolean }
  /** A gain of fighting spirit took the block 20 or more beyond control (BW53). */
  | { type: 'BlockFrenzied'; seat: Seat }
  | { type: 'JudgeReturnedToPool'; unit: UnitId }
  | { type: 'SurrenderCalled'; unit: UnitId }
  | { type: 'BlockSurrendered'; seat: Seat; reason: 'chose' | 'no-fighting-units' | 'outnumbered' }
  | { type: 'GameEnded'; winners: Seat[]; reason: 'control-reached-100' | 'block-counter-reached-100' | 'last-block-fighting' | 'time-limit' };

/** The rows of the movement table. */
export type MovementKind = 'compartment' | 'section' | 'level' | 'lift' | 'plaza' | 'leap';
