// Dark Judges expansion, "Setup": "Any player can choose the Dark Judges as their team. … Set up as
// normal, however after you have placed a map card facedown below each of your character cards,
// remove one of your 6 remaining map cards from the game (without revealing it to anyone). Then
// pass your 5 remaining cards to the player on your right as normal. When you are handed 5 map
// cards by the player on your left, remove them from the game without placing any fragments of
// reality. Finally, place an armour token on each of your character cards, with the protected side
// facing up." Rulings: R41 (who removes the card, and when the server does).

import { describe, expect, it } from 'vitest';
import { helterSkelter } from '../../../../../src/games/helter-skelter/index.ts';
import type { TeamId } from '../../../../../src/games/helter-skelter/content/types.ts';
import { DAN_TANNA, GRAND_HALL, TestGame } from '../../support.ts';
import { assignAll, newGame, only } from '../support-part1.ts';

const DJ_ROSTER = ['judge-death', 'judge-fire', 'judge-mortis', 'judge-fear'];

function threeWithDarkJudges(at: number, seed: string | number = 'dj') {
  const teams: TeamId[] = ['judges', 'slaine', 'strontium-dogs'];
  teams.splice(at, 0, 'dark-judges');
  return newGame(DAN_TANNA, teams.slice(0, 3), seed);
}

