// A state read back from storage. Postgres keeps every value of a jsonb document but not the order
// of its keys: it sorts them, shorter keys first, then bytewise. A snapshot or a logged event comes
// back in that order, so a game must replay, decide and show a state the same whatever order its
// keys are in. One check for every game's property tests.

import { expect } from 'vitest';
import type { GameModule, Seat } from '../../src/platform/game-module.ts';

/** `value` with its object keys in the order a jsonb column gives them back. */
export function jsonbOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(jsonbOrder);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort((a, b) => a.length - b.length || (a < b ? -1 : 1))
      .map((k) => [k, jsonbOrder((value as Record<string, unknown>)[k])]),
  );
}

type Rules<State, Command> = Pick<GameModule<unknown, State, Command, unknown, unknown>, 'replay' | 'decide' | 'view' | 'awaiting' | 'legalCommands'>;

/**
 * Checks that `state`, as the store would give it back, replays to the same bytes, decides every
 * command the first awaited seat may send into the same bytes, and shows each of `viewers` the
 * same bytes as `state` itself. The reordering must change the bytes, or the check proves nothing.
 */
export function expectStoredStateBehavesAsPlayed<State, Command>(game: Rules<State, Command>, state: State, viewers: readonly (Seat | null)[]): void {
  const stored = jsonbOrder(state) as State;
  expect(JSON.stringify(stored)).not.toBe(JSON.stringify(state));
  expect(JSON.stringify(game.replay(stored, []))).toBe(JSON.stringify(game.replay(state, [])));
  const seat = game.awaiting(state)[0]!.seat;
  const sender = { kind: 'seat' as const, seat };
  for (const command of game.legalCommands(state, seat))
    expect(JSON.stringify(game.decide(stored, command, sender))).toBe(JSON.stringify(game.decide(state, command, sender)));
  for (const viewer of viewers) expect(JSON.stringify(game.view(game.replay(stored, []), viewer))).toBe(JSON.stringify(game.view(state, viewer)));
}
