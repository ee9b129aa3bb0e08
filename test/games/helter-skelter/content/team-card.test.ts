import { describe, expect, it } from 'vitest';
import { TEAMS, deriveTeamCard, teamCard } from '../../../../src/games/helter-skelter/content/index.ts';
import { ACTION_SYMBOLS, TEAM_IDS } from '../../../../src/games/helter-skelter/content/types.ts';
import { LABEL } from './labels.ts';

// content.md: "The team card (the count of each action symbol, wild and linked) is derived from
// the deck, never typed twice." Rulebook, Components: "The front tells you how often each action
// symbol appears in your deck."
describe.each(TEAM_IDS)('%s team card', (teamId) => {
  const deck = TEAMS[teamId].deck;
  const card = teamCard(teamId);

  it(`the ${LABEL[teamId]} team card equals a recount of the deck`, () => {
    for (const action of ACTION_SYMBOLS) {
      const showing = deck.filter((c) => c.action === action);
      const linked: Record<string, number> = {};
      for (const c of showing) if (c.linkedTo !== null) linked[c.linkedTo] = (linked[c.linkedTo] ?? 0) + 1;
      expect(card.actions[action], action).toEqual({
        total: showing.length,
        wild: showing.filter((c) => c.linkedTo === null).length,
        linked,
      });
    }
  });

  it(`the ${LABEL[teamId]} team card counts each character symbol's cards`, () => {
    for (const c of TEAMS[teamId].roster) {
      expect(card.characterSymbols[c.id]).toBe(deck.filter((d) => d.characters.includes(c.id)).length);
    }
  });

  it(`the ${LABEL[teamId]} team card's action counts add up to 30`, () => {
    expect(ACTION_SYMBOLS.reduce((n, a) => n + card.actions[a].total, 0)).toBe(30);
  });

  it(`the ${LABEL[teamId]} team card is what deriveTeamCard computes, and frozen`, () => {
    expect(card).toEqual(deriveTeamCard(TEAMS[teamId]));
    expect(Object.isFrozen(card)).toBe(true);
    expect(Object.isFrozen(card.actions.MELEE.linked)).toBe(true);
  });
});

describe('team card shape', () => {
  it('lists linked counts per character and leaves out characters with none', () => {
    expect(teamCard('judges').actions.SNIPE).toEqual({ total: 6, wild: 0, linked: { dredd: 2, anderson: 2, hershey: 2 } });
    expect(teamCard('judges').actions.FLY).toEqual({ total: 0, wild: 0, linked: {} });
  });

  it('updates when the deck changes, because it is derived', () => {
    const judges = TEAMS.judges;
    const edited = { ...judges, deck: judges.deck.map((c) => (c.id === 'judges-01' ? { ...c, action: 'EXPLODE' as const } : c)) };
    const card = deriveTeamCard(edited);
    expect(card.actions.SNIPE.linked.dredd).toBe(1);
    expect(card.actions.EXPLODE.linked.dredd).toBe(3);
  });
});
