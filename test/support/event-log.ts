// Reads a game's log straight from the database and checks that it is whole: events 1..version
// with no gap, commands 1..n with no gap, each command's events contiguous and in command order;
// and replays every game through the rules as `npm run verify` does.

import type pg from 'pg';
import { verifyAll, type VerifyReport } from '../../src/service/verify.ts';
import { EventStore } from '../../src/store/event-store.ts';
import { storedGames } from '../../src/store/game-records.ts';
import type { GameRegistry } from '../../src/service/registry.ts';

export interface StoredLog {
  version: number;
  status: string;
  commands: { seq: number; type: string; payload: Record<string, unknown>; seat: number | null; senderKind: string }[];
  events: { seq: number; commandSeq: number; type: string; payload: Record<string, unknown> }[];
}

export async function storedLog(db: pg.Pool | pg.Client, gameId: string): Promise<StoredLog> {
  const game = await db.query<{ version: number; status: string }>('SELECT version, status FROM games WHERE id = $1', [gameId]);
  if (!game.rows[0]) throw new Error(`no game ${gameId}`);
  const commands = await db.query<StoredLog['commands'][number]>(
    `SELECT seq, type, payload, seat, sender_kind AS "senderKind" FROM commands WHERE game_id = $1 ORDER BY seq`,
    [gameId],
  );
  const events = await db.query<StoredLog['events'][number]>(
    `SELECT seq, command_seq AS "commandSeq", type, payload FROM events WHERE game_id = $1 ORDER BY seq`,
    [gameId],
  );
  return { version: game.rows[0].version, status: game.rows[0].status, commands: commands.rows, events: events.rows };
}

/** Everything wrong with the log's shape; empty when it is whole. */
export function logProblems(log: StoredLog): string[] {
  const problems: string[] = [];
  log.events.forEach((e, i) => {
    if (e.seq !== i + 1) problems.push(`event #${i + 1} has seq ${e.seq}`);
  });
  if (log.events.length !== log.version) problems.push(`version ${log.version} but ${log.events.length} events`);
  log.commands.forEach((c, i) => {
    if (c.seq !== i + 1) problems.push(`command #${i + 1} has seq ${c.seq}`);
  });
  // Each command's events are one run, runs in command order, and every command has events.
  const runs: number[] = [];
  for (const e of log.events) if (runs.at(-1) !== e.commandSeq) runs.push(e.commandSeq);
  const expected = log.commands.map((c) => c.seq);
  if (runs.join(',') !== expected.join(','))
    problems.push(`events belong to commands ${runs.join(',')} in that order, the commands are ${expected.join(',')}`);
  return problems;
}

/** `npm run verify`'s check over every game in the database, with the games the app played. */
export async function verifyDatabase(pool: pg.Pool, registry: GameRegistry): Promise<VerifyReport> {
  return verifyAll(registry, storedGames(new EventStore(pool)));
}

/** The command as stored: the body without `expectedVersion`. */
export function asStored(command: Record<string, unknown>): Record<string, unknown> {
  const { expectedVersion: _ignored, ...rest } = command;
  return rest;
}
