// Line of sight, exactly: "Trace a line between the designations of the source and the target.
// You'll have line of sight unless the traced line passes through something that blocks it."
// (rulebook, "Line of Sight"). These use the synthetic 4 × 10 grid of one-cell spaces (space n
// at row ⌊(n−1)/10⌋, column (n−1) mod 10), so every line can be checked on squared paper.

import { describe, expect, it } from 'vitest';
import { buildBoard, parseMap } from '../../../../src/games/helter-skelter/board/index.ts';
import { sightLine } from '../../../../src/games/helter-skelter/board/sight.ts';
import type { MapSource } from '../../../../src/games/helter-skelter/content/maps/source.ts';
import { art, danSource, gridTokens, hallSource } from './synthetic.ts';

const build = (source: MapSource) => {
  const map = parseMap(source);
  return { map, board: buildBoard(map) };
};

describe('what "passes through" means', () => {
  // "Trace a line between the designations of the source and the target." (Line of Sight)
  // The diagonal from 1 (0,0) to 23 (2,2) passes through the corners of 2, 11, 13 and 22 and
  // through the middle of 12.
  it('a line passes through the cells whose inside it crosses, not those whose corner it touches', () => {
    const { map } = build(danSource());
    expect(sightLine(map, 1, 23)).toEqual({ wall: false, spaces: [12], falls: [] });
  });

  // "Cover spaces block line of sight" — only when the line passes through them.
  it('cover touched only at a corner does not block', () => {
    expect(build(danSource({ cover: [2, 11, 13, 22] })).board.hasLineOfSight(1, 23)).toBe(true);
    expect(build(danSource({ cover: [12] })).board.hasLineOfSight(1, 23)).toBe(false);
  });

  // "Trace a line between the designations of the source and the target." (Line of Sight)
  // 1 (0,0) to 13 (1,2) leaves 1 through its right edge, crosses 2, then 12.
  it('a shallow line passes through every cell it enters', () => {
    expect(sightLine(parseMap(danSource()), 1, 13).spaces).toEqual([2, 12]);
  });

  // "Walls block line of sight." The line from 1 to 3 crosses the middle of the wall 1|2.
  it('a wall crossed in its middle blocks', () => {
    const { map, board } = build(danSource({ wallsBetween: [[2, 3]] }));
    expect(sightLine(map, 1, 3).wall).toBe(true);
    expect(board.hasLineOfSight(1, 3)).toBe(false);
  });

  // "You'll have line of sight unless the traced line passes through something that blocks it." —
  // walls do.
  // The diagonal 1 → 23 passes the grid corner below the wall 1|2: its free end.
  it('grazing the free end of a wall does not block', () => {
    expect(build(danSource({ wallsBetween: [[1, 2]] })).board.hasLineOfSight(1, 23)).toBe(true);
  });

  // "You'll have line of sight unless the traced line passes through something that blocks it." —
  // walls do.
  // Walls 1|2 and 11|12 make one straight wall through that corner: the diagonal crosses it.
  it('crossing a wall exactly where two wall edges meet blocks', () => {
    expect(build(danSource({ wallsBetween: [[1, 2], [11, 12]] })).board.hasLineOfSight(1, 23)).toBe(false);
  });

  // "You'll have line of sight unless the traced line passes through something that blocks it." —
  // walls do.
  // Walls 2|3 and 2|12 close the corner of 2 that the diagonal 2 (0,1) → 24 (2,3) leaves by.
  it('leaving through the corner of an L of walls blocks', () => {
    const { map, board } = build(danSource({ wallsBetween: [[2, 3], [2, 12]] }));
    expect(sightLine(map, 2, 24).wall).toBe(true);
    expect(board.hasLineOfSight(2, 24)).toBe(false);
  });

  // "You'll have line of sight unless the traced line passes through something that blocks it." —
  // walls do.
  // Walls 1|2 and 2|12 make an L round 2; the diagonal only touches the outside of its corner.
  it('touching the outside corner of an L of walls does not block', () => {
    expect(build(danSource({ wallsBetween: [[1, 2], [2, 12]] })).board.hasLineOfSight(1, 23)).toBe(true);
  });

  // "Trace a line between the designations of the source and the target." (Line of Sight)
  it('sight lines are the same both ways', () => {
    const { map } = build(danSource({ wallsBetween: [[1, 2], [11, 12]] }));
    expect(sightLine(map, 23, 1)).toEqual(sightLine(map, 1, 23));
  });

  // "Trace a line between the designations of the source and the target." (Line of Sight)
  // Cells off the map (##) are nothing at all: the rulebook names only walls, cover and high
  // ground as blocking.
  it('cells off the map do not block', () => {
    const tokens = gridTokens('##');
    tokens[0]![5] = '##';
    tokens[0]![10] = '06';
    const { map, board } = build(hallSource({ art: art(tokens), highGround: [40] }));
    expect(sightLine(map, 5, 7)).toEqual({ wall: false, spaces: [], falls: [] });
    expect(board.hasLineOfSight(5, 7)).toBe(true);
  });
});

