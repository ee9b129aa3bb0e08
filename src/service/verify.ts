// Replays a game's commands through `decide` from the start and checks that they reproduce its
// events exactly. A mismatch means the log and the rules disagree: a rules change that is not
// backwards compatible, or a log written by something other than the decider. The same check runs
// on the stored log (`npm run verify`) and on what the public API shows of a finished game
// (`npm run verify -- --public`, src/service/verify-public.ts).

import type { Sender } from '../platform/game-module.ts';
import type { GameRecords } from './ports/game-records.ts';
import type { GameRow, StoredCommand } from './ports/records.ts';

/** What verification reads: the stored games, their commands and events. */
export type StoredGames = Pick<GameRecords, 'gameIds' | 'game' | 'commands' | 'events'>;
import type { AnyGameModule, GameRegistry } from './registry.ts';

export interface VerifyReport {
  games: number;
  commands: number;
  events: number;
  mismatches: { gameId: string; commandSeq: number; problem: string }[];
}

export interface LogCommand {
  seq: number;
  sender: Sender;
  command: unknown;
  /** The command's stored acceptance time (ISO 8601), given back to `decide`; absent when not known. */
  at?: string;
}

export interface LogCheck {
  commands: number;
  events: number;
  /** The first disagreement, or null when the replay reproduced every event. */
  mismatch: { commandSeq: number; problem: string } | null;
}

/** The stored commands as `decide` is given them: each with its sender and its acceptance time. */
export function logCommands(stored: readonly StoredCommand[]): LogCommand[] {
  return stored.map((c) => ({ seq: c.seq, sender: c.senderKind === 'system' ? { kind: 'system' } : { kind: 'seat', seat: c.seat! }, command: c.payload, at: c.acceptedAt.toISOString() }));
}

/**
 * Replays `commands` from `setup` and compares what they produce, in order, with `events` (the
 * game's events, oldest first, as payloads), byte for byte as JSON: the store gives them back as
 * written. Stops at the first disagreement.
 */
export function checkLog(module: AnyGameModule, setup: unknown, commands: readonly LogCommand[], events: readonly unknown[]): LogCheck {
  const check: LogCheck = { commands: 0, events: 0, mismatch: null };
  let state = module.initialState(setup);
  for (const { seq, sender, command, at: acceptedAt } of commands) {
    check.commands++;
    const decision = module.decide(state, command, sender, acceptedAt === undefined ? undefined : { at: acceptedAt });
    if (!decision.ok) return { ...check, mismatch: { commandSeq: seq, problem: `refused on replay: ${decision.error.code}` } };
    const produced = decision.events as unknown[];
    const logged = events.slice(check.events, check.events + produced.length);
    const at = produced.findIndex((e, i) => i >= logged.length || JSON.stringify(e) !== JSON.stringify(logged[i]));
    if (at >= 0)
      return {
        ...check,
        mismatch: {
          commandSeq: seq,
          problem:
            check.events + at >= events.length
              ? `replay produced event ${check.events + at + 1}, which the log does not hold`
              : `event ${check.events + at + 1} differs: replay ${JSON.stringify(produced[at]).slice(0, 200)}, log ${JSON.stringify(logged[at]).slice(0, 200)}`,
        },
      };
    check.events += produced.length;
    state = module.replay(state, produced);
  }
  if (check.events !== events.length)
    return { ...check, mismatch: { commandSeq: commands.length, problem: `${events.length - check.events} logged events belong to no command` } };
  return check;
}

/** Verifies every stored game, or only the games of the registered game `module` (`npm run verify -- --game <id>`). */
export async function verifyAll(registry: GameRegistry, store: StoredGames, module?: string): Promise<VerifyReport> {
  const report: VerifyReport = { games: 0, commands: 0, events: 0, mismatches: [] };
  for (const id of await store.gameIds()) {
    const game = await store.game(id);
    if (game && (module === undefined || game.module === module)) await verifyGame(registry, store, game, report);
  }
  return report;
}

export async function verifyGame(registry: GameRegistry, store: StoredGames, game: GameRow, report: VerifyReport): Promise<void> {
  report.games++;
  const module = registry.get(game.module);
  const mismatch = (commandSeq: number, problem: string) => report.mismatches.push({ gameId: game.id, commandSeq, problem });
  if (!module) return void mismatch(0, `unknown game module ${game.module}`);
  const commands = await store.commands(game.id);
  // A game still in play may move on between the reads: its events are taken up to the last
  // command read, and its row is read again before a version it has passed counts as a mismatch.
  const last = commands.at(-1)?.seq ?? 0;
  const stored = (await store.events(game.id, 0)).filter((e) => e.commandSeq <= last);
  const check = checkLog(
    module,
    (game.options as { setup: unknown }).setup,
    logCommands(commands),
    stored.map((e) => e.payload),
  );
  report.commands += check.commands;
  report.events += check.events;
  if (check.mismatch) return void mismatch(check.mismatch.commandSeq, check.mismatch.problem);
  const version = stored.length > game.version ? ((await store.game(game.id))?.version ?? game.version) : game.version;
  if (stored.length < game.version || stored.length > version) mismatch(commands.length, `the game is at version ${version} but holds ${stored.length} events`);
}

