// Parses a map's authoring source (content/maps/source.ts describes the format) into geometry,
// and rejects bad data with a message that says what is wrong and where. A map that parses has
// exactly the rulebook's forty spaces, each a single region, and every space reachable from
// every other by MOVE and CLIMB.

import type { MapSource } from '../content/maps/source.ts';
import type { MapId, SpaceId } from './board.ts';
import { readArt } from './art.ts';
import { MapFormatError } from './errors.ts';
import type { Cell, MapGeometry, Region, WallEdge } from './geometry.ts';
import { edgeIndex, forEachRegionBorder, SPACES_PER_MAP } from './geometry.ts';

/**
 * Which terrain each map has. "On the GRAND HALL OF JUSTICE map, some spaces are on high
 * ground." (rulebook, "High Ground"); "On the CITY BLOCKS DAN TANNA AND ENID BLYTON map, there are
 * some falls." (rulebook, "Falls")
 */
export const MAP_TERRAIN: Readonly<Record<MapId, { readonly falls: boolean; readonly highGround: boolean }>> = {
  'dan-tanna-enid-blyton': { falls: true, highGround: false },
  'grand-hall-of-justice': { falls: false, highGround: true },
};

function cellName(cell: Cell): string {
  return `(row ${cell.row}, column ${cell.col})`;
}

