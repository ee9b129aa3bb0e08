// Who is who in a solo game: the player in seat 0, the Dark Judges in seat 1 — a side the rules
// play ("Dark Judges' actions"), never awaited, never asked to decide anything.

import type { GameState, Seat } from '../types.ts';

export const SOLO_PLAYER_SEAT: Seat = 0;
export const SOLO_DARK_SEAT: Seat = 1;

/** Whether `seat` is played by the rules rather than by anyone: the Dark Judges of a solo game. */
export const playedByRules = (s: GameState, seat: Seat): boolean => s.solo !== undefined && seat === SOLO_DARK_SEAT;
