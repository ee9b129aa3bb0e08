// Hand-checked facts about the reconstructed Grand Hall of Justice map
// (docs/maps/grand-hall-of-justice.svg; cells are (row, column) from the top left). Each fact was
// worked out from the art in content/maps/grand-hall-of-justice.ts, not copied from the code.

import { describe, expect, it } from 'vitest';
import { boardFor, sightLine } from '../../../../src/games/helter-skelter/board/index.ts';

const MAP = 'grand-hall-of-justice';
const board = boardFor(MAP);

describe('Grand Hall of Justice: spaces, cover and terrain', () => {
  // "Both maps are divided into forty different spaces."
  it('has forty spaces, designated 1 to 40', () => {
    expect(board.spaces).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  // "A few balconies offer vantage points along the edges of the main plaza" (The Map)
  it('high ground is the gallery (1, 20, 39) and the side balconies (23, 36, 21, 32)', () => {
    expect(board.spaces.filter((s) => board.isHighGround(s))).toEqual([1, 20, 21, 23, 32, 36, 39]);
  });

  // "the main floor makes for dangerous crossing" (The Map): little cover.
  it('cover is scarce: the statue 2, the pillars 19 and 38, the desk 5', () => {
    expect(board.spaces.filter((s) => board.isCover(s))).toEqual([2, 5, 19, 38]);
  });
});

describe('Grand Hall of Justice: adjacency', () => {
  // "Spaces separated by walls are not considered adjacent." The office 22 is walled from the
  // gallery 1 and the plaza 16; its door opens onto the passage 37.
  it('the office 22 opens onto the passage 37 only', () => {
    expect(board.adjacent(22)).toEqual([37]);
  });

  // "Spaces separated by walls are not considered adjacent." (Walls)
  it('the office 18 opens onto the passage 10 only', () => {
    expect(board.adjacent(18)).toEqual([10]);
  });

  // "If two spaces share a border, they are adjacent": high ground included — reaching it is
  // CLIMB's business ("Move the character to an adjacent high-ground space").
  it('the balcony 23 borders the plaza 29 and the passage 37', () => {
    expect(board.adjacent(23)).toEqual(expect.arrayContaining([29, 37]));
    expect(board.adjacent(29)).toContain(23);
  });

  // "CLIMB: Move the character to an adjacent high-ground space": every high-ground space can be
  // climbed to from some normal-ground space.
  it('every high-ground space borders a normal-ground space to CLIMB from', () => {
    for (const s of board.spaces.filter((x) => board.isHighGround(x))) {
      expect(board.adjacent(s).some((t) => !board.isHighGround(t))).toBe(true);
    }
  });

  // "If you're moving from high ground, use the MOVE action instead": the gallery is walkable.
  it('the gallery spaces 1, 20, 39 border each other', () => {
    expect(board.adjacent(20)).toEqual(expect.arrayContaining([1, 39]));
  });

  // "Spaces separated by walls are not considered adjacent." A barricade walls 29 from 40.
  it('the barricade between 29 and 40 makes them not adjacent', () => {
    expect(board.adjacent(29)).not.toContain(40);
  });

  // "If two spaces share a border, they are adjacent" (Spaces)
  // The barricade between 4 and 17 covers only part of their border (open at (7,17)/(8,17)).
  it('a partly walled border leaves 4 and 17 adjacent', () => {
    expect(board.adjacent(4)).toContain(17);
  });

  // "Spaces separated by walls are not considered adjacent." (Walls)
  it('the entrance 5 is walled from the cloisters 26 and 24 and opens onto the plaza', () => {
    expect(board.adjacent(5)).toEqual([13, 15, 34]);
  });

  // "Spaces separated by walls are not considered adjacent." (Walls); the guard room climbs
  // straight onto the balcony: "Move the character to an adjacent high-ground space" (CLIMB).
  it('the guard room 7 opens onto the plaza 11 and the balcony 36, not the cloister 26', () => {
    expect(board.adjacent(7)).toEqual([11, 36]);
  });

  // "If two spaces share a border, they are adjacent" (Spaces)
  it('the statue 2 is surrounded by 6, 14, 27, 33 and 34', () => {
    expect(board.adjacent(2)).toEqual([6, 14, 27, 33, 34]);
  });
});

describe('Grand Hall of Justice: line of sight', () => {
  // "You always have line of sight to the space you are in."
  it('a character always sees its own space, on high ground or in cover', () => {
    expect(board.hasLineOfSight(20, 20)).toBe(true);
    expect(board.hasLineOfSight(2, 2)).toBe(true);
  });

  // "If you're not on high ground, you can't see someone on a high-ground space"
  it('normal ground never sees high ground, even next door: 29 does not see 23', () => {
    expect(board.hasLineOfSight(29, 23)).toBe(false);
    expect(board.hasLineOfSight(14, 20)).toBe(false);
  });

  // Line-of-sight table, high ground → normal ground: walls and high-ground spaces block.
  // Table, high ground → normal ground: only walls and other high ground block.
  it('but high ground sees the normal ground beside it: 23 sees 29', () => {
    expect(board.hasLineOfSight(23, 29)).toBe(true);
  });

  // Table, high ground → high ground: "Walls block line of sight" and nothing else. 23 (7,0) to
  // 21 (7,20) runs along row 7 over the plaza and through the statue 2.
  it('high ground to high ground: cover does not block, 23 sees 21 over the statue', () => {
    expect(sightLine(MAP, 23, 21)).toEqual({ wall: false, spaces: [2, 4, 6, 8, 25, 27, 29], falls: [] });
    expect(board.hasLineOfSight(23, 21)).toBe(true);
    expect(board.hasLineOfSight(21, 23)).toBe(true);
  });

  // Line-of-sight table, high ground → high ground: "Walls block line of sight" (nothing else).
  // 1 (0,6) to 39 (0,15) runs along the gallery through 20: other high ground does not block
  // high ground to high ground.
  it('high ground to high ground: other high ground does not block, 1 sees 39 along the gallery', () => {
    expect(sightLine(MAP, 1, 39)).toEqual({ wall: false, spaces: [20], falls: [] });
    expect(board.hasLineOfSight(1, 39)).toBe(true);
  });

  // "If you're on high ground, cover spaces don't block line of sight." 20 (1,10) to 34 (11,10)
  // runs down column 10 through 14 and the statue 2.
  it('cover does not block from high ground: 20 sees 34 past the statue', () => {
    expect(sightLine(MAP, 20, 34)).toEqual({ wall: false, spaces: [2, 14], falls: [] });
    expect(board.hasLineOfSight(20, 34)).toBe(true);
  });

  // "If you're on high ground, cover spaces don't block line of sight." 1 (0,6) to 30 (12,6)
  // runs down column 6 through the pillars 19.
  it('1 sees 30 past the pillars 19', () => {
    expect(sightLine(MAP, 1, 30).spaces).toContain(19);
    expect(board.hasLineOfSight(1, 30)).toBe(true);
  });

  // "Cover spaces block line of sight (don't count source or target)" — from normal ground. The
  // same lines the other way round, and across the plaza:
  it('cover blocks from normal ground: 27 does not see 6 past the statue', () => {
    expect(sightLine(MAP, 27, 6)).toEqual({ wall: false, spaces: [2], falls: [] });
    expect(board.hasLineOfSight(27, 6)).toBe(false);
  });

  // "Cover spaces block line of sight" from normal ground: 30 (12,6) to 8 (6,6) up column 6.
  it('cover blocks from normal ground: 30 does not see 8 past the pillars 19', () => {
    expect(sightLine(MAP, 30, 8)).toEqual({ wall: false, spaces: [19], falls: [] });
    expect(board.hasLineOfSight(30, 8)).toBe(false);
  });

  // "Cover spaces block line of sight (don't count source or target)"
  it('the statue does not block its own sight, nor sight to it: 2 sees 6, 27 sees 2', () => {
    expect(board.hasLineOfSight(2, 6)).toBe(true);
    expect(board.hasLineOfSight(27, 2)).toBe(true);
  });

  // "if you are attacking someone on normal ground, other high ground spaces block line of
  // sight." 1 (0,6) to 33 (3,12) crosses the gallery's promontory at (2,10), part of 20.
  it('high ground to normal ground: other high ground blocks, 1 does not see 33 past 20', () => {
    expect(sightLine(MAP, 1, 33)).toEqual({ wall: false, spaces: [14, 20], falls: [] });
    expect(board.hasLineOfSight(1, 33)).toBe(false);
  });

  // "if you are attacking someone on normal ground, other high ground spaces block line of sight."
  // (High Ground)
  // 23 (7,0) to 7 (14,1) runs down the left balconies through 36.
  it('high ground to normal ground: the balcony 36 hides the guard room 7 from the balcony 23', () => {
    expect(sightLine(MAP, 23, 7)).toEqual({ wall: false, spaces: [36], falls: [] });
    expect(board.hasLineOfSight(23, 7)).toBe(false);
  });

  // "If you're not on high ground … high-ground spaces block line of sight." 37 (3,0) to 7 (14,1)
  // runs down the left edge through both balconies.
  it('normal ground to normal ground: high ground blocks, 37 does not see 7 past 23 and 36', () => {
    expect(sightLine(MAP, 37, 7)).toEqual({ wall: false, spaces: [23, 36], falls: [] });
    expect(board.hasLineOfSight(37, 7)).toBe(false);
  });

  // "Walls block line of sight" (every cell of the table).
  it('walls block: the office 22 does not see the plaza 16', () => {
    expect(sightLine(MAP, 16, 22).wall).toBe(true);
    expect(board.hasLineOfSight(16, 22)).toBe(false);
  });

  // Table, high ground → normal ground: "Walls block line of sight".
  it('walls block from high ground too: the gallery 1 does not see into the office 22', () => {
    expect(board.hasLineOfSight(1, 22)).toBe(false);
  });

  // "You'll have line of sight unless the traced line passes through something that blocks it." —
  // walls do.
  // 37 (3,0) to 16 (3,3) runs along row 3 into the wall at (3,1)/(3,2).
  it('walls block: the passage 37 does not see 16', () => {
    expect(board.hasLineOfSight(37, 16)).toBe(false);
  });

  // "Trace a line between the designations of the source and the target." (Line of Sight)
  // 22 (0,1) to 37 (3,0) leaves the office through its doorway, passing the grid corner at (2,1)
  // where no wall stands.
  it('a doorway lets sight through: the office 22 sees the passage 37', () => {
    expect(sightLine(MAP, 22, 37)).toEqual({ wall: false, spaces: [], falls: [] });
    expect(board.hasLineOfSight(22, 37)).toBe(true);
  });

  // "You'll have line of sight unless the traced line passes through something that blocks it." —
  // walls do.
  // 29 (6,3) to 40 (9,3) runs down column 3 into the barricade at (7,3)/(8,3).
  it('walls block: the barricade hides 40 from 29', () => {
    expect(sightLine(MAP, 29, 40).wall).toBe(true);
    expect(board.hasLineOfSight(29, 40)).toBe(false);
  });

  // "Trace a line between the designations of the source and the target." (Line of Sight)
  // 4 (6,18) to 17 (9,18): adjacent through the gap at column 17, yet the line between the
  // designations runs down column 18 into the barricade.
  it('adjacent spaces can lack sight: 4 and 17 across the barricade', () => {
    expect(board.hasLineOfSight(4, 17)).toBe(false);
  });
});

describe('Grand Hall of Justice: SHOTGUN range and FLY', () => {
  // "at most two spaces away"; walls are not counted through: 29 to 40 goes round the barricade.
  it('range goes round walls: 29 to 40 is 2', () => {
    expect(board.distance(29, 40)).toBe(2);
  });

  // "at most two spaces away" (SHOTGUN) — the table of range has no high-ground exception.
  it('range counts high ground like any space: 27 to 20 is 2', () => {
    expect(board.distance(27, 20)).toBe(2);
  });

  // "You may move onto high-ground spaces at no additional cost."
  it('FLY reaches high ground two spaces away: 27 may fly to the gallery 20', () => {
    expect(board.flyDestinations(27)).toContain(20);
  });

  // "Move the character up to two spaces." — through doors, never walls.
  it('FLY from the office 22 leaves by its door: 37, 23 and 29 only', () => {
    expect(board.flyDestinations(22)).toEqual([23, 29, 37]);
  });

  // "Move the character up to two spaces." (FLY) — down from high ground like any move.
  it('FLY from the gallery 1 comes down to the plaza', () => {
    expect(board.flyDestinations(1)).toEqual(expect.arrayContaining([14, 16, 35, 8, 29]));
  });
});
