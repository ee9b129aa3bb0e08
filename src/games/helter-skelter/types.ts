// The nouns of Helter Skelter as data: the state of a game, the commands players send, and the
// events the rules produce. Everything here is plain JSON so it can be stored and replayed.

import type { Seat } from '../../platform/game-module.ts';
import type { GeneratorName, RngPosition, RngState } from '../../platform/random.ts';
import type { MapId, SpaceId } from './board/board.ts';
import type { ActionSymbol, CharacterId, TeamId } from './content/types.ts';
import type { SoloAction, SoloJudge } from './content/solo/solo-cards.ts';
import type { ARM_TRIGGERS, DEFENCE_ORDERS, INTERRUPT_ORDERS } from './published/standing-orders.ts';

export type { Seat, SpaceId, CharacterId, TeamId, MapId, ActionSymbol };
export type CardId = string;

// ───────────────────────────── set-up ─────────────────────────────

export interface GameSetup {
  map: MapId;
  /** Seats in clockwise order; a seat's left neighbour is the next seat. */
  seats: readonly { team: TeamId }[];
  /**
   * Keys the game's random generator (HMAC-SHA-256, 64 hex digits): every game created through the
   * platform has one. Secret while the game runs: it determines every deck's order.
   */
  key?: string;
  /** The generator `key` keys, as the platform records it (shown in the game's `fairness`). */
  generator?: GeneratorName;
  /** Engine tests only: keys the generator (`seedRng`) when there is no `key`, for a reproducible deal. */
  seed?: string | number;
  /** Start from this position instead of a random set-up (tutorials, puzzles, tests). */
  scenario?: Scenario;
  /**
   * "Playing solo against the Dark Judges": one seat with a base team against the Dark Judges,
   * played by the rules, not by a seat (solo/).
   */
  solo?: boolean;
}

// ───────────────────────────── state ─────────────────────────────

export interface CharacterState {
  /** The roster character this figure is (stable for the whole game). */
  id: CharacterId;
  /** The card currently in play for it: differs from `id` once Sláine becomes Warp-Sláine. */
  form: CharacterId;
  seat: Seat;
  health: number;
  warpCubes: number;
  status: 'undeployed' | 'deployed' | 'dead';
  /** The space it stands on while deployed. */
  space: SpaceId | null;
  /** Map cards secretly assigned at set-up (Ukko has two); removed from the game on deploy. */
  startingCards: SpaceId[];
  /** The armour token of a Dark Judge ("Armour"): which side faces up. Absent for everyone else. */
  armour?: ArmourSide;
}

/**
 * A solo game's own pieces ("Playing solo against the Dark Judges", Setup). The Dark Judges sit in
 * seat 1 (`SOLO_DARK_SEAT`), a side nobody plays.
 */
export interface SoloState {
  /** "Shuffle the solo cards into a facedown deck": top first. Its order is hidden from everyone. */
  deck: string[];
  discard: string[];
  /**
   * The Dark Judges' turn: the solo cards drawn this turn and not yet discarded (face up, public),
   * the one being resolved last.
   */
  drawn: string[];
  /**
   * The Dark Judges' turn's cursor: the next step (row-major over the card's rows in activation
   * order, left to right) of the last card drawn, while it is being resolved; null when no card is
   * (before the first, between the two, after the second). Play resumes from here after the
   * player's decisions (defence, tie choice) and after an interrupting turn.
   */
  step: number | null;
  /**
   * "Take the fragments of reality of a colour not in play and place them near the character
   * cards": the fragments waiting to double the player's on a kill (R50).
   */
  reserve: number;
  /** Set-up: the map cards drawn for the player's characters, in the order drawn; emptied once placed. */
  characterCards: SpaceId[];
  /** Set-up, Sláine only: "draw the top map card and place it faceup under Ukko". */
  ukkoCard: SpaceId | null;
}

