import { describe, expect, it } from 'vitest';
import { MAP_CARDS } from '../../../../src/games/helter-skelter/content/index.ts';

describe('map cards', () => {
  // Rulebook, Components: "40 Map Cards"; content.md: "40 map cards, designations 1–40, shared by both maps".
  it('there are 40 map cards, designated 1 to 40 in order', () => {
    expect(MAP_CARDS.map((c) => c.designation)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  // content.md: "12 of them carry the multiplayer symbol (removed with two players, and in solo play)."
  it('12 map cards carry the multiplayer symbol', () => {
    expect(MAP_CARDS.filter((c) => c.multiplayer)).toHaveLength(12);
  });

  // docs/content.md: the twelve are spread over the range, so two-player set-up still reaches every part of it.
  it('each quarter of the designations holds three multiplayer cards', () => {
    for (let quarter = 0; quarter < 4; quarter++) {
      const inQuarter = MAP_CARDS.filter((c) => c.multiplayer && Math.ceil(c.designation / 10) === quarter + 1);
      expect(inQuarter, `quarter ${quarter + 1}`).toHaveLength(3);
    }
  });

  it('map cards are frozen', () => {
    expect(Object.isFrozen(MAP_CARDS)).toBe(true);
    expect(Object.isFrozen(MAP_CARDS[0])).toBe(true);
  });
});
