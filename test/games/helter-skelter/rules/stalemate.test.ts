// R33 (docs/rulings.md): a game in which nothing can change never reaches five points or an
// elimination. The rulebook has no way to clear a hand ("If drawing three cards would mean you had
// more than seven cards, stop drawing once you reach seven"), so seven cards that can never be
// played freeze a seat for good. When every seat still in the game holds seven such cards, none an
// INTERRUPT, the game ends at the end of the turn, most points winning. Players who merely pass,
// or are absent, never end a game: absence is the clock's business.

import { describe, expect, it } from 'vitest';
import { TEAMS } from '../../../../src/games/helter-skelter/content/index.ts';
import { TestGame, types } from '../support.ts';

/** Found by random play: every card in both hands shows only dead characters or cannot be used. */
function frozen(firstCard = 'nikolai-dante-29') {
  return TestGame.withOthersDead({
    map: 'grand-hall-of-justice',
    seats: [
      {
        team: 'nikolai-dante',
        hand: [firstCard, 'nikolai-dante-23', 'nikolai-dante-20', 'nikolai-dante-12', 'nikolai-dante-28', 'nikolai-dante-27', 'nikolai-dante-19'],
        fragments: 2,
        kills: ['slaine', 'kai'],
      },
      {
        team: 'slaine',
        hand: ['slaine-19', 'slaine-20', 'slaine-29', 'slaine-07', 'slaine-30', 'slaine-28', 'slaine-08'],
        fragments: 1,
        kills: ['viktor', 'lulu', 'elena'],
      },
    ],
    characters: { 'nikolai-dante': { space: 27, health: 2 }, jena: { space: 5 }, ukko: { space: 15, health: 1 }, niamh: { space: 12 } },
    fragments: [
      { seat: 0, space: 6 },
      { seat: 1, space: 10 },
      { seat: 0, space: 20 },
    ],
  });
}

/** The frozen position, but seat 0's first card shows Nikolai's symbol, so he can MOVE. */
const playable = TEAMS['nikolai-dante'].deck.find((c) => c.characters.includes('nikolai-dante'))!.id;

describe('R33 — a position nothing can ever change', () => {
  it('the position holds no move but END_TURN for either seat', () => {
    const g = frozen();
    expect(g.legal(0).map((c) => c.type)).toEqual(['END_TURN']);
  });

  it('ends the game at the first end of turn: full hands, no INTERRUPT, no deploy and no action for anyone; tied leaders share the win', () => {
    const g = frozen();
    expect(g.state.seats.every((s) => s.hand.length === 7)).toBe(true);
    // Seat 0 has 2 fragments + 2 kills = 4 points; seat 1 has 1 + 3 = 4 points: a tie, shared.
    // The end-of-turn window asks seat 1, who can only pass (R11); then the turn ends.
    const ended = g.send(0, { type: 'END_TURN' });
    expect(types(ended)).toEqual(['TurnEnded', 'InterruptWindowOpened', 'InterruptAnswered', 'InterruptWindowClosed', 'GameEnded']);
    expect(ended.at(-1)).toEqual({ type: 'GameEnded', winners: [0, 1], reason: 'stalemate' });
  });

  it('players who merely pass, with a move available, play on however many rounds go by', () => {
    const g = frozen(playable);
    for (let turn = 0; turn < 20; turn++) {
      const actor = g.situation.kind === 'turn' ? g.situation.actor : -1;
      expect(types(g.send(actor, { type: 'END_TURN' }))).not.toContain('GameEnded');
    }
    expect(g.situation.kind).toBe('turn');
  });

  it('a seat one card short of seven is not frozen: its draw could bring a playable card', () => {
    const g = frozen();
    // Seat 1's hand is one short (a card put back on its deck).
    g.state.seats[1]!.deck.unshift(g.state.seats[1]!.hand.pop()!);
    expect(types(g.send(0, { type: 'END_TURN' }))).not.toContain('GameEnded');
    expect(g.situation).toMatchObject({ kind: 'turn', actor: 1 });
  });
});

// The count of quiet turns that `MarkerPassed` carries (public; the heuristic bot grows restless
// with it): normal turns in a row without a deploy, an action or a card drawn.
describe('Quiet turns', () => {
  it('a turn with an action is not quiet: the count starts again', () => {
    const g = frozen(playable);
    // A quiet round first: seat 0 could move but does not, and seat 1 cannot.
    g.send(0, { type: 'END_TURN' });
    g.send(1, { type: 'END_TURN' });
    expect(g.state.quietTurns).toBe(2);
    // Then seat 0 MOVEs Nikolai with the card that shows his symbol: an active turn.
    const move = g.legalOf(0, 'MOVE')[0]!;
    g.send(0, move);
    g.send(0, { type: 'END_TURN' });
    expect(g.state.quietTurns).toBe(0);
    expect(g.state.situation.kind).toBe('turn');
  });

  it('a turn that draws a card is not quiet', () => {
    const g = frozen(playable);
    // Seat 1's hand is one short (a card put back on its deck), so its end of turn draws.
    g.state.seats[1]!.deck.unshift(g.state.seats[1]!.hand.pop()!);
    g.send(0, { type: 'END_TURN' });
    expect(g.state.quietTurns).toBe(1);
    g.send(1, { type: 'END_TURN' });
    expect(g.state.quietTurns).toBe(0);
  });
});