/** "Place an armour token on each of your character cards, with the protected side facing up." */
export type ArmourSide = 'protected' | 'vulnerable';

export interface SeatState {
  team: TeamId;
  deck: CardId[];
  hand: CardId[];
  discard: CardId[];
  /** Map cards dealt at set-up and not yet assigned or passed on. */
  mapCards: SpaceId[];
  /** Fragments of reality this seat has collected. */
  fragments: number;
  /**
   * Dark Judges only ("Dark Judges expansion", Setup): whether the seat has removed one of its six
   * remaining map cards from the game. Absent for every other team.
   */
  mapCardRemoved?: boolean;
  /** Enemy characters this seat has killed, each worth a point. */
  kills: CharacterId[];
  eliminated: boolean;
  /** The seat's standing orders (orders.ts): private to it. */
  orders: StandingOrders;
  /** INTERRUPTs the seat has armed in advance (arms.ts, R58): private to it, one per trigger at most. */
  arms: Arm[];
}

/** Whether the seat is asked in interrupt windows: never (`armed`: its arms claim for it), always, or only after an end of turn. */
export type InterruptOrder = (typeof INTERRUPT_ORDERS)[number];
/** Whether the seat is asked to defend: always asked, or the server defends for it, or it takes the damage. */
export type DefenceOrder = (typeof DEFENCE_ORDERS)[number];

/** Which window an arm claims in (R58). */
export type ArmTrigger = (typeof ARM_TRIGGERS)[number];

/** An INTERRUPT claimed in advance: in the first window `trigger` names, with `card` or the first INTERRUPT card in hand. */
export interface Arm {
  trigger: ArmTrigger;
  card?: CardId;
}

/** docs/rulings.md R34–R40, standing orders: applied the moment a situation would ask the seat. */
export interface StandingOrders {
  interrupt: InterruptOrder;
  defence: DefenceOrder;
}

export interface Fragment {
  seat: Seat;
  space: SpaceId;
}

export type CombatSymbol = 'MELEE' | 'SMASH' | 'SNIPE' | 'SHOTGUN' | 'EXPLODE' | 'PSI';
/**
 * What an attack is: a combat action, or Judge Mortis's Cloud of Decay ("If any character starts
 * their turn in the same space as Judge Mortis, they must make a DEFLECT or PRECOG defence or take
 * 1 damage"), which is no action but is defended against the same way.
 */
export type AttackKind = CombatSymbol | 'CLOUD_OF_DECAY';

/** What a Dark Judge did with one step of a solo card, and why (R55). */
export type DarkJudgeResult =
  /** MOVE: one space along a shortest path towards the closest of the player's characters (on `toward`). */
  | { kind: 'moved'; from: SpaceId; to: SpaceId; toward: SpaceId }
  /** An attack on `space`: its defenders; `choice` says who picked among equal targets. */
  | { kind: 'attacked'; space: SpaceId; defenders: CharacterId[]; choice: 'rules' | 'player' | 'deadline' }
  /**
   * "… it instead does nothing": `WITH_CHARACTER` (MOVE, already in a space with one of the
   * player's characters), `NO_PATH` (MOVE, no character reachable on foot), `NO_TARGET` (an attack
   * with nobody to attack).
   */
  | { kind: 'nothing'; why: 'WITH_CHARACTER' | 'NO_PATH' | 'NO_TARGET' };
export type Defence = 'BLOCK' | 'DEFLECT' | 'PRECOG' | 'COVER';

export interface Attack {
  seat: Seat;
  character: CharacterId;
  action: AttackKind;
  damage: number;
  /** Whether the attacker's seat is taking an interrupting turn (play resumes the same way). */
  interrupting: boolean;
  /** Cloud of Decay only: the turn that starts once the defenders are decided. */
  turnOf?: { seat: Seat; interrupting: boolean };
}

export type DefenderChoice =
  | { kind: 'undecided' }
  | { kind: 'defended'; defence: Defence; card: CardId }
  | { kind: 'discarded'; card: CardId }
  | { kind: 'damage' };

