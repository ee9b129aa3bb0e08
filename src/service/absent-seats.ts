// Absent players (issue 31, BGA's "zombie" mode). A seat whose player lets `ZOMBIE_AFTER_MISSED`
// deadlines pass in a row is handed to a bot until the player comes back and takes it back, one
// explicit step (POST /v1/games/{id}/seats/{seat}/return); meanwhile the player's own commands are
// refused, so the bot and the player never race for one window. The bot is the game's default, and
// like every bot it decides from the seat's view only (docs/architecture.md §7).
//
// Counting: when the sweeper expires a window, the seats whose deadlines passed in it count a miss,
// in the transaction that appends the expiry (Play.expireDue, GameLog.recordMisses): one expiry is
// counted once, however many processes sweep. A command of the seat's own since its last miss
// starts the count again. A situation whose silence is an ordinary answer (SituationSpec
// `silenceAnswers`, e.g. an INTERRUPT window asking every seat) is not counted. Each handover, both
// ways, is recorded with the game version it happened at (`GET /v1/games/{id}/handovers`).

import type { Deadline } from '../clock/deadlines.ts';
import type { GameRecords } from './ports/game-records.ts';
import { isPrivate, type GameRow, type SeatHandover } from './ports/records.ts';
import { Refusal, notFound } from '../platform/refusal.ts';
import { OneAtATime } from '../platform/one-at-a-time.ts';
import type { AnyGameModule } from './registry.ts';

/** The seats whose deadlines passed when `windowId` expired, but for situations whose silence answers. */
export function missedSeats(module: AnyGameModule, deadlines: readonly Deadline[], windowId: string): number[] {
  return deadlines.filter((d) => d.windowId === windowId && module.situations[d.situation]?.silenceAnswers !== true).map((d) => d.seat);
}

export class AbsentSeats {
  private readonly serial = new OneAtATime();

  private readonly records: GameRecords;
  private readonly taken: (game: GameRow) => void;

  constructor(
    records: GameRecords,
    /** After a seat is taken back: its game's bots stop playing it (a kick finds nothing), readers hear of it. */
    taken: (game: GameRow) => void,
  ) {
    this.records = records;
    this.taken = taken;
  }

  /** The player takes their seat back from the bot: theirs again from now on, their misses forgotten. */
  async takeBack(gameId: string, seat: number, accountId: string): Promise<void> {
    const done = await this.serial.run(`game:${gameId}`, () =>
      this.records.withGameLocked(gameId, async (held, game, seats) => {
        if (isPrivate(game) && !seats.some((s) => s.accountId === accountId)) throw notFound(`Game ${gameId}`);
        const row = seats.find((s) => s.seat === seat);
        if (!row) throw new Refusal('not-found', 'NOT_A_SEAT', `Game ${gameId} has no seat ${seat}.`);
        if (row.accountId !== accountId) throw new Refusal('forbidden', 'NOT_YOUR_SEAT', `Seat ${seat} is not yours.`);
        if (!row.absent) throw new Refusal('conflict', 'SEAT_NOT_ABSENT', 'No bot is playing your seat: it is yours already.');
        if (game.status !== 'active') throw new Refusal('conflict', 'GAME_OVER', 'The game is over.');
        await held.takeBack(game.id, seat, game.version);
        return game;
      }),
    );
    if (!done) throw notFound(`Game ${gameId}`);
    this.taken(done.value);
  }

  /** When each seat was handed to a bot and taken back, for anyone who may read the game. */
  async handovers(gameId: string, accountId: string | null): Promise<SeatHandover[]> {
    const found = await this.records.read(gameId);
    if (!found || (isPrivate(found.game) && !found.seats.some((s) => s.accountId === accountId && accountId !== null))) throw notFound(`Game ${gameId}`);
    return this.records.handovers(gameId);
  }
}
