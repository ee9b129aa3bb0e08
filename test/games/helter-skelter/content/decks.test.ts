import { describe, expect, it } from 'vitest';
import { TEAMS } from '../../../../src/games/helter-skelter/content/index.ts';
import {
  ACTION_SYMBOLS,
  LINKED_ONLY_SYMBOLS,
  TEAM_IDS,
  WILD_SYMBOLS,
  type ActionCard,
  type ActionSymbol,
  type TeamId,
} from '../../../../src/games/helter-skelter/content/types.ts';
import { LABEL } from './labels.ts';

const wild = (deck: readonly ActionCard[], action: ActionSymbol): number =>
  deck.filter((c) => c.action === action && c.linkedTo === null).length;
const linked = (deck: readonly ActionCard[], action: ActionSymbol, character: string): number =>
  deck.filter((c) => c.action === action && c.linkedTo === character).length;

// The minimums content.md sets on wild symbols ("INTERRUPT: 3 wild cards per deck. Wild DEFLECT
// 3–4, wild COVER 2–3, wild MELEE 3–4") plus two cards per linked symbol ("Every linked symbol of
// the roster present at least twice for its character") come to 3 + 3 + 2 + 3 + 2 × 10 = 31
// cards for a roster with ten linked symbols — one more than the 30 a deck holds. Those decks
// (Judges, Nikolai Dante) carry a single wild COVER: the least-used defence, since it works only
// on a cover space and DEFLECT answers the same attacks anywhere. See docs/content.md.
const WILD_COVER_MIN: Readonly<Record<TeamId, number>> = {
  judges: 1,
  'strontium-dogs': 2,
  'nikolai-dante': 1,
  slaine: 2,
  'dark-judges': 2,
};
const minimumCards = (teamId: TeamId, coverMin: number): number =>
  3 + 3 + coverMin + 3 + 2 * TEAMS[teamId].roster.reduce((n, c) => n + c.linked.length, 0);

