// What each seat may see (docs/architecture.md §5, "Hidden information"): its own hand, its own
// secret starting map cards, its own standing orders and arms, and its own interrupt answers. Everyone sees
// the board, health, scores, discard piles, deck and hand sizes, whose turn it is and who is
// awaited. Nobody sees deck order, other hands, or undeployed characters' cards. Spectators (seat
// null) see what every player sees.

import type { Seat } from '../../platform/game-module.ts';
import { cloneArms, cloneOrders } from './orders.ts';
import { maxHealth, points } from './state.ts';
import type { Arm, ArmourSide, ArmTrigger, Attack, CardId, CharacterId, DefenderChoice, Event, Fragment, GameState, MapId, SoloState, SpaceId, StandingOrders } from './types.ts';

export interface SeatView {
  seat: Seat;
  team: string;
  points: number;
  fragments: number;
  kills: CharacterId[];
  eliminated: boolean;
  handSize: number;
  deckSize: number;
  discard: CardId[];
  /** Only in the viewer's own seat. */
  hand?: CardId[];
  /** Only in the viewer's own seat, during set-up: map cards not yet assigned. */
  mapCards?: SpaceId[];
  /** Only in the viewer's own seat: its standing orders (R34). */
  orders?: StandingOrders;
  /** Only in the viewer's own seat: the INTERRUPTs it has armed (R58). */
  arms?: Arm[];
}

export interface CharacterView {
  id: CharacterId;
  form: CharacterId;
  seat: Seat;
  health: number;
  maxHealth: number;
  warpCubes: number;
  status: 'undeployed' | 'deployed' | 'dead';
  space: SpaceId | null;
  /** Only for the viewer's own undeployed characters. */
  startingCards?: SpaceId[];
  /** Dark Judges only: the armour token's side, public like the health cubes. */
  armour?: ArmourSide;
}

export type SituationView =
  | { kind: 'setup'; windowId: string; done: Seat[] }
  | { kind: 'turn'; windowId: string; actor: Seat; interrupting: boolean; mustDeploy: boolean }
  | { kind: 'defence'; windowId: string; attack: Attack; defenders: { character: CharacterId; choice: DefenderChoice }[] }
  | {
      kind: 'interrupt';
      windowId: string;
      actedSeat: Seat;
      after: 'action' | 'endOfTurn';
      eligible: Seat[];
      /** Seats that have answered; whether they claimed stays hidden until the window closes. */
      answered: Seat[];
      /** The viewer's own answer, if it has given one. */
      myAnswer?: CardId | null;
    }
  | {
      kind: 'target';
      windowId: string;
      judge: string;
      action: string;
      card: string;
      step: number;
      space: SpaceId;
      candidates: CharacterId[];
    }
  | { kind: 'over' };

/** A solo game's own pieces, public but for the solo deck's order (its size only). */
export interface SoloView {
  deckSize: number;
  discard: string[];
  drawn: string[];
  /** The next step of the last card drawn while it is being resolved; null when none is. */
  step: number | null;
  reserve: number;
  characterCards: SpaceId[];
  ukkoCard: SpaceId | null;
}

export interface GameView {
  map: MapId;
  viewer: Seat | null;
  activeSeat: Seat;
  situation: SituationView;
  seats: SeatView[];
  characters: CharacterView[];
  fragments: Fragment[];
  winners: Seat[];
  /** Solo games only. */
  solo?: SoloView;
}

export function view(s: GameState, viewer: Seat | null): GameView {
  const over = s.situation.kind === 'over';
  const sees = (seat: Seat) => over || seat === viewer;
  return {
    map: s.map,
    viewer,
    activeSeat: s.activeSeat,
    situation: situationView(s, viewer),
    seats: s.seats.map((seat, i) => ({
      seat: i,
      team: seat.team,
      points: points(s, i),
      fragments: seat.fragments,
      kills: seat.kills.slice(),
      eliminated: seat.eliminated,
      handSize: seat.hand.length,
      deckSize: seat.deck.length,
      discard: seat.discard.slice(),
      ...(sees(i) ? { hand: seat.hand.slice() } : {}),
      ...(sees(i) && s.situation.kind === 'setup' ? { mapCards: seat.mapCards.slice() } : {}),
      ...(sees(i) ? { orders: cloneOrders(seat.orders), arms: cloneArms(seat.arms) } : {}),
    })),
    characters: Object.values(s.characters).map((c) => ({
      id: c.id,
      form: c.form,
      seat: c.seat,
      health: c.health,
      maxHealth: maxHealth(c),
      warpCubes: c.warpCubes,
      status: c.status,
      space: c.space,
      ...(sees(c.seat) && c.status === 'undeployed' ? { startingCards: c.startingCards.slice() } : {}),
      ...(c.armour === undefined ? {} : { armour: c.armour }),
    })),
    fragments: s.fragments.map((f) => ({ seat: f.seat, space: f.space })),
    winners: s.winners.slice(),
    ...(s.solo === undefined ? {} : { solo: soloView(s.solo) }),
  };
}

