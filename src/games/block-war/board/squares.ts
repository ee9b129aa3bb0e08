// Square ids, parsed and written in one place. A square is on the plaza or in a seat's block.

import { BLOCK } from '../content/block-board.ts';
import { PLAZA } from '../content/plaza.ts';
import type { Seat, SquareId } from '../types.ts';

/** A parsed square: read-only, since parseSquare shares one object per square. */
export type Square =
  | { readonly on: 'plaza'; readonly x: number; readonly y: number }
  | { readonly on: 'block'; readonly seat: Seat; readonly level: number; readonly column: number };

export const plazaSquare = (x: number, y: number): SquareId => `plaza:${x},${y}`;
export const blockSquare = (seat: Seat, level: number, column: number): SquareId => `block:${seat}:${level},${column}`;

export const squareId = (s: Square): SquareId => (s.on === 'plaza' ? plazaSquare(s.x, s.y) : blockSquare(s.seat, s.level, s.column));

const PLAZA_ID = /^plaza:(\d{1,2}),(\d{1,2})$/;
const BLOCK_ID = /^block:(\d):(\d{1,2}),(\d{1,2})$/;

/** The square an id names, or null if it names none (of a game with `seats` players). */
export function parseSquare(id: unknown, seats: number): Square | null {
  if (typeof id !== 'string') return null;
  const table = tableOf(seats);
  return table ? (table.get(id) ?? null) : parseSquareId(id, seats);
}

/**
 * Every square of a game of `seats` players, parsed once: the rules parse a square for nearly every
 * question they ask, and a regular expression each time was a tenth of the heuristic bot's time.
 * The squares are frozen, being shared. Only the ids `allSquares` lists are kept (what a player
 * sends is never added), so each table is bounded; a seat count a block id's one digit cannot
 * reach (above 10) or not a whole number is parsed as it comes.
 */
const tables = new Map<number, ReadonlyMap<string, Square>>();

function tableOf(seats: number): ReadonlyMap<string, Square> | null {
  const table = tables.get(seats);
  if (table) return table;
  if (!Number.isInteger(seats) || seats < 0 || seats > 10) return null;
  const built = new Map<string, Square>();
  for (const id of allSquares(seats)) {
    const square = parseSquareId(id, seats);
    if (square) built.set(id, Object.freeze(square));
  }
  tables.set(seats, built);
  return built;
}

function parseSquareId(id: string, seats: number): Square | null {
  if (id.length > 20) return null;
  let m = PLAZA_ID.exec(id);
  if (m) {
    const x = Number(m[1]);
    const y = Number(m[2]);
    if (x >= PLAZA.width || y >= PLAZA.height) return null;
    return squareId({ on: 'plaza', x, y }) === id ? { on: 'plaza', x, y } : null;
  }
  m = BLOCK_ID.exec(id);
  if (!m) return null;
  const seat = Number(m[1]);
  const level = Number(m[2]);
  const column = Number(m[3]);
  if (seat >= seats || level < 1 || level > BLOCK.levels || column >= BLOCK.columns) return null;
  return squareId({ on: 'block', seat, level, column }) === id ? { on: 'block', seat, level, column } : null;
}

/** Every square of the plaza and of the given seats' blocks. */
export function allSquares(seats: number): SquareId[] {
  const out: SquareId[] = [];
  for (let y = 0; y < PLAZA.height; y++) for (let x = 0; x < PLAZA.width; x++) out.push(plazaSquare(x, y));
  for (let seat = 0; seat < seats; seat++)
    for (let level = 1; level <= BLOCK.levels; level++)
      for (let column = 0; column < BLOCK.columns; column++) out.push(blockSquare(seat, level, column));
  return out;
}

export const plazaKind = (x: number, y: number) => PLAZA.kinds[y]![x]!;
export const roomKind = (level: number, column: number) => BLOCK.kinds[level - 1]![column]!;
