// What a caller sees of a game: its seat's view (or a spectator's), who is awaited, the commands it
// could send now, and the event feed, each redacted for that reader. After a game ends, the whole
// log is public.

import type { Awaited, Seat } from '../platform/game-module.ts';
import { playingKind } from '../platform/bots.ts';
import type { AnyGameModule } from './registry.ts';
import { KEYED_GENERATOR } from '../platform/random.ts';
import type { GameRecords } from './ports/game-records.ts';
import { hasEnded, isPrivate, type GameRow, type GameWithSeats, type SeatRow, type StoredEvent, type StoredOptions } from './ports/records.ts';
import { Refusal, notFound } from '../platform/refusal.ts';
import type { GameStates } from './game-states.ts';
import type { Accepted } from './play.ts';

export interface SeatSummary {
  seat: number;
  player: string | null;
  bot: boolean;
  /** The bot that plays the seat (one of the game's, e.g. `heuristic`); null for a player's seat. */
  botKind: string | null;
  /** A bot plays the seat while its player is away, until they take it back (./absent-seats.ts). */
  absent: boolean;
}

export interface AwaitedView extends Awaited {
  /** RFC 3339: when the server acts for the seat. Null in a view of an earlier version. */
  deadline: string | null;
}

export interface GameResource {
  id: string;
  game: string;
  status: GameRow['status'];
  version: number;
  createdAt: string;
  updatedAt: string;
  options: Record<string, unknown>;
  /** The public options in the game's words (its module's `describeOptions`). */
  summary: string;
  /** The handle of the account that created the game; null when it has none. */
  creator: string | null;
  /** Listed nowhere, and absent to anyone not seated, except through an invitation. */
  private: boolean;
  seats: SeatSummary[];
  /** The caller's seat, or null for a spectator. */
  mySeat: number | null;
  view: unknown;
  awaiting: AwaitedView[];
  legalCommands: unknown[];
  anytimeCommands: unknown[];
  /** The command types that give the game up (GameModule.givingUp): the anytime command of one of them is the seat's resignation. */
  givingUp: string[];
  /** How to check the shuffles (see `FairnessView`). */
  fairness: FairnessView;
}

export interface FairnessView {
  generator: typeof KEYED_GENERATOR;
  /** SHA-256 of the commitment label and the key, published before the first card was dealt. */
  commitment: string;
  /** True when the creator chose the seed or the starting position: the creator can know (or have arranged) every hand. */
  seeded: boolean;
  /** True when the game started from a position its creator described (a scenario). */
  position: boolean;
  /** The generator's key, once the game is over; null before. */
  key: string | null;
}

export interface LoggedCommand {
  seq: number;
  /** When it was accepted (ISO 8601): the time `decide` was given. */
  at: string;
  sender: { kind: 'seat' | 'system'; seat: number | null };
  command: unknown;
}

export interface FeedEvent {
  seq: number;
  type: string;
  at: string;
  data: unknown;
}

/**
 * What the sender of an accepted command is answered, as its seat may see it: the version, what
 * the command caused, who is awaited now and, when asked for, the game as the sender now sees it.
 */
export interface CommandAnswer {
  version: number;
  events: FeedEvent[];
  awaiting: AwaitedView[];
  /** Only when asked for: what `game()` would answer the sender at `version` (for a replayed key, the game now). */
  game?: GameResource;
  /** The stored answer to an earlier request with the same Idempotency-Key. */
  replayed: boolean;
}

export class Views {
  private readonly records: GameRecords;
  private readonly states: GameStates;

  constructor(
    records: GameRecords,
    states: GameStates,
  ) {
    this.records = records;
    this.states = states;
  }

  /** The game as `accountId` (null: a spectator) sees it; `invited`: the reader holds a live invitation to it (a private game is otherwise absent to anyone not seated). */
  async game(gameId: string, accountId: string | null, at?: number, invited = false): Promise<GameResource> {
    const found = await this.read(gameId);
    if (!found || !(invited || mayRead(found, accountId))) throw notFound(`Game ${gameId}`);
    const { game } = found;
    if (at !== undefined && (at < 0 || at > game.version))
      throw new Refusal('invalid', 'VERSION_OUT_OF_RANGE', `Version ${at} is not between 0 and ${game.version}.`, { version: game.version });
    const version = at ?? game.version;
    const state = await this.states.at(game, version);
    if (version === game.version) this.states.see(found);
    // The awaited seat reading after the last command: its legal commands were computed by the guard then.
    return this.resource(found, accountId, version, state, this.states.legalAt(gameId, version));
  }

