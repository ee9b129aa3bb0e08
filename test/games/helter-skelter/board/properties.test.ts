// Properties every map must have, checked exhaustively on the two real maps and with fast-check
// on random maps (random regions grown from seeds, random walls, cover, high ground and falls),
// written out as art so the authoring format is exercised too.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Board, Cell, MapGeometry, MapId } from '../../../../src/games/helter-skelter/board/index.ts';
import { boardFor, buildBoard, geometryFor, MAP_IDS, MapFormatError, parseMap } from '../../../../src/games/helter-skelter/board/index.ts';
import { edgeIndex, regionAt, wallLookup } from '../../../../src/games/helter-skelter/board/geometry.ts';
import { traceLine } from '../../../../src/games/helter-skelter/board/sight.ts';
import type { MapSource } from '../../../../src/games/helter-skelter/content/maps/source.ts';
import { nextInt, seedRng, shuffle } from '../../../../src/platform/random.ts';

// ---- properties ---------------------------------------------------------------------------

// Each property returns what breaks it (empty when it holds), so one expect covers a whole map.

// "If two spaces share a border, they are adjacent" — a relation between two different spaces.
function adjacencyIsSymmetricAndIrreflexive(board: Board): string[] {
  const broken: string[] = [];
  for (const s of board.spaces) {
    if (board.adjacent(s).includes(s)) broken.push(`${s} adjacent to itself`);
    for (const t of board.adjacent(s)) if (!board.adjacent(t).includes(s)) broken.push(`${s}→${t} but not back`);
  }
  return broken;
}

// "Move the character to an adjacent space": MOVE and CLIMB reach every space.
function everySpaceIsReachable(board: Board): string[] {
  const seen = new Set([board.spaces[0]!]);
  const queue = [board.spaces[0]!];
  while (queue.length > 0) {
    for (const t of board.adjacent(queue.pop()!)) {
      if (!seen.has(t)) {
        seen.add(t);
        queue.push(t);
      }
    }
  }
  return board.spaces.filter((s) => !seen.has(s)).map((s) => `${s} unreachable`);
}

// "You always have line of sight to the space you are in." "If you're not on high ground, you
// can't see someone on a high-ground space". Between two spaces on the same kind of ground the
// table blocks with the same things both ways, so sight is mutual.
function sightFollowsTheTable(board: Board): string[] {
  const broken: string[] = [];
  for (const s of board.spaces) {
    if (!board.hasLineOfSight(s, s)) broken.push(`${s} does not see itself`);
    for (const t of board.spaces) {
      if (s === t) continue;
      if (!board.isHighGround(s) && board.isHighGround(t) && board.hasLineOfSight(s, t)) {
        broken.push(`normal ground ${s} sees high ground ${t}`);
      }
      if (board.isHighGround(s) === board.isHighGround(t) && board.hasLineOfSight(s, t) !== board.hasLineOfSight(t, s)) {
        broken.push(`${s}→${t} differs from ${t}→${s}`);
      }
    }
  }
  return broken;
}

// SHOTGUN range is a distance: 0 to itself, symmetric, 1 for adjacent, one more at most per step.
// "Move the character up to two spaces" over the same spaces and falls: FLY reaches exactly the
// other spaces within range 2.
function rangeAndFlyAgree(board: Board): string[] {
  const broken: string[] = [];
  for (const s of board.spaces) {
    if (board.distance(s, s) !== 0) broken.push(`range ${s}→${s} is not 0`);
    for (const t of board.adjacent(s)) if (board.distance(s, t) !== 1) broken.push(`range ${s}→${t} is not 1`);
    const fly = board.spaces.filter((t) => t !== s && board.distance(s, t) <= 2);
    if (fly.join() !== board.flyDestinations(s).join()) broken.push(`FLY from ${s} is not the spaces within 2`);
    for (const t of board.spaces) {
      if (board.distance(s, t) !== board.distance(t, s)) broken.push(`range ${s}↔${t} not symmetric`);
      for (const u of board.adjacent(t)) {
        if (board.distance(s, u) > board.distance(s, t) + 1) broken.push(`range ${s}→${u} breaks the triangle`);
      }
    }
  }
  return broken;
}