export interface Defender {
  character: CharacterId;
  choice: DefenderChoice;
}

export type Situation =
  | { kind: 'setup'; windowId: string }
  | {
      kind: 'turn';
      windowId: string;
      actor: Seat;
      /** True for an interrupting turn: no cards are drawn at its end. */
      interrupting: boolean;
      /** Step 1 of a normal turn: the first command must deploy a character. */
      mustDeploy: boolean;
    }
  | { kind: 'defence'; windowId: string; attack: Attack; defenders: Defender[] }
  | {
      kind: 'interrupt';
      windowId: string;
      /** The seat whose action or end of turn opened the window. */
      actedSeat: Seat;
      actedInterrupting: boolean;
      after: 'action' | 'endOfTurn';
      /** Seats that may claim, nearest to the acted seat first (clockwise). */
      eligible: Seat[];
      /** A seat's answer: the INTERRUPT card it claims with, or null for a pass. */
      answers: Record<string, CardId | null>;
    }
  | {
      /**
       * Solo: a Dark Judge has several possible target characters with the same health ("you may
       * choose who it targets"): the player picks one of `candidates` (R54).
       */
      kind: 'target';
      windowId: string;
      judge: SoloJudge;
      action: SoloAction;
      card: string;
      step: number;
      space: SpaceId;
      candidates: CharacterId[];
    }
  | { kind: 'over' };

export interface GameState {
  map: MapId;
  seats: SeatState[];
  characters: Record<CharacterId, CharacterState>;
  fragments: Fragment[];
  /** The seat holding the active player marker. */
  activeSeat: Seat;
  situation: Situation;
  /** Counter behind window ids: every situation opened gets the next one. */
  windows: number;
  /** Seats that have finished assigning their starting map cards. */
  setupDone: Seat[];
  /**
   * Seats whose characters an attack named as defenders since the last turn or window opened: what
   * an arm `whenAttacked` (R58) asks of the window that follows. Public, as every attack is.
   */
  attackedSeats: Seat[];
  /** The active player has declared end of turn (an interrupter may still be playing). */
  activeTurnEnded: boolean;
  /** Someone deployed or took an action since the marker last passed. */
  activitySinceMarker: boolean;
  /**
   * Normal turns in a row in which nothing changed: no deploy, no action, no card drawn. Public
   * (`MarkerPassed` carries it); the heuristic bot grows restless with it (bots/evaluate.ts).
   */
  quietTurns: number;
  winners: Seat[];
  rng: RngState;
  /** Solo games only. */
  solo?: SoloState;
}

// ───────────────────────────── commands ─────────────────────────────

interface WithWindow {
  /** Optional: the window the sender is answering; refused as WINDOW_CLOSED when it has moved on. */
  windowId?: string;
}

export type AssignStartingCards = WithWindow & { type: 'ASSIGN_STARTING_CARDS'; character: CharacterId; cards: SpaceId[] };
/**
 * Solo set-up: "Place one of your characters in the space designated … Repeat until you've placed
 * all your characters (in any order)". `characters[i]` goes to the i-th map card drawn for them;
 * Sláine's `ukkoSpace` is the card under Ukko or the one drawn for him.
 */
