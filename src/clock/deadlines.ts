// Deadlines (docs/architecture.md §4): "A new deadline is set each time a seat becomes the actor or
// is asked." After every accepted command the platform compares who is awaited now with who was
// awaited before: a seat still awaited in the same window keeps its deadline; a seat newly asked
// gets one from the game's clock, starting when its owner's vacation ends if they are away. Pure:
// `now` and the pauses are given.

import type { Awaited } from '../platform/game-module.ts';
import { durationOf, type Clocks } from './clocks.ts';

export interface Deadline {
  seat: number;
  windowId: string;
  situation: string;
  /** ISO 8601, UTC. */
  deadline: string;
}

const keyOf = (d: { seat: number; windowId: string }) => `${d.windowId}:${d.seat}`;

export function planDeadlines(
  before: readonly Deadline[],
  awaited: readonly Awaited[],
  clocks: Clocks,
  now: Date,
  pausedUntil: (seat: number) => Date | null,
): Deadline[] {
  const kept = new Map(before.map((d) => [keyOf(d), d]));
  return awaited.map((a) => {
    const earlier = kept.get(keyOf(a));
    if (earlier) return earlier;
    const paused = pausedUntil(a.seat);
    const start = paused && paused > now ? paused : now;
    return { seat: a.seat, windowId: a.windowId, situation: a.situation, deadline: new Date(start.getTime() + durationOf(clocks, a.situation)).toISOString() };
  });
}

/**
 * When each open window expires: when its last seat's deadline passes (a window's seats normally
 * share one; a seat on vacation holds the window open for everyone in it). ISO 8601 by window id.
 */
export function windowExpiries(deadlines: readonly Deadline[]): Map<string, string> {
  const due = new Map<string, string>();
  for (const d of deadlines) if (!due.has(d.windowId) || due.get(d.windowId)! < d.deadline) due.set(d.windowId, d.deadline);
  return due;
}

/** The earliest of the windows' expiries (stored as `games.next_deadline`); null when nobody is awaited. */
export function nextExpiry(deadlines: readonly Deadline[]): string | null {
  let first: string | null = null;
  for (const due of windowExpiries(deadlines).values()) if (first === null || due < first) first = due;
  return first;
}

/** The open windows, the first to expire first. */
export function expiryOrder(deadlines: readonly Deadline[]): string[] {
  return [...windowExpiries(deadlines)].sort(([, a], [, b]) => a.localeCompare(b)).map(([windowId]) => windowId);
}

/** Seats in `after` that were not awaited in the same window in `before`: they have just been asked. */
export function newlyAwaited(before: readonly Deadline[], after: readonly Deadline[]): Deadline[] {
  const had = new Set(before.map(keyOf));
  return after.filter((d) => !had.has(keyOf(d)));
}

/** Every deadline of `seat` moved later by `ms` (a vacation begins). */
export const postpone = (deadlines: readonly Deadline[], seat: number, ms: number): Deadline[] =>
  deadlines.map((d) => (d.seat === seat ? { ...d, deadline: new Date(Date.parse(d.deadline) + ms).toISOString() } : d));