// "CLIMB: Move the character to an adjacent high-ground space." (A design goal of the two maps:
// every high-ground space borders normal ground. The parser demands only that the map be
// connected, which random maps are.)
function highGroundCanBeClimbed(board: Board): string[] {
  return board.spaces
    .filter((s) => board.isHighGround(s) && !board.adjacent(s).some((t) => !board.isHighGround(t)))
    .map((s) => `high ground ${s} borders no normal ground`);
}

// ---- an independent tracer: walk the line cell by cell in exact integer arithmetic ----------

/** The cells the open line visits, in order, and whether it crosses a wall between two of them. */
function walkLine(map: MapGeometry, from: Cell, to: Cell): { regions: number[]; wall: boolean } {
  const px = 2 * from.col + 1;
  const py = 2 * from.row + 1;
  const dx = 2 * (to.col - from.col);
  const dy = 2 * (to.row - from.row);
  // Parameter t = k / D; every grid-line crossing has an integer k.
  const D = 2 * Math.max(1, Math.abs(dx)) * Math.max(1, Math.abs(dy));
  const ks = new Set([0, D]);
  for (let x = Math.min(px, px + dx) + 1; x < Math.max(px, px + dx); x += 2) ks.add(((x - px) * D) / dx);
  for (let y = Math.min(py, py + dy) + 1; y < Math.max(py, py + dy); y += 2) ks.add(((y - py) * D) / dy);
  const sorted = [...ks].sort((a, b) => a - b);
  const cells: Cell[] = [];
  for (let i = 0; i + 1 < sorted.length; i++) {
    const mid = sorted[i]! + sorted[i + 1]!; // t = mid / 2D
    const cell = {
      col: Math.floor((px * 2 * D + dx * mid) / (4 * D)),
      row: Math.floor((py * 2 * D + dy * mid) / (4 * D)),
    };
    const last = cells[cells.length - 1];
    if (!last || last.row !== cell.row || last.col !== cell.col) cells.push(cell);
  }
  const walls = wallLookup(map);
  const wallBetween = (a: Cell, b: Cell): boolean => {
    if (a.row === b.row) return walls[edgeIndex(map.cols, a.row, Math.min(a.col, b.col), 'right')] === 1;
    return walls[edgeIndex(map.cols, Math.min(a.row, b.row), a.col, 'bottom')] === 1;
  };
  let wall = false;
  for (let i = 0; i + 1 < cells.length; i++) {
    const a = cells[i]!;
    const b = cells[i + 1]!;
    if (a.row === b.row || a.col === b.col) {
      if (wallBetween(a, b)) wall = true;
    } else {
      // Through a corner: blocked if both ways round it, via the two other cells, meet a wall.
      const h = { row: a.row, col: b.col };
      const v = { row: b.row, col: a.col };
      if ((wallBetween(a, h) || wallBetween(h, b)) && (wallBetween(a, v) || wallBetween(v, b))) wall = true;
    }
  }
  const regions = [...new Set(cells.map((c) => regionAt(map, c.row, c.col)).filter((r) => r >= 0))];
  return { regions: regions.sort((a, b) => a - b), wall };
}

// ---- random maps ----------------------------------------------------------------------------

interface RandomMapSpec {
  seed: number;
  kind: MapId;
  rows: number;
  cols: number;
  wallChance: number;
}

