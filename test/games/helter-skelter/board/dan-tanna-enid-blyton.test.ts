// Hand-checked facts about the reconstructed City Blocks Dan Tanna and Enid Blyton map
// (docs/maps/dan-tanna-enid-blyton.svg; cells are (row, column) from the top left). Each fact was
// worked out from the art in content/maps/dan-tanna-enid-blyton.ts, not copied from the code.

import { describe, expect, it } from 'vitest';
import { boardFor, sightLine } from '../../../../src/games/helter-skelter/board/index.ts';

const MAP = 'dan-tanna-enid-blyton';
const board = boardFor(MAP);

describe('Dan Tanna and Enid Blyton: spaces, cover and terrain', () => {
  // "Both maps are divided into forty different spaces."
  it('has forty spaces, designated 1 to 40', () => {
    expect(board.spaces).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  // "Cover spaces have their number in a black circle." "The rooftop of Dan Tanna block offers a
  // good amount of cover" (The Map)
  it('cover spaces are the rooftop clutter and two furnished rooms', () => {
    expect(board.spaces.filter((s) => board.isCover(s))).toEqual([2, 7, 10, 12, 13, 22, 25, 32, 35, 36]);
  });

  // "On the GRAND HALL OF JUSTICE map, some spaces are on high ground." — only there.
  it('has no high ground', () => {
    expect(board.spaces.some((s) => board.isHighGround(s))).toBe(false);
  });
});

describe('Dan Tanna and Enid Blyton: adjacency', () => {
  // "If two spaces share a border, they are adjacent" (Spaces)
  it('rooftop spaces sharing a plain border are adjacent (24 and 33)', () => {
    expect(board.adjacent(24)).toContain(33);
    expect(board.adjacent(33)).toContain(24);
  });

  // A wall on part of a border leaves the rest a border: 1 and 2 meet at (2,5)/(3,5), where the
  // air-con housing's wall stops. "If two spaces share a border, they are adjacent"
  it('a partly walled border still joins 1 and 2 through the open cell edge', () => {
    expect(board.adjacent(1)).toContain(2);
  });

  // "If two spaces share a border, they are adjacent" (Spaces)
  // Same for the low wall between 23 and 24 (open at column 2) and 30 and 26 (open at column 2).
  it('the rooftop low walls leave 23–24 and 30–26 adjacent', () => {
    expect(board.adjacent(23)).toContain(24);
    expect(board.adjacent(30)).toContain(26);
  });

  // "Spaces separated by walls are not considered adjacent." (Walls) The stair head 34 is walled
  // on its west and north sides.
  it('the stair head 34 is walled off from 25, 2 and 20, and opens only to 4 and 12', () => {
    expect(board.adjacent(34)).toEqual([4, 12]);
  });

  // "You cannot move onto falls." The bridge 11 borders falls 1 and 2; they are not spaces.
  it('falls are never adjacent spaces: the bridge 11 is adjacent to 6, 10 and 20 only', () => {
    expect(board.adjacent(11)).toEqual([6, 10, 20]);
  });

  // "Spaces separated by walls are not considered adjacent." The bridge 11 meets room 7 across
  // Enid Blyton's wall, and room 6 through its door.
  it('the bridge 11 leads into room 6 but is walled from room 7', () => {
    expect(board.adjacent(11)).toContain(6);
    expect(board.adjacent(11)).not.toContain(7);
  });

  // "Spaces separated by walls are not considered adjacent." (Walls)
  it('the bridge 31 leads into room 40 but is walled from room 17', () => {
    expect(board.adjacent(31)).toEqual([13, 40]);
  });

  // The drop separates the blocks: "You cannot move onto falls."
  it('10 on the roof and 19 across the drop are not adjacent', () => {
    expect(board.adjacent(10)).not.toContain(19);
  });

  // "If two spaces share a border, they are adjacent" (Spaces)
  // A room's doorway is an open stretch of its wall: 19 opens onto the corridor 28 only.
  it('room 19 opens onto the corridor 28 and nowhere else', () => {
    expect(board.adjacent(19)).toEqual([28]);
  });

  // "Spaces separated by walls are not considered adjacent." 6 and 7 are stacked rooms with a
  // full wall between them; 7 and 21 have a doorway at column 13.
  it('rooms 6 and 7 are walled apart; rooms 7 and 21 share a doorway', () => {
    expect(board.adjacent(6)).not.toContain(7);
    expect(board.adjacent(7)).toContain(21);
  });

  // "Spaces separated by walls are not considered adjacent." (Walls)
  it('rooms 3 and 38 are walled apart, and 3 opens only onto the corridor 29', () => {
    expect(board.adjacent(3)).toEqual([29]);
  });

  // "If two spaces share a border, they are adjacent and you can usually move between them."
  it('the corridor 28, 29, 39, 18 runs unbroken', () => {
    expect(board.adjacent(28)).toContain(29);
    expect(board.adjacent(29)).toContain(39);
    expect(board.adjacent(39)).toContain(18);
  });
});

describe('Dan Tanna and Enid Blyton: line of sight', () => {
  // "You always have line of sight to the space you are in."
  it('a character always sees its own space, even shut in room 5 or on cover 2', () => {
    expect(board.hasLineOfSight(5, 5)).toBe(true);
    expect(board.hasLineOfSight(2, 2)).toBe(true);
  });

  // "Cover spaces block all line of sight, except from high-ground spaces." 23 (1,1) to 1 (1,6)
  // runs along row 1 through (1,3)–(1,5), the vent 32.
  it('cover blocks: the vent 32 stands between 23 and 1', () => {
    expect(sightLine(MAP, 23, 1)).toEqual({ wall: false, spaces: [32], falls: [] });
    expect(board.hasLineOfSight(23, 1)).toBe(false);
    expect(board.hasLineOfSight(1, 23)).toBe(false);
  });

  // "Cover spaces block line of sight (don't count source or target)"
  it('the source’s own cover does not block: 32 sees 1', () => {
    expect(board.hasLineOfSight(32, 1)).toBe(true);
  });

  // "Cover spaces block line of sight (don't count source or target)" — 23 (1,1) to 32 (1,3).
  it('the target’s own cover does not block: 23 sees 32', () => {
    expect(board.hasLineOfSight(23, 32)).toBe(true);
  });

  // "Cover spaces block all line of sight, except from high-ground spaces." (Cover)
  // 24 (4,1) to 20 (5,8): the line crosses row 4 to a corner at (5,5), then row 5 through the
  // air-con plant 2 at (5,5)–(5,6).
  it('cover blocks a long rooftop line: 2 stands between 24 and 20', () => {
    expect(sightLine(MAP, 24, 20)).toEqual({ wall: false, spaces: [2, 33], falls: [] });
    expect(board.hasLineOfSight(24, 20)).toBe(false);
  });

  // "Falls do not block line of sight." 11 (3,10) to 31 (11,10) runs down column 10 over falls
  // 2 and 4.
  it('falls do not block: the bridges 11 and 31 see each other down the drop', () => {
    expect(sightLine(MAP, 11, 31)).toEqual({ wall: false, spaces: [], falls: ['fall 2', 'fall 4'] });
    expect(board.hasLineOfSight(11, 31)).toBe(true);
    expect(board.hasLineOfSight(31, 11)).toBe(true);
  });

  // "Falls do not block line of sight." 10 (1,8) to 19 (0,13) crosses fall 1 and room 19's
  // broken window (no wall at (0,11)/(0,12)).
  it('falls do not block: 10 on the roof sees room 19 across the drop', () => {
    expect(sightLine(MAP, 10, 19)).toEqual({ wall: false, spaces: [], falls: ['fall 1'] });
    expect(board.hasLineOfSight(10, 19)).toBe(true);
    expect(board.hasLineOfSight(19, 10)).toBe(true);
  });

  // "Falls do not block line of sight." 20 (5,8) to 7 (5,13) runs along row 5 over fall 2.
  it('falls do not block: 20 sees into room 7 through its broken window', () => {
    expect(board.hasLineOfSight(20, 7)).toBe(true);
  });

  // "walls block line of sight" (Walls). 12 (8,8) to 21 (8,13) crosses fall 4, then Enid
  // Blyton's outer wall at (8,11)/(8,12).
  it('walls block: Enid Blyton’s outer wall hides 21 from 12', () => {
    expect(sightLine(MAP, 12, 21).wall).toBe(true);
    expect(board.hasLineOfSight(12, 21)).toBe(false);
  });

  // "You'll have line of sight unless the traced line passes through something that blocks it." —
  // walls do.
  // 6 (3,14) to 7 (5,13) crosses the wall under room 6 at (4,13)/(5,13).
  it('walls block: rooms 6 and 7 cannot see each other', () => {
    expect(sightLine(MAP, 6, 7).wall).toBe(true);
    expect(board.hasLineOfSight(6, 7)).toBe(false);
    expect(board.hasLineOfSight(7, 6)).toBe(false);
  });

  // "You'll have line of sight unless the traced line passes through something that blocks it." —
  // walls do.
  // 19 (0,13) to 37 (0,19) runs along row 0 into the wall at (0,15)/(0,16).
  it('walls block: 19 cannot see 37 across the corridor', () => {
    expect(board.hasLineOfSight(19, 37)).toBe(false);
  });

  // "You'll have line of sight unless the traced line passes through something that blocks it." —
  // walls do.
  // 34 (8,6) to 25 (8,5) crosses the stair head's wall.
  it('walls block even between bordering spaces: 34 does not see 25', () => {
    expect(board.hasLineOfSight(34, 25)).toBe(false);
  });

  // "Trace a line between the designations of the source and the target." (Line of Sight)
  // 19 (0,13) to 28 (1,16) leaves the room at (1,15)/(1,16), its doorway.
  it('a doorway lets sight through: 19 sees the corridor 28', () => {
    expect(sightLine(MAP, 19, 28)).toEqual({ wall: false, spaces: [], falls: [] });
    expect(board.hasLineOfSight(19, 28)).toBe(true);
  });

  // "Trace a line between the designations of the source and the target." (Line of Sight)
  // 34 (8,6) to 12 (8,8) leaves the stair head by its open east side into the cover space 12,
  // which is the target and does not count.
  it('the stair head 34 sees 12 through its open side', () => {
    expect(board.hasLineOfSight(34, 12)).toBe(true);
  });

  // "You'll have line of sight unless the traced line passes through something that blocks it." —
  // walls do.
  // 11 (3,10) to 7 (5,13) meets the wall between the bridge and room 7 at (4,12)/(5,12).
  it('the bridge 11 cannot see into room 7', () => {
    expect(board.hasLineOfSight(11, 7)).toBe(false);
  });
});

describe('Dan Tanna and Enid Blyton: SHOTGUN range', () => {
  // "When you calculate your range for the SHOTGUN action, falls count as a space."
  it('range counts a fall as a space: 10 to 19 across fall 1 is 2', () => {
    expect(board.distance(10, 19)).toBe(2);
  });

  // "When you calculate your range for the SHOTGUN action, falls count as a space."
  it('range across the drop into a broken window: 20 to 7 is 2, 13 to 5 is 2', () => {
    expect(board.distance(20, 7)).toBe(2);
    expect(board.distance(13, 5)).toBe(2);
  });

  // "falls count as a space": falls 2 and 4 are two spaces of range.
  it('each fall counts once: bridge 11 to bridge 31 over falls 2 and 4 is 3', () => {
    expect(board.distance(11, 31)).toBe(3);
  });

  // "You cannot move through walls" — and range is not counted through them either: 12 is two
  // steps from 21 through fall 4 only by crossing the outer wall.
  it('range does not cross walls: 12 to 21 is 3, not 2', () => {
    expect(board.distance(12, 21)).toBe(3);
  });

  // "at most two spaces away" (SHOTGUN): a space is no steps from itself, one from its neighbour.
  it('range to the same space is 0 and to an adjacent space is 1', () => {
    expect(board.distance(17, 17)).toBe(0);
    expect(board.distance(17, 39)).toBe(1);
  });
});

describe('Dan Tanna and Enid Blyton: FLY', () => {
  // "You may move over falls as if they were a space, but you may not end the FLY action on that
  // space."
  it('FLY crosses the drop: 10 may fly to room 19 over fall 1', () => {
    expect(board.flyDestinations(10)).toContain(19);
  });

  // "You may move over falls as if they were a space" (FLY)
  it('FLY over the bottom of the drop: 13 may fly to room 5 over fall 5', () => {
    expect(board.flyDestinations(13)).toContain(5);
  });

  // "Move the character up to two spaces." Two falls are two of those spaces.
  it('FLY ends within two spaces: the bridge 11 cannot reach the bridge 31 over two falls', () => {
    expect(board.flyDestinations(11)).not.toContain(31);
  });

  // "You cannot MOVE through walls" — FLY is a move too.
  it('FLY does not pass walls: 12 cannot fly into room 21 through the outer wall', () => {
    expect(board.flyDestinations(12)).not.toContain(21);
  });

  // "you may not end the FLY action on that space" (FLY); "Move the character up to two spaces" —
  // a move, so never back onto the starting space.
  it('FLY never ends where it started nor on a fall', () => {
    for (const s of board.spaces) {
      expect(board.flyDestinations(s)).not.toContain(s);
      for (const t of board.flyDestinations(s)) expect(board.spaces).toContain(t);
    }
  });
});