describe('Dark Judges expansion — Setup', () => {
  // "Any player can choose the Dark Judges as their team."
  it('the Dark Judges are a team a seat may choose, with the base teams, at 2, 3 and 4 players', () => {
    for (const seats of [['dark-judges', 'judges'], ['slaine', 'dark-judges', 'nikolai-dante'], ['judges', 'strontium-dogs', 'nikolai-dante', 'dark-judges']] as TeamId[][]) {
      const s = helterSkelter.initialState({ map: GRAND_HALL, seats: seats.map((team) => ({ team })), seed: 1 });
      const dj = seats.indexOf('dark-judges');
      expect(Object.values(s.characters).filter((c) => c.seat === dj).map((c) => c.id)).toEqual(DJ_ROSTER);
      expect(s.seats[dj]!.mapCards).toHaveLength(10);
    }
  });

  // "Finally, place an armour token on each of your character cards, with the protected side facing up."
  it('every Dark Judge starts with his armour token protected side up; no other character has one', () => {
    const g = threeWithDarkJudges(1);
    for (const c of Object.values(g.state.characters)) expect(c.armour).toBe(DJ_ROSTER.includes(c.id) ? 'protected' : undefined);
    // The token is public: every reader's view shows it.
    for (const reader of [null, 0, 1, 2]) {
      const v = helterSkelter.view(g.state, reader);
      expect(v.characters.filter((c) => c.armour === 'protected').map((c) => c.id)).toEqual(DJ_ROSTER);
    }
  });

  // "after you have placed a map card facedown below each of your character cards, remove one of your 6 remaining map cards"
  it('the Dark Judges remove one of their six remaining map cards only after every character has its card (R41)', () => {
    const g = threeWithDarkJudges(0);
    g.send(0, { type: 'ASSIGN_STARTING_CARDS', character: 'judge-death', cards: [g.state.seats[0]!.mapCards[0]!] });
    expect(g.refused(0, { type: 'REMOVE_MAP_CARD', card: g.state.seats[0]!.mapCards[0]! })).toBe('ASSIGN_FIRST');
    expect(g.legal(0).some((c) => c.type === 'REMOVE_MAP_CARD')).toBe(false);
    assignAll(g, 0);
    const six = g.state.seats[0]!.mapCards.slice();
    expect(six).toHaveLength(6);
    // Set-up is not done for them yet: they still have a card to remove.
    expect(g.state.setupDone).not.toContain(0);
    expect(g.legalOf(0, 'REMOVE_MAP_CARD')).toEqual(six.map((card) => ({ type: 'REMOVE_MAP_CARD', card })));
    expect(g.refused(0, { type: 'REMOVE_MAP_CARD', card: g.state.seats[1]!.mapCards[0]! })).toBe('MAP_CARD_NOT_YOURS');
    g.send(0, { type: 'REMOVE_MAP_CARD', card: six[2]! });
    expect(g.state.seats[0]!.mapCards).toEqual(six.filter((c) => c !== six[2]));
    expect(g.state.setupDone).toContain(0);
    expect(g.refused(0, { type: 'REMOVE_MAP_CARD', card: six[3]! })).toBe('ALREADY_REMOVED');
  });

  // Only the Dark Judges' set-up removes a card.
  it('a base team cannot remove a map card', () => {
    const g = threeWithDarkJudges(0);
    assignAll(g, 1);
    expect(g.refused(1, { type: 'REMOVE_MAP_CARD', card: g.state.seats[1]!.mapCards[0]! })).toBe('NOT_DARK_JUDGES');
  });

  // "(without revealing it to anyone)"
  it('nobody but the Dark Judges learns which map card they removed', () => {
    const g = threeWithDarkJudges(0);
    assignAll(g, 0);
    const card = g.state.seats[0]!.mapCards[0]!;
    const [removed] = g.send(0, { type: 'REMOVE_MAP_CARD', card });
    expect(helterSkelter.redact(removed!, 0)).toEqual({ type: 'MapCardRemoved', seat: 0, card, byServer: false });
    for (const reader of [1, 2, null]) {
      expect(helterSkelter.redact(removed!, reader)).toEqual({ type: 'MapCardRemoved', seat: 0, byServer: false });
      expect(JSON.stringify(helterSkelter.view(g.state, reader).seats[0])).not.toContain('mapCards');
    }
  });

  // "Then pass your 5 remaining cards to the player on your right as normal. When you are handed 5
  // map cards by the player on your left, remove them from the game without placing any fragments."
  for (const players of [2, 3, 4])
    for (let at = 0; at < players; at++)
      it(`fragments: the seat on the Dark Judges' right places five on their five cards; the Dark Judges place none (${players} players, Dark Judges at seat ${at})`, () => {
        const teams: TeamId[] = ['judges', 'slaine', 'strontium-dogs'].slice(0, players - 1) as TeamId[];
        teams.splice(at, 0, 'dark-judges');
        const g = newGame(GRAND_HALL, teams, `dj-${players}-${at}`);
        const dealt = g.state.seats.map((s) => s.mapCards.slice());
        for (let seat = 0; seat < players; seat++) {
          assignAll(g, seat);
          if (seat === at) g.send(at, { type: 'REMOVE_MAP_CARD', card: g.state.seats[at]!.mapCards[0]! });
        }
        // What each seat kept back: dealt, less what went under characters and what was removed.
        const used = new Set(g.log.flatMap((e) => (e.type === 'StartingCardsAssigned' ? e.cards : e.type === 'MapCardRemoved' ? [e.card] : [])));
        const kept = dealt.map((cards) => cards.filter((c) => !used.has(c)));
        expect(kept.map((k) => k.length)).toEqual(teams.map(() => 5));
        const done = only(g.log, 'SetupCompleted');
        const of = (seat: number) => done.fragments.filter((f) => f.seat === seat).map((f) => f.space).sort((a, b) => a - b);
        for (let seat = 0; seat < players; seat++) expect(of(seat)).toEqual(seat === at ? [] : kept[(seat + 1) % players]);
        // The cards the Dark Judges were handed (their left neighbour's) are gone without a fragment.
        const left = (at + 1) % players;
        if (left !== at) for (const card of kept[left]!) expect(done.fragments.map((f) => f.space)).not.toContain(card);
        expect(done.fragments).toHaveLength(5 * (players - 1));
        for (const s of g.state.seats) expect(s.mapCards).toEqual([]);
        // The Dark Judges, with no fragment, never hold the lowest one, so never start.
        expect(done.firstSeat).not.toBe(at);
      });

  // The set-up deadline: the server chooses for a late seat (R3), the Dark Judges' removal included (R41).
  it('when the set-up deadline passes, the server places the Dark Judges’ cards and removes one of the six, recorded with its draw', () => {
    const g = threeWithDarkJudges(1);
    assignAll(g, 0);
    assignAll(g, 2);
    const events = g.expire();
    const removed = only(events, 'MapCardRemoved');
    expect(removed.seat).toBe(1);
    expect(removed.rng).toBeDefined();
    expect(helterSkelter.redact(removed, 0)).toEqual({ type: 'MapCardRemoved', seat: 1, byServer: true });
    expect(only(events, 'SetupCompleted').fragments).toHaveLength(10);
    // Replay gives the same state byte for byte.
    // (From the state the test game started at: the harness's orders for every seat.)
    const start = new TestGame(helterSkelter.initialState({ map: DAN_TANNA, seats: g.state.seats.map((s) => ({ team: s.team })), seed: 'dj' })).state;
    expect(JSON.stringify(helterSkelter.replay(start, g.log))).toBe(JSON.stringify(g.state));
  });
});