export type PlaceCharacters = WithWindow & { type: 'PLACE_CHARACTERS'; characters: CharacterId[]; ukkoSpace?: SpaceId };
/** Dark Judges' set-up: "remove one of your 6 remaining map cards from the game (without revealing it to anyone)". */
export type RemoveMapCard = WithWindow & { type: 'REMOVE_MAP_CARD'; card: SpaceId };
export type Deploy = WithWindow & { type: 'DEPLOY'; character: CharacterId; space: SpaceId };
export type EndTurn = WithWindow & { type: 'END_TURN' };
export type Move = WithWindow & { type: 'MOVE'; character: CharacterId; to: SpaceId; cards: CardId[] };
export type Climb = WithWindow & { type: 'CLIMB'; character: CharacterId; to: SpaceId; cards: CardId[] };
export type CollectFragment = WithWindow & { type: 'COLLECT_FRAGMENT'; character: CharacterId; cards: CardId[] };
export type Melee = WithWindow & { type: 'MELEE'; character: CharacterId; card: CardId; defender: CharacterId };
export type Smash = WithWindow & { type: 'SMASH'; character: CharacterId; card: CardId; defender: CharacterId };
export type Snipe = WithWindow & { type: 'SNIPE'; character: CharacterId; card: CardId; defender: CharacterId; hiEx?: boolean };
export type Shotgun = WithWindow & { type: 'SHOTGUN'; character: CharacterId; card: CardId; defender: CharacterId };
export type Explode = WithWindow & { type: 'EXPLODE'; character: CharacterId; card: CardId; space: SpaceId };
export type Psi = WithWindow & { type: 'PSI'; character: CharacterId; card: CardId; defender: CharacterId };
export type Fly = WithWindow & { type: 'FLY'; character: CharacterId; card: CardId; to: SpaceId };
export interface RallyMove {
  character: CharacterId;
  to: SpaceId;
  /** The extra card a CLIMB costs (that character's symbol, or RALLY linked to either); null for a MOVE. */
  climbCard: CardId | null;
}
export type Rally = WithWindow & { type: 'RALLY'; character: CharacterId; card: CardId; ally: CharacterId; moves: RallyMove[] };
export type Heal = WithWindow & { type: 'HEAL'; character: CharacterId; card: CardId; ally: CharacterId };
export type Defend = WithWindow & { type: 'DEFEND'; character: CharacterId; defence: Defence; card: CardId };
export type TakeDamage = WithWindow & { type: 'TAKE_DAMAGE'; character: CharacterId };
export type PsiDiscard = WithWindow & { type: 'PSI_DISCARD'; character: CharacterId; card: CardId };
/** Solo: which of the equal targets a Dark Judge attacks ("you may choose who it targets"). */
export type ChooseTarget = WithWindow & { type: 'CHOOSE_TARGET'; character: CharacterId };
export type ClaimInterrupt = WithWindow & { type: 'CLAIM_INTERRUPT'; card: CardId };
export type PassInterrupt = WithWindow & { type: 'PASS_INTERRUPT' };
/** R70: leaving the game, at any moment; answers no window. */
export type Resign = { type: 'RESIGN'; windowId?: never };
/** A setting, not a move: accepted at any moment of the game, answers no window (so has no windowId). */
export type SetOrders = { type: 'SET_ORDERS'; interrupt?: InterruptOrder; defence?: DefenceOrder; arms?: Arm[]; windowId?: never };
/** System only: the deadline of `windowId` has passed. Ignored when that window is no longer open. */
export type ExpireWindow = { type: 'EXPIRE_WINDOW'; windowId: string };

export type ActionCommand = Move | Climb | CollectFragment | Melee | Smash | Snipe | Shotgun | Explode | Psi | Fly | Rally | Heal;
export type Command =
  | AssignStartingCards
  | RemoveMapCard
  | PlaceCharacters
  | Deploy
  | EndTurn
  | ActionCommand
  | Defend
  | TakeDamage
  | PsiDiscard
  | ChooseTarget
  | ClaimInterrupt
  | PassInterrupt
  | Resign
  | SetOrders
  | ExpireWindow;
export type CommandType = Command['type'];

// ───────────────────────────── events ─────────────────────────────

