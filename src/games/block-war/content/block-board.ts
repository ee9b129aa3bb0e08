// The block board — RECONSTRUCTED (the text refers to "Block War Boards.pdf", not included).
// Every player has a copy. Written as text art, level 11 at the top, level 1 at the bottom, seven
// squares a level. Between two squares of a level: ' ' is a compartment line (thin black line),
// '|' a section line (thick black line). Levels are always divided by thick lines.
//
//   .  room        L  turbo lift (a shaft through every level)
//   J  janitor's office     C  block court     H  block hospital
//
// docs/content.md, "Block War", gives the reasoning.

export const BLOCK_ART = [
  '. .|. L .|. .', // 11
  '. .|. L .|. .', // 10
  '. .|. L .|. .', // 9
  '. .|. L .|. .', // 8
  '. .|. L .|. .', // 7
  '. .|C L .|. .', // 6
  '. .|. L .|. .', // 5
  '. .|. L .|. .', // 4
  '. .|. L H|. .', // 3
  '. .|. L .|. .', // 2
  'J .|. L .|. .', // 1
] as const;

export type RoomKind = 'room' | 'lift' | 'janitors-office' | 'court' | 'hospital';

const KIND_BY_CHAR: Record<string, RoomKind> = { '.': 'room', L: 'lift', J: 'janitors-office', C: 'court', H: 'hospital' };

export interface BlockBoard {
  readonly levels: number;
  readonly columns: number;
  /** kinds[level - 1][column]. */
  readonly kinds: readonly (readonly RoomKind[])[];
  /** sectionLine[level - 1][c]: true when a thick line separates column c from column c + 1. */
  readonly sectionLine: readonly (readonly boolean[])[];
  /** The level-1 columns whose squares are the block's entrance squares, left to right from the plaza. */
  readonly entrances: readonly number[];
  /** The levels a unit may leap from ("Leaping from level 10 or 11"). */
  readonly leapLevels: readonly number[];
}

function parse(art: readonly string[]): BlockBoard {
  const rows = art.slice().reverse(); // level 1 first
  const kinds: RoomKind[][] = [];
  const sectionLine: boolean[][] = [];
  for (const row of rows) {
    const cells: RoomKind[] = [];
    const lines: boolean[] = [];
    for (let i = 0; i < row.length; i += 2) {
      cells.push(KIND_BY_CHAR[row[i]!]!);
      if (i + 1 < row.length) lines.push(row[i + 1] === '|');
    }
    kinds.push(cells);
    sectionLine.push(lines);
  }
  return { levels: kinds.length, columns: kinds[0]!.length, kinds, sectionLine, entrances: [2, 3, 4], leapLevels: [10, 11] };
}

export const BLOCK: BlockBoard = parse(BLOCK_ART);

/** The square of a room kind that appears once per block (janitor's office, court, hospital). */
export function roomOf(kind: RoomKind): { level: number; column: number } {
  for (let l = 0; l < BLOCK.levels; l++) {
    const c = BLOCK.kinds[l]!.indexOf(kind);
    if (c >= 0) return { level: l + 1, column: c };
  }
  throw new Error(`The block board has no ${kind}.`);
}
