// Checks a finished game from what the public API shows and nothing else: its summary (options,
// the fairness commitment and the revealed key), its accepted commands and its event log. This is
// what a player who trusts nobody can run (`npm run verify -- --game ID --public --url URL`): the
// key must match the commitment published at creation, and replaying the public commands with it
// must reproduce every deal, draw and event of the log.

import { commitment } from '../platform/fairness.ts';
import { hasEnded } from './ports/records.ts';
import { GAMES } from './registry.ts';
import { checkLog, type LogCommand } from './verify.ts';

/** Reads one JSON document of the API, e.g. `/v1/games/ID`. Throws on a non-2xx answer. */
export type ReadApi = (path: string) => Promise<unknown>;

export interface PublicVerdict {
  ok: boolean;
  /** One line per check, in order, for a person to read. */
  lines: string[];
  commands: number;
  events: number;
}

interface Summary {
  game: string;
  status: string;
  version: number;
  options: Record<string, unknown>;
  fairness: { commitment: string; seeded: boolean; key: string | null } | null;
}

interface CommandLog {
  commands: { seq: number; sender: { kind: 'seat' | 'system'; seat: number | null }; command: unknown }[];
}

interface EventPage {
  version: number;
  events: { seq: number; data: unknown }[];
}

export async function verifyPublic(read: ReadApi, gameId: string): Promise<PublicVerdict> {
  const lines: string[] = [];
  const fail = (line: string, counts = { commands: 0, events: 0 }): PublicVerdict => ({ ok: false, lines: [...lines, line], ...counts });
  const game = (await read(`/v1/games/${encodeURIComponent(gameId)}`)) as Summary;
  if (!hasEnded(game.status)) return fail(`not checked: the game is ${game.status}; its key and log are published when it is over`);
  const module = GAMES.get(game.game);
  if (!module) return fail(`not checked: this verifier does not know the game "${game.game}"`);
  if (!game.fairness) return fail('not checked: the game was created before keyed shuffles (it has no commitment)');
  const { key } = game.fairness;
  if (!key) return fail('not checked: the finished game does not show its key');
  if (commitment(key) !== game.fairness.commitment)
    return fail(`FAILED: the revealed key does not match the commitment published at creation (${game.fairness.commitment})`);
  lines.push(`commitment: the revealed key matches ${game.fairness.commitment}`);
  if (game.fairness.seeded) lines.push('note: the creator chose this game’s seed, so the creator could know every hand');
  if (module.positionOption !== undefined && game.options[module.positionOption] === true) return fail('not checked: the game started from a scenario, whose position is not public');

  const setup = module.createSetup(game.options, { key });
  if (setup instanceof Error) return fail(`FAILED: the published options give no set-up: ${setup.message}`);
  const log = (await read(`/v1/games/${encodeURIComponent(gameId)}/commands`)) as CommandLog;
  const events: unknown[] = [];
  while (events.length < game.version) {
    const page = (await read(`/v1/games/${encodeURIComponent(gameId)}/events?after=${events.length}`)) as EventPage;
    if (page.events.length === 0) break;
    events.push(...page.events.map((e) => e.data));
  }
  const commands: LogCommand[] = log.commands.map((c) => ({
    seq: c.seq,
    sender: c.sender.kind === 'system' ? { kind: 'system' } : { kind: 'seat', seat: c.sender.seat ?? -1 },
    command: c.command,
  }));
  const check = checkLog(module, setup, commands, events);
  const counts = { commands: check.commands, events: check.events };
  if (check.mismatch) return fail(`FAILED at command ${check.mismatch.commandSeq}: ${check.mismatch.problem}`, counts);
  if (events.length !== game.version) return fail(`FAILED: the log holds ${events.length} events but the game is at version ${game.version}`, counts);
  lines.push(`replay: ${check.commands} public commands reproduce all ${check.events} events, every deal and draw included`);
  return { ok: true, lines, ...counts };
}
