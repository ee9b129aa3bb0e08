// "Your turn": 1. deploy a character, 2. deploy or take actions any number of times, 3. declare end
// of turn, 4. draw up to seven and pass the active player marker left (docs/rulings.md R6, R7).

import { describe, expect, it } from 'vitest';
import { TEAMS } from '../../../../src/games/helter-skelter/content/index.ts';
import type { Scenario } from '../../../../src/games/helter-skelter/scenario.ts';
import { helterSkelter } from '../../../../src/games/helter-skelter/index.ts';
import { DAN_TANNA, findPair, TestGame, types } from '../support.ts';
import { ofType, only, padding, showingNoInterrupt } from './support-part1.ts';

const [A, B] = findPair(DAN_TANNA, (a, b, board) => board.adjacent(a).includes(b));
const [C, D] = findPair(DAN_TANNA, (a, b, board) => a !== A && a !== B && b !== A && b !== B && board.adjacent(a).includes(b));

const dreddCards = showingNoInterrupt('judges', 'dredd');
const judgesDeck = TEAMS.judges.deck.map((c) => c.id);

/** Three seats, no INTERRUPT card in any hand or deck (so no window ever waits on an answer). */
function threeSeats(over: Partial<Scenario> = {}): TestGame {
  const seats = (over.seats ?? [
    { team: 'judges', hand: dreddCards.slice(0, 5) },
    { team: 'strontium-dogs', hand: padding('strontium-dogs').slice(0, 5) },
    { team: 'nikolai-dante', hand: padding('nikolai-dante').slice(0, 5) },
  ]).map((s) => ({ ...s, deck: s.deck ?? padding(s.team).filter((c) => !s.hand.includes(c) && !(s.discard ?? []).includes(c)) }));
  return TestGame.withOthersDead({
    map: DAN_TANNA,
    characters: { dredd: { space: A }, 'johnny-alpha': { space: C }, viktor: { space: D } },
    ...over,
    seats,
  });
}

const endTurn = (game: TestGame, seat: number) => game.send(seat, { type: 'END_TURN' });
/** Seat 0's end-of-turn window: seats 1 and 2 are asked and, holding no INTERRUPT card, pass (R11). */
const PASSED_WINDOW = ['InterruptWindowOpened', 'InterruptAnswered', 'InterruptAnswered', 'InterruptWindowClosed'];

