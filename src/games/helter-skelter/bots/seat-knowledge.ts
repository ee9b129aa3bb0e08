// What one seat knows of a game, as a game state the rules can play forward. The heuristic bot
// looks one move ahead by running `decide` and `evolve` on a state; run on the real state, that
// lookahead would read what the bot's seat may not see (docs/architecture.md §5): another seat's
// hand (which defences and INTERRUPT claims it could make), its standing orders and arms (whether
// it would defend or interrupt unasked), the order of any deck (what a draw brings), the game's
// secret generator key (what a reshuffle brings), other seats' map cards and starting cards, and other seats' answers
// in an open INTERRUPT window. `knownState` replaces each of those with a stand-in computed only
// from what `view(state, seat)` shows, so two states that differ only in what the seat cannot see
// give the same known state, and therefore the same lookahead and the same choice.
//
// Everything else is kept: it is on the board, in the view, or told by public events (whose turn
// it is, the window counter, the quiet-turn count that `MarkerPassed` carries).
//
// The stand-ins are chosen so the lookahead plays out the public consequences of the bot's own
// move: other seats neither defend nor interrupt (their orders become `armed` with no arms, and
// `never` for defences; their hands are cards they might hold, in a fixed order), decks are drawn in a fixed order, and a reshuffle
// uses a generator seeded with a public constant.

import { seedRng } from '../../../platform/random.ts';
import { soloCardById } from '../content/solo/solo-cards.ts';
import { cloneState } from '../state.ts';
import type { CardId, GameState, Seat } from '../types.ts';

/** Seeds the stand-in generator: public, so a reshuffle in the lookahead tells nothing. */
const LOOKAHEAD_SEED = 'helter-skelter bot lookahead';

const sortedCards = (cards: readonly CardId[]): CardId[] => cards.slice().sort();

/** The solo deck in a public order: the cards showing no defence first, each part by id. */
function soloStandInOrder(cards: readonly string[]): string[] {
  const open = (id: string) => (soloCardById(id)?.defence ?? null) === null;
  return [...sortedCards(cards.filter(open)), ...sortedCards(cards.filter((id) => !open(id)))];
}

/** The game as `seat` knows it: everything it cannot see replaced by public stand-ins. */
export function knownState(state: GameState, seat: Seat): GameState {
  const known = cloneState(state);
  known.rng = seedRng(LOOKAHEAD_SEED);
  known.seats.forEach((s, i) => {
    if (i === seat) {
      // The seat knows its hand but not the order of its own deck.
      s.deck = sortedCards(s.deck);
      return;
    }
    // Another seat's hand and deck together are its team's cards less its discard pile (public);
    // how they split is not. Hand and deck keep their public sizes, filled in a fixed order.
    const unseen = sortedCards([...s.hand, ...s.deck]);
    s.hand = unseen.slice(0, s.hand.length);
    s.deck = unseen.slice(s.hand.length);
    s.mapCards = [];
    s.orders = { interrupt: 'armed', defence: 'never' };
    s.arms = [];
  });
  for (const c of Object.values(known.characters)) if (c.seat !== seat) c.startingCards = [];
  // Solo: the solo deck's order is hidden from everyone, the player included. The stand-in puts
  // the cards without a defence on top, so the lookahead's attack on a Dark Judge lands: sorted
  // by id alone, a BLOCK card on top (solo-01) would make every MELEE and SMASH look blocked for
  // as long as it stayed in the deck, and the bot would never fight with them.
  if (known.solo) known.solo.deck = soloStandInOrder(known.solo.deck);
  const sit = known.situation;
  if (sit.kind === 'interrupt') {
    // Whether another seat has answered is public; what it answered is not until the window closes.
    const mine = sit.answers[String(seat)];
    sit.answers = mine === undefined ? {} : { [String(seat)]: mine };
    sit.eligible = sit.eligible.filter((s) => s === seat);
  }
  return known;
}