export type Event =
  /** `rng` is present when the server chose for the seat (set-up deadline passed). */
  | { type: 'StartingCardsAssigned'; seat: Seat; character: CharacterId; cards: SpaceId[]; rng?: RngPosition }
  /** `rng` is present when the server chose for the seat (set-up deadline passed). Others see no `card`. */
  | { type: 'MapCardRemoved'; seat: Seat; card: SpaceId; rng?: RngPosition }
  | { type: 'SetupCompleted'; fragments: Fragment[]; firstSeat: Seat }
  /** Solo set-up: where the player put each character. `rng` never: the deadline default is roster order (R51). */
  /** A solo card drawn for an attacked Dark Judge's defence (public), then discarded (R52). */
  | { type: 'SoloCardDrawn'; card: string; defender: CharacterId }
  /** The solo discard pile shuffled into a new deck. Readers see only its size. */
  | { type: 'SoloDeckReshuffled'; order: string[]; rng: RngPosition }
  /** Solo: a Dark Judge killed doubles the player's fragments, taken from the reserve (R50). */
  | { type: 'FragmentsDoubled'; seat: Seat; count: number }
  | { type: 'SoloCharactersPlaced'; seat: Seat; placements: { character: CharacterId; space: SpaceId }[] }
  /** The Dark Judges' turn: "Draw the top solo card" (the first or second of the turn; public). */
  | { type: 'DarkJudgesCardDrawn'; card: string; number: 1 | 2 }
  /**
   * One step of the solo card being resolved: `judge` takes `action` from `row`'s list (another
   * Dark Judge's row when passed on from a dead one), and what came of it (R55).
   */
  | { type: 'DarkJudgeActed'; card: string; step: number; row: SoloJudge; judge: SoloJudge; action: SoloAction; result: DarkJudgeResult }
  /** Equal targets: the player is asked to choose (R54). */
  | { type: 'TargetChoiceOpened'; windowId: string; card: string; step: number; judge: SoloJudge; action: SoloAction; space: SpaceId; candidates: CharacterId[] }
  /** The solo card has been resolved in full: from now the player may INTERRUPT. */
  | { type: 'SoloCardResolved'; card: string }
  /** "Then discard both solo cards." */
  | { type: 'SoloCardsDiscarded'; cards: string[] }
  | { type: 'TurnBegan'; windowId: string; seat: Seat; interrupting: boolean; mustDeploy: boolean }
  | { type: 'CharacterDeployed'; seat: Seat; character: CharacterId; space: SpaceId; mapCards: SpaceId[] }
  | { type: 'CardsDiscarded'; seat: Seat; cards: CardId[]; reason: string }
  | { type: 'ActionTaken'; seat: Seat; character: CharacterId; action: ActionCommand['type']; detail: ActionCommand }
  | { type: 'CharacterMoved'; character: CharacterId; from: SpaceId; to: SpaceId }
  | { type: 'FragmentCollected'; seat: Seat; character: CharacterId; space: SpaceId }
  | { type: 'AttackDeclared'; windowId: string; attack: Attack; defenders: CharacterId[] }
  /** `expired`: the defence deadline passed and the server decided for the defender's owner. */
  | { type: 'DefenderDecided'; character: CharacterId; choice: DefenderChoice; expired?: true }
  | { type: 'DamageTaken'; character: CharacterId; amount: number; from: CharacterId }
  /** A Dark Judge's armour token turned: by an attack (`vulnerable`) or at the end of a turn (`protected`). */
  | { type: 'ArmourFlipped'; character: CharacterId; side: ArmourSide }
  | { type: 'HealthRestored'; character: CharacterId; amount: number; reason: 'HEAL' | 'vampirism' }
  | { type: 'WarpCubesPlaced'; character: CharacterId; count: number }
  | { type: 'CharacterTransformed'; character: CharacterId; form: CharacterId }
  | { type: 'CharacterKilled'; character: CharacterId; killer: Seat; scoredBy: Seat | null }
  | { type: 'SeatEliminated'; seat: Seat }
  /** The seat resigned (R70): it leaves as an eliminated seat does, or (solo) the Dark Judges win. */
  | { type: 'SeatResigned'; seat: Seat }
  | {
      type: 'InterruptWindowOpened';
      windowId: string;
      actedSeat: Seat;
      actedInterrupting: boolean;
      after: 'action' | 'endOfTurn';
      eligible: Seat[];
    }
  /** `arms`: the seat's arms that answered for it the moment the window opened (R58); others never see them. */
  | { type: 'InterruptAnswered'; windowId: string; seat: Seat; card: CardId | null; arms?: ArmTrigger[] }
  | {
      type: 'InterruptWindowClosed';
      windowId: string;
      winner: Seat | null;
      /** Seats that claimed before the close, nearest in turn order from the acted seat first. */
      claimants: Seat[];
      /** Why the winner won: the nearest of several claims, the only claim, or no claim at all. */
      decidedBy: 'NEAREST_IN_TURN_ORDER' | 'ONLY_CLAIM' | null;
      /** Closed by its deadline rather than by the seats' answers. */
      expired: boolean;
    }
  /** `expired`: the seat ran out of time and the server ended its turn. */
  | { type: 'TurnEnded'; seat: Seat; interrupting: boolean; expired?: true }
  | { type: 'CardsDrawn'; seat: Seat; cards: CardId[] }
  | { type: 'DeckReshuffled'; seat: Seat; order: CardId[]; rng: RngPosition }
  | { type: 'MarkerPassed'; seat: Seat; quietTurns: number }
  /** The seat's orders and arms after the change, in full. Others see only `{ type: 'OrdersSet' }` (view.ts). */
  | { type: 'OrdersSet'; seat: Seat; orders: StandingOrders; arms: Arm[] }
  | { type: 'GameEnded'; winners: Seat[]; reason: 'points' | 'elimination' | 'stalemate' | 'resigned' };

