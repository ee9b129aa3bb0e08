// A map's geometry, as parsed from its authoring source: cells on a grid, regions (spaces and
// falls) made of cells, and walls on cell edges. Everything the board computes comes from here.

import type { MapId, SpaceId } from './board.ts';

/** "Both maps are divided into forty different spaces." (rulebook, "Spaces") */
export const SPACES_PER_MAP = 40;

export interface Cell {
  readonly row: number;
  readonly col: number;
}

export type RegionKind = 'space' | 'fall';

export interface Region {
  /** Dense index: spaces first (index = designation − 1), then falls in reading order. */
  readonly index: number;
  readonly kind: RegionKind;
  /** The space's designation; null for a fall. */
  readonly designation: SpaceId | null;
  /** `07` for a space, `fall 2` for a fall. */
  readonly label: string;
  /** The region's cells in reading order (row, then column). */
  readonly cells: readonly Cell[];
  /** The cell whose centre is the designation point (for a fall: where its label is drawn). */
  readonly point: Cell;
  readonly cover: boolean;
  readonly highGround: boolean;
}

/** A wall on one cell edge: the edge to the right of, or below, the cell at (row, col). */
export interface WallEdge {
  readonly row: number;
  readonly col: number;
  readonly side: 'right' | 'bottom';
}

export interface MapGeometry {
  readonly id: MapId;
  readonly name: string;
  readonly rows: number;
  readonly cols: number;
  /** Region index of every cell, row-major (`row * cols + col`); -1 for a cell off the map. */
  readonly cellRegion: readonly number[];
  readonly regions: readonly Region[];
  /** Number of spaces; regions[0 .. spaceCount-1] are the spaces. */
  readonly spaceCount: number;
  /** Every wall edge, in reading order of its cell, right before bottom. */
  readonly walls: readonly WallEdge[];
}

/** Region index at (row, col), or -1 when off the map or off the grid. */
export function regionAt(map: MapGeometry, row: number, col: number): number {
  if (row < 0 || col < 0 || row >= map.rows || col >= map.cols) return -1;
  return map.cellRegion[row * map.cols + col] ?? -1;
}

/** Index of a cell edge in a flat array of 2 × cells entries: right edges even, bottom edges odd. */
export function edgeIndex(cols: number, row: number, col: number, side: 'right' | 'bottom'): number {
  return (row * cols + col) * 2 + (side === 'right' ? 0 : 1);
}

/** A flat lookup: is the edge at edgeIndex(...) a wall? */
export function wallLookup(map: MapGeometry): Uint8Array {
  const walls = new Uint8Array(map.rows * map.cols * 2);
  for (const w of map.walls) walls[edgeIndex(map.cols, w.row, w.col, w.side)] = 1;
  return walls;
}

/**
 * Calls `visit(a, b, isWall)` once for every cell edge that separates two different regions
 * (a < b not guaranteed), with whether a wall stands on it.
 */
export function forEachRegionBorder(
  map: MapGeometry,
  visit: (a: number, b: number, isWall: boolean) => void,
): void {
  const walls = wallLookup(map);
  for (let row = 0; row < map.rows; row++) {
    for (let col = 0; col < map.cols; col++) {
      const here = regionAt(map, row, col);
      if (here < 0) continue;
      const right = regionAt(map, row, col + 1);
      if (right >= 0 && right !== here) visit(here, right, walls[edgeIndex(map.cols, row, col, 'right')] === 1);
      const below = regionAt(map, row + 1, col);
      if (below >= 0 && below !== here) visit(here, below, walls[edgeIndex(map.cols, row, col, 'bottom')] === 1);
    }
  }
}
