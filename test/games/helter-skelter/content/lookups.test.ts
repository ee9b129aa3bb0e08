import { describe, expect, it } from 'vitest';
import { TEAMS, cardById, characterDef, symbolOf, teamCard, teamOf } from '../../../../src/games/helter-skelter/content/index.ts';
import { RuleError } from '../../../../src/platform/game-module.ts';
import { TEAM_IDS, type TeamId } from '../../../../src/games/helter-skelter/content/types.ts';

const allCharacters = TEAM_IDS.flatMap((id) => [...TEAMS[id].roster, ...TEAMS[id].otherForms]);

describe('characters', () => {
  it('character ids are unique across teams and forms', () => {
    const ids = allCharacters.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('characterDef finds every roster character and every other form', () => {
    for (const c of allCharacters) expect(characterDef(c.id)).toBe(c);
    expect(characterDef('warp-slaine').name).toBe('Warp-Sláine');
  });

  it('teamOf names the team a character plays for', () => {
    expect(teamOf('dredd')).toBe('judges');
    expect(teamOf('gronk')).toBe('strontium-dogs');
    expect(teamOf('lulu')).toBe('nikolai-dante');
    expect(teamOf('warp-slaine')).toBe('slaine');
  });

  // content.md: "Warp-Sláine uses Sláine's character symbol."
  it("symbolOf gives a character's own symbol, and Sláine's for Warp-Sláine", () => {
    expect(symbolOf('dredd')).toBe('dredd');
    expect(symbolOf('slaine')).toBe('slaine');
    expect(symbolOf('warp-slaine')).toBe('slaine');
  });

  it('lookups of an unknown character throw', () => {
    expect(() => characterDef('judge-anybody')).toThrow(RuleError);
    expect(() => teamOf('nobody')).toThrow(/no character "nobody"/);
    expect(() => symbolOf('')).toThrow(RuleError);
  });
});

describe('cards', () => {
  it('cardById finds every card of every deck', () => {
    for (const id of TEAM_IDS) for (const card of TEAMS[id].deck) expect(cardById(card.id)).toBe(card);
  });

  it('cardById of an unknown id throws', () => {
    expect(() => cardById('judges-31')).toThrow(RuleError);
    expect(() => cardById('judges-1')).toThrow(/no action card "judges-1"/);
  });

  it('teamCard of an unknown team throws', () => {
    expect(() => teamCard('the-angel-gang' as TeamId)).toThrow(RuleError);
  });
});

describe('content is read-only', () => {
  it('teams, rosters, decks and cards are frozen', () => {
    expect(Object.isFrozen(TEAMS)).toBe(true);
    for (const id of TEAM_IDS) {
      const team = TEAMS[id];
      for (const value of [team, team.roster, team.otherForms, team.deck, ...team.deck, ...team.roster]) {
        expect(Object.isFrozen(value)).toBe(true);
      }
      for (const card of team.deck) expect(Object.isFrozen(card.characters)).toBe(true);
      for (const c of team.roster) expect(Object.isFrozen(c.linked) && Object.isFrozen(c.specials)).toBe(true);
    }
  });

  it('writing to content throws', () => {
    const card = cardById('judges-01') as { action: string };
    expect(() => {
      card.action = 'MELEE';
    }).toThrow(TypeError);
  });
});