describe.each(TEAM_IDS)('%s deck', (teamId) => {
  const team = TEAMS[teamId];
  const deck = team.deck;
  const label = LABEL[teamId];
  const symbols = team.roster.map((c) => c.symbol ?? c.id);

  // Rulebook, Components: "120 Action Cards [30 per team]"; content.md: "Each team: exactly 30 cards."
  it(`the ${label} deck has exactly 30 cards`, () => {
    expect(deck).toHaveLength(30);
  });

  // Brief: card ids `<teamId>-01` … `<teamId>-30`.
  it(`${label} card ids run ${teamId}-01 to ${teamId}-30`, () => {
    expect(deck.map((c) => c.id)).toEqual(Array.from({ length: 30 }, (_, i) => `${teamId}-${String(i + 1).padStart(2, '0')}`));
  });

  // content.md: "An action card shows one or two character symbols".
  it(`every ${label} card shows one or two distinct character symbols of its own team`, () => {
    for (const card of deck) {
      expect(card.characters.length, card.id).toBeGreaterThanOrEqual(1);
      expect(card.characters.length, card.id).toBeLessThanOrEqual(2);
      expect(new Set(card.characters).size, card.id).toBe(card.characters.length);
      for (const c of card.characters) expect(symbols, card.id).toContain(c);
    }
  });

  // content.md: "… and exactly one action symbol".
  it(`every ${label} card shows exactly one known action symbol`, () => {
    for (const card of deck) expect(ACTION_SYMBOLS, card.id).toContain(card.action);
  });

  // content.md: "either wild or linked to one of the card's own characters".
  it(`every linked ${label} action symbol is linked to one of the card's own characters`, () => {
    for (const card of deck.filter((c) => c.linkedTo !== null)) expect(card.characters, card.id).toContain(card.linkedTo);
  });

  // content.md: "Every character's symbol on at least 8 cards."
  it(`every ${label} character symbol appears on at least 8 cards`, () => {
    for (const symbol of symbols) {
      expect(deck.filter((c) => c.characters.includes(symbol)).length, symbol).toBeGreaterThanOrEqual(8);
    }
  });

  // content.md: "Every linked symbol of the roster present at least twice for its character".
  it(`every ${label} roster linked symbol appears at least twice linked to its character`, () => {
    for (const c of team.roster) {
      for (const action of c.linked) expect(linked(deck, action, c.symbol ?? c.id), `${c.id} ${action}`).toBeGreaterThanOrEqual(2);
    }
  });

  // content.md: "no linked symbol for a character outside the table".
  it(`no ${label} card links a symbol the roster does not list for that character`, () => {
    for (const card of deck.filter((c) => c.linkedTo !== null)) {
      const owner = team.roster.find((c) => (c.symbol ?? c.id) === card.linkedTo);
      expect(owner?.linked, card.id).toContain(card.action);
    }
  });

  // content.md: "May appear wild (no link): MELEE, SMASH, SNIPE, DEFLECT, COVER; INTERRUPT appears only wild."
  it(`only MELEE, SMASH, SNIPE, DEFLECT, COVER and INTERRUPT appear wild in the ${label} deck`, () => {
    for (const card of deck.filter((c) => c.linkedTo === null)) expect(WILD_SYMBOLS, card.id).toContain(card.action);
    for (const card of deck.filter((c) => c.linkedTo === null)) expect(LINKED_ONLY_SYMBOLS, card.id).not.toContain(card.action);
  });

  // content.md: "INTERRUPT appears only wild."
  it(`INTERRUPT is never linked in the ${label} deck`, () => {
    expect(deck.filter((c) => c.action === 'INTERRUPT' && c.linkedTo !== null)).toEqual([]);
  });

  // content.md: "INTERRUPT: 3 wild cards per deck."
  it(`the ${label} deck has exactly 3 wild INTERRUPT cards`, () => {
    expect(wild(deck, 'INTERRUPT')).toBe(3);
  });

  // content.md: "Wild DEFLECT 3–4".
  it(`the ${label} deck has 3–4 wild DEFLECT cards`, () => {
    expect(wild(deck, 'DEFLECT')).toBeGreaterThanOrEqual(3);
    expect(wild(deck, 'DEFLECT')).toBeLessThanOrEqual(4);
  });

  // content.md: "wild COVER 2–3" — lowered to 1 where the minimums cannot fit (WILD_COVER_MIN above).
  it(`the ${label} deck has ${WILD_COVER_MIN[teamId]}–3 wild COVER cards`, () => {
    expect(wild(deck, 'COVER')).toBeGreaterThanOrEqual(WILD_COVER_MIN[teamId]);
    expect(wild(deck, 'COVER')).toBeLessThanOrEqual(3);
  });

  // content.md: "wild MELEE 3–4".
  it(`the ${label} deck has 3–4 wild MELEE cards`, () => {
    expect(wild(deck, 'MELEE')).toBeGreaterThanOrEqual(3);
    expect(wild(deck, 'MELEE')).toBeLessThanOrEqual(4);
  });

  // The exception above is taken only where content.md's own minimums exceed 30 cards.
  it(`the ${label} deck lowers the wild COVER minimum only if content.md's minimums need 31+ cards`, () => {
    const lowered = WILD_COVER_MIN[teamId] < 2;
    expect(minimumCards(teamId, 2) > 30).toBe(lowered);
    expect(minimumCards(teamId, WILD_COVER_MIN[teamId])).toBeLessThanOrEqual(30);
  });
});

describe('all decks', () => {
  // Rulebook, Components: "120 Action Cards"; the Dark Judges bring their own 30 ("Dark Judges
  // expansion": "Take the character cards, action cards, …").
  it('the five decks hold 150 cards with unique ids', () => {
    const ids = TEAM_IDS.flatMap((id) => TEAMS[id].deck.map((c) => c.id));
    expect(ids).toHaveLength(150);
    expect(new Set(ids).size).toBe(150);
  });
});
