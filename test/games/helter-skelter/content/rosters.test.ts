import { describe, expect, it } from 'vitest';
import { TEAMS } from '../../../../src/games/helter-skelter/content/index.ts';
import { BASE_TEAM_IDS, TEAM_IDS, type ActionSymbol, type Special, type TeamId } from '../../../../src/games/helter-skelter/content/types.ts';
import { LABEL } from './labels.ts';

// content.md, "Roster (reconstruction; keep these numbers unless a test proves a rule needs
// otherwise)": the table below is that table, row for row.
type Row = [id: string, name: string, health: number, linked: ActionSymbol[], specials: Special[]];
const ROSTER_TABLE: Record<TeamId, { name: string; rows: Row[] }> = {
  judges: {
    name: 'The Judges',
    rows: [
      ['dredd', 'Judge Dredd', 4, ['SNIPE', 'EXPLODE'], ['hi-ex']],
      ['giant', 'Judge Giant', 3, ['SHOTGUN', 'MELEE'], []],
      ['anderson', 'Judge Anderson', 3, ['PSI', 'SNIPE'], ['hi-ex']],
      ['hershey', 'Chief Judge Hershey', 3, ['RALLY', 'SNIPE'], ['hi-ex']],
      ['mean-machine', 'Mean Machine', 4, ['SMASH', 'MELEE'], []],
    ],
  },
  'strontium-dogs': {
    name: 'The Strontium Dogs',
    rows: [
      ['johnny-alpha', 'Johnny Alpha', 3, ['SNIPE', 'PSI'], []],
      ['middenface', 'Middenface McNulty', 4, ['EXPLODE', 'SMASH'], []],
      ['durham-red', 'Durham Red', 3, ['MELEE', 'SMASH'], ['vampirism']],
      ['wulf', 'Wulf Sternhammer', 4, ['SMASH', 'MELEE'], []],
      ['gronk', 'The Gronk', 2, ['HEAL'], []],
    ],
  },
  'nikolai-dante': {
    name: 'Nikolai Dante',
    rows: [
      ['nikolai-dante', 'Nikolai Dante', 4, ['MELEE', 'SNIPE'], []],
      ['viktor', 'Viktor Romanov', 3, ['FLY', 'SMASH'], []],
      ['jena', 'Tsarina Jena Makarov', 3, ['RALLY', 'SNIPE'], []],
      ['elena', 'Elena Kurakin', 4, ['SMASH', 'SHOTGUN'], []],
      ['lulu', 'Lulu Romanov', 3, ['MELEE', 'SMASH'], ['demons']],
    ],
  },
  slaine: {
    name: 'Sláine',
    rows: [
      ['slaine', 'Sláine Mac Roth', 4, ['MELEE', 'SMASH'], ['warp-spasm']],
      ['ukko', 'Ukko', 3, ['MELEE', 'SMASH'], ['stealth']],
      ['niamh', 'Niamh', 3, ['FLY', 'MELEE'], []],
      ['kai', 'Kai', 3, ['HEAL', 'PSI'], []],
    ],
  },
  'dark-judges': {
    name: 'The Dark Judges',
    rows: [
      ['judge-death', 'Judge Death', 4, ['MELEE', 'SMASH'], ['armour', 'driven-by-death', 'infamous-adversaries']],
      ['judge-fire', 'Judge Fire', 4, ['EXPLODE', 'SHOTGUN'], ['armour', 'driven-by-death', 'infamous-adversaries']],
      ['judge-mortis', 'Judge Mortis', 4, ['MELEE', 'SMASH'], ['armour', 'driven-by-death', 'infamous-adversaries', 'cloud-of-decay']],
      ['judge-fear', 'Judge Fear', 4, ['PSI', 'MELEE'], ['armour', 'driven-by-death', 'infamous-adversaries', 'paralysing-aura']],
    ],
  },
};

describe.each(TEAM_IDS)('%s roster', (teamId) => {
  const team = TEAMS[teamId];
  const expected = ROSTER_TABLE[teamId];

  it(`the ${LABEL[teamId]} team has its id and name`, () => {
    expect(team.id).toBe(teamId);
    expect(team.name).toBe(expected.name);
  });

  it(`the ${LABEL[teamId]} roster matches content.md's table: health, linked symbols and specials`, () => {
    const actual = team.roster.map((c): Row => [c.id, c.name, c.health, [...c.linked], [...c.specials]]);
    expect(actual).toEqual(expected.rows);
  });

  it(`every ${LABEL[teamId]} character belongs to the team`, () => {
    for (const c of [...team.roster, ...team.otherForms]) expect(c.team).toBe(teamId);
  });

  // Rulebook, Components: "20 Character Cards (5 per team)"; the Dark Judges expansion names four:
  // "Death, Fire, Mortis, Fear" (Dark Judges expansion, solo "Setup": "Judge Death, Judge Fire,
  // Judge Mortis, and Judge Fear").
  it(`the ${LABEL[teamId]} have ${teamId === 'dark-judges' ? 4 : 5} character cards`, () => {
    expect(team.roster.length + team.otherForms.length).toBe(teamId === 'dark-judges' ? 4 : 5);
  });
});

describe('health', () => {
  // Rulebook, Components: "65 Health Cubes"; content.md: "The four base teams' health totals
  // stay within the box's 65 health cubes."
  it('the four base teams together start with at most 65 health cubes', () => {
    const total = BASE_TEAM_IDS.flatMap((id) => TEAMS[id].roster).reduce((sum, c) => sum + c.health, 0);
    expect(total).toBeLessThanOrEqual(65);
  });

  // Vampirism: "She can never have more than three health cubes."
  it('Durham Red starts with no more than three health cubes', () => {
    const red = TEAMS['strontium-dogs'].roster.find((c) => c.id === 'durham-red');
    expect(red?.health).toBeLessThanOrEqual(3);
  });
});

describe('Sláine and Warp-Sláine', () => {
  const slaine = TEAMS.slaine.roster.find((c) => c.id === 'slaine');
  const warp = TEAMS.slaine.otherForms.find((c) => c.id === 'warp-slaine');

  // Rulebook, Setup (Sláine): "find the Warp-Sláine character card and figure and put them aside".
  it('Warp-Sláine is set aside, not in the starting roster', () => {
    expect(TEAMS.slaine.roster.map((c) => c.id)).toEqual(['slaine', 'ukko', 'niamh', 'kai']);
    expect(TEAMS.slaine.otherForms.map((c) => c.id)).toEqual(['warp-slaine']);
  });

  // "you may replace his card and figure with that of Warp-Sláine".
  it('Sláine warp-spasms into Warp-Sláine', () => {
    expect(slaine?.specials).toEqual(['warp-spasm']);
    expect(slaine?.transformsInto).toBe('warp-slaine');
  });

  // content.md: "Warp-Sláine uses Sláine's character symbol"; rulebook, Berserk.
  it("Warp-Sláine is berserk, uses Sláine's symbol, and keeps Sláine's health and linked symbols", () => {
    expect(warp?.specials).toEqual(['berserk']);
    expect(warp?.symbol).toBe('slaine');
    expect(warp?.health).toBe(slaine?.health);
    expect(warp?.linked).toEqual(slaine?.linked);
  });

  it('no other character transforms or borrows a symbol', () => {
    const others = TEAM_IDS.flatMap((id) => TEAMS[id].roster).filter((c) => c.id !== 'slaine');
    for (const c of others) {
      expect(c.transformsInto).toBeUndefined();
      expect(c.symbol).toBeUndefined();
    }
  });
});