describe('falls', () => {
  // Space 16 moves to the right-hand column; its cell (1,5) becomes a fall.
  const tokens = gridTokens();
  tokens[1]![5] = '..';
  tokens[1]![10] = '16';
  const { map, board } = build(danSource({ art: art(tokens) }));

  // "Falls do not block line of sight."
  it('a fall does not block line of sight', () => {
    expect(sightLine(map, 15, 17)).toEqual({ wall: false, spaces: [], falls: ['fall 2'] });
    expect(board.hasLineOfSight(15, 17)).toBe(true);
  });

  // "You cannot move onto falls."
  it('a fall is not adjacent to anything: 15 and 17 are not adjacent', () => {
    expect(board.adjacent(15)).toEqual([5, 14, 25]);
  });

  // "When you calculate your range for the SHOTGUN action, falls count as a space."
  it('range counts the fall as one space: 15 to 17 is 2', () => {
    expect(board.distance(15, 17)).toBe(2);
  });

  // "You may move over falls as if they were a space, but you may not end the FLY action on that
  // space."
  it('FLY passes over the fall to 17 but never ends on it', () => {
    expect(board.flyDestinations(15)).toContain(17);
    expect(board.flyDestinations(15).every((s) => s >= 1 && s <= 40)).toBe(true);
  });
});

describe('the line-of-sight table', () => {
  // Row 0 of the grid: 1 2 3 4 5 6 7 8 9 10, lines along it pass through the spaces between.
  const hall = (highGround: number[], cover: number[] = []) => build(hallSource({ highGround, cover })).board;

  // Source normal ground, target high ground: "No line of sight".
  it('normal ground never sees high ground, even next door', () => {
    expect(hall([3]).hasLineOfSight(2, 3)).toBe(false);
  });

  // Source high ground, target high ground: "Walls block line of sight" — nothing else.
  it('high ground sees high ground past other high ground and cover', () => {
    expect(hall([1, 2, 5], [3]).hasLineOfSight(1, 5)).toBe(true);
  });

  // Line-of-sight table, high ground → high ground: "Walls block line of sight" (nothing else).
  it('high ground does not see high ground through a wall', () => {
    expect(build(hallSource({ highGround: [1, 5], wallsBetween: [[3, 4]] })).board.hasLineOfSight(1, 5)).toBe(false);
  });

  // Source high ground, target normal ground: "Walls block"; "High-ground spaces block".
  it('high ground does not see normal ground past other high ground', () => {
    expect(hall([1, 2]).hasLineOfSight(1, 3)).toBe(false);
  });

  // "If you're on high ground, cover spaces don't block line of sight."
  it('high ground sees normal ground past cover', () => {
    expect(hall([1], [2]).hasLineOfSight(1, 3)).toBe(true);
  });

  // Source normal ground, target normal ground: walls, high ground, and "Cover spaces block line
  // of sight (don't count source or target)".
  it('normal ground does not see normal ground past high ground', () => {
    expect(hall([5]).hasLineOfSight(4, 6)).toBe(false);
  });

  // "Cover spaces block all line of sight, except from high-ground spaces." (Cover)
  it('normal ground does not see normal ground past cover', () => {
    expect(hall([40], [5]).hasLineOfSight(4, 6)).toBe(false);
  });

  // "Cover spaces block all line of sight, except from high-ground spaces." (Cover)
  it('cover on the source or target space does not count', () => {
    const board = hall([40], [4, 6]);
    expect(board.hasLineOfSight(4, 6)).toBe(true);
    expect(board.hasLineOfSight(6, 4)).toBe(true);
  });

  // "You always have line of sight to the space you are in."
  it('every space sees itself, whatever its terrain', () => {
    const board = hall([1], [2]);
    expect(board.hasLineOfSight(1, 1)).toBe(true);
    expect(board.hasLineOfSight(2, 2)).toBe(true);
  });
});