/** Grows 40 spaces (and, for Dan Tanna, a few falls) from random seed cells, then draws walls. */
function randomMap({ seed, kind, rows, cols, wallChance }: RandomMapSpec): MapSource {
  let rng = seedRng(seed);
  const draw = (n: number) => {
    const [v, next] = nextInt(rng, n);
    rng = next;
    return v;
  };
  const fallCount = kind === 'dan-tanna-enid-blyton' ? 1 + draw(3) : 0;
  const regionCount = 40 + fallCount;
  const cellIds = Array.from({ length: rows * cols }, (_, i) => i);
  const [order, afterOrder] = shuffle(cellIds, rng);
  rng = afterOrder;
  const owner = new Array<number>(rows * cols).fill(-1);
  order.slice(0, regionCount).forEach((cell, region) => (owner[cell] = region));
  const neighbours = (cell: number) =>
    [
      [Math.floor(cell / cols) - 1, cell % cols],
      [Math.floor(cell / cols) + 1, cell % cols],
      [Math.floor(cell / cols), (cell % cols) - 1],
      [Math.floor(cell / cols), (cell % cols) + 1],
    ]
      .filter(([r, c]) => r! >= 0 && c! >= 0 && r! < rows && c! < cols)
      .map(([r, c]) => r! * cols + c!);
  while (owner.includes(-1)) {
    for (const cell of order) {
      if (owner[cell] !== -1) continue;
      const taken = neighbours(cell).filter((n) => owner[n] !== -1);
      if (taken.length > 0) owner[cell] = owner[taken[draw(taken.length)]!]!;
    }
  }
  // Regions 0..39 are spaces with shuffled designations; the rest are falls.
  const [designations, afterDesignations] = shuffle(Array.from({ length: 40 }, (_, i) => i + 1), rng);
  rng = afterDesignations;
  const token = (cell: number) => {
    const region = owner[cell]!;
    return region < 40 ? String(designations[region]).padStart(2, '0') : `.${'abc'[region - 40]}`;
  };
  // Walls only between two spaces, never on a random spanning tree of them (so the map stays
  // connected) and never next to a fall (so every fall borders a space).
  const tree = new Set<string>();
  const linked = new Set([owner[order[0]!]!]);
  const frontier = [order[0]!];
  const visited = new Set(frontier);
  while (frontier.length > 0) {
    const cell = frontier.splice(draw(frontier.length), 1)[0]!;
    for (const n of neighbours(cell)) {
      if (visited.has(n) || owner[n]! >= 40) continue;
      visited.add(n);
      frontier.push(n);
      const a = owner[cell]!;
      const b = owner[n]!;
      if (a !== b && a < 40 && !linked.has(b)) {
        linked.add(b);
        tree.add(`${Math.min(a, b)}-${Math.max(a, b)}`);
      }
    }
  }
  const wallOk = (a: number, b: number) =>
    a !== b && a < 40 && b < 40 && !tree.has(`${Math.min(a, b)}-${Math.max(a, b)}`) && draw(1000) < wallChance * 1000;
  const lines: string[] = [];
  for (let r = 0; r < rows; r++) {
    let line = '';
    let edges = '';
    for (let c = 0; c < cols; c++) {
      const cell = r * cols + c;
      line += token(cell);
      if (c < cols - 1) line += wallOk(owner[cell]!, owner[cell + 1]!) ? '|' : ' ';
      if (r < rows - 1) edges += (wallOk(owner[cell]!, owner[cell + cols]!) ? '--' : '  ') + ' ';
    }
    lines.push('  ' + line);
    if (edges.trim()) lines.push('  ' + edges.trimEnd());
  }
  const pick = (chance: number) => designations.filter(() => draw(100) < chance);
  const highGround = kind === 'grand-hall-of-justice' ? [...new Set([designations[0]!, ...pick(15)])] : [];
  const cover = pick(20);
  return { id: kind, name: 'random', art: lines.join('\n'), cover, highGround };
}

const randomSpec = fc.record({
  seed: fc.integer(),
  kind: fc.constantFrom(...MAP_IDS),
  rows: fc.integer({ min: 6, max: 9 }),
  cols: fc.integer({ min: 8, max: 11 }),
  wallChance: fc.double({ min: 0, max: 0.6, noNaN: true }),
});

// ---- the tests --------------------------------------------------------------------------------

