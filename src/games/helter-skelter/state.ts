// Questions about a game state that many rules ask: who stands where, whose character is whose,
// how many points a seat has. Read-only helpers; nothing here changes state.

import { characterDef, symbolOf, TEAMS } from './content/index.ts';
import type { CharacterDef, Special } from './content/types.ts';
import { cloneArms, cloneOrders } from './orders.ts';
import type {
  Attack,
  CardId,
  CharacterId,
  CharacterState,
  DefenderChoice,
  GameState,
  Seat,
  SeatState,
  Situation,
  SoloState,
  SpaceId,
} from './types.ts';

// Written out field by field (no spreads) so every copy has the same shape: V8 keeps such objects
// fast, and decide and evolve copy the state on every call.
export function cloneState(s: GameState): GameState {
  // Characters in seat then roster order, the order rules iterate them (e.g. EXPLODE's defenders),
  // whatever order a scenario listed them in.
  const characters: Record<CharacterId, CharacterState> = {};
  for (const seat of s.seats)
    for (const def of TEAMS[seat.team].roster) characters[def.id] = cloneCharacter(s.characters[def.id]!);
  return {
    map: s.map,
    seats: s.seats.map(cloneSeat),
    characters,
    fragments: s.fragments.map((f) => ({ seat: f.seat, space: f.space })),
    activeSeat: s.activeSeat,
    situation: cloneSituation(s.situation),
    windows: s.windows,
    setupDone: s.setupDone.slice(),
    attackedSeats: s.attackedSeats.slice(),
    activeTurnEnded: s.activeTurnEnded,
    activitySinceMarker: s.activitySinceMarker,
    quietTurns: s.quietTurns,
    winners: s.winners.slice(),
    rng: s.rng,
    ...(s.solo === undefined ? {} : { solo: cloneSolo(s.solo) }),
  };
}

function cloneSolo(solo: SoloState): SoloState {
  return {
    deck: solo.deck.slice(),
    discard: solo.discard.slice(),
    drawn: solo.drawn.slice(),
    step: solo.step,
    reserve: solo.reserve,
    characterCards: solo.characterCards.slice(),
    ukkoCard: solo.ukkoCard,
  };
}

function cloneCharacter(c: CharacterState): CharacterState {
  return {
    id: c.id,
    form: c.form,
    seat: c.seat,
    health: c.health,
    warpCubes: c.warpCubes,
    status: c.status,
    space: c.space,
    startingCards: c.startingCards.slice(),
    ...(c.armour === undefined ? {} : { armour: c.armour }),
  };
}

function cloneSeat(seat: SeatState): SeatState {
  return {
    team: seat.team,
    deck: seat.deck.slice(),
    hand: seat.hand.slice(),
    discard: seat.discard.slice(),
    mapCards: seat.mapCards.slice(),
    fragments: seat.fragments,
    ...(seat.mapCardRemoved === undefined ? {} : { mapCardRemoved: seat.mapCardRemoved }),
    kills: seat.kills.slice(),
    eliminated: seat.eliminated,
    orders: cloneOrders(seat.orders),
    arms: cloneArms(seat.arms),
  };
}

export function cloneChoice(c: DefenderChoice): DefenderChoice {
  switch (c.kind) {
    case 'defended':
      return { kind: 'defended', defence: c.defence, card: c.card };
    case 'discarded':
      return { kind: 'discarded', card: c.card };
    default:
      return { kind: c.kind };
  }
}

export function cloneSituation(sit: Situation): Situation {
  switch (sit.kind) {
    case 'setup':
      return { kind: 'setup', windowId: sit.windowId };
    case 'turn':
      return { kind: 'turn', windowId: sit.windowId, actor: sit.actor, interrupting: sit.interrupting, mustDeploy: sit.mustDeploy };
    case 'defence':
      return {
        kind: 'defence',
        windowId: sit.windowId,
        attack: cloneAttack(sit.attack),
        defenders: sit.defenders.map((d) => ({ character: d.character, choice: cloneChoice(d.choice) })),
      };
    case 'interrupt': {
      const answers: Record<string, CardId | null> = {};
      for (const seat in sit.answers) answers[seat] = sit.answers[seat]!;
      return {
        kind: 'interrupt',
        windowId: sit.windowId,
        actedSeat: sit.actedSeat,
        actedInterrupting: sit.actedInterrupting,
        after: sit.after,
        eligible: sit.eligible.slice(),
        answers,
      };
    }
    case 'target':
      return {
        kind: 'target',
        windowId: sit.windowId,
        judge: sit.judge,
        action: sit.action,
        card: sit.card,
        step: sit.step,
        space: sit.space,
        candidates: sit.candidates.slice(),
      };
    case 'over':
      return { kind: 'over' };
  }
}

export const cloneAttack = (a: Attack): Attack => ({
  seat: a.seat,
  character: a.character,
  action: a.action,
  damage: a.damage,
  interrupting: a.interrupting,
  ...(a.turnOf === undefined ? {} : { turnOf: { seat: a.turnOf.seat, interrupting: a.turnOf.interrupting } }),
});

/** The card in play for a character (Warp-Sláine once Sláine has changed). */
export const formOf = (c: CharacterState): CharacterDef => characterDef(c.form);
/** The character symbol that cards must show to pay for this character. */
export const symbolFor = (c: CharacterState): CharacterId => symbolOf(c.form);
export const hasSpecial = (c: CharacterState, special: Special): boolean => formOf(c).specials.includes(special);

/** "Stealth: at the start of the game, assign two map cards to Ukko instead of one." */
export const startingCardCount = (c: CharacterState): number => (hasSpecial(c, 'stealth') ? 2 : 1);
export const maxHealth = (c: CharacterState): number => formOf(c).health;

export function character(state: GameState, id: CharacterId): CharacterState | undefined {
  return Object.prototype.hasOwnProperty.call(state.characters, id) ? state.characters[id] : undefined;
}

export function charactersOf(state: GameState, seat: Seat): CharacterState[] {
  return Object.values(state.characters).filter((c) => c.seat === seat);
}

/** Living characters standing on `space`, in roster order. */
export function charactersOn(state: GameState, space: SpaceId): CharacterState[] {
  return Object.values(state.characters).filter((c) => c.status === 'deployed' && c.space === space);
}

export const isOnBoard = (c: CharacterState): c is CharacterState & { space: SpaceId } =>
  c.status === 'deployed' && c.space !== null;

/**
 * "Each enemy character you kill is worth one point. Each fragment of reality you collect is worth
 * one point." Infamous Adversaries: "Each Dark Judge killed by another player is worth 2 points."
 */
export function points(state: GameState, seat: Seat): number {
  const s = state.seats[seat]!;
  // Solo, "Game End": "Each fragment of reality you collect is worth 1 point"; a kill doubles them
  // instead of scoring (R53).
  if (state.solo) return s.fragments;
  const kills = s.kills.reduce((sum, id) => sum + (characterDef(id).specials.includes('infamous-adversaries') ? 2 : 1), 0);
  return kills + s.fragments;
}

export const inHand = (state: GameState, seat: Seat, card: CardId): boolean => state.seats[seat]!.hand.includes(card);

/** Seats still in the game, clockwise starting after `from` (not including `from`). */
export function seatsAfter(state: GameState, from: Seat): Seat[] {
  const n = state.seats.length;
  const out: Seat[] = [];
  for (let i = 1; i < n; i++) {
    const seat = (from + i) % n;
    if (!state.seats[seat]!.eliminated) out.push(seat);
  }
  return out;
}

export const isOver = (state: GameState): boolean => state.situation.kind === 'over';
