// Reads a map's text art (the format is described in content/maps/source.ts): the grid of
// tokens and the walls drawn on cell edges. What the tokens mean together is parse.ts's business.

import type { MapSource } from '../content/maps/source.ts';
import { MapFormatError } from './errors.ts';
import { edgeIndex, SPACES_PER_MAP } from './geometry.ts';

export type Token = { kind: 'space'; designation: number } | { kind: 'fall'; mark: string } | { kind: 'off' };

export interface Art {
  rows: number;
  cols: number;
  tokens: Token[];
  /** Drawn walls as edge indices (geometry.edgeIndex), with the art line that drew each. */
  drawnWalls: Map<number, number>;
}

const SEPARATORS = new Set([' ', '|']);
const EDGE_LINE = /^[-+ ]+$/;

function readToken(text: string, fail: (detail: string) => never): Token {
  if (text === '##') return { kind: 'off' };
  if (/^\.[a-z.]$/.test(text)) return { kind: 'fall', mark: text };
  if (/^\d\d$/.test(text)) {
    const designation = Number(text);
    if (designation < 1 || designation > SPACES_PER_MAP) {
      fail(`designation ${text} is out of range (01–${SPACES_PER_MAP})`);
    }
    return { kind: 'space', designation };
  }
  return fail(`unknown token "${text}" (expected 01–${SPACES_PER_MAP}, "..", ".a"–".z" or "##")`);
}

export function readArt(source: MapSource): Art {
  const lines = source.art.split('\n').map((line) => line.trimEnd());
  const isEdgeLine = (line: string) => EDGE_LINE.test(line);
  const cellLines = lines.filter((line) => line.length > 0 && !isEdgeLine(line));
  if (cellLines.length === 0) throw new MapFormatError(source.id, 'the art has no rows of cells');
  const indent = Math.min(...cellLines.map((line) => line.length - line.trimStart().length));

  const tokens: Token[] = [];
  const drawnWalls = new Map<number, number>();
  let cols = -1;
  let rows = 0;
  let pendingEdgeLine: { text: string; lineNo: number } | null = null;

  lines.forEach((raw, i) => {
    const lineNo = i + 1;
    if (raw.length === 0) return;
    const fail = (detail: string, at?: number): never => {
      const where = at === undefined ? '' : `, column ${at + 1 + indent}`;
      throw new MapFormatError(source.id, `art line ${lineNo}${where}: ${detail}`);
    };
    if (raw.slice(0, indent).trim() !== '') fail('starts to the left of the grid');
    const text = raw.slice(indent);

    if (isEdgeLine(raw)) {
      if (rows === 0) fail('a line of walls above the first row of cells');
      if (pendingEdgeLine) fail('two lines of walls with no row of cells between them');
      pendingEdgeLine = { text, lineNo };
      return;
    }

    if ((text.length + 1) % 3 !== 0) {
      fail(
        text.endsWith('|')
          ? "a wall drawn on the map's right edge (walls stand only between two regions)"
          : 'expected 2-character tokens separated by one character',
      );
    }
    const count = (text.length + 1) / 3;
    if (cols === -1) cols = count;
    else if (count !== cols) fail(`this row has ${count} cells, the first row has ${cols}`);

    const row = rows;
    for (let col = 0; col < cols; col++) {
      tokens.push(readToken(text.slice(col * 3, col * 3 + 2), (detail) => fail(detail, col * 3)));
      if (col < cols - 1) {
        const sep = text[col * 3 + 2] ?? ' ';
        if (!SEPARATORS.has(sep)) fail(`separator "${sep}" must be " " (a border) or "|" (a wall)`, col * 3 + 2);
        if (sep === '|') drawnWalls.set(edgeIndex(cols, row, col, 'right'), lineNo);
      }
    }

    if (pendingEdgeLine) {
      const edge: { text: string; lineNo: number } = pendingEdgeLine;
      if (edge.text.length > cols * 3 - 1 && edge.text.slice(cols * 3 - 1).trim() !== '') {
        throw new MapFormatError(source.id, `art line ${edge.lineNo}: walls drawn beyond the grid's right edge`);
      }
      for (let col = 0; col < cols; col++) {
        const mark = edge.text.slice(col * 3, col * 3 + 2).padEnd(2, ' ');
        if (mark === '--') drawnWalls.set(edgeIndex(cols, row - 1, col, 'bottom'), edge.lineNo);
        else if (mark !== '  ' && mark !== '++' && mark !== ' +' && mark !== '+ ') {
          throw new MapFormatError(
            source.id,
            `art line ${edge.lineNo}, column ${col * 3 + 1 + indent}: "${mark}" under a cell must be "--" (a wall) or blank`,
          );
        }
      }
      pendingEdgeLine = null;
    }
    rows++;
  });

  if (pendingEdgeLine !== null) {
    const edge: { lineNo: number } = pendingEdgeLine;
    throw new MapFormatError(source.id, `art line ${edge.lineNo}: a line of walls below the last row of cells`);
  }
  return { rows, cols, tokens, drawnWalls };
}
