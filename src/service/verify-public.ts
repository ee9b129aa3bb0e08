// Checks a finished game from what the public API shows and nothing else: its summary (options,
// the fairness commitment and the revealed key), its accepted commands and its event log. This is
// what a player who trusts nobody can run (`npm run verify -- --game ID --public --url URL
// --commitment HEX`): the key must match the commitment published at creation, and replaying the
// public commands with it must reproduce every deal, draw and event of the log.
//
// The commitment the server shows now proves nothing on its own: a server (or a proxy) that swaps
// the key can swap the commitment beside it. Only the commitment the player saw when the game was
// created, kept by the player, binds the server; without it the check says so.

import { commitment } from '../platform/fairness.ts';
import { hasEnded } from './ports/records.ts';
import type { GameRegistry } from './registry.ts';
import { checkLog, type LogCommand } from './verify.ts';

/** Reads one JSON document of the API, e.g. `/v1/games/ID`. Throws on a non-2xx answer. */
export type ReadApi = (path: string) => Promise<unknown>;

export interface PublicVerdict {
  ok: boolean;
  /**
   * True when the key was checked against a commitment the player kept from the game's creation;
   * false when only against the one the server shows now (which the server could have replaced).
   */
  pinned: boolean;
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
  commands: { seq: number; at?: string; sender: { kind: 'seat' | 'system'; seat: number | null }; command: unknown }[];
}

interface EventPage {
  version: number;
  events: { seq: number; data: unknown }[];
}

/** A commitment as a player may paste it: 64 hex digits, either case. */
export const COMMITMENT_FORMAT = /^[0-9a-fA-F]{64}$/;

export interface PublicCheck {
  /** The commitment the player saw when the game was created (64 hex digits), kept by the player. */
  commitment?: string;
}

export async function verifyPublic(registry: GameRegistry, read: ReadApi, gameId: string, trusted: PublicCheck = {}): Promise<PublicVerdict> {
  const lines: string[] = [];
  const kept = trusted.commitment?.toLowerCase();
  if (kept !== undefined && !COMMITMENT_FORMAT.test(kept)) throw new Error('the commitment must be 64 hexadecimal digits');
  const pinned = kept !== undefined;
  const fail = (line: string, counts = { commands: 0, events: 0 }): PublicVerdict => ({ ok: false, pinned, lines: [...lines, line], ...counts });
  const game = (await read(`/v1/games/${encodeURIComponent(gameId)}`)) as Summary;
  if (!hasEnded(game.status)) return fail(`not checked: the game is ${game.status}; its key and log are published when it is over`);
  const module = registry.get(game.game);
  if (!module) return fail(`not checked: this verifier does not know the game "${game.game}"`);
  if (!game.fairness) return fail('not checked: the answer has no fairness commitment');
  const { key } = game.fairness;
  if (!key) return fail('not checked: the finished game does not show its key');
  const shown = String(game.fairness.commitment).toLowerCase();
  if (kept !== undefined && shown !== kept)
    return fail(`FAILED: the server now shows the commitment ${shown}, not ${kept}, the one you kept from the game's creation: it was replaced`);
  if (commitment(key) !== shown)
    return fail(`FAILED: the revealed key does not match the commitment published at creation (${shown})`);
  if (pinned) lines.push(`commitment: the revealed key matches ${kept}, the commitment you kept from the game's creation`);
  else {
    lines.push(`commitment: the revealed key matches ${shown}, the commitment the server shows now`);
    lines.push(
      'note: without --commitment this proves only that the key agrees with what the server shows today; a server that replaced the key could have replaced the commitment too. Pass the commitment you saw when the game was created.',
    );
  }
  if (module.positionOption !== undefined && game.options[module.positionOption] === true) return fail('not checked: the game started from a scenario, whose position is not public');
  if (game.fairness.seeded) lines.push('note: the creator chose this game’s seed, so the creator could know every hand');

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
    // The acceptance time the server gave the rules (absent from servers older than the field).
    at: c.at,
  }));
  const check = checkLog(module, setup, commands, events);
  const counts = { commands: check.commands, events: check.events };
  if (check.mismatch) return fail(`FAILED at command ${check.mismatch.commandSeq}: ${check.mismatch.problem}`, counts);
  if (events.length !== game.version) return fail(`FAILED: the log holds ${events.length} events but the game is at version ${game.version}`, counts);
  lines.push(`replay: ${check.commands} public commands reproduce all ${check.events} events, every deal and draw included`);
  return { ok: true, pinned, lines, ...counts };
}