/** Never the deck itself: its order is hidden from everyone, the player included. */
function soloView(solo: SoloState): SoloView {
  return {
    deckSize: solo.deck.length,
    discard: solo.discard.slice(),
    drawn: solo.drawn.slice(),
    step: solo.step ?? null,
    reserve: solo.reserve,
    characterCards: solo.characterCards.slice(),
    ukkoCard: solo.ukkoCard,
  };
}

function situationView(s: GameState, viewer: Seat | null): SituationView {
  const sit = s.situation;
  switch (sit.kind) {
    case 'setup':
      return { kind: 'setup', windowId: sit.windowId, done: s.setupDone.slice() };
    case 'turn':
      return { ...sit };
    case 'defence':
      return {
        kind: 'defence',
        windowId: sit.windowId,
        attack: { ...sit.attack },
        defenders: sit.defenders.map((d) => ({ character: d.character, choice: { ...d.choice } })),
      };
    case 'interrupt': {
      const mine = viewer !== null && String(viewer) in sit.answers;
      return {
        kind: 'interrupt',
        windowId: sit.windowId,
        actedSeat: sit.actedSeat,
        after: sit.after,
        eligible: sit.eligible.slice(),
        answered: sit.eligible.filter((seat) => String(seat) in sit.answers),
        ...(mine ? { myAnswer: sit.answers[String(viewer)] ?? null } : {}),
      };
    }
    case 'target':
      return { ...sit, candidates: sit.candidates.slice() };
    case 'over':
      return { kind: 'over' };
  }
}

/** Events as a reader may see them: hidden cards removed, counts kept. */
export type VisibleEvent =
  | Exclude<Event, { type: 'CardsDrawn' | 'DeckReshuffled' | 'SoloDeckReshuffled' | 'StartingCardsAssigned' | 'MapCardRemoved' | 'InterruptAnswered' | 'OrdersSet' }>
  /** The Dark Judges' removed map card is shown to no one but its seat: "without revealing it to anyone". */
  | { type: 'MapCardRemoved'; seat: Seat; card?: SpaceId; byServer: boolean }
  | { type: 'CardsDrawn'; seat: Seat; count: number; cards?: CardId[] }
  | { type: 'DeckReshuffled'; seat: Seat; size: number }
  | { type: 'SoloDeckReshuffled'; size: number }
  | { type: 'StartingCardsAssigned'; seat: Seat; character: CharacterId; cards?: SpaceId[]; byServer: boolean }
  | { type: 'InterruptAnswered'; windowId: string; seat: Seat; card?: CardId | null; arms?: ArmTrigger[] }
  /** The seat's own; every other reader sees only that some seat changed its orders (R39). */
  | { type: 'OrdersSet'; seat: Seat; orders: StandingOrders; arms: Arm[] }
  | { type: 'OrdersSet' };

/**
 * The event as `reader` may see it. The PRNG state in events is never shown: it would let a
 * reader predict every later shuffle. After the game ends the platform publishes the whole log.
 */
export function redact(e: Event, reader: Seat | null): VisibleEvent {
  switch (e.type) {
    case 'CardsDrawn':
      return e.seat === reader ? { ...e, count: e.cards.length } : { type: e.type, seat: e.seat, count: e.cards.length };
    case 'DeckReshuffled':
      return { type: e.type, seat: e.seat, size: e.order.length };
    case 'SoloDeckReshuffled':
      return { type: e.type, size: e.order.length };
    case 'StartingCardsAssigned': {
      const base = { type: e.type, seat: e.seat, character: e.character, byServer: e.rng !== undefined };
      return e.seat === reader ? { ...base, cards: e.cards.slice() } : base;
    }
    case 'MapCardRemoved': {
      const base = { type: e.type, seat: e.seat, byServer: e.rng !== undefined };
      return e.seat === reader ? { ...base, card: e.card } : base;
    }
    case 'InterruptAnswered':
      // Whether the seat claimed, and whether its arms did, is its own until the window closes (R12, R58).
      return e.seat === reader ? { ...e, ...(e.arms ? { arms: e.arms.slice() } : {}) } : { type: e.type, windowId: e.windowId, seat: e.seat };
    case 'OrdersSet':
      return e.seat === reader ? { type: e.type, seat: e.seat, orders: cloneOrders(e.orders), arms: cloneArms(e.arms) } : { type: e.type };
    default:
      return e;
  }
}