describe('1. Deploy a character', () => {
  // "1. DEPLOY A CHARACTER" (R6: step 1 is compulsory; only a DEPLOY is accepted until one is made).
  it('with a character undeployed, the turn accepts only a DEPLOY first (R6)', () => {
    const game = threeSeats({
      characters: { dredd: { space: A }, giant: { space: 'undeployed', startingCards: [C] }, 'johnny-alpha': { space: D } },
    });
    expect(game.situation).toMatchObject({ kind: 'turn', actor: 0, mustDeploy: true });
    expect(game.refused(0, { type: 'MOVE', character: 'dredd', to: B, cards: [dreddCards[0]!] })).toBe('MUST_DEPLOY_FIRST');
    expect(game.refused(0, { type: 'END_TURN' })).toBe('MUST_DEPLOY_FIRST');
    expect(game.legal(0).map((c) => c.type)).toEqual(['DEPLOY']);
    game.send(0, { type: 'DEPLOY', character: 'giant', space: C });
    expect(game.situation).toMatchObject({ kind: 'turn', actor: 0, mustDeploy: false });
    game.send(0, { type: 'MOVE', character: 'dredd', to: B, cards: [dreddCards[0]!] });
    expect(game.state.characters['dredd']!.space).toBe(B);
  });

  // "If all your characters are deployed, skip this step."
  it('with every character deployed, step 1 is skipped: the turn may act or end at once', () => {
    const game = threeSeats();
    expect(game.situation).toMatchObject({ kind: 'turn', actor: 0, mustDeploy: false });
    expect(game.legal(0).some((c) => c.type === 'MOVE')).toBe(true);
    expect(types(endTurn(game, 0))).toContain('MarkerPassed');
  });

  // "To deploy a character, reveal the map card underneath that character card. Place the figure on
  // the space with the same designation. Remove that map card from the game."
  it('deploying places the figure on its map card’s space and removes the card from the game', () => {
    const game = threeSeats({
      characters: { dredd: { space: A }, giant: { space: 'undeployed', startingCards: [C] }, 'johnny-alpha': { space: D } },
    });
    const e = only(game.send(0, { type: 'DEPLOY', character: 'giant', space: C }), 'CharacterDeployed');
    expect(e).toEqual({ type: 'CharacterDeployed', seat: 0, character: 'giant', space: C, mapCards: [C] });
    expect(game.state.characters['giant']).toMatchObject({ status: 'deployed', space: C, startingCards: [] });
  });

  // "Place the figure on the space with the same designation": no other space.
  it('a character is deployed only on the space of its own map card', () => {
    const game = threeSeats({
      characters: { dredd: { space: A }, giant: { space: 'undeployed', startingCards: [C] }, 'johnny-alpha': { space: D } },
    });
    expect(game.refused(0, { type: 'DEPLOY', character: 'giant', space: B })).toBe('NOT_A_STARTING_SPACE');
    expect(game.refused(0, { type: 'DEPLOY', character: 'dredd', space: A })).toBe('ALREADY_DEPLOYED');
    expect(game.refused(0, { type: 'DEPLOY', character: 'johnny-alpha', space: D })).toBe('NOT_YOUR_CHARACTER');
  });

  // Stealth: "When you deploy him, place him on the space designated by one of the cards. Remove both
  // map cards from the game."
  it('Stealth: Ukko is deployed on either of his two cards, and both leave the game', () => {
    for (const space of [C, D]) {
      const game = TestGame.withOthersDead({
        map: DAN_TANNA,
        seats: [
          { team: 'slaine', hand: padding('slaine').slice(0, 3) },
          { team: 'judges', hand: padding('judges').slice(0, 3) },
        ],
        characters: { slaine: { space: A }, ukko: { space: 'undeployed', startingCards: [C, D] }, dredd: { space: B } },
      });
      const e = only(game.send(0, { type: 'DEPLOY', character: 'ukko', space }), 'CharacterDeployed');
      expect(e.mapCards).toEqual([C, D]);
      expect(game.state.characters['ukko']).toMatchObject({ space, startingCards: [] });
    }
  });

  // R6: "If the turn clock runs out before the deploy, the turn ends without one."
  it('if the turn clock runs out before the deploy, the turn ends without one (R6)', () => {
    const game = threeSeats({
      characters: { dredd: { space: A }, giant: { space: 'undeployed', startingCards: [C] }, 'johnny-alpha': { space: D } },
    });
    const events = game.expire();
    expect(types(events)).not.toContain('CharacterDeployed');
    // Marked as the clock's doing: the log reads "… ran out of time", not "… ends the turn".
    expect(only(events, 'TurnEnded')).toEqual({ type: 'TurnEnded', seat: 0, interrupting: false, expired: true });
    expect(only(events, 'MarkerPassed').seat).toBe(1);
    expect(game.state.characters['giant']!.status).toBe('undeployed');
  });
});

describe('2. Deploy a character or take an action (repeat any number of times)', () => {
  // "You may take this step any number of times, or not at all. You may deploy and take actions in
  // any order."
  it('deploys and actions may be repeated, in any order, within one turn', () => {
    const game = threeSeats({
      seats: [
        { team: 'judges', hand: [...showingNoInterrupt('judges', 'giant').slice(0, 4)] },
        { team: 'strontium-dogs', hand: padding('strontium-dogs').slice(0, 3) },
        { team: 'nikolai-dante', hand: padding('nikolai-dante').slice(0, 3) },
      ],
      characters: {
        giant: { space: 'undeployed', startingCards: [A] },
        'mean-machine': { space: 'undeployed', startingCards: [C] },
        'johnny-alpha': { space: D },
      },
    });
    const giant = game.hand(0).filter((c) => showingNoInterrupt('judges', 'giant').includes(c));
    game.send(0, { type: 'DEPLOY', character: 'giant', space: A });
    game.send(0, { type: 'MOVE', character: 'giant', to: B, cards: [giant[0]!] });
    game.send(0, { type: 'DEPLOY', character: 'mean-machine', space: C });
    game.send(0, { type: 'MOVE', character: 'giant', to: A, cards: [giant[1]!] });
    game.send(0, { type: 'MOVE', character: 'giant', to: B, cards: [giant[2]!] });
    expect(game.situation).toMatchObject({ kind: 'turn', actor: 0, interrupting: false });
    expect(game.state.characters['giant']!.space).toBe(B);
    expect(game.state.characters['mean-machine']!.space).toBe(C);
    expect(ofType(game.log, 'MarkerPassed')).toEqual([]);
  });

  // "Always take one action at a time": each command is one action, and the actor stays the actor.
  it('after each action the same seat carries on its turn', () => {
    const game = threeSeats();
    game.send(0, { type: 'MOVE', character: 'dredd', to: B, cards: [dreddCards[0]!] });
    expect(game.situation).toMatchObject({ kind: 'turn', actor: 0, interrupting: false, mustDeploy: false });
    expect(game.state.activeSeat).toBe(0);
  });
});

