// Replays every stored game's commands through `decide` from the start and checks that they
// reproduce the stored events exactly. A mismatch means the log and the rules disagree: a rules
// change that is not backwards compatible, or a log written by something other than the decider.

import type { Sender } from '../platform/game-module.ts';
import type { EventStore, GameRow } from '../store/event-store.ts';
import { GAMES } from './registry.ts';

export interface VerifyReport {
  games: number;
  commands: number;
  events: number;
  mismatches: { gameId: string; commandSeq: number; problem: string }[];
}

export async function verifyAll(store: EventStore): Promise<VerifyReport> {
  const report: VerifyReport = { games: 0, commands: 0, events: 0, mismatches: [] };
  for (const id of await store.gameIds(store.pool)) {
    const game = await store.game(store.pool, id);
    if (game) await verifyGame(store, game, report);
  }
  return report;
}

export async function verifyGame(store: EventStore, game: GameRow, report: VerifyReport): Promise<void> {
  report.games++;
  const module = GAMES.get(game.module);
  const mismatch = (commandSeq: number, problem: string) => report.mismatches.push({ gameId: game.id, commandSeq, problem });
  if (!module) return void mismatch(0, `unknown game module ${game.module}`);
  const commands = await store.commands(store.pool, game.id);
  const stored = await store.events(store.pool, game.id, 0);
  let state = module.initialState((game.options as { setup: unknown }).setup);
  let next = 0;
  for (const command of commands) {
    report.commands++;
    const sender: Sender = command.senderKind === 'system' ? { kind: 'system' } : { kind: 'seat', seat: command.seat! };
    const decision = module.decide(state, command.payload, sender);
    const mine = [];
    while (next < stored.length && stored[next]!.commandSeq === command.seq) mine.push(stored[next++]!);
    if (!decision.ok) {
      mismatch(command.seq, `refused on replay: ${decision.error.code}`);
      return;
    }
    const expected = decision.events.map(canonical);
    const actual = mine.map((e) => canonical(e.payload));
    if (expected.length !== actual.length || expected.some((e: string, i: number) => e !== actual[i])) {
      mismatch(command.seq, `replay produced ${expected.length} events, the log holds ${actual.length} that differ`);
      return;
    }
    report.events += mine.length;
    state = module.replay(state, decision.events);
  }
  if (next !== stored.length) mismatch(commands.length, `${stored.length - next} stored events belong to no command`);
  else if (stored.length !== game.version) mismatch(commands.length, `the game is at version ${game.version} but holds ${stored.length} events`);
}

/** JSON with keys sorted at every level: Postgres jsonb does not keep key order. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.keys(v as object).sort().map((k) => [k, (v as Record<string, unknown>)[k]]))
      : v,
  );
}
