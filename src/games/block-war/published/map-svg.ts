// The two boards drawn as standalone SVG documents, from the same data the rules read.

import { BLOCK, type RoomKind } from '../content/block-board.ts';
import { PLAZA, type PlazaSquareKind } from '../content/plaza.ts';

const CELL = 40;
const MARGIN = 20;

const PLAZA_FILL: Record<PlazaSquareKind, string> = { open: '#e8e4d8', obstacle: '#555555', step: '#c9b27c', splat: '#d98c8c', centre: '#8fb3d9' };
const ROOM_FILL: Record<RoomKind, string> = { room: '#e8e4d8', lift: '#b8c4cc', 'janitors-office': '#c6d9a3', court: '#8fb3d9', hospital: '#f0c8d8' };
const ROOM_LABEL: Record<RoomKind, string> = { room: '', lift: 'L', 'janitors-office': 'J', court: 'C', hospital: 'H' };
const PLAZA_LABEL: Record<PlazaSquareKind, string> = { open: '', obstacle: '', step: 's', splat: 'z', centre: '+' };

function document(width: number, height: number, title: string, body: string[]): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="title">`,
    `<title id="title">${title}</title>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}

const cell = (x: number, y: number, fill: string, label: string, id: string) =>
  `<g id="${id}"><rect x="${x}" y="${y}" width="${CELL}" height="${CELL}" fill="${fill}" stroke="#999999" stroke-width="1"/>` +
  (label ? `<text x="${x + CELL / 2}" y="${y + CELL / 2 + 5}" font-family="sans-serif" font-size="14" text-anchor="middle">${label}</text>` : '') +
  '</g>';

/** The plaza, north at the top: steps, splat zones, obstacles and the centre square. */
export function plazaSvg(): string {
  const body: string[] = [];
  for (let y = 0; y < PLAZA.height; y++)
    for (let x = 0; x < PLAZA.width; x++) {
      const kind = PLAZA.kinds[y]![x]!;
      body.push(cell(MARGIN + x * CELL, MARGIN + y * CELL, PLAZA_FILL[kind], PLAZA_LABEL[kind], `plaza:${x},${y}`));
    }
  return document(PLAZA.width * CELL + 2 * MARGIN, PLAZA.height * CELL + 2 * MARGIN, 'Block War: the plaza', body);
}

/** A block board, level 11 at the top: thick lines between sections and levels, thin between compartments. */
export function blockSvg(): string {
  const body: string[] = [];
  const top = (level: number) => MARGIN + (BLOCK.levels - level) * CELL;
  for (let level = 1; level <= BLOCK.levels; level++) {
    for (let column = 0; column < BLOCK.columns; column++) {
      const kind = BLOCK.kinds[level - 1]![column]!;
      body.push(cell(MARGIN + column * CELL, top(level), ROOM_FILL[kind], ROOM_LABEL[kind], `level-${level}-column-${column}`));
    }
    BLOCK.sectionLine[level - 1]!.forEach((thick, c) => {
      if (!thick) return;
      const x = MARGIN + (c + 1) * CELL;
      body.push(`<line x1="${x}" y1="${top(level)}" x2="${x}" y2="${top(level) + CELL}" stroke="#000000" stroke-width="4"/>`);
    });
    const y = top(level) + CELL;
    body.push(`<line x1="${MARGIN}" y1="${y}" x2="${MARGIN + BLOCK.columns * CELL}" y2="${y}" stroke="#000000" stroke-width="4"/>`);
  }
  return document(BLOCK.columns * CELL + 2 * MARGIN, BLOCK.levels * CELL + 2 * MARGIN, 'Block War: a block (levels 1–11)', body);
}