  /**
   * The answer to the sender (`accountId`) of a command just accepted, built after commit from what
   * the log holds (for a replayed key, the events that command produced then); with `withGame`, the
   * game as the sender now sees it, built once.
   */
  async answer(accepted: Accepted, accountId: string, withGame: boolean): Promise<CommandAnswer> {
    const answer: CommandAnswer = {
      version: accepted.version,
      events: accepted.events.map((e) => this.redacted(accepted.game, e, accepted.seat)),
      // Public, as in the game resource: the deadlines are stored in the order the rules await the seats.
      awaiting: accepted.game.deadlines.map(({ seat, situation, windowId, deadline }) => ({ seat, situation, windowId, deadline })),
      replayed: accepted.replayed === true,
    };
    if (withGame) answer.game = await this.afterCommand(accepted, accountId);
    return answer;
  }

  /**
   * The game as the author of a command it just accepted sees it (`Prefer: return=representation`):
   * built from the row, seats and state the append committed, with no read, and the sender's legal
   * commands as the platform's guard computed them; what a GET would have answered at that version.
   * A replayed Idempotency-Key has no state of then: the game as it is now.
   */
  private async afterCommand(accepted: Accepted, accountId: string): Promise<GameResource> {
    if (accepted.replayed || !accepted.seats) return this.game(accepted.game.id, accountId);
    return this.resource({ game: accepted.game, seats: accepted.seats }, accountId, accepted.game.version, accepted.state, accepted.legalOfAwaited);
  }

  /**
   * The resource of `found` at `version` (its `state`), as `accountId`'s seat (or a spectator) sees
   * it; `known`: legal commands on that state already computed, by seat.
   */
  private resource({ game, seats }: GameWithSeats, accountId: string | null, version: number, state: unknown, known?: ReadonlyMap<Seat, unknown[]>): GameResource {
    const mySeat = seatOf(seats, accountId);
    const module = this.states.moduleOf(game);
    // An abandoned game awaits nobody: its deadlines stopped with it.
    const started = game.status === 'active' || game.status === 'finished';
    const current = version === game.version;
    return {
      id: game.id,
      game: game.module,
      status: game.status,
      version,
      createdAt: game.createdAt.toISOString(),
      updatedAt: game.updatedAt.toISOString(),
      options: (game.options as unknown as StoredOptions).public,
      summary: module.describeOptions((game.options as unknown as StoredOptions).public),
      creator: game.creator ?? null,
      private: isPrivate(game),
      seats: seats.map((s) => summary(module, s, game.options as unknown as StoredOptions)),
      mySeat,
      // Until the last seat is taken, every seat sees what a spectator sees: a creator who saw their
      // own deal could open games until they liked one (docs/rulings.md, R3b). The deal itself is
      // fixed at creation by the committed key.
      view: module.view(state, game.status === 'open' ? null : mySeat),
      awaiting: started ? module.awaiting(state).map((a) => ({ ...a, deadline: current ? deadlineFor(game, a) : null })) : [],
      legalCommands: started && current && mySeat !== null ? (known?.get(mySeat) ?? module.legalCommands(state, mySeat)) : [],
      anytimeCommands: started && current && mySeat !== null && module.anytimeCommands ? module.anytimeCommands(state, mySeat) : [],
      givingUp: [...(module.givingUp ?? [])],
      fairness: fairnessOf(game),
    };
  }

  /**
   * The game row and seats as they are now. When this process holds them (its own last command on
   * the game, or an earlier read), only the row's changing part is read (`GameStamp`): the rest is
   * still the game's while its version, clock revision and seats revision are those held (a game's
   * options never change once it is created; its seats move the seats revision). Else
   * (or when they moved) the row and seats are read whole (and `game` holds them from then on).
   */
  private async read(gameId: string): Promise<GameWithSeats | null> {
    const held = this.states.lastSeen(gameId);
    if (held) {
      const stamp = await this.records.stamp(gameId);
      if (!stamp) return null;
      const { game } = held;
      if (stamp.version === game.version && stamp.clockRevision === game.clockRevision && stamp.seatsRevision === (game.seatsRevision ?? 0))
        return { game: { ...game, ...stamp }, seats: held.seats };
    }
    return this.records.read(gameId);
  }

