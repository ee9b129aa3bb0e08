// The attack that made the old shuffle unfair, run against both generators. With mulberry32 a
// game's whole deal is a function of one 32-bit integer: a seated player who knows their own map
// cards tries every state, keeps the one that deals them exactly those, and reads off every other
// hand and deck order (all 2^32 states take minutes on one core). A keyed game's deal is a function
// of a 256-bit key: the search space the attack walks does not contain it, and no state it tries
// deals the seat's cards except by a chance of about one in C(30,10)·10! per state.

import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seedRng, shuffle, type LegacyRng } from '../../../../src/platform/random.ts';
import { MAP_CARDS, TEAMS } from '../../../../src/games/helter-skelter/content/index.ts';
import { initialState } from '../../../../src/games/helter-skelter/initial-state.ts';
import type { GameSetup, GameState, TeamId } from '../../../../src/games/helter-skelter/types.ts';

const TEAMS_AT_TABLE: TeamId[] = ['judges', 'strontium-dogs', 'nikolai-dante', 'slaine'];
const SEATS = TEAMS_AT_TABLE.map((team) => ({ team }));
const MAP_CARDS_DEALT = 10;

/** The legacy deal from a raw mulberry32 state, as the open-source set-up code computes it. */
function legacyDeal(state: LegacyRng): { mapCards: number[][]; decks: string[][] } {
  const [dealOrder, afterDeal] = shuffle(
    MAP_CARDS.map((c) => c.designation),
    state,
  );
  let rng = afterDeal;
  const decks = TEAMS_AT_TABLE.map((team) => {
    let deck: string[];
    [deck, rng] = shuffle(
      TEAMS[team].deck.map((c) => c.id),
      rng,
    );
    return deck;
  });
  const mapCards = SEATS.map((_, seat) => dealOrder.slice(seat * MAP_CARDS_DEALT, (seat + 1) * MAP_CARDS_DEALT).sort((a, b) => a - b));
  return { mapCards, decks };
}

/**
 * Seat 0 knows its own ten map cards. Walk `count` candidate states from `from` and keep those that
 * deal seat 0 exactly those cards; return what each match says about every seat's deck.
 */
function search(known: number[], from: number, count: number): { state: number; decks: string[][] }[] {
  const matches: { state: number; decks: string[][] }[] = [];
  const target = known.join(',');
  for (let i = 0; i < count; i++) {
    const state = (from + i) >>> 0;
    // Cheap filter first: only seat 0's map cards.
    const [dealOrder] = shuffle(
      MAP_CARDS.map((c) => c.designation),
      state,
    );
    if (dealOrder.slice(0, MAP_CARDS_DEALT).sort((a, b) => a - b).join(',') !== target) continue;
    matches.push({ state, decks: legacyDeal(state).decks });
  }
  return matches;
}

/** Every seat's cards in deck order, hand first: what the attacker wants to know. */
const cardsOf = (s: GameState): string[][] => s.seats.map((seat) => [...seat.hand, ...seat.deck]);

const SPAN = 200_000;

describe('the 32-bit state-search attack', () => {
  it('recovers every hand and deck of a legacy (edition 1) game once its search reaches the true state', () => {
    const setup: GameSetup = { map: 'grand-hall-of-justice', seats: SEATS, seed: 'friday-night', edition: 1 };
    const game = initialState(setup);
    const truth = seedRng('friday-night');
    // The full search walks all 2^32 states; a window around the true state shows it finds it.
    const matches = search(game.seats[0]!.mapCards, truth - SPAN / 2, SPAN);
    expect(matches.map((m) => m.state)).toEqual([truth]);
    expect(matches[0]!.decks).toEqual(cardsOf(game));
  });

  it('recovers nothing from a keyed game: no 32-bit state deals the seat its cards', () => {
    const setup: GameSetup = { map: 'grand-hall-of-justice', seats: SEATS, key: randomBytes(32).toString('hex') };
    const game = initialState(setup);
    const known = game.seats[0]!.mapCards;
    expect(known).toHaveLength(MAP_CARDS_DEALT);
    // The same search over as many states, at the start and at a random place in the 32-bit space.
    const start = randomBytes(4).readUInt32BE(0);
    expect(search(known, 0, SPAN)).toEqual([]);
    expect(search(known, start, SPAN)).toEqual([]);
  });
});
