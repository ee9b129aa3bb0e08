// The plaza board — RECONSTRUCTED (the text refers to "Block War Boards.pdf", which it does not
// include). Written as text art and parsed, so the picture and the data cannot disagree.
// docs/content.md, "Block War", lists every choice made here and why.
//
//   .  ordinary plaza square        #  obstacle (blocks movement and line of sight)
//   s  step (meets a block's entrance square)   z  splat zone
//   +  the centre square, where Judge Dredd is deployed
//
// Row 0 is the north edge, column 0 the west edge. Each side has three steps in its middle, meeting
// a block's three entrance squares, and a splat zone of two squares either side of the steps.

export const PLAZA_ART = [
  '. . z z s s s z z . .',
  '. . . . . . . . . . .',
  'z . # . . . . . # . z',
  'z . . . . . . . . . z',
  's . . . . . . . . . s',
  's . . . . + . . . . s',
  's . . . . . . . . . s',
  'z . . . . . . . . . z',
  'z . # . . . . . # . z',
  '. . . . . . . . . . .',
  '. . z z s s s z z . .',
] as const;

export type PlazaSquareKind = 'open' | 'obstacle' | 'step' | 'splat' | 'centre';

const KIND_BY_CHAR: Record<string, PlazaSquareKind> = { '.': 'open', '#': 'obstacle', s: 'step', z: 'splat', '+': 'centre' };

/** The plaza's sides, clockwise: blocks stand on them. */
export const SIDES = ['north', 'east', 'south', 'west'] as const;
export type Side = (typeof SIDES)[number];

export interface PlazaBoard {
  readonly width: number;
  readonly height: number;
  /** kinds[y][x]. */
  readonly kinds: readonly (readonly PlazaSquareKind[])[];
  /**
   * For each side, the step squares meeting the block's entrance squares, in the order of the
   * block board's `entrances` (left to right as seen from the plaza, facing the block).
   */
  readonly steps: Readonly<Record<Side, readonly (readonly [number, number])[]>>;
  readonly centre: readonly [number, number];
}

function parse(art: readonly string[]): PlazaBoard {
  const kinds = art.map((row) => row.split(' ').map((c) => KIND_BY_CHAR[c]!));
  const height = kinds.length;
  const width = kinds[0]!.length;
  let centre: [number, number] = [0, 0];
  kinds.forEach((row, y) => row.forEach((k, x) => k === 'centre' && (centre = [x, y])));
  const stepsWhere = (cells: [number, number][]) => cells.filter(([x, y]) => kinds[y]![x] === 'step');
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);
  // Facing a block from the plaza, its left is: west for the north block, north for the east
  // block, east for the south block, south for the west block.
  const steps = {
    north: stepsWhere(range(width).map((x) => [x, 0])),
    east: stepsWhere(range(height).map((y) => [width - 1, y])),
    south: stepsWhere(range(width).map((x) => [width - 1 - x, height - 1])),
    west: stepsWhere(range(height).map((y) => [0, height - 1 - y])),
  };
  return { width, height, kinds, steps, centre };
}

export const PLAZA: PlazaBoard = parse(PLAZA_ART);