describe.each(MAP_IDS)('map %s: properties', (id) => {
  const board = boardFor(id);
  const map = geometryFor(id);

  // "If two spaces share a border, they are adjacent" (Spaces)
  it('adjacency is symmetric and irreflexive', () => expect(adjacencyIsSymmetricAndIrreflexive(board)).toEqual([]));
  // "Move the character to an adjacent space … You cannot MOVE through walls or onto falls." (MOVE)
  it('every space can be reached by MOVE and CLIMB', () => expect(everySpaceIsReachable(board)).toEqual([]));
  // "You always have line of sight to the space you are in."
  it('line of sight follows the table: own space always, never from normal to high ground, mutual on like ground', () =>
    expect(sightFollowsTheTable(board)).toEqual([]));
  // "When you calculate your range for the SHOTGUN action, falls count as a space." / "Move the
  // character up to two spaces." (FLY)
  it('range is a distance and FLY reaches exactly the spaces within range 2', () => expect(rangeAndFlyAgree(board)).toEqual([]));
  // "Move the character to an adjacent high-ground space." (CLIMB)
  it('every high-ground space borders normal ground to CLIMB from', () => expect(highGroundCanBeClimbed(board)).toEqual([]));

  // "Trace a line between the designations of the source and the target." (Line of Sight)
  it('the tracer agrees with a cell-by-cell walk of every line between designations', () => {
    const differ: string[] = [];
    for (const a of map.regions.slice(0, 40)) {
      for (const b of map.regions.slice(0, 40)) {
        if (a.index === b.index) continue;
        const ours = traceLine(map, a.point, b.point);
        const walked = walkLine(map, a.point, b.point);
        if (ours.wall !== walked.wall || ours.regions.join() !== walked.regions.join()) differ.push(`${a.label}→${b.label}`);
      }
    }
    expect(differ).toEqual([]);
  });

  // "Some spaces provide cover." / "some spaces are on high ground" — and the rest do not.
  it('rejects a space that is not on the map', () => {
    expect(() => board.adjacent(0)).toThrow(RangeError);
    expect(() => board.hasLineOfSight(1, 41)).toThrow(RangeError);
  });
});

/** A random map's board, or null when the random falls or walls broke a rule of the parser. */
function randomBoard(spec: RandomMapSpec): { map: MapGeometry; board: Board } | null {
  try {
    const map = parseMap(randomMap(spec));
    return { map, board: buildBoard(map) };
  } catch (error) {
    if (error instanceof MapFormatError) return null;
    throw error;
  }
}

describe('random maps: properties', () => {
  // "Both maps are divided into forty different spaces. Each space has a designation and is
  // surrounded entirely by borders, walls, and falls." (Spaces)
  it('random maps parse, and their boards have every property', () => {
    fc.assert(
      fc.property(randomSpec, (spec) => {
        const built = randomBoard(spec);
        fc.pre(built !== null);
        const { board } = built!;
        expect([
          ...adjacencyIsSymmetricAndIrreflexive(board),
          ...everySpaceIsReachable(board),
          ...sightFollowsTheTable(board),
          ...rangeAndFlyAgree(board),
        ]).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  // "Trace a line between the designations of the source and the target." (Line of Sight)
  it('the tracer agrees with a cell-by-cell walk on random maps and random cells', () => {
    const line = fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat());
    fc.assert(
      fc.property(randomSpec, fc.array(line, { minLength: 40, maxLength: 40 }), (spec, lines) => {
        const built = randomBoard(spec);
        fc.pre(built !== null);
        const { map } = built!;
        for (const [r1, c1, r2, c2] of lines) {
          const from = { row: r1 % map.rows, col: c1 % map.cols };
          const to = { row: r2 % map.rows, col: c2 % map.cols };
          if (from.row === to.row && from.col === to.col) continue;
          const ours = traceLine(map, from, to);
          const walked = walkLine(map, from, to);
          expect({ from, to, wall: ours.wall, regions: ours.regions }).toEqual({ from, to, ...walked });
        }
      }),
      { numRuns: 100 },
    );
  });

  // "Both maps are divided into forty different spaces. Each space has a designation and is
  // surrounded entirely by borders, walls, and falls." (Spaces)
  it('most random maps are valid (the generator is not just producing rejects)', () => {
    let valid = 0;
    for (let seed = 0; seed < 40; seed++) {
      if (randomBoard({ seed, kind: MAP_IDS[seed % 2]!, rows: 7, cols: 9, wallChance: 0.3 })) valid++;
    }
    expect(valid).toBeGreaterThan(20);
  });
});