  /** Events after `after`, as this reader may see them. */
  async events(gameId: string, accountId: string | null, after: number, limit = 1_000): Promise<{ version: number; events: FeedEvent[] }> {
    const found = await this.read(gameId);
    if (!found || !mayRead(found, accountId)) throw notFound(`Game ${gameId}`);
    const { game, seats } = found;
    const reader = seatOf(seats, accountId);
    const events = await this.records.events(game.id, after, game.version, limit);
    return { version: game.version, events: events.map((e) => this.redacted(game, e, reader)) };
  }

  private redacted(game: GameRow, e: StoredEvent, reader: number | null): FeedEvent {
    const module = this.states.moduleOf(game);
    const data = hasEnded(game.status) ? e.payload : module.redact(e.payload, reader);
    return { seq: e.seq, type: e.type, at: e.createdAt.toISOString(), data };
  }

  /**
   * Every command the game accepted, once it is over (before, the commands would tell which cards
   * were played from whose hand before the events show it, and the key is secret anyway).
   */
  async commandLog(gameId: string, accountId: string | null): Promise<{ version: number; commands: LoggedCommand[] }> {
    const found = await this.records.read(gameId);
    if (!found || !mayRead(found, accountId)) throw notFound(`Game ${gameId}`);
    const { game } = found;
    if (!hasEnded(game.status))
      throw new Refusal('conflict', 'GAME_NOT_OVER', 'The commands are published when the game is over.', { gameStatus: game.status });
    const commands = await this.records.commands(game.id);
    return {
      version: game.version,
      commands: commands.map((c) => ({
        seq: c.seq,
        at: c.acceptedAt.toISOString(),
        sender: { kind: c.senderKind, seat: c.senderKind === 'system' ? null : c.seat },
        command: c.payload,
      })),
    };
  }

  /** The caller's games; with `awaitingOnly`, those where one of its seats can act now. */
  async myGames(accountId: string, awaitingOnly: boolean): Promise<{ game: GameResource; awaitingMe: boolean }[]> {
    const mine = await this.records.gamesOfAccount(accountId);
    const out: { game: GameResource; awaitingMe: boolean }[] = [];
    for (const { gameId } of mine) {
      const game = await this.game(gameId, accountId);
      // A seat a bot plays while its player is away is awaited, but the player cannot act there
      // (SEAT_ABSENT) until they take it back: not their move.
      const absent = game.seats.some((s) => s.seat === game.mySeat && s.absent);
      const awaitingMe = !absent && game.awaiting.some((a) => a.seat === game.mySeat);
      if (!awaitingMe && awaitingOnly) continue;
      out.push({ game, awaitingMe });
    }
    // Games where I can act first, soonest deadline first (no deadline last), then most recent.
    return out.sort(
      (a, b) =>
        Number(b.awaitingMe) - Number(a.awaitingMe) ||
        myDeadline(a.game).localeCompare(myDeadline(b.game)) ||
        b.game.updatedAt.localeCompare(a.game.updatedAt),
    );
  }
}

/** The key is revealed once the game has ended (finished or abandoned), never while a hand could still be hidden. */
export function fairnessOf(game: GameRow): FairnessView {
  const fairness = (game.options as unknown as StoredOptions).fairness;
  return {
    generator: KEYED_GENERATOR,
    commitment: fairness.commitment,
    seeded: fairness.seeded,
    position: fairness.position,
    key: hasEnded(game.status) ? fairness.key : null,
  };
}

/** A private game shows nothing of itself, not even that it exists, to anyone not seated in it (invitations aside: `Views.game`'s `invited`). */
function mayRead({ game, seats }: GameWithSeats, accountId: string | null): boolean {
  return !isPrivate(game) || seatOf(seats, accountId) !== null;
}

export function seatOf(seats: SeatRow[], accountId: string | null): number | null {
  if (!accountId) return null;
  return seats.find((s) => s.accountId === accountId)?.seat ?? null;
}

const summary = (module: AnyGameModule, s: SeatRow, options: StoredOptions): SeatSummary => ({
  seat: s.seat,
  player: s.handle,
  bot: s.bot,
  botKind: s.bot ? playingKind(module, options.botKinds[s.seat]) : null,
  absent: s.absent === true,
});

/** The stored deadline of an awaited seat (written when the situation opened). */
function deadlineFor(game: GameRow, a: Awaited): string | null {
  return game.deadlines.find((d) => d.seat === a.seat && d.windowId === a.windowId)?.deadline ?? null;
}

/** The caller's soonest deadline in a game, for sorting ('9999' when none). */
function myDeadline(game: GameResource): string {
  const mine = game.awaiting.filter((a) => a.seat === game.mySeat && a.deadline);
  return mine.map((a) => a.deadline!).sort()[0] ?? '9999';
}
