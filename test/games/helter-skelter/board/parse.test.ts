// The map parser rejects malformed geometry with a message that says what and where. Each case
// is a rule of the rulebook the data would otherwise break.

import { describe, expect, it } from 'vitest';
import { MapFormatError, parseMap } from '../../../../src/games/helter-skelter/board/index.ts';
import { art, danSource, gridTokens, hallSource } from './synthetic.ts';

function rejects(source: Parameters<typeof parseMap>[0], message: RegExp): void {
  let error: unknown;
  try {
    parseMap(source);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(MapFormatError);
  expect((error as Error).message).toMatch(message);
}

describe('map parser: what a valid map looks like', () => {
  // "Both maps are divided into forty different spaces. Each space has a designation and is
  // surrounded entirely by borders, walls, and falls." (Spaces)
  it('parses the synthetic grid: 40 spaces and one fall', () => {
    const map = parseMap(danSource());
    expect(map.regions.filter((r) => r.kind === 'space')).toHaveLength(40);
    expect(map.regions.filter((r) => r.kind === 'fall')).toHaveLength(1);
    expect(map.rows).toBe(4);
    expect(map.cols).toBe(11);
  });

  // "Some spaces are separated by walls. Walls are marked with a yellow outline." (Walls)
  it('reads walls drawn with | and --, and walls listed as pairs of spaces', () => {
    const rows = gridTokens().map((r) => r.join(' '));
    rows[0] = rows[0]!.replace('01 02', '01|02');
    const source = danSource({
      art: `\n    ${rows[0]}\n       --\n    ${rows[1]}\n    ${rows[2]}\n    ${rows[3]}\n`,
      wallsBetween: [[22, 32]],
    });
    expect(parseMap(source).walls).toEqual([
      { row: 0, col: 0, side: 'right' },
      { row: 0, col: 1, side: 'bottom' },
      { row: 2, col: 1, side: 'bottom' },
    ]);
  });

  // "The designation is the numbered circle on the space." (Spaces)
  it('puts a designation point at the listed cell, else at the region’s central cell', () => {
    // Space 1 takes (0,0) and (0,1); space 2 moves to the bottom-right corner.
    const tokens = gridTokens();
    tokens[0]![1] = '01';
    tokens[3]![10] = '02';
    const map = parseMap(danSource({ art: art(tokens), designationPoints: [{ space: 1, row: 0, col: 1 }] }));
    expect(map.regions[0]!.point).toEqual({ row: 0, col: 1 });
    expect(parseMap(danSource({ art: art(tokens) })).regions[0]!.point).toEqual({ row: 0, col: 0 });
  });
});

describe('map parser: rejects bad data', () => {
  // "Both maps are divided into forty different spaces."
  it('rejects a map missing a designation', () => {
    const tokens = gridTokens();
    tokens[3]![9] = '39';
    rejects(danSource({ art: art(tokens) }), /no cells for space 40/);
  });

  // "Both maps are divided into forty different spaces. Each space has a designation and is
  // surrounded entirely by borders, walls, and falls." (Spaces)
  it('rejects a designation outside 1–40', () => {
    const tokens = gridTokens();
    tokens[3]![10] = '41';
    rejects(danSource({ art: art(tokens) }), /art line \d+, column \d+: designation 41 is out of range/);
  });

  // "Each space … is surrounded entirely by borders, walls, and falls": one region per space.
  it('rejects a space split into two pieces', () => {
    const tokens = gridTokens();
    tokens[3]![10] = '01';
    rejects(danSource({ art: art(tokens) }), /space 1 is split into 2 separate pieces/);
  });

  // "Both maps are divided into forty different spaces. Each space has a designation and is
  // surrounded entirely by borders, walls, and falls." (Spaces)
  it('rejects an unknown token, naming the line and column', () => {
    const tokens = gridTokens();
    tokens[1]![4] = 'x1';
    rejects(danSource({ art: art(tokens) }), /art line 4, column 17: unknown token "x1"/);
  });

  // "Both maps are divided into forty different spaces. Each space has a designation and is
  // surrounded entirely by borders, walls, and falls." (Spaces)
  it('rejects rows of different lengths', () => {
    const rows = gridTokens().map((r) => r.join(' '));
    rows[2] = rows[2]!.slice(0, -3);
    rejects(danSource({ art: '\n' + rows.join('\n') + '\n' }), /this row has 10 cells, the first row has 11/);
  });

  // "Some spaces are separated by walls. Walls are marked with a yellow outline." (Walls)
  it('rejects a separator that is neither a border nor a wall', () => {
    const rows = gridTokens().map((r) => r.join(' '));
    rows[0] = rows[0]!.replace('01 02', '01/02');
    rejects(danSource({ art: rows.join('\n') }), /separator "\/" must be " " \(a border\) or "\|" \(a wall\)/);
  });

  // "Some spaces are separated by walls": a wall stands between two regions.
  it('rejects a wall inside a region', () => {
    const tokens = gridTokens();
    tokens[0]![1] = '01';
    tokens[3]![10] = '02';
    const rows = tokens.map((r) => r.join(' '));
    rows[0] = rows[0]!.replace('01 01', '01|01');
    rejects(danSource({ art: rows.join('\n') }), /a wall inside 01 at \(row 0, column 0\)/);
  });

  // "Some spaces are separated by walls. Walls are marked with a yellow outline." (Walls)
  it("rejects a wall drawn on the map's edge", () => {
    const rows = gridTokens().map((r) => r.join(' '));
    rows[1] = rows[1] + '|';
    rejects(danSource({ art: rows.join('\n') }), /a wall drawn on the map's right edge/);
  });

  // "Some spaces are separated by walls. Walls are marked with a yellow outline." (Walls)
  it('rejects a line of walls above the first row', () => {
    const rows = gridTokens().map((r) => r.join(' '));
    rejects(danSource({ art: ['    --', ...rows.map((r) => '    ' + r)].join('\n') }), /a line of walls above the first row/);
  });

  // "Some spaces are separated by walls. Walls are marked with a yellow outline." (Walls)
  it('rejects a malformed wall mark under a cell', () => {
    const rows = gridTokens().map((r) => r.join(' '));
    rejects(danSource({ art: [rows[0], '-+', ...rows.slice(1)].join('\n') }), /"-\+" under a cell must be "--"/);
  });

  // "Some spaces are separated by walls. Walls are marked with a yellow outline." (Walls)
  it('rejects a wall listed between spaces that do not border', () => {
    rejects(danSource({ wallsBetween: [[1, 3]] }), /spaces 1 and 3 share no border/);
  });

  // "Some spaces are separated by walls. Walls are marked with a yellow outline." (Walls)
  it('rejects a wall listed from a space to itself', () => {
    rejects(danSource({ wallsBetween: [[5, 5]] }), /a wall needs two different spaces/);
  });

  // "Cover spaces have their number in a black circle": only designations can be cover.
  it('rejects cover naming a space that does not exist, or twice', () => {
    rejects(danSource({ cover: [0] }), /cover lists 0, which is not a designation 1–40/);
    rejects(danSource({ cover: [3, 3] }), /cover lists space 3 twice/);
  });

  // "The designation is the numbered circle on the space." (Spaces)
  it('rejects a designation point outside its space', () => {
    rejects(danSource({ designationPoints: [{ space: 5, row: 2, col: 2 }] }), /designation point of space 5 at \(row 2, column 2\) is not inside space 5/);
  });

  // "On the GRAND HALL OF JUSTICE map, some spaces are on high ground."
  it('rejects high ground on the Dan Tanna map', () => {
    rejects(danSource({ highGround: [4] }), /this map has no high ground/);
  });

  // "On the GRAND HALL OF JUSTICE map, some spaces are on high ground." (High Ground)
  it('rejects a Grand Hall without high ground', () => {
    rejects(hallSource({ highGround: [] }), /this map has high ground .* but highGround is empty/);
  });

  // "On the CITY BLOCKS DAN TANNA AND ENID BLYTON map, there are some falls."
  it('rejects falls on the Grand Hall', () => {
    rejects(hallSource({ art: art(gridTokens('..')) }), /this map has no falls .* but the art has one at \(row 0, column 10\)/);
  });

  // "On the CITY BLOCKS DAN TANNA AND ENID BLYTON map, there are some falls." (Falls)
  it('rejects a Dan Tanna map without falls', () => {
    rejects(danSource({ art: art(gridTokens('##')) }), /this map has falls .* but the art has none/);
  });

  // "Move the character to an adjacent space": every space must be reachable by MOVE and CLIMB.
  it('rejects a space walled off from the rest, naming it', () => {
    rejects(danSource({ wallsBetween: [[1, 2], [1, 11]] }), /space 1 cannot be reached from the rest of the map by MOVE or CLIMB/);
    rejects(danSource({ wallsBetween: [[10, 9], [10, 20]] }), /space 10 cannot be reached from the rest of the map/);
  });

  // "Move the character to an adjacent space … You cannot MOVE through walls or onto falls." (MOVE)
  it('names every space of a walled-off corner', () => {
    rejects(danSource({ wallsBetween: [[2, 3], [12, 13], [11, 21], [12, 22]] }), /spaces 1, 2, 11, 12 cannot be reached/);
  });

  // "Characters taking the FLY action can move onto a fall": a fall must border some space.
  it('rejects a fall walled off from every space', () => {
    const rows = gridTokens().map((r) => r.join(' '));
    const walled = rows.map((r) => r.replace(/ \.\.$/, '|..'));
    rejects(danSource({ art: walled.join('\n') }), /fall 1 at \(row 0, column 10\) borders no space without a wall/);
  });

  // "Both maps are divided into forty different spaces. Each space has a designation and is
  // surrounded entirely by borders, walls, and falls." (Spaces)
  it('rejects art with no cells at all', () => {
    rejects(danSource({ art: '\n\n' }), /the art has no rows of cells/);
  });
});
