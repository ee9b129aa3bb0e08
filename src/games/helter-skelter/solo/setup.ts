// A solo game's starting state and its one set-up decision ("Playing solo against the Dark Judges",
// Setup). Everything random comes from the game's generator, in the order the text does it: the
// player's action deck, the solo cards, then the map cards (soloPlacement). The Dark Judges sit in
// seat 1, a side nobody plays (solo/seat.ts).

import { shuffle } from '../../../platform/random.ts';
import { boardFor } from '../board/index.ts';
import { characterDef, TEAMS } from '../content/index.ts';
import { SOLO_CARDS } from '../content/solo/solo-cards.ts';
import { check } from '../../../platform/draft.ts';
import type { Draft } from '../draft.ts';
import { cloneOrders, DEFAULT_ORDERS } from '../orders.ts';
import { generatorFor, STARTING_HAND, validateSetup } from '../setup.ts';
import { beginNormalTurn, drawCards } from '../turn.ts';
import type { CharacterState, GameSetup, GameState, PlaceCharacters, Seat, SeatState, SpaceId, TeamId } from '../types.ts';
import { soloMapCards, soloPlacement, SOLO_FRAGMENTS } from './placement.ts';
import { placementOrder, stealthy } from './placement-choices.ts';
import { SOLO_DARK_SEAT, SOLO_PLAYER_SEAT } from './seat.ts';

/** R50: "the fragments of reality of a colour not in play" are one colour's five. */
export const SOLO_RESERVE = SOLO_FRAGMENTS;

export function soloInitialState(setup: GameSetup): GameState {
  const invalid = validateSetup(setup);
  if (invalid) throw invalid;
  const team = setup.seats[0]!.team;
  // "Choose a team. Take your characters and components and set them up as normal."
  const [deck, afterDeck] = shuffle(
    TEAMS[team].deck.map((c) => c.id),
    generatorFor(setup),
  );
  // "Shuffle the solo cards into a facedown deck."
  const [soloDeck, afterSolo] = shuffle(
    SOLO_CARDS.map((c) => c.id),
    afterDeck,
  );
  const [mapOrder, rng] = shuffle(soloMapCards(), afterSolo);

  const roster = TEAMS[team].roster;
  // Sláine: "before placing your characters, draw the top map card and place it faceup under Ukko":
  // one more card drawn after the Dark Judges' — the first of the player's (R51).
  const ukko = roster.some((def) => def.specials.includes('stealth'));
  const placement = soloPlacement(boardFor(setup.map), mapOrder, roster.length + (ukko ? 1 : 0));
  const characterCards = placement.characterCards.slice(ukko ? 1 : 0);

  const characters: GameState['characters'] = {};
  for (const def of roster) characters[def.id] = fresh(def.id, SOLO_PLAYER_SEAT);
  // "Place the Dark Judges character cards faceup … place health cubes on each to match their
  // starting health. Place an armour token on each character card, protected side up."
  for (const def of TEAMS['dark-judges'].roster) {
    const space = placement.judges[def.id as keyof typeof placement.judges];
    characters[def.id] = { ...fresh(def.id, SOLO_DARK_SEAT), status: 'deployed', space, armour: 'protected' };
  }

  return {
    map: setup.map,
    seats: [seatOf(team, deck), seatOf('dark-judges', [])],
    characters,
    fragments: placement.fragments.map((space) => ({ seat: SOLO_PLAYER_SEAT, space })),
    activeSeat: SOLO_PLAYER_SEAT,
    situation: { kind: 'setup', windowId: 'w1' },
    windows: 1,
    // The Dark Judges have nothing to choose at set-up.
    setupDone: [SOLO_DARK_SEAT],
    attackedSeats: [],
    activeTurnEnded: false,
    activitySinceMarker: false,
    quietTurns: 0,
    winners: [],
    rng,
    solo: {
      deck: soloDeck,
      discard: [],
      drawn: [],
      step: null,
      reserve: SOLO_RESERVE,
      characterCards,
      ukkoCard: ukko ? placement.characterCards[0]! : null,
    },
  };
}

function fresh(id: string, seat: Seat): CharacterState {
  return { id, form: id, seat, health: characterDef(id).health, warpCubes: 0, status: 'undeployed', space: null, startingCards: [] };
}

function seatOf(team: TeamId, deck: string[]): SeatState {
  return { team, deck, hand: [], discard: [], mapCards: [], fragments: 0, kills: [], eliminated: false, orders: cloneOrders(DEFAULT_ORDERS), arms: [] };
}

/**
 * "Draw the top map card. Place one of your characters in the space designated … Repeat until
 * you've placed all your characters (in any order)." Sláine: "When you come to place Ukko, you can
 * place him on the space designated on either the card under him or the card you have drawn."
 * Then "Draw 7 cards from your action deck into your hand. You go first."
 */
export function placeCharacters(d: Draft, seat: Seat, cmd: PlaceCharacters): void {
  const s = d.state;
  check(s.solo !== undefined, 'NOT_SOLO', 'Characters are placed this way only in a solo game.');
  check(seat === SOLO_PLAYER_SEAT, 'NOT_YOUR_CHARACTER', 'Only the player places characters.');
  const cards = s.solo.characterCards;
  check(cards.length > 0, 'ALREADY_PLACED', 'Your characters are already placed.');
  const own = placementOrder(s);
  check(
    cmd.characters.length === own.length && new Set(cmd.characters).size === own.length && cmd.characters.every((c) => own.includes(c)),
    'PLACE_EVERY_CHARACTER',
    `Name each of your characters once, in the order they take the map cards drawn (${cards.join(', ')}): ${own.join(', ')}.`,
  );
  const ukko = stealthy(s);
  const placements = cmd.characters.map((character, i) => ({ character, space: cards[i]! }));
  if (cmd.ukkoSpace !== undefined) {
    check(ukko !== undefined, 'NO_UKKO', 'Only Ukko may take the card placed under him.');
    const drawn = placements.find((p) => p.character === ukko)!;
    check(
      cmd.ukkoSpace === drawn.space || cmd.ukkoSpace === s.solo.ukkoCard,
      'NOT_UKKOS_CARD',
      `Ukko goes on space ${s.solo.ukkoCard} (the card under him) or ${drawn.space} (the card drawn for him).`,
    );
    drawn.space = cmd.ukkoSpace;
  }
  emitPlaced(d, seat, placements);
}

/** The set-up deadline passed: roster order, Ukko on the card drawn for him (R51). */
export function placeCharactersByDefault(d: Draft): void {
  const cards = d.state.solo!.characterCards;
  if (cards.length === 0) return;
  emitPlaced(
    d,
    SOLO_PLAYER_SEAT,
    placementOrder(d.state).map((character, i) => ({ character, space: cards[i]! })),
  );
}

function emitPlaced(d: Draft, seat: Seat, placements: { character: string; space: SpaceId }[]): void {
  d.emit({ type: 'SoloCharactersPlaced', seat, placements });
  // "Draw 7 cards from your action deck into your hand. You go first."
  drawCards(d, seat, STARTING_HAND);
  beginNormalTurn(d, seat);
}
