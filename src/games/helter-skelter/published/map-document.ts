// A map as one JSON document for clients (GET /v1/games/helter-skelter/maps/{map}): the spaces
// views and commands name, and everything the rules read from the board (adjacency, walls,
// cover, high ground, falls, line of sight), with the grid cells to draw them. Computed from the
// same geometry and board the rules use, so it cannot disagree with them.

import { regionLinks } from '../board/build.ts';
import { boardFor, geometryFor, type MapGeometry, type MapId, type Region, type SpaceId } from '../board/index.ts';
import { regionAt } from '../board/geometry.ts';
import { MAP_NOTE } from './reconstructed.ts';

export interface CellRef {
  row: number;
  col: number;
}

export interface SpaceEntry {
  designation: SpaceId;
  cover: boolean;
  highGround: boolean;
  adjacent: SpaceId[];
  sees: SpaceId[];
  point: CellRef;
  cells: CellRef[];
}

export interface FallEntry {
  id: string;
  label: string;
  adjacent: SpaceId[];
  point: CellRef;
  cells: CellRef[];
}

export interface WallEntry {
  spaces: SpaceId[];
  falls: string[];
  whole: boolean;
  edges: { row: number; col: number; side: 'right' | 'bottom' }[];
}

export interface MapDocument {
  id: MapId;
  name: string;
  reconstructed: true;
  note: string;
  grid: { rows: number; cols: number };
  spaces: SpaceEntry[];
  cover: SpaceId[];
  highGround: SpaceId[];
  falls: FallEntry[];
  walls: WallEntry[];
}

/**
 * A fall's id: `fall-<n>`, n counting the map's falls in reading order of their first cell, as
 * the SVG labels them (`fall <n>`). Falls are areas, not borders between two spaces, and have no
 * designation: this is the only name they have, stable while the map's art is unchanged.
 */
export function fallId(map: MapGeometry, region: Region): string {
  return `fall-${region.index - map.spaceCount + 1}`;
}

const cell = (c: { row: number; col: number }): CellRef => ({ row: c.row, col: c.col });

export function mapDocument(id: MapId): MapDocument {
  const map = geometryFor(id);
  const board = boardFor(id);
  const links = regionLinks(map);
  const spaces = map.regions.filter((r) => r.kind === 'space');
  const falls = map.regions.filter((r) => r.kind === 'fall');
  const designationsOf = (indices: readonly number[]) => indices.filter((i) => i < map.spaceCount).map((i) => i + 1);

  return {
    id,
    name: map.name,
    reconstructed: true,
    note: MAP_NOTE,
    grid: { rows: map.rows, cols: map.cols },
    spaces: spaces.map((r) => {
      const s = r.designation!;
      return {
        designation: s,
        cover: board.isCover(s),
        highGround: board.isHighGround(s),
        adjacent: [...board.adjacent(s)],
        sees: board.spaces.filter((t) => board.hasLineOfSight(s, t)),
        point: cell(r.point),
        cells: r.cells.map(cell),
      };
    }),
    cover: board.spaces.filter((s) => board.isCover(s)),
    highGround: board.spaces.filter((s) => board.isHighGround(s)),
    falls: falls.map((r) => ({
      id: fallId(map, r),
      label: r.label,
      adjacent: designationsOf(links[r.index]!),
      point: cell(r.point),
      cells: r.cells.map(cell),
    })),
    walls: wallsOf(map, links),
  };
}

/** Wall edges grouped by the two regions they stand between, in reading order of their first edge. */
function wallsOf(map: MapGeometry, links: readonly (readonly number[])[]): WallEntry[] {
  const byPair = new Map<string, { a: number; b: number; edges: WallEntry['edges'] }>();
  for (const edge of map.walls) {
    const here = regionAt(map, edge.row, edge.col);
    const there = edge.side === 'right' ? regionAt(map, edge.row, edge.col + 1) : regionAt(map, edge.row + 1, edge.col);
    const [a, b] = here < there ? [here, there] : [there, here];
    const key = `${a}:${b}`;
    const entry = byPair.get(key) ?? { a, b, edges: [] };
    entry.edges.push({ row: edge.row, col: edge.col, side: edge.side });
    byPair.set(key, entry);
  }
  return [...byPair.values()].map(({ a, b, edges }) => {
    const regions = [map.regions[a]!, map.regions[b]!];
    return {
      spaces: regions.flatMap((r) => (r.kind === 'space' ? [r.designation!] : [])),
      falls: regions.flatMap((r) => (r.kind === 'fall' ? [fallId(map, r)] : [])),
      // Regions linked elsewhere along their border are still adjacent through the open part.
      whole: !links[a]!.includes(b),
      edges,
    };
  });
}