describe('3. Declare end of turn; 4. Draw cards and pass the marker left', () => {
  // "3. DECLARE END OF TURN … 4. DRAW CARDS AND PASS ACTIVE PLAYER MARKER TO YOUR LEFT … They now take
  // their turn."
  it('end of turn: the turn ends, the seat draws, the marker passes left and that seat’s turn begins', () => {
    const game = threeSeats();
    const events = endTurn(game, 0);
    expect(types(events)).toEqual(['TurnEnded', ...PASSED_WINDOW, 'CardsDrawn', 'MarkerPassed', 'TurnBegan']);
    expect(only(events, 'CardsDrawn').seat).toBe(0);
    expect(only(events, 'TurnBegan')).toMatchObject({ seat: 1, interrupting: false });
    expect(game.state.activeSeat).toBe(1);
  });

  // "Draw three cards from your action card deck."
  it('draws three cards from the top of the seat’s own deck', () => {
    const deck = judgesDeck.filter((c) => !dreddCards.slice(0, 3).includes(c));
    const game = threeSeats({
      seats: [
        { team: 'judges', hand: dreddCards.slice(0, 3), deck },
        { team: 'strontium-dogs', hand: padding('strontium-dogs').slice(0, 3) },
        { team: 'nikolai-dante', hand: padding('nikolai-dante').slice(0, 3) },
      ],
    });
    const others = [game.hand(1).slice(), game.hand(2).slice()];
    const drawn = only(endTurn(game, 0), 'CardsDrawn');
    expect(drawn.cards).toEqual(deck.slice(0, 3));
    expect(game.hand(0)).toEqual([...dreddCards.slice(0, 3), ...deck.slice(0, 3)]);
    expect(game.state.seats[0]!.deck).toEqual(deck.slice(3));
    expect([game.hand(1), game.hand(2)]).toEqual(others);
  });

  // "You can have up to seven cards in your hand. If drawing three cards would mean you had more than
  // seven cards, stop drawing once you reach seven."
  it('stops drawing once the hand reaches seven', () => {
    const five = threeSeats({
      seats: [
        { team: 'judges', hand: dreddCards.slice(0, 5) },
        { team: 'strontium-dogs', hand: padding('strontium-dogs').slice(0, 3) },
        { team: 'nikolai-dante', hand: padding('nikolai-dante').slice(0, 3) },
      ],
    });
    expect(only(endTurn(five, 0), 'CardsDrawn').cards).toHaveLength(2);
    expect(five.hand(0)).toHaveLength(7);

    const seven = threeSeats({
      seats: [
        { team: 'judges', hand: dreddCards.slice(0, 7) },
        { team: 'strontium-dogs', hand: padding('strontium-dogs').slice(0, 3) },
        { team: 'nikolai-dante', hand: padding('nikolai-dante').slice(0, 3) },
      ],
    });
    const deckBefore = seven.state.seats[0]!.deck.slice();
    expect(types(endTurn(seven, 0))).not.toContain('CardsDrawn');
    expect(seven.hand(0)).toHaveLength(7);
    expect(seven.state.seats[0]!.deck).toEqual(deckBefore);
  });

  // "If at any point your deck runs out, shuffle your discard pile into a new deck." (R7)
  it('the deck running out mid-draw: the discard pile is shuffled into a new deck and the draw goes on (R7)', () => {
    const hand = dreddCards.slice(0, 2);
    const rest = judgesDeck.filter((c) => !hand.includes(c));
    const [top, ...discard] = rest.slice(0, 6);
    const game = threeSeats({
      seats: [
        { team: 'judges', hand, deck: [top!], discard },
        { team: 'strontium-dogs', hand: padding('strontium-dogs').slice(0, 3) },
        { team: 'nikolai-dante', hand: padding('nikolai-dante').slice(0, 3) },
      ],
    });
    const events = endTurn(game, 0);
    expect(types(events)).toEqual(['TurnEnded', ...PASSED_WINDOW, 'CardsDrawn', 'DeckReshuffled', 'CardsDrawn', 'MarkerPassed', 'TurnBegan']);
    const [first, second] = ofType(events, 'CardsDrawn');
    const reshuffle = only(events, 'DeckReshuffled');
    expect(first!.cards).toEqual([top]);
    expect(reshuffle.order.slice().sort()).toEqual(discard.slice().sort());
    expect(second!.cards).toEqual(reshuffle.order.slice(0, 2));
    expect(game.hand(0)).toEqual([...hand, top, ...reshuffle.order.slice(0, 2)]);
    expect(game.state.seats[0]!.deck).toEqual(reshuffle.order.slice(2));
    expect(game.state.seats[0]!.discard).toEqual([]);
  });

  // R7: "A deck is reshuffled the moment it runs out, not at the next draw."
  it('a deck emptied by the draw is reshuffled at once, not at the next draw (R7)', () => {
    const hand = dreddCards.slice(0, 2);
    const rest = judgesDeck.filter((c) => !hand.includes(c));
    const game = threeSeats({
      seats: [
        { team: 'judges', hand, deck: rest.slice(0, 3), discard: rest.slice(3, 5) },
        { team: 'strontium-dogs', hand: padding('strontium-dogs').slice(0, 3) },
        { team: 'nikolai-dante', hand: padding('nikolai-dante').slice(0, 3) },
      ],
    });
    const events = endTurn(game, 0);
    expect(types(events).slice(0, 7)).toEqual(['TurnEnded', ...PASSED_WINDOW, 'CardsDrawn', 'DeckReshuffled']);
    expect(game.state.seats[0]!.deck.slice().sort()).toEqual(rest.slice(3, 5).sort());
    expect(game.state.seats[0]!.discard).toEqual([]);
  });

  // R7: "If deck and discard are both empty, the draw stops."
  it('with deck and discard pile both empty, the draw stops short', () => {
    const hand = dreddCards.slice(0, 2);
    const rest = judgesDeck.filter((c) => !hand.includes(c));
    const game = threeSeats({
      seats: [
        { team: 'judges', hand, deck: rest.slice(0, 1), discard: [] },
        { team: 'strontium-dogs', hand: padding('strontium-dogs').slice(0, 3) },
        { team: 'nikolai-dante', hand: padding('nikolai-dante').slice(0, 3) },
      ],
    });
    const events = endTurn(game, 0);
    expect(only(events, 'CardsDrawn').cards).toEqual(rest.slice(0, 1));
    expect(types(events)).not.toContain('DeckReshuffled');
    expect(game.hand(0)).toHaveLength(3);
    expect(game.state.activeSeat).toBe(1);
  });

  // R7: "The shuffle's outcome is recorded in the event": replaying the events gives the same state.
  it('the reshuffle is seeded and recorded: replay reproduces it', () => {
    const hand = dreddCards.slice(0, 2);
    const rest = judgesDeck.filter((c) => !hand.includes(c));
    const make = () =>
      threeSeats({
        seats: [
          { team: 'judges', hand, deck: [], discard: rest.slice(0, 8) },
          { team: 'strontium-dogs', hand: padding('strontium-dogs').slice(0, 3) },
          { team: 'nikolai-dante', hand: padding('nikolai-dante').slice(0, 3) },
        ],
      });
    const a = make();
    const start = a.state;
    const events = endTurn(a, 0);
    expect(endTurn(make(), 0)).toEqual(events);
    expect(events.reduce(helterSkelter.evolve, start)).toEqual(a.state);
  });

  // "Pass the active player marker to the player on your left." (R4: left is the next seat.)
  it('the marker goes round the table to the left, and back to the first seat', () => {
    const game = threeSeats();
    const order: number[] = [];
    for (let i = 0; i < 4; i++) {
      const seat = game.state.activeSeat;
      endTurn(game, seat);
      order.push(game.state.activeSeat);
    }
    expect(order).toEqual([1, 2, 0, 1]);
  });

  // "Pass the active player marker to the player on your left" — an eliminated player takes no more
  // turns (R27: "the marker passes to the next seat still in the game").
  it('the marker skips an eliminated seat', () => {
    // Seat 1 has no character in play: it is eliminated.
    const game = threeSeats({ characters: { dredd: { space: A }, viktor: { space: D } } });
    expect(game.state.seats[1]!.eliminated).toBe(true);
    const events = endTurn(game, 0);
    expect(only(events, 'MarkerPassed').seat).toBe(2);
    endTurn(game, 2);
    expect(game.state.activeSeat).toBe(0);
  });

  // docs/architecture.md §4: "On expiry the system declares end of turn for the actor."
  it('when the turn clock runs out, end of turn is declared for the actor', () => {
    const game = threeSeats();
    const events = game.expire();
    expect(types(events)).toEqual(['TurnEnded', ...PASSED_WINDOW, 'CardsDrawn', 'MarkerPassed', 'TurnBegan']);
    expect(game.state.activeSeat).toBe(1);
  });

  // The new active player starts a turn of their own: step 1 applies to them.
  it('the next seat’s turn starts with step 1 when it has a character to deploy', () => {
    const game = threeSeats({
      characters: { dredd: { space: A }, 'johnny-alpha': { space: 'undeployed', startingCards: [C] }, viktor: { space: D } },
    });
    endTurn(game, 0);
    expect(game.situation).toMatchObject({ kind: 'turn', actor: 1, mustDeploy: true, interrupting: false });
  });
});