export type EventType = Event['type'];
export type EventOf<T extends EventType> = Extract<Event, { type: T }>;

// ───────────────────────────── scenarios ─────────────────────────────
// A game from an explicit position (scenario.ts builds it; its schema there must match these).

export interface ScenarioCharacter {
  /** A space: deployed there. `undeployed`: waiting behind its `startingCards`. `dead`: out of play. */
  space: SpaceId | 'undeployed' | 'dead';
  /** Undeployed only: the map cards under its character card (Ukko's stealth takes two). */
  startingCards?: SpaceId[];
  /** In play only; defaults to full health. */
  health?: number;
  /** Sláine only (warp-spasm). */
  warpCubes?: number;
  /** Dark Judges only, in play: the armour token's side. Defaults to protected. */
  armour?: ArmourSide;
  /** The card in play, e.g. `warp-slaine`. */
  form?: CharacterId;
}

/** A seat's part of a scenario as a client sends it: its team is the game's seat's team. */
export interface ScenarioSeatOptions {
  /** Defaults to empty. */
  hand?: CardId[];
  /** Top first. Defaults to the rest of the team's deck in deck order. */
  deck?: CardId[];
  discard?: CardId[];
  fragments?: number;
  kills?: CharacterId[];
}

/** A seat as the engine takes it: the API fills in the team and an empty hand (`mergeSeats`). */
export interface ScenarioSeat extends ScenarioSeatOptions {
  team: TeamId;
  hand: CardId[];
}

/** `options.scenario` of `POST /v1/games` (`scenarioSchema`): the map and the teams come from the options. */
export interface ScenarioOptions {
  seats?: ScenarioSeatOptions[];
  /** By roster id. A character not named is placed undeployed, as in a normal set-up (above). */
  characters?: Record<CharacterId, ScenarioCharacter>;
  fragments?: Fragment[];
  /** Whose turn it is (holds the active player marker). Defaults to seat 0. */
  activeSeat?: Seat;
}

export interface Scenario extends Omit<ScenarioOptions, 'seats'> {
  map: MapId;
  seats: ScenarioSeat[];
  /** Engine tests only: keys the generator (`seedRng`) when the set-up has no key. Not in the API. */
  seed?: string | number;
}
