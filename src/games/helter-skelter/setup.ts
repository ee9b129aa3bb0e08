// "How to Play — Prep": map cards, starting spaces, fragments of reality, the first player.

import { keyedRng, nextInt, rngPosition, seedRng, shuffle, type RngState } from '../../platform/random.ts';
import { RuleError } from '../../platform/game-module.ts';
import { MAP_IDS } from './board/board.ts';
import { characterDef, MAP_CARDS, teamHas, TEAMS } from './content/index.ts';
import { BASE_TEAM_IDS, TEAM_IDS } from './content/types.ts';
import { check } from '../../platform/draft.ts';
import type { Draft } from './draft.ts';
import { cloneOrders, DEFAULT_ORDERS } from './orders.ts';
import { beginNormalTurn, drawCards } from './turn.ts';
import { charactersOf, startingCardCount } from './state.ts';
import type { AssignStartingCards, Fragment, GameSetup, GameState, RemoveMapCard, Seat, SpaceId } from './types.ts';

const MAP_CARDS_DEALT = 10;
export const STARTING_HAND = 7;

/**
 * Refuses set-ups the box cannot provide: 2–4 seats, each a different team, a known map. Solo
 * ("Playing solo against the Dark Judges", Setup: "Choose a team"): one seat, with a base team —
 * the Dark Judges are the opponent.
 */
export function validateSetup(setup: GameSetup): RuleError | null {
  if (!MAP_IDS.includes(setup.map)) return new RuleError('UNKNOWN_MAP', `There is no map called "${setup.map}".`);
  if (setup.solo) {
    if (setup.seats.length !== 1)
      return new RuleError('BAD_PLAYER_COUNT', 'A solo game has exactly one seat: yours. The Dark Judges are played by the rules.');
    const team = setup.seats[0]!.team;
    if (!TEAM_IDS.includes(team)) return new RuleError('UNKNOWN_TEAM', `There is no team called "${team}".`);
    if (!BASE_TEAM_IDS.includes(team))
      return new RuleError('SOLO_TEAM', 'In a solo game you play a base team (judges, strontium-dogs, nikolai-dante or slaine) against the Dark Judges.');
    if (setup.scenario) return new RuleError('INVALID_SCENARIO', 'A solo game cannot start from a scenario.');
    return null;
  }
  if (setup.seats.length < 2 || setup.seats.length > 4)
    return new RuleError('BAD_PLAYER_COUNT', 'Helter Skelter is played by 2, 3 or 4 players.');
  const teams = setup.seats.map((s) => s.team);
  for (const t of teams)
    if (!TEAM_IDS.includes(t)) return new RuleError('UNKNOWN_TEAM', `There is no team called "${t}".`);
  if (new Set(teams).size !== teams.length)
    return new RuleError('TEAM_TAKEN', 'Each player chooses a different team.');
  return null;
}

/**
 * "If you're playing with two players, find and remove all map cards with the multiplayer symbol.
 * Shuffle all the remaining map cards and deal ten to each player." … "shuffle your action cards
 * into a face down deck". Shuffles come from the game's generator and are the starting state, so
 * nothing random is re-rolled. The seven-card hands are drawn after the fragments are placed
 * (`completeSetupIfReady`, R1), so every card starts in the deck.
 */
export function randomInitialState(setup: GameSetup): GameState {
  const invalid = validateSetup(setup);
  if (invalid) throw invalid;
  let rng = generatorFor(setup);
  const mapCards = MAP_CARDS.filter((c) => setup.seats.length > 2 || !c.multiplayer).map((c) => c.designation);
  const [dealOrder, afterDeal] = shuffle(mapCards, rng);
  rng = afterDeal;

  const characters: GameState['characters'] = {};
  const seats = setup.seats.map(({ team }, seat) => {
    let deck: string[];
    [deck, rng] = shuffle(
      TEAMS[team].deck.map((c) => c.id),
      rng,
    );
    for (const def of TEAMS[team].roster) {
      characters[def.id] = {
        id: def.id,
        form: def.id,
        seat,
        health: def.health,
        warpCubes: 0,
        status: 'undeployed',
        space: null,
        startingCards: [],
        // Dark Judges expansion, Setup: "place an armour token on each of your character cards,
        // with the protected side facing up."
        ...(characterDef(def.id).specials.includes('armour') ? { armour: 'protected' as const } : {}),
      };
    }
    return {
      team,
      hand: [],
      deck,
      discard: [],
      mapCards: dealOrder.slice(seat * MAP_CARDS_DEALT, (seat + 1) * MAP_CARDS_DEALT).sort((a, b) => a - b),
      fragments: 0,
      ...(teamHas(team, 'dark-judges-set-up') ? { mapCardRemoved: false } : {}),
      kills: [],
      eliminated: false,
      orders: cloneOrders(DEFAULT_ORDERS),
      arms: [],
    };
  });

  return {
    map: setup.map,
    seats,
    characters,
    fragments: [],
    activeSeat: 0,
    situation: { kind: 'setup', windowId: 'w1' },
    windows: 1,
    setupDone: [],
    attackedSeats: [],
    activeTurnEnded: false,
    activitySinceMarker: false,
    quietTurns: 0,
    winners: [],
    rng,
  };
}

/** The game's generator: keyed by the set-up's key (every game the platform creates), else by its `seed` (engine tests). */
export function generatorFor(setup: Pick<GameSetup, 'generator' | 'key' | 'seed'>): RngState {
  if (setup.key !== undefined) return keyedRng(setup.key);
  // A set-up that names the generator came from the platform: never deal it from a guessable seed.
  if (setup.generator !== undefined) throw new RuleError('INVALID_SETUP', `The ${setup.generator} generator needs a key.`);
  return seedRng(setup.seed ?? 'unseeded');
}


