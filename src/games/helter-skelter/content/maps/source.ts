// The authoring format of a map: what a person edits to describe the printed board. Data only;
// board/parse.ts turns it into geometry and rejects anything malformed.
//
// `art` is a grid of cells, one 2-character token per cell, tokens separated by one character:
//
//   01..40   a cell of that space (a space is every cell carrying its designation; 4-connected)
//   ..       a cell of a fall; `.a`..`.z` too, when two falls touch and must stay separate regions
//   ##       off the map (not a region: nothing can be there, and it blocks nothing)
//
// Walls are drawn in the art itself, on cell edges:
//
//   - the separator between two tokens on a row is ` ` (a border) or `|` (a wall);
//   - a line made only of `-`, `+` and spaces, between two rows, draws walls on the edges between
//     those rows: `--` under a cell's token is a wall below that cell. `+` and single `-` at
//     separator positions are decoration (corners) and mean nothing.
//
// Everything else that is printed on a space is listed beside the art.

import type { MapId, SpaceId } from '../../board/board.ts';

export interface MapSource {
  readonly id: MapId;
  readonly name: string;
  readonly art: string;
  /** Spaces whose number is printed in a black circle (rulebook, "Cover"). */
  readonly cover: readonly SpaceId[];
  /** Spaces behind a double white line (rulebook, "High Ground"). */
  readonly highGround: readonly SpaceId[];
  /** Shorthand for walls: the whole shared border of each pair of spaces is a wall. */
  readonly wallsBetween?: readonly (readonly [SpaceId, SpaceId])[];
  /**
   * The cell holding a space's printed designation, where line of sight is traced from. A space
   * not listed uses the cell of its region nearest to the region's centre (see docs/maps.md).
   */
  readonly designationPoints?: readonly { readonly space: SpaceId; readonly row: number; readonly col: number }[];
}