/** The region's cell nearest its centre of mass; ties go to the first in reading order. */
export function centralCell(cells: readonly Cell[]): Cell {
  const n = cells.length;
  let sumX = 0;
  let sumY = 0;
  for (const c of cells) {
    sumX += 2 * c.col + 1;
    sumY += 2 * c.row + 1;
  }
  let best = cells[0]!;
  let bestScore = Infinity;
  for (const c of cells) {
    const dx = n * (2 * c.col + 1) - sumX;
    const dy = n * (2 * c.row + 1) - sumY;
    const score = dx * dx + dy * dy;
    if (score < bestScore) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}

/** Splits cells into 4-connected pieces. */
function pieces(cells: readonly Cell[]): Cell[][] {
  const key = (r: number, c: number) => `${r},${c}`;
  const left = new Map(cells.map((c) => [key(c.row, c.col), c]));
  const out: Cell[][] = [];
  for (const start of cells) {
    if (!left.has(key(start.row, start.col))) continue;
    left.delete(key(start.row, start.col));
    const piece: Cell[] = [];
    const queue = [start];
    while (queue.length > 0) {
      const c = queue.pop()!;
      piece.push(c);
      for (const [dr, dc] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
        const k = key(c.row + dr, c.col + dc);
        const next = left.get(k);
        if (next) {
          left.delete(k);
          queue.push(next);
        }
      }
    }
    piece.sort((a, b) => a.row - b.row || a.col - b.col);
    out.push(piece);
  }
  return out;
}

function checkSpaceList(source: MapSource, what: string, list: readonly SpaceId[]): Set<SpaceId> {
  const seen = new Set<SpaceId>();
  for (const s of list) {
    if (!Number.isInteger(s) || s < 1 || s > SPACES_PER_MAP) {
      throw new MapFormatError(source.id, `${what} lists ${s}, which is not a designation 1–${SPACES_PER_MAP}`);
    }
    if (seen.has(s)) throw new MapFormatError(source.id, `${what} lists space ${s} twice`);
    seen.add(s);
  }
  return seen;
}

/** Parses and validates a map source; throws MapFormatError on bad data. */
export function parseMap(source: MapSource): MapGeometry {
  const art = readArt(source);
  const { rows, cols } = art;
  const fail = (detail: string): never => {
    throw new MapFormatError(source.id, detail);
  };

  // Spaces: every designation present, each a single 4-connected region.
  const spaceCells: Cell[][] = Array.from({ length: SPACES_PER_MAP }, () => []);
  const fallCells = new Map<string, Cell[]>();
  art.tokens.forEach((token, i) => {
    const cell = { row: Math.floor(i / cols), col: i % cols };
    if (token.kind === 'space') spaceCells[token.designation - 1]!.push(cell);
    else if (token.kind === 'fall') {
      const list = fallCells.get(token.mark) ?? [];
      list.push(cell);
      fallCells.set(token.mark, list);
    }
  });
  const missing = spaceCells.flatMap((cells, i) => (cells.length === 0 ? [i + 1] : []));
  if (missing.length > 0) fail(`no cells for space${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  spaceCells.forEach((cells, i) => {
    const split = pieces(cells);
    if (split.length > 1) {
      fail(
        `space ${i + 1} is split into ${split.length} separate pieces, starting at ` +
          split.map((p) => cellName(p[0]!)).join(', '),
      );
    }
  });

  // Falls: each 4-connected piece of one fall mark is a fall region.
  const falls = [...fallCells.values()]
    .flatMap((cells) => pieces(cells))
    .sort((a, b) => a[0]!.row - b[0]!.row || a[0]!.col - b[0]!.col);

  const terrain = MAP_TERRAIN[source.id];
  if (!terrain) fail('unknown map id');
  if (!terrain.falls && falls.length > 0) {
    fail(`this map has no falls (rulebook, "Falls"), but the art has one at ${cellName(falls[0]![0]!)}`);
  }
  if (terrain.falls && falls.length === 0) fail('this map has falls (rulebook, "Falls"), but the art has none');

  const cover = checkSpaceList(source, 'cover', source.cover);
  const highGround = checkSpaceList(source, 'highGround', source.highGround);
  if (!terrain.highGround && highGround.size > 0) {
    fail(`this map has no high ground (rulebook, "High Ground"), but highGround lists ${[...highGround].join(', ')}`);
  }
  if (terrain.highGround && highGround.size === 0) fail('this map has high ground (rulebook, "High Ground"), but highGround is empty');

  // Designation points.
  const points = spaceCells.map((cells) => centralCell(cells));
  const placed = new Set<SpaceId>();
  for (const p of source.designationPoints ?? []) {
    const cells = Number.isInteger(p.space) ? spaceCells[p.space - 1] : undefined;
    if (!cells) fail(`designationPoints names space ${p.space}, which is not a designation 1–${SPACES_PER_MAP}`);
    if (placed.has(p.space)) fail(`designationPoints places space ${p.space} twice`);
    placed.add(p.space);
    if (!cells!.some((c) => c.row === p.row && c.col === p.col)) {
      fail(`the designation point of space ${p.space} at ${cellName(p)} is not inside space ${p.space}`);
    }
    points[p.space - 1] = { row: p.row, col: p.col };
  }

  const regions: Region[] = [
    ...spaceCells.map((cells, i) => ({
      index: i,
      kind: 'space' as const,
      designation: i + 1,
      label: String(i + 1).padStart(2, '0'),
      cells,
      point: points[i]!,
      cover: cover.has(i + 1),
      highGround: highGround.has(i + 1),
    })),
    ...falls.map((cells, i) => ({
      index: SPACES_PER_MAP + i,
      kind: 'fall' as const,
      designation: null,
      label: `fall ${i + 1}`,
      cells,
      point: centralCell(cells),
      cover: false,
      highGround: false,
    })),
  ];
  const cellRegion: number[] = new Array<number>(rows * cols).fill(-1);
  for (const region of regions) for (const c of region.cells) cellRegion[c.row * cols + c.col] = region.index;
  const at = (row: number, col: number) =>
    row < 0 || col < 0 || row >= rows || col >= cols ? -1 : cellRegion[row * cols + col]!;

  // Walls: drawn ones must stand between two different regions; each listed pair must border.
  const wallSet = new Set<number>();
  for (const [edge, lineNo] of art.drawnWalls) {
    const cell = Math.floor(edge / 2);
    const row = Math.floor(cell / cols);
    const col = cell % cols;
    const [r2, c2] = edge % 2 === 0 ? [row, col + 1] : [row + 1, col];
    const a = at(row, col);
    const b = at(r2, c2);
    if (a < 0 || b < 0) fail(`art line ${lineNo}: a wall at ${cellName({ row, col })} next to a cell off the map`);
    if (a === b) fail(`art line ${lineNo}: a wall inside ${regions[a]!.label} at ${cellName({ row, col })}`);
    wallSet.add(edge);
  }
  for (const pair of source.wallsBetween ?? []) {
    const [s, t] = pair;
    if (![s, t].every((x) => Number.isInteger(x) && x >= 1 && x <= SPACES_PER_MAP)) {
      fail(`wallsBetween lists [${s}, ${t}], which are not both designations 1–${SPACES_PER_MAP}`);
    }
    if (s === t) fail(`wallsBetween lists [${s}, ${t}]: a wall needs two different spaces`);
    let shared = 0;
    for (let row = 0; row < rows; row++) {
      for (let col = 0; col < cols; col++) {
        const here = at(row, col);
        for (const side of ['right', 'bottom'] as const) {
          const there = side === 'right' ? at(row, col + 1) : at(row + 1, col);
          if ((here === s - 1 && there === t - 1) || (here === t - 1 && there === s - 1)) {
            wallSet.add(edgeIndex(cols, row, col, side));
            shared++;
          }
        }
      }
    }
    if (shared === 0) fail(`wallsBetween lists [${s}, ${t}], but spaces ${s} and ${t} share no border`);
  }
  const walls: WallEdge[] = [...wallSet]
    .sort((x, y) => x - y)
    .map((edge) => {
      const cell = Math.floor(edge / 2);
      return { row: Math.floor(cell / cols), col: cell % cols, side: edge % 2 === 0 ? 'right' : 'bottom' };
    });

  const geometry: MapGeometry = {
    id: source.id,
    name: source.name,
    rows,
    cols,
    cellRegion,
    regions,
    spaceCount: SPACES_PER_MAP,
    walls,
  };
  checkConnected(source, geometry);
  return geometry;
}

/**
 * "Move the character to an adjacent space" / "Move the character to an adjacent high-ground
 * space" (rulebook, MOVE and CLIMB): every space must be reachable from every other by those two
 * actions, so the graph of spaces across borders that are not walls must be connected (CLIMB
 * makes high ground as reachable as any space, as long as some normal-ground space borders it).
 * Falls must border some space, or they could never be flown over.
 */
function checkConnected(source: MapSource, map: MapGeometry): void {
  const n = map.regions.length;
  const links: Set<number>[] = Array.from({ length: n }, () => new Set());
  forEachRegionBorder(map, (a, b, isWall) => {
    if (isWall) return;
    links[a]!.add(b);
    links[b]!.add(a);
  });
  const isSpace = (i: number) => i < map.spaceCount;

  // Split the spaces into groups reachable from one another; name those outside the largest.
  const group = new Array<number>(map.spaceCount).fill(-1);
  const sizes: number[] = [];
  for (let start = 0; start < map.spaceCount; start++) {
    if (group[start] !== -1) continue;
    const id = sizes.length;
    group[start] = id;
    const queue = [start];
    for (let head = 0; head < queue.length; head++) {
      for (const next of links[queue[head]!]!) {
        if (isSpace(next) && group[next] === -1) {
          group[next] = id;
          queue.push(next);
        }
      }
    }
    sizes.push(queue.length);
  }
  if (sizes.length > 1) {
    const main = sizes.indexOf(Math.max(...sizes));
    const cut = group.flatMap((g, i) => (g === main ? [] : [i + 1]));
    throw new MapFormatError(
      source.id,
      `${cut.length > 1 ? 'spaces' : 'space'} ${cut.join(', ')} cannot be reached from the rest of the map by MOVE or ` +
        'CLIMB (walls and falls cut them off)',
    );
  }

  for (const region of map.regions) {
    if (region.highGround && ![...links[region.index]!].some((i) => isSpace(i))) {
      throw new MapFormatError(source.id, `high-ground space ${region.designation} borders no space without a wall`);
    }
    if (region.kind === 'fall' && ![...links[region.index]!].some((i) => isSpace(i))) {
      throw new MapFormatError(source.id, `${region.label} at ${cellName(region.cells[0]!)} borders no space without a wall`);
    }
  }
  const highGround = map.regions.filter((r) => r.highGround);
  if (highGround.length > 0 && highGround.length === map.spaceCount) {
    throw new MapFormatError(source.id, 'every space is high ground: no space to CLIMB from');
  }
}
