// The board: the rulebook's questions about a map (adjacency, line of sight, range, FLY),
// answered from the map's geometry. Both boards are parsed, validated and precomputed once, when
// this module loads.

import { MAP_SOURCES } from '../content/maps/index.ts';
import type { Board, MapId, SpaceId } from './board.ts';
import { MAP_IDS } from './board.ts';
import { buildBoard } from './build.ts';
import type { MapGeometry } from './geometry.ts';
import { parseMap } from './parse.ts';
import type { SightLine } from './sight.ts';
import { sightLine as traceSightLine } from './sight.ts';

export type { Board, MapId, SpaceId } from './board.ts';
export { MAP_IDS } from './board.ts';
export { MapFormatError } from './errors.ts';
export { SPACES_PER_MAP, type Cell, type MapGeometry, type Region, type RegionKind, type WallEdge } from './geometry.ts';
export { MAP_TERRAIN, parseMap } from './parse.ts';
export { buildBoard } from './build.ts';
export { renderMapSvg } from './render-svg.ts';
export type { SightLine } from './sight.ts';

const GEOMETRY = Object.fromEntries(MAP_IDS.map((id) => [id, parseMap(MAP_SOURCES[id])])) as Record<MapId, MapGeometry>;
const BOARDS = Object.fromEntries(MAP_IDS.map((id) => [id, buildBoard(GEOMETRY[id])])) as Record<MapId, Board>;

/** The board for a map, built once. */
export function boardFor(mapId: MapId): Board {
  const board = BOARDS[mapId];
  if (!board) throw new RangeError(`no map ${String(mapId)}`);
  return board;
}

/** The parsed geometry of a map (regions, cells, designation points, walls), e.g. for drawing it. */
export function geometryFor(mapId: MapId): MapGeometry {
  const geometry = GEOMETRY[mapId];
  if (!geometry) throw new RangeError(`no map ${String(mapId)}`);
  return geometry;
}

/** What the line between two designations crosses (walls, spaces, falls): why sight is or is not there. */
export function sightLine(mapId: MapId, source: SpaceId, target: SpaceId): SightLine {
  return traceSightLine(geometryFor(mapId), source, target);
}