/** "Secretly place a map card face down below each of your character cards." */
export function assignStartingCards(d: Draft, seat: Seat, cmd: AssignStartingCards): void {
  const s = d.state;
  check(!s.setupDone.includes(seat), 'ALREADY_ASSIGNED', 'You have already placed a map card under every character.');
  const c = charactersOf(s, seat).find((x) => x.id === cmd.character);
  check(c, 'NOT_YOUR_CHARACTER', `${cmd.character} is not one of your characters.`);
  check(c.startingCards.length === 0, 'ALREADY_ASSIGNED', `${cmd.character} already has its starting map card.`);
  const count = startingCardCount(c);
  check(
    cmd.cards.length === count,
    'WRONG_CARD_COUNT',
    `${cmd.character} takes exactly ${count} map card${count > 1 ? 's' : ''}.`,
  );
  check(new Set(cmd.cards).size === cmd.cards.length, 'DUPLICATE_CARD', 'Each map card can be used once.');
  for (const card of cmd.cards)
    check(s.seats[seat]!.mapCards.includes(card), 'MAP_CARD_NOT_YOURS', `Map card ${card} is not in your hand.`);
  d.emit({ type: 'StartingCardsAssigned', seat, character: c.id, cards: cmd.cards.slice().sort((a, b) => a - b) });
  completeSetupIfReady(d);
}

/**
 * Dark Judges expansion, Setup: "after you have placed a map card facedown below each of your
 * character cards, remove one of your 6 remaining map cards from the game (without revealing it to
 * anyone). Then pass your 5 remaining cards to the player on your right as normal."
 */
export function removeMapCard(d: Draft, seat: Seat, cmd: RemoveMapCard): void {
  const s = d.state;
  const own = s.seats[seat]!;
  check(own.mapCardRemoved !== undefined, 'NOT_DARK_JUDGES', 'Only the Dark Judges remove a map card at set-up.');
  check(!own.mapCardRemoved, 'ALREADY_REMOVED', 'You have already removed a map card.');
  check(
    charactersOf(s, seat).every((c) => c.startingCards.length > 0),
    'ASSIGN_FIRST',
    'Place a map card under each of your characters first, then remove one of the remaining six.',
  );
  check(own.mapCards.includes(cmd.card), 'MAP_CARD_NOT_YOURS', `Map card ${cmd.card} is not in your hand.`);
  d.emit({ type: 'MapCardRemoved', seat, card: cmd.card });
  completeSetupIfReady(d);
}

/** The set-up deadline passed: the server assigns for every seat that has not, from the seeded PRNG. */
export function assignForLateSeats(d: Draft): void {
  for (let seat = 0; seat < d.state.seats.length; seat++) assignFor(d, seat);
  completeSetupIfReady(d);
}

/** A seat resigning during set-up (R72): its cards are assigned as its deadline would assign them. */
export function settleSetupFor(d: Draft, seat: Seat): void {
  assignFor(d, seat);
  completeSetupIfReady(d);
}

/** What the set-up deadline does for one seat: its unassigned starting cards, then (Dark Judges) its removed card. */
function assignFor(d: Draft, seat: Seat): void {
  for (const c of charactersOf(d.state, seat)) {
    if (c.startingCards.length > 0) continue;
    let rng = d.state.rng;
    const pool = d.state.seats[seat]!.mapCards.slice();
    const cards: SpaceId[] = [];
    for (let k = 0; k < startingCardCount(c); k++) {
      let i: number;
      [i, rng] = nextInt(rng, pool.length);
      cards.push(pool.splice(i, 1)[0]!);
    }
    d.emit({ type: 'StartingCardsAssigned', seat, character: c.id, cards: cards.sort((a, b) => a - b), rng: rngPosition(rng) });
  }
  const own = d.state.seats[seat]!;
  if (own.mapCardRemoved === false) {
    const [i, rng] = nextInt(d.state.rng, own.mapCards.length);
    d.emit({ type: 'MapCardRemoved', seat, card: own.mapCards[i]!, rng: rngPosition(rng) });
  }
}

/**
 * "Pass your five remaining map cards to the player on your right. Place your fragments on the
 * spaces designated on the map cards handed to you by the player on your left." … "The player
 * whose fragment is on the space with the lowest number starts the game."
 */
function completeSetupIfReady(d: Draft): void {
  const s = d.state;
  if (s.setupDone.length < s.seats.length) return;
  const n = s.seats.length;
  const fragments: Fragment[] = [];
  for (let seat = 0; seat < n; seat++) {
    // Dark Judges: "When you are handed 5 map cards by the player on your left, remove them from
    // the game without placing any fragments of reality."
    if (teamHas(s.seats[seat]!.team, 'dark-judges-set-up')) continue;
    const fromLeft = s.seats[(seat + 1) % n]!.mapCards;
    for (const space of fromLeft) fragments.push({ seat, space });
  }
  fragments.sort((a, b) => a.space - b.space);
  // A seat that resigned during set-up (R72) is out of the game: the next lowest fragment's player starts.
  const firstSeat = (fragments.find((f) => !s.seats[f.seat]!.eliminated) ?? fragments[0]!).seat;
  d.emit({ type: 'SetupCompleted', fragments, firstSeat });
  // "Then remove those map cards from the game. Draw seven cards from your action card deck into
  // your hand." Only now: a hand seen while choosing starting spaces would inform the choice (R1).
  for (let seat = 0; seat < n; seat++) drawCards(d, seat, STARTING_HAND);
  beginNormalTurn(d, firstSeat);
}
